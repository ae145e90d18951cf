"""The command line's rough edges, one test each: a closed pipe, an ASCII stream, a narrow
terminal, escapes written to no terminal, the XDG spec, a bad environment variable, --help's
environment block, one rule for card names, and a foreign 'common' package."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from common import options
from common.paths import state_dir
from gros.cli import main as gros_main
from horror.cli import main as horror_main
from invaders.cli import main as invaders_main

ROOT = Path(__file__).resolve().parents[2]
MAINS = {"gros": gros_main, "invaders": invaders_main, "horror": horror_main}


def run(game: str, *args: str, env: dict[str, str] | None = None, **kw) -> subprocess.Popen:
    base = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR", "TERM")}
    return subprocess.Popen([sys.executable, "-m", game, *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env={**base, **(env or {})}, cwd=ROOT, **kw)


def test_a_reader_gone_away_is_no_error():
    """'gros run ... | head -1' ended in 'internal error: BrokenPipeError', exit 3 (120 when
    the last flush found it)."""
    records = sorted(str(p) for p in (ROOT / "tests" / "records" / "gros").glob("*.rec"))
    proc = run("gros", "run", *records * 20)
    assert proc.stdout.readline().startswith(b"ok ")
    proc.stdout.close()  # as head does after its line
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 141 and err == "", err


def test_click_follows_an_ascii_stream_too():
    """rich wrote ASCII there, click its help and errors in UTF-8 (é, —, Cyrillic)."""
    for args in (("--lang", "it", "play", "--nope"), ("--lang", "ru", "--help"),
                 ("--lang", "it", "play", "--help")):
        proc = run("gros", *args, env={"PYTHONIOENCODING": "ascii"})
        out, err = proc.communicate(timeout=120)
        assert out + err and max(out + err) < 128, (args, (out + err)[:200])


@pytest.mark.parametrize("columns", ["40", "50", "60"])
def test_a_narrow_terminal_keeps_card_names_whole(columns):
    """COLUMNS=40 'gros cards blob' lost the name; at 50 it was 'G…'."""
    for game, query, name in (("gros", "blob", "The Blob"), ("invaders", "shield",
                                                             "Deflector Shield")):
        proc = run(game, "cards", query, env={"COLUMNS": columns})
        out = proc.communicate(timeout=120)[0].decode()
        assert all(word in out for word in name.split()) and "…" not in out, out
        assert max(len(line) for line in out.splitlines()) <= int(columns)


def test_card_names_complete_to_what_cards_takes_in_every_game():
    """'invaders cards Defl<Tab>' gave two words; gros completed slugs invaders refused."""
    from common.i18n import set_language

    set_language("en")  # what completion offers is in the language 'cards' then reads
    for game, main in MAINS.items():
        spec = sys.modules[f"{game}.cli"].SPEC
        words = options.complete_cards(spec)(None, None, "")  # type: ignore[arg-type]
        assert words and all(" " not in w and "!" not in w for w in words), game  # one shell word
        for word in words[:: max(1, len(words) // 12)]:
            result = CliRunner().invoke(main, ["cards", word])
            assert result.exit_code == 0, (game, word, result.output)
    result = CliRunner().invoke(invaders_main, ["cards", "Deflector", "Shield"])
    assert result.exit_code == 0 and "Deflector Shield" in result.output


def test_the_hot_seat_wipe_writes_no_escape_to_a_file_or_a_dumb_terminal(monkeypatch):
    from rich.console import Console

    from common import handoff

    for terminal, term in ((False, "xterm"), (True, "dumb")):
        monkeypatch.setenv("TERM", term)
        out = io.StringIO()
        monkeypatch.setattr(handoff, "console", lambda out=out, t=terminal: Console(
            file=out, force_terminal=t))
        handoff.wipe_screen()
        assert out.getvalue() == "", (terminal, term)
    monkeypatch.setenv("TERM", "xterm")
    out = io.StringIO()
    monkeypatch.setattr(handoff, "console", lambda: Console(file=out, force_terminal=True))
    handoff.wipe_screen()
    assert "\x1b[3J" in out.getvalue()  # a real terminal: its scrollback goes too


def test_a_relative_xdg_state_home_is_ignored(monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_STATE_HOME", "relative/state")
    assert state_dir() == tmp_path / ".local" / "state" / "bmovie"
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "abs"))
    assert state_dir() == tmp_path / "abs" / "bmovie"


@pytest.mark.parametrize("value", ["abc", "-3", "nan"])
def test_a_bad_grace_in_the_environment_is_refused(value):
    proc = run("gros", "host", "--port", "0", "--bind", "127.0.0.1", "--seats", "remote,normal",
               env={"BMOVIE_NET_GRACE": value}, stdin=subprocess.DEVNULL)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 2 and err.decode().count("\n") == 1
    assert "BMOVIE_NET_GRACE" in err.decode()


def test_every_help_lists_the_colour_variables_and_fits_the_terminal():
    env = {"COLUMNS": "80"}
    for game, main in MAINS.items():
        for command in [None, *main.commands]:
            args = [command, "--help"] if command else ["--help"]
            for lang in ("en", "ru"):
                out = CliRunner().invoke(main, ["--lang", lang, *args], env=env).output
                assert "NO_COLOR" in out and "FORCE_COLOR" in out, (game, command)
                env_block = out.split("Environment:" if lang == "en" else "окружения:")[-1]
                assert max(map(len, env_block.splitlines())) <= 80, (game, command, lang)


def test_a_foreign_common_package_is_one_clear_line(tmp_path):
    (tmp_path / "foreign" / "common").mkdir(parents=True)
    (tmp_path / "foreign" / "common" / "__init__.py").write_text("")
    env = {**os.environ, "PYTHONPATH": f"{tmp_path / 'foreign'}{os.pathsep}{ROOT}"}
    for game in MAINS:
        proc = subprocess.run([sys.executable, "-c", f"from {game}.cli import main; main()",
                               "--version"], capture_output=True, text=True, env=env,
                              cwd=tmp_path, timeout=120)
        assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr
        assert proc.stderr.count("\n") == 1 and "package named 'common'" in proc.stderr


def test_a_typo_in_card_data_is_bad_input_not_an_internal_error(tmp_path):
    """A typo in card data ('location_traitt') was 'internal error: CardDataError(…)', exit 3."""
    import shutil

    shutil.copytree(ROOT, tmp_path / "tree", ignore=shutil.ignore_patterns(
        ".git", ".venv", "tests", "docs", "__pycache__"))
    data = tmp_path / "tree" / "gros" / "cards" / "gros.toml"
    data.write_text(data.read_text().replace('type = "character"\n',
                                             'type = "character"\nlocation_traitt = "Lab"\n', 1))
    for args in (("cards", "blob"), ("play", "--seats", "normal,normal", "--pace", "0")):
        proc = subprocess.run([sys.executable, "-m", "gros", *args], capture_output=True,
                              text=True, timeout=120, cwd=tmp_path / "tree",
                              stdin=subprocess.DEVNULL)
        assert proc.returncode == 2 and proc.stderr.startswith("error: gros.toml"), proc.stderr
        assert "location_traitt" in proc.stderr and proc.stderr.count("\n") == 1
