"""The command line as a good citizen: --version, colour as the environment asks, output that
degrades on an ASCII stream, XDG paths, click's ranges, a quick bench, one spelling for the
same option, shell completion, and every environment variable in some --help."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from click.shell_completion import ShellComplete
from click.testing import CliRunner

from gros.cli import main as gros_main
from horror.cli import main as horror_main
from invaders.cli import main as invaders_main

ROOT = Path(__file__).resolve().parents[2]
MAINS = {"gros": gros_main, "invaders": invaders_main, "horror": horror_main}
ANSI = "\x1b["


def cli(game: str, *args: str, env: dict[str, str] | None = None, stdin: str | None = None,
        cwd: Path | None = None) -> subprocess.CompletedProcess:
    """``python -m GAME ARGS`` into a pipe, with ``env`` over a colour-neutral environment."""
    base = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR", "TERM")}
    return subprocess.run([sys.executable, "-m", game, *args], capture_output=True, text=True,
                          timeout=120, env={**base, **(env or {})}, input=stdin,
                          cwd=cwd or ROOT)


@pytest.mark.parametrize("game", MAINS)
def test_every_game_has_a_version(game):
    result = CliRunner().invoke(MAINS[game], ["--version"])
    assert result.exit_code == 0 and result.output == f"{game} (bmovie-games) 0.1.0\n"


def test_rich_decides_colour_from_the_environment():
    """FORCE_COLOR was overridden by hand (force_terminal=False): a pipe never got colour."""
    assert ANSI not in cli("gros", "cards", "blob").stdout  # a pipe: plain
    forced = cli("gros", "cards", "blob", env={"FORCE_COLOR": "1"})
    assert forced.returncode == 0 and ANSI in forced.stdout
    assert ANSI not in cli("gros", "cards", "blob", env={"FORCE_COLOR": "1", "TERM": "dumb"}).stdout
    rules = cli("invaders", "rules", env={"FORCE_COLOR": "1"})  # rendered by rich, not plain
    assert ANSI in rules.stdout and "# Galaxy Invaders" not in rules.stdout


@pytest.mark.parametrize("args", [("gros", "rules"), ("horror", "rules", "--all"),
                                  ("gros", "cards"), ("invaders", "cards"), ("horror", "--help")])
def test_an_ascii_stream_gets_ascii_not_an_error(args):
    """'PYTHONIOENCODING=ascii gros rules' was 'internal error: UnicodeEncodeError'."""
    for env in ({"PYTHONIOENCODING": "ascii"}, {"PYTHONIOENCODING": "ascii", "FORCE_COLOR": "1"}):
        proc = subprocess.run([sys.executable, "-m", *args], capture_output=True, timeout=120,
                              env={**os.environ, **env})
        assert proc.returncode == 0, proc.stderr
        out = proc.stdout.decode("ascii")  # raises if anything but ASCII got through
        assert len(out) > 200 and "error" not in proc.stderr.decode("ascii")
    assert "Grave Robbers from Outer Space - the rules" in \
        cli("gros", "rules", env={"PYTHONIOENCODING": "ascii"}).stdout


def test_an_ascii_stream_keeps_a_game_going():
    proc = cli("horror", "play", "--seed", "1", env={"PYTHONIOENCODING": "ascii"}, stdin="quit\n")
    assert proc.returncode == 0 and "Creature Feature - you play p1" in proc.stdout, proc.stderr


def test_an_empty_xdg_state_home_counts_as_unset(tmp_path):
    """'XDG_STATE_HOME= invaders play' kept its history in ./bmovie of the current folder."""
    pexpect = pytest.importorskip("pexpect")
    home, work = tmp_path / "home", tmp_path / "work"
    work.mkdir()
    env = {"TERM": "xterm", "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home),
           "PROMPT_TOOLKIT_NO_CPR": "1", "XDG_STATE_HOME": "",
           "PYTHONPATH": str(ROOT)}
    child = pexpect.spawn(sys.executable, ["-m", "invaders", "play", "--seed", "3", "--seats",
                                           "random,human"], encoding="utf-8", timeout=30,
                          dimensions=(40, 120), env=env, cwd=str(work))
    child.expect("humans>")
    child.sendline("quit")  # before any move: no record to offer
    child.expect(pexpect.EOF)
    child.close()
    assert not (work / "bmovie").exists()
    assert (home / ".local" / "state" / "bmovie" / "invaders-history").is_file()


def test_the_suite_keeps_out_of_the_real_home():
    """tests/conftest.py points XDG_STATE_HOME at a temporary folder for every process."""
    state = Path(os.environ["XDG_STATE_HOME"])
    assert state.is_dir() and state.is_relative_to(tempfile.gettempdir())
    assert not state.is_relative_to(Path.home() / ".local")


@pytest.mark.parametrize("game,args,words", [
    ("gros", ["bench", "--games", "0"], "x>=1"),
    ("gros", ["bench", "--games", "-3"], "x>=1"),
    ("invaders", ["play", "--think", "-1"], "x>0"),
    ("invaders", ["play", "--think", "0"], "x>0"),
    ("horror", ["host", "--think", "0"], "x>0"),
    ("gros", ["host", "--port", "70000"], "0<=x<=65535"),
    ("gros", ["host", "--games", "0"], "x>=1"),
    ("gros", ["host", "--grace", "-1"], "x>=0"),
    ("invaders", ["join", "h:1", "--pace", "-0.5"], "x>=0"),
])
def test_ranges_belong_to_click(game, args, words):
    """'--games 0' was an internal ZeroDivisionError, '--games -3' ran, 'play --think -1' was
    taken while host refused it."""
    result = CliRunner().invoke(MAINS[game], args)
    assert result.exit_code == 2 and "Invalid value" in result.output and words in result.output
    assert "internal error" not in result.output


def test_help_shows_the_ranges_and_no_copy_paste_slips():
    helps = {(g, c): CliRunner().invoke(m, [c, "--help"]).output
             for g, m in MAINS.items() for c in ("play", "host", "join", "bench")}
    assert "x>=1" in helps["gros", "bench"] and "x>0" in helps["gros", "play"]
    assert "0<=x<=65535" in helps["invaders", "host"] and "TCP port" in helps["invaders", "host"]
    for (game, cmd), text in helps.items():
        assert "[default: (" not in text and f"Usage: {game} {cmd}" in text
        if cmd in ("play", "host"):
            assert ("--variant" in text) == (game in ("gros", "invaders"))  # one variant: nothing to choose
        assert "width" not in text or game == "invaders"
    for game in ("gros", "horror"):
        assert "--players N|NAMES" in helps[game, "play"] and "--players" in helps[game, "host"]


def test_gros_seats_take_names_from_players():
    """gros needed a hidden '-o names=' for what horror spells '--players NAMES'."""
    from gros.rules import RULES

    assert RULES.seats({"players": "bob,ann,joe"}) == ["bob", "ann", "joe"]
    assert RULES.seats({"names": "ray,dana"}) == ["ray", "dana"]  # older records still read
    proc = cli("gros", "play", "--seed", "2", "--players", "Bob,Ann", "--seats", "human,random",
               stdin="quit\n")
    assert proc.returncode == 0 and "you play bob" in proc.stdout, proc.stderr


def test_bench_is_quick_by_default_and_honours_its_flags():
    """'gros bench --games 10' took 78 s (77 of them ISMCTS) and ignored --players."""
    t0 = time.perf_counter()
    result = CliRunner().invoke(gros_main, ["bench", "--games", "3", "--players", "4", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert [(r["config"], r["games"]) for r in report["speed"]] == [("players=4", 3)]
    assert report["matchups"] == [] and "ladder" not in report
    assert time.perf_counter() - t0 < 30  # it takes well under a second; CI may be slow
    plain = json.loads(CliRunner().invoke(gros_main, ["bench", "--games", "2", "--json"]).output)
    assert [r["config"] for r in plain["speed"]] == ["2 players", "4 players", "6 players"]


def test_bench_ladder_defaults_are_the_games_own(monkeypatch):
    """'horror bench --ladder' played 100 films a pairing by default: over an hour. Each game
    now sets its own default (a few minutes); --games and --iterations still ask for more."""
    import common.ladder
    from gros.cli import SPEC as GROS
    from horror.cli import SPEC as HORROR

    asked: list[tuple] = []
    monkeypatch.setattr(common.ladder, "run_ladder",
                        lambda spec, *, games, as_json, options, iterations, think=None:
                        asked.append((games, iterations, think)) or 0)
    assert CliRunner().invoke(horror_main, ["bench", "--ladder"]).exit_code == 0
    assert CliRunner().invoke(horror_main, ["bench", "--ladder", "--games", "40",
                                            "--iterations", "200"]).exit_code == 0
    assert CliRunner().invoke(gros_main, ["bench", "--ladder"]).exit_code == 0
    # --think given: hard thinks as at the table (its strength there), no count of iterations
    assert CliRunner().invoke(horror_main, ["bench", "--ladder", "--think", "1"]).exit_code == 0
    assert asked == [(HORROR.ladder_games, HORROR.ladder_iterations, None), (40, 200, None),
                     (GROS.ladder_games, GROS.ladder_iterations, None), (HORROR.ladder_games, None, 1.0)]
    assert GROS.ladder_iterations == 160  # gros's hard: what 0.3 s of search buys (its rules page)
    assert HORROR.ladder_games < 100


def test_bench_ladder_and_matchups_on_request():
    result = CliRunner().invoke(invaders_main, ["bench", "--ladder", "--games", "2",
                                                "--iterations", "4", "--json"])
    assert result.exit_code == 0, result.output
    ladder = json.loads(result.output)
    assert [(r["strong"], r["weak"], r["games"]) for r in ladder["ladder"]] == \
        [("hard", "normal", 2), ("normal", "easy", 2), ("easy", "random", 2)]
    assert all(0 <= r["low"] <= r["wins"] <= r["high"] <= 1 for r in ladder["ladder"])
    assert ladder["hard_iterations"] == 4 and set(ladder["speed"]) == {"easy", "normal", "hard", "random"}
    result = CliRunner().invoke(horror_main, ["bench", "--games", "1", "--players", "2",
                                              "--matchups", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    # the match-ups are set for 3 and 4 players: --players 2 fits them to two seats
    assert [m["kinds"] for m in report["matchups"]] == [["auteur", "random"], ["auteur", "auteur"]]
    assert all(m["matchup"].endswith(", as " + ",".join(m["kinds"])) for m in report["matchups"])


def _complete(main, prog: str, args: list[str], incomplete: str) -> list[str]:
    shell = ShellComplete(main, {}, prog, f"_{prog.upper()}_COMPLETE")
    return [item.value for item in shell.get_completions(args, incomplete)]


def test_shell_completion_of_seats_bots_and_cards():
    assert _complete(gros_main, "gros", ["play", "--seats"], "human,heu") == ["human,heuristic"]
    assert "human,ismcts" in _complete(gros_main, "gros", ["play", "--seats"], "human,")
    assert _complete(invaders_main, "invaders", ["play", "--seats"], "humans=r") == ["humans=random"]
    assert "remote" in _complete(gros_main, "gros", ["host", "--seats"], "")
    assert "remote" not in _complete(gros_main, "gros", ["play", "--seats"], "")
    assert set(_complete(horror_main, "horror", ["join", "h:1", "--bot"], "")) >= \
        {"random", "ismcts", "auteur"}
    blob = _complete(gros_main, "gros", ["cards"], "the-bl")
    assert blob and all(n.startswith("the-bl") for n in blob)
    assert "deflector-shield" in _complete(invaders_main, "invaders", ["cards"], "def")


def test_every_environment_variable_is_in_some_help():
    """Variables the code reads are listed in --help epilogs, not only in the docs."""
    read: set[str] = set()
    # a read, not a write: environ["X"] = ... only sets a variable for a child process
    pattern = re.compile(r"""environ(?:\.get)?[(\[]\s*["']([A-Z_]+)["'](?!\]\s*=[^=])|["']([A-Z_]+)["'] in """
                         r"""os\.environ|^[A-Z_]+_ENV = ["']([A-Z_]+)["']""", re.M)
    for package in ("common", "gros", "invaders", "horror"):
        for path in (ROOT / package).rglob("*.py"):
            for match in pattern.finditer(path.read_text(encoding="utf-8")):
                read.add(next(g for g in match.groups() if g))
    assert {"BMOVIE_DEBUG", "BMOVIE_NET_GRACE", "BMOVIE_NET_RETRY", "XDG_STATE_HOME"} <= read
    helps = ""
    for main in MAINS.values():
        helps += CliRunner().invoke(main, ["--help"]).output
        for name in main.commands:
            helps += CliRunner().invoke(main, [name, "--help"]).output
    for name in sorted(read | {"NO_COLOR", "FORCE_COLOR", "BMOVIE_NET_PASSWORD"}):
        assert name in helps, name



@pytest.mark.parametrize("game, first, second", [("gros", "title ", "play reporter"),
                                                 ("invaders", "place d ", "fire ")])
def test_help_moves_keeps_the_first_rows_indent(game, first, second):
    """'help moves' stripped its text whole, so the table's first row (gros 'title', Invaders
    'place d') stood four columns left of the rows under it."""
    opener = ["--first", "ray"] if game == "gros" else []  # the human's title comes first
    out = CliRunner().invoke(MAINS[game], ["play", "--seed", "1", "--pace", "0", *opener],
                             input="help moves\nquit\n").output
    rows = [line.split("> ", 1)[1] if re.match(r"^\w+> ", line) else line for line in out.splitlines()]
    top = next(row for row in rows if row.lstrip().startswith(first))
    under = next(row for row in rows if row.lstrip().startswith(second))
    assert len(top) - len(top.lstrip()) == len(under) - len(under.lstrip()) == 4, (top, under)
