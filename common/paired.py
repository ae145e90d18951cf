"""A flat search on common random numbers (``Search.paired``): every deal from the seat's view
is played out after each move weighed, and moves are told apart by how their results differ
on the same deals.

Why: in a card game most of a play-out's result is the deal (the cards the others hold, the
order of the deck), not the move. Compared deal by deal, that part cancels out, so the
difference between two moves is measured far more finely than by two means over separate
deals, and each further deal sharpens it (what more time buys beyond that is longer play-outs,
``stretch``: in GROS pairing alone won no more games at four times the count). It suits a
game whose play-outs draw on nothing but the deal (a deterministic policy and no dice), where
two moves on the same deal meet exactly the same luck.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from common.engine import Move, Rules
from common.rng import Rng

Progress = Callable[[float], None]
FEWEST = 4  # shared deals before a gain is trusted at all (the error of fewer is itself a guess)


def weigh(rules: Rules, view: dict[str, Any], seat: str, moves: list[Move], search: Any, rng: Rng,
          iterations: int, depth: int, deadline: float | None = None,
          progress: Progress | None = None) -> tuple[list[dict[int, float]], int]:
    """Each move's result (the seat's share of the win) on every deal it was played out on,
    keyed by the deal's number, and the play-outs run (``depth`` decisions each): at most
    ``iterations``, and none begun after ``deadline``. The first ``search.breadth`` moves are
    weighed from the start, the first ``1 + search.widen * sqrt(play-outs)`` once that is more
    (``moves`` best first)."""
    results: list[dict[int, float]] = [{} for _ in moves]
    done = deal_no = 0
    began = time.perf_counter()
    while done < iterations:
        width = len(moves) if not search.widen else \
            min(len(moves), max(search.breadth, 1 + int(search.widen * math.sqrt(done))))
        st = search.deal(rules, view, seat, rng) if search.deal else rules.determinize(view, seat, rng)
        for k in range(min(width, iterations - done)):
            trial = rules.clone(st)
            rules.apply(trial, seat, moves[k])
            results[k][deal_no] = play_out(rules, trial, seat, search, rng, depth)
            done += 1
        deal_no += 1
        now = time.perf_counter()
        if progress and deal_no % 4 == 0:
            spent = (now - began) / max(deadline - began, 1e-9) if deadline is not None else 0.0
            progress(min(1.0, max(done / iterations, spent)))
        if deadline is not None and now > deadline:
            break
    return results, done


def stretch(count: int, depth: int, search: Any) -> tuple[int, int]:
    """The play-outs and their length for a budget of ``count`` play-outs of ``depth``
    decisions: past the game's count (``search.iterations``) the play-outs lengthen first, up
    to ``search.reach`` times ``depth``, and fewer of them keep the decisions played out in
    proportion to the budget. Why: more play-outs of the same length only sharpen the estimate
    of what the policy's first ``depth`` decisions lead to (in GROS four times as many won no
    more games); longer ones see further past the move."""
    table = search.iterations
    if search.reach <= 1 or not table or count <= table:
        return count, depth
    longer = min(round(depth * search.reach), round(depth * count / table))
    return max(1, count * depth // longer), longer


def advance(rules: Rules, st: Any, search: Any, rng: Rng, depth: int) -> None:
    """Play ``st`` on by the game's policy (uniform where it lends none) for ``depth``
    decisions, or until the game ends or its ``search.until`` says: every play-out, the tree
    search's (``IsmctsBot``) and the paired one's."""
    policy, until, done = search.policy, search.until, 0
    while done < depth and rules.outcome(st) is None and not (until and until(st)):
        decisions = rules.decisions(st)
        if not decisions:
            break
        actor = decisions[0].seat
        moves = rules.search_moves(st, actor)  # placeholders for free text nobody reads
        guided = policy(rules, st, actor, moves, rng) if policy and len(moves) > 1 else None
        rules.apply(st, actor, guided if guided is not None else rng.choice(moves))
        done += 1


def play_out(rules: Rules, st: Any, seat: str, search: Any, rng: Rng, depth: int) -> float:
    """The seat's share of the win after ``advance``, or the game's evaluation where the game
    has not ended."""
    advance(rules, st, search, rng, depth)
    out = rules.outcome(st)
    if out is not None:
        return 1.0 / len(out.winners) if seat in out.winners else 0.0
    return search.evaluate(rules, st).get(seat, 0.0) if search.evaluate else 0.0


def gain(results: list[dict[int, float]], k: int) -> tuple[float, float, int]:
    """Move ``k``'s mean gain over the first move on the deals both were played out on, the
    standard error of that mean, and the number of such deals."""
    first = results[0]
    diffs = [r - first[d] for d, r in results[k].items() if d in first]
    n = len(diffs)
    if n < FEWEST:
        return 0.0, math.inf, n
    mean = sum(diffs) / n
    var = sum((x - mean) ** 2 for x in diffs) / (n - 1)
    return mean, math.sqrt(var / n), n


def pick(moves: list[Move], results: list[dict[int, float]], margin: float, confidence: float) -> Move:
    """The first move (the game's favourite), unless another gains more than ``margin`` over
    it on their shared deals and more than ``confidence`` standard errors of that gain: then
    the one that gains most."""
    best, best_gain = moves[0], 0.0
    for k in range(1, len(moves)):
        mean, se, _n = gain(results, k)
        if mean > margin and mean > confidence * se and mean > best_gain:
            best, best_gain = moves[k], mean
    return best
