"""The games as people install them, away from the checkout.

The other tests run from the source tree, where everything is at hand; these build the sdist,
build the wheel from the unpacked sdist (as pip does), install it into a fresh venv, and run
every game from an unrelated folder: 'rules' needs the rules page as package data, 'cards' the
card data, and 'run' replays a record shipped in the sdist. Nothing is fetched: the build uses
this interpreter's hatchling, and the venv sees the already-installed dependencies through a
.pth line, never the checkout.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path

import click
import prompt_toolkit
import rich

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("gros", "invaders", "horror")


def _build(kind: str, source: Path, out: Path) -> Path:
    """Run the build backend's PEP 517 hook ``build_sdist`` or ``build_wheel`` in ``source``."""
    code = f"from hatchling import build as b; print(b.build_{kind}({str(out)!r}))"
    proc = subprocess.run([sys.executable, "-c", code], cwd=source, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return out / proc.stdout.strip().splitlines()[-1]


def test_the_wheel_works_away_from_the_checkout(tmp_path):
    dist = tmp_path / "dist"
    sdist = _build("sdist", ROOT, dist)
    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
        tar.extractall(tmp_path / "src", filter="data")
    # the sdist carries the tests and their records, so the tests run from it
    for need in ("tests/test_records.py", "tests/conftest.py", "tests/gros/test_cli.py",
                 "tests/records/gros/book-000-attack-example.rec", ".ci/run",
                 "gros/rules.md", "invaders/rules.md", "horror/rules.md", "Makefile"):
        assert need in names, need
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]

    source = tmp_path / "src" / sdist.name.removesuffix(".tar.gz")
    wheel = _build("wheel", source, dist)
    with zipfile.ZipFile(wheel) as zf:
        inside = set(zf.namelist())
        meta = next(zf.read(n).decode() for n in inside if n.endswith(".dist-info/METADATA"))
    for need in ("gros/rules.md", "invaders/rules.md", "horror/rules.md", "gros/cards/gros.toml",
                 "invaders/decks.toml"):
        assert need in inside, need
    # the languages: every compiled catalog and every translated rules page (rules.it.md, ...)
    # that the checkout has, so 'GAME --lang ru rules' reads Russian when installed too
    for package in ("common", *GAMES):
        for path in [*(ROOT / package / "locale").rglob("*.mo"),
                     *(ROOT / package / "locale").rglob("cards.toml"),
                     *(ROOT / package).glob("rules.*.md")]:
            need = path.relative_to(ROOT).as_posix()
            assert need in inside, need
    assert "common/locale/ru/LC_MESSAGES/common.mo" in inside
    assert not [n for n in inside if n.endswith(".po")]  # translators' sources: 436 KB unread
    assert not [n for n in inside if n.startswith("tests/")]
    assert "License-Expression: MIT" in meta and "Classifier: Environment :: Console" in meta

    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=False)
    python = env_dir / "bin" / "python"
    proc = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install",
                           "--quiet", "--no-deps", "--no-index", "--disable-pip-version-check",
                           str(wheel)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path("
                                "'purelib'))"], capture_output=True, text=True,
                               check=True).stdout.strip())
    # the dependencies, as installed for this test run; a .pth line adds a folder to sys.path
    # without reading the .pth files inside it, so the checkout's editable install stays out
    deps = {str(Path(m.__file__).parent.parent) for m in (click, rich, prompt_toolkit)}
    (site / "deps-for-the-test.pth").write_text("\n".join(sorted(deps)) + "\n")

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([str(env_dir / "bin" / args[0]), *args[1:]], cwd=elsewhere, env=env,
                              capture_output=True, text=True, timeout=120)

    where = run("python", "-c", "import json, sys, common, gros, horror, invaders; "
                "print(json.dumps([[m.__file__ for m in (common, gros, horror, invaders)], "
                "sys.path]))")
    assert where.returncode == 0, where.stderr
    files, path = json.loads(where.stdout)
    assert all(f.startswith(str(site)) for f in files), files
    assert str(ROOT) not in path, path  # (the cwd, "" with -c, is the empty folder)
    for game in GAMES:
        out = run(game, "rules")
        assert out.returncode == 0 and " — the rules as this pro" in out.stdout, \
            (game, out.stdout[:300], out.stderr)
        out = run(game, "cards")
        assert out.returncode == 0 and len(out.stdout.splitlines()) > 5, (game, out.stderr)
        record = sorted((source / "tests" / "records" / game).glob("*.rec"))[0]
        out = run(game, "run", str(record))
        assert out.returncode == 0 and out.stdout.startswith("ok "), (game, out.stdout, out.stderr)
        out = run(game, "--version")
        assert out.stdout == f"{game} (bmovie-games) 0.1.0\n", out.stdout
        out = run(game, "--lang", "ru", "rules", "--help")  # the installed catalogs are found
        assert out.returncode == 0 and out.stdout.startswith("Использование:"), out.stdout
