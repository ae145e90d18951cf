"""Creature Feature read as a native reader of Italian and Russian would (issue 25): each card of
a hand one item, whatever commas a trope's text holds; the move help and the notation's errors
in the player's own words, which the parser accepts; no "verb: name" in the Russian narration;
the monster's name agreeing with the sentence around it."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from common.engine import Event, IllegalMove, NotationError
from common.i18n import language
from horror import _, notation, pools, pooltext
from horror.rules import RULES
from tests.common.netkit import ROOT


@pytest.mark.parametrize("lang", ["en", "it", "ru"])
def test_a_hand_keeps_each_card_one_item_when_a_trope_holds_commas(lang):
    trope = "una porta chiusa, e dietro, nessuno"
    with language(lang):
        line = RULES.narrate(Event("hand", ("p1", ("Anna Rossi", trope, "Cripta di Zeno")), "p1"))
    assert f"Anna Rossi; {trope}; Cripta di Zeno" in line


# the help's placeholders in every language -> one value each, so that an item parses to the
# same move in every language
PLACEHOLDERS = {"NAME": "Vera", "NOME": "Vera", "ИМЯ": "Vera", "НАЗВАНИЕ": "Vera",
                "TEXT": "words", "TESTO": "words", "ТЕКСТ": "words",
                "CHAR": "c1", "PERS": "c1", "ПЕРС": "c1", "A": "c1", "B": "c2",
                "SET": "s1", "СЕТ": "s1", "CARD": "c3", "CARTA": "c3", "КАРТА": "c3",
                "SUBPLOT": "p4", "SOTTOTRAMA": "p4", "ЛИНИЯ": "p4", "ACT": "1", "ATTO": "1", "АКТ": "1",
                "CONCEPT": "idea", "IDEA": "idea", "КОНЦЕПЦИЯ": "idea",
                "WHAT ABOUT": "why", "PER COSA": "why", "О ЧЁМ": "why", "...": "why",
                "LINE": "hello", "BATTUTA": "hello", "РЕПЛИКА": "hello", "N": "2",
                "FILE": "f.md", "ФАЙЛ": "f.md"}
_WORD = re.compile("|".join(sorted((re.escape(k) for k in PLACEHOLDERS), key=len, reverse=True)))
ENGLISH_WORDS = {"near", "for", "vs", "none", "monster", "plan", "role", "trope", "subplot", "quiet",
                 "drop", "pool", "offer", "check", "contest", "chase", "say", "play", "bid", "claim",
                 "pass", "done", "accept", "decline", "prop", "raise", "armour", "star", "supporting",
                 "extra", "trigger", "ability", "setting", "title", "agree", "close", "stake", "roll",
                 "spring", "escape", "screenplay", "ruling", "cut", "attack", "help", "move"}


def help_items(text: str) -> list[str]:
    """The moves the help's table gives, one per item ('·' or a new line apart), with the
    explanations in brackets left out and the placeholders filled."""
    table = [line[12:] for line in text.splitlines() if line.startswith("  ") and len(line) > 12]
    body = re.sub(r"\s*\([^()]*\)", "", "\n".join(table))
    items = [i.strip() for part in body.split("\n") for i in part.split(" · ") if i.strip()]
    filled = []
    for item in items:
        item = re.sub(r"\[([^\]]*)\]", r"\1", item)  # an optional part, given
        item = re.sub(r"(\w+)(?:\|\w+(?: \w+)?)+", r"\1", item)  # alternatives: the first
        filled.append(_WORD.sub(lambda m: PLACEHOLDERS[m.group(0)], item))
    return filled


def _move(text: str):
    """A help item as a move; 'screenplay FILE' is a command of the REPL ('screenplay' the move)."""
    verb = notation.parse(text.split()[0])[0] if text.split()[0] in SCREENPLAY_WORDS else None
    if verb == "screenplay":
        return ("screenplay", text.split()[1])
    move = notation.parse(text)
    return ("bid", *move[1:]) if move[0] == "stake" else move  # at the chair's auction a stake is the bid


SCREENPLAY_WORDS = ("screenplay", "sceneggiatura", "сценарий")


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_every_item_of_the_move_help_is_in_the_language_and_parses_as_the_english(lang):
    english = [_move(i) for i in help_items(notation.HELP)]
    with language(lang):
        shown = _(notation.HELP)
        theirs = [_move(i) for i in help_items(shown)]
    assert len(english) > 40 and theirs == english
    words = {w.lower() for item in help_items(shown) for w in re.findall(r"[^\W\d_]+", item)}
    own = {"it": {"set", "veto"}, "ru": set()}[lang]
    assert not (words & ENGLISH_WORDS) - own


@pytest.mark.parametrize(("lang", "typed", "quoted"), [
    ("it", "racconta", "'racconta'"), ("it", "gioca", "'gioca c3'"), ("it", "vicino s1", "'vicino s1, s2'"),
    ("it", "offri c3", "'offri CARTA per ruolo"), ("it", "mucchi x 2", "'mucchi mostro N piano N'"),
    ("it", "prova c1", "'prova PERSONAGGIO contro"), ("it", "cliché c1: un urlo", "'cliché 1 c1: un urlo'"),
    ("it", "oggetto s1", "'oggetto s1: un piede di porco'"), ("it", "fuggi ora", "'fuggi'"),
    ("ru", "сказать", "«сказать»"), ("ru", "рядом s1", "«рядом s1, s2»"), ("ru", "предложить c3", "«предложить КАРТА за роль"),
    ("ru", "горсти x 2", "«горсти монстр N план N»"), ("ru", "проверка c1", "«проверка ПЕРСОНАЖ против"),
    ("ru", "линия c1", "«линия c1, c2: старая обида»"), ("ru", "сказать c1: привет", 'сказать c1: "привет"'),
])
def test_a_syntax_error_quotes_the_players_own_words(lang, typed, quoted):
    with language(lang), pytest.raises(NotationError) as refused:
        notation.parse(typed)
    assert quoted in str(refused.value)


@pytest.mark.parametrize(("typed", "move"), [
    ("set La cripta vicino s1, s2", ("set", "La cripta", ("s1", "s2"))), ("рядом s1, s2", ("near", "s1", "s2")),
    ('set "La casa vicino alla baia"', ("set", "La casa vicino alla baia", ())),
    ("prova c1 contro mostro", ("check", "c1", "m")), ("проверка c1 против монстр: дверь", ("check", "c1", "m", "дверь")),
    ("mucchi mostro 3 piano 2", ("pool", 3, 2)), ("горсти план 4", ("pool", 0, 4)),
    ("capacità nessuna", ("ability", "none")), ("способность нет", ("ability", "none")),
    ("basta", ("quiet",)), ("хватит", ("quiet",)), ("abbandona p4", ("drop", "p4")), ("свернуть p4", ("drop", "p4")),
    ("крючок", ("trigger", "")), ("запустить", ("spring",)), ("approva", ("agree",)), ("согласна", ("agree",)), ("линия c1: долг", ("subplot", ("c1",), "долг")),
])
def test_the_words_inside_a_move_are_taken_in_italian_and_russian_and_written_in_english(typed, move):
    assert notation.parse(typed) == move
    assert notation.parse(notation.format_move(move)) == move


def test_the_screenplay_command_is_typed_and_listed_in_the_players_language(tmp_path):
    typed = "aiuto\ncopione\nsceneggiatura\nsceneggiatura film.md\nquit\nn\n"
    out = subprocess.run([sys.executable, "-m", "horror", "play", "--seed", "3", "--players", "2", "--lang", "it"],
                         input=typed, text=True, capture_output=True, cwd=tmp_path, timeout=60,
                         env={**os.environ, "NO_COLOR": "1", "PYTHONPATH": str(ROOT)})
    assert out.returncode == 0, out.stderr[-2000:]
    said = " ".join(out.stdout.split())
    assert "sceneggiatura sceneggiatura FILE: scrive" in said  # help's row, in the player's word
    assert "copione gli elementi scritti del film" in said and "Personaggi: ancora nessuno" in said
    assert "per esempio: sceneggiatura " in said and "La sceneggiatura è in film.md." in said
    assert (tmp_path / "film.md").exists() and "Traceback" not in out.stdout + out.stderr


# what a film says about its monster: (event kind, data with M for the monster's English name)
MONSTER_EVENTS = (
    ("premise", ("Title", "M", ("smells fear",), "the fog rolls in", "a lighthouse, 1957")),
    ("conflict", ("chase", "M", "Vera Crane", "p1", "p2", 4, 2)),
    ("conflict", ("chase", "M", "Vera Crane", "p1", "p2", 4, 2, "the last boat")),
    ("conflict", ("plan", "M", "the plan", "p1", "p2", 4, 3)),
    ("roll", ("chase", (("M", 4, (1, 2), 2), ("Vera Crane", 2, (5,), 0)), 0, 0, 3, 2)),
    ("roll", ("check", (("Vera Crane", 2, (5,), 0), ("M", 4, (1, 2), 2)), 1, 2, 1, 3)),
    ("result", ("chase", "M", "M", "Vera Crane", 0, 0)),
    ("result", ("chase", "Vera Crane", "M", "Vera Crane", 0, 1)),
    ("result", ("plan", "M", "M", "the plan", 0, 0)),
    ("result", ("plan", "the plan", "M", "the plan", 0, 1)),
    ("result", ("check", "M", "Vera Crane", "M", 0, 1)),
)
# what each language says of a plural, a feminine and a neuter monster (where it has a form)
AGREEING = {
    ("en", "The Pale Miners"): ("The Pale Miners catch Vera Crane.", "The Pale Miners beat the plan.",
                                "The Pale Miners (Screen Time 4) roll 1 2", "The Pale Miners win the check"),
    ("it", "The Pale Miners"): ("I Minatori Pallidi afferrano Vera Crane.", "I Minatori Pallidi sconfiggono il piano.",
                                "sfugge ai Minatori Pallidi", "danno la caccia a Vera Crane", "i Minatori Pallidi perdono 2 dadi"),
    ("it", "The Giant Mantis"): ("La Mantide Gigante afferra Vera Crane.", "Vera Crane sfugge alla Mantide Gigante.",
                                 "«Title»: La Mantide Gigante (fiuta la paura) compare quando"),
    ("ru", "The Pale Miners"): ("Бледные шахтёры настигают добычу", "План побеждает: Бледные шахтёры повержены!",
                                "Бледные шахтёры (p1, Экранное Время 4) идут по следу", "Проверку выигрывают Бледные шахтёры"),
    ("ru", "The Blob"): ("План побеждает: Капля повержена!", "Вера Крейн ускользает, и Капля остаётся ни с чем."),
    ("ru", "The Doctor's Creature"): ("План побеждает: Создание доктора повержено!",),
}
UNFUSED = re.compile(r"(?:^|\s)(?:di|a|da|in|su) [“«\"]?(?:Il|Lo|La|I|Gli|Le|L['’])\W", re.IGNORECASE)


def _told(monster: str, lang: str) -> str:
    with language(lang):
        said = []
        for kind, data in MONSTER_EVENTS:
            data = tuple(monster if x == "M" else tuple(monster if y == "M" else y for y in x)
                         if isinstance(x, tuple) and kind == "roll" else x for x in data)
            if kind == "roll":
                data = (data[0], tuple((monster if s[0] == "M" else s[0], *s[1:]) for s in data[1]), *data[2:])
            said.append(RULES.narrate(Event(kind, data, None)))
        return "\n".join(said)


@pytest.mark.parametrize("lang", ["en", "it", "ru"])
def test_every_studio_monster_agrees_with_every_sentence_about_it(lang):
    monsters = [p[0] for theme in pools.THEMES for p in theme.premises]
    for monster in monsters:
        told = _told(monster, lang)
        assert pooltext.shown(monster, lang) in told
        if lang == "it":
            assert not UNFUSED.search(told), told  # "di Il Blob", "a La Mantide"
    for (where, monster), lines in AGREEING.items():
        if where == lang:
            told = _told(monster, lang)
            for line in lines:
                assert line in told, (line, told)


@pytest.mark.parametrize(("lang", "monster", "loose", "absent"), [
    ("en", "The Pale Miners", "The Pale Miners are loose", "The Pale Miners are not in this scene"),
    ("it", "The Giant Mantis", "La Mantide Gigante è libera", "La Mantide Gigante non è in questa scena"),
    ("it", "The Sand Crawlers", "Gli Striscianti delle Sabbie sono liberi", "non sono in questa scena"),
    ("ru", "The Sand Crawlers", "Песчаные ползуны на свободе", "Песчаные ползуны не участвуют в этой сцене"),
])
def test_the_monster_agrees_in_callouts_and_refusals_too(lang, monster, loose, absent):
    from types import SimpleNamespace

    from horror import render, scene

    before = {"seats": ["p1"], "elements": [], "gone": [], "armour": {}, "lost": {}, "triggered": False,
              "director": None, "monster": monster, "trigger": "the fog rolls in"}
    after = {**before, "triggered": True}
    st = SimpleNamespace(screen=[], monster=monster)  # what the refusal reads of a film
    with language(lang):
        assert any(loose in line for line in render.callouts(before, after, "p1"))
        with pytest.raises(IllegalMove) as refused:
            scene.monster_here(st)
    assert absent in str(refused.value)


def test_no_russian_sentence_hangs_a_name_on_a_verb_and_a_colon():
    """"Капля настигает жертву: Опал Бошан" reads as a form, not a story: a Russian sentence
    names its people as a native would ("Опал Бошан не успевает скрыться — Капля настигает
    добычу"), never a verb (or a preposition) and a colon before a name."""
    from common import catalogs

    verb = re.compile(r"[а-яё]+(?:ет|ит|ют|ят|тся|ёт|ут)(?: [а-яё]+)?: \{[a-z_]+(?:![rs])?\}[.!]?(?:$|[;)])")
    preposition = re.compile(r"(?:^|\s)(?:на|за|из-за|от|для|с|к|по): \{", re.IGNORECASE)
    fine = {"реквизит: {props}; соседние сеты: {near}",  # a noun, a label
            "Все, кто остался, собираются вместе: {names}."}  # a list after a whole clause
    found = [s for m in catalogs._read("horror", "ru") if m.id
             for s in (m.string if isinstance(m.string, tuple) else (m.string,))
             if (verb.search(s) or preposition.search(s)) and s not in fine]
    assert not found, found


def test_an_italian_list_of_characters_writes_their_articles_small():
    with language("it"):
        line = RULES.narrate(Event("trope", ("p1", "t3", "sangue fresco sul pavimento", ("Betty Barlow", "Il dottore")), None))
    assert line.endswith("«sangue fresco sul pavimento» (Betty Barlow, il dottore).")


def _same(a, b) -> bool:
    """The same move, a stake being the bid at the chair's auction (``Rules.resolve``)."""
    return (("bid", *a[1:]) if a[0] == "stake" else a) == (("bid", *b[1:]) if b[0] == "stake" else b)


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_the_moves_list_is_in_the_players_words_and_parses_back_to_the_same_moves(lang):
    """'moves' once listed 'trope 1 c5: ...', 'set X near s6', 'pool monster 2 plan 1' to an
    Italian player: now every listed move is written in the player's language, and the parser
    reads it back as the same move (records keep the English)."""
    from common.spoken import spoken
    from common.table import Table
    from tests.horror.test_languages import film_moves

    table = Table(RULES, seed=4, options={"players": "3"}, keep_undo=False)
    seen: set[str] = set()
    for seat, move in film_moves():
        with language(lang):
            for listed in table.legal(seat):
                shown = spoken(notation, listed)
                assert _same(notation.parse(shown), notation.parse(listed)), (listed, shown)
                seen.add(shown.split()[0])
        table.play(seat, move)
    assert not seen & (ENGLISH_WORDS - {"set", "veto"}), seen & ENGLISH_WORDS
    assert {"it": {"cliché", "gioca", "offri"}, "ru": {"штамп", "сыграть", "предложить"}}[lang] <= seen


def test_italian_says_ad_before_an_a_and_writes_a_hands_articles_small():
    with language("it"):
        chase = RULES.narrate(Event("conflict", ("chase", "The Blob", "Anna Rossi", "p1", "p2", 4, 3), None))
        hand = RULES.narrate(Event("hand", ("p1", ("Marge Thayer", "La scuola elementare")), "p1"))
    assert "dà la caccia ad Anna Rossi (p2" in chase
    assert hand == "La tua mano: Marge Thayer; la scuola elementare."


def test_the_screenplays_gathering_writes_italian_articles_small():
    from horror import screenplay

    writer = screenplay._Writer.__new__(screenplay._Writer)  # only what the gathering reads
    writer.entering, writer.rolls, writer.scene = [], [], []
    writer.gathered = ["Dutch Underhill", "Il dottore"]
    with language("it"):
        writer.flush_gathered()
    assert writer.scene[0].text == "Tutti quelli rimasti si riuniscono: Dutch Underhill, il dottore."


@pytest.mark.parametrize("lang", ["en", "it", "ru"])
def test_an_ability_suggested_for_a_plural_monster_is_said_in_the_plural(lang):
    """Seed 16's monster is the Sand Crawlers: "лазает по отвесным стенам" was suggested for
    them; now the plural ("лазают"), in every language."""
    from common.table import Table

    with language(lang):
        table = Table(RULES, seed=16, options={"players": "3"}, keep_undo=False)
        assert table.state.monster == "The Sand Crawlers"
        seat = table.to_move()[0]
        amended = [m[1] for m in table.legal_moves(seat) if m[0] == "ability"]
        plural, singular = pools.load(lang)[1].abilities_plural, pools.load(lang)[1].abilities
    assert amended and all(a in plural and a not in singular for a in amended), amended


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_stock_narration_names_its_set_as_a_stage_direction_not_with_a_colon(lang):
    """"p2: Школа: на миг всё замирает" read as a form: the set stands as a screenplay's stage
    direction does, "Школа. На миг всё замирает." (a set's name cannot be declined)."""
    themes, words = pools.load(lang)
    texts = [t for theme in themes for t in theme.narration] + list(words.common_narration)
    assert not [t for t in texts if "{set}:" in t]



def test_the_screenplay_brings_a_plural_monster_on_in_the_plural():
    from common.table import Table
    from horror import screenplay
    from tests.horror.test_languages import film_moves

    table = Table(RULES, seed=16, options={"players": "3"}, keep_undo=False)
    for seat, move in film_moves(16):
        table.play(seat, move)
    said = {}
    for lang in ("en", "it", "ru"):
        with language(lang):
            said[lang] = screenplay.markdown(table.view(None))
    assert "THE SAND CRAWLERS appear." in said["en"]
    assert "Compaiono GLI STRISCIANTI DELLE SABBIE." in said["it"]
    assert "Появляются ПЕСЧАНЫЕ ПОЛЗУНЫ." in said["ru"]


def test_a_plural_monsters_card_and_the_coachs_reason_read_in_the_players_words():
    """'carta m' said "I Minatori Pallidi … Compare quando …", and the hint's reason "agree: 33% …
    contro 33% per ability …" in an Italian film."""
    from types import SimpleNamespace

    from common.coachshow import reason
    from common.table import Table
    from horror import cardlist
    from horror.cli import SPEC

    table = Table(RULES, seed=20, options={"players": "3"}, keep_undo=False)
    seat = table.to_move()[0]
    found = SimpleNamespace(playouts=20, candidates=[SimpleNamespace(move="agree", estimate=0.33, visits=10),
                                                     SimpleNamespace(move="ability fiuta la paura", estimate=0.3, visits=10)])
    with language("it"):
        card = cardlist.film_card(table.view(seat), "m")
        why = reason(SPEC, table.view(seat), seat, found)
    assert "Compaiono quando le pompe si fermano." in card
    assert why.startswith("concordo: ") and "per capacità fiuta la paura" in why, why



def test_the_italian_stakes_line_sets_each_stake_off_with_commas():
    with language("it"):
        line = _("{kind}: {a} ({seat_a}) stake {stake_a} vs {b} ({seat_b}) stake {stake_b}").format(
            kind="Inseguimento", a="Il Blob", seat_a="p1", stake_a=3, b="Dolores Garrity", seat_b="p3", stake_b=2)
    assert line == "Inseguimento: Il Blob (p1), posta 3, contro Dolores Garrity (p3), posta 2"


def test_russian_quotes_a_move_in_guillemets_as_gros_and_invaders_do():
    """A Russian line quotes a move or a typed word in «» (main did so for gros, Invaders and
    common); horror's still wrote 'пас', 'сет "Дом у бухты"'."""
    from common import catalogs

    straight = re.compile(r"(?<![\w!])'[^'\n]+?'(?!\w)")
    found = [s for m in catalogs._read("horror", "ru") if m.id
             for s in (m.string if isinstance(m.string, tuple) else (m.string,)) if straight.search(s)]
    assert not found, found
