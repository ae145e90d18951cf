"""The full-screen table (--tui) through a pseudo-terminal, its screen rendered by pyte (a
terminal emulator): what a player sees after moves, after a resize, at a hot-seat hand-over
and at the end; and the fall-back to the line REPL."""

from __future__ import annotations

import os
import re
import sys
import time
from collections.abc import Callable

import pytest

pexpect = pytest.importorskip("pexpect")
pyte = pytest.importorskip("pyte")


class Term:
    """A game in a pty of ``cols`` x ``rows``, its output fed to a pyte screen."""

    def __init__(self, tmp_path, game: str, *args: str, cols: int = 100, rows: int = 30,
                 command: str = "play") -> None:
        env = {"TERM": "xterm", "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path),
               "PROMPT_TOOLKIT_NO_CPR": "1", "XDG_STATE_HOME": str(tmp_path / "state")}
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        extra = ("--pace", "0") if command == "play" else ()
        self.child = pexpect.spawn(sys.executable, ["-m", game, command, "--tui", *args, *extra],
                                   dimensions=(rows, cols), env=env, cwd=str(tmp_path), timeout=30)
        self.raw = b""

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def until(self, ok: Callable[[str], bool], timeout: float = 30.0) -> str:
        """Read the child's output into the screen until ``ok(screen text)``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                data = self.child.read_nonblocking(65536, timeout=0.2)
                self.raw += data
                self.stream.feed(data)
            except pexpect.TIMEOUT:
                pass
            except pexpect.EOF:
                break
            if ok(self.text()):
                return self.text()
        raise AssertionError(f"the screen never showed what was expected:\n{self.text()}")

    def shows(self, *parts: str, timeout: float = 30.0) -> str:
        return self.until(lambda screen: all(p in screen for p in parts), timeout)

    def type(self, line: str) -> None:
        self.child.send(line)
        time.sleep(0.2)
        self.child.send("\r")

    def resize(self, cols: int, rows: int) -> None:
        self.screen.resize(rows, cols)
        self.child.setwinsize(rows, cols)

    def close(self) -> None:
        self.child.close(force=True)
        assert b"Traceback" not in self.raw


def test_the_board_the_log_and_the_prompt_after_moves_and_a_resize(tmp_path):
    term = Term(tmp_path, "invaders", "--seed", "3", "--seats", "random,human")
    screen = term.shows("Your hand (humans)", "humans to decide", "humans>")
    assert "Galaxy Invaders — you play humans" in screen  # the log pane, under the board
    term.type("place d")
    def laid_out(screen: str) -> bool:  # prompt, status line, the hand in a pane of its own
        rows = screen.splitlines()
        return (rows[-1].startswith("humans>") and "humans to decide" in rows[-2]
                and any(row.startswith("Your hand (humans)") for row in rows[-4:-2]))  # may wrap

    screen = term.until(lambda s: "+ The aliens play Side Thrusters" in s and "You drew" in s
                        and laid_out(s))
    rows = screen.splitlines()
    assert sum("turn     1" in row for row in rows) == 1  # the board pane, drawn once, current
    term.type("log 2")
    term.shows("humans> log 2")
    term.resize(140, 36)  # wide enough: the log moves beside the board
    screen = term.until(lambda s: laid_out(s) and any("│" in row and "shields" in row.split("│")[0]
                                                      for row in s.splitlines()))
    beside = [row for row in screen.splitlines() if "│" in row]
    assert any("The humans place the Defender" in row.split("│", 1)[1] for row in beside)
    term.resize(90, 28)  # and back under it
    term.until(lambda s: not any("│" in row for row in s.splitlines()) and laid_out(s))
    term.close()


def test_a_film_keeps_its_script_in_the_board_panes_spare_rows(tmp_path):
    """Creature Feature's board is a few lines: beside the log, the rest of its pane showed
    nothing while the cast and the tropes were one 'script' away. Now the script fills it."""
    term = Term(tmp_path, "horror", "--seed", "7", "--players", "3", "--first", "p1", cols=140,
                rows=40)
    term.shows("p1>", "premise")
    term.type("agree")
    term.shows("meeting")
    term.type("star Nell Tarrant: the keeper's daughter")
    screen = term.shows("The script", "Characters:", "c1 Nell Tarrant")
    board = [row.split("│")[0] for row in screen.splitlines() if "│" in row]
    assert any("The script" in row for row in board) and any("Nell Tarrant" in row for row in board)
    term.close()


def test_the_log_scrolls_back_with_page_up(tmp_path):
    term = Term(tmp_path, "invaders", "--seed", "3", "--seats", "random,human", cols=90, rows=24)
    term.shows("humans>")
    term.type("place d")
    term.shows("You drew")
    for _ in range(3):
        term.type("help")
        time.sleep(0.3)
    term.shows("anything else is a move")
    term.child.send("\x1b[5~")  # PageUp
    screen = term.shows("log scrolled back")
    term.child.send("\x1b[6~")  # PageDown
    term.until(lambda s: "log scrolled back" not in s and s != screen)
    term.close()


def test_the_hand_over_hides_the_last_players_hand(tmp_path):
    term = Term(tmp_path, "invaders", "--seed", "3", "--seats", "human,human")
    screen = term.shows("Hand the keyboard to humans")
    assert "Your hand" not in screen
    term.type("")
    term.shows("Your hand (humans)", "humans>")
    term.type("place d")
    # a frame drawn half-way may still hold old lines: wait for the whole hand-over screen,
    # then check it stays clean (it waits for Enter, so a leak would stay on it)
    hidden = lambda s: "Your hand" not in s and "You drew" not in s  # noqa: E731
    term.until(lambda s: "Hand the keyboard to aliens" in s and hidden(s))
    time.sleep(0.5)
    screen = term.shows("Hand the keyboard to aliens")
    assert hidden(screen)  # nothing of the humans' is left
    term.type("")
    screen = term.shows("Your hand (aliens)", "aliens, since your last turn:")
    assert "Your hand (humans)" not in screen
    term.close()


def test_the_end_screen_then_quit(tmp_path):
    from tests.common.test_story_pty import _near_the_end

    path, kinds, seat, move = _near_the_end(tmp_path, "invaders", "", 7, {})
    term = Term(tmp_path, "invaders", "--load", str(path), "--seats", kinds, cols=100, rows=40)
    term.shows(f"{seat}>")
    term.type(move)
    term.shows("Victory: ", " won on turn ", "Save the record?")
    term.type("n")
    term.shows("Not saved", "q) quit")
    term.type("q")
    term.child.expect(pexpect.EOF)
    term.child.close()
    assert term.child.exitstatus == 0


@pytest.mark.parametrize("size, why", [((70, 20), "needs at least 80x24")])
def test_a_small_terminal_gets_the_line_repl(tmp_path, size, why):
    term = Term(tmp_path, "invaders", "--seed", "3", "--seats", "random,human", cols=size[0], rows=size[1])
    term.shows("humans>")
    said = " ".join(re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", term.raw.decode(errors="replace")).split())
    assert why in said and "using the line REPL" in said  # said first; the board came after it
    term.close()


def test_no_terminal_gets_the_line_repl(tmp_path):
    import subprocess

    out = subprocess.run([sys.executable, "-m", "invaders", "play", "--tui", "--seed", "3", "--seats",
                          "random,human"], input="quit\n", capture_output=True, text=True, timeout=60,
                         cwd=str(tmp_path))
    assert "--tui needs a terminal" in out.stdout and "using the line REPL" in out.stdout
    assert "Leaving the game unfinished" in out.stdout and out.returncode == 0


def test_a_watcher_at_the_full_screen_table(tmp_path, procs):
    from tests.common.netkit import Wire, start_host

    host, port = start_host(procs, "invaders", "--seats", "random,remote", "--seed", "3")
    player = Wire(port, "invaders")
    player.hello(name="ann", seat="humans")
    player.until("state")
    player.send({"type": "move", "move": "place d"})
    term = Term(tmp_path, "invaders", f"127.0.0.1:{port}", "--watch", "--name", "wes", command="join")
    term.shows("you are watching", "humans' defence")  # the board, as it is when they came
    player.send({"type": "move", "move": "end"})
    screen = term.shows("The humans must discard 4 cards")  # the log, as it happens
    assert "Your hand" not in screen  # a watcher sees no hand
    term.close()
    player.close()


def test_a_network_player_at_the_full_screen_table(tmp_path, procs):
    """The other side's whole turn reaches the log (a status-line redraw once drained it
    away), and 'who' answers in the log."""
    from tests.common.netkit import start_host

    host, port = start_host(procs, "invaders", "--seats", "random,remote", "--seed", "3")
    term = Term(tmp_path, "invaders", f"127.0.0.1:{port}", "--seat", "humans", "--name", "ann",
                command="join")
    term.shows("Your hand (humans)", "humans>")
    term.type("place d")
    term.shows("The aliens draw", "You drew", "humans to decide")
    term.type("who")
    term.shows("humans: ann (connected)")
    term.child.sendcontrol("d")
    term.child.expect(pexpect.EOF)
    term.close()
