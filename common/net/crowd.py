"""Places without a seat at a table (watchers and lobby members): who may take one, and who
gives theirs up for a newcomer. The caps are ``common.net.limits``'; this module applies them
to one newcomer and words the refusals."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from common import _
from common.i18n import language
from common.net.limits import WATCHERS, FairShare, Limits

if TYPE_CHECKING:
    from common.net.member import Member as Conn


def admit(conn: Conn, limits: Limits, share: FairShare, members: Iterable[Conn], table: str) -> str | None:
    """Why ``conn`` may not join table ``table`` without a seat, or None; when None it is
    counted. Places without a seat (64 a table, and the host's own cap) go round the
    addresses fairly: when they are full, a newcomer from an address that holds fewer
    takes the newest place of the address that holds the most (issue 20: 16 addresses
    filled a table, 240 the host, and every newcomer got 'busy')."""
    members = list(members)
    if limits.over_own_share(conn.address):
        return _("{address} watches enough tables already").format(address=conn.address)
    # telling everyone of a newcomer costs a message per member: a join spends its own
    # address's part of the table's budget, in proportion
    cost = 1 + len(members) / 8
    if not share.affords(conn.address, cost):
        return _("table {table} is busy with newcomers").format(table=table)
    unseated = sorted((c for c in members if c.seat is None), key=lambda c: c.opened)
    victims = []
    if len(unseated) >= WATCHERS:
        held: dict[str, list[Conn]] = {}
        for member in unseated:
            held.setdefault(member.address, []).append(member)
        victim = limits.greediest(conn.address, held)
        if victim is None:
            return _("table {table} has {n} watchers and lobby members already").format(
                table=table, n=WATCHERS)
        victims.append(victim)
    if limits.unseated - len(victims) >= limits.max_unseated:
        victim = limits.greediest(conn.address)
        if victim is None or victim in victims:
            return _("the host has {n} watchers and lobby members already").format(
                n=limits.unseated)
        victims.append(victim)
    share.take(conn.address, cost)
    for victim in victims:
        _make_room(limits, victim)
    limits.unseat(conn.address, conn)
    conn.unseated = True
    return None


def _make_room(limits: Limits, victim: Conn) -> None:
    """Let ``victim`` go for a newcomer from an address that holds fewer places."""
    limits.reseat(victim.address, victim)
    victim.unseated = False
    with language(victim.lang):
        victim.refuse("crowded", _("the places without a seat are full, and your address holds "
                                   "more of them than the newcomer's; closing the connection"), fatal=True)
    victim.close()


def seated(conn: Conn, limits: Limits) -> None:
    """``conn`` has a seat: it no longer counts among its address's watchers."""
    if conn.unseated:
        limits.reseat(conn.address, conn)
        conn.unseated = False
