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

from common import _, ngettext, pgettext
from common.engine import GameError
from common.paths import state_dir
from common.render import error, say

LEVELS = ("aimed", "all", "none")


def level_words() -> dict[str, str]:
    """Each level as the player's language says it (typed after the 'reactions' command; the
    English words work too)."""
    # Translators: the levels typed after the "reactions" command word: one word each
    return {"aimed": pgettext("reactions level", "aimed"), "all": pgettext("reactions level", "all"),
            "none": pgettext("reactions level", "none")}
DEFAULT = "aimed"
TURN = "turn"  # the reason a reaction was passed: '!' said so for the rest of this turn


def settings_file() -> Path:
    """Where the players' settings are kept, beside the prompt history."""
    return state_dir() / "settings.json"


def _read() -> dict[str, Any]:
    try:
        data = json.loads(settings_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):  # none yet, or unreadable: the defaults
        return {}
    return data if isinstance(data, dict) else {}


def decision_of(view: dict[str, Any]) -> dict[str, Any]:
    """The view's decision as a dict (horror's views name only its kind, and give a reaction,
    its claim window, apart: ``reaction``)."""
    decision = view.get("decision")
    if isinstance(decision, dict):
        return decision
    reaction = view.get("reaction")
    return reaction if isinstance(reaction, dict) else {}


def is_reaction(view: dict[str, Any]) -> bool:
    return bool(decision_of(view).get("reaction"))


def turn_key(view: dict[str, Any]) -> str:
    """Which turn a view is in (a game of a match, the turn's number, whose it is)."""
    given = view.get("state")
    state = given if isinstance(given, dict) else {}
    return json.dumps([view.get("game_no"), state.get("turn_no"), view.get("turn"),
                       view.get("scene_no")])


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
            path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
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



class Reacting:
    """The REPL's part (a mixin of ``common.repl.Ui``): passing what the seat's level does
    not ask about, the 'reactions' command and '!'. Needs ``session``, ``story``, ``here``,
    ``reactions``, ``passed``, ``reader()``, ``moves()``, ``play()``, ``advance()`` and
    ``lines()`` from the ``Ui``."""

    session: Any
    story: Any
    here: list[str]
    reactions: Reactions
    passed: dict[str, list[str]]

    def reader(self) -> str | None:
        raise NotImplementedError

    def moves(self) -> int:
        raise NotImplementedError

    def play(self, seat: str, text: str) -> None:
        raise NotImplementedError

    def advance(self) -> None:
        raise NotImplementedError

    def lines(self, sentences: list[str], printer: Any = None) -> None:
        raise NotImplementedError

    def reacting(self) -> bool:
        """Whether the decision now is a reaction, where '!' passes for the rest of the turn."""
        seat = self.session.waiting_for()
        return seat is not None and is_reaction(self.session.view(seat))

    def pass_for(self, seat: str) -> bool:
        """Pass a reaction the seat's level does not ask about: the pass is told to the log,
        not the screen, and counted for the seat's next prompt; what it let happen (an attack's
        outcome) is told on the screen as any move's. True if it passed."""
        why = self.reactions.skip(seat, self.session.view(seat))
        if why is None or "pass" not in self.session.legal(seat):
            return False
        try:
            told = self.session.play(seat, "pass")
        except GameError as exc:  # the rules refused: ask the player after all
            error(str(exc))
            return False
        own, then = told[:1], told[1:]  # 'You pass.', then what the pass let happen
        self.story.keep(seat if len(self.here) > 1 else self.reader(),
                        self.story.move_lines(own), self.moves())
        if then:  # the attack it let through (seen: an attack's outcome was told to the log only)
            self.lines(then)
        self.passed.setdefault(seat, []).append(why)
        return True

    def moment(self, seat: str) -> str:
        """Where the seat stands: the turn it is in, and whether it is asked to react."""
        view = self.session.view(seat)
        return f"{is_reaction(view)}|{turn_key(view)}"

    def answered(self, seat: str, moment: str) -> bool:
        """After a move of a line of several: let the bots here answer it (and pass the
        reactions this terminal's players do not ask about), as the game loop would; True when
        the seat decides again in the same turn, so the line's next move goes on (seen in tmux:
        'play swamp; play psychic' lost its second move to a bot's answer in the window).
        Another person's decision, another turn (a bot's own turn too, not only an answer), a
        reaction asked of the seat (a card to stop) or the game's end stop the line."""
        if not self.session.answers_here:  # over a LAN the answers are other people's to make
            return self.session.waiting_for() == seat
        for _step in range(1000):  # each step is a move: bounded for safety's sake
            if self.session.outcome() is not None:
                return False
            waiting = self.session.waiting_for()
            if waiting is None and not is_reaction(self.session.view(None)):
                return False  # a bot's own turn (horror's meeting): the seat's is over
            if waiting is None:
                self.advance()
                if self.session.waiting_for() is None:
                    return False
            elif not self.pass_for(waiting):
                break
        return self.session.waiting_for() == seat and self.moment(seat) == moment

    def tell_passed(self, seat: str) -> None:
        """One line for the reactions passed for the seat since its last prompt."""
        passed = self.passed.pop(seat, [])
        if not passed:
            return
        if all(why == TURN for why in passed):
            line = ngettext("({n} reaction passed for you this turn, as '!' asked.)",
                            "({n} reactions passed for you this turn, as '!' asked.)",
                            len(passed))
        elif self.reactions.level(seat) == "none":
            line = ngettext("({n} reaction passed for you: 'reactions none'; 'reactions aimed' "
                            "asks about cards aimed at you.)",
                            "({n} reactions passed for you: 'reactions none'; 'reactions "
                            "aimed' asks about cards aimed at you.)", len(passed))
        else:
            line = ngettext("({n} reaction passed for you: not aimed at you; 'reactions all' "
                            "asks every time.)",
                            "({n} reactions passed for you: not aimed at you; 'reactions all' "
                            "asks every time.)", len(passed))
        say(line.format(n=len(passed)), "dim")

    def set_reactions(self, seat: str, level: str) -> None:
        """'reactions [LEVEL]': say the seat's level, or set it (and remember it)."""
        level = level.strip().lower()
        level = {local.lower(): word for word, local in level_words().items()}.get(level, level)
        if not level:
            say(_("{seat} is asked about reactions: {level} (reactions aimed: only cards and "
                  "attacks aimed at you; all: every one; none: never).").format(
                seat=seat, level=level_words().get(self.reactions.level(seat), self.reactions.level(seat))))
            return
        if level not in LEVELS:
            error(_("reactions aimed, all or none, not {level}").format(level=repr(level)))
            return
        failed = self.reactions.set(seat, level)
        say(_("{seat} is asked about reactions: {level}.").format(seat=seat, level=level_words()[level]))
        if failed:
            error(_("(not remembered for the next game: {reason})").format(reason=failed))

    def pass_turn(self, seat: str) -> None:
        """'!' or 'pass!': pass now and every reaction of the seat for the rest of this turn."""
        view = self.session.view(seat)
        if not is_reaction(view):
            error(_("'!' passes a reaction for the rest of the turn: this is no reaction"))
            return
        self.reactions.pass_turn(seat, view)
        self.play(seat, "pass")
