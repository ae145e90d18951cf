"""Who decides now, and the moves they may make.

Moves with free text (names, trope texts, plans, a line of narration or dialogue) cannot be
listed exhaustively: for those the list holds one suggestion each (``horror.suggest``), written
from the stock of the film's theme and chosen by the film's own state, so that it stays a pure
function of the state; any other text is just as legal. The director is offered one line of
narration and one of dialogue after each beat. Everything with a number or a card (costs,
levels of Plot Armour and Screen Time, bids, stakes, plays, conflicts) is listed in full.

What the book leaves open-ended is in ``open_moves``, not in this list, which bots and random
play choose from and which must let a film end: a line said by anyone at any time ("Игроку не
требуется режиссёрского кресла, чтобы произнести реплику"), any number of free elements in a
meeting turn ("создаёт любое число «бесплатных» элементов") past the suggestions' caps, the
premise amended again, a ruling, ``screenplay``. ``suggest=False`` (the search's play-outs,
which read no text) writes each free text as a plain placeholder instead of a suggestion.
"""

from __future__ import annotations

from collections.abc import Callable

from common.engine import Move
from horror import dice
from horror.chair import auction_seat
from horror.climax import can_escape
from horror.elements import (
    CHARACTER_KINDS,
    FILMING_COST,
    SET_MAX_ST,
    card_type,
    pick,
)
from horror.ledger import holder
from horror.pools import plural_monster
from horror.scene import is_trigger, started, trigger_trope
from horror.script import everyone_had_a_turn
from horror.state import (
    CLIMAX,
    MEETING,
    MONSTER,
    OVER,
    POOLS,
    PREMISE,
    TRADE,
    Film,
)
from horror.stock import words
from horror.suggest import Stock
from horror.trades import on_offer

FREE_PER_TURN = 3  # suggestions of free elements stop after this many in one meeting turn
SCRIPT_CAP = 40  # ... and once the script holds this many elements
TRADE_TYPES = ("role", "set", "trope", "subplot", "monster")



def _abilities(st: Film) -> tuple[str, ...]:
    """The abilities to suggest for the film's monster, said as its name needs ("The Sand
    Crawlers climb sheer walls")."""
    return words().abilities_plural if plural_monster(st.monster) else words().abilities

def decider(st: Film) -> tuple[str, str] | None:
    """(seat, kind of decision) of whoever acts now; None once the film is over."""
    phase = st.phase
    if phase == OVER:
        return None
    if st.vetoable:  # a line written for another seat's character waits for its owner (H5a)
        return st.vetoable[0][1], "veto"
    if phase == PREMISE:
        return st.seats[(st.meeting_first + st.turn) % len(st.seats)], "premise"  # from the first
    if phase == MEETING:
        return st.seats[st.turn], "meeting"
    if phase == TRADE or st.offer:  # offers left open at the auction are answered before the scene
        return (st.responders[0], "trade reply") if st.offer else (st.trade_queue[0], "trade")
    if st.auction is not None:
        return auction_seat(st), "claim auction" if st.auction.claim else "bid"  # type: ignore[return-value]
    if phase == POOLS or st.pool_queue:
        return st.pool_queue[0], "pool"
    if st.window:
        return st.window[0], "claim"
    c = st.conflict
    if c is not None:
        if c.stakes[0] < 0:
            return c.seats[0], "stake"
        if c.stakes[1] < 0:
            return c.seats[1], "stake"
        if c.help_queue:
            return c.help_queue[0], "help"
        return st.director, "roll"  # type: ignore[return-value]
    return st.director, "direct"  # type: ignore[return-value]


def legal_moves(st: Film, seat: str, suggest: bool = True) -> list[Move]:
    """Every move ``seat`` may make now, a free text once each (``suggest``: written from the
    film's stock; else a placeholder, and no lines, for a search that reads no text)."""
    d = decider(st)
    if d is None or d[0] != seat:
        return []
    kind = d[1]
    budget = st.budgets[seat]
    if kind == "veto":
        return [("veto",), ("pass",)]
    if kind == "premise":  # one suggested amendment a turn (any other text is as legal)
        amend = [] if st.free_made else [("ability", pick(_abilities(st), st.log_length + st.turn))]
        return [("agree",), *amend]
    if kind == "meeting":
        return _meeting(st, budget)
    if kind == "trade":
        offered = on_offer(st, seat)
        moves: list[Move] = [("offer", c, t) for c in st.hands[seat] if c not in offered for t in TRADE_TYPES]
        return moves + [("done",)]
    if kind == "trade reply":
        wanted, offered = st.offer[2], on_offer(st, seat)  # type: ignore[index]
        return [("accept", c) for c in st.hands[seat]
                if card_type(st.elements[c]) == wanted and c not in offered] + [("decline",)]
    if kind in ("bid", "claim auction"):
        high = st.auction.high  # type: ignore[union-attr]
        return [("bid", n) for n in range(high + 1, budget + 1)] + [("pass",)]
    if kind == "claim":
        return [("claim", n) for n in range(st.chair_price + 1, budget + 1)] + [("pass",), ("quiet",)]
    if kind == "pool":
        return [("pool", m, p) for m in range(budget + 1) for p in range(budget + 1 - m)]
    if kind == "stake":
        return [("stake", n) for n in range(1, dice.stake_cap(st, seat) + 1)]
    if kind == "help":
        return [("help", c) for c in dice.helpers_of(st, seat)] + [("pass",)]
    if kind == "roll":
        moves = [("roll",)]
        if st.conflict.kind == "chase":  # type: ignore[union-attr]
            moves += [("move", s) for s in adjacent(st)]
        return moves
    return _direct(st, seat, budget, Stock(st) if suggest else Placeholders(st))


class Placeholders:
    """``Stock``'s stand-in where nobody reads the text (the search's play-outs): a name no
    element has yet, a plain plan, no lines; none of the theme's stock is looked up."""

    def __init__(self, st: Film) -> None:
        self.st = st

    @staticmethod
    def name(n: int) -> str:
        """Unique without looking: the element's number behind a control character, which
        no name a player writes holds (``common.safetext`` strips them where text is read)."""
        return f"\x1f{n}"

    set_name = name

    @staticmethod
    def free_name(n: int, make: Callable[[int], str]) -> str:
        return make(n)

    @staticmethod
    def lines(seat: str) -> list[Move]:
        return []

    @staticmethod
    def plan() -> str:
        return "#plan"


def adjacent(st: Film) -> list[str]:
    here = st.active_set
    out = []
    for a, b in st.near:
        other = b if a == here else a if b == here else None
        if other and (other in st.screen or holder(st, other) is not None):
            out.append(other)
    return out


def _meeting(st: Film, budget: int) -> list[Move]:
    n = st.counter
    stock = Stock(st)
    gone = set(st.gone)  # asked once an element: a set, not the list
    chars = [e.id for e in st.elements.values() if e.kind in CHARACTER_KINDS and e.id not in gone]
    sets = [e.id for e in st.elements.values() if e.kind == "set"]
    moves: list[Move] = []
    has_trope = any(e.kind == "trope" and e.act == st.act and e.id not in gone
                    for e in st.elements.values())
    free_ok = st.free_made < FREE_PER_TURN and len(st.elements) < SCRIPT_CAP
    if free_ok or not has_trope:
        suggested: set[str] = set()
        trigger = stock.trigger_trope()
        if trigger:
            moves.append(trigger)
            suggested.add(trigger[3].lower())
        hunts = _monster_free_after(st)
        for act in range(st.act, 4) if free_ok else (st.act,):
            who: tuple[str, ...] = (pick(tuple(chars), n + act),) if chars and (n + act) % 3 else ()
            if who and act > hunts and (n + act) % 3 == 2:  # the monster comes for them
                who = (*who, MONSTER)
            text = stock.fresh_text("trope", stock.theme.tropes, n + act, suggested)
            if text is not None:
                moves.append(("trope", act, who, text))
    if free_ok:
        subplot = stock.fresh_text("subplot", stock.theme.subplots, n, set())
        if chars and subplot is not None:
            moves.append(("subplot", (pick(tuple(chars), n + 1),), subplot))
        if sets:  # a prop the set does not already have
            where = pick(tuple(sets), n)
            held = {p.lower() for p in st.props.get(where, ())}
            fresh = tuple(p for p in stock.theme.props if p.lower() not in held)
            if fresh:
                moves.append(("prop", where, stock.pick(fresh, n)))
        extra = stock.character("extra", n)
        if extra:
            moves.append(extra)
    if budget >= 1:
        for kind in ("supporting", "star")[: 1 + (budget >= 2)]:
            made = stock.character(kind, n + (kind == "star") * 11)
            if made:
                moves.append(made)
        name = stock.free_name(n, stock.set_name)
        if name:
            moves.append(("set", name, (sets[-1],) if sets else ()))
        moves += [("raise", s, n) for s in sets for n in range(1, min(budget, SET_MAX_ST - st.st[s]) + 1)]
        moves += [("armour", c, n) for c in chars for n in range(1, budget + 1)]
    elif not sets:
        moves.append(("set", stock.free_name(n, stock.set_name) or f"Set {n}", ()))  # free when broke
    if not chars and not free_ok:
        moves.append(("extra", stock.free_name(n, stock.name) or f"Extra {n}"))
    if has_trope and chars and sets and everyone_had_a_turn(st):
        moves.append(("close",))
    return moves + [("pass",)]


def _monster_free_after(st: Film) -> int:
    """The last act in which the monster's trigger may still be to come (0: it has happened):
    a trope naming the monster is suggested only for a later act, where it can be played."""
    if st.triggered:
        return 0
    trope = trigger_trope(st)
    return st.elements[trope].act if trope else st.act


def _direct(st: Film, seat: str, budget: int, stock: Stock | Placeholders) -> list[Move]:
    moves: list[Move] = []
    live = started(st)
    climax = st.act == CLIMAX
    for card in st.hands[seat]:
        kind = st.elements[card].kind
        if (kind in CHARACTER_KINDS and st.active_set) or (kind == "set" and st.active_set is None):
            moves.append(("play", card))
        elif not live:
            continue
        elif kind == "trope" and st.elements[card].act == st.act and _forcible(st, card):
            moves.append(("play", card))
        elif kind == "subplot" and st.active_subplot is None:
            moves.append(("play", card))
        elif kind == "monster" and st.triggered:
            moves.append(("play", card))
    if climax and st.active_set is None:
        moves += [("play", c) for c in st.screen if st.elements[c].kind == "set"]
    if budget >= 1:
        name = stock.free_name(st.counter, stock.name)
        if name:
            moves.append(("extra", name))
    if budget >= 2:
        name = stock.free_name(st.counter, stock.set_name)
        if name:
            moves.append(("set", name, (st.active_set,) if st.active_set else ()))
        # any set of the film ("Прокачка Экранного Времени какого-либо сета во время сцены")
        moves += [("raise", e.id, n) for e in st.elements.values() if e.kind == "set"
                  for n in range(1, min(budget // FILMING_COST["raise"], SET_MAX_ST - st.st[e.id]) + 1)]
    if live:
        moves += stock.lines(seat)
        if not st.triggered and MONSTER in st.hands[seat] and trigger_trope(st) is None:
            moves.append(("trigger", ""))
        chars = [c for c in st.screen if st.elements[c].kind in CHARACTER_KINDS and c not in st.out]
        monster = MONSTER in st.screen
        if not st.moved:  # two players' sides (H5a), each with a die to stake
            moves += _conflicts(st, chars, monster)
        if monster:
            moves += [("attack", a) for a in chars]
    if st.active_subplot:
        moves.append(("drop", st.active_subplot))
    if climax:
        if not st.plan:
            moves.append(("plan", stock.plan()))
        elif MONSTER in st.screen and st.pools[1] >= 1:
            moves.append(("spring",))
        if can_escape(st):
            moves.append(("escape",))
    else:
        moves.append(("cut",))
    return moves


def _conflicts(st: Film, chars: list[str], monster: bool) -> list[Move]:
    """The checks, contests and chases open now: two players' sides (``dice.one_player``),
    each able to stake a die (``dice.short_side``; a chased character may stake none), with
    each side's player and purse read once rather than once a pair."""
    md = dice.monster_dice(st, "check")  # the same for a chase: both outside the plan's contest
    refs = [*chars, *((st.active_set,) if st.active_set else ()), *((MONSTER,) if monster else ())]
    seat = {r: dice.side_seat(st, r) for r in refs}
    can = {r: (r == MONSTER and md > 0) or st.budgets[seat[r]] >= 1 for r in refs}
    moves: list[Move] = []
    for a in chars:  # either character may be the first side (it stakes first)
        for b in refs:
            if b != a and seat[a] != seat[b] and can[a] and can[b]:
                moves.append(("check", a, b))
                moves.append(("contest", a, b))
        if monster and seat[MONSTER] != seat[a] and can[MONSTER]:
            moves.append(("chase", a))
    return moves


def _forcible(st: Film, trope: str) -> bool:
    return st.triggered or MONSTER not in st.elements[trope].names or is_trigger(st, trope)



PREMISE_WORDS = ("monster", "ability", "trigger", "setting", "title")


def open_moves(st: Film, seat: str) -> list[Move]:
    """The moves ``seat`` may also make now that ``legal_moves`` leaves out, one of each
    template (any other text is as legal): what the book leaves open-ended, which a list that
    bots and random play choose from cannot hold if a film is to end (the module's docstring)."""
    if st.phase == OVER:
        return []
    said = words().common_lines[0]
    moves: list[Move] = [("say", said), ("screenplay",)]
    moves += [("say", said, c) for c, e in st.elements.items()
              if e.kind in (*CHARACTER_KINDS, "monster") and c not in st.gone]
    d = decider(st)
    if d is None or d[0] != seat:
        return moves
    kind = d[1]
    if kind == "premise":
        given = {"monster": st.monster, "trigger": st.trigger, "setting": st.setting, "title": st.title}
        moves += [(w, given.get(w) or pick(_abilities(st), st.turn) or w) for w in PREMISE_WORDS]
    elif kind in ("direct", "roll"):
        moves.append(("ruling", said))
    elif kind == "meeting":  # free elements, as many as the player likes (past the suggestions' caps)
        live = tuple(c for c, e in st.elements.items() if e.kind in CHARACTER_KINDS and c not in st.gone)
        sets = [c for c, e in st.elements.items() if e.kind == "set"]
        moves += [("trope", act, (), f"{said} ({act})") for act in range(st.act, 4)]
        moves += [("subplot", live[:1], said)] if live else []
        moves += [("prop", s, said) for s in sets]
        stock = Stock(st)
        moves += [("extra", name) for name in (stock.free_name(st.counter, stock.name),) if name]
        near = {tuple(sorted(pair)) for pair in st.near}
        moves += [("near", a, b) for i, a in enumerate(sets) for b in sets[i + 1:] if tuple(sorted((a, b))) not in near]
    return moves
