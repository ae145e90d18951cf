"""Everything one Grave Robbers game holds, as plain data that clones and serialises.

Every physical card is an integer (its instance id); ``ids[i]`` names its card and ``defs[i]``
is its definition. Seats are indices into ``names``. The deck's top is the end of its list.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from common.rng import Rng
from gros.cardtypes import TYPES, Card

TITLE, DRAW, MAIN, VICTIM, DISCARD, OVER = "title", "draw", "main", "victim", "discard", "over"
HAND_SIZE = 6
TITLE_BONUS = 5


@dataclass(slots=True)
class Char:
    """A Character in a Movie with the Props it holds and the SFX slid under it."""

    iid: int
    props: list[int] = field(default_factory=list)
    under: list[int] = field(default_factory=list)

    def clone(self) -> Char:
        return Char(self.iid, self.props[:], self.under[:])


@dataclass(slots=True)
class Movie:
    chars: list[Char] = field(default_factory=list)
    location: list[int] = field(default_factory=list)  # one card, or several combined (GR2)
    loc_under: list[int] = field(default_factory=list)
    credits: list[int] = field(default_factory=list)  # Roll the Credits this seat played

    def clone(self) -> Movie:
        return Movie([c.clone() for c in self.chars], self.location[:], self.loc_under[:], self.credits[:])

    def cards(self, credits: bool = True) -> list[int]:
        """Every card in this Movie: cast, Props, SFX under them, Location (and credits played)."""
        out: list[int] = []
        for ch in self.chars:
            out.append(ch.iid)
            out += ch.props
            out += ch.under
        out += self.location
        out += self.loc_under
        return out + self.credits if credits else out


@dataclass(slots=True)
class Attack:
    creature: int
    attacker: int
    target: int
    props: list[int] = field(default_factory=list)  # Props added to a Psycho
    spent: list[int] = field(default_factory=list)  # SFX played during it, discarded at its end
    atk_bonus: int = 0
    def_bonus: int = 0
    traits: list[str] = field(default_factory=list)  # traits the Creature gained
    chooser: int = -1  # who picks the victim, when a card says so

    def clone(self) -> Attack:
        return Attack(self.creature, self.attacker, self.target, self.props[:], self.spent[:],
                      self.atk_bonus, self.def_bonus, self.traits[:], self.chooser)


@dataclass(frozen=True, slots=True)
class Kinds:
    """Which card instances auto-pass must look at more closely in each window: a seat whose
    hand holds none of them can only pass (``flow.settle`` asks no more). Derived from ``defs``.

    ``stops``: cards that may stop a card; ``anytime``: SFX (or Creatures played as one) that
    neither stop a card nor need an attack; ``respond``: SFX and Creatures played as SFX that
    do not stop a card, and Props (a Psycho takes them)."""

    stops: frozenset[int]
    anytime: frozenset[int]
    respond: frozenset[int]
    types: Mapping[str, frozenset[int]]  # card type -> its instances (what an action may take back)
    able: frozenset[int]  # cards with an ability (used while in play)

    @classmethod
    def of(cls, defs: tuple[Card, ...]) -> Kinds:
        stops, anytime, respond = set(), set(), set()
        for i, d in enumerate(defs):
            if (d.action is not None and d.action.stops) or (d.as_sfx is not None and d.as_sfx.stops):
                stops.add(i)
            played = d.action if d.type == "sfx" else d.as_sfx  # what it is played for as an SFX
            if played is not None and not played.stops:
                respond.add(i)
                if not played.attack_only:
                    anytime.add(i)
            if d.type == "prop":
                respond.add(i)
        types = MappingProxyType({t: frozenset(i for i, d in enumerate(defs) if d.type == t) for t in TYPES})
        able = frozenset(i for i, d in enumerate(defs) if d.ability is not None)
        return cls(frozenset(stops), frozenset(anytime), frozenset(respond), types, able)


@dataclass(slots=True)
class GrosState:
    variant: str
    deck_name: str
    names: tuple[str, ...]
    rng: Rng
    ids: tuple[str, ...]  # card id of every instance; never mutated
    defs: tuple[Card, ...]  # the card of every instance; rebuilt from ids, never serialised
    deck: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    hands: list[list[int]] = field(default_factory=list)
    movies: list[Movie] = field(default_factory=list)
    # a played card waiting for its stop window: (instance, seat, move)
    stack: list[tuple[int, int, tuple]] = field(default_factory=list)
    attack: Attack | None = None
    attack_open: bool = False  # the attack's response window is open
    phase: str = TITLE
    turn: int = 0  # seat whose turn it is
    turn_no: int = 0  # turns begun in this game (round = (turn_no - 1) // players + 1)
    first: int = 0  # first player of this game
    actor: int = 0  # seat deciding in a window
    passes: int = 0  # consecutive passes in the open window
    resume: int = 0  # who speaks next in the attack window once the stack is empty
    propped: list[int] = field(default_factory=list)  # Characters given a Prop this turn
    used: list[int] = field(default_factory=list)  # cards whose ability was used this turn
    deck_out: bool = False  # the last card was drawn (G11: see ``drawer``)
    candidates: list[str] = field(default_factory=list)  # the six title words revealed
    title: str = ""
    title_words: list[str] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)  # match play
    scores: list[int] = field(default_factory=list)  # the last game's scores
    target: int = 0  # match play to this total; 0 = one game
    game_no: int = 1
    winners: list[int] = field(default_factory=list)
    reason: str = ""
    autopass: tuple[bool, ...] = ()
    mulligans: int = 0  # hands shown and redrawn in this game (G3)
    dealt: bool = False  # the hands are dealt once the title is agreed (G2, G3)
    dcache: list[int | None] = field(default_factory=list)  # static Defence per Movie
    legal_cache: tuple | None = None  # (seat, legal moves); never cloned nor saved
    decided: tuple[int, str] | None = None  # what decisions() found (mv.decider), for legal_moves; never cloned nor saved
    refs: dict = field(default_factory=dict)  # seat -> its Characters' names, ~seat -> its Props', (seat, 'abilities'); cleared by zones.touch
    windows: bool = False  # option timing=windows: SFX only in the stop and attack windows (G9)
    # the books' timing: an open window for SFX outside attacks, "card" (a card resolved) or
    # "end" (the current player said 'end'); "" when none is open
    window: str = ""
    kinds: Kinds = None  # type: ignore[assignment]  # derived from defs (shared); never saved
    # who drew the last card (-1: nobody, or the deal did): under gr2 the game ends at the end of
    # that seat's turn, which may be its next one (G11); under gros it ended at the draw
    drawer: int = -1

    @property
    def n(self) -> int:
        return len(self.names)

    @property
    def round(self) -> int:
        return (self.turn_no - 1) // len(self.names) + 1 if self.turn_no else 0

    def clone(self) -> GrosState:
        return GrosState(
            self.variant, self.deck_name, self.names, self.rng.clone(), self.ids, self.defs,
            self.deck[:], self.discard[:], [h[:] for h in self.hands],
            [m.clone() for m in self.movies], self.stack[:],
            self.attack.clone() if self.attack else None, self.attack_open, self.phase, self.turn,
            self.turn_no, self.first, self.actor, self.passes, self.resume, self.propped[:],
            self.used[:], self.deck_out, self.candidates[:], self.title, self.title_words[:],
            self.totals[:], self.scores[:], self.target, self.game_no, self.winners[:], self.reason,
            self.autopass, self.mulligans, self.dealt, self.dcache[:], None,
            windows=self.windows, window=self.window, kinds=self.kinds, drawer=self.drawer)

    def __post_init__(self) -> None:
        if self.kinds is None:  # the rules pass the catalog's own; clones share it
            self.kinds = Kinds.of(self.defs)

    # -- serialisation ----------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for name in self.__slots__:
            if name in ("defs", "legal_cache", "decided", "refs", "kinds"):
                continue
            value = getattr(self, name)
            if name == "rng":
                value = value.state
            elif name == "movies":
                value = [movie_json(m) for m in value]
            elif name == "attack":
                value = attack_json(value) if value else None
            elif name == "stack":
                value = [[i, s, list(move_json(m))] for i, s, m in value]
            elif isinstance(value, list):
                value = [v[:] if isinstance(v, list) else v for v in value]
            elif isinstance(value, tuple):
                value = list(value)
            data[name] = value
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any], defs: tuple[Card, ...], kinds: Kinds | None = None) -> GrosState:
        # every list copied: a state never shares a list with the data it was read from (a
        # bot's view), or play on the state would change the data
        d: dict[str, Any] = {k: (list(v) if isinstance(v, list) else v) for k, v in data.items()}
        rng = Rng(0)
        rng.state = int(d.pop("rng"))
        d["names"] = tuple(d["names"])
        d["ids"] = tuple(d["ids"])
        d["autopass"] = tuple(d["autopass"])
        d["movies"] = [Movie([Char(c["iid"], list(c["props"]), list(c["under"])) for c in m["chars"]],
                             list(m["location"]), list(m["loc_under"]), list(m["credits"]))
                       for m in d["movies"]]
        attack: dict[str, Any] = d["attack"] or {}
        fields: dict[str, Any] = {k: (list(v) if isinstance(v, list) else v) for k, v in attack.items()}
        d["attack"] = Attack(**fields) if attack else None
        d["stack"] = [(i, s, move_from_json(m)) for i, s, m in d["stack"]]
        d["hands"] = [list(h) for h in d["hands"]]
        return cls(rng=rng, defs=defs, kinds=kinds if kinds is not None else Kinds.of(defs), **d)


def movie_json(m: Movie) -> dict[str, Any]:
    return {"chars": [{"iid": c.iid, "props": c.props[:], "under": c.under[:]} for c in m.chars],
            "location": m.location[:], "loc_under": m.loc_under[:], "credits": m.credits[:]}


def attack_json(a: Attack) -> dict[str, Any]:
    return {"creature": a.creature, "attacker": a.attacker, "target": a.target, "props": a.props[:],
            "spent": a.spent[:], "atk_bonus": a.atk_bonus, "def_bonus": a.def_bonus,
            "traits": a.traits[:], "chooser": a.chooser}


def move_json(move: tuple) -> list:
    return [list(x) if isinstance(x, tuple) else x for x in move]


def move_from_json(move: list) -> tuple:
    return tuple(tuple(x) if isinstance(x, list) else x for x in move)
