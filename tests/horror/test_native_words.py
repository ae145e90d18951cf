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

from common.engine import Event, NotationError
from common.i18n import language
from horror import _, notation
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
    ("ru", "сказать", "'сказать'"), ("ru", "рядом s1", "'рядом s1, s2'"), ("ru", "предложить c3", "'предложить КАРТА за роль"),
    ("ru", "горсти x 2", "'горсти монстр N план N'"), ("ru", "проверка c1", "'проверка ПЕРСОНАЖ против"),
    ("ru", "линия c1", "'линия c1, c2: старая обида'"), ("ru", "сказать c1: привет", 'сказать c1: "привет"'),
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
    ("крючок", ("trigger", "")), ("запустить", ("spring",)), ("линия c1: долг", ("subplot", ("c1",), "долг")),
])
def test_the_words_inside_a_move_are_taken_in_italian_and_russian_and_written_in_english(typed, move):
    assert notation.parse(typed) == move
    assert notation.parse(notation.format_move(move)) == move


def test_the_screenplay_command_is_typed_and_listed_in_the_players_language(tmp_path):
    typed = "aiuto\nsceneggiatura\nsceneggiatura film.md\nquit\nn\n"
    out = subprocess.run([sys.executable, "-m", "horror", "play", "--seed", "3", "--players", "2", "--lang", "it"],
                         input=typed, text=True, capture_output=True, cwd=tmp_path, timeout=60,
                         env={**os.environ, "NO_COLOR": "1", "PYTHONPATH": str(ROOT)})
    assert out.returncode == 0, out.stderr[-2000:]
    said = " ".join(out.stdout.split())
    assert "sceneggiatura sceneggiatura FILE: scrive" in said  # help's row, in the player's word
    assert "per esempio: sceneggiatura " in said and "La sceneggiatura è in film.md." in said
    assert (tmp_path / "film.md").exists() and "Traceback" not in out.stdout + out.stderr
