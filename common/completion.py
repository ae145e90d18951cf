"""Tab completion for the REPL: legal moves first (also in the player's language's move words),
then commands and card names."""

from __future__ import annotations

from typing import Any

from prompt_toolkit.completion import Completer, Completion


def localized(moves: list[str], notation: Any, lang: str) -> list[str]:
    """Each move again with its first word in ``lang``, once per word the game's ``MOVE_WORDS``
    has for that verb ('gioca c3', 'сыграть c3', 'играть c3' for 'play c3'); the rest of the move
    stays as written, which the notation accepts too. Nothing in English or for a game without
    the table."""
    table: dict[str, str] = getattr(notation, "MOVE_WORDS", {}).get(lang, {})
    words: dict[str, list[str]] = {}
    for word, verb in table.items():
        words.setdefault(verb, []).append(word)
    out = []
    for move in moves:
        verb, sep, rest = move.partition(" ")
        out += [word + sep + rest for word in words.get(verb, ())]
    return out


class MoveCompleter(Completer):
    def __init__(self, ui: Any) -> None:
        self.ui = ui

    def get_completions(self, document, complete_event):
        """The candidates that start with what is typed. An empty prompt lists them only when
        asked (Tab): prompt_toolkit restarts a completion that typing overtook without asking
        ``complete_while_typing`` again, and on a fast typist's Enter that opened the whole
        list over the board of the next decision."""
        typed = document.text_before_cursor.lstrip().lower()
        if not typed and complete_event is not None and not complete_event.completion_requested:
            return
        seen: set[str] = set()
        for cand in self.ui.candidates():
            if cand.lower().startswith(typed) and cand not in seen:
                seen.add(cand)
                yield Completion(cand, start_position=-len(document.text_before_cursor.lstrip()))
