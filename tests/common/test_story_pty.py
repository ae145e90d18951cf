"""The story stays in view (issue 14), driven through a pseudo-terminal as a person would:
one line per move, the board at the player's decision only, 'log', pacing, the end screen,
the hand-over, and a network player who is not at the move prompt."""

from __future__ import annotations

import io
import os
import re
import sys
import time

import pytest

pexpect = pytest.importorskip("pexpect")

ANSI = re.compile(r"\x1b\[[0-9;?]*[a-zA-Z]")
LEGEND = "Defender  "  # the last line of an Invaders board


def spawn(tmp_path, game: str, *args: str, command: str = "play", pace: str | None = "0"):
    env = {"TERM": "xterm", "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path),
           "PROMPT_TOOLKIT_NO_CPR": "1", "XDG_STATE_HOME": str(tmp_path / "state"), "NO_COLOR": "1"}
    if command == "play" and pace is not None:
        args = (*args, "--pace", pace)
    return watch(pexpect.spawn(sys.executable, ["-m", game, command, *args], encoding="utf-8",
                               timeout=30, dimensions=(50, 160), env=env, cwd=str(tmp_path)))


def text(child) -> str:
    """What the terminal showed since the last mark (see ``mark``), as plain lines."""
    out = ANSI.sub("", child.logfile_read.getvalue()[child.mark:]).replace("\r", "")
    child.mark = len(child.logfile_read.getvalue())
    return out


def watch(child):
    child.logfile_read = io.StringIO()
    child.mark = 0
    return child


def send(child, line: str) -> None:
    """Type a line and wait for the terminal to echo it, so the next prompt is a fresh one."""
    child.sendline(line)
    child.expect_exact(line)
    log = child.logfile_read.getvalue()
    child.mark = log.rindex(line) + len(line)  # what came after the echo, in the same read, stays


def test_invaders_one_line_per_bot_move_and_the_board_at_the_decision(tmp_path):
    child = spawn(tmp_path, "invaders", "--seed", "3", "--seats", "random,human")
    child.expect("humans>")
    send(child, "place d")
    child.expect("Your hand")  # the board, at the humans' next decision
    child.expect("humans>")
    seen = text(child)
    # the humans' move and the aliens' whole turn: each move on one line, marked
    assert re.search(r"^\+ The humans place the Defender on column d\.", seen, re.M), seen
    assert re.search(r"^\+ The aliens play Side Thrusters\. \+ The ship at f6 fires its side thrusters", seen,
                     re.M), seen
    assert seen.count(LEGEND) == 1  # one board: at the humans' decision, not after every move
    send(child, "end")
    child.expect("The humans must discard 4 cards")
    child.expect("Your hand")
    child.expect("humans>")
    text(child)
    send(child, "end")  # refused: discard first; the unchanged board is not drawn again
    child.expect("discard down to 6 first")
    child.expect("humans>")
    assert LEGEND not in text(child)
    send(child, "log 2")
    child.expect("\u2212 The humans must discard 4 cards\\.")
    shown = [line for line in text(child).splitlines() if line.strip(" \x08") and "humans>" not in line]
    assert len(shown) == 2 and shown[0].startswith("+ The humans draw 3 cards"), shown
    send(child, "log all")
    child.expect("humans>")
    assert "The humans place the Defender" in text(child)
    child.sendline("quit")
    child.expect("Save the game so far")
    child.sendline("")  # the offered file name
    child.expect(pexpect.EOF)
    saved = list(tmp_path.glob("invaders-*.rec"))
    assert len(saved) == 1 and "humans: place d" in saved[0].read_text()


def test_pacing_waits_between_bot_moves_and_a_key_skips_ahead(tmp_path):
    """With --pace the bot's moves come one at a time; a key pressed shows the rest at once."""
    child = spawn(tmp_path, "invaders", "--seed", "3", "--seats", "random,human", pace="5")
    child.expect("humans>")
    child.sendline("place d")
    child.expect("The aliens draw 2 cards")  # the first bot move, then a 5 s pause
    start = time.monotonic()
    child.send(" ")  # skip ahead
    child.expect("humans>")
    assert time.monotonic() - start < 4.5  # the remaining moves at once, not one every 5 s
    child.close(force=True)


def _near_the_end(tmp_path, game: str, seats: str, seed: int, options: dict[str, str]):
    """A record of a random game with its last move left out, and who makes that move."""
    import importlib

    from common.table import Table

    spec = importlib.import_module(f"{game}.cli").SPEC
    rules = spec.rules
    import random

    rng = random.Random(seed)
    table = Table(rules, seed=seed, options=options, variant=rules.variants[0])
    played = []
    while table.outcome() is None:
        seat = table.decisions()[0].seat
        move = rng.choice(table.legal_moves(seat))
        before = table.record_text()
        table.play(seat, move)
        played.append((seat, rules.format(move), before))
    seat, move, before = played[-1]
    path = tmp_path / "near-the-end.rec"
    path.write_text(before)
    kinds = ",".join("human" if s == seat else "random" for s in table.seats)
    return path, kinds, seat, move


@pytest.mark.parametrize("game, options, shows", [
    ("invaders", {}, " won on turn "),
    ("gros", {"players": "2"}, "title words"),
    ("horror", {}, "Fates: "),
])
def test_the_end_screen_then_play_again(tmp_path, game, options, shows):
    path, kinds, seat, move = _near_the_end(tmp_path, game, "", 7, options)
    child = spawn(tmp_path, game, "--load", str(path), "--seats", kinds)
    child.expect(f"{seat}>")
    child.sendline(move)
    child.expect("Winner|Top billing|Victory")  # Invaders: "Victory: humans"
    child.expect(shows)
    child.expect("Game over")
    child.expect(r"Save the record\? File name \[" + game + r"-\d{8}-\d{4}\.rec\]")
    child.sendline("end.rec")
    child.expect("Saved the record to end.rec")
    child.expect("s\\) save the record")
    child.sendline("q")
    child.expect(pexpect.EOF)
    assert "result " in (tmp_path / "end.rec").read_text()
    assert "Traceback" not in child.before


def test_play_again_starts_a_new_game_with_the_same_seats(tmp_path):
    path, kinds, seat, move = _near_the_end(tmp_path, "invaders", "", 7, {})
    child = spawn(tmp_path, "invaders", "--seats", "random,human", "--seed", "5")
    child.expect("humans>")
    child.sendline("quit")  # before any move: nothing to save, no question
    child.expect(pexpect.EOF)
    assert "Save the game so far" not in child.before
    assert not list(tmp_path.glob("*.rec"))[1:]  # only the record _near_the_end wrote
    child = spawn(tmp_path, "invaders", "--load", str(path), "--seats", kinds)
    child.expect(f"{seat}>")
    child.sendline(move)
    child.expect("Save the record")
    child.sendline("")  # the default answer keeps the finished game, under the name shown
    child.expect(r"Saved the record to (invaders-\d{8}-\d{4}(-\d+)?\.rec)")
    assert "result " in (tmp_path / child.match.group(1)).read_text()
    child.expect("play again")
    child.sendline("a")
    child.expect("you play " + seat)  # a new game's banner, the same seats
    child.expect(f"{seat}>")
    child.close(force=True)


def test_hot_seat_log_is_each_players_own(tmp_path):
    """At hot-seat 'log' shows only what the player at the keyboard may know: the humans'
    draws are not in the aliens' log."""
    child = spawn(tmp_path, "invaders", "--seed", "3", "--seats", "human,human")
    child.expect("Hand the keyboard to humans")
    child.sendline("")
    child.expect("humans>")
    child.sendline("place d")
    child.expect("Hand the keyboard to aliens")
    child.sendline("")
    child.expect("aliens, since your last turn:")
    child.expect("aliens>")
    send(child, "log all")
    child.expect("The humans place the Defender")  # what the aliens were retold is in their log
    child.expect("aliens>")
    child.close(force=True)


def test_hot_seat_logs_stay_apart():
    """What one seat was told privately never reaches the other seat's 'log'."""
    from common.story import Story

    story = Story()
    story.keep(None, ["Tonight's feature"])  # before anyone had the keyboard: public
    story.keep("aliens", ["You drew: Fire!"])
    story.keep("humans", ["You drew: Shield"])
    assert story.tail("humans", None) == ["Tonight's feature", "You drew: Shield"]
    assert story.tail("aliens", 1) == ["You drew: Fire!"]


def test_a_network_player_chats_and_asks_who_while_others_play(tmp_path, procs):
    from tests.common.netkit import Wire, start_host

    host, port = start_host(procs, "invaders", "--seats", "remote,remote", "--seed", "3")
    child = spawn(tmp_path, "invaders", f"127.0.0.1:{port}", "--seat", "humans", "--name", "ann",
                  command="join")
    seen = child.logfile_read
    other = Wire(port, "invaders")
    other.hello(name="bob", seat="aliens")
    child.expect("humans>")
    child.sendline("place d")
    child.expect(r"\(waiting\) >")  # the aliens' turn: ann is not at the move prompt
    child.sendline("who")
    child.expect("aliens: bob")
    child.sendline("say your move, bob")
    got = other.until("chat")
    assert got["text"] == "your move, bob"
    other.send({"type": "chat", "text": "thinking"})
    child.expect("thinking")  # shown as it comes, with ann typing nothing
    child.sendline("quit")
    child.expect("Leaving the game unfinished")
    child.expect(pexpect.EOF)
    other.close()
    assert "Traceback" not in seen.getvalue()


def test_a_spectator_prompt_says_watch_once_the_game_begins(tmp_path, procs):
    """The lobby prompt stayed 'lobby>' after the game had begun, until a key was pressed."""
    from tests.common.netkit import Wire, start_host

    host, port = start_host(procs, "horror", "--seats", "remote,random", "--seed", "3")
    child = spawn(tmp_path, "horror", f"127.0.0.1:{port}", "--watch", "--name", "wes", command="join")
    seen = child.logfile_read
    child.expect("lobby>")
    player = Wire(port, "horror")
    player.hello(name="ann", seat="p1")  # the last seat: the game begins
    child.expect("watch>")  # redrawn without a key pressed
    child.sendcontrol("d")
    child.expect(pexpect.EOF)
    player.close()
    assert "Traceback" not in seen.getvalue()


def test_the_gr2_banner_names_skippys_revenge_and_two_human_seats_make_two_players(tmp_path):
    child = spawn(tmp_path, "gros", "--variant", "gr2", "--seats", "human,human", "--seed", "1")
    child.expect("Grave Robbers II: Skippy's Revenge — you play ray, dana\\.")
    child.close(force=True)


def test_cards_filters_by_field_in_the_game_and_on_the_command_line(capsys):
    from io import StringIO

    from rich.console import Console

    from common.engine import GameError
    from gros.render import cards_table

    out = StringIO()
    Console(file=out, width=200).print(cards_table("type:sfx deck:gr2"))
    text = out.getvalue()
    assert "Amphibious" in text and "│ gros " not in text and "│ Creature" not in text, text
    with pytest.raises(GameError, match="no card field 'colour'"):
        cards_table("colour:red")


@pytest.mark.parametrize("game, seats, seat, told, board", [
    ("gros", "random,random,human", "amanda",
     r"^\+ ray plays The Mad Lab on ray\. · ray's Movie is now set at The Mad Lab\.$", "Hands: "),
    ("horror", "random,human,random", "p2", r"^· p1 agrees to the premise\.$",
     "Your hand (p2)"),
])
def test_each_game_tells_a_bot_move_in_one_line_and_draws_the_board_at_the_decision(
        tmp_path, game, seats, seat, told, board):
    child = spawn(tmp_path, game, "--seed", "5" if game == "gros" else "14", "--seats", seats,
                  "--first", "ray" if game == "gros" else "p1")
    child.expect(f"{seat}>")
    seen = text(child)
    assert re.search(told, seen, re.M), seen
    assert seen.count(board) == 1, seen  # one board: at the player's decision
    send(child, "log 50")
    child.expect(told.strip("^$"))  # the story so far, the bot's move in it
    child.close(force=True)


def test_enter_typed_ahead_at_the_end_never_loses_the_game(tmp_path):
    """Issue 23: a bare Enter (or a line typed ahead during the last moves) at the end screen
    quit without saving. Now what was typed ahead is dropped, and the default answer saves."""
    path, kinds, seat, move = _near_the_end(tmp_path, "gros", "", 7, {"players": "2"})
    child = spawn(tmp_path, "gros", "--load", str(path), "--seats", kinds)
    child.expect(f"{seat}>")
    child.send(move + "\r\r\r")  # the move, and Enters typed ahead of the end screen
    child.expect("Game over")
    i = child.expect([r"Saved the record to (gros-\S+\.rec)", r"Save the record\?"])
    if i == 1:  # the Enters were dropped: the question waits for its answer
        child.sendline("")
        child.expect(r"Saved the record to (gros-\S+\.rec)")
    saved = tmp_path / child.match.group(1).rstrip(".")
    child.expect(r"q\) quit")
    child.sendline("q")
    child.expect(pexpect.EOF)
    assert "result " in saved.read_text()
    assert "Traceback" not in child.before


def asked_every_reaction(tmp_path):
    """ray against a normal dana, asked at every reaction (the level 'all', remembered from an
    earlier game), at dana's first turn."""
    import json

    settings = tmp_path / "state" / "bmovie" / "settings.json"
    settings.parent.mkdir(parents=True)
    settings.write_text(json.dumps({"gros": {"reactions": {"ray": "all"}}}))
    return spawn(tmp_path, "gros", "--seed", "8", "--players", "2", "--first", "dana",
                 "--seats", "human,normal", "-oautopass.ray=off", "--think", "0.01")


def test_one_key_passes_the_reactions_for_the_rest_of_the_turn(tmp_path):
    """Issue 23: '!' on an empty line at a reaction passes it and every reaction for the rest
    of the turn, at one keystroke; the level 'all' was set in an earlier game (remembered)."""
    child = asked_every_reaction(tmp_path)
    child.expect("ray>")
    first = text(child)
    assert "SFX now" in first or "was just played" in first or "turn is ending" in first, first
    child.send("!")  # no Enter: the key passes at once
    child.expect("your turn begins")
    child.expect("ray>")
    seen = text(child)
    assert "your turn begins" in seen and "— ray's turn" in seen, seen  # not asked again
    assert re.search(r"\(\d+ reactions? passed for you this turn, as '!' asked\.\)", seen) or \
        "dana ends the turn" in seen, seen
    child.close(force=True)


def test_the_enter_pressed_after_the_pass_key_plays_nothing(tmp_path):
    """'!' then Enter, out of habit: the Enter reached the next prompt, the draw at the start
    of ray's turn, and played it unasked (seen in tmux). It is the key's echo: asked again."""
    child = asked_every_reaction(tmp_path)
    child.expect("ray>")
    child.send("!\r")  # the key, and the Enter it does not need
    child.expect("your turn begins")
    no_draw_played(child, "ray")


def no_draw_played(child, seat: str) -> None:
    """At the seat's prompt, after time for a stray Enter to play the draw: 'draw 1' is
    played (it would be refused had the Enter drawn already)."""
    child.expect(f"{seat}>")
    child.expect(pexpect.TIMEOUT, timeout=1.5)
    send(child, "draw 1")
    child.expect(f"{seat} draws 1 card")
    child.close(force=True)


def test_hot_seat_hands_over_only_for_a_private_decision(tmp_path):
    """Issue 23: a two-human film handed the keyboard over 18 times in 37 moves. The premise
    and the meetings are public: no hand-over, and the board shown is the table's (no hand)."""
    child = spawn(tmp_path, "horror", "--seed", "3", "--players", "2", "--seats", "human,human",
                  "--first", "p1")
    child.expect("p1>")
    send(child, "agree")
    child.expect("p2>")
    send(child, "agree")
    child.expect("p1>")
    seen = text(child)
    assert "Hand the keyboard" not in seen and "Your hand" not in seen, seen
    child.close(force=True)


def test_a_line_typed_at_the_hand_over_is_kept(tmp_path):
    child = spawn(tmp_path, "invaders", "--seed", "3", "--seats", "human,human")
    child.expect("Hand the keyboard to humans")
    child.sendline("place d")  # typed before the board: kept, not thrown away
    child.expect("kept what you typed at the hand-over, 'place d'")
    child.expect("humans>")
    child.sendline("")  # the kept line is at the prompt: Enter plays it
    child.expect("The humans place the Defender on column d")
    child.close(force=True)


def test_an_enter_typed_ahead_of_a_hand_over_neither_hands_over_nor_plays(tmp_path):
    """Hot-seat: ray ends the turn with a second Enter out of habit. It must not answer the
    hand-over prompt (dana's hand would show to ray) nor play dana's Enter move (the draw)."""
    child = spawn(tmp_path, "gros", "--seed", "3", "--players", "2", "--seats", "human,human",
                  "--first", "ray")
    child.expect("Hand the keyboard to ray")
    child.sendline("")
    child.expect("ray>")
    for line in ("title", "draw", "end"):
        send(child, line)
        child.expect("ray>")
    text(child)
    child.send("done\r\r")  # the move, and an Enter typed ahead
    child.expect("Hand the keyboard to dana")
    text(child)
    child.expect(pexpect.TIMEOUT, timeout=1.5)  # time for the stray Enter to hand over
    assert "Your hand" not in text(child)  # still waiting: ray's Enter did not hand over
    child.sendline("")
    no_draw_played(child, "dana")


PACED = """
import time
from common.story import Pacer
pacer = Pacer({pace})
for lines in (["p2 passes."], ["Marge Thayer: " + "the tide is coming in and " * 8]):
    start = time.monotonic()
    pacer.wait(lines)
    print("waited %.2f" % (time.monotonic() - start), flush=True)
print("ready", flush=True)
start = time.monotonic()
pacer.wait(["a story line of many words " * 10])
print("skipped %.2f" % (time.monotonic() - start), flush=True)
"""


def test_a_story_line_gets_room_at_the_pace_the_player_set(tmp_path):
    """Issue 23: a `hard` director can play a whole scene between two keystrokes; each move is
    shown for the player's --pace, and a long line (a story line of 40 words) for 4 paces, so
    it can be read; a key still skips ahead. In a real terminal (the pause needs one); the
    lower bounds are safe on a busy machine, which only makes pauses longer."""
    from common.story import MOST_ROOM, room

    assert room(["p2 passes."]) == 1.0 and room(["word " * 40]) == 4.0
    assert room(["word " * 500]) == MOST_ROOM and room([]) == 1.0
    child = pexpect.spawn(sys.executable, ["-c", PACED.format(pace=0.5)], encoding="utf-8",
                          timeout=30, cwd=os.getcwd())
    child.expect(r"waited (\d+\.\d+)")
    short = float(child.match.group(1))
    child.expect(r"waited (\d+\.\d+)")
    long = float(child.match.group(1))
    assert short >= 0.48 and long >= 4 * 0.5 * 0.96 and long > short
    child.expect("ready")
    time.sleep(0.2)
    child.send(" ")  # the last line would wait 5 paces (2.5 s): the key ends it
    child.expect(r"skipped (\d+\.\d+)")
    assert float(child.match.group(1)) < 5 * 0.5
    child.expect(pexpect.EOF)


def test_a_bare_enter_draws_and_the_prompt_says_so(tmp_path):
    """Busywork (issue 23): the turn's draw and the end of turn's 'done' were typed every turn;
    the prompt now shows what a bare Enter plays, dimmed on the empty line, and Enter plays it."""
    child = spawn(tmp_path, "gros", "--seed", "8", "--players", "2", "--first", "ray",
                  "--seats", "human,normal", "--think", "0.01")
    child.expect("ray>")
    send(child, "title")
    child.expect("your turn begins")
    child.expect("Enter: draw")
    child.sendline("")
    child.expect("your turn: play cards")
    child.expect("ray>")
    send(child, "end")
    child.expect("Enter: done")
    child.sendline("")
    child.expect("dana's turn")
    child.close(force=True)
