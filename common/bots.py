"""Bots that play any game through the rules contract.

A bot is handed its seat's *view* and its legal moves, never the game state: searching bots
sample what they cannot see with ``rules.determinize`` (information-set MCTS), so a bot can
not cheat by construction.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any, Protocol

from common.engine import GameError, Move, Rules
from common.rng import Rng

Progress = Callable[[float], None]


class Bot(Protocol):
    kind: str
    needs_view: bool

    def choose(self, rules: Rules, view: dict[str, Any], seat: str, legal: list[Move],
               progress: Progress | None = None) -> Move: ...


class RandomBot:
    """Uniform over the legal moves: the baseline and the self-play engine."""

    kind = "random"
    needs_view = False  # lets self-play skip building views nobody reads

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, rules: Rules, view: dict[str, Any], seat: str, legal: list[Move],
               progress: Progress | None = None) -> Move:
        return self.rng.choice(legal)


class _Node:
    __slots__ = ("children", "visits", "avail", "reward")

    def __init__(self) -> None:
        self.children: dict[tuple[str, Move], _Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0


class IsmctsBot:
    """Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012).

    Each iteration deals the unseen cards anew from the bot's view, walks the shared tree
    with availability-aware UCB, plays out at random and scores the result for each actor.
    Stops after ``iterations`` or ``think`` seconds, whichever comes first.
    """

    kind = "ismcts"
    needs_view = True

    def __init__(self, seed: int = 0, iterations: int = 300, think: float | None = None,
                 exploration: float = 0.7, max_depth: int = 400) -> None:
        self.rng = Rng(seed)
        self.iterations = max(1, iterations)
        self.think = think
        self.c = exploration
        self.max_depth = max_depth

    def choose(self, rules: Rules, view: dict[str, Any], seat: str, legal: list[Move],
               progress: Progress | None = None) -> Move:
        if len(legal) == 1:
            return legal[0]
        root = _Node()
        deadline = time.perf_counter() + self.think if self.think else None
        for i in range(self.iterations):
            self._iterate(rules, rules.determinize(view, seat, self.rng), root)
            if progress and i % 16 == 0:
                progress(i / self.iterations)
            if deadline and time.perf_counter() > deadline:
                break
        best = max((m for m in legal if (seat, m) in root.children),
                   key=lambda m: root.children[(seat, m)].visits, default=None)
        return best if best is not None else self.rng.choice(legal)

    def _iterate(self, rules: Rules, st: Any, root: _Node) -> None:
        rng, path, node = self.rng, [], root
        # selection and expansion
        while rules.outcome(st) is None:
            decisions = rules.decisions(st)
            if not decisions:
                break
            actor = decisions[0].seat
            moves = rules.legal_moves(st, actor)
            untried = [m for m in moves if (actor, m) not in node.children]
            if untried:
                move = rng.choice(untried)
                child = node.children[(actor, move)] = _Node()
                for m in moves:
                    if m != move and (actor, m) in node.children:
                        node.children[(actor, m)].avail += 1
                rules.apply(st, actor, move)
                path.append((actor, child))
                break
            best, best_score = None, -1.0
            for m in moves:
                ch = node.children[(actor, m)]
                ch.avail += 1
            for m in moves:
                ch = node.children[(actor, m)]
                log_n = math.log(ch.avail)
                score = ch.reward / ch.visits + self.c * math.sqrt(log_n / ch.visits)
                if score > best_score:
                    best, best_score = m, score
            node = node.children[(actor, best)]
            rules.apply(st, actor, best)
            path.append((actor, node))
        # random play-out
        depth = 0
        while depth < self.max_depth and rules.outcome(st) is None:
            decisions = rules.decisions(st)
            if not decisions:
                break
            actor = decisions[0].seat
            rules.apply(st, actor, rng.choice(rules.legal_moves(st, actor)))
            depth += 1
        out = rules.outcome(st)
        root.visits += 1
        for actor, n in path:
            n.visits += 1
            if out is not None and actor in out.winners:
                n.reward += 1.0 / len(out.winners)


BOT_KINDS = ("random", "ismcts")


def make_bot(kind: str, rules: Rules, seed: int = 0, think: float | None = None,
             iterations: int | None = None) -> Bot:
    """A bot by name: 'random', 'ismcts', or a kind the game adds in ``rules.bot_kinds``."""
    extra: dict[str, Callable[..., Bot]] = getattr(rules, "bot_kinds", {}) or {}
    if kind in extra:
        return extra[kind](seed=seed)
    if kind == "random":
        return RandomBot(seed)
    if kind == "ismcts":
        return IsmctsBot(seed, iterations=iterations or (100_000 if think else 300), think=think)
    raise GameError(f"unknown bot {kind!r} (bots: {', '.join(BOT_KINDS + tuple(extra))})")


def bot_move(bot: Bot, rules: Rules, table_view: dict[str, Any], seat: str, legal: list[Move],
             progress: Progress | None = None) -> Move:
    """Ask a bot for a move; a bot that errs falls back to the first legal move."""
    try:
        move = bot.choose(rules, table_view, seat, legal, progress)
    except Exception:  # a bot's bug must not stall the table
        move = legal[0]
    return move if move in legal else legal[0]
