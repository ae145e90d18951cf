"""The end of a scene with its rewards (H6), the end of an act, and the climax (H7): the
cast dealt and played, the pools, the plan, and the credits.
"""

from __future__ import annotations

from common.engine import Event, IllegalMove, Move
from horror import _, chair, dice, ledger, scene, script, trades
from horror.elements import CHARACTER_KINDS
from horror.ledger import emit
from horror.state import CLIMAX, MONSTER, OVER, POOLS, Film

SCHEDULE_SLACK = 2  # scenes an act may take beyond one per trope


def schedule(st: Film) -> None:
    """Ruling: an act is shot in at most as many scenes as it has tropes, plus two. What drives
    a film on in the book is its tropes (an act ends once they are played, and each pays its
    player 2 dice); the schedule sees that it does even at a table that will not play them."""
    st.act_end = st.scene_no + len(ledger.unplayed_tropes(st, st.act)) + SCHEDULE_SLACK


def rewards(st: Film) -> dict[str, int]:
    """H6: 2 per trope played, 1 per subplot played, 1 per character of yours named on a
    played trope or subplot, 1 per contest won; nothing for checks, characters or sets."""
    got = {s: 0 for s in st.seats}
    named: set[str] = set()
    for seat, card in st.scene_tropes:
        got[seat] += 2
        named.update(st.elements[card].names)
    for seat, card in st.scene_subplots:
        got[seat] += 1
        named.update(st.elements[card].names)
    for card in named:
        if card in st.scene_chars:
            got[st.scene_chars[card]] += 1
    for seat in st.scene_wins:
        got[seat] += 1
    return got


def end_scene(st: Film, events: list[Event]) -> None:
    """The director cuts: rewards, the cards back into the deck, and the next deal — or the
    act's end, once its tropes are played or its schedule has run out."""
    if not scene.started(st):  # no set and character came to the screen: nothing was filmed
        emit(st, events, "unfilmed", st.scene_no, st.director)
    got = rewards(st)
    for seat, n in got.items():
        ledger.reward(st, seat, n)
    st.last_rewards = got
    emit(st, events, "cut", st.scene_no, st.director, tuple((s, n) for s, n in got.items()))
    _clear_scene(st)
    left = ledger.unplayed_tropes(st, st.act)
    if left and st.scene_no < st.act_end:
        trades.deal(st, events)
        return
    if left:  # ruling: the schedule has run out; the act's open tropes happen off screen
        st.pool = [c for c in st.pool if c not in left]
        st.gone.extend(left)
        if any(scene.is_trigger(st, t) for t in left):  # the trigger too happened off screen
            st.triggered = True
        emit(st, events, "cut_for_time", st.act, tuple(ledger.name_of(st, t) for t in left))
    emit(st, events, "act_over", st.act)
    st.act += 1
    if st.act <= 3:
        script.open_meeting(st, events)
    else:
        climax(st, events)


def _clear_scene(st: Film) -> None:
    st.pool.extend(st.screen)
    for seat in st.seats:
        st.pool.extend(st.hands[seat])
        st.hands[seat] = []
    st.screen = []
    st.last_director = st.seats.index(st.director) if st.director else st.last_director
    st.director = None
    st.played_by = {}
    st.active_set = st.active_subplot = None
    st.moved = st.begun = False
    st.vetoable = []
    st.out = []
    st.scene_tropes, st.scene_subplots, st.scene_chars, st.scene_wins = [], [], {}, []
    st.window = []
    st.quiet = []
    st.last_roll = ()  # the board shows a roll only in the scene it was made


def climax(st: Film, events: list[Event]) -> None:
    """H7: subplots leave the deck, the rest is dealt and every card played by its holder."""
    for card in list(st.pool):
        if st.elements[card].kind == "subplot":
            st.pool.remove(card)
            st.gone.append(card)
    st.triggered = True
    emit(st, events, "climax")
    trades.deal(st, events)
    climax_cast(st, events)


def everyone_dead(st: Film) -> bool:
    return not any(st.elements[c].kind in CHARACTER_KINDS and c not in st.gone for c in st.elements)


def climax_cast(st: Film, events: list[Event]) -> None:
    for seat in chair.order_from(st, (st.last_director + 1) % len(st.seats)):
        for card in list(st.hands[seat]):
            scene.to_screen(st, seat, card, events, "the climax")
    if not any(st.elements[c].kind in CHARACTER_KINDS for c in st.screen):
        credits(st, "dead", events)
        return
    st.phase = POOLS
    st.pool_queue = [s for s in chair.order_from(st, (st.last_director + 1) % len(st.seats))]


def pool(st: Film, seat: str, move: Move, events: list[Event]) -> None:
    if seat != st.pool_queue[0]:
        raise IllegalMove(_('{pool_queue} splits dice into the pools now, not {seat}').format(pool_queue=st.pool_queue[0], seat=seat))
    if move[0] != "pool":
        raise IllegalMove(_("split dice between the pools: 'pool monster N plan N'"))
    m, p = move[1], move[2]
    ledger.can_pay(st, seat, m + p, _("pooling {monster} + {plan}").format(monster=m, plan=p))
    ledger.pay(st, seat, m + p)
    st.pools[0] += m
    st.pools[1] += p
    st.pool_queue.pop(0)
    emit(st, events, "pool", seat, m, p, st.pools[0], st.pools[1])
    if not st.pool_queue and st.phase == POOLS:
        chair.open_auction(st, events)


def write_plan(st: Film, seat: str, text: str, events: list[Event]) -> None:
    if st.act != CLIMAX:
        raise IllegalMove(_('plans are hatched in the climax'))
    if st.plan:
        raise IllegalMove(_('the plan is already {plan!r}; spring it').format(plan=st.plan))
    st.plan = text
    emit(st, events, "plan", seat, text)
    if st.plans_failed:  # a new plan: everyone may add to both pools again
        st.pool_queue = chair.order_from(st, st.seats.index(seat))


def spring(st: Film, events: list[Event]) -> None:
    if st.act != CLIMAX or not st.plan:
        raise IllegalMove(_("there is no plan to spring ('plan TEXT' first)"))
    scene.monster_here(st)
    if st.pools[1] < 1:
        raise IllegalMove(_('the plan pool is empty; nothing to spring it with'))
    dice.start(st, "plan", MONSTER, "plan", events)


def can_escape(st: Film) -> bool:
    return st.plans_failed > 0 or (st.pools[1] == 0 and not st.pool_queue)


def credits(st: Film, ending: str, events: list[Event]) -> None:
    got = rewards(st)
    for seat, n in got.items():
        ledger.reward(st, seat, n)
    st.last_rewards = got
    st.ending = ending
    st.phase = OVER
    st.window = []
    st.auction = None
    emit(st, events, "credits", ending, sum(1 for c in st.elements.values()
                                            if c.kind in CHARACTER_KINDS and c.id not in st.gone))
