"""Issue 25: an Italian or Russian player is told the words of their own language, and they
work: the "not a move" error names 'aiuto mosse' / 'помощь ходы', the prompts 'passo', 'fine',
'fatto', 'pesca' / 'пас', 'конец', 'готово', 'взять', and GROS takes the notation's keywords in
the player's language ("gioca il laboratorio del pazzo su ray")."""

from __future__ import annotations

import importlib
import re

import pytest

from common import catalogs
from common.commands import local_word
from common.engine import NotationError
from common.i18n import language

# the notation's English words, which a prompt in another language must not quote
ENGLISH = {"gros": {"title", "pass", "victim", "discard", "done", "draw", "end", "play", "attack", "moves",
                    "combine", "use", "move", "take", "paying"},  # the keywords too ('take CARTA' was left)
           "invaders": {"fire", "maneuver", "place", "end", "discard", "reinforce", "shield", "moves", "spread",
                        "snipe", "drift", "ray", "left", "right"}}


@pytest.mark.parametrize("game", ["gros", "invaders", "horror"])
@pytest.mark.parametrize("lang", ["it", "ru"])
def test_not_a_move_names_the_help_words_of_the_players_language(game, lang):
    notation = importlib.import_module(f"{game}.notation")
    with language(lang), pytest.raises(NotationError) as err:
        notation.parse("xyzzy plugh")
    with language(lang):
        words = f"{local_word('help')} {local_word('moves')}"
    # Italian quotes a command in '', Russian in «» as its other text does
    assert f"'{words}'" in str(err.value) or f"«{words}»" in str(err.value), str(err.value)
    assert "help moves" not in str(err.value)


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_a_line_naming_a_card_points_to_the_card_command_in_the_players_language(lang):
    from gros.notation import parse, spelling

    with language(lang), pytest.raises(NotationError) as err:
        parse("the robot")
    with language(lang):
        said = f"{local_word('card')} {spelling('the-robot', lang)}"  # the card as the player types it
        assert f"'{said}'" in str(err.value) or f"«{said}»" in str(err.value), str(err.value)


@pytest.mark.parametrize("game", ["gros", "invaders"])
@pytest.mark.parametrize("lang", ["it", "ru"])
def test_prompts_quote_the_players_move_words_and_those_words_parse(game, lang):
    notation = importlib.import_module(f"{game}.notation")
    local = notation.MOVE_WORDS[lang]
    catalog = catalogs._read(game, lang)
    english, quoted = [], 0
    for msg in catalog:
        if not msg.id or msg.id == notation.HELP:
            continue
        for form in msg.string if isinstance(msg.string, (list, tuple)) else [msg.string]:
            for phrase in re.findall(r"'([^']+)'|«([^»]+)»", form or ""):
                phrase = phrase[0] or phrase[1]
                first = phrase.split()[0].lower()
                if first in ENGLISH[game]:
                    english.append(f"{phrase!r} in {form!r}")
                elif first in local:
                    quoted += 1
    assert not english, english
    assert quoted >= 4


@pytest.mark.parametrize(("text", "english"), [
    ("gioca il laboratorio del pazzo su ray", "play the-mad-lab on ray"),
    ("gioca pistole a raggi su dana", "play ray-guns on dana"),
    ("attacca dana con il maniaco con l'ascia", "attack dana with the-axe-maniac"),
    ("sposta dana/robot/torcia elettrica a dana/reporter", "move dana/the-robot/the-flashlight to dana/the-reporter"),
    ("gioca nel frattempo prendendo la spiaggia su dana", "play meanwhile-back-at-the take the-beach on dana"),
    ("gioca il gatto nell'armadietto su era solo un sogno pagando robot, blob",
     "play the-cat-in-the-locker on it-was-only-a-dream paying the-blob, the-robot"),
    ("сыграть кавалерия на подходе на dana", "play the-cavalry-arrives on dana"),
    ("атаковать dana с маньяк с топором", "attack dana with the-axe-maniac"),
    ("переложить dana/робот/фонарик к dana/журналист", "move dana/the-robot/the-flashlight to dana/the-reporter"),
    ("play it was only a dream on dana", "play it-was-only-a-dream on dana"),
])
def test_gros_takes_the_notations_keywords_in_italian_and_russian(text, english):
    from gros.notation import format_move, parse

    assert format_move(parse(text)) == english


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_every_card_name_survives_the_local_keywords(lang):
    """A name holding a keyword of some language ("Pistole a Raggi", "Маньяк с топором") is still
    one card, whatever the move around it."""
    from gros import MESSAGES
    from gros.lang import cards
    from gros.notation import KEYWORD_WORDS, format_move, parse

    on, to = {"it": ("su", "a"), "ru": ("на", "к")}[lang]
    assert KEYWORD_WORDS[lang][on] == "on"
    bad = []
    for cid in cards():
        name = MESSAGES.cards(lang)[cid]["name"].lower()
        try:
            shared = parse(f"play {name}")[1] != cid  # a name two cards share names neither
        except NotationError:
            continue
        if shared:
            continue
        got = format_move(parse(f"play {name} {on} dana"))
        if got != f"play {cid} on dana":
            bad.append((name, got))
        if "." in name:  # "Tornando a...": a dot in a card in play reads as a copy number
            continue
        got = format_move(parse(f"move dana/{name} {to} dana/{name}"))
        if got != f"move dana/{cid} to dana/{cid}":
            bad.append((name, got))
    assert not bad, bad


@pytest.mark.parametrize(("lang", "typed", "english"), [
    ("it", "aiuto", "help"), ("it", "siedi", "sit"), ("it", "alzati", "stand"), ("it", "chi", "who"),
    ("it", "tavolo", "board"), ("it", "esci", "quit"), ("ru", "помощь", "help"), ("ru", "сесть", "sit"),
    ("ru", "встать", "stand"), ("ru", "кто", "who"), ("ru", "сказать", "say"), ("ru", "выход", "quit"),
    ("ru", "help", "help"), ("it", "sit", "sit"),
])
def test_the_lobby_takes_its_command_words_in_the_players_language(lang, typed, english):
    from common.net.consoles import english_word

    with language(lang):
        assert english_word(typed) == english


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_the_lobby_help_lists_the_players_words_and_they_are_all_different(lang):
    from common.commands import local_words
    from common.net.consoles import CONSOLE_COMMANDS, _console_words, console_help, english_word

    with language(lang):
        shown = console_help()
        words = [line.split()[0] for line in shown.splitlines()]
        assert [english_word(w) for w in words] == [w for w, _takes, _text in CONSOLE_COMMANDS], shown
        assert not set(_console_words()) & set(local_words()), "a lobby word is also a game command"
        assert {"sit", "stand", "who", "help"}.isdisjoint(words), shown


def test_italian_horror_takes_prova_the_games_word_for_a_check():
    from horror.notation import parse

    assert parse("prova c1 vs c2: la paura") == parse("check c1 vs c2: la paura")


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_the_horror_help_has_no_english_placeholder_word(lang):
    from horror.notation import HELP

    with language(lang):
        from horror import _

        text = _(HELP)
    assert "CONCEPT" not in text and "NAME" not in text, text


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_the_reaction_levels_are_typed_and_listed_in_the_players_words(lang, capsys):
    from common import _
    from common.reactions import LEVELS, Reacting, Reactions, level_words

    at = Reacting()
    at.reactions = Reactions("invaders")  # the settings file is the test run's (tests/conftest.py)
    with language(lang):
        words = level_words()
        assert set(words) == set(LEVELS) and not set(words.values()) & set(LEVELS)
        assert _("[aimed|all|none]") == "[" + "|".join(words[w] for w in LEVELS) + "]"
        at.set_reactions("humans", words["none"])
    assert at.reactions.level("humans") == "none"
    assert words["none"] in capsys.readouterr().out
