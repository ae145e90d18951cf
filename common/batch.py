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

from common import _, ngettext
from common.engine import Event, GameError, NotationError, Rules
from common.i18n import DEFAULT, language
from common.record import Line, Record, RecordError, parse_record
from common.stamps import deal_digest
from common.table import Table


class MoveRefused(RecordError):
    """A move line the rules refused: a failure of the record, not bad input."""


@dataclass
class Replay:
    table: Table
    failures: list[str] = field(default_factory=list)
    checked: int = 0
    stopped: int = 0  # the line of a refused move: the lines after it were not replayed


def read_record(path: str | os.PathLike, *, forgiving: bool = False) -> Record:
    """The record in the file ``path`` (``forgiving``: see ``parse_record``)."""
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(_("{path}: cannot read: {reason}").format(
            path=path, reason=getattr(exc, "strerror", None) or exc)) from None
    return parse_record(text, os.fspath(path), forgiving=forgiving)


def open_table(rules: Rules, rec: Record, *, check_cards: bool = True) -> Table:
    """A table at the record's starting position (header and setup applied, no moves)."""
    if rec.game != rules.name:
        raise RecordError(_("{where}: this record is of the game {game}, not {ours}").format(
            where=f"{rec.path}:1", game=repr(rec.game), ours=repr(rules.name)))
    try:
        cards = rules.card_checksum({**rec.options, "variant": rec.variant})
    except GameError as exc:
        raise RecordError(f"{rec.path}:1: {exc}") from None
    if check_cards and rec.cards and rec.cards != cards:
        raise RecordError(_("{where}: the record was played with card data {theirs}, but these "
                            "cards are {ours}: the cards changed since it was made (after a "
                            "deliberate change, '{game} run --restamp {path}' renews it)").format(
            where=f"{rec.path}:1", theirs=rec.cards, ours=cards, game=rules.name, path=rec.path))
    setup = rec.setup
    try:
        table = Table(rules, seed=rec.seed, options=rec.options, variant=rec.variant,
                      seat_kinds=rec.seats or None, keep_undo=False)  # see _try's undoable
    except GameError as exc:
        raise RecordError(f"{rec.path}:1: {exc}") from None
    if check_cards and rec.deal and rec.deal != (dealt := deal_digest(rules, table.state)):
        raise RecordError(_("{where}: the record relies on what seed {seed} deals ({theirs}), but "
                            "it deals {ours} now: the deck was reshuffled (a card added or "
                            "removed, or the shuffle changed); after a deliberate change, "
                            "'{game} run --restamp {path}' renews it, and its moves may need "
                            "changing").format(where=f"{rec.path}:1", seed=rec.seed, theirs=rec.deal,
                                               ours=dealt, game=rules.name, path=rec.path))
    for lineno, directive in setup:
        try:
            rules.scenario(table.state, directive)
        except GameError as exc:
            raise RecordError(_("{where}: setup {directive}: {reason}").format(
                where=rec.where(lineno), directive=repr(directive), reason=exc)) from None
        table.record.setup.append((lineno, directive))
    return table


def _try(table: Table, rec: Record, line: Line, strict: bool = True) -> tuple[list[Event], GameError | None]:
    """Play ``line``'s move: its events, or the rules' refusal. A seat the game does not
    have is bad input (RecordError), and so is text that is not a move in this game's
    notation, unless not ``strict`` (``expect illegal`` may assert that text is refused, and
    takes the move back if it was played: only then is a copy kept to undo it)."""
    where = rec.where(line.lineno)
    if line.seat not in table.seats:
        unknown = _("there is no seat {seat} (seats: {seats})").format(
            seat=repr(line.seat), seats=", ".join(table.seats))
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
        return table.play(line.seat, move, undoable=not strict or None), None
    except GameError as exc:
        return [], exc


def _refusal(rec: Record, line: Line, reason: GameError) -> MoveRefused:
    return MoveRefused(_("{where}: {seat}: {move} was refused: {reason}").format(
        where=rec.where(line.lineno), seat=line.seat, move=repr(line.text), reason=reason))


def step(table: Table, rec: Record, line: Line, result: Replay) -> list[Event]:
    """Carry out one body line of a record against ``table``: a failed expectation goes into
    ``result.failures``; a refused move raises MoveRefused, bad input RecordError."""
    where = rec.where(line.lineno)
    if line.kind == "move":
        events, refused = _try(table, rec, line)
        if refused is not None:
            raise _refusal(rec, line, refused)
        return events
    result.checked += 1
    if line.kind == "illegal":
        with language(DEFAULT):  # a record's words of the refusal are the rules' English
            _events, refused = _try(table, rec, line, strict=False)
        if refused is None:
            table.undo()
            result.failures.append(_("{where}: expected {seat}: {move} to be refused, but it was "
                                     "played").format(where=where, seat=line.seat,
                                                      move=repr(line.text)))
        elif line.key and line.key.lower() not in str(refused).lower():
            result.failures.append(_("{where}: expected {move} refused with {words}, but the "
                                     "reason was {reason}").format(
                where=where, move=repr(line.text), words=repr(line.key),
                reason=repr(str(refused))))
    elif line.kind == "legal":
        move = _listed_move(table, rec, line)
        if not table.rules.listed(table.state, line.seat, move):
            result.failures.append(_("{where}: expected {seat}: {move} to be legal, but the legal "
                                     "moves do not list it ({why})").format(
                where=where, seat=line.seat, move=repr(line.text), why=_unlisted(table, line.seat, move)))
    elif line.kind == "expect":
        got = _fact(table, rec, line)
        if got != line.text:
            result.failures.append(_("{where}: expected {key}: {value}, got {got}").format(
                where=where, key=line.key, value=line.text, got=got))
    elif line.kind == "result":
        out = table.outcome()
        got = " ".join(out.winners) if out else "unfinished"
        if got != line.text:
            result.failures.append(_("{where}: expected result {result}, got {got}").format(
                where=where, result=line.text, got=got))
    return []


def _listed_move(table: Table, rec: Record, line: Line):
    """The move of an ``expect legal`` line (bad input, as for a move line, if it is not one)."""
    where = rec.where(line.lineno)
    if line.seat not in table.seats:
        raise RecordError(where + ": " + _("there is no seat {seat} (seats: {seats})").format(
            seat=repr(line.seat), seats=", ".join(table.seats)))
    try:
        return table.rules.parse(line.text)
    except NotationError as exc:
        raise RecordError(f"{where}: {line.seat}: {line.text!r}: {exc}") from None


def _unlisted(table: Table, seat: str, move) -> str:
    """What the rules say of a move their legal moves do not list: their refusal, or, if they
    accept it (on a copy of the game), that the two disagree."""
    rules = table.rules
    try:
        rules.apply(rules.clone(table.state), seat, move)
    except GameError as exc:
        return _("the rules refuse it: {reason}").format(reason=exc)
    return _("yet the rules accept it: the legal moves and the rules disagree")


def _fact(table: Table, rec: Record, line: Line) -> str:
    """The fact an ``expect`` line names, as text. A fact the game documents that does not
    apply now (an attack's Defence with no attack on, who played a character who died) reads
    ``none``; a name the game does not document is bad input."""
    facts = table.facts()
    if line.key in facts:
        return facts[line.key]
    if fact_documented(table.rules, line.key, table.seats):
        return "none"
    raise RecordError(_("{where}: no fact {key}; facts are: {facts}").format(
        where=rec.where(line.lineno), key=repr(line.key), facts=", ".join(sorted(facts))))


def fact_documented(rules: Rules, key: str, seats: list[str]) -> bool:
    """Does ``key`` fit a fact of ``rules.record_help()``? ``SEAT`` stands for a seat of
    this table, any other capitalised part (``CARD``, ``ACT``) for one word."""
    parts = key.split(".")
    for name, _meaning in rules.record_help()[1]:
        pattern = name.split(".")
        if len(pattern) == len(parts) and all(
                part in seats if p == "SEAT" else bool(part) if p.isupper() else part == p
                for p, part in zip(pattern, parts, strict=True)):
            return True
    return False


def play_moves(table: Table, rec: Record, on_error: Callable[[str], None] | None = None,
               on_events: Callable[[list[Event]], None] | None = None) -> None:
    """Play a record's moves on ``table`` (its expectations are not checked): how a saved game
    is loaded and a host resumes one. A move that cannot be played raises MoveRefused or
    RecordError; with ``on_error`` it is reported there instead, in one ``file:line:`` line,
    and the moves stop at it (those after it assumed it was played), so that one torn or
    hand-edited line does not cost the game. A line ``rec.unread`` stopped at is reported too."""
    for line in rec.body:
        if line.kind != "move":
            continue
        try:
            events, refused = _try(table, rec, line)
            if refused is not None:
                raise _refusal(rec, line, refused)
            if on_events is not None:
                on_events(events)
        except RecordError as exc:
            if on_error is None:
                raise
            on_error(str(exc))
            return
    if rec.unread and on_error is not None:
        on_error(rec.unread)


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
            result.failures.append(str(exc) + (" " + ngettext(
                "(the {n} line after it was not replayed)",
                "(the {n} lines after it were not replayed)", rest).format(n=rest) if rest else ""))
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
            echo(_("error: {message}").format(message=exc))
            code = 2
            continue
        for failure in result.failures:
            echo(f"FAIL {failure}")
        if result.failures:
            code = max(code, 1)
        else:
            moves = sum(1 for ln in rec.body if ln.kind == "move")
            # 'ok PATH:' opens the line in every language (scripts look for it)
            echo(f"ok {path}: " + ngettext("{n} move", "{n} moves", moves).format(n=moves) + ", "
                 + ngettext("{n} check", "{n} checks", result.checked).format(n=result.checked))
    return code
