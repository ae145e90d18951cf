"""The coach's words for a Galaxy Invaders move (``common.coach``'s ``coach_reason`` hook, read
from the game's coach module by common.coachshow): what the move changes in the next turn, as
the board's forecast sees it.

The forecast (``render.forecast``: phases 1–3 of the next turn if nobody plays another card,
worked out by the rules' own movement code) is read twice, from the seat's view as it is and
from the same view after the move, on a state rebuilt from the view alone (``determinize``):
the hidden cards do not move bullets, so the words see nothing the seat may not.
"""

from __future__ import annotations

from typing import Any

from invaders import _


def _ended(view: dict[str, Any], seat: str, move: str | None) -> dict[str, Any] | None:
    """The seat's view once ``move`` (None: no move) is made and its phase ended, or None
    where that cannot be tried on the view. Ending the phase in both readings leaves only
    what the move itself changes (the forecast counts a phase's bullets once it is over)."""
    from common.engine import GameError
    from common.rng import Rng
    from invaders.rules import RULES

    try:
        st = RULES.determinize(view, seat, Rng(0))
        if move is not None:
            RULES.apply(st, seat, RULES.parse(move))
        if ("end",) in RULES.legal_moves(st, seat):
            RULES.apply(st, seat, ("end",))
    except GameError:
        return None
    return RULES.view(st, seat)


def coach_reason(view: dict[str, Any], seat: str, move: str) -> str | None:
    """'With it: Your blue bullet will destroy the ship at e4 next turn.' (and what would come
    without it); None when the forecast is the same either way (the search's figures speak)."""
    from invaders.render import callouts

    if view.get("phase") == "place" or seat not in ("aliens", "humans") or move == "end":
        return None
    before, after = _ended(view, seat, None), _ended(view, seat, move)
    if before is None or after is None:
        return None
    before_lines, after_lines = callouts(None, before, seat), callouts(None, after, seat)
    gone = [line for line in before_lines if line not in after_lines]
    new = [line for line in after_lines if line not in before_lines]
    parts = []
    if new:
        parts.append(_("With it: {what}").format(what=" ".join(new)))
    if gone:
        parts.append(_("Without it: {what}").format(what=" ".join(gone)))
    return " ".join(parts) or None
