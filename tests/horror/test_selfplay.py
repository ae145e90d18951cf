"""Creature Feature soak: whole films by bots with every invariant checked after every move
(dice accounting, no negative budget or stake, each card in one place, acts advancing only
when their tropes are played), and records and JSON that reproduce a film exactly."""

from __future__ import annotations

import json
import os
from collections import Counter

import pytest

from common.bots import RandomBot
from common.record import parse_record
from common.selfplay import play_game
from common.table import Table
from horror.bench import FILM_CAP
from horror.bots import AuteurBot
from horror.rules import RULES, HorrorRules
from horror.state import OVER
from tests.common.counting import counting

FILMS = int(os.environ.get("BMOVIE_SOAK_FILMS", "120"))  # auteur films, 2 to 8 players; more: BMOVIE_SOAK_FILMS
RANDOM_FILMS = 4  # uniform random films per table size (2 to 8 players): the long, odd films
PER_SEAT = 1_000  # decisions a player at most, in a random film (measured: under 300)


def options(g: int) -> dict[str, str]:
    return {"players": str(2 + g % 7)}


def checker(rules, acts: list[int]):
    """Invariants after every move, plus: the act number only grows, by one at a time, and
    only once no trope of the act it leaves is left unplayed."""

    def check(st) -> None:
        bad = rules.check_invariants(st)
        assert not bad, bad
        if st.act != acts[-1]:
            assert st.act == acts[-1] + 1, f"act jumped from {acts[-1]} to {st.act}"
            left = [e.id for e in st.elements.values()
                    if e.kind == "trope" and e.act == acts[-1] and e.id not in st.gone]
            assert not left, f"act {acts[-1]} ended with {left} unplayed"
            acts.append(st.act)

    return check


def test_auteur_films_keep_every_invariant():
    rules = counting(HorrorRules)
    endings: Counter[str] = Counter()
    for g in range(FILMS):
        opts = options(g)
        bots = {s: AuteurBot(g * 11 + i) for i, s in enumerate(rules.seats(opts))}
        acts = [1]
        result = play_game(rules, g, bots, opts, check=checker(rules, acts), max_moves=60_000)
        assert result.outcome is not None, f"film {g} did not reach the credits"
        assert acts == [1, 2, 3, 4]
        endings[result.outcome.reason.split("; top billing")[0]] += 1
        for _seat, move in result.moves[:50]:
            assert rules.parse(rules.format(move)) == move
    # the soak reaches every rule
    for kind in ("create", "raise", "armour", "write", "prop", "offer", "trade", "bid", "claim",
                 "chair", "trope", "subplot", "trigger", "stake", "roll", "help", "result", "saved",
                 "death", "attack", "cut", "act_over", "climax", "pool", "plan", "plan_failed",
                 "credits", "move"):
        assert rules.events[kind] > 0, f"no film ever produced {kind!r}"
    assert len(endings) >= 2, endings  # the plan wins, or the survivors escape


def test_random_films_keep_every_invariant_and_end():
    """Uniform random play, the table least inclined to play its tropes: every film ends
    within FILM_CAP decisions (the acts' schedules), and its length grows no faster than the
    table (at most PER_SEAT decisions a player: trade offers are not put to every other
    seat again and again)."""
    for g in range(RANDOM_FILMS * 7):
        opts = options(g)
        n = len(RULES.seats(opts))
        bots = {s: RandomBot(g * 7 + i) for i, s in enumerate(RULES.seats(opts))}
        result = play_game(RULES, 1000 + g, bots, opts, check=checker(RULES, [1]), max_moves=FILM_CAP)
        assert result.outcome is not None, f"random film {g} ({n} players) did not end in {FILM_CAP} decisions"
        assert result.decisions <= PER_SEAT * n, (g, n, result.decisions)
        for _seat, move in result.moves:
            assert RULES.parse(RULES.format(move)) == move


@pytest.mark.parametrize("g", range(0, 40, 3))
def test_a_record_reproduces_the_film(g):
    """The record of a bot film, replayed through a table, ends in the very same state."""
    opts = options(g)
    bots = {s: AuteurBot(g * 11 + i) for i, s in enumerate(RULES.seats(opts))}
    result = play_game(RULES, g, bots, opts)
    table = Table(RULES, seed=g, options=opts, keep_undo=False)
    for seat, move in result.moves:
        table.play(seat, move)
    text = table.record_text()
    again = Table(RULES, seed=g, options=opts, keep_undo=False)
    rec = parse_record(text)
    for seat, move in rec.moves():
        again.play(seat, move)
    assert json.dumps(RULES.to_json(again.state), sort_keys=True) == \
        json.dumps(RULES.to_json(table.state), sort_keys=True)
    assert again.state.phase == OVER
    assert rec.body[-1].kind == "result"
    assert rec.body[-1].text == " ".join(RULES.outcome(again.state).winners)


def _dump(st) -> str:
    return json.dumps(RULES.to_json(st), sort_keys=True)


def test_json_and_clone_reproduce_a_film_midway():
    """From any point, a JSON copy or a clone played on ends where the film ends, and
    playing on a clone never touches the original."""
    opts = options(5)
    bots = {s: AuteurBot(50 + i) for i, s in enumerate(RULES.seats(opts))}
    result = play_game(RULES, 5, bots, opts)
    final = RULES.setup(opts, 5)
    for seat, move in result.moves:
        RULES.apply(final, seat, move)
    st = RULES.setup(opts, 5)
    for i, (seat, move) in enumerate(result.moves):
        if i % 131 == 0:
            before = _dump(st)
            copy = RULES.from_json(json.loads(before))
            twin = RULES.clone(st)
            for s, m in result.moves[i:]:
                RULES.apply(copy, s, m)
                RULES.apply(twin, s, m)
            assert _dump(copy) == _dump(final)
            assert _dump(twin) == _dump(final)
            assert _dump(st) == before
        RULES.apply(st, seat, move)
