"""Issue 15: each game's move words in Italian and Russian (``MOVE_WORDS`` in its notation):
typed, they make the English move; the REPL's completion offers them in the player's language
only; a game played with them writes the same record as one played in English."""

from __future__ import annotations

import importlib
import random

import pytest

from common.completion import MoveCompleter
from common.i18n import language
from common.repl import Ui
from common.session import LocalSession
from common.table import Table

GAMES = ("gros", "invaders", "horror")
SAMPLES = {  # a localized move and the English it stands for
    "gros": {"it": [("gioca il giornalista", "play the reporter"), ("passo", "pass"), ("pesca 2", "draw 2")],
             "ru": [("сыграть il robot", "play il robot"), ("конец", "end"), ("сбросить the blob", "discard the blob")]},
    "invaders": {"it": [("fuoco", "fire"), ("manovra 2 sinistra", "maneuver 2 left"), ("piazza d", "place d")],
                 "ru": [("огонь", "fire"), ("манёвр 2 влево", "maneuver 2 left"), ("поставить d", "place d")]},
    "horror": {"it": [("gioca c3", "play c3"), ("verifica c1 vs c2: la paura", "check c1 vs c2: la paura"),
                      ("racconta La notte è buia", "say La notte è buia"), ("taglia", "cut"),
                      ("concordo", "agree"), ("protagonista Ada: la scienziata", "star Ada: la scienziata"),
                      # the words the game itself says (cliché, sottotrama, chiudi la riunione)
                      ("cliché 1 c1: la radio tace", "trope 1 c1: la radio tace"), ("chiudi", "close"),
                      ("sottotrama c1: due fratelli", "subplot c1: due fratelli"), ("alza s4 2", "raise s4 2"),
                      ("offri c13 per set", "offer c13 for set")],
               "ru": [("сыграть c3", "play c3"), ("проверка c1 vs c2: Страх", "check c1 vs c2: Страх"),
                      ("сказать c1: \"Бежим!\"", "say c1: \"Бежим!\""), ("снято", "cut"), ("ставка 2", "stake 2"),
                      ("монстр Болотная тварь", "monster Болотная тварь"), ("согласен", "agree"),
                      ("штамп 2: рация молчит", "trope 2: рация молчит"), ("закрыть", "close"),
                      ("горсти monster 1 plan 2", "pool monster 1 plan 2"),
                      ("предложить c3 за сет", "offer c3 for set")]},
}


def _game(name: str):
    spec = importlib.import_module(f"{name}.cli").SPEC
    return spec, importlib.import_module(f"{name}.rules").RULES, importlib.import_module(f"{name}.notation")


@pytest.mark.parametrize("name", GAMES)
def test_move_words_make_the_english_move_in_every_language(name):
    _spec, rules, notation = _game(name)
    for lang, samples in SAMPLES[name].items():
        for local, english in samples:
            with language("en"):  # parse takes every language's words, whatever the player's
                assert rules.parse(local) == rules.parse(english), (lang, local)
            assert rules.format(rules.parse(local)).split()[0] == english.split()[0]  # written in English


@pytest.mark.parametrize("name", GAMES)
def test_move_words_never_shadow_an_english_verb(name):
    """A language's move word is never another move's English word (free text stays free)."""
    _spec, rules, notation = _game(name)
    english = {verb for words in notation.MOVE_WORDS.values() for verb in words.values()}
    for words in notation.MOVE_WORDS.values():
        for word in words:
            assert word not in english and word == word.lower() and " " not in word


def _completions(ui: Ui, typed: str) -> list[str]:
    from prompt_toolkit.document import Document

    return [c.text for c in MoveCompleter(ui).get_completions(Document(typed), None)]


def _first_words(moves: list[str]) -> set[str]:
    return {m.split()[0] for m in moves}


@pytest.mark.parametrize("name", GAMES)
def test_completion_offers_the_players_move_words_and_the_record_stays_english(name):
    """Play the same seeded game twice, once typing English moves and once typing the
    completer's Italian or Russian form of each: the records are the same English text."""
    spec, rules, notation = _game(name)
    records = []
    for lang in ("en", "it", "ru"):
        table = Table(rules, seed=7, variant=rules.variants[0])
        session = LocalSession(spec, table, {s: "human" for s in table.seats}, 1, None)
        ui = Ui(spec, session)
        pick, localized_seen = random.Random(3), 0
        for _turn in range(40):
            seat = session.waiting_for()
            if seat is None or table.outcome() is not None:
                break
            with language("en"):  # horror suggests texts in the player's language: type the English
                english = session.legal(seat)[pick.randrange(len(session.legal(seat)))]
            with language(lang):
                legal = session.legal(seat)
                offered = _completions(ui, "")
            assert all(m in offered for m in legal)  # English candidates stay
            verb, sep, rest = english.partition(" ")
            words = [w for w, v in notation.MOVE_WORDS.get(lang, {}).items() if v == verb]
            if lang == "en":
                assert not (_first_words(offered) & {w for t in notation.MOVE_WORDS.values() for w in t})
                typed = english
            elif words:
                for move in (m for m in legal if m.partition(" ")[0] == verb):
                    tail = move[len(verb):]
                    assert all(w + tail in offered for w in words), (lang, move)
                typed, localized_seen = words[-1] + sep + rest, localized_seen + 1
                with language(lang):  # typing the start of the word offers it
                    assert all(c.startswith(typed[:3]) for c in _completions(ui, typed[:3]))
                    assert any(c.split()[0] == words[-1] for c in _completions(ui, typed[:3]))
            else:
                typed = english
            session.play(seat, typed)
        if lang != "en":
            assert localized_seen >= 3, (name, lang, localized_seen)
        records.append(table.record_text())
    assert records[0] == records[1] == records[2]


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_no_command_word_hides_a_move_word(lang):
    """The REPL reads its own command words first, so one spelled like a move word would eat
    the move (Italian 'fine' was both 'exit' and 'end'; Russian 'сброс' both the discard pile
    and the discard move)."""
    from common.commands import local_words

    with language(lang):
        commands = set(local_words())
    for game in GAMES:
        words = set(importlib.import_module(f"{game}.notation").MOVE_WORDS[lang])
        assert not commands & words, (game, sorted(commands & words))


def test_an_empty_prompt_lists_the_moves_only_when_asked():
    """prompt_toolkit restarts a completion that fast typing overtook without asking
    complete_while_typing again: after a quick 'pass' + Enter the full-screen table opened
    every move of the next decision over the board. An empty prompt now lists them on Tab only."""
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    spec, rules, _notation = _game("invaders")
    table = Table(rules, seed=7, variant=rules.variants[0])
    ui = Ui(spec, LocalSession(spec, table, {s: "human" for s in table.seats}, 1, None))
    completer = MoveCompleter(ui)

    def offered(typed: str, **event: bool) -> list[str]:
        return [c.text for c in completer.get_completions(Document(typed), CompleteEvent(**event))]

    assert offered("", text_inserted=True) == []
    everything = offered("", completion_requested=True)
    assert "place d" in everything and len(everything) > 5
    assert offered("pl", text_inserted=True) and all(m.startswith("pl") for m in offered("pl", text_inserted=True))
