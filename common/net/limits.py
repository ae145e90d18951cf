"""What one address, and everyone together, may ask of a host: how many connections, how fast,
how many places without a seat, how many wrong passwords, how many log lines.

An attacker on the LAN must not be able to lock the players out (idle sockets that never say
hello, refilled as they are freed), guess the password quickly, starve the other tables or fill
the host's log; and what one address spends must never deny another (issue 20): a table's
budget is shared out per address, places without a seat go fairly round the addresses, a wrong
password slows down its own address only, and a seat's rejoin is never refused for want of room.
The limits per address do not apply to this machine's own loopback address (127.0.0.1, ::1:
whoever connects from there can already stop the host; the load benchmark and local bots
connect from there by the hundred), except the one on wrong passwords; the limits on everyone
together do. The caps are sized from the open-file limit the host got (``Limits.sized``).
docs/protocol.md lists every limit.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

MAX_UNSEATED = 960  # members without a seat (watching, or in a lobby) at all tables together
MAX_PENDING = 128  # connections (not from loopback) that have not said hello yet; a new one pushes out the oldest
SPARE_FILES = 64  # open files kept for the host's own (records, tokens, the listening socket)
PER_ADDRESS = 16  # connections open at once from one address
PENDING_PER_ADDRESS = 4  # of which not yet past hello
CONNECT_RATE, CONNECT_BURST = 2.0, 20.0  # new connections a second from one address
WATCHERS = 64  # members without a seat at one table (watching, or in the lobby)
WATCHERS_PER_ADDRESS = 4  # members without a seat from one address, all tables together
PASSWORD_RATE, PASSWORD_BURST = 1 / 30, 5.0  # wrong passwords from one address: 5, then 1 in 30 s
PASSWORDS_RATE, PASSWORDS_BURST = 0.5, 20.0  # wrong passwords from everyone, before only clean addresses may try
LOG_RATE, LOG_BURST = 0.2, 20.0  # log lines about one address: 20, then one in 5 s
SHARE_RATE, SHARE_BURST = 100.0, 200.0  # messages a second from one table's unseated members
SHARE_MIN_BURST = 32.0  # an address's part of a table's burst is never less (a newcomer costs up to ~9)
SYNC_RATE, SYNC_BURST = 0.5, 3.0  # 'sync' requests a second from one connection
EXEMPT = frozenset({"127.0.0.1", "::1", "::ffff:127.0.0.1"})


class Bucket:
    """A token bucket: ``rate`` a second, at most ``burst`` at once."""

    def __init__(self, rate: float, burst: float, now: float | None = None) -> None:
        self.rate, self.burst, self.tokens = rate, burst, burst
        self.filled = time.monotonic() if now is None else now

    def _fill(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.filled) * self.rate)
        self.filled = now

    def take(self, cost: float = 1) -> bool:
        self._fill()
        if self.tokens < cost:
            return False
        self.tokens -= cost
        return True

    def give_back(self) -> None:
        self.tokens = min(self.burst, self.tokens + 1)

    def wait(self) -> float:
        """Seconds until a token is there (0 now); taking it is the caller's next ``take``."""
        self._fill()
        return 0.0 if self.tokens >= 1 else (1 - self.tokens) / self.rate

    def full(self) -> bool:
        self._fill()
        return self.tokens >= self.burst

    def resize(self, rate: float, burst: float) -> None:
        """A new rate and burst from now on (what was earned so far stays, up to the burst)."""
        self._fill()
        self.rate, self.burst = rate, burst
        self.tokens = min(self.tokens, burst)


class FairShare:
    """A table's budget for the messages of its members without a seat, shared out per address:
    each address that uses it has its own bucket, the table's rate and burst divided by the
    number of such addresses. Two machines sending pings as fast as they may slow down only
    their own reading; a newcomer from a third address finds its part full (issue 20: before,
    one bucket for all, and 8 spectators from 2 machines made 9 of 10 joins fail)."""

    def __init__(self, rate: float = SHARE_RATE, burst: float = SHARE_BURST) -> None:
        self.rate, self.burst = rate, burst
        self.parts: dict[str, Bucket] = {}

    def _part(self, address: str) -> Bucket:
        part = self.parts.get(address)
        if part is None:
            part = self.parts[address] = Bucket(self.rate, self.burst)
            self._rebalance()
        return part

    def _rebalance(self) -> None:
        n = max(1, len(self.parts))
        for part in self.parts.values():
            part.resize(self.rate / n, max(SHARE_MIN_BURST, self.burst / n))

    def take(self, address: str, cost: float = 1) -> bool:
        return self._part(address).take(cost)

    def affords(self, address: str, cost: float) -> bool:
        """Whether ``address``'s part holds ``cost`` now (nothing is taken)."""
        part = self._part(address)
        part._fill()
        return part.tokens >= cost

    def wait(self, address: str) -> float:
        return self._part(address).wait()

    def prune(self) -> None:
        """Forget the addresses whose part is full again (the others' parts grow)."""
        idle = [a for a, part in self.parts.items() if part.full()]
        for address in idle:
            del self.parts[address]
        if idle:
            self._rebalance()


@dataclass
class Address:
    """What one address is doing to the host now, and what it did lately."""

    conns: int = 0
    pending: int = 0
    unseated: list[Any] = field(default_factory=list)  # its members without a seat, oldest first
    connects: Bucket = field(default_factory=lambda: Bucket(CONNECT_RATE, CONNECT_BURST))
    passwords: Bucket = field(default_factory=lambda: Bucket(PASSWORD_RATE, PASSWORD_BURST))
    lines: Bucket = field(default_factory=lambda: Bucket(LOG_RATE, LOG_BURST))
    quiet: int = 0  # log lines about it left out since the last one written

    def idle(self) -> bool:
        return (not self.conns and not self.quiet and not self.unseated and self.connects.full()
                and self.passwords.full() and self.lines.full())


class Limits:
    """The host's bookkeeping per address and overall. ``exempt``: addresses the limits per
    address do not apply to (a test empties it to attack from 127.0.0.1). ``files``: the
    open-file limit the caps are sized from (see ``sized``); ``seats``: the seats of every table."""

    def __init__(self, files: int | None = None, seats: int = 0) -> None:
        self.addresses: dict[str, Address] = {}
        self.passwords = Bucket(PASSWORDS_RATE, PASSWORDS_BURST)
        self.exempt: frozenset[str] = EXEMPT
        self.members = 0  # connections past hello
        self.unseated = 0  # of those, without a seat
        self.open = 0  # connections open
        self.pending = 0  # connections from limited addresses that have not said hello
        self.max_open, self.max_pending, self.max_unseated = sized(files, seats)

    def of(self, address: str) -> Address:
        found = self.addresses.get(address)
        if found is None:
            found = self.addresses[address] = Address()
        return found

    def limited(self, address: str) -> bool:
        return address not in self.exempt

    def connect(self, address: str) -> str | None:
        """Count a new connection from ``address``; why it must be refused ('busy' text), or
        None. A refused connection is not counted."""
        entry = self.of(address)
        if self.open >= self.max_open:
            return f"the host has {self.open} connections open, all it can hold"
        if self.limited(address):
            if not entry.connects.take():
                return f"too many new connections from {address}; wait a moment"
            if entry.conns >= PER_ADDRESS:
                return f"{address} has {PER_ADDRESS} connections open already"
            if entry.pending >= PENDING_PER_ADDRESS:
                return f"{address} has {PENDING_PER_ADDRESS} connections that did not say hello yet"
        self.open += 1
        entry.conns += 1
        entry.pending += 1
        self.pending += self.limited(address)
        return None

    def greeted(self, address: str) -> None:
        """A connection from ``address`` said an accepted hello."""
        entry = self.of(address)
        entry.pending -= 1
        self.pending -= self.limited(address)
        self.members += 1

    def gone(self, address: str, greeted: bool) -> None:
        entry = self.of(address)
        entry.conns -= 1
        self.open -= 1
        if greeted:
            self.members -= 1
        else:
            entry.pending -= 1
            self.pending -= self.limited(address)

    # -- places without a seat, shared fairly per address -------------------------------------------
    def unseat(self, address: str, member: Any) -> None:
        """Count ``member`` among ``address``'s members without a seat (checked by ``place_for``)."""
        self.of(address).unseated.append(member)
        self.unseated += 1

    def reseat(self, address: str, member: Any) -> None:
        """``member`` has a seat now, or left: it no longer holds a place without one."""
        places = self.of(address).unseated
        if member in places:
            places.remove(member)
            self.unseated -= 1

    def holding(self, address: str) -> int:
        found = self.addresses.get(address)
        return len(found.unseated) if found is not None else 0

    def over_own_share(self, address: str) -> bool:
        """Whether ``address`` holds as many places without a seat as one address may."""
        return self.limited(address) and self.holding(address) >= WATCHERS_PER_ADDRESS

    def host_full(self) -> bool:
        return self.unseated >= self.max_unseated

    def greediest(self, newcomer: str, among: dict[str, list[Any]] | None = None) -> Any | None:
        """When the places are full: the newest member of the address that holds the most of
        them (``among``: per address, the places that count, else all at the host), if it holds
        at least two more than ``newcomer``'s address would after its own is let in, so that
        places go round the addresses fairly; None when the newcomer must wait."""
        held = among if among is not None else {a: e.unseated for a, e in self.addresses.items()}
        if not held:
            return None
        address = max(held, key=lambda a: len(held[a]))
        mine = len(held.get(newcomer, ()))
        if address == newcomer or len(held[address]) < mine + 2 or not held[address]:
            return None
        return held[address][-1]

    # -- wrong passwords: the guesser's address is slowed down, not everyone ---------------------------
    def password_allowed(self, address: str) -> bool:
        """Whether a password from ``address`` may be tried now: not while it guessed wrong too
        often lately; and while everyone together did, only from an address with no wrong
        guess lately (so that 24 guessing machines never lock out one that knows the password)."""
        entry = self.of(address)
        if entry.passwords.wait() > 0:
            return False
        return self.passwords.wait() == 0 or entry.passwords.full()

    def password_failed(self, address: str) -> None:
        self.of(address).passwords.take()
        self.passwords.take()

    def log_line(self, address: str, text: str) -> str | None:
        """``text`` as it may be logged (with a count of the lines left out before it), or None
        when the lines about ``address`` are coming too fast."""
        entry = self.of(address)
        if not entry.lines.take():
            entry.quiet += 1
            return None
        if entry.quiet:
            text = f"({entry.quiet} lines about {address} left out) {text}"
            entry.quiet = 0
        return text

    def prune(self) -> None:
        """Forget addresses that hold nothing and owe nothing (keeps the table small)."""
        for address in [a for a, e in self.addresses.items() if e.idle()]:
            del self.addresses[address]


def sized(files: int | None, seats: int) -> tuple[int, int, int]:
    """(connections open, connections waiting for hello, members without a seat) that ``files``
    open files can hold, after ``SPARE_FILES`` for the host's own and two connections a seat
    (a rejoin's new one while the old is let go), each at most its default; no cap without
    ``files``. A host at the usual 1,024 files once let its own caps exceed it, and asyncio
    retried ``accept`` in a loop (issue 20)."""
    if files is None:
        return 1 << 30, MAX_PENDING, MAX_UNSEATED
    budget = max(16, files - SPARE_FILES)
    pending = max(4, min(MAX_PENDING, budget // 8))
    unseated = max(4, min(MAX_UNSEATED, budget - pending - 2 * seats))
    return budget, pending, unseated


def raise_file_limit(wanted: int = 1 << 16) -> int:
    """Raise this process's soft limit on open files towards its hard limit (at most
    ``wanted``), where the system allows; the soft limit it has then (1,024, the usual, where
    it cannot be read)."""
    try:
        import resource
    except ImportError:  # not on this system: assume the usual
        return 1024
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (OSError, ValueError):
        return 1024
    target = wanted if hard == resource.RLIM_INFINITY else min(hard, wanted)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (OSError, ValueError):
            pass
    return wanted if soft == resource.RLIM_INFINITY else int(soft)
