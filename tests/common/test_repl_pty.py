"""Drive ``invaders play`` through a real pseudo-terminal, as a person would."""

from __future__ import annotations

import io
import os
import re
import sys
import time

import pytest

pexpect = pytest.importorskip("pexpect")

PROMPT = "humans>"
ANSI = re.compile(r"\x1b\[[0-9;?]*[a-zA-Z]")


def spawn(tmp_path, *args: str, command: str = "play"):
    """``invaders COMMAND ARGS`` in a 50x120 pseudo-terminal, its state kept under tmp_path."""
    env = {"TERM": "xterm", "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path),
           "PROMPT_TOOLKIT_NO_CPR": "1", "XDG_STATE_HOME": str(tmp_path / "state")}
    if command == "play" and "--pace" not in args:
        args = (*args, "--pace", "0")  # the bots' moves at once (a test of pacing asks for it)
    if command == "play":  # the decks and draw these games were written with (both sides hold Fire!)
        args = (*args, "-odeck.aliens=fire:3,maneuver:2,reinforcements:1",
                "-odeck.humans=fire:12,maneuver1:4,maneuver2:7,maneuver3:2,shield:2", "-odraw=2")
    return pexpect.spawn(sys.executable, ["-m", "invaders", command, *args], encoding="utf-8",
                         timeout=20, dimensions=(50, 120), env=env)


def leave(child) -> None:
    """Ctrl-D at the prompt, and the program ends. Sent again if the first one fell between two
    prompts (the terminal is not in raw mode there and swallows it: seen on a busy machine)."""
    for _ in range(4):
        child.sendcontrol("d")
        if child.expect([pexpect.EOF, pexpect.TIMEOUT], timeout=5) == 0:
            return
    child.expect(pexpect.EOF)


def send(child, line: str) -> None:
    """Type a line and wait for the terminal to echo it, so the next prompt is a fresh one."""
    child.sendline(line)
    child.expect_exact(line)


def test_completion_typo_ctrl_c_and_ctrl_d(tmp_path):
    child = spawn(tmp_path, "--seed", "3", "--seats", "random,human")
    child.expect(PROMPT)
    child.send("pl\t")
    child.expect("place d")  # the completion menu lists the legal moves
    child.sendcontrol("c")  # clears the line, like a shell
    child.expect("Ctrl-C clears the line")
    child.expect(PROMPT)
    child.sendline("place d")
    child.expect("The humans place the Defender on column d")
    child.expect(PROMPT)
    child.sendline("fyre")
    child.expect("Did you mean 'fire'")
    child.expect(PROMPT)
    child.sendline("undo")  # the humans have drawn since: no taking back what they have seen
    child.expect("undo cannot take back cards you have already drawn")
    child.expect(PROMPT)
    child.sendcontrol("d")  # leaves, like a shell
    child.expect("Leaving the game unfinished")
    child.expect("Save the game so far")  # ... offering to save it first
    child.sendline("n")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in child.before


def test_a_whole_game_against_a_bot(tmp_path):
    save = tmp_path / "game.rec"
    child = spawn(tmp_path, "--seed", "11", "--seats", "random,human", "--save", str(save))
    child.expect(PROMPT)
    send(child, "place d")
    hand: list[str] = []
    for _ in range(200):
        i = child.expect([PROMPT, "Game over"])
        if i == 1:
            break
        shown = re.findall(r"Your hand \(humans\): ([^\r\n]*)", ANSI.sub("", child.before))
        hand = shown[-1].strip().split(", ") if shown else hand
        if "discard down to" in child.before:
            send(child, "discard " + hand.pop(0))  # card names work as well as ids
        else:
            send(child, "end")
    else:
        pytest.fail("the game did not end")
    child.expect("play again with the same seats")  # the end screen's menu (saved already)
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    text = save.read_text()
    assert text.startswith("game invaders") and "result " in text


def test_hot_seat_handoff_wipes_the_scrollback(tmp_path):
    """A plain clear pushes the last player's hand into the scrollback, where the next player
    could scroll up to it: the hand-over must clear the scrollback too (ESC [3J)."""
    child = spawn(tmp_path, "--seed", "3", "--seats", "human,human")
    child.expect_exact("\x1b[3J")  # wiped before the hand-over prompt...
    child.expect("Hand the keyboard to")
    child.sendline("")
    child.expect_exact("\x1b[3J")  # ...and again after it
    child.expect(r"\w+>")
    child.sendcontrol("d")  # before any move: nothing to save, and no question
    child.expect(pexpect.EOF)
    assert "Save the game so far" not in child.before
    child.close()
    assert "Traceback" not in child.before


def hot_seat_to_aliens(tmp_path):
    """A hot-seat game where the humans have placed the Defender and handed over."""
    child = spawn(tmp_path, "--seed", "3", "--seats", "human,human")
    child.expect("Hand the keyboard to humans")
    child.sendline("")
    child.expect(PROMPT)
    send(child, "place d")
    child.expect("Hand the keyboard to aliens")
    child.sendline("")
    return child


def test_hot_seat_hand_over_retells_what_the_next_player_missed(tmp_path):
    """The wipe at the hand-over also takes the narration away: the next player is told what
    happened since their last turn (the other player's moves, and their own draws)."""
    child = hot_seat_to_aliens(tmp_path)
    child.expect("aliens, since your last turn:")
    child.expect("The humans place the Defender on column d")
    child.expect("aliens>")
    child.sendline("undo")  # the aliens have not moved: the humans' move is not theirs to take back
    child.expect("nothing to undo")
    child.expect("aliens>")
    child.close(force=True)


def test_hot_seat_players_do_not_share_the_history(tmp_path):
    """Up-arrow at hot-seat must not bring back the other seat's lines (they can name cards)."""
    child = hot_seat_to_aliens(tmp_path)
    child.expect("aliens>")
    time.sleep(0.5)  # let the prompt settle before the key arrives
    child.send("\x1b[A")  # Up
    time.sleep(0.5)
    child.sendline("")
    child.expect("aliens>")
    assert "place" not in ANSI.sub("", child.before)
    child.close(force=True)


def test_a_watcher_sees_the_board_in_colour_not_escaped(tmp_path, procs):
    """The spectator's console runs under prompt_toolkit's patch_stdout, which by default
    escapes ESC: the board came out as '?[1;35m…'. It must pass the colours through."""
    from tests.common.netkit import Wire, start_host

    host, port = start_host(procs, "invaders", "--seats", "heuristic,remote", "--seed", "3")
    player = Wire(port, "invaders")
    player.hello(name="ann")
    player.send({"type": "sit", "seat": "humans"})
    player.until("state")  # the game has begun
    child = spawn(tmp_path, f"127.0.0.1:{port}", "--watch", "--name", "wes", command="join")
    child.logfile_read = seen = io.StringIO()
    child.expect("watch>")
    child.sendline("board")
    child.expect("Defender")
    child.expect("watch>")
    leave(child)
    child.close()
    player.close()
    out = seen.getvalue()
    assert "\x1b[" in out and "?[" not in out, out[-2000:]
    assert "Traceback" not in out


def test_chat_reaches_a_player_at_the_prompt_at_once(tmp_path, procs):
    """A seated player typing a move sees the table's chat as it comes, above the prompt, not
    only after the next move."""
    from tests.common.netkit import Wire, start_host

    host, port = start_host(procs, "invaders", "--seats", "remote,remote", "--seed", "3")
    child = spawn(tmp_path, f"127.0.0.1:{port}", "--seat", "humans", "--name", "ann", command="join")
    child.logfile_read = seen = io.StringIO()
    other = Wire(port, "invaders")
    other.hello(name="bob", seat="aliens")
    child.expect("humans>")  # the humans place the Defender first: ann is at her prompt
    time.sleep(0.5)
    other.send({"type": "chat", "text": "good luck, earthling"})
    child.expect("good luck, earthling")  # shown while she has typed nothing
    leave(child)
    child.close()
    other.close()
    assert "Traceback" not in seen.getvalue()


def test_a_host_that_stops_ends_the_players_prompt(tmp_path, procs):
    """'quit' at the host: the player at the prompt heard of it only when they next pressed
    Enter, and then read 'Game over.' and exit code 0 for a game that never ended."""
    import subprocess

    from tests.common.netkit import start_host

    host, port = start_host(procs, "invaders", "--seats", "remote,heuristic", "--seed", "3",
                            stdin=subprocess.PIPE)
    child = spawn(tmp_path, f"127.0.0.1:{port}", "--seat", "aliens", "--name", "ann", command="join")
    child.logfile_read = seen = io.StringIO()
    child.expect("aliens>")  # the heuristic humans placed the Defender: ann is at her prompt
    time.sleep(0.5)
    host.p.stdin.write("quit\n")
    host.p.stdin.flush()
    child.expect("The game did not finish")  # without a key pressed
    child.expect("the host stopped the game")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert "Traceback" not in seen.getvalue() and "Game over" not in seen.getvalue()


def test_the_lobby_console_answers_each_command(tmp_path, procs):
    """The lobby at a terminal: a typo is named as such, 'board' before the game explains
    itself, 'sit' takes a seat, and the game then begins in the REPL."""
    from tests.common.netkit import Wire, start_host

    host, port = start_host(procs, "invaders", "--seats", "remote,remote", "--seed", "3")
    child = spawn(tmp_path, f"127.0.0.1:{port}", "--name", "ann", command="join")
    child.logfile_read = seen = io.StringIO()
    child.expect("lobby>")
    child.sendline("sti humans")
    child.expect("unknown command 'sti'; the commands are:")
    child.expect("lobby>")
    child.sendline("board")
    child.expect("the game has not begun yet")
    child.expect("lobby>")
    child.sendline("sit humans")
    other = Wire(port, "invaders")
    other.hello(name="bob", seat="aliens")  # every seat taken: the game begins
    child.expect("humans>")
    leave(child)
    child.close()
    other.close()
    assert "Traceback" not in seen.getvalue()


def test_a_pasted_colour_code_is_no_mouse_event(tmp_path):
    """prompt_toolkit reads ESC [ 3 1 m as a mouse event and its handler died, printing an
    'Unhandled exception' traceback and eating the line."""
    child = spawn(tmp_path, "--seed", "3", "--seats", "random,human")
    child.expect(PROMPT)
    child.send("\x1b[31mplace d\r")
    child.expect("The humans place the Defender on column d")
    child.close(force=True)
    assert "Unhandled exception" not in child.before


def test_long_lines_help_moves_and_no_quit_hints(capsys):
    """A move may begin with 'help' (Creature Feature's chases); a huge line is not echoed;
    a typo is never 'corrected' into leaving the game."""
    from common.repl import Ui
    from invaders.cli import SPEC

    class Stub:  # just enough of a Session for Ui.command
        played: list[str] = []

        def seats_here(self):
            return ["p1"]

        def legal(self, seat):
            return ["help c15", "pass", "extra", "bid 8", "bid 7"]

        def play(self, seat, text):
            if " ".join(text.lower().split()) not in self.legal(seat):
                from common.engine import IllegalMove

                raise IllegalMove(f"{text!r} is not a move")
            self.played.append(text)
            return []

    stub = Stub()
    ui = Ui(SPEC, stub)  # type: ignore[arg-type]
    ui.command("p1", "help  C15")
    assert stub.played == ["help  C15"]
    ui.command("p1", "help")
    assert "anything else is a move" in capsys.readouterr().out
    ui.command("p1", "x" * 5000)
    out = capsys.readouterr().out
    assert "5000 characters" in out and "xxxxxxxxxx" not in out
    ui.command("p1", "exot")
    out = capsys.readouterr().out
    assert "is not a move" in out and "'exit'" not in out
    ui.command("p1", "bid 3")  # only the number differs: no 'did you mean bid 8'
    out = capsys.readouterr().out
    assert "is not a move" in out and "bid 8" not in out


def test_a_saved_record_and_the_prompt_history_are_readable_only_by_their_user(tmp_path):
    """A record names its seed (and so every hidden card) and the history holds what was typed:
    'save' and the history were written with mode 0644 (issue 20), like any file under umask 022."""
    before = os.umask(0o022)
    try:
        child = spawn(tmp_path, "--seed", "3", "--seats", "random,human")
    finally:
        os.umask(before)
    record = tmp_path / "film.rec"
    child.expect(PROMPT)
    send(child, "place d")
    child.expect(PROMPT)
    send(child, f"save {record}")
    child.expect("Saved the record")
    child.expect(PROMPT)
    child.sendcontrol("d")
    child.expect("Save the game so far")
    child.sendline("n")
    child.expect(pexpect.EOF)
    child.close()
    history = tmp_path / "state" / "bmovie" / "invaders-history"
    assert "place d" in history.read_text()
    for path in (record, history):
        assert path.stat().st_mode & 0o777 == 0o600, (path, oct(path.stat().st_mode))


@pytest.mark.parametrize("forbidden", [False, True])
def test_hint_through_a_real_join_client(tmp_path, procs, forbidden):
    """Issue 24 end to end: a host on 127.0.0.1, ann at a real 'join' prompt types 'hint'. The
    client works it out from its own view (candidates among her own legal moves, a win chance,
    play-outs), and the table hears that she used one; a host started with --no-hints refuses
    it at her prompt, and the table hears nothing."""
    from tests.common.netkit import Wire, start_host

    flags = ("--no-hints",) if forbidden else ()
    host, port = start_host(procs, "invaders", "--seats", "remote,remote", "--seed", "3", *flags)
    child = spawn(tmp_path, f"127.0.0.1:{port}", "--seat", "humans", "--name", "ann", command="join")
    child.logfile_read = seen = io.StringIO()
    bob = Wire(port, "invaders")
    assert bob.hello(name="bob", seat="aliens")["hints"] is (not forbidden)
    child.expect("humans>")  # the humans place the Defender first
    send(child, "hint")
    if forbidden:
        child.expect("the host does not allow hints at this table")
    else:
        child.expect(r"Hint \((sure|fairly sure|a close call)\): place [a-g]")
        child.expect(r"place [a-g]\s+win chance \d+% \(\d+ play-outs\)")
        told = bob.until("info", timeout=10)
        while "hint" not in told["message"]:
            told = bob.until("info", timeout=10)
        assert told["message"] == "ann (humans) asked the coach for a hint"
    child.expect("humans>")  # asked again: a hint is no move
    if forbidden:  # nothing about a hint reached the table
        seen_by_bob = [bob.next(1) for _n in range(4)]
        assert not any("hint" in str(m.get("message", "")) for m in seen_by_bob if m)
    leave(child)
    child.close()
    bob.close()
    assert "Traceback" not in seen.getvalue()
