"""The shared front-ends in Italian and Russian (issue 15): every command takes --lang (before
or after the command's name) and BMOVIE_LANG, --help and click's own words follow it, the REPL
takes its commands in the player's language, and a whole game played through the real REPL
finds every message of the checked domains in the catalogs. ``--help`` stays quick."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

import common.transcript as transcript_module
from common import i18n
from common.commands import local_words
from common.engine import GameError
from common.i18n import language
from gros.cli import main as gros_main
from horror.cli import main as horror_main
from invaders.cli import main as invaders_main

ROOT = Path(__file__).resolve().parents[2]
MAINS = {"gros": gros_main, "invaders": invaders_main, "horror": horror_main}
# the domains whose every message a play-through must find translated; widen to all four
# ("common", "gros", "invaders", "horror") once the games' catalogs are complete
CHECKED_DOMAINS = ("common", "gros", "invaders", "horror")
USAGE = {"en": "Usage:", "it": "Uso:", "ru": "Использование:"}
ENVIRONMENT = {"en": "Environment:", "it": "Ambiente:", "ru": "Переменные окружения:"}


def _help(main, args: list[str], env: dict[str, str | None] | None = None) -> str:
    result = CliRunner().invoke(main, args, env=env)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("game", MAINS)
def test_every_command_takes_lang_before_or_after_its_name_and_from_the_environment(game):
    main = MAINS[game]
    assert set(main.commands) >= {"play", "run", "replay", "host", "join", "bench", "rules",
                                  "cards"}
    for name in main.commands:
        english = _help(main, [name, "--help"])  # first: click keeps what it made first
        for lang in ("it", "ru"):
            before = _help(main, ["--lang", lang, name, "--help"])
            after = _help(main, [name, "--help", f"--lang={lang}"])
            env = _help(main, [name, "--help"], env={"BMOVIE_LANG": lang})
            for text in (before, after, env):
                assert text.startswith(USAGE[lang]) and ENVIRONMENT[lang] in text, (name, text)
                assert "BMOVIE_LANG" in text and "Show this message" not in text
            assert before == after == env
        assert english == _help(main, [name, "--help"])
        assert english.startswith("Usage:") and "BMOVIE_LANG" in english
        # --lang wins over BMOVIE_LANG, and the locale counts when neither is set
        assert _help(main, [name, "--help", "--lang", "en"], env={"BMOVIE_LANG": "ru"}) == english
        assert _help(main, [name, "--help"], env={"BMOVIE_LANG": None, "LC_ALL": None,
                                                  "LC_MESSAGES": None,
                                                  "LANG": "it_IT.UTF-8"}).startswith("Uso:")


def test_russian_help_is_russian():
    text = _help(gros_main, ["--lang", "ru", "play", "--help"])
    assert "Играть в" in text and "Параметры:" in text and "Показать это сообщение и выйти." in text
    assert "язык игры" in text  # --lang's own help
    for english in ("Play ", "Options:", "seed of the shuffle", "Show this message"):
        assert english not in text, english
    top = _help(invaders_main, ["--help"], env={"BMOVIE_LANG": "ru"})
    assert "Команды:" in top and "Начните с «invaders play»" in top


@pytest.mark.parametrize("lang", ["it", "ru"])
@pytest.mark.parametrize("game", MAINS)
def test_help_names_what_an_option_takes_in_the_players_language(game, lang):
    """--think SECONDI, [ОПЦИИ], FILES...: no English placeholder in an Italian or Russian
    --help (the usage line, the options, the arguments), and English keeps its own."""
    from common.options import PLACEHOLDERS

    main = MAINS[game]
    english_words = {w.strip("[]").split(" ")[0] for w in PLACEHOLDERS if w != "BOT"}  # 'BOT' is Italian too
    for name in [None, *main.commands]:
        args = ["--lang", lang] + ([name] if name else []) + ["--help"]
        text = _help(main, args)
        usage = text.split("\n\n")[0]
        options = [line.split()[1] for line in text.splitlines()
                   if line.startswith("  -") and len(line.split()) > 1 and line.split()[1].isupper()]
        shown = " ".join([usage, *options])
        for word in english_words:
            if word != "FILE" or lang == "ru":  # 'FILE' is Italian too
                assert not re.search(rf"(?<![\w-]){re.escape(word)}(?![\w])", shown), (name, word, shown)
    english = _help(main, ["play", "--help"])
    assert "Usage: " + game + " play [OPTIONS]" in english and "--think SECONDS" in english
    if lang == "ru":  # a person's name, not a card's title ('карта НАЗВАНИЕ')
        assert re.search(r"--name +ИМЯ", _help(main, ["--lang", "ru", "join", "--help"]))


def test_click_errors_and_our_own_follow_the_language(tmp_path):
    result = CliRunner().invoke(gros_main, ["play", "--lang", "ru", "--nope"])
    assert result.exit_code == 2 and "Ошибка: Нет параметра '--nope'." in result.output
    result = CliRunner().invoke(gros_main, ["--lang", "it", "plya"])
    assert result.exit_code == 2 and "Errore: Il comando 'plya' non esiste." in result.output
    result = CliRunner().invoke(gros_main, ["--lang", "de", "play"])  # refused in English
    assert result.exit_code == 2 and "'de' is not one of 'en', 'it', 'ru'" in result.output
    result = CliRunner().invoke(invaders_main, ["cards", "--lang", "ru", "zzzzzz"])
    assert result.exit_code == 2 and "ошибка: ни одна карта не подходит под 'zzzzzz'" in \
        result.output
    record = sorted((ROOT / "tests" / "records" / "gros").glob("*.rec"))[0]
    result = CliRunner().invoke(gros_main, ["run", str(record)], env={"BMOVIE_LANG": "ru"})
    assert result.exit_code == 0 and result.output.startswith(f"ok {record}: ")  # scripts read it
    assert " ход" in result.output and "провер" in result.output, result.output
    bad = tmp_path / "bad.rec"
    bad.write_text("game gros\nseed x\n", encoding="utf-8")
    result = CliRunner().invoke(gros_main, ["run", "--lang", "it", str(bad)])
    assert result.exit_code == 2 and \
        f"errore: {bad}:2: il seme deve essere un numero intero, non 'x'" in result.output


def test_a_record_expecting_a_refusal_replays_in_every_language(tmp_path):
    """'expect illegal SEAT: MOVE -> words' holds the rules' English words: checked in English
    whatever the player reads (the refusal is worded in the player's language elsewhere)."""
    from common.batch import read_record, replay
    from gros.rules import RULES

    records = [p for p in sorted((ROOT / "tests" / "records" / "gros").glob("*.rec"))
               if "expect illegal" in p.read_text(encoding="utf-8") and "->" in
               p.read_text(encoding="utf-8")]
    assert records
    for lang in ("it", "ru"):
        with language(lang):
            result = replay(RULES, read_record(records[0]))
        assert not result.failures, (lang, result.failures)


def test_rules_are_shown_in_the_language_when_the_game_has_that_page(tmp_path, monkeypatch):
    from common.spec import GameSpec
    from gros.cli import SPEC

    package = tmp_path / "pagegame"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "rules.md").write_text("# Rules\n\nEnglish.\n<!-- for developers -->\nx\n",
                                      encoding="utf-8")
    (package / "rules.ru.md").write_text("# Правила\n\nПо-русски.\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    spec = GameSpec(name="pagegame", title="Page Game", blurb="", rules_path="pagegame.rules:R",
                    render_module="pagegame.render", default_seats="human")
    with language("ru"):
        assert spec.rules_text() == "# Правила\n\nПо-русски.\n"
    with language("it"):  # no Italian page: the English one
        assert spec.rules_text() == "# Rules\n\nEnglish.\n"
    assert spec.rules_text() == "# Rules\n\nEnglish.\n"
    monkeypatch.setattr(SPEC, "rules_doc", "no-such-page.md")
    with language("it"), pytest.raises(GameError, match="reinstalla i giochi"):
        SPEC.rules_text()


def test_the_repl_commands_answer_to_the_players_words():
    for lang in ("it", "ru"):
        with language(lang):
            words = local_words()
        assert set(words.values()) >= {"help", "moves", "board", "hand", "log", "discard",
                                       "card", "cards", "rules", "undo", "save", "quit"}
        assert len(words) == len(set(words)) and not set(words) & set(words.values())
    with language("en"):
        assert local_words() == {}


@pytest.mark.parametrize("lang", ["it", "ru"])
@pytest.mark.parametrize("game", ["invaders", "gros", "horror"])
def test_a_game_through_the_real_repl_leaves_no_message_untranslated(game, lang, monkeypatch):
    """A seeded game through the line REPL (common.transcript's scripted player), typing the
    REPL's commands in the language now and then: help, the moves, the log, the board,
    undo, a card that does not exist, a save with no file, a typo, a line too long."""
    with language(lang):
        words = {english: local for local, english in local_words().items()}
    asides = (f"{words['help']}", f"{words['help']} {words['moves']}", words["moves"],
              f"{words['log']} 3", words["board"], words["discard"], f"{words['card']} qqqqq",
              words["save"], words["undo"], "xyzzy 42", "x" * 600, f"{words['log']} zz",
              words["hand"], f"{words['cards']} zzzz")

    class Player(transcript_module._Scripted):
        """Types every aside once, one before each of its first moves, then only moves."""

        def read(self, seat: str) -> str:
            if self.typed < 2 * len(asides) and self.typed % 2 == 0:
                self.typed += 1
                line = asides[self.typed // 2]
                print(f"{seat}> {line}")
                return line
            return super().read(seat)

    monkeypatch.setenv("NO_COLOR", "1")  # what transcript() sets, put back after the test
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setattr(transcript_module, "_Scripted", Player)
    monkeypatch.setattr(transcript_module, "HEAD", 10 ** 6)  # the whole game, uncut
    i18n.MISSES.clear()
    with language(lang):
        text = transcript_module.transcript(game, 14)
    missed = sorted(m for m in i18n.MISSES if m[0] in CHECKED_DOMAINS)
    assert not missed, missed
    said = {"it": ("Mosse possibili:", "Scrivi 'aiuto' per i comandi", "questo elenco"),
            "ru": ("Возможные ходы:", "Наберите «помощь»", "этот список")}[lang]
    flat = " ".join(text.split())  # the console wraps at 80 columns
    for words_said in said:
        assert words_said in flat, (words_said, text[:3000])
    assert "Type 'help'" not in flat and "Moves now:" not in flat


def _seconds(command: list[str], env: dict[str, str]) -> float:
    t0 = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, check=True, env=env, timeout=60)
    return time.perf_counter() - t0


def test_help_starts_about_as_quickly_as_click_itself():
    """Issue 15: 'gros --help' within 1.5x 'python -c "import click"', catalogs loaded lazily
    (English loads none). The best of several runs of each, interleaved, with byte code
    written (as an installed game has it). Measured quiet, it is about 1.2x; the suite allows
    2.5x, since a busy CI machine stretches short runs unevenly (the imports below are the
    exact part of the check)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT)
    click = [sys.executable, "-c", "import click"]
    gros = [sys.executable, "-c", "import sys; from gros.cli import main; sys.argv[0] = 'gros'; "
            "main()", "--help"]
    for command in (click, gros):  # write the byte code first
        _seconds(command, env)
    click_best = gros_best = float("inf")
    for _ in range(5):
        click_best = min(click_best, _seconds(click, env))
        gros_best = min(gros_best, _seconds(gros, env))
    assert gros_best <= 2.5 * click_best, (gros_best, click_best)
    proc = subprocess.run([*gros[:-1], "--help"], capture_output=True, text=True, env=env,
                          timeout=60)
    assert proc.returncode == 0 and "Usage:" in proc.stdout
    code = ("import sys; from gros.cli import main; sys.argv[0] = 'gros'\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m in ('rich', 'prompt_toolkit', 'babel')))")
    proc = subprocess.run([sys.executable, "-c", code, "--help"], capture_output=True, text=True,
                          env=env, timeout=60)
    assert proc.stdout.strip().splitlines()[-1] == "[]", proc.stdout


@pytest.mark.parametrize(("lang", "sentence", "mark"), [
    ("it", "ray gioca Il Blob sul film di dana.", "+"),
    ("it", "La Ragazza della Fattoria muore nel film di dana.", "\u2212"),
    ("it", "La nave aliena scende di una riga.", "\u2192"),
    ("ru", "ray разыгрывает «Каплю» в фильме dana.", "+"),
    ("ru", "Игрок dana сбрасывает «Дробовик».", "\u2212"),
    ("ru", "Корабль пришельцев спускается на ряд.", "\u2192"),
    ("ru", "Игрок ray пасует.", "\u00b7"),  # 'Игрок' is no verb: no mark
])
def test_the_story_marks_find_the_verbs_of_the_language(lang, sentence, mark):
    from common.story import Story

    with language(lang):
        assert Story().mark(sentence) == mark


def test_a_thread_speaks_the_language_the_player_chose():
    """'invaders play --lang ru --tui' said its opening line in English: the full-screen
    table plays in a thread, and a thread starts with an empty context."""
    import threading

    from common import _
    from common.i18n import set_language

    said: list[str] = []
    set_language("ru")
    thread = threading.Thread(target=lambda: said.append(_("Game over.")))
    thread.start()
    thread.join()
    with language("it"):  # a host's task keeps its own player's language
        said.append(_("Game over."))
    assert said == ["Игра окончена.", "Partita finita."]


@pytest.mark.parametrize(("game", "reason"), [("gros", "the last card was drawn"),
                                              ("invaders", "the aliens ran out of cards")])
def test_the_end_screen_words_the_games_reason_in_the_players_language(game, reason, monkeypatch):
    """gros and Invaders keep an outcome's reason in English (records assert on it); the end
    screen's result line said it in English to an Italian table until it asked the game's
    ``render.reason_text``. (No lookup missed, so the play-through test could not see it.)"""
    import contextlib
    import importlib
    import io

    from common.endscreen import show_end
    from common.render import console

    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "200")
    spec = importlib.import_module(f"{game}.cli").SPEC
    monkeypatch.setattr(spec.render, "end_summary", lambda view, out: [])  # wants a real game
    out = io.StringIO()
    console.cache_clear()
    with language("it"), contextlib.redirect_stdout(out):
        show_end(spec, {"variant": spec.rules.variants[0]}, {"winners": ["ray"], "reason": reason})
    console.cache_clear()
    first = next(line for line in out.getvalue().splitlines() if "ray" in line)
    assert reason not in first and "—" in first, first
