"""Tab completion for the REPL: legal moves first (also in the player's language's move words),
then commands and card names."""

from __future__ import annotations

from typing import Any

from prompt_toolkit.completion import Completer, Completion


def localized(moves: list[str], notation: Any, lang: str) -> list[str]:
    """Each move again in ``lang``: whole, as the game's notation says it there
    (``common.spoken``: 'gioca acqua-santa su ray/sensitiva'), then with only its first word
    changed, once per word the game's ``MOVE_WORDS`` has for that verb ('gioca c3', 'сыграть
    c3', 'играть c3' for 'play c3'); the notation accepts all of them. Nothing in English or
    for a game without the table."""
    from common.spoken import spoken

    table: dict[str, str] = getattr(notation, "MOVE_WORDS", {}).get(lang, {})
    words: dict[str, list[str]] = {}
    for word, verb in table.items():
        words.setdefault(verb, []).append(word)
    out = []
    for move in moves:
        verb, sep, rest = move.partition(" ")
        whole = spoken(notation, move, lang) if table else move
        out += ([whole] if whole != move else []) + [word + sep + rest for word in words.get(verb, ())
                                                     if word + sep + rest != whole]
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
            if cand not in seen and matches(cand, typed):
                seen.add(cand)
                yield Completion(cand, start_position=-len(document.text_before_cursor.lstrip()))


def matches(candidate: str, typed: str) -> bool:
    """Whether ``typed`` (lower case) leads to ``candidate``: as its start, or, once the move's
    first word is typed whole, word by word, each typed word the start of one of the move's
    later words, in order, skipping the others ('play grave', 'play grave robber' lead to
    'play the-grave-robber'; 'attack dana with blob' to 'attack dana with the-blob')."""
    cand = candidate.lower()
    if cand.startswith(typed):
        return True
    verb, sep, rest = typed.partition(" ")
    want = rest.replace("-", " ").replace("/", " ").split()
    if not sep or not want or not cand.startswith(verb + " "):
        return False
    words = iter(cand[len(verb) + 1:].replace("-", " ").replace("/", " ").split())
    return all(any(word.startswith(part) for word in words) for part in want)


def tab_keys() -> Any:
    """Tab as a shell has it: the first press completes what all the candidates share and shows
    them, choosing none (the first Tab after 'victim ' had chosen a victim); pressed again,
    it goes through them."""
    from prompt_toolkit.completion.base import get_common_complete_suffix
    from prompt_toolkit.key_binding import KeyBindings

    keys = KeyBindings()

    @keys.add("tab")
    def _tab(event: Any) -> None:
        buffer = event.current_buffer
        state = buffer.complete_state
        if state is None:
            buffer.start_completion(insert_common_part=True, select_first=False)
        elif event.is_repeat or state.complete_index is not None or len(state.completions) < 2:
            buffer.complete_next()
        else:
            common = get_common_complete_suffix(buffer.document, state.completions)
            if common:
                buffer.insert_text(common)

    return keys
