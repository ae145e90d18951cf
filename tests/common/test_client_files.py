"""A client writes a file only at its own player's word (issue 20): in Creature Feature,
another player's 'title Notes' then 'screenplay' made a spectator's and a player's client
write notes.md in their working folder, over a file there; 100 title changes left 101 files."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.common.netkit import ROOT, Wire, start_host
from tests.horror.test_screenplay_files import files_under


def test_another_players_title_and_screenplay_write_nothing_on_my_computer(procs, tmp_path):
    pytest.importorskip("pyte")
    from tests.common.test_tui_pty import Term

    host, port = start_host(procs, "horror", "--seats", "remote,remote", "--seed", "5")
    p1 = Wire(port, "horror")
    p1.hello(name="mallory", seat="p1")
    watch_dir = tmp_path / "watcher"
    watch_dir.mkdir()
    (watch_dir / "notes.md").write_text("my own notes\n")
    watcher = subprocess.Popen([sys.executable, "-m", "horror", "join", f"127.0.0.1:{port}", "--watch",
                                "--name", "wes"], cwd=watch_dir, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               env={**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"})
    player_dir = tmp_path / "player"
    player_dir.mkdir()
    (player_dir / "notes.md").write_text("my own notes\n")
    term = Term(player_dir, "horror", f"127.0.0.1:{port}", "--seat", "p2", "--name", "pat",
                command="join", cols=120, rows=40)
    try:
        state = p1.until("state", timeout=20)
        for k in range(6):  # six titles, each with a screenplay asked for
            for move in (f"title {'Notes' if k == 0 else f'Notes {k}'}", "screenplay"):
                p1.send({"type": "move", "move": move, "seq": state["seq"]})
                assert p1.until("ack", "error")["type"] == "ack"
                state = p1.until("state")
        term.shows("Notes 5")  # the player's screen has caught up with the last title
        seen = ""
        for _ in range(400):  # the watcher's too (bounded: its lines, read one by one)
            line = watcher.stdout.readline()
            seen += line
            if "Notes 5" in line or not line:
                break
        assert "Notes 5" in seen, seen[-2000:]
    finally:
        term.close()
        watcher.kill()
        watcher.wait(10)
        p1.close()
    for folder in (watch_dir, player_dir):
        assert [f for f in files_under(folder) if not f.startswith("state")] == ["notes.md"], files_under(folder)
        assert (folder / "notes.md").read_text() == "my own notes\n"
