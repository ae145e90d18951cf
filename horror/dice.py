"""Checks and contests (H5): stakes, rolls, losses, chases, helpers and the plan contest.

A die succeeds when it shows at most its side's Screen Time. The side with fewer successes
loses the difference from its stake (never more than it staked); a check is one roll, a
contest rolls until a stake is empty. Dice left in a stake go back to their budget.
Monster Dice join the monster's stake ("Монстр добавляет Кубики Монстра к своей горсти"):
they are rolled with it and lost with it, the Monster Dice first; what is lost of them is lost
for that conflict only (the Monster Dice count the monster's kills). A conflict needs dice on
both sides: a side that cannot stake is no contest, and the director is told so.
"""

from __future__ import annotations

from common import dice as pool
from common.engine import Event, IllegalMove
from horror import _, ledger
from horror.elements import MONSTER_ST, PLAN_ST
from horror.ledger import emit
from horror.narration import side
from horror.state import CLIMAX, MONSTER, PLAN, Conflict, Film


def roll_dice(st: Film, n: int, screen_time: int) -> tuple[tuple[int, ...], int]:
    """``n`` dice — a record's fixed dice first (H8), then the film's seeded generator — and
    how many succeed (at or under ``screen_time``)."""
    dice = pool.roll(st.rng, n, st.fixed)
    return dice, pool.successes(dice, screen_time)


def side_seat(st: Film, ref: str) -> str:
    """Who stakes for a side: a character's or the monster's player, the director for a set."""
    if ref == PLAN or st.elements[ref].kind == "set":
        return st.director  # type: ignore[return-value]
    return st.played_by[ref]


def side_st(st: Film, ref: str) -> int:
    if ref == MONSTER:
        return MONSTER_ST
    if ref == PLAN:
        return PLAN_ST
    return st.st[ref]


def monster_dice(st: Film, kind: str) -> int:
    """The Monster Dice the monster adds to its stake: all of them, except in the climax,
    where they join only the contest with the plan."""
    return st.md if (st.act != CLIMAX or kind == "plan") else 0


def short_side(st: Film, kind: str, a: str, b: str) -> int:
    """The side (0 or 1) whose player could not put a die into its stake, or -1 (the Monster
    Dice count for the monster). The two sides are two players' (``one_player``)."""
    md = monster_dice(st, kind)
    for i, ref in enumerate((a, b)):
        if ref == MONSTER and md > 0:
            continue
        if st.budgets[side_seat(st, ref)] < 1:
            return i
    return -1


def one_player(st: Film, a: str, b: str) -> str | None:
    """The seat that would play both sides of a conflict, or None. "Каждая проверка или
    состязание проходит между двумя игроками" (H5a): such a conflict is refused, except the
    climax's plan against the monster, which every player feeds."""
    seat = side_seat(st, a)
    return seat if seat == side_seat(st, b) else None


def start(st: Film, kind: str, a: str, b: str, events: list[Event], about: str = "") -> None:
    """Open a conflict (``about``: what it is over, if the director said); the director's
    handler has checked ``short_side`` first."""
    seats = [side_seat(st, a), side_seat(st, b)]
    md = monster_dice(st, kind)
    bonus = [md if a == MONSTER else 0, md if b == MONSTER else 0]
    c = Conflict(kind, [a, b], seats, [side_st(st, a), side_st(st, b)], [-1, -1], bonus, [0, 0])
    st.conflict = c
    emit(st, events, "conflict", kind, ledger.name_of(st, a), ledger.name_of(st, b), seats[0],
         seats[1], c.st[0], c.st[1], *((about,) if about else ()))
    if kind == "plan":
        c.stakes = [st.pools[0], st.pools[1]]
        c.staked = c.stakes[:]
        st.pools = [0, 0]
        settle_if_empty(st, events)
        return
    auto_stakes(st, events)


def auto_stakes(st: Film, events: list[Event]) -> None:
    """A side whose player has no die to spare stakes nothing (only the monster's side can: its
    Monster Dice are its stake); then a contest may already be over."""
    c = st.conflict
    assert c is not None
    for i in (0, 1):
        if c.stakes[i] < 0 and stake_cap(st, c.seats[i]) <= 0:  # the monster may have only its dice
            c.stakes[i] = c.staked[i] = 0
            emit(st, events, "stake", c.seats[i], ledger.name_of(st, c.sides[i]), 0)
        elif c.stakes[i] < 0:
            return
    if c.kind != "check":
        settle_if_empty(st, events)
    if st.conflict is c and c.kind == "chase":
        open_help(st)


def stake(st: Film, seat: str, n: int, events: list[Event]) -> None:
    c = st.conflict
    assert c is not None
    i = 0 if c.stakes[0] < 0 else 1
    if c.seats[i] != seat:
        raise IllegalMove(_('{turn} stakes for {name} now, not {seat}').format(turn=c.seats[i], name=side(ledger.name_of(st, c.sides[i])), seat=seat))
    if n < 1:
        raise IllegalMove(_('stake at least 1 die'))
    ledger.can_pay(st, seat, n, _("a stake of {n}").format(n=n))
    st.budgets[seat] -= n
    c.stakes[i] = c.staked[i] = n
    emit(st, events, "stake", seat, ledger.name_of(st, c.sides[i]), n)
    auto_stakes(st, events)


def stake_cap(st: Film, seat: str) -> int:
    """The most ``seat`` may stake now: its whole budget (the two sides are two players')."""
    return st.budgets[seat]


def left(c: Conflict, i: int) -> int:
    """Dice still in side ``i``'s stake, its Monster Dice included."""
    return c.stakes[i] + c.bonus[i]


def take(st: Film, c: Conflict, i: int, n: int) -> int:
    """Side ``i`` loses ``n`` dice (at most what it has), its Monster Dice first; returns how many."""
    n = min(n, left(c, i))
    from_md = min(n, c.bonus[i])
    c.bonus[i] -= from_md
    c.stakes[i] -= n - from_md
    if c.kind != "plan":  # pool dice were spent when they were pooled
        ledger.lose(st, c.seats[i], n - from_md)
    return n


def open_help(st: Film) -> None:
    """Before each roll of a chase, each player with a character free to jump in may help."""
    c = st.conflict
    assert c is not None
    chased = c.sides[1]
    seats = []
    for card in st.screen:
        el = st.elements[card]
        if (el.kind in ledger.CHAR and card != chased and card not in st.out
                and card not in c.helpers and st.played_by.get(card) not in seats):
            seats.append(st.played_by[card])
    n = len(st.seats)
    d = st.seats.index(st.director) if st.director else 0
    c.help_queue = [s for s in (st.seats[(d + k) % n] for k in range(n)) if s in seats]


def helpers_of(st: Film, seat: str) -> list[str]:
    c = st.conflict
    assert c is not None
    return [card for card in st.screen
            if st.elements[card].kind in ledger.CHAR and card != c.sides[1]
            and card not in st.out and card not in c.helpers and st.played_by.get(card) == seat]


def pass_help(st: Film, seat: str, events: list[Event]) -> None:
    """A seat stays out of the chase; say who may help next, or that the dice roll."""
    c = st.conflict
    assert c is not None
    c.help_queue.pop(0)
    ledger.announce(events, "help_pass", seat, c.help_queue[0] if c.help_queue else "", st.director)


def help_monster(st: Film, seat: str, card: str, events: list[Event]) -> None:
    """A melee attack on a monster busy chasing someone else: the attacker rolls its Screen
    Time in dice and each success comes off the monster's stake. The attacker is then caught,
    as every melee attacker is (the book; the caller sees to it)."""
    c = st.conflict
    assert c is not None
    if card not in helpers_of(st, seat):
        raise IllegalMove(_("{name} is not a character of {seat}'s free to help in this chase").format(name=ledger.name_of(st, card), seat=seat))
    dice, hits = roll_dice(st, st.st[card], st.st[card])
    off = take(st, c, 0, hits)
    c.helpers.append(card)
    c.help_queue.pop(0)
    st.last_roll = ("help", ((ledger.name_of(st, card), st.st[card], dice, hits),), 0, off)
    emit(st, events, "help", seat, ledger.name_of(st, card), dice, hits, off)
    settle_if_empty(st, events)


def roll(st: Film, events: list[Event]) -> None:
    c = st.conflict
    assert c is not None
    a_dice, a_hits = roll_dice(st, c.stakes[0] + c.bonus[0], c.st[0])
    b_dice, b_hits = roll_dice(st, c.stakes[1] + c.bonus[1], c.st[1])
    c.rolls += 1
    loser, lost = -1, 0
    if a_hits != b_hits:
        loser = 0 if a_hits < b_hits else 1
        lost = take(st, c, loser, abs(a_hits - b_hits))
    sides = ((ledger.name_of(st, c.sides[0]), c.st[0], a_dice, a_hits),
             (ledger.name_of(st, c.sides[1]), c.st[1], b_dice, b_hits))
    st.last_roll = (c.kind, sides, loser, lost)
    emit(st, events, "roll", c.kind, sides, loser, lost, left(c, 0), left(c, 1))
    if c.kind == "check":
        settle(st, events, 1 - loser if loser >= 0 else -1)
    elif not settle_if_empty(st, events) and c.kind == "chase":
        open_help(st)


def settle_if_empty(st: Film, events: list[Event]) -> bool:
    """End a contest whose stake ran out; True if it ended."""
    c = st.conflict
    assert c is not None
    if c.kind == "check" or (left(c, 0) > 0 and left(c, 1) > 0):
        return False
    if left(c, 0) == 0 and left(c, 1) == 0:
        winner = 0 if c.kind == "chase" else -1  # a chased character with nothing left is caught
    else:
        winner = 0 if left(c, 1) == 0 else 1
    settle(st, events, winner)
    return True


def settle(st: Film, events: list[Event], winner: int) -> None:
    """Return the unlost stakes, credit a contest's winner, and let the caller see to the rest."""
    c = st.conflict
    assert c is not None
    if c.kind == "plan":
        st.pools = [c.stakes[0], c.stakes[1]]
    else:
        for i in (0, 1):
            st.budgets[c.seats[i]] += c.stakes[i]
    name = ledger.name_of(st, c.sides[winner]) if winner >= 0 else ""
    if winner >= 0 and c.kind in ("contest", "chase"):
        st.scene_wins.append(c.seats[winner])
    emit(st, events, "result", c.kind, name, ledger.name_of(st, c.sides[0]),
         ledger.name_of(st, c.sides[1]), c.seats[winner] if winner >= 0 else "", winner)
    st.conflict = None
    st.settled = (c.kind, c.sides[0], c.sides[1], winner)  # filming.aftermath takes it from here
