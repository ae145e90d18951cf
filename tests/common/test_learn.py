"""``GAME learn``: each game's guided game is a real game that ends, its texts exist in every
language, and a person at a terminal can follow it to the end and on into a real game."""

from __future__ import annotations

import os
import re
import sys
from importlib.resources import files

import pytest

from common.batch import open_table
from common.i18n import LANGUAGES, language
from common.learn import SCRIPT, load_script
from common.record import parse_record

pexpect = pytest.importorskip("pexpect")

GAMES = [g for g in ("gros", "invaders", "horror") if files(g).joinpath(SCRIPT).is_file()]
ANSI = re.compile(r"\x1b\[[0-9;?]*[a-zA-Z]")


def spec_of(game: str):
    import importlib

    return importlib.import_module(f"{game}.cli").SPEC


def test_gros_has_a_guided_game():
    assert "gros" in GAMES


@pytest.mark.parametrize("game", GAMES)
def test_the_script_replays_to_the_end_of_a_game(game):
    spec = spec_of(game)
    script = load_script(spec, "en")
    table = open_table(spec.rules, parse_record(script.header))
    for step in script.steps:
        assert table.outcome() is None, f"the game ended before {step.seat}: {step.move}"
        table.play(step.seat, step.move)
    assert table.outcome() is not None
    assert any(step.seat == script.player for step in script.steps)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_text_is_there_in_every_language(game, lang):
    spec = spec_of(game)
    english, local = load_script(spec, "en"), load_script(spec, lang)
    wanted = {"start", "finish"} | {s.text for s in english.steps if s.text}
    assert set(local.texts) == set(english.texts) and wanted <= set(local.texts)
    for key, parts in english.texts.items():
        assert set(local.texts[key]) == set(parts), (lang, key)
        assert all(local.say(key, part) for part in parts), (lang, key)
    if lang != "en":
        assert local.say("start") != english.say("start")


def spawn(tmp_path, game: str, lang: str):
    env = {"TERM": "xterm", "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
           "HOME": str(tmp_path), "PROMPT_TOOLKIT_NO_CPR": "1",
           "XDG_STATE_HOME": str(tmp_path / "state"), "BMOVIE_LANG": lang}
    return pexpect.spawn(sys.executable, ["-m", game, "learn"], encoding="utf-8", timeout=20,
                         dimensions=(50, 160), env=env)


TYPE = {"en": "Type: ", "it": "Scrivi: ", "ru": "Введите: "}
WRONG = {"en": "In this guided game, type: ", "it": "In questa partita guidata, scrivi: ",
         "ru": "В этой обучающей партии введите: "}
REAL = {"en": "Start a real game now?", "it": "Cominciare ora una partita vera?",
        "ru": "Начать настоящую партию?"}


def follow(child, lang: str, player: str, wrong: str | None) -> int:
    """Type each suggested move (after ``wrong`` once, at the first prompt); the moves typed."""
    typed = 0
    for _ in range(60):
        i = child.expect([re.escape(TYPE[lang]) + r"([^\r\n]+)\r?\n", re.escape(REAL[lang])])
        if i == 1:
            return typed
        move = ANSI.sub("", child.match.group(1)).strip()  # the whole line: up to its end
        child.expect_exact(f"{player}>")
        if wrong is not None:
            child.sendline(wrong)
            child.expect_exact(WRONG[lang] + move)
            child.expect_exact(f"{player}>")
            wrong = None
        child.sendline(move)
        typed += 1
    raise AssertionError("the guided game did not end in 60 moves")


@pytest.mark.parametrize("game", GAMES)
def test_a_newcomer_follows_the_moves_with_one_wrong_one_then_plays(tmp_path, game):
    script = load_script(spec_of(game), "en")
    child = spawn(tmp_path, game, "en")
    theirs = sum(step.seat == script.player for step in script.steps)
    assert follow(child, "en", script.player, wrong="end") == theirs
    child.sendline("")  # Enter: yes, a real game
    child.expect(r"\w+>")  # its first prompt (the seats of 'play')
    child.sendcontrol("d")
    if child.expect(["Save the game so far", pexpect.EOF]) == 0:  # (offered once a move is made)
        child.sendline("n")
        child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in child.before


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["it", "ru"])
def test_the_guided_game_in_italian_and_russian(tmp_path, game, lang):
    script = load_script(spec_of(game), lang)
    child = spawn(tmp_path, game, lang)
    child.expect_exact(script.say("start")[:40])
    with language(lang):  # the prompt names the seat as the player reads it ('umani>')
        prompt = spec_of(game).seat_name(script.player)
    follow(child, lang, prompt, wrong=None)
    child.sendline("n")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in child.before


def test_the_move_may_be_typed_in_any_spelling_the_notation_reads():
    from common.learn import ScriptedSession

    spec = spec_of("gros")
    script = load_script(spec, "en")
    session = ScriptedSession(spec, open_table(spec.rules, parse_record(script.header)), script)
    assert session.same_move("gioca the-robot", "play the-robot")  # the Italian move word
    assert session.same_move("play  The-Robot", "play the-robot")
    assert not session.same_move("play the-shotgun on ray/the-robot", "play the-robot")
    assert not session.same_move("fly me to the moon", "play the-robot")
