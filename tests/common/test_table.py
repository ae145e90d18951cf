"""The table keeps a copy of the state only for a move that may be taken back (issue 22: copies
for undo were a quarter of a move made through the table, and the garbage collector's walks over
kept ones another quarter); a refusal needs none, and a bug in the rules is recovered from by
playing the record again."""

from __future__ import annotations

import pytest

from common.bots import make_bot
from common.engine import IllegalMove
from common.table import Table
from gros.rules import RULES


def _game(keep_undo, moves: int = 60) -> tuple[Table, list[str]]:
    """A 3-player gros game of random moves through a table; who made each move."""
    t = Table(RULES, seed=4, options={"players": "3"}, variant="gros", keep_undo=keep_undo)
    bots = {s: make_bot("random", RULES, seed=i) for i, s in enumerate(t.seats)}
    who = []
    for _ in range(moves):
        seat = t.decisions()[0].seat
        t.play(seat, bots[seat].choose(RULES, {}, seat, t.legal_moves(seat)))
        who.append(seat)
    return t, who


@pytest.fixture
def clones(monkeypatch):
    made: list[int] = []
    real = type(RULES).clone

    def counted(self, st):
        made.append(1)
        return real(self, st)

    monkeypatch.setattr(type(RULES), "clone", counted)
    return made


def test_no_copy_where_nothing_is_undone(clones):
    """'run' and the host: not one copy in 60 moves."""
    _game(False)
    assert clones == []


def test_copies_for_the_people_at_this_keyboard_only(clones):
    t, who = _game(frozenset({"ray"}))
    assert len(clones) == who.count("ray") > 0
    last_ray = len(who) - 1 - who[::-1].index("ray")
    assert t.undo({"ray"}) == len(who) - last_ray  # back to before ray's last move
    assert len(t.record.body) == last_ray
    if who[-1] != "ray":  # a bot's move has no copy: it is not taken back on its own
        t2, _who = _game(frozenset({"ray"}))
        assert t2.undo({who[-1]}) == 0 and len(t2.record.body) == len(who)


def test_a_refusal_leaves_the_game_as_it_was(clones):
    t, _who = _game(False)
    before = RULES.to_json(t.state)
    with pytest.raises(IllegalMove):
        t.play(t.decisions()[0].seat, "attack nobody with the-blob")
    assert RULES.to_json(t.state) == before and clones == []


def test_a_bug_half_way_through_a_move_does_not_lose_the_game(monkeypatch):
    t, _who = _game(False)
    before, body = RULES.to_json(t.state), len(t.record.body)
    real = type(RULES).apply

    failed: list[int] = []

    def broken(self, st, seat, move):
        if failed:  # (the replay that recovers from it plays the record's moves as they were)
            return real(self, st, seat, move)
        failed.append(1)
        st.hands[0].clear()  # half a move, then a bug
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(type(RULES), "apply", broken)
    seat = t.decisions()[0].seat
    with pytest.raises(IllegalMove, match="internal error"):
        t.play(seat, t.legal_moves(seat)[0])
    assert failed and RULES.to_json(t.state) == before and len(t.record.body) == body
