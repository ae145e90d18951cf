"""Invaders soak tests: thousands of random games with every invariant checked after every move,
records and JSON that reproduce a game exactly, and clones that never touch the original."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from common.batch import replay
from common.bots import RandomBot
from common.engine import GameError
from common.record import parse_record
from common.rng import Rng
from common.selfplay import play_game
from common.table import Table
from invaders.rules import RULES, InvadersRules
from invaders.state import SEATS

# (options, games): 2,000 random games on boards from 3x3 up to 4x30. Long boards and bigger
# draws make games last long enough to empty decks (reshuffles, aliens running out of cards);
# random humans almost never destroy the whole fleet with the default decks, so one set of
# games gives them a deck of Fire! cards on a narrow board.
SOAK = [
    ({}, 700),
    ({"width": "3", "height": "3"}, 250),
    ({"width": "5", "height": "4"}, 200),
    ({"width": "9", "height": "10"}, 150),
    ({"width": "3", "height": "12", "draw": "3"}, 250),
    ({"height": "20", "draw": "4"}, 150),
    ({"width": "4", "height": "30"}, 100),
    ({"width": "3", "height": "10", "deck.humans": "fire:20,maneuver1:2,shield:4"}, 200),
    ({"deck.aliens": "fire:12,maneuver:8,reinforcements:4"}, 300),  # the rulings' bigger fleet deck
]

DERANDOMIZED = settings(derandomize=True, deadline=None, max_examples=200,
                        suppress_health_check=[HealthCheck.too_slow])

boards = hs.sampled_from([{}, {"width": "3", "height": "3"}, {"width": "5", "height": "4"},
                          {"width": "11", "height": "9"}, {"width": "3", "height": "12", "draw": "3"}])


class CountingRules(InvadersRules):
    """The real rules, counting the events they report (to prove the soak reaches every rule)."""

    def __init__(self) -> None:
        super().__init__()
        self.events: Counter[str] = Counter()

    def apply(self, state, seat, move):
        events = super().apply(state, seat, move)
        self.events.update(e.kind for e in events)
        return events


def bots(seed: int) -> dict:
    return {"aliens": RandomBot(seed * 2 + 1), "humans": RandomBot(seed * 2 + 2)}


def check(rules):
    def after_move(state) -> None:
        assert rules.check_invariants(state) == []
        decisions = rules.decisions(state)
        assert (rules.outcome(state) is None) == bool(decisions)
        for d in decisions:
            assert rules.legal_moves(state, d.seat), f"{d.seat} must act but has no legal move"
    return after_move


def random_game(seed: int, options: dict, upto: int | None = None):
    """A random game's state after ``upto`` moves (all of them if None), with the moves made."""
    st = RULES.setup(options, seed)
    rng = Rng(seed)
    moves = []
    while RULES.outcome(st) is None and (upto is None or len(moves) < upto):
        seat = RULES.decisions(st)[0].seat
        move = rng.choice(RULES.legal_moves(st, seat))
        RULES.apply(st, seat, move)
        moves.append((seat, move))
    return st, moves


# -- the soak ------------------------------------------------------------------------------------

def test_soak_random_games_keep_every_invariant():
    rules = CountingRules()
    reasons: Counter[str] = Counter()
    games = 0
    for options, count in SOAK:
        for seed in range(count):
            result = play_game(rules, seed, bots(seed), options=options, check=check(rules))
            assert result.outcome is not None, f"game {seed} {options} did not finish"
            reasons[result.outcome.reason.split(" at ")[0]] += 1
            games += 1
    assert games >= 2000
    # every way a game can end, and every kind of event, happened somewhere in the soak
    assert set(reasons) == {"a ship landed on the moon", "a red bullet destroyed the Defender",
                            "a death ray destroyed the Defender", "the last alien ship was destroyed",
                            "the aliens ran out of cards"}
    for kind in ("fire", "moved", "reinforced", "bullets_collide", "ship_destroyed", "shielded", "ray", "ray_stopped",
                 "reshuffle", "must_discard", "discard", "win"):
        assert rules.events[kind] > 0, f"no {kind!r} event in {games} games"


def test_games_are_reproducible():
    for seed in range(20):
        a, moves = random_game(seed, {})
        b = RULES.setup({}, seed)
        for seat, move in moves:
            RULES.apply(b, seat, move)
        assert RULES.to_json(a) == RULES.to_json(b)
    # different seeds deal differently
    deals = {json.dumps(RULES.to_json(RULES.setup({}, s))["hands"], sort_keys=True) for s in range(10)}
    assert len(deals) > 1


# -- records ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed,options", [(1, {}), (2, {"width": "5", "height": "3"}),
                                          (3, {"width": "3", "height": "12", "draw": "3"}),
                                          (4, {"height": "20", "draw": "4"})])
def test_record_round_trip(seed, options):
    result = play_game(RULES, seed, bots(seed), options=options)
    table = Table(RULES, seed=seed, options=options)
    for seat, move in result.moves:
        table.play(seat, RULES.format(move))  # through the notation, as a record does
    assert table.outcome() is not None
    text = table.record_text()
    assert text.splitlines()[-1] == f"result {table.outcome().winners[0]}"
    rec = parse_record(text, "selfplay.rec")
    assert rec.options == options and rec.seed == seed
    assert rec.cards == RULES.card_checksum({**options, "variant": "standard"})
    replayed = replay(RULES, rec)
    assert replayed.failures == [] and replayed.checked == 1  # the result line
    assert RULES.to_json(replayed.table.state) == RULES.to_json(table.state)


def test_table_undo_restores_the_state():
    table = Table(RULES, seed=5)
    st, moves = random_game(5, {}, upto=25)
    snapshots = []
    for seat, move in moves:
        snapshots.append(json.dumps(RULES.to_json(table.state), sort_keys=True))
        table.play(seat, move)
    for snap in reversed(snapshots):
        assert table.undo() == 1
        assert json.dumps(RULES.to_json(table.state), sort_keys=True) == snap


def test_refused_move_leaves_the_table_unchanged():
    table = Table(RULES, seed=6)
    table.play("humans", "place d")
    before = json.dumps(RULES.to_json(table.state), sort_keys=True)
    for seat, text in (("humans", "fire"), ("aliens", "maneuver 2 left"), ("aliens", "shield"),
                       ("aliens", "discard fire"), ("aliens", "reinforce z")):
        with pytest.raises(GameError):
            table.play(seat, text)
        assert json.dumps(RULES.to_json(table.state), sort_keys=True) == before
    assert len(table.record.body) == 1


# -- JSON ------------------------------------------------------------------------------------------

@DERANDOMIZED
@given(seed=hs.integers(0, 2**32), options=boards, upto=hs.integers(0, 120))
def test_json_round_trip(seed, options, upto):
    st, _ = random_game(seed, options, upto)
    data = RULES.to_json(st)
    text = json.dumps(data)
    back = RULES.from_json(json.loads(text))
    assert RULES.to_json(back) == data
    assert json.dumps(RULES.to_json(back)) == text
    assert RULES.decisions(back) == RULES.decisions(st)
    assert back.rng.state == st.rng.state
    for seat in SEATS:
        assert RULES.legal_moves(back, seat) == RULES.legal_moves(st, seat)
        assert RULES.view(back, seat) == RULES.view(st, seat)
    # the restored game goes on exactly as the original (the rng state came along: reshuffles)
    rng = Rng(seed + 1)
    for _ in range(200):
        if RULES.outcome(st) is not None:
            break
        seat = RULES.decisions(st)[0].seat
        move = rng.choice(RULES.legal_moves(st, seat))
        RULES.apply(st, seat, move)
        RULES.apply(back, seat, move)
    assert RULES.to_json(back) == RULES.to_json(st)


def test_json_shares_nothing_with_the_live_state():
    st, _ = random_game(8, {}, upto=30)
    snapshot = json.dumps(RULES.to_json(st), sort_keys=True)
    data = RULES.to_json(st)
    for value in data.values():
        if isinstance(value, list):
            value.append(99)
        elif isinstance(value, dict):
            for inner in value.values():
                if isinstance(inner, list):
                    inner.append("x")
                elif isinstance(inner, dict):
                    inner["x"] = 1
    assert json.dumps(RULES.to_json(st), sort_keys=True) == snapshot


# -- clones ----------------------------------------------------------------------------------------

@DERANDOMIZED
@given(seed=hs.integers(0, 2**32), options=boards, upto=hs.integers(0, 80))
def test_clone_independence(seed, options, upto):
    st, _ = random_game(seed, options, upto)
    snapshot = json.dumps(RULES.to_json(st), sort_keys=True)
    clone = RULES.clone(st)
    assert json.dumps(RULES.to_json(clone), sort_keys=True) == snapshot
    # play the clone to its end ...
    rng = Rng(seed)
    while RULES.outcome(clone) is None:
        seat = RULES.decisions(clone)[0].seat
        RULES.apply(clone, seat, rng.choice(RULES.legal_moves(clone, seat)))
    # ... and scribble on everything it holds
    clone.rng.next64()
    for pile in (clone.ships, clone.red, clone.blue, clone.fresh, clone.shields):
        pile.append(0)
    for piles in (clone.decks, clone.hands, clone.discards):
        for seat in SEATS:
            piles[seat].append("fire")
    clone.defender, clone.turn, clone.phase, clone.winner = 0, 999, "over", "aliens"
    assert json.dumps(RULES.to_json(st), sort_keys=True) == snapshot
    assert RULES.check_invariants(st) == []
