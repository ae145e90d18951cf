"""Grave Robbers soak tests: 250 random games for each deck (750 in all; $BMOVIE_SOAK sets
the number per deck for a longer soak), 2 to 6 players, with every invariant checked after
every move, and each game's record replaying it exactly."""

from __future__ import annotations

import os
from collections import Counter

import pytest

from common.bots import RandomBot
from common.record import Line, Record, format_record, parse_record
from common.selfplay import play_game
from gros.rules import RULES, GrosRules
from tests.common.counting import counting

GAMES = int(os.environ.get("BMOVIE_SOAK", "250"))  # per deck


def options_for(deck: str, g: int) -> dict[str, str]:
    opts = {"deck": deck, "variant": "gr2" if g % 2 else "gros", "players": str(2 + g % 5)}
    if g % 7 == 3:
        opts["autopass"] = "off"  # every seat is asked in every window
    if g % 11 == 5:
        opts["target"] = "60"  # match play: games follow games until a total reaches 60
    if g % 13 == 4:
        opts["timing"] = "windows"  # SFX outside attacks only in stop windows
    return opts


def replayed(rules: GrosRules, seed: int, options: dict[str, str], moves) -> dict:
    """The game's record, written and read back as text, replayed move by move."""
    rec = Record(game="gros", variant=options["variant"], seed=seed,
                 options={k: v for k, v in options.items() if k != "variant"},
                 body=[Line(0, "move", seat, rules.format(m)) for seat, m in moves])
    back = parse_record(format_record(rec))
    st = rules.setup({**back.options, "variant": back.variant}, back.seed)
    for seat, text in back.moves():
        rules.apply(st, seat, rules.parse(text))
    return _public(rules.to_json(st))


def _public(data: dict) -> dict:
    """The state without the Defence cache (an invariant check fills it as a side effect)."""
    return {k: v for k, v in data.items() if k != "dcache"}


@pytest.mark.parametrize("deck", ["gros", "gr2", "gros+gr2"])
def test_random_games_keep_every_invariant_and_replay(deck):
    rules = counting(GrosRules)
    ends: Counter[str] = Counter()
    players: Counter[int] = Counter()

    final = []

    def check(st):
        bad = rules.check_invariants(st)
        assert not bad, bad
        final[:] = [st]

    for g in range(GAMES):
        opts = options_for(deck, g)
        seats = rules.seats(opts)
        bots = {s: RandomBot(g * 31 + i) for i, s in enumerate(seats)}
        result = play_game(rules, g, bots, opts, check=check)
        assert result.outcome is not None, f"game {g} did not finish"
        players[len(seats)] += 1
        ends[result.outcome.reason.split(";")[0].split(" rolled")[0] if "rolled" not in
             result.outcome.reason else "credits"] += 1
        # every game replays from its record text to exactly the same state
        assert replayed(RULES, g, opts, result.moves) == _public(rules.to_json(final[0]))
    assert set(players) == {2, 3, 4, 5, 6}
    assert ends["credits"] and ends["the last card was drawn"], ends
    for kind in ("attack", "attack_result", "stopped", "killed", "location", "prop", "moved", "used",
                 "mulligan", "next_game", "discard", "paid", "strength", "fetched", "no_draw"):
        assert rules.events[kind] > 0, f"the soak never reached {kind!r}"
    if deck != "gros":
        assert rules.events["attack_stopped"] and rules.events["chooser"]

