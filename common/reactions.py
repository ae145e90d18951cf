"""Which reaction prompts a player at this terminal is asked (issue 23: in one GROS game 20 of
62 inputs were 'pass' after a bot's card).

A reaction is a decision the view marks ``reaction`` (gros: the stop, attack and SFX windows),
where 'pass' is always a choice; the view also says whom it ``concerns`` (the players a card
or attack is aimed at). Each seat has a level, set with the REPL's ``reactions`` command and
remembered in ``$XDG_STATE_HOME/bmovie/settings.json``:

- ``aimed`` (the default): asked only when the card or attack concerns you, where a reaction
  could change what happens to you; the others are passed for you;
- ``all``: asked every time the rules ask;
- ``none``: never asked (every reaction is passed for you).

'!' on an empty prompt line (or ``pass!``) passes and widens it for the rest of this turn.
Only public facts decide (the level, whom the card concerns, whose turn it is), so a pass
made for you tells the table nothing a typed one would not.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

LEVELS = ("aimed", "all", "none")
DEFAULT = "aimed"
TURN = "turn"  # the reason a reaction was passed: '!' said so for the rest of this turn


def settings_file() -> Path:
    """Where the players' settings are kept (an empty XDG_STATE_HOME counts as unset)."""
    base = os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state"
    return Path(base) / "bmovie" / "settings.json"


def _read() -> dict[str, Any]:
    try:
        data = json.loads(settings_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):  # none yet, or unreadable: the defaults
        return {}
    return data if isinstance(data, dict) else {}


def decision_of(view: dict[str, Any]) -> dict[str, Any]:
    """The view's decision as a dict (horror's views name only its kind: no reactions)."""
    decision = view.get("decision")
    return decision if isinstance(decision, dict) else {}


def is_reaction(view: dict[str, Any]) -> bool:
    return bool(decision_of(view).get("reaction"))


def turn_key(view: dict[str, Any]) -> str:
    """Which turn a view is in (a game of a match, the turn's number, whose it is)."""
    state = view.get("state") if isinstance(view.get("state"), dict) else {}
    return json.dumps([view.get("game_no"), state.get("turn_no"), view.get("turn")])


class Reactions:
    """The levels of the seats at this terminal, and the turns they passed with '!'."""

    def __init__(self, game: str) -> None:
        self.game = game
        kept = _read().get(game, {}).get("reactions", {})
        self.levels: dict[str, str] = {s: v for s, v in kept.items() if v in LEVELS} \
            if isinstance(kept, dict) else {}
        self.passed_turn: dict[str, str] = {}  # seat -> the turn_key it said '!' in

    def level(self, seat: str) -> str:
        return self.levels.get(seat, DEFAULT)

    def set(self, seat: str, level: str) -> str | None:
        """Set and remember ``seat``'s level; the error's reason if it could not be written."""
        self.levels[seat] = level
        self.passed_turn.pop(seat, None)  # a level set now holds now, '!' or not
        path = settings_file()
        data = _read()
        data.setdefault(self.game, {}).setdefault("reactions", {})[seat] = level
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(data, out, indent=1, sort_keys=True)
        except OSError as exc:
            return exc.strerror or str(exc)
        return None

    def pass_turn(self, seat: str, view: dict[str, Any]) -> None:
        """'!': pass every reaction of ``seat`` until the turn changes."""
        self.passed_turn[seat] = turn_key(view)

    def skip(self, seat: str, view: dict[str, Any]) -> str | None:
        """Why ``seat``'s decision now is passed for it (``TURN`` or its level), or None when
        the player is asked."""
        decision = decision_of(view)
        if not decision.get("reaction") or decision.get("seat") not in (seat, None):
            return None
        if self.passed_turn.get(seat) == turn_key(view):
            return TURN
        level = self.level(seat)
        if level == "all" or (level == "aimed" and seat in (decision.get("concerns") or [])):
            return None
        return level


def keyboard_after(holder: str | None, seat: str, private: bool) -> tuple[bool, str | None]:
    """Hot-seat: who holds the keyboard to themselves after ``seat`` comes to decide, when
    ``holder`` did (None: nobody, the screen shows only public things), and whether the
    keyboard is handed over (a wipe and a prompt). Only a private decision (one that needs
    the seat's hand) is handed over, and only to a seat that does not hold it already; a
    public one leaves the keyboard with its holder when the holder decides it, else with
    nobody (the holder's hand is wiped first). The REPL and ``bench --attention`` share it."""
    if not private:
        return False, holder if holder == seat else None
    return seat != holder, seat
