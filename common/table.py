"""A game in progress: the one place where moves are checked, applied, recorded and undone.

Every front-end (REPL, batch runner, network host, self-play) drives a ``Table``; none of
them touches a game's state. A move that fails leaves the game exactly as it was.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from common import _
from common.engine import Event, GameError, IllegalMove, Move, Outcome, Rules, Sentence
from common.record import Line, Record, format_record
from common.stamps import card_sketch, deal_digest


class Table:
    def __init__(self, rules: Rules, *, seed: int = 0, options: dict[str, str] | None = None,
                 variant: str = "standard", seat_kinds: dict[str, str] | None = None,
                 setup: list[tuple[int, str]] | None = None,
                 keep_undo: bool | Collection[str] = True) -> None:
        self.rules = rules
        options = dict(options or {})
        if variant not in rules.variants:
            raise GameError(_("{game} has no rules variant {variant} (try {variants})").format(
                game=rules.title, variant=repr(variant), variants=", ".join(rules.variants)))
        rules.check_options(options)
        full = {**options, "variant": variant}  # the variant reaches the rules as an option
        self.state = rules.setup(full, seed)
        self.record = Record(game=rules.name, variant=variant, seed=seed,
                             cards=rules.card_checksum(full), options=options,
                             seats=dict(seat_kinds or {s: "human" for s in rules.seats(full)}))
        for lineno, directive in setup or []:
            rules.scenario(self.state, directive)
            self.record.setup.append((lineno, directive))
        self._seats = rules.seats(full)
        self.keep_undo = keep_undo
        # (state before or None, seat, body length before, seats the move showed hidden cards to)
        self._undo: list[tuple[Any, str, int, frozenset[str]]] = []
        self.seq = 0  # grows with every applied move; the network's sequence number

    # -- what is going on -----------------------------------------------------------------
    @property
    def seats(self) -> list[str]:
        return self._seats

    def decisions(self):
        return self.rules.decisions(self.state)

    def to_move(self) -> list[str]:
        return self.rules.to_move(self.state)

    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)

    def legal_moves(self, seat: str) -> list[Move]:
        return self.rules.legal_moves(self.state, seat)

    def legal(self, seat: str) -> list[str]:
        return [self.rules.format(m) for m in self.legal_moves(seat)]

    def view(self, seat: str | None) -> dict[str, Any]:
        return self.rules.view(self.state, seat)

    def views(self, seats: list[str | None]) -> dict[str | None, dict[str, Any]]:
        return self.rules.views(self.state, seats)

    def facts(self) -> dict[str, str]:
        """The facts ``expect`` lines check: the public ones and the hidden ones."""
        return {**self.rules.facts(self.state), **self.rules.hidden_facts(self.state)}

    # -- changing it ----------------------------------------------------------------------
    def play(self, seat: str, move: str | Move, undoable: bool | None = None) -> list[Event]:
        """Apply one move for ``seat``; on any error the game is unchanged and GameError says why.

        A copy of the state is kept only for a move that may be taken back: every move with
        ``keep_undo`` True, a move of one of its seats when it names some (the people at this
        keyboard), or one played ``undoable``. Copies cost the most of a move made through the
        table, and kept ones the garbage collector's time. A refusal leaves the state as it was
        (the conformance test holds every game to it), so no copy is needed for one; a bug in
        the rules is recovered from by playing the record again.
        """
        rules = self.rules
        if isinstance(move, str):
            move = rules.resolve(self.state, seat, rules.parse(move))
        if seat not in self._seats:
            raise IllegalMove(_("there is no seat {seat} (seats: {seats})").format(
                seat=repr(seat), seats=", ".join(self._seats)))
        if rules.outcome(self.state) is not None:
            raise IllegalMove(_("the game is over"))
        keep = self.keep_undo
        if undoable is None:
            undoable = keep if isinstance(keep, bool) else seat in keep
        before = rules.clone(self.state) if undoable else None
        try:
            events = rules.apply(self.state, seat, move)
        except GameError:  # a refusal: the state is as it was (and no bug to recover from)
            raise
        except Exception as exc:  # a bug in the rules must not lose the game
            self.state = before if before is not None else self._replayed()
            raise IllegalMove(f"internal error while playing {rules.format(move)!r}: {exc!r}; "
                              "the move was undone") from exc
        if keep or before is not None:
            told = frozenset(e.seat for e in events if e.seat and e.kind in rules.reveal_kinds)
            self._undo.append((before, seat, len(self.record.body), told))
        self.record.body.append(Line(0, "move", seat, rules.format(move)))
        self.seq += 1
        return events

    def _replayed(self) -> Any:
        """The state the record's moves make, from the start: the game as it was before a move
        the rules failed on half way."""
        rules, rec = self.rules, self.record
        state = rules.setup({**rec.options, "variant": rec.variant}, rec.seed)
        for _lineno, directive in rec.setup:
            rules.scenario(state, directive)
        for line in rec.body:
            if line.kind == "move":  # a note (a hint asked) is no move
                rules.apply(state, line.seat, rules.parse(line.text))
        return state

    def undo_span(self, seats: set[str]) -> list[tuple[str, frozenset[str], str]]:
        """The moves ``undo(seats)`` would take back, oldest first: who made each, whom it
        showed hidden cards (a draw) that an undo cannot make them forget, and the move."""
        stack = self._undo
        for i in range(len(stack) - 1, -1, -1):
            if stack[i][1] in seats:
                return [(who, told, self.record.body[at].text) for _mv, who, at, told in stack[i:]]
        return []

    def undo(self, seats: set[str] | None = None) -> int:
        """Take back moves up to and including the last one made by one of ``seats``
        (the last move, if None). Returns how many were taken back; 0 if none was found,
        and then nothing changes."""
        stack = self._undo
        depth = len(stack) if seats is None else next(
            (len(stack) - i for i, (_mv, who, _seq, _told) in enumerate(reversed(stack)) if who in seats), 0)
        if depth == 0 or not stack:
            return 0
        count = len(stack) - depth + 1
        before, _mv, body_len, _told = stack[depth - 1]
        if before is None:  # a move the table kept no copy for (see play)
            return 0
        del stack[depth - 1:]
        self.state = before
        del self.record.body[body_len:]
        self.seq += 1
        return count

    def note_hint(self, seat: str) -> None:
        """``seat`` asked the coach for a hint: the record says so, as a '# hint SEAT' comment
        before the seat's next move (``common.coach.hinted_moves`` reads it back)."""
        self.record.body.append(Line(0, "note", seat, "hint"))

    # -- records and narration ------------------------------------------------------------
    def stamped(self) -> Record:
        """The record with the stamps a saved game needs: its moves rely on what the seed dealt
        (``deal``, dealt again to be read before any move) and its cards say which they were."""
        rec, full = self.record, {**self.record.options, "variant": self.record.variant}
        if rec.deal is None:
            rec.deal = deal_digest(self.rules, self.rules.setup(full, rec.seed))
        if rec.cards and rec.sketch is None:
            rec.sketch = card_sketch(self.rules, full, rec.cards)
        return rec

    def record_text(self) -> str:
        out = self.outcome()
        return format_record(self.stamped(), " ".join(out.winners) if out else None)

    def narrate(self, events: list[Event], seat: str | None) -> list[str]:
        """The events ``seat`` may learn of, as sentences."""
        return [Sentence(self.rules.narrate(e), e.kind) for e in events
                if e.seat is None or e.seat == seat]

    def narrate_all(self, events: list[Event]) -> list[tuple[str | None, str]]:
        """Every event as a sentence, once, with the seat it is meant for (None: everyone);
        ``heard`` picks out what one seat may learn of."""
        return [(e.seat, self.rules.narrate(e)) for e in events]


def heard(told: list[tuple[str | None, str]], seat: str | None) -> list[str]:
    """The sentences of ``narrate_all`` that ``seat`` (None: an onlooker) may learn of."""
    return [text for who, text in told if who is None or who == seat]
