"""What the host words for its clients, in each client's language (``hello`` names it,
``Member.lang`` keeps it; docs/protocol.md). Text for several connections is worded once per
language (``by_language``); a move's events go to a client of protocol 5 as data, which it
narrates itself in its language, and to an older one as sentences (``Told``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from common import _
from common.engine import Event
from common.i18n import language
from common.net.protocol import EVENTS_SINCE, clean_text, event_json
from common.table import Table, heard

if TYPE_CHECKING:
    from common.net.member import Member


def by_language(conns: Iterable[Member]) -> dict[str, list[Member]]:
    """Memberections grouped by the language they asked for in hello: what the host words for
    several of them is worded once per language, and sent to each in its own."""
    groups: dict[str, list[Member]] = {}
    for conn in conns:
        groups.setdefault(conn.lang, []).append(conn)
    return groups


class Told:
    """The events of one move (or of the moves a rejoin missed) as each connection is sent
    them: as data from protocol 5 (the client narrates them in its own language), as sentences
    in the connection's language before that; each form made once, and only if someone needs it.
    A private event goes to its seat alone; a watcher gets the public ones."""

    def __init__(self, table: Table, events: list[Event]) -> None:
        self.table, self.events = table, events
        self._wire: list[dict[str, Any]] | None = None
        self._text: dict[str, list[tuple[str | None, str]]] = {}

    def for_conn(self, conn: Member, seat: str | None) -> list[Any]:
        if conn.version >= EVENTS_SINCE:
            if self._wire is None:
                self._wire = [event_json(e) for e in self.events]
            return [w for w, e in zip(self._wire, self.events, strict=True)
                    if e.seat is None or e.seat == seat]
        told = self._text.get(conn.lang)
        if told is None:
            with language(conn.lang):
                told = self._text[conn.lang] = self.table.narrate_all(self.events)
        return heard(told, seat)


def seat_line(seat: str, info: dict[str, Any]) -> str:
    """One seat of a ``lobby`` as 'who' shows it."""
    who = clean_text(str(info.get("name") or info.get("kind")), 40)
    if info.get("connected"):
        if info.get("bot"):
            return _("  {seat}: {who} (connected, a bot decides)").format(seat=seat, who=who)
        return _("  {seat}: {who} (connected)").format(seat=seat, who=who)
    if info.get("bot"):
        return _("  {seat}: {who} (not connected, a bot decides)").format(seat=seat, who=who)
    return _("  {seat}: {who} (not connected)").format(seat=seat, who=who)
