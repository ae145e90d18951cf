"""Bots that play any game through the rules contract.

A bot is handed its seat's *view* and its legal moves, never the game state: searching bots
sample what they cannot see with ``rules.determinize`` (information-set MCTS), so a bot can
not cheat by construction.
"""

from __future__ import annotations

import logging
import math
import os
import time
from collections.abc import Callable
from typing import Any, Protocol

from common import _, paired
from common.engine import GameError, Move, Rules
from common.rng import Rng

Progress = Callable[[float], None]
LOG = logging.getLogger("bmovie.bots")


class Bot(Protocol):
    kind: str

    @property
    def needs_view(self) -> bool:
        """Whether ``choose`` reads the view (a random bot does not: none is built for it)."""
        ...

    def choose(self, rules: Rules, view: dict[str, Any], seat: str, legal: list[Move],
               progress: Progress | None = None) -> Move: ...


class RandomBot:
    """Uniform over the legal moves: the baseline and the self-play engine. It draws what
    ``rng.choice`` would, from outputs made 64 at a time (``Rng.ahead``): the same moves,
    for less work at each of self-play's decisions."""

    kind = "random"
    needs_view = False  # lets self-play skip building views nobody reads

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self._ahead: list[int] = []

    def choose(self, rules: Rules, view: dict[str, Any], seat: str, legal: list[Move],
               progress: Progress | None = None) -> Move:
        if self.rng.keyed or not legal:
            return self.rng.choice(legal)
        if not self._ahead:
            self._ahead = self.rng.ahead(64)
        return legal[(self._ahead.pop() * len(legal)) >> 64]  # below(len(legal)) on that output


class _Node:
    __slots__ = ("children", "visits", "avail", "reward", "squares")

    def __init__(self) -> None:
        self.children: dict[tuple[str, Move], _Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0
        self.squares = 0.0  # the sum of the squared rewards: how far the mean can be trusted

    def spread(self) -> float:
        """The variance of the mean reward: one play-out's variance over the visits."""
        mean = self.reward / self.visits
        return max(self.squares / self.visits - mean * mean, 0.0) / self.visits


class Search:
    """What a game lends the search: a cheap play-out policy and an evaluation at the cut-off.

    ``policy(rules, state, seat, legal, rng)`` picks a play-out move (None: uniform);
    ``evaluate(rules, state)`` scores a position that has no result yet, seat -> [0, 1] (the
    share of the win that seat may expect; None: an unfinished play-out scores nothing);
    ``depth`` is how many play-out decisions run before the evaluation takes over;
    ``delegate(rules, view, seat, legal, rng)`` may answer a decision without a search (a
    rule of thumb the game trusts more than a short search, e.g. what to discard), or None.
    Three more for a game whose play-outs stop at a natural point rather than a count:
    ``candidates(rules, view, seat, legal)`` narrows the moves the search weighs at the root
    (None: all of them); ``until(state)`` ends a play-out early (the evaluation scores it);
    ``flat`` grows no tree below the root, so every reply is the policy's (a search of a
    few dozen iterations otherwise meets the opponents' replies as untried, random moves).
    ``margin``: the first of the candidates is the game's own favourite, kept unless another
    move's mean reward beats it by this much (a short search's noise then costs nothing).
    ``confidence``: with a ``margin``, another move must also beat the favourite by this many
    standard errors of the difference of their means: a bar that falls as the play-outs pile
    up, so a longer search departs from the favourite more often (``margin`` is then the
    floor: a gain too small to matter).
    ``deal(rules, view, seat, rng)``: a state dealt from the seat's view for an iteration
    (None: ``rules.determinize``, every unseen card alike), for a game that knows what players
    tend to keep in hand.
    ``widen``: progressive widening over a game's ``candidates`` (best first): the first
    ``breadth`` are weighed from the start, and the first ``1 + widen * sqrt(visits)`` once
    that is more (0: all of them from the start), so a short search spends its play-outs on
    the likeliest moves and a longer one reaches further down the list.
    ``settle``: stop as soon as more thinking could no longer change the choice (the same
    choice, but the random stream moves on differently: games that replay a scripted bot game
    keep it off).
    ``paired``: with ``candidates``, weigh the moves on common random numbers
    (``common.paired``): each deal is played out after every move weighed, and a move departs
    from the favourite by its gain on the same deals (``margin`` and ``confidence`` as above;
    no tree, no early settling); for a game whose play-outs draw on nothing but the deal.
    ``reach``: a paired search given more than ``iterations`` spends the extra on longer
    play-outs first, up to ``reach`` times ``depth``, the play-outs times their length kept in
    proportion to the count (``paired.stretch``; 1: more play-outs of the same length).
    ``iterations``: the most iterations a decision when the search is given a think time (the
    table, the coach, the LAN; None: the time alone). A game whose search stops gaining
    strength well within the table's second sets it, measured: its bots then play at that
    strength on any machine, as fast as that count runs.
    """

    __slots__ = ("policy", "evaluate", "depth", "delegate", "candidates", "until", "flat", "margin", "settle",
                 "iterations", "confidence", "widen", "breadth", "deal", "paired", "reach")

    def __init__(self, policy: Callable[..., Move | None] | None = None,
                 evaluate: Callable[[Any, Any], dict[str, float]] | None = None, depth: int = 400,
                 delegate: Callable[..., Move | None] | None = None,
                 candidates: Callable[..., list[Move]] | None = None,
                 until: Callable[[Any], bool] | None = None, flat: bool = False,
                 margin: float = 0.0, settle: bool = False, iterations: int | None = None,
                 confidence: float = 0.0, widen: float = 0.0, breadth: int = 1,
                 deal: Callable[..., Any] | None = None, paired: bool = False, reach: float = 1.0) -> None:
        self.policy = policy
        self.evaluate = evaluate
        self.depth = depth
        self.delegate = delegate
        self.candidates = candidates
        self.until = until
        self.flat = flat
        self.margin = margin
        self.settle = settle
        self.iterations = iterations
        self.confidence = confidence
        self.widen = widen
        self.breadth = breadth
        self.deal = deal
        self.paired = paired
        self.reach = reach


class IsmctsBot:
    """Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012).

    Each iteration deals the unseen cards anew from the bot's view, walks the shared tree
    with availability-aware UCB, plays out (with the game's ``Search`` policy, if any) and
    scores the result for each actor, or the game's evaluation at the play-out cut-off.
    Stops after ``iterations`` or ``think`` seconds, whichever comes first, or (``settle``)
    as soon as the most visited move can no longer be overtaken in what is left of either.
    A game's ``Search.paired`` trades the tree for play-outs of every move on the same deals
    (``common.paired``).
    """

    kind = "ismcts"
    needs_view = True

    def __init__(self, seed: int = 0, iterations: int = 300, think: float | None = None,
                 exploration: float = 0.7, max_depth: int | None = None,
                 search: Search | None = None, settle: bool | None = None) -> None:
        self.rng = Rng(seed)
        self.iterations = max(1, iterations)
        self.think = think
        self.c = exploration
        self.search = search or Search()
        self.settle = self.search.settle if settle is None else settle
        self.max_depth = self.search.depth if max_depth is None else max_depth
        self.done = 0  # iterations run by the last choose(): what the benchmarks count
        self._root_moves: list[Move] = []  # the moves weighed at the root (Search.candidates)
        self._widening = False  # whether the root moves are a game's candidates, best first
        self._began = 0.0  # when the last choose() or rank() began: the think time runs from there

    def choose(self, rules: Rules, view: dict[str, Any], seat: str, legal: list[Move],
               progress: Progress | None = None) -> Move:
        self.done = 0
        self._began = time.perf_counter()  # the think time counts the game's own rules of thumb too
        if len(legal) == 1:
            return legal[0]
        if self.search.delegate is not None:
            move = self.search.delegate(rules, view, seat, legal, self.rng)
            if move is not None:
                return move
        if self.search.candidates is not None:
            legal = self.search.candidates(rules, view, seat, legal) or legal
            if len(legal) == 1:
                return legal[0]
        if self.search.paired:
            deadline = self._began + self.think if self.think else None
            count, depth = paired.stretch(self.iterations, self.max_depth, self.search)
            results, self.done = paired.weigh(rules, view, seat, legal, self.search, self.rng, count, depth,
                                              deadline, progress)
            return paired.pick(legal, results, self.search.margin, self.search.confidence)
        self._widening = bool(self.search.widen and self.search.candidates)
        try:
            root = self._search(rules, view, seat, legal, progress)
        finally:
            self._widening = False
        best = max((m for m in legal if (seat, m) in root.children),
                   key=lambda m: root.children[(seat, m)].visits, default=None)
        if best is None:
            return self.rng.choice(legal)
        return self._favourite(root, seat, legal[0], best)

    def _favourite(self, root: _Node, seat: str, first: Move, best: Move) -> Move:
        """``best``, unless the game's favourite (``first``) is within ``Search.margin`` of it."""
        if not self.search.margin or best == first or (seat, first) not in root.children:
            return best
        a, b = root.children[(seat, best)], root.children[(seat, first)]
        gain = a.reward / a.visits - b.reward / b.visits
        sure = self.search.confidence * math.sqrt(a.spread() + b.spread())
        return best if gain > self.search.margin and gain > sure else first

    def rank(self, rules: Rules, view: dict[str, Any], seat: str, legal: list[Move],
             progress: Progress | None = None) -> list[tuple[Move, float, int]]:
        """The coach's one door into the search (``common.coach``): the moves weighed at the
        root, the bot's choice first (most visits, as ``choose``), each with its estimate (the
        mean share of the win its play-outs gave ``seat``) and its visits. From the seat's view
        only, like ``choose``; a game's rules of thumb (``Search.delegate``) are not asked, and
        a single legal move is searched too: the coach wants the search's own figures. Every
        legal move is weighed (not only a game's ``Search.candidates``: the coach rates the move
        the player made, whatever it was), and the search runs its full count (no settling)."""
        self.done = 0
        self._began = time.perf_counter()
        settle, self.settle = self.settle, False
        try:
            root = self._search(rules, view, seat, legal, progress)
        finally:
            self.settle = settle
        rows = [(m, ch.reward / ch.visits, ch.visits) for m in legal
                if (ch := root.children.get((seat, m))) is not None and ch.visits]
        rows.sort(key=lambda row: (-row[2], -row[1]))
        return rows

    def _search(self, rules: Rules, view: dict[str, Any], seat: str, legal: list[Move],
                progress: Progress | None) -> _Node:
        """Run the iterations from ``view``; the root, its children keyed (seat, move)."""
        root = _Node()
        self._root_moves = legal
        start = time.perf_counter()
        deadline = self._began + self.think if self.think else None
        deal = self.search.deal
        for i in range(self.iterations):
            st = deal(rules, view, seat, self.rng) if deal else rules.determinize(view, seat, self.rng)
            self._iterate(rules, st, root)
            self.done = i + 1
            if deadline:  # every iteration: on a busy machine 16 of them overran the wait by a tenth
                now = time.perf_counter()
                if now > deadline:
                    break
            if i % 16 == 0:
                now = time.perf_counter()
                if progress:
                    spent = (now - self._began) / self.think if self.think else 0.0
                    progress(min(1.0, max(i / self.iterations, spent)))
                if self.settle and i and self._settled(root, seat, legal, self.iterations - i - 1 if not deadline
                                                       else (i + 1) * (deadline - now) / max(now - start, 1e-9)):
                    break
        return root

    def _settled(self, root: _Node, seat: str, legal: list[Move], left: float) -> bool:
        """The most visited move is settled when the runner-up could not catch it in the
        iterations left (counted, or what the time left would buy at the pace so far): more
        thinking could no longer change the choice. (With a ``margin``, only when the game's
        favourite leads: another leader could still fall back within the margin.)"""
        visits = sorted(((root.children[(seat, m)].visits, k) for k, m in enumerate(legal)
                         if (seat, m) in root.children), reverse=True)
        if len(visits) < 2 or (self.search.margin and visits[0][1] != 0):
            return False
        return visits[0][0] - visits[1][0] > left

    def _iterate(self, rules: Rules, st: Any, root: _Node) -> None:
        rng, path, node = self.rng, [], root
        # selection and expansion
        while rules.outcome(st) is None:
            decisions = rules.decisions(st)
            if not decisions:
                break
            actor = decisions[0].seat
            if node is not root and self.search.flat:
                break  # a flat search: below the root, the policy plays every move
            moves = rules.legal_moves(st, actor)
            if node is root and self.search.candidates is not None:
                moves = [m for m in self._root_moves if m in moves] or moves
                if self._widening:
                    moves = moves[:max(self.search.breadth, 1 + int(self.search.widen * math.sqrt(root.visits)))]
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
            best, best_score = moves[0], -1.0
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
        # play-out, guided by the game's policy when it lends one, up to the cut-off
        paired.advance(rules, st, self.search, rng, self.max_depth)
        out = rules.outcome(st)
        if out is not None:
            share = {w: 1.0 / len(out.winners) for w in out.winners}
        elif self.search.evaluate is not None:
            share = self.search.evaluate(rules, st)
        else:
            share = {}
        root.visits += 1
        for actor, n in path:
            got = share.get(actor, 0.0)
            n.visits += 1
            n.reward += got
            n.squares += got * got


class SloppyBot:
    """The ``easy`` level: the game's ``normal`` bot, but ``slip`` percent of its decisions at
    random (half, unless the normal bot's class says ``easy_slip``), among the moves its
    ``easy_moves`` allows (all of them if it has none)."""

    kind = "easy"

    def __init__(self, inner: Bot, seed: int = 0, slip: int = 50,
                 sensible: Callable[..., list[Move]] | None = None) -> None:
        self.inner = inner
        self.rng = Rng(seed * 7919 + 1)
        self.slip = slip  # percent of decisions taken at random
        # ``sensible(rules, view, seat, legal)``: the moves a random decision picks from (the
        # normal bot's ``easy_moves``, if it has them: a careless player, not one who harms itself)
        self.sensible = sensible

    @property
    def needs_view(self) -> bool:
        return self.inner.needs_view

    def choose(self, rules: Rules, view: dict[str, Any], seat: str, legal: list[Move],
               progress: Progress | None = None) -> Move:
        if self.rng.below(100) < self.slip:
            return self.rng.choice(self.sensible(rules, view, seat, legal) if self.sensible else legal)
        return self.inner.choose(rules, view, seat, legal, progress)


LEVELS = ("easy", "normal", "hard")
BOT_KINDS = ("random", "ismcts", *LEVELS)
THINK = 1.0  # seconds per decision of a searching bot when nobody says otherwise


def _normal(rules: Rules) -> tuple[dict[str, Callable[..., Bot]], Callable[..., Bot] | None]:
    """The game's own kinds and its ``normal`` bot: the first of them."""
    extra: dict[str, Callable[..., Bot]] = getattr(rules, "bot_kinds", {}) or {}
    return extra, next(iter(extra.values()), None)


def bot_kinds(rules: Rules) -> tuple[str, ...]:
    """Every bot name a game knows: the three levels, the common kinds and its own."""
    extra, _weights = _normal(rules)
    return BOT_KINDS + tuple(k for k in extra if k not in BOT_KINDS)


def make_bot(kind: str, rules: Rules, seed: int = 0, think: float | None = None,
             iterations: int | None = None, coach: bool = False) -> Bot:
    """A bot by name: a level ('easy', 'normal', 'hard'), 'random', 'ismcts' (= 'hard'), or a
    kind the game adds in ``rules.bot_kinds``. A game's ``bot_kinds`` names its ``normal``
    bot (the first entry, unless one is called 'normal') and may lend the search a ``Search``
    under the key 'search'. ``hard`` thinks ``think`` seconds (default 1) unless given a
    count of ``iterations`` (what tests and benchmarks use: counts, not clocks); a game's
    ``Search.iterations`` caps a thinking one. ``coach``: the search the coach asks, the
    normal bot's ``coach_search`` if it lends one (a cheaper search whose verdicts the
    coach's thresholds were set on), else the table's."""
    extra, normal = _normal(rules)
    if kind in extra:
        return extra[kind](seed=seed)
    if kind == "random" or (kind in LEVELS[:2] and normal is None):
        return RandomBot(seed)
    if kind == "normal":
        return normal(seed=seed)  # type: ignore[misc]
    if kind == "easy":
        return SloppyBot(normal(seed=seed), seed, getattr(normal, "easy_slip", 50),  # type: ignore[misc]
                         getattr(normal, "easy_moves", None))
    if kind in ("ismcts", "hard"):
        if iterations is None and think is None:
            think = THINK
        search = (coach and getattr(normal, "coach_search", None)) or getattr(normal, "search", None)
        cap = iterations or getattr(search, "iterations", None) or 1_000_000
        bot = IsmctsBot(seed, iterations=cap, think=None if iterations else think, search=search)
        bot.kind = kind
        return bot
    raise GameError(_("unknown bot {kind} (bots: {kinds})").format(
        kind=repr(kind), kinds=", ".join(bot_kinds(rules))))


def strict_default() -> bool:
    """Tests set BMOVIE_STRICT_BOTS=1 (tests/conftest.py): a bot that fails fails the test."""
    return os.environ.get("BMOVIE_STRICT_BOTS", "") not in ("", "0")


def bot_move(bot: Bot, rules: Rules, table_view: dict[str, Any], seat: str, legal: list[Move],
             progress: Progress | None = None, strict: bool | None = None) -> Move:
    """Ask a bot for a move. A bot that raises or answers an illegal move is a bug: strict
    (self-play, the tests) it raises; at a live table it is logged loudly and the first legal
    move is played so that the game goes on."""
    try:
        move = bot.choose(rules, table_view, seat, legal, progress)
        if move not in legal:
            raise GameError(f"the {bot.kind} bot chose {move!r}, which is not a legal move")
    except Exception as exc:
        if strict_default() if strict is None else strict:
            raise
        LOG.error("the %s bot for %s failed (%s: %s); it plays %s instead", bot.kind, seat,
                  type(exc).__name__, exc, " ".join(map(str, legal[0])))
        LOG.debug("the bot's traceback", exc_info=True)
        return legal[0]
    return move
