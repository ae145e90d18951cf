"""Everything one Galaxy Invaders game holds, as plain data that clones and serialises.

Squares are integers ``row * width + col``; row 0 is the lunar surface, rows 1..height are
space, the top row (``height``) is where the fleet starts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from common.rng import Rng

ALIENS = "aliens"
HUMANS = "humans"
SEATS = (ALIENS, HUMANS)

PLACE, ATTACK, DEFENCE, OVER = "place", "attack", "defence", "over"


@dataclass(slots=True)
class InvadersState:
    width: int
    height: int
    rng: Rng
    composition: dict[str, dict[str, int]]  # seat -> card id -> copies; never mutated
    ships: list[int] = field(default_factory=list)
    red: list[int] = field(default_factory=list)
    blue: list[int] = field(default_factory=list)
    fresh: list[int] = field(default_factory=list)  # bullets fired this phase (its seat's colour)
    defender: int = -1  # column; -1 until the humans place it
    decks: dict[str, list[str]] = field(default_factory=dict)  # top of deck = end of list
    hands: dict[str, list[str]] = field(default_factory=dict)
    discards: dict[str, list[str]] = field(default_factory=dict)
    shields: list[str] = field(default_factory=list)  # Deflector Shields in play
    turn: int = 0
    phase: str = PLACE
    discarding: bool = False  # the phase's seat is discarding down to the hand limit
    winner: str | None = None
    reason: str = ""
    # each side's hand limit and cards drawn a phase (rulings I3); never mutated, so shared by clones
    hand_limit: dict[str, int] = field(default_factory=lambda: {ALIENS: 4, HUMANS: 4})
    draw: dict[str, int] = field(default_factory=lambda: {ALIENS: 2, HUMANS: 2})

    def clone(self) -> InvadersState:
        return InvadersState(
            self.width, self.height, self.rng.clone(), self.composition,
            self.ships[:], self.red[:], self.blue[:], self.fresh[:], self.defender,
            {k: v[:] for k, v in self.decks.items()},
            {k: v[:] for k, v in self.hands.items()},
            {k: v[:] for k, v in self.discards.items()},
            self.shields[:], self.turn, self.phase, self.discarding, self.winner, self.reason,
            self.hand_limit, self.draw,
        )

    def to_json(self) -> dict[str, Any]:
        copy = self.clone()  # nothing in the result is shared with the live state
        data = {name: getattr(copy, name) for name in self.__slots__}
        data["rng"] = self.rng.state
        data["composition"] = {seat: dict(counts) for seat, counts in self.composition.items()}
        data["hand_limit"], data["draw"] = dict(self.hand_limit), dict(self.draw)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> InvadersState:
        data = dict(data)
        rng = Rng(0)
        rng.state = int(data.pop("rng"))
        for key in ("hand_limit", "draw"):  # one number for both sides, as states said before
            if isinstance(data.get(key), int):
                data[key] = dict.fromkeys(SEATS, data[key])
        return cls(rng=rng, **data)


def decider(st: InvadersState) -> str | None:
    """Whose decision it is: the side whose phase it is (none once the game is over)."""
    if st.phase == OVER:
        return None
    return ALIENS if st.phase == ATTACK else HUMANS
