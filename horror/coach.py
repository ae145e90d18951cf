"""The coach's words for a Creature Feature move (``common.coach``'s ``coach_reason`` hook, read
from the game's coach module by common.coachshow): the figures the move puts in play, as the
seat's view shows them (budgets, the chair's price, Screen Time and Plot Armour), never a hand
but the seat's own."""

from __future__ import annotations

from typing import Any

from common.engine import GameError
from horror import _, ngettext


def _name(view: dict[str, Any], card: str) -> str:
    """An element's name from the view (the monster's is the film's)."""
    if card == "m":
        return str(view.get("monster") or card)
    for row in view.get("elements", []):
        if row and row[0] == card:
            return str(row[2])
    return card


def _side(view: dict[str, Any], card: str) -> str:
    """'Marge Thayer (Screen Time 2)'."""
    return _("{name} (Screen Time {st})").format(name=_name(view, card),
                                                 st=view.get("st", {}).get(card, 0))


def _dice(n: int) -> str:
    return ngettext("{n} die", "{n} dice", n).format(n=n)


def coach_reason(view: dict[str, Any], seat: str, move: str) -> str | None:
    """'3 dice of your 7 dice for the director's chair: ...', 'Marge Thayer (Screen Time 2)
    against the monster (Screen Time 4)', ...; None for a move that needs no words of ours
    (the search's figures then speak)."""
    from horror.rules import RULES

    try:
        parsed = RULES.parse(move)
    except GameError:
        return None
    verb, budget = parsed[0], int(view.get("budgets", {}).get(seat, 0))
    if verb in ("bid", "claim"):
        n = int(parsed[1])
        return _("{spent} of your {budget} for the director's chair: if it holds, you direct "
                 "and keep {left}").format(spent=_dice(n), budget=_dice(budget),
                                                       left=_dice(budget - n))
    if verb == "pass" and view.get("decision") in ("bid", "claim"):
        return _("you keep your {budget} for a later scene").format(budget=_dice(budget))
    if verb == "stake":
        n = int(parsed[1])
        return _("{spent} of your {budget} at stake").format(spent=_dice(n), budget=_dice(budget))
    if verb in ("check", "contest") and len(parsed) >= 3:
        return _("{a} against {b}").format(a=_side(view, str(parsed[1])), b=_side(view, str(parsed[2])))
    if verb == "attack":
        card = str(parsed[1])
        return _("the monster attacks {target}, Plot Armour {armour}").format(
            target=_side(view, card), armour=view.get("armour", {}).get(card, 0))
    if verb == "chase":
        return _("a chase after {target}").format(target=_side(view, str(parsed[1])))
    return None
