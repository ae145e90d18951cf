"""The flat search on common random numbers (``Search.paired``, ``common.paired``): moves are
played out on the same deals and told apart by their difference deal by deal."""

from __future__ import annotations

import math

from common import paired
from common.bots import IsmctsBot, Search, _Node
from common.rng import Rng
from tests.test_bots import midgame


def test_a_small_gain_on_every_deal_is_sure_where_two_separate_means_are_not():
    """Results that swing with the deal (0.1 to 0.9) and a move that does 0.03 better on each
    of them: the paired gain is certain after eleven deals, while the same means over
    separate play-outs are within each other's noise (the unpaired search keeps the favourite)."""
    deals = [0.1 + 0.08 * d for d in range(11)]
    first = dict(enumerate(deals))
    better = {d: r + 0.03 for d, r in enumerate(deals)}
    mean, se, n = paired.gain([first, better], 1)
    assert n == 11 and math.isclose(mean, 0.03) and se < 1e-9
    assert paired.pick([("a",), ("b",)], [first, better], margin=0.01, confidence=1.0) == ("b",)

    node = _Node()
    for move, results in ((("a",), first), (("b",), better)):
        child = node.children[("s", move)] = _Node()
        child.visits = len(results)
        child.reward = sum(results.values())
        child.squares = sum(r * r for r in results.values())
    unpaired = IsmctsBot(1, search=Search(margin=0.01, confidence=1.0))
    assert unpaired._favourite(node, "s", ("a",), ("b",)) == ("a",)


def test_the_favourite_stays_unless_the_gain_clears_the_margin_and_the_noise():
    first = {d: 0.5 for d in range(20)}
    noisy = {d: 0.5 + (0.3 if d % 2 else -0.26) for d in range(20)}  # +0.02 on average, swinging
    small = {d: 0.505 for d in range(20)}  # sure, but below the margin
    few = {d: 0.9 for d in range(paired.FEWEST - 1)}  # too few shared deals to trust
    for other in (noisy, small, few):
        assert paired.pick([("a",), ("b",)], [first, other], margin=0.01, confidence=1.0) == ("a",)
    best = {d: 0.6 for d in range(20)}
    assert paired.pick([("a",), ("b",), ("c",)], [first, small, best], 0.01, 1.0) == ("c",)


def test_every_move_weighed_is_played_out_on_the_same_deals():
    rules, st, seat = midgame("gros", kind="turn")
    legal = rules.legal_moves(st, seat)
    assert len(legal) >= 3
    dealt: list[int] = []

    def deal(r, v, s, rng):
        dealt.append(1)
        return r.determinize(v, s, rng)

    search = Search(flat=True, deal=deal, breadth=3, widen=0.0001, paired=True)
    results, done = paired.weigh(rules, rules.view(st, seat), seat, legal[:3], search, Rng(1), 30, 4)
    assert done == 30 and len(dealt) == 10
    assert results[0].keys() == results[1].keys() == results[2].keys() == set(range(10))


def test_the_same_deal_gives_the_same_result():
    """What pairing rests on: a GROS play-out depends on nothing but its deal (the policy
    draws no random numbers), so one move on one deal always scores the same."""
    from gros import hard

    rules, st, seat = midgame("gros", kind="turn")
    view = rules.view(st, seat)
    move = rules.legal_moves(st, seat)[0]
    scores = set()
    for k in range(3):
        dealt = hard.deal(rules, view, seat, Rng(7))
        rules.apply(dealt, seat, move)
        scores.add(paired.play_out(rules, dealt, seat, hard.SEARCH, Rng(k), hard.PLAYOUT_DEPTH))
    assert len(scores) == 1


def test_a_paired_search_stops_at_its_deadline():
    rules, st, seat = midgame("gros", kind="turn")
    legal = rules.legal_moves(st, seat)
    search = Search(flat=True, breadth=2, paired=True)
    results, done = paired.weigh(rules, rules.view(st, seat), seat, legal[:2], search, Rng(1), 1000, 2,
                                 deadline=0.0)  # long past: the first deal only
    assert done == 2 and all(len(r) == 1 for r in results)


def test_a_paired_bot_counts_its_play_outs_and_keeps_to_its_candidates():
    rules, st, seat = midgame("gros", kind="turn")
    legal = rules.legal_moves(st, seat)
    bot = IsmctsBot(1, iterations=24, search=Search(candidates=lambda r, v, s, moves: moves[:3], flat=True,
                                                    depth=2, breadth=3, paired=True))
    assert bot.choose(rules, rules.view(st, seat), seat, legal) in legal[:3]
    assert bot.done == 24


def test_past_the_tables_count_the_play_outs_lengthen_first():
    """Four times GROS's count: 213 play-outs of 36 decisions, not 640 of 12 (as many
    decisions played out); at or below the count, or without a reach, nothing changes."""
    search = Search(iterations=160, reach=3.0, paired=True)
    assert paired.stretch(640, 12, search) == (213, 36)
    assert paired.stretch(320, 12, search) == (160, 24)
    assert paired.stretch(6400, 12, search) == (2133, 36)  # no longer than reach times
    assert paired.stretch(160, 12, search) == paired.stretch(160, 12, Search(iterations=160)) == (160, 12)
    assert paired.stretch(640, 12, Search(iterations=160, paired=True)) == (640, 12)


def test_gros_hard_given_four_times_its_count_plays_out_further(monkeypatch):
    from common.bots import make_bot
    from gros import hard

    rules, st, seat = midgame("gros", kind="turn")
    legal = rules.legal_moves(st, seat)
    bot = make_bot("hard", rules, seed=3, iterations=4 * hard.TABLE_ITERATIONS)
    seen: list[int] = []
    weigh = paired.weigh

    def spy(*args, **kw):
        seen.append(args[7])  # the play-outs' length
        return weigh(*args, **kw)

    monkeypatch.setattr(paired, "weigh", spy)
    bot.choose(rules, rules.view(st, seat), seat, legal)
    assert seen == [3 * hard.PLAYOUT_DEPTH] and bot.done == 4 * hard.TABLE_ITERATIONS // 3


def test_a_play_out_ends_where_the_games_until_says():
    """``Search.until`` ends a play-out early in the tree search; the paired one honours it too."""
    rules, st, seat = midgame("gros", kind="turn")
    steps: list[int] = []

    def policy(r, s, actor, moves, rng):
        steps.append(1)
        return moves[0]

    stopped = Search(policy=policy, until=lambda s: len(steps) >= 3)
    paired.play_out(rules, st, seat, stopped, Rng(1), 50)
    assert len(steps) == 3
