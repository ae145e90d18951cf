"""``GAME learn``: a guided first game, played at the REPL the player will use afterwards.

A game's script is data beside its code (``<package>/learn.toml``): a record's header and
``setup`` lines that stack the deck, hands and dice, then the moves of every seat in order,
some of them tagged with a text id. Its texts are in ``[text.ID]`` tables (``say``: shown
when that move is the player's to make; ``wrong``: shown when the player types another move),
and ``<package>/locale/<lang>/learn.toml`` holds the same tables in that language. The other
seats play their scripted moves by themselves; the player is told the move to type, and any
command ('board', 'card NAME', 'moves', 'rules') still works. At the end it offers a real game.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib.resources import files
from typing import Any

from common import _
from common.engine import GameError, NotationError
from common.i18n import DEFAULT, current
from common.render import error, say
from common.repl import Ui
from common.session import LocalSession
from common.spec import HUMAN, GameSpec
from common.spoken import spoken

SCRIPT = "learn.toml"


@dataclass
class Step:
    """One scripted move: whose, its text in the game's notation, and the id of its texts."""

    seat: str
    move: str
    text: str = ""


@dataclass
class Script:
    """A game's guided game: who the learner plays, the record it replays, the texts."""

    player: str
    header: str
    steps: list[Step]
    texts: dict[str, dict[str, str]] = field(default_factory=dict)

    def record_text(self) -> str:
        """The whole script as a record (``GAME run`` checks it; the tests replay it)."""
        return self.header.rstrip() + "\n" + "".join(f"{s.seat}: {s.move}\n" for s in self.steps)

    def say(self, text_id: str, part: str = "say") -> str:
        """A text, its lines joined (the data wraps them; the terminal wraps them again)."""
        return " ".join(self.texts.get(text_id, {}).get(part, "").split())


def _read_toml(resource: Any) -> dict[str, Any]:
    try:
        return tomllib.loads(resource.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise GameError(_("the guided game {file} cannot be read ({error}); reinstall the "
                          "games").format(file=str(resource), error=exc)) from None


def load_script(spec: GameSpec, lang: str | None = None) -> Script:
    """The game's script, its texts in ``lang`` (default: the player's language)."""
    package = files(spec.rules_path.partition(".")[0])
    data = _read_toml(package.joinpath(SCRIPT))
    texts = data.get("text", {})
    lang = lang or current()
    local = package.joinpath("locale", lang, SCRIPT)
    if lang != DEFAULT and local.is_file():
        texts = _read_toml(local).get("text", {})
    steps = []
    for entry in data["step"]:
        seat, _sep, move = entry["move"].partition(": ")
        steps.append(Step(seat, move, entry.get("text", "")))
    return Script(player=data["player"], header=data["header"], steps=steps, texts=texts)


class ScriptedSession(LocalSession):
    """The learner's seat is human; every other seat plays its next scripted move."""

    def __init__(self, spec: GameSpec, table: Any, script: Script) -> None:
        self.script, self.at = script, 0
        super().__init__(spec, table, {script.player: HUMAN}, 0, None)

    def step(self) -> Step | None:
        return self.script.steps[self.at] if self.at < len(self.script.steps) else None

    def waiting_for(self) -> str | None:
        seat = super().waiting_for()
        return seat if seat == self.script.player else None

    def advance(self, on_lines: Any, progress: Any = None) -> None:
        """Play the other seats' scripted moves until the learner's turn or the end."""
        table = self.table
        while table.outcome() is None:
            decisions = table.decisions()
            if not decisions or decisions[0].seat == self.script.player:
                return
            step = self.expect(decisions[0].seat)
            on_lines(self._narrate(table.play(step.seat, step.move)))
            self.at += 1
            if step.text:
                say(self.script.say(step.text), "bold cyan")

    def expect(self, seat: str) -> Step:
        """The next step, which must be ``seat``'s: a script that no longer fits the rules
        (they changed under it) stops with a clear line instead of stalling."""
        step = self.step()
        if step is None or step.seat != seat:
            raise GameError(_("the guided game is out of step with the rules: {seat} is to "
                              "move, the script has {move}").format(
                seat=seat, move=f"{step.seat}: {step.move}" if step else "-"))
        return step

    def same_move(self, typed: str, scripted: str) -> bool:
        """Is what the player typed the scripted move (in any spelling the notation reads)?"""
        rules = self.table.rules
        if " ".join(typed.lower().split()) == scripted:
            return True
        try:
            mine, theirs = rules.parse(typed), rules.parse(scripted)
            if rules.format(mine) == rules.format(theirs):
                return True
            # a shorthand the rules read as the scripted move ('ставка 2' at the chair's auction)
            return rules.format(rules.resolve(self.table.state, self.script.player, mine)) == rules.format(theirs)
        except (NotationError, GameError):
            return False


class LearnUi(Ui):
    """The REPL, with the script's voice: it says what matters now and which move to type."""

    session: ScriptedSession

    def __init__(self, spec: GameSpec, session: ScriptedSession) -> None:
        super().__init__(spec, session, None, 0.0)
        # every reaction the script plays is asked, whatever the player's own setting (kept
        # for their real games, and not written here)
        self.reactions.levels = dict.fromkeys(session.table.seats, "all")
        self.told = -1  # the step whose text was last shown
        self.real_game = False

    def read(self, seat: str) -> str:
        step = self.session.expect(seat)
        if self.told != self.session.at:
            self.told = self.session.at
            if step.text:
                say(self.session.script.say(step.text), "bold cyan")
            say(_("Type: {move}").format(move=spoken(self.spec.rules.notation, step.move)), "bold")
        return super().read(seat)

    def command(self, seat: str, text: str) -> str | None:
        word = text.split(" ", 1)[0].lower()
        if word in ("undo", "save"):
            error(_("The guided game goes one way only; '{game} play' starts a game of your "
                    "own.").format(game=self.spec.name))
            return None
        return super().command(seat, text)

    def play(self, seat: str, text: str) -> None:
        step = self.session.step()
        if step is None or not self.session.same_move(text, step.move):
            if step is not None:
                wrong = self.session.script.say(step.text, "wrong") if step.text else ""
                if wrong or step.text:
                    say(wrong or self.session.script.say(step.text), "yellow")
                say(_("In this guided game, type: {move}").format(
                    move=spoken(self.spec.rules.notation, step.move)), "bold")
            return
        super().play(seat, step.move)
        self.session.at += 1

    def leave(self) -> None:
        """Leaving the guided game early: there is nothing of the player's own to save."""

    def finish(self, out: dict[str, Any]) -> int:
        from common.endscreen import show_end

        self.board(self.session.script.player)
        show_end(self.spec, self.session.view(self.session.script.player), out)
        say(self.session.script.say("finish"), "bold cyan")
        if self.interactive():
            answer = self.ask(_("Start a real game now? [Y/n] ")) or ""
            self.real_game = answer.strip().lower()[:1] not in ("n", _("no").lower()[:1])
        return 0


def learn(spec: GameSpec) -> int:
    """Play the game's guided game; then, if the player wants, a real one."""
    from common.batch import open_table
    from common.record import parse_record

    script = load_script(spec)
    table = open_table(spec.rules, parse_record(script.header, f"{spec.name}/{SCRIPT}"))
    ui = LearnUi(spec, ScriptedSession(spec, table, script))
    say(script.say("start"), "bold cyan")
    code = ui.run()
    if not ui.real_game:
        return code
    from common.local import play_local
    from common.spec import players_from_seats

    options = players_from_seats(spec, spec.default_seats, spec.variants[0], {})
    return play_local(spec, seed=None, seats=spec.default_seats, variant=spec.variants[0],
                      think=1.0, save=None, options=options)
