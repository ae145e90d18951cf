"""The story of a game as the line REPL tells it: one line per move, what changed marked,
a log to read back, and bot moves paced so a person can follow them.

The board is drawn only when it is the player's decision; between, every move is one line.
A move's sentences stay on that line, each opened by what it did to the table: ``+`` a card
or piece arrives, ``−`` one leaves (dies, is discarded, is destroyed), ``→`` one moves. A
game's render module may give its own ``MARKS`` (pattern, mark) pairs, tried before these,
and its own ``HEADER`` pattern for the lines that open a turn or phase.
"""

from __future__ import annotations

import os
import re
import select
import sys
import time
from collections.abc import Iterable

from common import N_, _

# The words of the narration that earn each mark: regular expressions, translated (the
# narration is in the player's language), matched ignoring case.
MARKS: tuple[tuple[str, str], ...] = (
    # Translators: a regular expression (Python re): the verbs of a narrated sentence in
    # which a card or piece leaves the table (is discarded, dies, is destroyed, ...)
    (N_(r"\b(discards?|dies|killed|is removed|are removed|destroyed|loses|is stopped|"
        r"leaves|collide|shot down|out of the film|eliminated)\b"), "\u2212"),
    # Translators: a regular expression (Python re): the verbs of a sentence in which a card
    # or piece moves (goes to, returns, descends, ...)
    (N_(r"\b(goes to|go to|moves?|returns?|takes .+ from|sweeps?|descends?|passes? the)\b"),
     "\u2192"),
    # Translators: a regular expression (Python re): the verbs of a sentence in which a card
    # or piece arrives (plays, draws, gains, places, attacks, hires, ...)
    (N_(r"\b(plays?|casts?|draws?|drew|gets|gains|arrives?|places?|attacks?|fires?|earns?|"
        r"hires?|buys?|adds?)\b"), "+"),
)
HEADER = re.compile(r"^\s*\u2014.*\u2014\s*$")  # '— ray's turn (round 1) —': a line of its own
PAGE = 20  # lines 'log' shows without a number


def _compiled(extra: Iterable[tuple[str, str]]) -> list[tuple[re.Pattern[str], str]]:
    return [(re.compile(p, re.I), m) for p, m in (*extra, *((_(p), m) for p, m in MARKS))]


class Story:
    """The narration said to each seat at this terminal, kept per seat so that at hot-seat
    ``log`` never shows one player another's draws.

    A game whose sentences hold the players' own words (a film's names, lines and narration)
    gives ``kind_marks`` (event kind -> mark; any other kind: ``·``) and ``header_kinds``: a
    sentence that knows its event's kind (``common.engine.Sentence``) is then marked by it,
    never by its words. A sentence without a kind (an old host's) falls back to the patterns."""

    def __init__(self, marks: Iterable[tuple[str, str]] = (), header: str | None = None,
                 kind_marks: dict[str, str] | None = None,
                 header_kinds: Iterable[str] = ()) -> None:
        self.marks = _compiled(marks)
        self.header = re.compile(header) if header else HEADER
        self.kind_marks = kind_marks
        self.header_kinds = frozenset(header_kinds)
        self.logs: dict[str | None, list[tuple[int, str]]] = {}  # (moves then, line)

    @classmethod
    def of(cls, render: object) -> Story:
        """The story as a game's render module marks it (``MARKS``, ``HEADER``, ``KIND_MARKS``,
        ``HEADER_KINDS``)."""
        return cls(getattr(render, "MARKS", ()), getattr(render, "HEADER", None),
                   getattr(render, "KIND_MARKS", None), getattr(render, "HEADER_KINDS", ()))

    def _kind(self, sentence: str) -> str | None:
        """The event kind the sentence was told from, where this game marks by kinds."""
        return getattr(sentence, "kind", None) if self.kind_marks is not None else None

    def is_header(self, sentence: str) -> bool:
        kind = self._kind(sentence)
        if kind is not None:
            return kind in self.header_kinds
        return bool(self.header.match(sentence.strip()))

    def mark(self, sentence: str) -> str:
        kind = self._kind(sentence)
        if kind is not None and self.kind_marks is not None:
            return self.kind_marks.get(kind, "\u00b7")
        for pattern, sign in self.marks:
            if pattern.search(sentence):
                return sign
        return "\u00b7"

    def move_lines(self, sentences: list[str]) -> list[str]:
        """A move's sentences as one line (a turn's header keeps a line of its own)."""
        out: list[str] = []
        current: list[str] = []
        for told in sentences:
            s = told.strip()
            if not s:
                continue
            if self.is_header(told):
                if current:
                    out.append(" ".join(current))
                    current = []
                out.append(s)
                continue
            current.append(f"{self.mark(told)} {s}")
        if current:
            out.append(" ".join(current))
        return out

    def keep(self, seat: str | None, lines: list[str], at: int = 0) -> None:
        """Keep a move's lines for ``seat``'s log; ``at`` is how many moves the game had once
        they were said, so that an undo can take them back with the moves (``forget_after``)."""
        self.logs.setdefault(seat, []).extend((at, line) for line in lines)

    def forget_after(self, moves: int) -> None:
        """The game went back to ``moves`` moves (undo): what the later moves said is gone from
        every log, as it is from the record."""
        self.logs = {seat: [kept for kept in log if kept[0] <= moves]
                     for seat, log in self.logs.items()}

    def tail(self, seat: str | None, count: int | None) -> list[str]:
        both = self.logs.get(None, []) + (self.logs.get(seat, []) if seat is not None else [])
        log = [line for _at, line in sorted(both, key=lambda kept: kept[0])]  # stable: in order
        return list(log) if count is None else log[-count:] if count > 0 else []


def default_pace() -> float:
    """0.6 s between bot moves at a terminal; none when piped (tests, scripts, transcripts)."""
    return 0.6 if sys.stdin.isatty() and sys.stdout.isatty() else 0.0


WORDS_A_PACE = 10  # words a player reads in one --pace: a longer move gets more room
MOST_ROOM = 5.0  # at most this many paces after one move


def room(sentences: list[str] | None) -> float:
    """How many paces a move's lines are given: one for a short move ('p2 passes'), one per
    ``WORDS_A_PACE`` words beyond that, so that a story line (a `hard` director's scene in
    Creature Feature, its narration and dialogue) is shown at the pace the player set, not
    gone by before it is read; ``MOST_ROOM`` at most (a key skips ahead)."""
    words = sum(len(line.split()) for line in sentences or [])
    return min(MOST_ROOM, max(1.0, words / WORDS_A_PACE))


class Pacer:
    """Waits ``pace`` seconds after a bot's move (more for a long one: ``room``), unless a key
    was pressed: then the rest of the bots' moves up to the player's decision come at once.
    The key is read in cbreak mode and swallowed (it is not the start of the player's next
    line)."""

    def __init__(self, pace: float) -> None:
        self.pace = pace if pace > 0 and sys.stdin.isatty() else 0.0
        self.skipping = False

    def begin(self) -> None:
        self.skipping = False

    def seconds(self, sentences: list[str] | None = None) -> float:
        """The pause after a move that said ``sentences``."""
        return self.pace * room(sentences)

    def wait(self, sentences: list[str] | None = None) -> None:
        if self.pace <= 0 or self.skipping:
            return
        pause = self.seconds(sentences)
        try:
            import termios
            import tty

            fd = sys.stdin.fileno()
            old = termios.tcgetattr(fd)
        except (ImportError, OSError, ValueError):  # not a POSIX terminal: just pause
            time.sleep(pause)
            return
        try:
            tty.setcbreak(fd, termios.TCSANOW)
            ready, _write, _error = select.select([fd], [], [], pause)
            if ready:
                os.read(fd, 64)
                self.skipping = True
        finally:
            termios.tcsetattr(fd, termios.TCSADRAIN, old)
