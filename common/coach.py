"""The coach: the `hard` search asked for a hint at a decision, or to review a finished game.

It talks to a game's bots through one door only, ``rank(rules, view, seat, legal, progress)``
of the `hard` bot (``IsmctsBot.rank`` in common/bots.py): the moves it weighed, its choice
first, each with an estimate (the seat's expected share of the win: its win chance, or in
Creature Feature its chance of top billing) and how many play-outs tried it. The search is
handed the asking seat's view and nothing else, so a hint cannot see a hidden card.

A review replays a record and, at each decision of the reviewed seats, compares the estimate
of the move made with the estimate of the search's choice, both from that seat's view at that
moment. The drop between them grades the move (thresholds below, documented in
docs/architecture.md and the rules pages).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from common.bots import make_bot
from common.engine import GameError, Move, Rules
from common.record import HEADER_KEYS, Record

HINT_THINK = 1.8  # seconds a hint may think (the issue allows about 2)
HINT_SHOWN = 3  # candidate moves a hint lists
REVIEW_ITERATIONS = 300  # play-outs over all the moves at one reviewed decision
PLAYED_ITERATIONS = 150  # more play-outs of the move made, when the search was not its choice
# A move's drop is the estimate of the search's choice less the estimate of the move made
# (win chance, 0..1). These thresholds sit well above the noise of the estimates at the
# budgets above (two reviews at different seeds agree on them: tests/common/test_coach.py).
INACCURACY = 0.10
BLUNDER = 0.25
TURNING_POINTS = 3  # the largest drops a review names
SURE_GAP, FAIR_GAP = 0.10, 0.03  # how far the choice leads the runner-up: sure, fairly sure
REASON_HOOK = "coach_reason"  # in a game's coach (else render) module: (view, seat, move) -> its words, or None

Progress = Callable[[float], None]


@dataclass(slots=True)
class Candidate:
    move: str
    estimate: float  # the seat's expected share of the win, 0..1
    visits: int


@dataclass
class Hint:
    seat: str
    candidates: list[Candidate]
    sureness: str  # 'sure', 'fairly sure', 'close call' (the words are the front-end's)
    playouts: int


@dataclass(slots=True)
class Judged:
    """One reviewed decision: the move made against the search's choice."""

    number: int  # the move's place among the record's moves, from 1
    seat: str
    played: str
    played_estimate: float
    best: str
    best_estimate: float
    drop: float
    grade: str  # '', 'inaccuracy' or 'blunder'
    hinted: bool = False  # the seat asked for a hint before this move (a '# hint' note)


@dataclass
class Review:
    seats: list[str]
    decisions: list[Judged] = field(default_factory=list)

    def of(self, seat: str) -> list[Judged]:
        return [d for d in self.decisions if d.seat == seat]

    def accuracy(self, seat: str) -> float | None:
        """Lichess's accuracy: per move 103.1668·e^(−0.04354·drop%) − 3.1669, clipped to
        0..100, averaged over the seat's reviewed decisions."""
        mine = self.of(seat)
        if not mine:
            return None
        per = [min(100.0, max(0.0, 103.1668 * math.exp(-0.04354 * 100 * d.drop) - 3.1669))
               for d in mine]
        return sum(per) / len(per)

    def count(self, seat: str, grade: str) -> int:
        return sum(1 for d in self.of(seat) if d.grade == grade)

    def turning_points(self) -> list[Judged]:
        """The largest drops (an inaccuracy at least), in the order they were played."""
        worst = sorted((d for d in self.decisions if d.grade), key=lambda d: -d.drop)
        return sorted(worst[:TURNING_POINTS], key=lambda d: d.number)

    def to_json(self) -> dict[str, Any]:
        return {"seats": {s: {"accuracy": self.accuracy(s), "inaccuracies": self.count(s, "inaccuracy"),
                              "blunders": self.count(s, "blunder")} for s in self.seats},
                "thresholds": {"inaccuracy": INACCURACY, "blunder": BLUNDER},
                "turning_points": [d.number for d in self.turning_points()],
                "decisions": [asdict(d) for d in self.decisions]}


def searcher(rules: Rules, seed: int, iterations: int | None = None,
             think: float | None = None) -> Any:
    """The game's `hard` bot, on the search its game lends the coach (``make_bot(coach=True)``),
    if it offers ``rank``; else GameError (no coach for it)."""
    bot = make_bot("hard", rules, seed=seed, iterations=iterations, think=think, coach=True)
    if not callable(getattr(bot, "rank", None)):
        raise GameError("the hard bot of this game offers no rank(); the coach cannot ask it")
    return bot


def grade(drop: float) -> str:
    return "blunder" if drop >= BLUNDER else "inaccuracy" if drop >= INACCURACY else ""


def hint(rules: Rules, view: dict[str, Any], seat: str, legal: list[Move], *, seed: int = 0,
         iterations: int | None = None, think: float | None = HINT_THINK,
         progress: Progress | None = None) -> Hint:
    """The `hard` bot's choice from ``view`` (the seat's own), up to three candidates."""
    bot = searcher(rules, seed, iterations, None if iterations else think)
    rows = bot.rank(rules, view, seat, legal, progress)
    shown = [Candidate(rules.format(m), e, v) for m, e, v in rows[:HINT_SHOWN]]
    return Hint(seat, shown, sureness(shown), getattr(bot, "done", 0))


def sureness(shown: list[Candidate]) -> str:
    """How far the choice leads: the estimates' gap, and play-outs enough to believe it."""
    if len(shown) < 2:
        return "sure"
    gap = shown[0].estimate - shown[1].estimate
    if gap >= SURE_GAP and shown[0].visits >= 30:
        return "sure"
    return "fairly sure" if gap >= FAIR_GAP else "close call"


def hinted_moves(text: str) -> set[int]:
    """The moves (numbered from 1) before which a '# hint SEAT' note stands in a record's text."""
    out, moves = set(), 0
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("# hint "):
            out.add(moves + 1)
        elif line and not line.startswith(("#", "expect", "result", "setup",
                                           *(f"{key} " for key in HEADER_KEYS))):
            moves += 1
    return out


def review(rules: Rules, rec: Record, seats: list[str], *, seed: int = 0,
           iterations: int = REVIEW_ITERATIONS, text: str = "",
           progress: Callable[[int, int], None] | None = None) -> Review:
    """Replay ``rec`` and judge every decision of ``seats`` that had a choice (see module)."""
    from common.batch import open_table

    table = open_table(rules, rec)
    moves = rec.moves()
    hinted = hinted_moves(text)
    out = Review(list(seats))
    for number, (seat, move_text) in enumerate(moves, 1):
        if progress:
            progress(number - 1, len(moves))
        if seat in seats:
            judged = judge(rules, table, seat, move_text, number, seed, iterations)
            if judged is not None:
                judged.hinted = number in hinted
                out.decisions.append(judged)
        table.play(seat, move_text)
    if progress:
        progress(len(moves), len(moves))
    return out


def judge(rules: Rules, table: Any, seat: str, move_text: str, number: int, seed: int = 0,
          iterations: int = REVIEW_ITERATIONS) -> Judged | None:
    """The move made at one decision against the search's choice; None where there was no
    choice (one legal move) or the seat moved out of the search's turn order."""
    legal = table.legal_moves(seat)
    played = rules.parse(move_text)
    if len(legal) < 2 or played not in legal:
        return None
    view = table.view(seat)
    key = seed * 1_000_003 + number  # each decision its own stream: reviews agree move by move
    rows = searcher(rules, key, iterations).rank(rules, view, seat, legal)
    if not rows:
        return None
    best, best_estimate, _visits = rows[0]
    found = {m: (e, v) for m, e, v in rows}
    if played == best:
        estimate = best_estimate
    else:
        extra = searcher(rules, key + 1, PLAYED_ITERATIONS).rank(rules, view, seat, [played])
        estimate_before, visits = found.get(played, (0.0, 0))
        more = extra[0] if extra else (played, 0.0, 0)
        total = visits + more[2]
        if total == 0:
            return None
        estimate = (estimate_before * visits + more[1] * more[2]) / total
    drop = max(0.0, best_estimate - estimate)
    return Judged(number, seat, rules.format(played), estimate, rules.format(best), best_estimate,
                  drop, grade(drop))
