"""Replaying records: the batch mode, the regression tests and ``replay`` all go through here.

Exit codes of ``run``: 0 every expectation held, 1 an expectation failed, 2 bad input.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field

from common.engine import Event, GameError, Rules
from common.record import Line, Record, RecordError, parse_record
from common.table import Table


@dataclass
class Replay:
    table: Table
    failures: list[str] = field(default_factory=list)
    checked: int = 0


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


def step(table: Table, rec: Record, line: Line, result: Replay) -> list[Event]:
    """Carry out one body line of a record against ``table``."""
    where = rec.where(line.lineno)
    if line.kind == "move":
        try:
            return table.play(line.seat, line.text)
        except GameError as exc:
            raise RecordError(f"{where}: {line.seat}: {line.text!r}: {exc}") from None
    result.checked += 1
    if line.kind == "illegal":
        try:
            table.play(line.seat, line.text)
        except GameError as exc:
            if line.key and line.key.lower() not in str(exc).lower():
                result.failures.append(f"{where}: expected {line.text!r} refused with {line.key!r}, "
                                       f"but the reason was {str(exc)!r}")
            return []
        table.undo()
        result.failures.append(f"{where}: expected {line.seat}: {line.text!r} to be refused, but it was played")
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
    """Play a record through; RecordError on bad input, failed expectations in ``failures``."""
    table = open_table(rules, rec)
    result = Replay(table)
    for line in rec.body:
        events = step(table, rec, line, result)
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
