"""The frozen values a Grave Robbers card is made of: its effects, actions and the card itself.

They sit below everything else in ``gros`` (the state, the effect vocabulary, the catalog that
reads the TOML decks), so that each of those can name a card without importing another.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

TYPES = ("character", "creature", "prop", "location", "sfx", "credits")


@dataclass(frozen=True, slots=True)
class Effect:
    kind: str
    args: tuple[tuple[str, Any], ...]  # the TOML fields other than kind, sorted

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.args:
            if k == key:
                return v
        return default


@dataclass(frozen=True, slots=True)
class Action:
    """What happens when a card resolves (an SFX), is used (an ability) or played as an SFX."""

    effects: tuple[Effect, ...]
    target: str = "none"
    take: str = ""  # a card type fetched from the discards, if any
    cost: int = 0  # cards discarded from hand when played (ruling G10)
    permanent: bool = False  # slid under its target
    when: tuple[tuple[str, Any], ...] = ()  # conditions to play it
    owner: str = "any"  # whose things it may target: any, self, opponent
    timing: str = "any"  # abilities: own turn only, or any decision of yours
    once: bool = True  # abilities: once per turn
    stops: bool = False  # it stops a card (derived when loaded)
    attack_only: bool = False  # it can only be played during an attack (derived when loaded)
    plain_when: tuple[tuple[str, Any], ...] = ()  # ``when`` less target_trait (derived when loaded)
    target_trait: str | None = None  # ``when``'s target_trait (derived when loaded)


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    italian: str
    type: str
    strength: int
    traits: frozenset[str]
    title: str
    quote: str
    text: str
    copies: int
    deck: str
    passive: tuple[Effect, ...] = ()
    action: Action | None = None  # SFX and Roll the Credits
    ability: Action | None = None  # usable while in play
    as_sfx: Action | None = None  # a Creature played as an SFX
    combines: bool = False  # a GR2 Location that may be combined with the one in place
    word: str = field(init=False)  # ``title`` in lower case, as the film's title words are kept

    def __post_init__(self) -> None:  # read in every score: lowered once, not at each reading
        object.__setattr__(self, "word", self.title.lower())
