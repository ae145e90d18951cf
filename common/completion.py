"""Tab completion for the REPL: legal moves first, then commands and card names."""

from __future__ import annotations

from typing import Any

from prompt_toolkit.completion import Completer, Completion


class MoveCompleter(Completer):
    def __init__(self, ui: Any) -> None:
        self.ui = ui

    def get_completions(self, document, complete_event):
        typed = document.text_before_cursor.lstrip().lower()
        seen: set[str] = set()
        for cand in self.ui.candidates():
            if cand.lower().startswith(typed) and cand not in seen:
                seen.add(cand)
                yield Completion(cand, start_position=-len(document.text_before_cursor.lstrip()))
