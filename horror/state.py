"""Everything one Creature Feature film holds, as plain data that clones and serialises.

Element cards are immutable ``Element`` records; what changes during a film (a set's Screen
Time, a character's Plot Armour, where each card lies) lives in small dicts and lists on
``Film`` so that a hand-written clone stays cheap for bots and self-play.

Where a card is: ``pool`` (undealt), ``hands[seat]``, ``screen`` (played this scene) or
``gone`` (dead characters, played tropes, subplots cut for the climax). Each card is in
exactly one of them; the invariants check it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from common.rng import Rng

# phases
PREMISE, MEETING, TRADE, AUCTION, SCENE, POOLS, OVER = (
    "premise", "meeting", "trade", "auction", "scene", "pools", "over")
CLIMAX = 4  # the act number of the climax

MONSTER = "m"  # the monster card's id
PLAN = "plan"  # the climax plan's side in a contest (not a card)
START_BUDGET = 12


@dataclass(frozen=True, slots=True)
class Element:
    """One element card: a character (extra/supporting/star), a set, a trope, a subplot or
    the monster. ``name`` is a character's or set's name, a trope's or subplot's text."""

    id: str
    kind: str
    name: str
    act: int = 0  # tropes: the act they belong to
    names: tuple[str, ...] = ()  # tropes and subplots: the characters (ids) they involve
    by: str = ""  # the seat that wrote it
    concept: str = ""  # a character's concept line ("drinks, knows the tides")

    def to_json(self) -> list:
        return [self.id, self.kind, self.name, self.act, list(self.names), self.by, self.concept]

    @classmethod
    def from_json(cls, data: list) -> Element:
        return cls(data[0], data[1], data[2], data[3], tuple(data[4]), data[5],
                   data[6] if len(data) > 6 else "")


@dataclass(slots=True)
class Conflict:
    """A check, contest, chase or the climax's plan-against-monster contest in progress.

    Side 0 is the one the director named first; ``stakes[i]`` is -1 until that side's
    player has staked. ``bonus[i]`` are the Monster Dice in a side's stake (lost first, for this conflict only).
    """

    kind: str  # check / contest / chase / plan
    sides: list[str]  # element ids, "m" or "plan"
    seats: list[str]  # who stakes and speaks for each side
    st: list[int]  # Screen Time of each side
    stakes: list[int]
    bonus: list[int]
    staked: list[int]  # what each side put in (stakes shrink as dice are lost)
    helpers: list[str] = field(default_factory=list)  # characters who helped in a chase
    help_queue: list[str] = field(default_factory=list)  # seats still to say help/pass
    rolls: int = 0

    def clone(self) -> Conflict:
        return Conflict(self.kind, self.sides[:], self.seats[:], self.st[:], self.stakes[:],
                        self.bonus[:], self.staked[:], self.helpers[:], self.help_queue[:],
                        self.rolls)


@dataclass(slots=True)
class Auction:
    """Bidding for the director's chair: at the start of a scene, or after a claim."""

    claim: bool  # True: a claim during a scene (the sitting director keeps the chair if nobody wins it)
    opener: str
    order: list[str]  # every seat, starting with the opener
    turn: int  # index into order of the seat to decide
    high: int = 0
    leader: str | None = None
    out: list[str] = field(default_factory=list)

    def clone(self) -> Auction:
        return Auction(self.claim, self.opener, self.order, self.turn, self.high, self.leader,
                       self.out[:])


@dataclass(slots=True)
class Film:
    seats: list[str]
    rng: Rng
    phase: str = PREMISE
    # the premise
    monster: str = ""
    abilities: list[str] = field(default_factory=list)
    trigger: str = ""
    setting: str = ""
    title: str = ""
    # the script
    elements: dict[str, Element] = field(default_factory=dict)
    st: dict[str, int] = field(default_factory=dict)  # Screen Time of characters and sets
    armour: dict[str, int] = field(default_factory=dict)  # Plot Armour of characters
    props: dict[str, list[str]] = field(default_factory=dict)  # set id -> props
    near: list[tuple[str, str]] = field(default_factory=list)  # adjacent sets, sorted pairs
    counter: int = 0  # ids are numbered in order of creation across all kinds
    # where the cards are
    pool: list[str] = field(default_factory=list)
    hands: dict[str, list[str]] = field(default_factory=dict)
    screen: list[str] = field(default_factory=list)
    gone: list[str] = field(default_factory=list)
    # dice
    budgets: dict[str, int] = field(default_factory=dict)
    start: dict[str, int] = field(default_factory=dict)
    earned: dict[str, int] = field(default_factory=dict)
    spent: dict[str, int] = field(default_factory=dict)
    lost: dict[str, int] = field(default_factory=dict)
    md: int = 0  # Monster Dice
    triggered: bool = False
    # the meeting
    act: int = 1
    meeting: int = 0  # how many meetings have opened
    meeting_first: int = 0  # seat index that opened the current meeting
    turn: int = 0  # seat index whose meeting turn it is
    free_made: int = 0  # free elements made this meeting turn
    meeting_turns: int = 0  # turns passed on at this meeting (it closes once every seat has had one)
    # trading before a scene
    trade_queue: list[str] = field(default_factory=list)
    offers: dict[str, int] = field(default_factory=dict)  # offers made this deal
    swaps: dict[str, int] = field(default_factory=dict)  # cards traded this deal
    offer: tuple[str, str, str] | None = None  # (seat, card, wanted type)
    declined: list[str] = field(default_factory=list)  # "seat type": not asked for that type again this deal
    responders: list[str] = field(default_factory=list)  # who is asked for the offer at hand, in turn
    # every offer not yet taken or lapsed, the offer at hand too: (seat, card, wanted type), the oldest first
    waiting: list[tuple[str, str, str]] = field(default_factory=list)
    # the chair and the scene
    auction: Auction | None = None
    window: list[str] = field(default_factory=list)  # seats still to claim or pass
    quiet: list[str] = field(default_factory=list)  # seats that make no more claims this scene
    director: str | None = None
    last_director: int = -1  # seat index
    chair_price: int = 0
    scene_no: int = 0
    act_end: int = 0  # the act's schedule: the scene number after whose cut its open tropes are cut for time
    played_by: dict[str, str] = field(default_factory=dict)  # card on screen -> seat
    active_set: str | None = None
    active_subplot: str | None = None
    moved: bool = False  # a chase moved to an adjacent set: no new action this scene
    begun: bool = False  # a set and a character came to the screen: the scene started (kept till the cut)
    # (log index, owner seat) of lines and actions written this scene for a character (or the
    # monster) that another seat plays: its owner may veto them (H5a)
    vetoable: list[tuple[int, str]] = field(default_factory=list)
    out: list[str] = field(default_factory=list)  # knocked-out characters (this scene)
    scene_tropes: list[tuple[str, str]] = field(default_factory=list)  # (seat, trope)
    scene_subplots: list[tuple[str, str]] = field(default_factory=list)  # (seat, subplot)
    scene_chars: dict[str, str] = field(default_factory=dict)  # character -> seat who played it
    scene_wins: list[str] = field(default_factory=list)  # seats that won a contest
    conflict: Conflict | None = None
    last_roll: tuple = ()  # (kind, ((label, st, dice, successes), ...), loser, lost)
    settled: tuple = ()  # (kind, side a, side b, winner) of a conflict just over
    last_rewards: dict[str, int] = field(default_factory=dict)
    # the climax
    pools: list[int] = field(default_factory=lambda: [0, 0])  # monster, plan
    pool_queue: list[str] = field(default_factory=list)
    plan: str = ""
    plans_failed: int = 0
    ending: str = ""  # "plan" (the heroes won), "escape", "dead" (the monster won)
    # the film's log: what the screenplay is written from
    log: list[tuple] = field(default_factory=list)
    # every line said (narration and dialogue), kept apart from the log, which a bot's sample
    # cuts short: suggestions never say a line the film has said
    said: list[str] = field(default_factory=list)
    rulings: list[str] = field(default_factory=list)
    # records: fixed dice (H8) and stacked deals, consumed before the rng
    fixed: list[int] = field(default_factory=list)
    stacked: list[dict[str, list[str]]] = field(default_factory=list)
    requests: int = 0  # screenplays asked for
    # entries a bot's sampled film left out of its log (views.determinize keeps only the
    # current deal's): rules that count the log count these too, so a sample agrees with the film
    log_dropped: int = 0

    @property
    def log_length(self) -> int:
        return self.log_dropped + len(self.log)

    def clone(self) -> Film:
        c = Film.__new__(Film)
        for name in _SHALLOW:
            setattr(c, name, getattr(self, name))
        for name in _LISTS:
            setattr(c, name, getattr(self, name)[:])
        for name in _DICTS:
            setattr(c, name, dict(getattr(self, name)))
        c.rng = self.rng.clone()
        c.props = {k: v[:] for k, v in self.props.items()}
        c.hands = {k: v[:] for k, v in self.hands.items()}
        c.stacked = [{k: v[:] for k, v in d.items()} for d in self.stacked]
        c.pools = self.pools[:]
        c.auction = self.auction.clone() if self.auction else None
        c.conflict = self.conflict.clone() if self.conflict else None
        return c

    # -- serialisation ------------------------------------------------------------------
    def to_json(self, with_log: bool = True, hide: tuple[str, ...] = ()) -> dict[str, Any]:
        """The whole film as JSON data; ``with_log=False`` leaves out the log (views add it
        themselves, cheaply: it only grows, and its entries never change); ``hide`` leaves
        out other fields (what a view must not show is never even converted)."""
        skip = {*hide, "rng", "elements", "auction", "conflict"} | (set() if with_log else {"log"})
        data = {name: _jsonable(getattr(self, name)) for name in _FIELDS if name not in skip}
        if "rng" not in hide:
            data["rng"] = self.rng.state
        data["elements"] = [e.to_json() for e in self.elements.values()]
        data["auction"] = _slots(self.auction)
        data["conflict"] = _slots(self.conflict)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Film:
        data = dict(data)
        rng = Rng(0)
        rng.state = int(data.pop("rng"))
        elements = {e[0]: Element.from_json(e) for e in data.pop("elements")}
        auction = Auction(**data.pop("auction")) if data.get("auction") else None
        data.pop("auction", None)
        conflict = Conflict(**data.pop("conflict")) if data.get("conflict") else None
        data.pop("conflict", None)
        film = cls(rng=rng, elements=elements, auction=auction, conflict=conflict, **data)
        film.near = [tuple(p) for p in film.near]  # type: ignore[misc]
        film.offer = tuple(film.offer) if film.offer else None  # type: ignore[assignment]
        film.waiting = [tuple(o) for o in film.waiting]  # type: ignore[misc]
        film.scene_tropes = [tuple(p) for p in film.scene_tropes]  # type: ignore[misc]
        film.scene_subplots = [tuple(p) for p in film.scene_subplots]  # type: ignore[misc]
        film.vetoable = [tuple(p) for p in film.vetoable]  # type: ignore[misc]
        film.log = [_tuples(e) for e in film.log]
        film.last_roll = _tuples(film.last_roll)
        return film


_SHALLOW = ("seats", "phase", "monster", "trigger", "setting", "title", "counter",
            "md", "triggered", "act", "meeting", "meeting_first", "turn", "free_made", "meeting_turns", "offer",
            "director", "last_director", "chair_price", "scene_no", "act_end", "active_set",
            "active_subplot", "moved", "begun", "last_roll", "settled", "plan", "plans_failed", "ending", "requests", "log_dropped")
_LISTS = ("abilities", "near", "pool", "screen", "gone", "trade_queue", "responders", "waiting", "declined", "window", "quiet",
          "vetoable",
          "out", "scene_tropes", "scene_subplots", "scene_wins", "pool_queue", "log", "said", "rulings",
          "fixed")
_DICTS = ("elements", "st", "armour", "budgets", "start", "earned", "spent", "lost", "offers", "swaps",
          "played_by", "scene_chars", "last_rewards")


def _slots(obj: Any) -> dict | None:
    if obj is None:
        return None
    return _jsonable({f.name: getattr(obj, f.name) for f in fields(obj)})


_FIELDS = tuple(f.name for f in fields(Film))
_PLAIN = (str, int, float, type(None))


def _jsonable(value: Any) -> Any:
    if type(value) in _PLAIN:
        return value
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, Element):
        return value.to_json()
    if isinstance(value, Rng):
        return value.state
    return value


def _tuples(value: Any) -> Any:
    """JSON lists back into the tuples the log and rolls are made of."""
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value
