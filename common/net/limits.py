"""What one address, and everyone together, may ask of a host: how many connections, how fast,
how many spectators, how many wrong passwords, how many log lines.

An attacker on the LAN must not be able to lock the players out (idle sockets that never say
hello, refilled as they are freed), guess the password quickly, starve the other tables or fill
the host's log. The limits per address do not apply to this machine's own loopback address
(127.0.0.1, ::1: whoever connects from there can already stop the host; the load benchmark
and local bots connect from there by the hundred); the limits on everyone together do.
docs/protocol.md lists every limit.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

MAX_MEMBERS = 1024  # connections past hello, at all tables together
RESERVED = 64  # of those, kept for seat tokens: a hello without one is 'busy' beyond the rest
MAX_PENDING = 128  # connections (not from loopback) that have not said hello yet; a new one pushes out the oldest
PER_ADDRESS = 16  # connections open at once from one address
PENDING_PER_ADDRESS = 4  # of which not yet past hello
CONNECT_RATE, CONNECT_BURST = 2.0, 20.0  # new connections a second from one address
WATCHERS = 64  # members without a seat at one table (watching, or in the lobby)
WATCHERS_PER_ADDRESS = 4  # members without a seat from one address, all tables together
PASSWORD_RATE, PASSWORD_BURST = 1 / 30, 5.0  # wrong passwords from one address: 5, then 1 in 30 s
PASSWORDS_RATE, PASSWORDS_BURST = 0.5, 20.0  # wrong passwords from everyone together
LOG_RATE, LOG_BURST = 0.2, 20.0  # log lines about one address: 20, then one in 5 s
SHARE_RATE, SHARE_BURST = 100.0, 200.0  # messages a second from one table's unseated members
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


@dataclass
class Address:
    """What one address is doing to the host now, and what it did lately."""

    conns: int = 0
    pending: int = 0
    watchers: int = 0
    connects: Bucket = field(default_factory=lambda: Bucket(CONNECT_RATE, CONNECT_BURST))
    passwords: Bucket = field(default_factory=lambda: Bucket(PASSWORD_RATE, PASSWORD_BURST))
    lines: Bucket = field(default_factory=lambda: Bucket(LOG_RATE, LOG_BURST))
    quiet: int = 0  # log lines about it left out since the last one written

    def idle(self) -> bool:
        return (not self.conns and not self.quiet and self.connects.full()
                and self.passwords.full() and self.lines.full())


class Limits:
    """The host's bookkeeping per address and overall. ``exempt``: addresses the limits per
    address do not apply to (a test empties it to attack from 127.0.0.1)."""

    def __init__(self) -> None:
        self.addresses: dict[str, Address] = {}
        self.passwords = Bucket(PASSWORDS_RATE, PASSWORDS_BURST)
        self.exempt: frozenset[str] = EXEMPT
        self.members = 0
        self.pending = 0  # connections from limited addresses that have not said hello

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
        if self.limited(address):
            if not entry.connects.take():
                return f"too many new connections from {address}; wait a moment"
            if entry.conns >= PER_ADDRESS:
                return f"{address} has {PER_ADDRESS} connections open already"
            if entry.pending >= PENDING_PER_ADDRESS:
                return f"{address} has {PENDING_PER_ADDRESS} connections that did not say hello yet"
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
        if greeted:
            self.members -= 1
        else:
            entry.pending -= 1
            self.pending -= self.limited(address)

    def room_for(self, token: bool) -> bool:
        """Whether one more connection may be let past hello (a seat token may use the
        connections kept for rejoins)."""
        return self.members < (MAX_MEMBERS if token else MAX_MEMBERS - RESERVED)

    def watcher(self, address: str, delta: int) -> bool:
        """Count a member without a seat from ``address`` in (+1, False if over its limit) or
        out (-1)."""
        entry = self.of(address)
        if delta > 0 and self.limited(address) and entry.watchers >= WATCHERS_PER_ADDRESS:
            return False
        entry.watchers += delta
        return True

    def password_allowed(self, address: str) -> bool:
        """Whether a password from ``address`` may be tried now (not while it, or everyone
        together, guessed wrong too often lately)."""
        entry = self.of(address)
        if self.limited(address) and entry.passwords.wait() > 0:
            return False
        return self.passwords.wait() == 0

    def password_failed(self, address: str) -> None:
        if self.limited(address):
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
        for address in [a for a, e in self.addresses.items() if e.idle() and not e.watchers]:
            del self.addresses[address]
