"""The interactive front-end shared by every game: a prompt with completion and history,
rich rendering of the seat's view, bots thinking with a progress bar, undo, save and replay.

The board is drawn when it is the player's decision (and on ``board``), with what changed
since they last saw it highlighted; between, each move is one line (``common.story``).

It speaks to a ``Session`` (local table or network client), never to a game's state.
"""

from __future__ import annotations

import difflib
import inspect
import re
import sys
from typing import Any

from common import _, pgettext
from common.commands import BY_WORD, MOVE, Commands, local_words
from common.engine import GameError
from common.handoff import HandOff
from common.i18n import current
from common.reactions import Reacting, Reactions
from common.render import console, error, plain, say, show
from common.replprompt import Prompting
from common.session import Session
from common.spec import GameSpec
from common.story import Pacer, Story, default_pace


def words() -> list[str]:
    """The command words to complete: the English ones, then the player's language's."""
    return list(BY_WORD) + [w for w, english in local_words().items() if english in BY_WORD]


def hints() -> list[str]:
    """Words a typo may be corrected into (never into leaving), in both languages."""
    english = local_words()
    return [w for w in words() if BY_WORD[english.get(w, w)].handler != "on_quit"]
# rows under the board that the prompt takes: its line, the toolbar and the 8 rows
# prompt_toolkit keeps free for the completion menu
PROMPT_ROWS = 10
MAX_INPUT = 500  # characters: a longer line is no move and no command (and is not echoed back)


def level_name(kind: str) -> str:
    """A bot's level as the player's language says it ('normal' is 'normale', 'обычный'); a
    game's own bot names stay as they are (they are typed as written)."""
    levels = {"easy": pgettext("bot level", "easy"), "normal": pgettext("bot level", "normal"),
              "hard": pgettext("bot level", "hard")}
    return levels.get(kind, kind)


class Ui(Prompting, Commands, Reacting, HandOff):
    def __init__(self, spec: GameSpec, session: Session, save: str | None = None,
                 pace: float | None = None) -> None:
        self.spec, self.session, self.save_path = spec, session, save
        self.here = session.seats_here()
        self.last_seat: str | None = None
        self.dirty = True  # the board changed since it was last shown
        self.prompt_sessions: dict[str, Any] = {}  # one per seat: hot-seat histories stay apart
        self.title = spec.title  # the variant's own name once the game is known (see loop)
        self.story = Story.of(spec.render)
        self.pacer = Pacer(default_pace() if pace is None else pace)
        self.seen: dict[str | None, dict[str, Any]] = {}  # the view each seat's last board showed
        self.toggles: dict[str, bool] = {}  # a game's board options ('preview' in Invaders)
        self.quitting = False  # asked to leave while not at the move prompt
        self.wiped = False  # the screen was cleared at a hand-over: the board must be drawn
        self.can_again = False  # the end screen may offer another game with these seats
        self.again = False  # ... and the player took it
        self.fresh: list[str] = []  # the story told since the player's last command
        self.reactions = Reactions(spec.name)  # which reaction prompts each seat is asked
        self.typed_ahead = ""  # typed at a hot-seat hand-over: put back at the next prompt
        self.cut_short = False  # the last prompt was ended by the network, not by Enter
        self.passed: dict[str, list[str]] = {}  # reactions passed for a seat since its prompt

    def candidates(self) -> list[str]:
        """Everything worth completing now: legal moves (then again in the player's language's
        move words), commands, card names."""
        from common.completion import localized

        seat = self.session.waiting_for()
        moves = self.session.legal(seat) if seat else []
        moves = localized(moves, self.spec.rules.notation, current()) + moves  # the player's words first
        own = self.toggle_names() + self.game_command_names()
        return (moves + words() + [self.game_command_local(name) for name in own] + own
                + [f"card {n}" for n in self.card_names(seat)])

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
    def reader(self) -> str | None:
        """Whose story this terminal is telling: the keyboard's seat (at hot-seat, each seat
        has its own log, with its own draws in it)."""
        return self.last_seat if len(self.here) > 1 else (self.here[0] if self.here else None)

    def lines(self, sentences: list[str], printer: Any = None) -> None:
        """One move's sentences: told as one line (``common.story``) and kept for ``log``; a
        card played is read aloud (its quote), where the game has one."""
        told = self.story.move_lines(sentences)
        quote = getattr(self.spec.render, "quote_for", None)
        for line in told:
            (printer or say)(line)
            for extra in (quote(line) if quote else None) or []:
                (printer or (lambda t: say(t, "dim")))(f"    {extra}")
        self.story.keep(self.reader(), told, self.moves())
        self.fresh += told
        if told:
            self.dirty = True

    def moves(self) -> int:
        """How many moves the game has had, where the session counts them (a local game)."""
        count = getattr(self.session, "moves", None)
        return count() if count is not None else 0

    def remember_loaded(self) -> None:
        """A loaded game's moves go into the log, as each seat here heard them."""
        told = getattr(self.session, "told_before", None)
        if told is None:
            return
        for seat in self.here if len(self.here) > 1 else self.here[:1]:
            for at, sentences in told(seat):
                self.story.keep(seat, self.story.move_lines(sentences), at)

    def board(self, seat: str | None) -> None:
        drawing, view = self.drawing(seat)
        show(drawing)
        self.story_below(drawing)
        for line in self._callouts(seat, view):
            say(line, "bold yellow")
        self.seen[seat] = view
        self.dirty = False

    def verbs_line(self, seat: str) -> None:
        """Under the board, the kinds of move the seat may make now, in its words ('Your
        moves: fire · maneuver · spread · end'), for a game whose board does not word its
        prompts (its render module's ``VERBS_LINE``): 'p1 to decide: premise' left a new
        player to find 'agree' by Tab or 'moves'."""
        if not getattr(self.spec.render, "VERBS_LINE", False):
            return
        from common.spoken import spoken

        verbs = dict.fromkeys(spoken(self.spec.rules.notation, move).split()[0]
                              for move in self.session.legal(seat) if move.strip())
        if verbs:
            say(_("Your moves: {verbs}").format(verbs=" · ".join(verbs)), "dim")

    def story_below(self, drawing: Any) -> None:
        """A board too tall to leave the story above it on the screen (3-player GROS past
        round 3) is followed by the moves since the player's last command, so what the bots
        just did stays above the prompt."""
        out = console()
        if not self.fresh or not out.is_terminal or out.is_dumb_terminal:
            return
        rows = out.size.height - PROMPT_ROWS
        if len(out.render_lines(drawing, pad=False)) + len(self.fresh) <= rows:
            return  # the story is still on the screen, above the board
        say(_("Since your last move:"), "dim")
        for line in self.fresh[-max(out.size.height // 3, 3):]:
            say(line)

    def drawing(self, seat: str | None) -> tuple[Any, dict[str, Any]]:
        """The seat's board as a rich renderable (what changed since its last board marked,
        the game's toggles applied), and the view it shows."""
        view = self.session.view(seat)
        hook = self.spec.render.render_view
        params = inspect.signature(hook).parameters
        extra: dict[str, Any] = {}
        if "since" in params:
            extra["since"] = self.seen.get(seat)
        extra.update({k: v for k, v in self.toggles.items() if k in params})
        return hook(view, seat, **extra), view

    def board_changed(self, seat: str | None) -> bool:
        """Whether the seat's board would show something new: a change only in what the board
        does not draw (the game's ``BOARD_SKIPS``, horror's log after a 'say') is no reason to
        draw it again and push the story out of view."""
        then = self.seen.get(seat)
        if then is None:
            return True
        now = self.session.view(seat)
        skips = getattr(self.spec.render, "BOARD_SKIPS", ())
        return any(now.get(k) != then.get(k) for k in now.keys() | then.keys() if k not in skips)

    def _callouts(self, seat: str | None, view: dict[str, Any]) -> list[str]:
        """What touches this seat since its last board ('bela's The Blob killed your The
        Sheriff'), from the game's ``callouts(before, after, seat)`` hook."""
        hook = getattr(self.spec.render, "callouts", None)
        if hook is None or seat is None:
            return []
        return list(hook(self.seen.get(seat), view, seat))

    def advance(self) -> None:
        self.pacer.begin()

        def paced(sentences: list[str]) -> None:
            self.lines(sentences)
            if sentences:
                self.pacer.wait(sentences)

        if plain() or not any(k != "human" for k in getattr(self.session, "kinds", {}).values()):
            self.session.advance(paced)
            return
        from rich.progress import BarColumn, Progress, TextColumn

        with Progress(TextColumn("{task.description}"), BarColumn(), console=console(),
                      transient=True) as bar:
            tasks: dict[str, Any] = {}

            def progress(seat: str, fraction: float) -> None:
                if seat not in tasks:
                    tasks[seat] = bar.add_task(_("{seat} {seat:is|are} thinking…").format(seat=self.spec.seat_name(seat)),
                                               total=1.0)
                bar.update(tasks[seat], completed=fraction)

            def lines(ls: list[str]) -> None:
                for t in tasks.values():
                    bar.update(t, visible=False)
                self.lines(ls, lambda line: bar.console.print(line, markup=False, highlight=False))
                tasks.clear()
                if ls:
                    self.pacer.wait(ls)

            self.session.advance(lines, progress)

    # -- the loop ---------------------------------------------------------------------------
    def game_title(self) -> str:
        """The name of the game in progress: a variant's own title (gr2 is Skippy's Revenge).
        Read from the view, which a network client has as well as a local table."""
        variant = self.session.view(None).get("variant")
        return self.spec.shown_title(variant if isinstance(variant, str) else None)

    def run(self) -> int:
        """Play until the game ends or the player leaves (the full-screen table overrides
        this to lay the same loop out on the screen)."""
        return self.loop()

    def loop(self) -> int:
        self.title = self.game_title()
        self.remember_loaded()
        kinds = getattr(self.session, "kinds", {})
        rivals = [_("{seat} ({level})").format(seat=self.spec.seat_name(seat), level=level_name(kind))
                  for seat, kind in kinds.items() if seat not in self.here]
        if self.here and rivals:
            line = _("{title} — you play {seats} against {rivals}. Type 'help' for commands; "
                     "Tab completes moves.").format(title=self.title, seats=", ".join(map(self.spec.seat_name, self.here)),
                                                     rivals=", ".join(rivals))
        elif self.here:
            line = _("{title} — you play {seats}. Type 'help' for commands; Tab completes "
                     "moves.").format(title=self.title, seats=", ".join(map(self.spec.seat_name, self.here)))
        else:
            line = _("{title} — you are watching. Type 'help' for commands; Tab completes "
                     "moves.").format(title=self.title)
        say(line, "bold")
        while True:
            try:
                self.advance()
            except KeyboardInterrupt:  # Ctrl-C while the bots think: leave, as a shell would
                say("\n" + _("Interrupted; leaving the game unfinished."))
                self.autosave()
                return 130
            if self.quitting:  # 'quit' typed while others played (a network game)
                say(_("Leaving the game unfinished."))
                self.leave()
                return 0
            out = self.session.outcome()
            if out is not None:
                return self.finish(out)
            seat = self.session.waiting_for()
            if seat is None or self.pass_for(seat):
                continue
            self.handoff(seat)
            self.tell_passed(seat)
            shown = self.viewer(seat)
            if self.dirty and (self.wiped or self.board_changed(shown)):
                self.board(shown)  # an unchanged board is not drawn twice (the story stays in view)
                self.wiped = False
                self.verbs_line(seat)
            try:
                text = self.read(seat).strip()
            except KeyboardInterrupt:
                say(_("(Ctrl-C clears the line; type 'quit' or press Ctrl-D to leave)"), "dim")
                continue
            except EOFError:
                say("\n" + _("Leaving the game unfinished."))
                self.leave()
                return 0
            if not text and not self.cut_short and sys.stdin.isatty() and sys.stdout.isatty():
                text = self.enter_move(seat) or ""  # a bare Enter: the move the prompt shows
            if text and self.command(seat, text) == "quit":
                say(_("Leaving the game unfinished."))
                self.leave()
                return 0

    ENTER_PLAYS = True  # the line REPL shows a bare Enter's move in its prompt (the --tui does not)

    def enter_move(self, seat: str) -> str | None:
        """The move a bare Enter plays, where a game names an obvious one (gros: 'draw' at a
        turn's start, 'done' at its end) and it is legal now; shown dimmed on the prompt's
        empty line ('Enter: draw'), so that nothing is played unseen. Only at a terminal: a
        blank line piped in plays nothing."""
        hook = getattr(self.spec.render, "enter_move", None)
        if not self.ENTER_PLAYS or hook is None:
            return None
        move = hook(self.session.view(seat))
        return move if move and move in self.session.legal(seat) else None

    def command(self, seat: str, text: str) -> str | None:
        self.fresh = []
        if len(text) > MAX_INPUT:
            error(_("A line of {n} characters is neither a move nor a command. Type 'moves' for "
                    "your options.").format(n=len(text)))
            return None
        word, _sp, rest = text.partition(" ")
        word = word.lower()
        rest = rest.strip()
        english = local_words().get(word)
        if english and english in BY_WORD and word not in self.session.legal(seat):
            word = english  # 'tabellone' is 'board'; the game's own words stay as they are
        if text in ("!", "pass!"):
            self.pass_turn(seat)
            return None
        answer = self.run_command(seat, word, rest)
        if answer != MOVE:
            return answer
        if self.toggle_word(word) in self.toggle_names():  # Invaders' 'preview'
            word = self.toggle_word(word)
            self.toggles[word] = not self.toggles.get(word, False)
            say((_("{option}: on.") if self.toggles[word] else _("{option}: off.")).format(
                option=self.game_command_local(word)))
            self.board(seat)
        elif self.game_command_word(word) in self.game_command_names():  # horror's 'script', 'screenplay FILE'
            word = self.game_command_word(word)
            hook = self.spec.render.GAME_COMMANDS[word][1]
            takes_rest = "rest" in inspect.signature(getattr(self.spec.render, hook)).parameters
            say(self._render_hook(hook, seat, *((rest,) if takes_rest else ())) or "")
        else:
            self.play(seat, text)
        return None

    def play(self, seat: str, text: str) -> None:
        """A move; or its parts between ';' in order ('discard fire; discard maneuver 1; end';
        or ``listed``, alone or as a part: 'discard fire, spread; end') where each part reads
        as a move or the whole line is none (horror's 'say run; hide' is one line of
        narration, but 'set the drill site; pass' two moves, not a set so named), stopping at
        the first one refused or when the decision passes to someone else for good (what was
        not played is said): the bots' answers to a card (a window for any-time SFX) are
        waited for, and the line goes on."""
        parts = [p.strip() for p in text.split(";")]
        if len(parts) < 2 or not all(parts):
            parts = self.listed(text)
            if not parts:
                self.play_one(seat, text)
                return
        else:
            parts = [move for part in parts for move in self.listed(part) or [part]]  # 'discard a, b; done'
            if not all(self.parses(part) for part in parts):
                try:  # a line that is one move as a whole (horror's 'say run; hide') stays one
                    self.lines(self.session.play(seat, text))
                    return
                except GameError:
                    pass
        moment = self.moment(seat)
        for n, part in enumerate(parts):
            if n and not self.answered(seat, moment):
                say(_("Not played, as the decision is no longer yours: {moves}").format(
                    moves="; ".join(parts[n:])), "dim")
                return
            if not self.play_one(seat, part):
                if parts[n + 1:]:
                    say(_("Not played: {moves}").format(moves="; ".join(parts[n + 1:])), "dim")
                return

    def parses(self, text: str) -> bool:
        """Whether ``text`` reads as a move (legal now or not)."""
        try:
            self.spec.rules.parse(text)
        except GameError:
            return False
        return True

    def listed(self, text: str) -> list[str]:
        """'discard fire, fire, maneuver 1': one verb for several cards, as that many moves,
        where the game lists the verb (its render module's ``LIST_VERBS``: the Invaders outpost
        discards down to its hand limit after nearly every phase, one card a move). Nothing
        when a part is no such move."""
        verbs = getattr(self.spec.render, "LIST_VERBS", ())
        word, _sep, rest = text.strip().partition(" ")
        if not verbs or "," not in rest:
            return []
        parts = [f"{word} {card.strip()}" for card in rest.split(",") if card.strip()]
        try:
            moves = [self.spec.rules.parse(part) for part in parts]
        except GameError:
            return []
        return parts if all(move[0] in verbs for move in moves) else []

    def play_one(self, seat: str, text: str) -> bool:
        """One move, played or refused with a one-line reason and the nearest legal moves."""
        try:
            self.lines(self.session.play(seat, text))
            return True
        except GameError as exc:
            legal = self.session.legal(seat)
            shape = re.sub(r"\d+", "#", text.lower())
            near = [n for n in difflib.get_close_matches(text.lower(), legal + hints(), n=3,
                                                         cutoff=0.6)
                    if re.sub(r"\d+", "#", n) != shape]  # 'bid 3' is no typo of 'bid 8': the
            # refusal says which numbers are allowed
            # Translators: {moves} is one or more suggestions, each in quotes, joined by "or"
            hint = " " + (_("Did you mean {moves}?").format(
                moves=_(" or ").join(repr(n) for n in near)) if near else
                _("Type 'moves' for your options."))
            error(f"{exc}.{hint}" if not str(exc).endswith(".") else f"{exc}{hint}")
            return False

    def finish(self, out: dict[str, Any]) -> int:
        """The last board (each game's drawing says how it ended), then the end screen: the
        result, each player's part of it, and save / play again / quit. A network game that
        stopped short says why, and exits 1."""
        from common.endscreen import AGAIN, after_game, show_end

        if out.get("unfinished"):
            error(_("The game did not finish: {reason}.").format(reason=out["reason"]))
            self.autosave()
            return 1
        seat = self.here[0] if len(self.here) == 1 else None
        self.board(seat)
        show_end(self.spec, self.session.view(seat), out)
        say(_("Game over."), "bold")
        self.autosave()
        self.again = after_game(self, self.can_again) == AGAIN
        return 0

    def leave(self) -> None:
        """Leaving an unfinished game: saved to --save, or offered a file at a terminal."""
        from common.endscreen import offer_save

        if self.moves() == 0 and getattr(self.session, "moves", None) is not None:
            return  # nothing was played: nothing to save (and no file dropped here)
        if self.save_path:
            self.autosave()
        elif self.interactive():
            offer_save(self, _("Save the game so far?"))

    def interactive(self) -> bool:
        """A person at a terminal, who can answer a question."""
        return sys.stdin.isatty()

    def ask(self, question: str) -> str | None:
        """One answer to a question (save where? play again?); None on Ctrl-D."""
        from common.endscreen import ask

        return ask(question)
