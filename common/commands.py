"""The REPL's commands that are not moves: the story ('log'), the discard pile, the card
list, a game's board toggles, the rules, help, and saving. A mixin of ``common.repl.Ui``, kept
apart so the game loop reads in one sitting."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from common.engine import GameError
from common.render import console, error, markdown, plain, say, show

PAGE = 20  # lines 'log' shows when no number is given
COMMANDS = {
    "help": "this list (also: help moves)",
    "moves": "the moves you may make now",
    "board": "show the game from your seat (what changed since you last saw it is marked)",
    "hand": "show your hand",
    "log [N|all]": "the last N lines of the story (20; 'log all': all of it, paged)",
    "discard": "the discard pile, where the rules make it public (also: pile)",
    "card NAME": "what a card does",
    "cards [QUERY]": "the cards of the game (QUERY: words, type:T, deck:D)",
    "rules": "the rules of the game",
    "undo": "take back your last move (local games; never past cards you have drawn)",
    "save FILE": "write the game so far as a record",
    "quit": "leave (Ctrl-D does the same; Ctrl-C clears the line)",
}


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
        if arg and arg != "all" and not arg.isdigit():
            error("log N (the last N lines) or log all")
            return
        lines = self.story.tail(self.reader(), None if arg == "all" else int(arg or PAGE))
        if not lines:
            say("Nothing has happened yet.")
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
        say(text or f"{self.title} keeps no public discard pile.")

    def cards(self, query: str) -> None:
        from common.engine import GameError as Refusal

        try:
            table = self.spec.render.cards_table(query)
        except Refusal as exc:
            error(str(exc))
            return
        if query and not getattr(table, "row_count", 1):
            error(f"no card matches {query!r}; 'cards' lists them all")
            return
        show(table)

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
        if topic.startswith("move"):
            notation = sys.modules.get(self.spec.rules.__module__.rsplit(".", 1)[0] + ".notation")
            say((getattr(notation, "HELP", "") or "").strip() or "Type 'moves' for your options.")
            return
        for name, what in COMMANDS.items():
            say(f"  {name:<12} {what}")
        for name, what in getattr(self.spec.render, "TOGGLES", {}).items():
            say(f"  {name:<12} on/off: {what}")
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
