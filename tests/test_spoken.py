"""Moves shown in the player's language (``common.spoken``): 'mosse', 'hint', the Enter move
and Tab show an Italian or Russian player 'gioca acqua-santa su ray/sensitiva', not 'play
the-holy-water on ray/the-psychic'. Every legal move of seeded random games, so spoken, parses
back to the same move, its move word and cards in that language; the record stays English."""

from __future__ import annotations

import importlib
import random
import re

import pytest

from common.i18n import language
from common.spoken import spoken

GAMES = {"gros": {"players": "3", "deck": "gros+gr2", "variant": "gr2"}, "invaders": {}}


def _legal_texts(name: str, games: int = 4, moves: int = 400) -> set[str]:
    """Every legal move met in a few seeded random games, as the notation writes it."""
    rules = importlib.import_module(f"{name}.rules").RULES
    seen: set[str] = set()
    for seed in range(games):
        state = rules.setup(dict(GAMES[name]), seed)
        pick = random.Random(seed)
        for _ in range(moves):
            decisions = rules.decisions(state)
            if not decisions or rules.outcome(state) is not None:
                break
            legal = rules.legal_moves(state, decisions[0].seat)
            seen.update(rules.format(m) for m in legal)
            rules.apply(state, decisions[0].seat, legal[pick.randrange(len(legal))])
    return seen


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("lang", ["it", "ru"])
def test_every_move_spoken_in_the_players_language_is_the_same_move(name, lang):
    rules = importlib.import_module(f"{name}.rules").RULES
    notation = rules.notation
    words = set(notation.MOVE_WORDS[lang])
    texts = _legal_texts(name)
    assert len(texts) > 50
    english_cards = 0
    for text in sorted(texts):
        said = spoken(notation, text, lang)
        assert said.split()[0] in words, (text, said)  # the verb in the player's words
        with language("en"):  # parse reads every language, whatever the player's
            assert rules.parse(said) == rules.parse(text), (text, said)
        english_cards += bool(re.search(r"(?:^| |/)the-", said))
    assert english_cards == 0  # no English card name ('the-robot') left in a spoken move


@pytest.mark.parametrize("name", GAMES)
def test_english_players_read_the_notation_as_written(name):
    notation = importlib.import_module(f"{name}.rules").RULES.notation
    for text in sorted(_legal_texts(name, games=1, moves=60)):
        assert spoken(notation, text, "en") == text
        with language("en"):
            assert spoken(notation, text) == text


def test_moves_and_the_enter_hint_speak_the_players_language(capsys):
    """'mosse' lists the moves in Italian, Russian 'ходы' in Russian; the first word of each
    line is the language's own."""
    from common.repl import Ui
    from common.session import LocalSession
    from common.table import Table
    from gros.cli import SPEC
    from gros.notation import MOVE_WORDS

    table = Table(SPEC.rules, seed=7, variant="gros", options={"players": "3"})
    session = LocalSession(SPEC, table, {s: "human" for s in table.seats}, 1, None)
    ui = Ui(SPEC, session)
    for lang, heading in (("it", "Mosse possibili"), ("ru", "Возможные ходы")):
        while True:  # to a decision with several moves
            seat = session.waiting_for()
            if len(session.legal(seat)) > 2:
                break
            session.play(seat, session.legal(seat)[0])
        capsys.readouterr()
        with language(lang):
            ui.command(seat, "moves")
            candidates = ui.candidates()
        lines = capsys.readouterr().out.splitlines()
        assert heading in lines[0]
        shown = [line.split()[0] for line in lines[1:] if line.strip()]
        assert shown and all(word in MOVE_WORDS[lang] for word in shown), lines
        assert candidates[0].split()[0] in MOVE_WORDS[lang]  # Tab offers the player's words first


@pytest.mark.parametrize(("lang", "n", "words"), [("ru", 83, "83 розыгрыша"), ("ru", 71, "71 розыгрыш)"),
                                                  ("ru", 58, "58 розыгрышей"), ("it", 1, "1 partita simulata"),
                                                  ("it", 58, "58 partite simulate")])
def test_the_hints_count_of_play_outs_agrees_with_its_number(lang, n, words):
    """'83 разыгрышей' was both misspelled and the wrong form: Russian counts 'розыгрыш' in
    three forms."""
    from common import ngettext

    with language(lang):
        line = ngettext("{move}  {label} {share} ({n} play-out)", "{move}  {label} {share} ({n} play-outs)",
                        n).format(move="m", label="l", share="s", n=n)
    assert words in line, line


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("lang", ["it", "ru"])
def test_help_moves_gives_its_examples_in_the_players_words(name, lang):
    """'aiuto mosse' shows 'gioca giornalista', as 'mosse' lists moves, and each example is a
    move the notation reads."""
    package = importlib.import_module(name)
    notation = importlib.import_module(f"{name}.notation")
    with language(lang):
        text = package._(notation.HELP)
    examples = [" ".join(line.strip().split("  ")[0].split()) for line in text.splitlines()
                if line.startswith("    ") and line[4] != " "]
    assert len(examples) >= 12
    for example in examples:
        assert example.split()[0] in notation.MOVE_WORDS[lang], example
        notation.parse(example)
