"""What each seat may see of a film, what bots may assume about the rest, the public facts
records assert on, the narration of events, and the invariants self-play checks.

The script is public (every element is written at the table); hidden are only which cards
lie in which other hand or undealt, the card behind someone else's trade offer, the seeded
generator and a record's fixed dice.
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

from common.rng import Rng
from horror import legal
from horror.elements import CHARACTER_KINDS, card_type
from horror.narration import NARRATION, narrate  # noqa: F401  (re-exported: the rules narrate through views)
from horror.speech import struck
from horror.state import MONSTER, OVER, PLAN, Film

HIDDEN = ("hands", "pool", "rng", "fixed", "stacked", "offer", "waiting")


def view(st: Film, seat: str | None) -> dict[str, Any]:
    """JSON-safe; a seat sees its own hand and the sizes of the others."""
    return views(st, [seat])[seat]


def views(st: Film, seats: list[str | None]) -> dict[str | None, dict[str, Any]]:
    """Several seats' views; the public part (nearly all of it) is built once and shared."""
    public = st.to_json(with_log=False, hide=HIDDEN)
    public["log"] = list(st.log)  # immutable tuples: JSON-safe as they are, and no deep copy
    d = legal.decider(st)
    public["game"] = "horror"
    public["to_move"] = [d[0]] if d else []
    public["decision"] = d[1] if d else ""
    if d and d[1] == "claim":  # a reaction: the REPL asks only whom it concerns (common.reactions)
        public["reaction"] = {"seat": d[0], "reaction": True, "concerns": claim_concerns(st)}
    public["hand_sizes"] = {s: len(h) for s, h in st.hands.items()}
    public["pool_size"] = len(st.pool)
    out: dict[str | None, dict[str, Any]] = {}
    for seat in seats:
        data = dict(public)
        data["seat"] = seat
        data["hand"] = list(st.hands[seat]) if seat in st.hands else None
        data["offer"] = _offer(st, st.offer, seat) if st.offer else None
        data["waiting"] = [_offer(st, o, seat) for o in st.waiting]
        out[seat] = data
    return out


def _offer(st: Film, offer: tuple[str, str, str], seat: str | None) -> dict[str, Any]:
    """An offer as ``seat`` sees it: the types are public, the card only its offerer's."""
    who, card, wanted = offer
    return {"seat": who, "gives": card_type(st.elements[card]), "wants": wanted,
            "card": card if seat == who else None}


def claim_concerns(st: Film) -> list[str]:
    """Whom a claim window concerns: the seats playing a character that is a side of the
    conflict under way or just settled (a claim could change what happens to it). A claim
    after any other beat is a seat's own initiative, asked of it only at level ``all``: at a
    hot-seat table each would hand the keyboard over twice (issue 23). Public facts only."""
    sides = list(st.conflict.sides) if st.conflict else []
    if st.settled:
        sides += [st.settled[1], st.settled[2]]
    return sorted({st.played_by[c] for c in sides if c in st.played_by})


_BASE: tuple[Any, Any, list[str]] = (None, None, [])  # (view, film read from it, unseen cards)
_NOT_STATE = ("game", "seat", "to_move", "decision", "reaction", "hand", "hand_sizes", "pool_size", "offer", "waiting",
              "log")


def _base(v: dict[str, Any]) -> tuple[Film, list[str]]:
    """The film a view describes, read once per view (a search samples one view many times).

    Its log holds only the entries since the last deal: the rules never read the log (they
    only append to it) and bots read only the current deal's, so sampling costs the same at
    the first scene as after 30,000 entries."""
    global _BASE
    key, film, unseen = _BASE  # one read: bots in other threads may replace it meanwhile
    if key is v:
        return film, unseen
    data = copy.deepcopy({k: val for k, val in v.items() if k not in _NOT_STATE})
    log = v.get("log") or []
    since = len(log) - 1
    while since >= 0 and log[since][0] != "deal":
        since -= 1
    data["log"] = log[max(since, 0):]
    data["log_dropped"] = v.get("log_dropped", 0) + max(since, 0)
    data["rng"] = 0
    data["fixed"], data["stacked"] = [], []
    data["offer"], data["waiting"], data["hands"], data["pool"] = None, [], {s: [] for s in v["seats"]}, []
    film = Film.from_json(data)
    known = set(v["screen"]) | set(v["gone"]) | set(v["hand"] or [])
    unseen = [e[0] for e in v["elements"] if e[0] not in known]
    _BASE = (v, film, unseen)
    return film, unseen


def determinize(v: dict[str, Any], seat: str, rng: Rng) -> Film:
    """A whole film consistent with ``seat``'s view: unseen cards dealt at random. It shares
    no list with the view, so play on it never changes what the seat was shown."""
    base, seen_not = _base(v)
    film = base.clone()
    film.rng = rng.fork()
    unseen = seen_not[:]
    rng.shuffle(unseen)
    hands: dict[str, list[str]] = {s: [] for s in v["seats"]}
    if seat in hands:
        hands[seat] = list(v["hand"] or [])
    film.waiting = [o for o in (_sampled(film, w, hands, unseen) for w in v.get("waiting") or []) if o]
    at_hand = v["offer"]  # one of the open offers (another like it is, to this seat, the same)
    film.offer = next((o for o in film.waiting if at_hand and o[0] == at_hand["seat"] and o[2] == at_hand["wants"]
                       and _type(film.elements[o[1]].kind) == at_hand["gives"]
                       and at_hand["card"] in (None, o[1])), None)
    for s in v["seats"]:
        while len(hands[s]) < v["hand_sizes"][s] and unseen:
            hands[s].append(unseen.pop())
    film.hands = hands
    film.pool = unseen
    if film.offer is None and v["offer"]:  # could not be rebuilt: let the offer lapse
        film.responders = []
    return film


def _sampled(film: Film, offer: dict[str, Any], hands: dict[str, list[str]],
             unseen: list[str]) -> tuple[str, str, str] | None:
    """An offer rebuilt in a sampled film: another seat's card behind it dealt from the unseen
    cards of the type it gives (None when there is none left: the offer lapses)."""
    card = offer["card"]
    if card is None:
        card = next((c for c in unseen if _type(film.elements[c].kind) == offer["gives"]), None)
        if card is None:
            return None
        unseen.remove(card)
        hands[offer["seat"]].append(card)
    return (offer["seat"], card, offer["wants"])


def _type(kind: str) -> str:
    return "role" if kind in CHARACTER_KINDS else kind


def _roll_text(st: Film) -> str:
    if not st.last_roll:
        return "none"
    return " vs ".join(" ".join(map(str, side[2])) or "-" for side in st.last_roll[1])


FACT_HELP = (
    ("phase", "the phase of the film"), ("act", "the act (1-3)"), ("scene", "the scene's number"),
    ("meeting", "the script meeting's number"), ("to_move", "the seat that decides now"),
    ("decision", "the kind of decision now"), ("director", "who holds the director's chair"),
    ("chair", "the chair's price (the highest bid)"), ("monster_dice", "Monster Dice"),
    ("triggered", "yes once the monster's trigger happened"), ("ending", "how the film ended"),
    ("active_set", "the set in use"), ("active_subplot", "the subplot in play"),
    ("screen", "the cards on screen this scene, sorted"), ("conflict", "check, contest or chase now"),
    ("stakes", "the dice each side staked"), ("roll", "the last roll"),
    ("successes", "each side's successes in the last roll"), ("loss", "dice lost in the last roll"),
    ("pools", "the climax's monster and plan pools"), ("plan", "the climax's plan"),
    ("plans_failed", "plans that failed"), ("rulings", "rulings given"),
    ("elements", "elements created"), ("said", "lines said (not vetoed)"),
    ("vetoed", "lines and actions struck by their characters' owners"), ("deaths", "characters dead"),
    ("tropes.ACT", "tropes of act ACT still to play"),
    ("budget.SEAT", "SEAT's budget of dice"), ("earned.SEAT", "dice SEAT earned"),
    ("spent.SEAT", "dice SEAT spent"), ("lost.SEAT", "dice SEAT lost in rolls"),
    ("hand.SEAT", "how many cards SEAT holds"), ("hand.SEAT.cards", "SEAT's hand as SEAT sees it"),
    ("rewards.SEAT", "SEAT's rewards at the last scene's end"),
    ("st.CARD", "a character's or set's Screen Time"), ("armour.CARD", "a character's Plot Armour"),
    ("alive.CARD", "yes or no"), ("where.CARD", "screen, gone, pool or hand"),
    ("played_by.CARD", "who played the card"),
    ("in_stake", "the dice each side has at stake now, Monster Dice included"),
    ("dialogue", "lines spoken by characters (not vetoed)"), ("title", "the film's title"),
    ("monster", "the monster's name"), ("abilities", "the monster's abilities, '; '-separated"),
    ("trigger_text", "the monster's trigger"), ("setting", "where the film is set"),
    ("unfilmed", "scenes cut before anything was filmed"),
    ("cut_for_time", "tropes cut for time when an act ran out of scenes"),
    ("offer", "the trade offer being answered: 'SEAT gives TYPE for TYPE'"),
    ("offers_open", "trade offers made and not yet taken or lapsed"),
)


def hidden_facts(st: Film) -> dict[str, str]:
    """Each hand as its owner sees it (for records only)."""
    return {f"hand.{s}.cards": " ".join(st.hands[s]) or "none" for s in st.seats}


def facts(st: Film) -> dict[str, str]:
    """Public facts for record ``expect`` lines (FACT_HELP, with ``hidden_facts``, says what
    each is; a test keeps them in step)."""
    d = legal.decider(st)
    c = st.conflict
    gone = struck(st.log)
    out = {
        "phase": st.phase, "act": str(st.act), "scene": str(st.scene_no), "meeting": str(st.meeting),
        "to_move": d[0] if d else "none", "decision": d[1] if d else "none",
        "director": st.director or "none", "chair": str(st.chair_price),
        "offer": (f"{st.offer[0]} gives {card_type(st.elements[st.offer[1]])} for {st.offer[2]}"
                  if st.offer else "none"),
        "offers_open": str(len(st.waiting)),
        "monster_dice": str(st.md), "triggered": "yes" if st.triggered else "no",
        "ending": st.ending or "none", "active_set": st.active_set or "none",
        "active_subplot": st.active_subplot or "none",
        "screen": " ".join(sorted(st.screen)) or "none",
        "conflict": c.kind if c else "none",
        "stakes": " ".join(map(str, c.stakes)) if c else "none",
        "in_stake": " ".join(str(max(c.stakes[i], 0) + c.bonus[i]) for i in (0, 1)) if c else "none",
        "roll": _roll_text(st),
        "successes": "-".join(str(side[3]) for side in st.last_roll[1]) if st.last_roll else "none",
        "loss": str(st.last_roll[3]) if st.last_roll else "none",
        "pools": f"{st.pools[0]} {st.pools[1]}", "plan": st.plan or "none",
        "plans_failed": str(st.plans_failed), "rulings": str(len(st.rulings)),
        "elements": str(len(st.elements)),
        "said": str(sum(1 for i, e in enumerate(st.log) if e[0] in ("say", "line") and i + st.log_dropped not in gone)),
        "dialogue": str(sum(1 for i, e in enumerate(st.log) if e[0] == "line" and i + st.log_dropped not in gone)),
        "vetoed": str(len(gone)),
        "deaths": str(sum(1 for e in st.log if e[0] == "death")),
        "title": st.title, "monster": st.monster, "abilities": "; ".join(st.abilities) or "none",
        "trigger_text": st.trigger, "setting": st.setting,
        "unfilmed": str(sum(1 for e in st.log if e[0] == "unfilmed")),
        "cut_for_time": str(sum(len(e[2]) for e in st.log if e[0] == "cut_for_time")),
    }
    for act in (1, 2, 3):
        out[f"tropes.{act}"] = str(sum(1 for e in st.elements.values()
                                       if e.kind == "trope" and e.act == act and e.id not in st.gone))
    for s in st.seats:
        for name in ("budgets", "earned", "spent", "lost"):
            out[f"{name[:-1] if name == 'budgets' else name}.{s}"] = str(getattr(st, name)[s])
        out[f"hand.{s}"] = str(len(st.hands[s]))
        out[f"rewards.{s}"] = str(st.last_rewards.get(s, 0))
    for card, el in st.elements.items():
        if el.kind in CHARACTER_KINDS or el.kind == "set":
            out[f"st.{card}"] = str(st.st[card])
        if el.kind in CHARACTER_KINDS:
            out[f"armour.{card}"] = str(st.armour[card])
            out[f"alive.{card}"] = "no" if card in st.gone else "yes"
        out[f"where.{card}"] = ("screen" if card in st.screen else "gone" if card in st.gone
                                else "pool" if card in st.pool else "hand")
        if card in st.played_by:
            out[f"played_by.{card}"] = st.played_by[card]
    return out


# -- invariants ---------------------------------------------------------------------------------
def invariants(st: Film) -> list[str]:
    """Every rule about dice and cards that must hold between moves."""
    bad: list[str] = []
    c = st.conflict
    at_stake: Counter[str] = Counter()
    if c is not None and c.kind != "plan":
        for i in (0, 1):
            at_stake[c.seats[i]] += max(c.stakes[i], 0)
            if c.stakes[i] < -1 or c.staked[i] < 0 or c.stakes[i] > c.staked[i]:
                bad.append(f"stake {i} is {c.stakes[i]} of {c.staked[i]}")
    for s in st.seats:
        if st.budgets[s] < 0:
            bad.append(f"{s} has a negative budget ({st.budgets[s]})")
        books = st.start[s] + st.earned[s] - st.spent[s] - st.lost[s]
        if st.budgets[s] + at_stake[s] != books:
            bad.append(f"{s}: budget {st.budgets[s]} + stake {at_stake[s]} != start {st.start[s]} "
                       f"+ earned {st.earned[s]} - spent {st.spent[s]} - lost {st.lost[s]}")
    if min(st.pools) < 0 or st.md < 0:
        bad.append(f"negative pool or Monster Dice: {st.pools} {st.md}")
    places = Counter(st.pool) + Counter(st.screen) + Counter(st.gone)
    for hand in st.hands.values():
        places.update(hand)
    if places != Counter(st.elements.keys()):
        extra = sorted(k for k, n in places.items() if n > 1 or k not in st.elements)
        missing = sorted(k for k in st.elements if k not in places)
        bad.append(f"cards out of place: twice or unknown {extra}, nowhere {missing}")
    dead = [c for c in st.gone if st.elements[c].kind in CHARACTER_KINDS]
    if st.md != len(dead):
        bad.append(f"Monster Dice {st.md} but {len(dead)} dead")
    for el in st.elements.values():
        if el.kind == "trope" and el.act < st.act and el.id not in st.gone:
            bad.append(f"act {st.act} began with trope {el.id} of act {el.act} unplayed")
        if el.kind == "set" and not 0 <= st.st[el.id] <= 4:
            bad.append(f"set {el.id} at Screen Time {st.st[el.id]}")
        if el.kind in CHARACTER_KINDS and st.armour[el.id] < 0:
            bad.append(f"{el.id} has negative Plot Armour")
        if el.kind in ("set", "monster") and el.id in st.gone:
            bad.append(f"{el.id} is gone")
    if st.active_set and st.active_set not in st.screen:
        bad.append("the active set is not on screen")
    if st.begun and st.active_set is None:
        bad.append("the scene started without an active set")
    if not st.begun and st.active_set and any(st.elements[c].kind in CHARACTER_KINDS for c in st.screen):
        bad.append("a set and a character are on screen, but the scene has not started")
    for index, owner in st.vetoable:
        if owner not in st.seats or not st.log_dropped <= index < st.log_length \
                or st.log[index - st.log_dropped][0] not in ("say", "line"):
            bad.append(f"a veto awaits {owner} on log entry {index}, which is no line")
    if st.active_subplot and st.active_subplot not in st.screen:
        bad.append("the active subplot is not on screen")
    for card in st.screen:
        if card not in st.played_by:
            bad.append(f"{card} is on screen but nobody played it")
    if (st.phase == OVER) != bool(st.ending):
        bad.append("the film's end and its ending disagree")
    if st.phase == OVER and st.act != 4:
        bad.append("the credits rolled before the climax")
    if MONSTER not in st.elements:
        bad.append("the monster card is missing")
    if st.conflict and PLAN in st.conflict.sides and st.conflict.kind != "plan":
        bad.append("the plan is in a conflict other than the climax's")
    return bad
