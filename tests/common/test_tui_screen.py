"""What the full-screen table shows (issue 23), through a pseudo-terminal and pyte: the whole
hand, however long; 'cards' fitted to the log pane; the end screen across the screen with a
status line of its own; a line entered while the bots move kept for the next move. And the
line REPL keeping the story above the prompt under a tall board."""

from __future__ import annotations

import random

import pytest

from tests.common.test_tui_pty import Term

pexpect = pytest.importorskip("pexpect")

FILM = """game horror
variant standard
cards 35d1e9d3
seed 10
seats ann=human bob=human
option players ann,bob
setup deal ann: c1, s2, c3, t6, t7, c4, c5; bob: m
ann: begin
bob: agree
ann: supporting Marge Duffy
bob: set The gas station
ann: supporting Walt Price
bob: extra Buzz
bob: extra Dot
bob: trope 1 c1: the crashed car explodes
bob: trope 1: the lights go out
bob: close
"""  # ann is dealt seven cards


def _pane_rows(screen: str, top: str) -> list[str]:
    rows = screen.splitlines()
    start = next(i for i, row in enumerate(rows) if row.startswith(top))
    return rows[start:len(rows) - 2]  # down to the status line and the prompt


def test_the_hand_pane_shows_every_card_it_has_room_for_and_hand_lists_them_all(tmp_path):
    """Horror's hand pane showed 3 cards of 6-9, and 'hand' showed no more."""
    (tmp_path / "film.rec").write_text(FILM)
    term = Term(tmp_path, "horror", "--load", "film.rec", "--seats", "ann=human,bob=normal",
                cols=100, rows=30)
    screen = term.shows("ann>", "Your hand (ann)", "c5 Dot")
    hand = _pane_rows(screen, "Your hand (ann)")
    assert len(hand) == 8 and hand[-1].strip().startswith("c5 Dot"), hand  # seven cards, whole
    term.close()
    small = Term(tmp_path, "horror", "--load", "film.rec", "--seats", "ann=human,bob=normal",
                 cols=90, rows=24)
    screen = small.shows("ann>", "Your hand (ann)", "more lines: 'hand' shows them all in the log")
    assert "c5 Dot" not in screen
    small.type("hand")
    small.shows("c5 Dot (extra, Screen Time 1)")  # in the log, where it scrolls
    small.close()


def test_cards_in_the_log_pane_is_fitted_to_the_pane_not_one_word_a_line(tmp_path):
    term = Term(tmp_path, "invaders", "--seed", "3", "--seats", "random,human", cols=140, rows=40)
    term.shows("humans>")
    term.type("cards deflector")
    # the card's text, which only the list shows (the hand pane may name a Deflector Shield too)
    screen = term.shows("Stays in play", "humans> cards deflector")
    log = [row.split("│", 1)[1] for row in screen.splitlines() if "│" in row]
    assert any("Deflector Shield" in row for row in log), log  # the name whole, on one row
    words = [row.strip() for row in log if row.strip()]
    assert sum(" " not in row for row in words) < len(words) // 3, log  # not a word a line
    term.close()


def test_the_end_screen_has_the_whole_screen_and_a_status_line_of_its_own(tmp_path):
    """The end screens were garbled: the status line read '… q) quit   to decide · PgUp/PgDn'
    and the credits table was squeezed into the narrow log pane."""
    from tests.common.test_story_pty import _near_the_end

    path, kinds, seat, move = _near_the_end(tmp_path, "horror", "", 7, {})
    term = Term(tmp_path, "horror", "--load", str(path), "--seats", kinds, cols=140, rows=40)
    term.shows(f"{seat}>")
    term.type(move)
    screen = term.shows("Top billing", "Save the record?", "dice spent", "Game over.")
    rows = screen.splitlines()
    table = next(row for row in rows if "dice spent" in row)  # the credits table's heading
    assert "│" not in table.split("seat")[0] and table.index("dice spent") > table.index("dice earned")
    term.type("n")  # (a finished game is kept unless the player says no)
    rows = term.shows("q) quit").splitlines()
    status = rows[-2]
    assert "to decide" not in status and "PgUp" not in status and "q) quit" not in status, status
    assert rows[-1].lstrip().startswith("s) save the record")
    term.type("q")
    term.child.expect(pexpect.EOF)
    term.child.close()
    assert term.child.exitstatus == 0 and b"Traceback" not in term.raw


def test_a_line_entered_while_the_bots_move_is_the_next_move_not_glued_to_it(tmp_path):
    """Enter while the bots moved was ignored and the text stayed in the prompt, so the next
    line was glued to it ('log 14log 26')."""
    term = Term(tmp_path, "invaders", "--seed", "3", "--seats", "hard,human", "--think", "0.5",
                cols=100, rows=30)
    term.shows("humans>")
    term.type("place d")
    term.until(lambda s: "are thinking" in s)  # the aliens: a plural side
    term.type("log 3")
    term.type("log 2")
    screen = term.shows("Typed ahead, for your next move: log 3",
                        "Typed ahead, for your next move: log 2")
    screen = term.shows("humans> log 3", "humans> log 2", timeout=60)
    assert "log 3log 2" not in term.raw.decode(errors="replace")
    assert screen.splitlines()[-1].rstrip() == "humans>"  # the prompt is empty again
    term.close()


def _round_four(tmp_path) -> tuple[str, str]:
    """A 3-player GROS game recorded into round 4, at a seat's turn that may end: (file, seat)."""
    from common.table import Table
    from gros.cli import SPEC

    rules = SPEC.rules
    rng = random.Random(5)
    table = Table(rules, seed=5, options={"players": "3"}, variant=rules.variants[0])
    while True:
        seat = table.decisions()[0].seat
        legal = [rules.format(m) for m in table.legal_moves(seat)]
        if table.view(None)["round"] >= 4 and "end" in legal:
            break
        table.play(seat, rng.choice([m for m in legal if not m.startswith("roll")] or legal))
    path = tmp_path / "round4.rec"
    path.write_text(table.record_text())
    return str(path), seat


@pytest.mark.parametrize("rows, kept", [(40, True), (90, False)])
def test_the_line_repl_keeps_the_bots_moves_above_the_prompt_under_a_tall_board(tmp_path, rows, kept):
    """3-player GROS past round 3: the board filled a 40-row screen and the bots' moves
    scrolled off it. They come again under the board, where it does not leave them in view."""
    from tests.common.test_story_pty import send, text, watch

    path, seat = _round_four(tmp_path)
    env = {"TERM": "xterm", "PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "NO_COLOR": "1",
           "PROMPT_TOOLKIT_NO_CPR": "1", "XDG_STATE_HOME": str(tmp_path / "state")}
    import sys

    kinds = ",".join("human" if s == seat else "random" for s in ("ray", "dana", "amanda"))
    child = watch(pexpect.spawn(sys.executable, ["-m", "gros", "play", "--load", path, "--seats", kinds,
                                                 "--pace", "0"], encoding="utf-8", timeout=30,
                                dimensions=(rows, 120), env=env, cwd=str(tmp_path)))
    child.expect(f"{seat}>")
    send(child, "end")
    child.expect("'done'")
    child.expect(f"{seat}>")
    text(child)
    send(child, "done")
    child.expect("— dana's turn")  # the bots' turns, then the board at ray's decision
    child.expect("Your hand")
    child.expect(f"{seat}>")
    seen = text(child)
    if kept:
        below = seen[seen.rindex("Your hand"):].split("Since your last move:")[1]
        assert "— amanda's turn" in below or "+ dana" in below or "+ amanda" in below, seen
    else:
        assert "Since your last move:" not in seen
    child.sendline("quit")
    child.expect("Save the game so far")
    child.sendline("n")
    child.expect(pexpect.EOF)
