"""The REPL's commands that are not moves, in one table (``COMMANDS``): each command's word,
its help and the method that runs it, so that adding a command is adding one entry (and its
method, and its translations). A mixin of ``common.repl.Ui``, kept apart so the game loop reads
in one sitting; ``Ui.command`` looks the word up here."""

from __future__ import annotations

import difflib
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from common import N_, _, ngettext, pgettext
from common.engine import GameError
from common.i18n import Np_
from common.private import write_private
from common.render import console, error, fitted, markdown, plain, say, show

PAGE = 20  # lines 'log' shows when no number is given
QUIT, MOVE = "quit", "move"  # what a command's handler may answer: leave; or it was a move


@dataclass(frozen=True)
class Command:
    """One REPL command, registered once: its English word (``Np_`` puts it in the catalogs,
    where each language gives its own word, context "command"), what it takes and does (the
    help), and the ``Commands`` method that runs it: ``handler(seat, rest)``, answering None,
    QUIT or MOVE (the line was a move after all: 'discard the-shovel' in GROS)."""

    word: str
    takes: str
    what: str
    handler: str
    also: tuple[str, ...] = ()  # more English words for it ('pile'), each in the catalogs too


# the commands in the order 'help' lists them; the words work in English and in the player's
# language at the prompt (``local_words``), the move notation stays English
COMMANDS = (
    Command(Np_("command", "help"), "", N_("this list (also: help moves)"), "on_help"),
    Command(Np_("command", "moves"), "", N_("the moves you may make now"), "on_moves"),
    Command(Np_("command", "board"), "", N_("show the game from your seat (what changed since "
                                            "you last saw it is marked)"), "on_board"),
    Command(Np_("command", "hand"), "", N_("show your hand"), "on_hand"),
    Command(Np_("command", "log"), N_("[N|all]"), N_("the last N lines of the story (20; 'log "
                                                     "all': all of it, paged)"), "on_log"),
    Command(Np_("command", "discard"), "", N_("the discard pile, where the rules make it public "
                                              "(also: pile)"), "on_discard",
            also=(Np_("command", "pile"),)),
    Command(Np_("command", "card"), N_("NAME"), N_("what a card does"), "on_card"),
    Command(Np_("command", "cards"), N_("[QUERY]"), N_("the cards of the game (QUERY: words, "
                                                       "type:T, deck:D)"), "on_cards"),
    Command(Np_("command", "rules"), "", N_("the rules of the game"), "on_rules"),
    Command(Np_("command", "hint"), "", N_("what the hard bot would play, from what you can see, "
                                           "and why (the table is told; a record notes it)"),
            "on_hint"),
    Command(Np_("command", "undo"), "", N_("take back your last move (local games; never past "
                                           "cards you have drawn)"), "on_undo"),
    Command(Np_("command", "reactions"), N_("[aimed|all|none]"),
            N_("which reactions you are asked about (aimed: cards and attacks aimed at you, the "
               "default); '!' passes for the rest of the turn"), "on_reactions"),
    Command(Np_("command", "save"), N_("FILE"), N_("write the game so far as a record"), "on_save"),
    Command(Np_("command", "quit"), "", N_("leave (Ctrl-D does the same; Ctrl-C clears the line)"),
            "on_quit", also=(Np_("command", "exit"),)),
)
# a word a command reads in what follows it: 'log all'
ARGUMENT_WORDS = (Np_("command", "all"),)
BY_WORD = {word: c for c in COMMANDS for word in (c.word, *c.also)}


def _command_words() -> dict[str, str]:
    """Each English command word in the player's language, looked up now (the language is
    known only at run time)."""
    # Translators: the "command" words are typed at the game's prompt: one word each, lower
    # case, no spaces, all different (the English words keep working too)
    return {word: pgettext("command", word) for word in (*BY_WORD, *ARGUMENT_WORDS)}


def local_word(word: str) -> str:
    """A command word in the player's language ('board' is 'tavolo' in Italian)."""
    return _command_words().get(word, word)


def local_words() -> dict[str, str]:
    """The player's language's command words -> the English ones they stand for (empty in
    English)."""
    out: dict[str, str] = {}
    for word, local in _command_words().items():
        local = local.strip().lower()
        if local and local != word and " " not in local:
            out.setdefault(local, word)
    return out


class Commands:
    """Needs ``spec``, ``session``, ``story``, ``title``, ``toggles``, ``save_path`` and
    ``reader()`` from the ``Ui`` it is mixed into."""

    spec: Any
    session: Any
    story: Any
    title: str
    save_path: str | None
    dirty: bool

    def reader(self) -> str | None:
        raise NotImplementedError

    if TYPE_CHECKING:  # the Ui's own, which the handlers call (not defined here: no shadowing)
        def board(self, seat: str | None) -> None: ...
        def viewer(self, seat: str) -> str | None: ...
        def _render_hook(self, name: str, seat: str | None, *args: str) -> Any: ...
        def card_names(self, seat: str | None) -> list[str]: ...
        def moves(self) -> int: ...
        def set_reactions(self, seat: str, level: str) -> None: ...

    def run_command(self, seat: str, word: str, rest: str) -> str | None:
        """Run the command ``word`` (English) with ``rest``: None when done, QUIT to leave, MOVE
        when the line is a move after all (or ``word`` is no command)."""
        command = BY_WORD.get(word)
        if command is None:
            return MOVE
        return getattr(self, command.handler)(seat, rest)

    # -- the handlers COMMANDS names: (seat, rest) -> None, QUIT or MOVE --------------------
    def on_help(self, seat: str, rest: str) -> str | None:
        if rest and " ".join(f"help {rest}".lower().split()) in self.session.legal(seat):
            return MOVE  # a move that begins with 'help' (Creature Feature's chases)
        self.help(rest)
        return None

    def on_moves(self, seat: str, rest: str) -> str | None:
        from common.spoken import spoken

        say(_("Moves now:"))
        for line in grouped([spoken(self.spec.rules.notation, m) for m in self.session.legal(seat)]):
            say("  " + line)
        return None

    def on_board(self, seat: str, rest: str) -> str | None:
        self.board(self.viewer(seat))
        return None

    def on_hand(self, seat: str, rest: str) -> str | None:
        return self.on_board(seat, rest)

    def on_log(self, seat: str, rest: str) -> str | None:
        self.log(rest)
        return None

    def on_discard(self, seat: str, rest: str) -> str | None:
        if rest:  # 'discard CARD' is a move in GROS
            return MOVE
        self.pile(seat)
        return None

    def on_card(self, seat: str, rest: str) -> str | None:
        if not rest:
            say(_("card NAME: what a card does (Tab completes the names; 'cards' on the command "
                  "line lists them)"))
            return None
        found = self._render_hook("describe_card", seat, rest)
        if found:
            say(found)
            return None
        near = difflib.get_close_matches(rest, self.card_names(seat), n=3, cutoff=0.5)
        if near:
            error(_("no card {name}; did you mean {names}?").format(
                name=repr(rest), names=", ".join(near)))
        else:
            error(_("no card {name}").format(name=repr(rest)))
        return None

    def on_cards(self, seat: str, rest: str) -> str | None:
        self.cards(rest)
        return None

    def on_rules(self, seat: str, rest: str) -> str | None:
        self.rules()
        return None

    def on_hint(self, seat: str, rest: str) -> str | None:
        if rest:
            return MOVE
        from common.coachshow import show_hint

        show_hint(self.spec, self.session, seat)
        return None

    def on_undo(self, seat: str, rest: str) -> str | None:
        try:
            n = self.session.undo(seat)
            self.story.forget_after(self.moves())  # 'log' matches the record again
            say(ngettext("Took back {n} move.", "Took back {n} moves.", n).format(n=n))
            self.dirty = True
        except GameError as exc:
            error(str(exc))
        return None

    def on_reactions(self, seat: str, rest: str) -> str | None:
        self.set_reactions(seat, rest)
        return None

    def on_save(self, seat: str, rest: str) -> str | None:
        self.save(rest)
        return None

    def on_quit(self, seat: str, rest: str) -> str | None:
        return QUIT

    # -- what the handlers do -----------------------------------------------------------------

    def log(self, arg: str) -> None:
        """The story so far, as this seat heard it: the last N lines, or all of it, paged."""
        arg = arg.strip().lower()
        arg = "all" if arg == local_word("all") else arg
        if arg and arg != "all" and not arg.isdigit():
            error(_("log N (the last N lines) or log all"))
            return
        lines = self.story.tail(self.reader(), None if arg == "all" else int(arg or PAGE))
        if not lines:
            say(_("Nothing has happened yet."))
            return
        if arg == "all" and not plain():
            with console().pager():
                for line in lines:
                    console().print(line, markup=False, highlight=False)
            return
        for line in lines:
            say(line)

    def pile(self, seat: str | None) -> None:
        hook = getattr(self.spec.render, "discard_pile", None)
        text = hook(self.session.view(seat)) if hook else None
        say(text or _("{title} keeps no public discard pile.").format(title=self.title))

    def cards(self, query: str) -> None:
        from common.engine import GameError as Refusal

        try:
            table = self.spec.render.cards_table(query)
        except Refusal as exc:
            error(str(exc))
            return
        if query and not getattr(table, "row_count", 1):
            error(_("no card matches {query}; 'cards' lists them all").format(query=repr(query)))
            return
        show(fitted(table))

    def toggle_names(self) -> list[str]:
        return list(getattr(self.spec.render, "TOGGLES", {}))

    def game_command_names(self) -> list[str]:
        """A game's own commands (``GAME_COMMANDS`` in its render module: word -> help, hook)."""
        return list(getattr(self.spec.render, "GAME_COMMANDS", {}))

    def game_command_local(self, name: str) -> str:
        """A game's own command's (or board option's) word in the player's language (horror's
        'screenplay' is 'sceneggiatura'): its "command" translation in the game's catalog."""
        return self.spec.messages.pgettext("command", name).strip().lower() or name

    def toggle_word(self, word: str) -> str:
        """``word`` as the English name of a game's board option (Invaders' 'anteprima' is
        'preview'); else ``word`` as it is."""
        return self._english(word, self.toggle_names())

    def game_command_word(self, word: str) -> str:
        """``word`` as the English name of the game's own command it is ('sceneggiatura FILE'
        is 'screenplay FILE'); else ``word`` as it is."""
        return self._english(word, self.game_command_names())

    def _english(self, word: str, names: list[str]) -> str:
        """The one of ``names`` that ``word`` is, in English or in the player's language."""
        return next((name for name in names if word in (name, self.game_command_local(name))), word)

    def rules(self) -> None:
        """The players' part of the rules page, in a pager at a terminal (it is long)."""
        if plain():
            markdown(self.spec.rules_text())
            return
        os.environ.setdefault("LESS", "-R")  # let the pager show rich's colours
        with console().pager(styles=True):
            markdown(self.spec.rules_text())

    def help(self, topic: str) -> None:
        if topic.startswith("move") or (topic and topic == local_word("moves")):
            text = getattr(self.spec.rules.notation, "HELP", "") or ""  # the game's catalog holds it as written
            # (only blank lines trimmed: a table's first row keeps its indent)
            say(self.spec.text(text).rstrip().lstrip("\n") if text.strip() else
                _("Type 'moves' for your options."))
            return
        game = self.spec.text
        rows = [(f"{local_word(c.word)} {_(c.takes) if c.takes else ''}".strip(), _(c.what))
                for c in COMMANDS]
        rows += [(self.game_command_local(name), _("on/off: {what}").format(what=game(what)))
                 for name, what in getattr(self.spec.render, "TOGGLES", {}).items()]
        rows += [(self.game_command_local(name), game(what))
                 for name, (what, _hook) in getattr(self.spec.render, "GAME_COMMANDS", {}).items()]
        width = max(len(name) for name, _what in rows) + 1
        for name, what in rows:
            say(f"  {name:<{width}}{what}")
        say("  " + _("anything else is a move: 'help moves' explains the notation, Tab "
                     "completes it"))
        say("  " + _("several moves on one line, between ';', are played in order, up to the "
                     "first one refused"))
        if local_words():
            say("  " + _("the English command words work too (help, board, quit, ...); the moves "
                         "are always written as 'moves' lists them"))

    def save(self, path: str) -> None:
        if not path:
            error(_("say where: save FILE"))
            return
        try:
            write_private(path, self.session.record_text().rstrip("\n") + "\n")  # it names the seed
            say(_("Saved the record to {path}.").format(path=path))
        except GameError as exc:  # a network game's record exists only once it has ended
            error(_("cannot save yet: {reason}").format(reason=exc))
        except OSError as exc:
            error(_("cannot save to {path}: {reason}").format(path=path, reason=exc.strerror))

    def autosave(self) -> None:
        if self.save_path:
            self.save(self.save_path)


def grouped(moves: list[str]) -> list[str]:
    """The legal moves as a player reads them: moves that differ only in their last word share a
    line ('play the-shotgun on ray/the-robot | ray/the-sheriff'), in the order they come, so
    thirty ways to move three Props read as a handful of lines."""
    groups: dict[tuple[str, bool], list[str]] = {}
    for move in moves:
        head, sep, last = move.rpartition(" ")
        # a one-word move ('draw') keeps its own line: 'draw  | 1 | 0' read as a broken list
        groups.setdefault((head, True) if sep else (move, False), []).append(last)
    return [head + (" " + " | ".join(ends) if several else "") for (head, several), ends in groups.items()]
