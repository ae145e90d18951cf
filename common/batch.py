"""Replaying records: the batch mode, the regression tests and ``replay`` all go through here.

Exit codes of ``run``: 0 every expectation held; 1 an expectation failed or the rules refused
a move (a FAIL at its line, with the refusal: the rules and the record disagree); 2 text that
is not a record (a malformed line, a move that is not in the game's notation, an unknown
seat or fact). Every FAIL found before the line that stops a run is still reported.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field

from common.engine import Event, GameError, NotationError, Rules
from common.i18n import DEFAULT, language
from common.record import Line, Record, RecordError, parse_record
from common.table import Table


class MoveRefused(RecordError):
    """A move line the rules refused: a failure of the record, not bad input."""


@dataclass
class Replay:
    table: Table
    failures: list[str] = field(default_factory=list)
    checked: int = 0
    stopped: int = 0  # the line of a refused move: the lines after it were not replayed


def read_record(path: str | os.PathLike) -> Record:
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"{path}: cannot read: {getattr(exc, 'strerror', None) or exc}") from None
    return parse_record(text, os.fspath(path))


def open_table(rules: Rules, rec: Record, *, check_cards: bool = True) -> Table:
    """A table at the record's starting position (header and setup applied, no moves)."""
    if rec.game != rules.name:
        raise RecordError(f"{rec.path}:1: this record is of the game {rec.game!r}, not {rules.name!r}")
    try:
        cards = rules.card_checksum({**rec.options, "variant": rec.variant})
    except GameError as exc:
        raise RecordError(f"{rec.path}:1: {exc}") from None
    if check_cards and rec.cards and rec.cards != cards:
        raise RecordError(f"{rec.path}:1: the record was played with card data {rec.cards}, "
                          f"but these cards are {cards}: the cards changed since it was made")
    setup = rec.setup
    try:
        table = Table(rules, seed=rec.seed, options=rec.options, variant=rec.variant,
                      seat_kinds=rec.seats or None)
    except GameError as exc:
        raise RecordError(f"{rec.path}:1: {exc}") from None
    for lineno, directive in setup:
        try:
            rules.scenario(table.state, directive)
        except GameError as exc:
            raise RecordError(f"{rec.where(lineno)}: setup {directive!r}: {exc}") from None
        table.record.setup.append((lineno, directive))
    return table


def _try(table: Table, rec: Record, line: Line, strict: bool = True) -> tuple[list[Event], GameError | None]:
    """Play ``line``'s move: its events, or the rules' refusal. A seat the game does not
    have is bad input (RecordError), and so is text that is not a move in this game's
    notation, unless not ``strict`` (``expect illegal`` may assert that text is refused)."""
    where = rec.where(line.lineno)
    if line.seat not in table.seats:
        unknown = f"there is no seat {line.seat!r} (seats: {', '.join(table.seats)})"
        if not strict:
            return [], GameError(unknown)
        raise RecordError(f"{where}: {unknown}")
    try:
        move = table.rules.parse(line.text)
    except NotationError as exc:
        if not strict:
            return [], exc
        raise RecordError(f"{where}: {line.seat}: {line.text!r}: {exc}") from None
    try:
        return table.play(line.seat, move), None
    except GameError as exc:
        return [], exc


def step(table: Table, rec: Record, line: Line, result: Replay) -> list[Event]:
    """Carry out one body line of a record against ``table``: a failed expectation goes into
    ``result.failures``; a refused move raises MoveRefused, bad input RecordError."""
    where = rec.where(line.lineno)
    if line.kind == "move":
        events, refused = _try(table, rec, line)
        if refused is not None:
            raise MoveRefused(f"{where}: {line.seat}: {line.text!r} was refused: {refused}")
        return events
    result.checked += 1
    if line.kind == "illegal":
        with language(DEFAULT):  # 'expect illegal ... -> words' quotes the English refusal
            _, refused = _try(table, rec, line, strict=False)
        if refused is None:
            table.undo()
            result.failures.append(f"{where}: expected {line.seat}: {line.text!r} to be refused, but it was played")
        elif line.key and line.key.lower() not in str(refused).lower():
            result.failures.append(f"{where}: expected {line.text!r} refused with {line.key!r}, "
                                   f"but the reason was {str(refused)!r}")
    elif line.kind == "legal":
        _, refused = _try(table, rec, line)
        if refused is None:
            table.undo()
        else:
            result.failures.append(f"{where}: expected {line.seat}: {line.text!r} to be legal, "
                                   f"but it was refused: {refused}")
    elif line.kind == "expect":
        facts = table.facts()
        if line.key not in facts:
            raise RecordError(f"{where}: no fact {line.key!r}; facts are: {', '.join(sorted(facts))}")
        if facts[line.key] != line.text:
            result.failures.append(f"{where}: expected {line.key}: {line.text}, got {facts[line.key]}")
    elif line.kind == "result":
        out = table.outcome()
        got = " ".join(out.winners) if out else "unfinished"
        if got != line.text:
            result.failures.append(f"{where}: expected result {line.text}, got {got}")
    return []


def replay(rules: Rules, rec: Record, on_move: Callable[[Table, Line, list[Event]], None] | None = None) -> Replay:
    """Play a record through. Failed expectations and a refused move (which ends the replay:
    what follows it assumed it was played) go into ``failures``. Bad input raises
    RecordError, carrying the failures found before it in ``failures``."""
    table = open_table(rules, rec)
    result = Replay(table)
    for k, line in enumerate(rec.body):
        try:
            events = step(table, rec, line, result)
        except MoveRefused as exc:
            rest = len(rec.body) - k - 1
            result.failures.append(str(exc) + (f" (the {rest} line{'s' * (rest != 1)} after it "
                                               "were not replayed)" if rest else ""))
            result.stopped = line.lineno
            break
        except RecordError as exc:
            exc.failures = result.failures  # type: ignore[attr-defined]
            raise
        if on_move and line.kind == "move":
            on_move(table, line, events)
    return result


def run_files(rules: Rules, paths: list[str], echo: Callable[[str], None]) -> int:
    """Replay each file, report each failure on one line; the worst exit code wins."""
    code = 0
    for path in paths:
        try:
            rec = read_record(path)
            result = replay(rules, rec)
        except RecordError as exc:
            for failure in getattr(exc, "failures", ()):
                echo(f"FAIL {failure}")
            echo(f"error: {exc}")
            code = 2
            continue
        for failure in result.failures:
            echo(f"FAIL {failure}")
        if result.failures:
            code = max(code, 1)
        else:
            moves = sum(1 for ln in rec.body if ln.kind == "move")
            echo(f"ok {path}: {moves} move{'s' * (moves != 1)}, "
                 f"{result.checked} check{'s' * (result.checked != 1)}")
    return code
