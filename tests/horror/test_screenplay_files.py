"""Files are written on a player's computer only at that player's word (issue 20): another
player's 'title Notes' then 'screenplay' made a spectator's and a player's client write
notes.md in their working folder, over a file there, and 100 title changes left 101 files.
Now 'screenplay FILE' is the player's own command, a file is never overwritten unasked, and
the folders of --out and $HORROR_SCREENPLAYS are made or refused in one line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from horror import render, screenplay
from horror.rules import RULES
from tests.common.netkit import ROOT

RECORDS = ROOT / "tests" / "records" / "horror"


def files_under(folder: Path) -> list[str]:
    """Every file below ``folder``, as relative paths."""
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())


def _film_view(tmp_path: Path) -> dict:
    from common.batch import read_record, replay

    return replay(RULES, read_record(RECORDS / "story.rec")).table.view(None)


def test_screenplay_file_is_the_players_own_command_and_never_overwrites(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    view = _film_view(tmp_path)
    hint = render.write_screenplay("", view=view)
    assert "screenplay FILE" in hint and files_under(tmp_path) == []  # a name suggested, nothing written
    said = render.write_screenplay("films/ours.fountain", view=view)
    assert said == f"The screenplay is in {Path('films/ours.fountain')}."
    assert (tmp_path / "films" / "ours.fountain").read_text() == screenplay.fountain(view)
    (tmp_path / "mine.md").write_text("keep me\n")
    said = render.write_screenplay("mine.md", view=view)
    assert said == "Could not write the screenplay: mine.md exists already; name another file"
    assert (tmp_path / "mine.md").read_text() == "keep me\n"
    said = render.write_screenplay("mine.md/x.md", view=view)
    assert said == "Could not write the screenplay: mine.md is not a folder"


def test_the_repl_writes_the_screenplay_only_when_its_player_types_a_name(tmp_path):
    typed = "screenplay\nscreenplay film.md\nscreenplay film.md\nquit\nn\n"
    out = subprocess.run([sys.executable, "-m", "horror", "play", "--seed", "3", "--players", "2"],
                         input=typed, text=True, capture_output=True, cwd=tmp_path, timeout=60,
                         env={**os.environ, "NO_COLOR": "1", "PYTHONPATH": str(ROOT)})
    assert out.returncode == 0, out.stderr[-2000:]
    said = " ".join(out.stdout.split())  # (lines wrap at 80 columns in a pipe)
    assert "for instance: screenplay castle-of-the-mad-doctor.md" in said
    assert "The screenplay is in film.md." in said
    assert "film.md exists already" in said
    assert files_under(tmp_path) == ["film.md"]
    assert "Traceback" not in out.stdout + out.stderr


def test_the_screenplay_command_makes_or_refuses_its_folder_in_one_line(tmp_path):
    def run(*args: str, **env: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "horror", "screenplay", str(RECORDS / "story.rec"), *args],
                              text=True, capture_output=True, cwd=tmp_path, timeout=60,
                              env={**os.environ, "PYTHONPATH": str(ROOT), **env})

    made = run("-o", "new/folder/film.md")
    assert made.returncode == 0 and (tmp_path / "new" / "folder" / "film.md").exists(), made.stderr
    again = run("-o", "new/folder/film.md")
    assert again.returncode == 2 and again.stderr.strip().count("\n") == 0, again.stderr
    assert "exists already" in again.stderr
    assert run("-o", "new/folder/film.md", "--force").returncode == 0
    (tmp_path / "plain").write_text("")
    refused = run("-o", "plain/film.md")
    assert refused.returncode == 2 and refused.stderr.strip() == "error: plain is not a folder"
    by_env = run(HORROR_SCREENPLAYS=str(tmp_path / "shelf" / "horror"))
    assert by_env.returncode == 0 and len(list((tmp_path / "shelf" / "horror").glob("*.md"))) == 1
    refused = run(HORROR_SCREENPLAYS=str(tmp_path / "plain"))
    assert refused.returncode == 2 and refused.stderr.strip() == f"error: {tmp_path / 'plain'} is not a folder"
    for done in (made, again, refused, by_env):
        assert "Traceback" not in done.stdout + done.stderr
