"""The interactive front-end shared by every game: a prompt with completion and history,
rich rendering of the seat's view, bots thinking with a progress bar, undo, save and replay.

It speaks to a ``Session`` (local table or network client), never to a game's state.
"""

from __future__ import annotations

import difflib
import inspect
import os
import re
import sys
from pathlib import Path
from typing import Any

from common.engine import GameError
from common.render import console, error, markdown, plain, say, show
from common.session import LocalSession, Session
from common.spec import HUMAN, GameSpec, parse_seats

COMMANDS = {
    "help": "this list (also: help moves)",
    "moves": "the moves you may make now",
    "board": "show the game from your seat",
    "hand": "show your hand",
    "card NAME": "what a card does",
    "rules": "the rules of the game",
    "undo": "take back your last move (local games; never past cards you have drawn)",
    "save FILE": "write the game so far as a record",
    "quit": "leave (Ctrl-D does the same; Ctrl-C clears the line)",
}
WORDS = [c.split()[0] for c in COMMANDS] + ["exit"]
HINTS = [w for w in WORDS if w not in ("quit", "exit")]  # a typo is never "corrected" into leaving
MAX_INPUT = 500  # characters: a longer line is no move and no command (and is not echoed back)


class Ui:
    def __init__(self, spec: GameSpec, session: Session, save: str | None = None) -> None:
        self.spec, self.session, self.save_path = spec, session, save
        self.here = session.seats_here()
        self.last_seat: str | None = None
        self.dirty = True  # the board changed since it was last shown
        self.prompt_sessions: dict[str, Any] = {}  # one per seat: hot-seat histories stay apart
        self.title = spec.title  # the variant's own name once the game is known (see loop)

    # -- input ------------------------------------------------------------------------------
    def _prompt_toolkit(self, seat: str) -> Any:
        """The seat's prompt. One player keeps a history file across games; at hot-seat each
        seat gets its own history in memory, so Up-arrow never shows another seat's lines."""
        if seat not in self.prompt_sessions:
            from prompt_toolkit import PromptSession
            from prompt_toolkit.history import FileHistory, InMemoryHistory

            from common.completion import MoveCompleter

            history: Any = InMemoryHistory()
            if len(self.here) <= 1:
                # set but empty counts as unset (XDG spec), as in common.net.client
                base = os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state"
                state = Path(base) / "bmovie"
                try:
                    state.mkdir(parents=True, exist_ok=True)
                    history = FileHistory(str(state / f"{self.spec.name}-history"))
                except OSError:
                    pass
            self.prompt_sessions[seat] = PromptSession(
                history=history, completer=MoveCompleter(self), complete_while_typing=True,
                bottom_toolbar=self.toolbar, key_bindings=_no_mouse_keys())
        return self.prompt_sessions[seat]

    def read(self, seat: str) -> str:
        text = f"{seat}> "
        if sys.stdin.isatty() and sys.stdout.isatty():
            prompt = self._prompt_toolkit(seat)
            live = getattr(self.session, "live_chat", None)  # a network game: chat shows at once
            if live is None:
                return prompt.prompt(text)
            from prompt_toolkit.patch_stdout import patch_stdout

            app = prompt.app

            def interrupt() -> None:  # from the network thread: end the prompt, empty-handed
                loop = getattr(app, "loop", None)
                if loop is not None:
                    loop.call_soon_threadsafe(lambda: app.exit(result="") if app.is_running else None)

            with patch_stdout(raw=True):  # lines printed meanwhile appear above the prompt
                live(lambda line: print(line, flush=True), interrupt)
                try:
                    return prompt.prompt(text)
                finally:
                    live(None)
        sys.stdout.write(text)
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        return line

    def toolbar(self) -> str:
        seat = self.session.waiting_for() or "—"
        return f" {self.title} · {seat} to decide · Tab lists moves · 'help' for commands "

    def candidates(self) -> list[str]:
        """Everything worth completing now: legal moves, commands, card names."""
        seat = self.session.waiting_for()
        moves = self.session.legal(seat) if seat else []
        game = list(getattr(self.spec.render, "GAME_COMMANDS", {}))  # horror's 'script'
        return moves + WORDS + game + [f"card {n}" for n in self.card_names(seat)]

    def _render_hook(self, name: str, seat: str | None, *args: str) -> Any:
        """Call the render module's ``name`` hook, with the seat's view when it takes one (a
        film's elements are cards of that film: 'card c3' means the one on this screen)."""
        hook = getattr(self.spec.render, name, None)
        if hook is None:
            return None
        if "view" in inspect.signature(hook).parameters:
            return hook(*args, view=self.session.view(seat))
        return hook(*args)

    def card_names(self, seat: str | None) -> list[str]:
        return self._render_hook("card_names", seat) or []

    # -- output -----------------------------------------------------------------------------
    def lines(self, lines: list[str]) -> None:
        for line in lines:
            say(line)
        if lines:
            self.dirty = True

    def board(self, seat: str | None) -> None:
        show(self.spec.render.render_view(self.session.view(seat), seat))
        self.dirty = False

    def handoff(self, seat: str) -> None:
        """Hot-seat: hide the last player's hand before the next one sits down."""
        if len(self.here) > 1 and seat != self.last_seat:
            missed = self.session.take_over(seat)  # type: ignore[attr-defined]  # hot-seat is local
            if sys.stdin.isatty():
                self.wipe()
                say(f"Hand the keyboard to {seat} and press Enter.", "bold")
                sys.stdin.readline()
                self.wipe()
                if missed:  # the wipe took what happened since this player's last turn: retell it
                    say(f"{seat}, since your last turn:", "bold")
                    self.lines(missed)
                self.dirty = True
        self.last_seat = seat

    @staticmethod
    def wipe() -> None:
        """Clear the screen and the terminal's scrollback, so the next player cannot scroll
        up to the last one's hand (a plain clear pushes the screen into the scrollback)."""
        console().clear()
        sys.stdout.write("\x1b[3J")
        sys.stdout.flush()

    def advance(self) -> None:
        if plain() or not any(k != "human" for k in getattr(self.session, "kinds", {}).values()):
            self.session.advance(self.lines)
            return
        from rich.progress import BarColumn, Progress, TextColumn

        with Progress(TextColumn("{task.description}"), BarColumn(), console=console(),
                      transient=True) as bar:
            tasks: dict[str, Any] = {}

            def progress(seat: str, fraction: float) -> None:
                if seat not in tasks:
                    tasks[seat] = bar.add_task(f"{seat} is thinking…", total=1.0)
                bar.update(tasks[seat], completed=fraction)

            def lines(ls: list[str]) -> None:
                for t in tasks.values():
                    bar.update(t, visible=False)
                for line in ls:
                    bar.console.print(line, markup=False, highlight=False)
                self.dirty = self.dirty or bool(ls)
                tasks.clear()

            self.session.advance(lines, progress)

    # -- the loop ---------------------------------------------------------------------------
    def game_title(self) -> str:
        """The name of the game in progress: a variant's own title (gr2 is Skippy's Revenge).
        Read from the view, which a network client has as well as a local table."""
        variant = self.session.view(None).get("variant")
        return self.spec.title_for(variant if isinstance(variant, str) else None)

    def loop(self) -> int:
        self.title = self.game_title()
        say(f"{self.title} — you play {', '.join(self.here) or 'nobody (watching bots)'}. "
            "Type 'help' for commands; Tab completes moves.", "bold")
        while True:
            try:
                self.advance()
            except KeyboardInterrupt:  # Ctrl-C while the bots think: leave, as a shell would
                say("\nInterrupted; leaving the game unfinished.")
                self.autosave()
                return 130
            out = self.session.outcome()
            if out is not None:
                return self.finish(out)
            seat = self.session.waiting_for()
            if seat is None:
                continue
            self.handoff(seat)
            if self.dirty:
                self.board(seat)
            try:
                text = self.read(seat).strip()
            except KeyboardInterrupt:
                say("(Ctrl-C clears the line; type 'quit' or press Ctrl-D to leave)", "dim")
                continue
            except EOFError:
                say("\nLeaving the game unfinished.")
                self.autosave()
                return 0
            if text and self.command(seat, text) == "quit":
                say("Leaving the game unfinished.")
                self.autosave()
                return 0

    def command(self, seat: str, text: str) -> str | None:
        if len(text) > MAX_INPUT:
            error(f"A line of {len(text)} characters is neither a move nor a command. "
                  "Type 'moves' for your options.")
            return None
        word, _, rest = text.partition(" ")
        word = word.lower()
        rest = rest.strip()
        if word in ("quit", "exit"):
            return "quit"
        if word == "help" and rest and " ".join(text.lower().split()) in self.session.legal(seat):
            self.play(seat, text)  # a move that begins with 'help' (Creature Feature's chases)
        elif word == "help":
            self.help(rest)
        elif word == "moves":
            say("Moves now: " + " · ".join(self.session.legal(seat)))
        elif word in ("board", "hand"):
            self.board(seat)
        elif word == "rules":
            self.rules()
        elif word == "card" and not rest:
            say("card NAME: what a card does (Tab completes the names; 'cards' on the command line lists them)")
        elif word == "card":
            found = self._render_hook("describe_card", seat, rest)
            if found:
                say(found)
            else:
                names = self.card_names(seat)
                near = difflib.get_close_matches(rest, names, n=3, cutoff=0.5)
                error(f"no card {rest!r}" + (f"; did you mean {', '.join(near)}?" if near else ""))
        elif word == "undo":
            try:
                n = self.session.undo(seat)
                say(f"Took back {n} move{'s' * (n != 1)}.")
                self.dirty = True
            except GameError as exc:
                error(str(exc))
        elif word == "save":
            self.save(rest)
        elif word in getattr(self.spec.render, "GAME_COMMANDS", {}):
            say(self._render_hook(self.spec.render.GAME_COMMANDS[word][1], seat) or "")
        else:
            self.play(seat, text)
        return None

    def play(self, seat: str, text: str) -> None:
        try:
            self.lines(self.session.play(seat, text))
        except GameError as exc:
            legal = self.session.legal(seat)
            shape = re.sub(r"\d+", "#", text.lower())
            near = [n for n in difflib.get_close_matches(text.lower(), legal + HINTS, n=3, cutoff=0.6)
                    if re.sub(r"\d+", "#", n) != shape]  # 'bid 3' is no typo of 'bid 8': the
            # refusal says which numbers are allowed
            hint = f" Did you mean {' or '.join(repr(n) for n in near)}?" if near else \
                " Type 'moves' for your options."
            error(f"{exc}.{hint}" if not str(exc).endswith(".") else f"{exc}{hint}")

    def rules(self) -> None:
        """The players' part of the rules page, in a pager at a terminal (it is long)."""
        if plain():
            markdown(self.spec.rules_text())
            return
        os.environ.setdefault("LESS", "-R")  # let the pager show rich's colours
        with console().pager(styles=True):
            markdown(self.spec.rules_text())

    def help(self, topic: str) -> None:
        if topic.startswith("move"):
            notation = sys.modules.get(self.spec.rules.__module__.rsplit(".", 1)[0] + ".notation")
            say((getattr(notation, "HELP", "") or "").strip() or "Type 'moves' for your options.")
            return
        for name, what in COMMANDS.items():
            say(f"  {name:<12} {what}")
        for name, (what, _hook) in getattr(self.spec.render, "GAME_COMMANDS", {}).items():
            say(f"  {name:<12} {what}")
        say("  anything else is a move: 'help moves' explains the notation, Tab completes it")

    def save(self, path: str) -> None:
        if not path:
            error("say where: save FILE")
            return
        try:
            Path(path).write_text(self.session.record_text().rstrip("\n") + "\n", encoding="utf-8")
            say(f"Saved the record to {path}.")
        except GameError as exc:  # a network game's record exists only once it has ended
            error(f"cannot save yet: {exc}")
        except OSError as exc:
            error(f"cannot save to {path}: {exc.strerror}")

    def autosave(self) -> None:
        if self.save_path:
            self.save(self.save_path)

    def finish(self, out: dict[str, Any]) -> int:
        """The last board; each game's own drawing of it says how the game ended and who won
        (a second, generic line said it all again). A network game that stopped short says why,
        and exits 1."""
        if out.get("unfinished"):
            error(f"The game did not finish: {out['reason']}.")
            self.autosave()
            return 1
        self.board(self.here[0] if len(self.here) == 1 else None)
        say("Game over.", "bold")
        self.autosave()
        return 0


def _no_mouse_keys() -> Any:
    """Key bindings that drop 'mouse events'. A pasted colour code (ESC [ 3 1 m) reads as one,
    and prompt_toolkit's own handler then dies printing its traceback; we never ask for mouse
    reporting, so nothing real is lost."""
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.keys import Keys

    keys = KeyBindings()

    @keys.add(Keys.Vt100MouseEvent)
    def _ignore(event: Any) -> None:
        pass

    return keys


def run_session(spec: GameSpec, session: Session, save: str | None = None) -> int:
    try:
        return Ui(spec, session, save).loop()
    finally:
        session.close()


def play_local(spec: GameSpec, *, seed: int | None, seats: str, variant: str, think: float | None,
               save: str | None, options: dict[str, str]) -> int:
    from common.bots import BOT_KINDS
    from common.table import Table

    rules = spec.rules
    if seed is None:  # 128 bits from the OS: the keyed generator; nobody can search the deal
        from common.rng import new_seed

        seed = new_seed()
    probe = rules.seats({**options, "variant": variant})
    kinds = parse_seats(seats, probe, BOT_KINDS + tuple(getattr(rules, "bot_kinds", {})))
    table = Table(rules, seed=seed, options=options, variant=variant, seat_kinds=kinds)
    return run_session(spec, LocalSession(spec, table, kinds, seed, think), save)


def load_local(spec: GameSpec, path: str, *, seats: str | None, think: float | None,
               save: str | None) -> int:
    """Go on with a saved game: the record's moves are played again (they may be undone),
    with the record's seats unless ``seats`` says otherwise."""
    from common.batch import Replay, open_table, read_record, step
    from common.bots import BOT_KINDS

    rules = spec.rules
    rec = read_record(path)
    table = open_table(rules, rec)
    known = BOT_KINDS + tuple(getattr(rules, "bot_kinds", {}))
    if seats:
        kinds = parse_seats(seats, table.seats, known)
    else:  # a seat the record gives no known kind is a human's
        kinds = {s: k if k in known else HUMAN for s, k in (rec.seats or {}).items()}
        kinds = {s: kinds.get(s, HUMAN) for s in table.seats}
    table.record.seats = dict(kinds)
    result = Replay(table)
    for line in rec.body:
        if line.kind == "move":
            step(table, rec, line, result)
    if table.outcome() is not None:
        raise GameError(f"{path}: that game is over; '{spec.name} replay {path}' shows it")
    say(f"Loaded {path}: {table.seq} move{'s' * (table.seq != 1)} played.", "dim")
    return run_session(spec, LocalSession(spec, table, kinds, rec.seed, think), save)


def replay_record(spec: GameSpec, path: str, *, seat: str | None, step: bool) -> int:
    """Show a record move by move; expectations are checked and reported as they pass."""
    from common.batch import Replay, open_table, read_record
    from common.batch import step as do_line

    rules = spec.rules
    rec = read_record(path)
    table = open_table(rules, rec)
    result = Replay(table)
    show(spec.render.render_view(table.view(seat), seat))
    interactive = step and sys.stdin.isatty()
    for line in rec.body:
        events = do_line(table, rec, line, result)
        if line.kind != "move":
            continue
        say(f"{rec.where(line.lineno)}  {line.seat}: {line.text}", "bold")
        for text in table.narrate(events, seat):
            say("  " + text)
        show(spec.render.render_view(table.view(seat), seat))
        if interactive:
            try:
                input("Enter for the next move, Ctrl-C to stop ")
            except (KeyboardInterrupt, EOFError):
                return 0
    for failure in result.failures:
        error(f"FAIL {failure}")
    return 1 if result.failures else 0
