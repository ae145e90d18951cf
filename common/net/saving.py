"""A table's files on the host: its record, appended and flushed after every move, and the seat
tokens beside it (``FILE.seats.json``, mode 0600), so that a killed host goes on with
``--resume FILE`` and the same players rejoin.

One owner of the policy "log the first write failure, keep playing": a game never stops because
its record cannot be written.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable
from typing import Any

from common import _
from common.engine import GameError
from common.private import write_private
from common.record import Record, format_record


def path_for(save: str | None, table: str | None, n: int) -> str | None:
    """Where game ``n`` of a table is saved: ``--save FILE``, with ``-TABLE`` when the host has
    several tables and ``-N`` from the second game on."""
    if not save:
        return None
    path = save
    if table is not None:
        root, ext = os.path.splitext(path)
        path = f"{root}-{table}{ext}"
    if n > 1:
        root, ext = os.path.splitext(path)
        path = f"{root}-{n}{ext}"
    return path


def read_tokens(path: str) -> dict[str, Any] | None:
    """The seat tokens saved beside the record ``path``; None when there are none."""
    try:
        with open(f"{path}.seats.json", encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


class RecordFile:
    """The record of the game being played at one table, and its seat tokens."""

    def __init__(self, log: Callable[[str], None]) -> None:
        self.log = log
        self.path: str | None = None
        self.file: Any = None
        self.result_written = False
        self.failed = False

    def start(self, path: str | None) -> None:
        """A new game, to be saved at ``path`` (None: not saved)."""
        self.close()
        self.path, self.failed = path, False

    def open(self, record: Record) -> None:
        """Write the record's header; moves are appended (and flushed) as they are played."""
        self.close()
        self.result_written = False
        if not self.path:
            return
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            self.file = os.fdopen(fd, "w", encoding="utf-8")
            self.file.write(format_record(record))
            self.file.flush()
        except OSError as exc:
            self._error(exc)

    def reopen(self, path: str, seq: int) -> None:
        """Go on appending to the record of a resumed game (GameError if it cannot be)."""
        self.start(path)
        try:
            with open(path, "rb") as fh:
                data = fh.read()
            ends_cleanly = not data or data.endswith(b"\n")
            self.file = open(path, "a", encoding="utf-8")  # noqa: SIM115 - kept open
            if not ends_cleanly:
                self.file.write("\n")
            self.file.write(f"# resumed by the host at move {seq}\n")
            self.result_written = False
            self.file.flush()
        except OSError as exc:
            raise GameError(_("cannot append to {path}: {reason}").format(
                path=path, reason=exc.strerror or exc)) from None

    def rewrite(self, path: str, record: Record, keep: str) -> None:
        """Go on with a resumed game whose file could be read only in part: the file is kept
        as ``keep`` and written anew from ``record`` (GameError if it cannot be)."""
        try:
            os.replace(path, keep)
        except OSError as exc:
            raise GameError(_("cannot keep {path} as {keep}: {reason}").format(
                path=path, keep=keep, reason=exc.strerror or exc)) from None
        self.start(path)
        self.open(record)
        if self.failed:
            raise GameError(_("cannot write {path}").format(path=path))

    def append(self, text: str) -> None:
        if self.file is None:
            return
        try:
            self.file.write(text)
            self.file.flush()
        except (OSError, ValueError) as exc:
            self._error(exc)

    def write_result(self, winners: list[str] | None) -> None:
        """The ``result`` line, once, when the game has an outcome (``winners`` not None)."""
        if winners is not None and self.file is not None and not self.result_written:
            self.result_written = True
            self.append(f"result {' '.join(winners) or 'nobody'}\n")

    def close(self) -> None:
        if self.file is not None:
            with contextlib.suppress(OSError, ValueError):
                self.file.close()
            self.file = None

    def save_tokens(self, data: dict[str, Any]) -> None:
        if not self.path:
            return
        try:
            write_private(f"{self.path}.seats.json", json.dumps(data, indent=1) + "\n")
        except OSError as exc:
            self._error(exc)

    def _error(self, exc: Exception) -> None:
        if not self.failed:
            self.log(f"cannot write the record {self.path}: {getattr(exc, 'strerror', None) or exc}")
            self.failed = True
        self.file = None
