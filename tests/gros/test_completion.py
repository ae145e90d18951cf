"""Completion and the move list as a Grave Robbers player meets them (issue 23): a card's words
complete its move, the first Tab chooses nothing, and 'moves' groups what differs in one word."""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

import pytest

from common.commands import grouped
from common.completion import matches

ROOT = Path(__file__).resolve().parents[2]
ANSI = re.compile(r"\x1b\[[0-9;?]*[a-zA-Z]")


def test_a_cards_own_words_lead_to_its_move():
    """'play grave<Tab>' completed nothing though 'play grave robber' works."""
    move = "play the-grave-robber"
    for typed in ("play grave", "play grave robber", "play the-grave", "pl", "play robber"):
        assert matches(move, typed), typed
    for typed in ("play blob", "attack grave", "grave", "play grave blob"):
        assert not matches(move, typed), typed
    assert matches("attack dana with the-blob", "attack dana with blob")
    assert matches("move ray/the-robot/the-shovel to ray/the-sheriff", "move shovel")


def test_moves_that_differ_in_their_last_word_share_a_line():
    legal = ["attack dana with the-blob"] + [
        f"move ray/{ch}/{prop} to ray/{to}" for ch, prop in (("the-robot", "the-shovel"),
                                                             ("the-robot", "the-crucifix"))
        for to in ("the-reporter", "the-sheriff", "the-colonel")] + ["end"]
    assert grouped(legal) == [
        "attack dana with the-blob",
        "move ray/the-robot/the-shovel to ray/the-reporter | ray/the-sheriff | ray/the-colonel",
        "move ray/the-robot/the-crucifix to ray/the-reporter | ray/the-sheriff | ray/the-colonel",
        "end"]
    # a one-word move keeps its line ('draw  | 1 | 0' read as a broken list; seen in tmux)
    assert grouped(["draw", "draw 1", "draw 0", "end"]) == ["draw", "draw 1 | 0", "end"]


def test_the_first_tab_after_victim_chooses_no_victim(tmp_path):
    """It chose the first victim, and Enter then killed that Character."""
    pexpect = pytest.importorskip("pexpect")
    record = tmp_path / "victim.rec"
    record.write_text("game gros\nvariant gros\nseed 5\noption players 2\n"
                      "setup movie ray: the-quarterback\nsetup movie dana: the-robot, the-reporter\n"
                      "setup hand ray: the-blob\nsetup hand dana: the-car-keys\n"
                      "setup turn: ray 2\nray: attack dana with the-blob\n")
    env = {"TERM": "xterm", "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path),
           "PROMPT_TOOLKIT_NO_CPR": "1", "XDG_STATE_HOME": str(tmp_path / "state")}
    child = pexpect.spawn(sys.executable, ["-m", "gros", "play", "--load", str(record), "--seats",
                                           "human,normal", "--pace", "0"], encoding="utf-8",
                          timeout=30, dimensions=(50, 120), env=env, cwd=str(ROOT))
    try:
        child.expect("ray>")
        child.send("victim ")
        child.expect("victim dana/the-reporter")  # the menu, opened while typing
        child.send("\t")  # what both victims share, and no choice
        child.expect("victim dana/the-r")
        time.sleep(0.3)
        child.send("\r")
        child.expect("say which")  # 'dana/the-r' names no one: nothing was played
        child.expect("ray>")
        assert "kills" not in ANSI.sub("", child.before)
        child.send("victim dana/the-rob\t")  # one candidate: Tab completes it
        child.expect("victim dana/the-robot")
        child.send("\r")
        child.expect("ray>")
    finally:
        child.terminate(force=True)
