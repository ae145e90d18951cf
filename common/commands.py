"""The REPL's commands that are not moves: the story ('log'), the discard pile, the card
list, a game's board toggles, the rules, help, and saving. A mixin of ``common.repl.Ui``, kept
apart so the game loop reads in one sitting."""

from __future__ import annotations

import os
from typing import Any

from common import N_, _, pgettext
from common.engine import GameError
from common.private import write_private
from common.render import console, error, fitted, markdown, plain, say, show

PAGE = 20  # lines 'log' shows when no number is given
# word -> (what it takes, what it does); the words are English here and in the player's
# language at the prompt (``local_words``): both work, the move notation stays English
COMMANDS = {
    "help": ("", N_("this list (also: help moves)")),
    "moves": ("", N_("the moves you may make now")),
    "board": ("", N_("show the game from your seat (what changed since you last saw it is "
                     "marked)")),
    "hand": ("", N_("show your hand")),
    "log": (N_("[N|all]"), N_("the last N lines of the story (20; 'log all': all of it, paged)")),
    "discard": ("", N_("the discard pile, where the rules make it public (also: pile)")),
    "card": (N_("NAME"), N_("what a card does")),
    "cards": (N_("[QUERY]"), N_("the cards of the game (QUERY: words, type:T, deck:D)")),
    "rules": ("", N_("the rules of the game")),
    "hint": ("", N_("what the hard bot would play, from what you can see, and why (the table "
                    "is told; a record notes it)")),
    "undo": ("", N_("take back your last move (local games; never past cards you have drawn)")),
    "reactions": (N_("[aimed|all|none]"), N_("which reactions you are asked about (aimed: cards "
                                             "and attacks aimed at you, the default); '!' passes "
                                             "for the rest of the turn")),
    "save": (N_("FILE"), N_("write the game so far as a record")),
    "quit": ("", N_("leave (Ctrl-D does the same; Ctrl-C clears the line)")),
}


def _command_words() -> dict[str, str]:
    """Each English command word in the player's language, looked up now (the language is
    known only at run time)."""
    # Translators: the "command" words are typed at the game's prompt: one word each, lower
    # case, no spaces, all different (the English words keep working too)
    return {"help": pgettext("command", "help"), "moves": pgettext("command", "moves"),
            "board": pgettext("command", "board"), "hand": pgettext("command", "hand"),
            "log": pgettext("command", "log"), "discard": pgettext("command", "discard"),
            "card": pgettext("command", "card"), "cards": pgettext("command", "cards"),
            "rules": pgettext("command", "rules"), "undo": pgettext("command", "undo"),
            "hint": pgettext("command", "hint"),
            "save": pgettext("command", "save"), "quit": pgettext("command", "quit"),
            "reactions": pgettext("command", "reactions"),
            "all": pgettext("command", "all"), "pile": pgettext("command", "pile"),
            "exit": pgettext("command", "exit")}


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

    def reader(self) -> str | None:
        raise NotImplementedError

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
        rows = [(f"{local_word(word)} {_(takes) if takes else ''}".strip(), _(what))
                for word, (takes, what) in COMMANDS.items()]
        rows += [(name, _("on/off: {what}").format(what=game(what)))
                 for name, what in getattr(self.spec.render, "TOGGLES", {}).items()]
        rows += [(name, game(what))
                 for name, (what, _hook) in getattr(self.spec.render, "GAME_COMMANDS", {}).items()]
        width = max(len(name) for name, _what in rows) + 1
        for name, what in rows:
            say(f"  {name:<{width}}{what}")
        say("  " + _("anything else is a move: 'help moves' explains the notation, Tab "
                     "completes it"))
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
    groups: dict[str, list[str]] = {}
    for move in moves:
        head, sep, last = move.rpartition(" ")
        groups.setdefault(head if sep else move, []).append(last if sep else "")
    return [head + (" " + " | ".join(ends) if ends != [""] else "")
            for head, ends in groups.items()]
