"""Dice pools: rolls from the game's seeded generator, or from fixed results a record sets
(so that a rulebook example replays exactly)."""

from __future__ import annotations

from common.rng import Rng


def roll(rng: Rng, count: int, fixed: list[int] | None = None, sides: int = 6) -> tuple[int, ...]:
    """``count`` dice; results queued in ``fixed`` are used (and consumed) first."""
    out = []
    for _ in range(count):
        out.append(fixed.pop(0) if fixed else rng.die(sides))
    return tuple(out)


def successes(dice: tuple[int, ...], target: int) -> int:
    """Dice showing ``target`` or less (roll-under pools, as in Creature Feature)."""
    return sum(1 for d in dice if d <= target)
