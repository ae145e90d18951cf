"""A table's configuration (``RoomConfig``) and its seats (``Seat``), as data: what the lobby
and the room share, and what the server builds its tables from.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from common.spec import HUMAN

if TYPE_CHECKING:
    from common.net.member import Member

REMOTE = "remote"


def record_kinds(seats: dict[str, str] | None, names: list[str]) -> dict[str, str]:
    """Who plays each seat of a record's game at a resumed table: its bots, and remote players
    for the seats people played."""
    return {s: (REMOTE if k in (REMOTE, HUMAN, "") else k) for s, k in
            (seats or dict.fromkeys(names, REMOTE)).items()}


@dataclass
class RoomConfig:
    kinds: dict[str, str]
    seed: int | None = None  # --seed: the secret every game's seed is derived from (else the host's own)
    variant: str = "standard"
    options: dict[str, str] = field(default_factory=dict)
    games: int | None = None
    think: float | None = 0.5
    save: str | None = None
    grace: float = 30.0
    on_disconnect: str = "bot"  # or "pause"
    fill: str = "random"  # the bot kind for empty seats at 'start' and for players who left
    share_record: bool = False
    no_hints: bool = False  # --no-hints: the coach's 'hint' is refused at this table
    resume: str | None = None
    first: str | None = None  # --first: who plays first in every game (else drawn from each game's seed)


@dataclass
class Seat:
    name: str
    kind: str  # REMOTE or a bot kind
    conn: Member | None = None
    player: str = ""
    token: str | None = None
    abandoned: bool = False  # its player left and the grace period ran out: a bot decides
    timer: asyncio.TimerHandle | None = None
