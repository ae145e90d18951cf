"""The Makefile makes .venv again when PY names another interpreter than the one it was made
with ('PY=python3.13 make play' on a 3.11 venv quietly used 3.11), and refuses an old Python
with one line. pip is replaced by echo (and the venvs get none): what is checked is what make
decides to do."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def make(tmp_path):
    if shutil.which("make") is None:
        pytest.skip("no make here")
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy(ROOT / name, tmp_path / name)

    def run(*args: str, py: str = sys.executable) -> subprocess.CompletedProcess:
        return subprocess.run(["make", f"PY={py}", "PIP=echo pip-install",
                               "VENVFLAGS=--without-pip", *args], cwd=tmp_path,
                              capture_output=True, text=True, timeout=300)

    return run


def test_the_venv_follows_the_interpreter(make, tmp_path):
    first = make(".venv/.installed")
    assert first.returncode == 0, first.stderr
    assert "making .venv with" in first.stdout and "pip-install -e ." in first.stdout
    assert (tmp_path / ".venv" / "bin" / "python").exists()
    again = make(".venv/.installed")  # same interpreter: nothing to do
    assert again.returncode == 0 and "making" not in again.stdout and "pip-install" not in again.stdout
    # a venv made by another interpreter (as if PY had changed since) is made again
    (tmp_path / ".venv" / ".python").write_text("3.10.0 /elsewhere\n")
    other = make(".venv/.installed")
    assert "making .venv with" in other.stdout and "pip-install -e ." in other.stdout
    stamp = (tmp_path / ".venv" / ".python").read_text()
    assert stamp.split()[0] == sys.version.split()[0]


def test_a_python_too_old_or_missing_is_one_line(make, tmp_path):
    """A missing one was called 'not a Python 3.11 or newer (try PY=python3.12)', whatever it
    was and whatever this machine has: now what went wrong, and the Pythons that do run."""
    proc = make(".venv/.installed", py="no-such-python3")
    assert proc.returncode != 0 and "PY=no-such-python3 does not run here" in proc.stderr
    assert "; these do: " in proc.stderr and "python3.12)" not in proc.stderr
    assert not (tmp_path / ".venv").exists()
    old = tmp_path / "python-3.8"  # a stand-in that answers as an old Python would
    old.write_text("#!/bin/sh\ncase \"$2\" in *platform*) echo 3.8.18;; *version_info*) exit 1;; "
                   "esac\n")
    old.chmod(0o755)
    proc = make(".venv/.installed", py=str(old))
    assert proc.returncode != 0 and "is Python 3.8.18, not 3.11 or newer" in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 2  # the line, and make's own


def test_make_play_starts_the_game_named(make, tmp_path):
    """'make play GAME=horror' starts Creature Feature (a stand-in 'horror' that says so), and
    a name that is no game is one line, not a shell error."""
    assert make(".venv/.installed").returncode == 0
    for game in ("gros", "horror", "invaders"):
        stub = tmp_path / ".venv" / "bin" / game
        stub.write_text(f"#!/bin/sh\necho started {game} \"$@\"\n")
        stub.chmod(0o755)
    assert "started gros play" in make("play").stdout  # the default stays Grave Robbers
    proc = make("play", "GAME=horror", "ARGS=--seed 3")
    assert proc.returncode == 0 and "started horror play --seed 3" in proc.stdout
    bad = make("play", "GAME=chess")
    assert bad.returncode != 0 and "GAME=chess is not a game here" in bad.stderr


def test_ci_runs_the_readmes_test_command_then_the_linters():
    """CI (.ci/run) runs what the README tells a developer to run, `make test`, then
    `make lint`, which runs ruff and mypy over the four packages."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    steps = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
             if line.strip().startswith("make ")]
    assert steps == ["make test", "make lint"]
    assert "\nmake test " in readme
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    lint = makefile[makefile.index("\nlint:"):].split("\n\n")[0]
    assert "ruff check ." in lint and "$(BIN)/mypy" in lint
    assert '"mypy' in (ROOT / "pyproject.toml").read_text(encoding="utf-8").split("lint = [")[1].split("]")[0]
