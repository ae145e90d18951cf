"""Bots playing whole games against each other: the engine of ``bench`` and the soak tests."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from common.bots import Bot, bot_move
from common.engine import Move, Outcome, Rules


@dataclass
class GameResult:
    seed: int
    outcome: Outcome | None
    moves: list[tuple[str, Move]] = field(default_factory=list)
    decisions: int = 0
    seconds_in_rules: float = 0.0  # legal_moves + apply only


def play_game(rules: Rules, seed: int, bots: Mapping[str, Bot], options: dict[str, str] | None = None,
              check: Callable[[Any], None] | None = None, max_moves: int = 100_000,
              watch: Callable[[Any, str, Move], None] | None = None) -> GameResult:
    """One game from ``seed``; ``check(state)`` runs after every move (the invariant tests),
    ``watch(state, seat, move)`` before each (an audit of the moves, ``common.ladder``)."""
    options = options or {}
    st = rules.setup(options, seed)
    result = GameResult(seed, None)
    clock = time.perf_counter
    in_rules = 0.0
    for _ in range(max_moves):
        decisions = rules.decisions(st)
        if not decisions:
            break
        seat = decisions[0].seat
        t0 = clock()
        legal = rules.legal_moves(st, seat)
        t1 = clock()
        bot = bots[seat]
        view = rules.view(st, seat) if bot.needs_view else {}
        move = bot_move(bot, rules, view, seat, legal, strict=True)  # a bot's bug stops the run
        if watch:
            watch(st, seat, move)
        t2 = clock()
        rules.apply(st, seat, move)
        in_rules += (t1 - t0) + (clock() - t2)
        result.moves.append((seat, move))
        if check:
            check(st)
    result.decisions = len(result.moves)
    result.seconds_in_rules = in_rules
    result.outcome = rules.outcome(st)
    return result
