"""What a table needs of the connections at it and of the host that holds it: the two small
interfaces the table layer owns (``Member``, ``Host``), so that ``lobby``, ``room`` and
``languages`` import neither ``conn`` nor ``host`` (docs/architecture.md draws the layers).

``common.net.conn.Conn`` is a ``Member`` and ``common.net.host.Server`` a ``Host``, by their
shape alone: neither imports this module's users, and nothing here imports them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from common.net.limits import Limits
    from common.spec import GameSpec


class Member(Protocol):
    """One connection at a table, as the table sees it: who it is, what it was sent last, and
    how to send it something, refuse it or let it go."""

    address: str  # the limits' key: its network address
    peer: str
    opened: float
    room: Any  # the table it joined (set by the table)
    seat: str | None
    watching: bool
    name: str
    version: int
    lang: str
    game_no: int
    shown: tuple[int, int, dict[str, Any]] | None
    seats_shown: dict[str, Any] | None
    lobby_whole: bool
    unseated: bool  # it holds one of the host's places without a seat
    errors: int
    hangup: bool
    closed: bool

    @property
    def label(self) -> str: ...

    def send(self, message: dict[str, Any]) -> None: ...

    def send_raw(self, data: bytes) -> None: ...

    def send_chat(self, data: bytes) -> None: ...

    def refuse(self, code: str, message: str, fatal: bool = False) -> None: ...

    def close(self) -> None: ...

    def finish(self, data: bytes) -> None: ...  # the game's last message, then hang up once it is read

    def take_chat(self) -> bool: ...

    @property
    def sync_limit(self) -> Any: ...


class Host(Protocol):
    """What a table needs of the host: the game, the secret its seeds come from, the limits it
    shares with the other tables, and the log."""

    spec: GameSpec
    secret: int
    limits: Limits

    def several_tables(self) -> bool: ...

    def log(self, text: str) -> None: ...

    def log_about(self, member: Member, text: str) -> None: ...
