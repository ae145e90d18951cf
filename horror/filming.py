"""Filming: the deal and trades before a scene (H3), the director's chair (H4), what the
director does in a scene, the end of a scene with its rewards (H6), acts and the climax (H7).

"At any time" actions are decisions like everything else: a claim window goes round the
other seats after each beat of a scene (a trope, subplot or monster played, a conflict
settled, a melee attack), and a claim opens an auction in which the sitting director may
outbid the claimant.
"""

from __future__ import annotations

from common.engine import Event, IllegalMove, Move
from horror import dice, ledger, script
from horror.elements import CHARACTER_KINDS, TYPES, card_type
from horror.ledger import CHAR, emit, find, tell
from horror.state import AUCTION, CLIMAX, MONSTER, OVER, POOLS, SCENE, TRADE, Auction, Film

MAX_TRADES = 3


def order_from(st: Film, index: int) -> list[str]:
    n = len(st.seats)
    return [st.seats[(index + k) % n] for k in range(n)]


# -- acts and the deal ------------------------------------------------------------------------
def start_act(st: Film, events: list[Event]) -> None:
    emit(st, events, "act", st.act)
    deal(st, events)


def deal(st: Film, events: list[Event]) -> None:
    """Every card in play is shuffled and dealt round the table (a record may stack it)."""
    cards = st.pool
    st.rng.shuffle(cards)
    start = (st.last_director + 1) % len(st.seats)
    order = order_from(st, start)
    stacked = st.stacked.pop(0) if st.stacked else {}
    for seat in order:
        for card in stacked.get(seat, []):
            if card in cards:
                cards.remove(card)
                st.hands[seat].append(card)
    for card in cards:
        seat = min(order, key=lambda s: len(st.hands[s]))
        st.hands[seat].append(card)
    st.pool = []
    emit(st, events, "deal", st.scene_no + 1, tuple((s, len(st.hands[s])) for s in order))
    for seat in order:
        tell(events, seat, "hand", seat, tuple(ledger.name_of(st, c) for c in st.hands[seat]))
    st.offers = {s: 0 for s in st.seats}
    st.swaps = {s: 0 for s in st.seats}
    st.trade_queue = order
    st.offer = None
    st.responders = []
    if st.act == CLIMAX:
        climax_cast(st, events)
        return
    st.phase = TRADE


def trade(st: Film, seat: str, move: Move, events: list[Event]) -> None:
    verb = move[0]
    if st.offer is not None:
        who, card, wanted = st.offer
        if seat != st.responders[0]:
            raise IllegalMove(f"{st.responders[0]} answers {who}'s offer now")
        if verb in ("decline", "pass"):
            st.responders.pop(0)
            emit(st, events, "decline", seat)
            if not st.responders:
                emit(st, events, "no_trade", who)
                _offer_done(st, who, events)
            return
        if verb != "accept":
            raise IllegalMove(f"{who} offers a {card_type(st.elements[card])} for a {wanted}: "
                              "'accept CARD' or 'decline'")
        el = find(st, move[1], ledger.ANY_CARD, "card")
        if el.id not in st.hands[seat]:
            raise IllegalMove(f"{seat} does not hold {el.name}")
        if card_type(el) != wanted:
            raise IllegalMove(f"{who} asked for a {wanted}; {el.name} is a {card_type(el)}")
        st.hands[who].remove(card)
        st.hands[seat].remove(el.id)
        st.hands[who].append(el.id)
        st.hands[seat].append(card)
        st.swaps[who] += 1
        st.swaps[seat] += 1
        emit(st, events, "trade", who, seat, card_type(st.elements[card]), wanted)
        tell(events, who, "got", who, el.name)
        tell(events, seat, "got", seat, ledger.name_of(st, card))
        _offer_done(st, who, events)
        return
    if seat != st.trade_queue[0]:
        raise IllegalMove(f"{st.trade_queue[0]} may offer a trade now, not {seat}")
    if verb in ("done", "pass"):
        st.trade_queue.pop(0)
        after = next((s for s in st.trade_queue if st.swaps[s] < MAX_TRADES), "")
        ledger.announce(events, "done", seat, after)
        _after_trades(st, events)
        return
    if verb != "offer":
        raise IllegalMove("before the scene: 'offer CARD for TYPE' or 'done'")
    el = find(st, move[1], ledger.ANY_CARD, "card")
    if el.id not in st.hands[seat]:
        raise IllegalMove(f"{seat} does not hold {el.name}")
    wanted = TYPES.get(move[2])
    if wanted is None:
        raise IllegalMove(f"an offer names a type: role, set, trope, subplot or monster, not {move[2]!r}")
    st.offer = (seat, el.id, wanted)
    st.responders = [s for s in order_from(st, st.seats.index(seat))[1:] if st.swaps[s] < MAX_TRADES]
    emit(st, events, "offer", seat, card_type(el), wanted)
    if not st.responders:
        emit(st, events, "no_trade", seat)
        _offer_done(st, seat, events)


def _offer_done(st: Film, who: str, events: list[Event]) -> None:
    st.offer = None
    st.responders = []
    st.offers[who] += 1
    if st.offers[who] >= MAX_TRADES or st.swaps[who] >= MAX_TRADES:
        st.trade_queue.remove(who)
    _after_trades(st, events)


def _after_trades(st: Film, events: list[Event]) -> None:
    st.trade_queue = [s for s in st.trade_queue if st.swaps[s] < MAX_TRADES]
    if not st.trade_queue and st.offer is None:
        open_auction(st, events)


# -- the director's chair ------------------------------------------------------------------
def open_auction(st: Film, events: list[Event], claim: tuple[str, int] | None = None) -> None:
    if claim is None:
        if not any(st.budgets.values()):  # ruling: a broke table is advanced a die each
            for seat in st.seats:
                ledger.reward(st, seat, 1)
            emit(st, events, "grant", 1)
        opener = st.seats[(st.last_director + 1) % len(st.seats)]
        st.auction = Auction(False, opener, order_from(st, st.seats.index(opener)), 0)
        st.phase = AUCTION
    else:
        who, bid = claim
        st.auction = Auction(True, who, order_from(st, st.seats.index(who)), 1, bid, who)
    _auction_skip(st)
    if auction_over(st):
        _seat_director(st, events)
    elif claim is None:
        ledger.announce(events, "auction", st.scene_no + 1, st.act, auction_seat(st))


def auction_seat(st: Film) -> str | None:
    a = st.auction
    return a.order[a.turn % len(a.order)] if a else None


def _auction_skip(st: Film) -> None:
    """Move past seats that have passed, lead, or cannot outbid; close when nobody is left."""
    a = st.auction
    assert a is not None
    for _ in range(len(a.order) + 1):
        live = [s for s in a.order if s not in a.out and s != a.leader]
        if not live:
            return
        seat = a.order[a.turn % len(a.order)]
        if seat in a.out or seat == a.leader:
            a.turn += 1
        elif st.budgets[seat] <= a.high:
            a.out.append(seat)
            a.turn += 1
        else:
            return


def auction_over(st: Film) -> bool:
    a = st.auction
    return a is not None and not [s for s in a.order if s not in a.out and s != a.leader]


def bid(st: Film, seat: str, move: Move, events: list[Event]) -> None:
    a = st.auction
    assert a is not None
    turn = auction_seat(st)
    if seat != turn:
        raise IllegalMove(f"{turn} bids for the director's chair now, not {seat}")
    if move[0] == "pass":
        a.out.append(seat)
        emit(st, events, "pass", seat)
    elif move[0] in ("bid", "claim"):
        n = move[1]
        if n <= a.high or n < 1:
            raise IllegalMove(f"the chair stands at {a.high}; bid at least {a.high + 1}")
        if n > st.budgets[seat]:
            raise IllegalMove(f"{seat} has only {st.budgets[seat]} dice and cannot cover a bid of {n}")
        a.high, a.leader = n, seat
        emit(st, events, "bid", seat, n)
    else:
        raise IllegalMove(f"bidding for the chair: 'bid N' (more than {a.high}) or 'pass'")
    a.turn += 1
    _auction_skip(st)
    if auction_over(st):
        _seat_director(st, events)


def _seat_director(st: Film, events: list[Event]) -> None:
    a = st.auction
    assert a is not None
    st.auction = None
    if a.leader is None:  # nobody bid: the opener takes the chair for 1 die, if it has one
        a.leader, a.high = a.opener, min(1, st.budgets[a.opener])
    ledger.pay(st, a.leader, a.high)
    st.chair_price = a.high
    previous = st.director
    st.director = a.leader
    if a.claim:
        emit(st, events, "chair", a.leader, a.high, previous or "")
        return
    st.scene_no += 1
    st.phase = SCENE
    emit(st, events, "scene", st.scene_no, st.act, a.leader, a.high)


def claim(st: Film, seat: str, move: Move, events: list[Event]) -> None:
    if seat != st.window[0]:
        raise IllegalMove(f"{st.window[0]} may claim the chair now, not {seat}")
    if move[0] == "pass":
        st.window.pop(0)
        if not st.window:
            ledger.announce(events, "no_claim", st.director)
        return
    if move[0] not in ("claim", "bid"):
        raise IllegalMove("'claim N' to take the director's chair, or 'pass'")
    n = move[1]
    if n < 1:
        raise IllegalMove("a claim on the chair costs at least 1 die")
    if n > st.budgets[seat]:
        raise IllegalMove(f"{seat} has only {st.budgets[seat]} dice and cannot cover a claim of {n}")
    st.window = []
    emit(st, events, "claim", seat, n)
    open_auction(st, events, (seat, n))


def open_window(st: Film) -> None:
    """After a beat of the scene, every other seat with dice may claim the chair."""
    if st.phase != SCENE or st.director is None:
        return
    st.window = [s for s in order_from(st, st.seats.index(st.director))[1:] if st.budgets[s] > 0]


# -- the scene ---------------------------------------------------------------------------------
def started(st: Film) -> bool:
    return st.active_set is not None and any(st.elements[c].kind in CHARACTER_KINDS for c in st.screen)


def _need_started(st: Film, what: str) -> None:
    if not started(st):
        raise IllegalMove(f"the scene starts once the director has played a character and a set; "
                          f"then {what}")


def _on_screen_character(st: Film, ref: str, role: str) -> str:
    el = find(st, ref, CHAR, "character")
    if el.id not in st.screen:
        raise IllegalMove(f"{el.name} is not in this scene")
    if el.id in st.out:
        raise IllegalMove(f"{el.name} is knocked out for the rest of the scene")
    return el.id


def direct(st: Film, seat: str, move: Move, events: list[Event]) -> None:
    verb = move[0]
    if seat != st.director:
        raise IllegalMove(f"only the director ({st.director}) may {verb} now; 'claim N' takes the chair "
                          "when the floor is open")
    if verb == "play":
        play(st, seat, move[1], events)
    elif verb in ("extra", "set", "raise") or verb in CHARACTER_KINDS or verb == "armour":
        script.create(st, seat, move, events, filming=True)
    elif verb == "trigger":
        _need_started(st, "the trigger can happen")
        if st.triggered:
            raise IllegalMove("the monster's trigger has already happened")
        st.triggered = True
        emit(st, events, "trigger", seat, st.trigger)
    elif verb in ("check", "contest"):
        _need_started(st, "conflicts")
        _no_new_action(st)
        a = _on_screen_character(st, move[1], "first side")
        b = _other_side(st, move[2], a)
        dice.start(st, verb, a, b, events)
    elif verb == "chase":
        _need_started(st, "the monster can chase")
        _no_new_action(st)
        _monster_here(st)
        c = _on_screen_character(st, move[1], "chased")
        dice.start(st, "chase", MONSTER, c, events)
    elif verb == "attack":
        _need_started(st, "anyone can attack the monster")
        _monster_here(st)
        c = _on_screen_character(st, move[1], "attacker")
        emit(st, events, "attack", st.played_by[c], ledger.name_of(st, c))
        caught(st, c, events)
        open_window(st)
    elif verb == "drop":
        el = find(st, move[1], ("subplot",), "subplot")
        if st.active_subplot != el.id:
            raise IllegalMove(f"{el.name} is not the active subplot")
        st.active_subplot = None
        emit(st, events, "drop", seat, el.name)
    elif verb == "ruling":
        st.rulings.append(move[1])
        emit(st, events, "ruling", seat, move[1])
    elif verb == "cut":
        if st.act == CLIMAX:
            raise IllegalMove("the climax ends only when the plan beats the monster, or the survivors "
                              "escape or die")
        end_scene(st, events)
    elif verb == "plan":
        _plan(st, seat, move[1], events)
    elif verb == "spring":
        _spring(st, events)
    elif verb == "escape":
        if st.act != CLIMAX:
            raise IllegalMove("escape is for the climax")
        if not can_escape(st):
            raise IllegalMove("the survivors run only once a plan has failed, or when no plan can "
                              "be paid for")
        credits(st, "escape", events)
    elif verb == "move":
        raise IllegalMove("a chase moves to an adjacent set between its rolls")
    else:
        raise IllegalMove(f"'{verb}' is not something the director does in a scene")


def _no_new_action(st: Film) -> None:
    if st.moved:
        raise IllegalMove("the chase moved to another set: any further action there is a new "
                          "scene ('cut' first)")


def _monster_here(st: Film) -> None:
    if MONSTER not in st.screen:
        raise IllegalMove(f"{st.monster} is not in this scene")


def _other_side(st: Film, ref: str, a: str) -> str:
    el = find(st, ref, (*CHAR, "set", "monster"), "character, set or monster")
    if el.kind == "monster":
        _monster_here(st)
        return MONSTER
    if el.kind == "set":
        if el.id != st.active_set:
            raise IllegalMove(f"{el.name} is not the active set")
        return el.id
    b = _on_screen_character(st, el.id, "second side")
    if b == a:
        raise IllegalMove(f"{el.name} cannot be in conflict with itself")
    return b


def play(st: Film, seat: str, ref: str, events: list[Event]) -> None:
    el = find(st, ref, ledger.ANY_CARD, "card")
    if st.act == CLIMAX and el.kind == "set" and el.id in st.screen and st.active_set is None:
        st.active_set = el.id
        emit(st, events, "play", seat, el.id, el.name, "set", "")
        return
    if el.id not in st.hands[seat]:
        where = "is already in the scene" if el.id in st.screen else "is not in the director's hand"
        raise IllegalMove(f"{el.name} {where}")
    kind = el.kind
    if kind in CHARACTER_KINDS:
        _to_screen(st, seat, el.id, events, "")
    elif kind == "set":
        if st.active_set is not None:
            raise IllegalMove(f"{ledger.name_of(st, st.active_set)} is the active set; only a chase "
                              "moves the scene to an adjacent set ('move SET' between its rolls)")
        _to_screen(st, seat, el.id, events, "")
        st.active_set = el.id
    elif kind == "monster":
        _need_started(st, "the monster can appear")
        if not st.triggered:
            raise IllegalMove(f"{st.monster} cannot appear before its trigger ({st.trigger}) has "
                              "happened ('trigger')")
        _to_screen(st, seat, MONSTER, events, "")
        open_window(st)
    elif kind == "trope":
        _need_started(st, "tropes")
        if el.act != st.act:
            raise IllegalMove(f"{el.name!r} is a trope of act {el.act}, and this is "
                              f"{'the climax' if st.act == CLIMAX else f'act {st.act}'}")
        forced = _forced(st, el.names)
        st.hands[seat].remove(el.id)
        st.gone.append(el.id)
        st.scene_tropes.append((seat, el.id))
        emit(st, events, "trope", seat, el.id, el.name, tuple(ledger.name_of(st, c) for c in el.names))
        _force(st, forced, el.name, events)
        open_window(st)
    elif kind == "subplot":
        _need_started(st, "subplots")
        if st.active_subplot is not None:
            raise IllegalMove(f"the subplot {ledger.name_of(st, st.active_subplot)!r} is still active; "
                              "the director may 'drop' it first")
        forced = _forced(st, el.names)
        _to_screen(st, seat, el.id, events, "", announce=False)
        st.active_subplot = el.id
        st.scene_subplots.append((seat, el.id))
        emit(st, events, "subplot", seat, el.id, el.name, tuple(ledger.name_of(st, c) for c in el.names))
        _force(st, forced, el.name, events)
        open_window(st)


def _forced(st: Film, names: tuple[str, ...]) -> list[tuple[str, str]]:
    """The (holder, card) pairs a trope or subplot forces into the scene; checks first."""
    out = []
    for card in names:
        if card in st.gone or card in st.screen:
            continue  # dead characters are skipped; those on screen are already there
        if card == MONSTER and not st.triggered:
            raise IllegalMove(f"it names {st.monster}, whose trigger ({st.trigger}) has not "
                              "happened yet")
        who = ledger.holder(st, card)
        if who is not None:
            out.append((who, card))
    return out


def _force(st: Film, forced: list[tuple[str, str]], why: str, events: list[Event]) -> None:
    for who, card in forced:
        _to_screen(st, who, card, events, why)


def _to_screen(st: Film, seat: str, card: str, events: list[Event], forced_by: str,
               announce: bool = True) -> None:
    st.hands[seat].remove(card)
    st.screen.append(card)
    st.played_by[card] = seat
    if st.elements[card].kind in CHARACTER_KINDS:
        st.scene_chars[card] = seat
    if announce:
        el = st.elements[card]
        emit(st, events, "play", seat, card, ledger.name_of(st, card), el.kind, forced_by)


def move_set(st: Film, seat: str, ref: str, events: list[Event]) -> None:
    """During a chase: the action runs on to an adjacent set, whose holder must play it."""
    if seat != st.director:
        raise IllegalMove(f"only the director ({st.director}) moves the chase")
    el = find(st, ref, ("set",), "set")
    pair = tuple(sorted((el.id, st.active_set or "")))
    if pair not in st.near:
        raise IllegalMove(f"{el.name} is not adjacent to {ledger.name_of(st, st.active_set or '')}")
    if el.id not in st.screen:
        who = ledger.holder(st, el.id)
        if who is None:
            raise IllegalMove(f"{el.name} is not in anyone's hand")
        _to_screen(st, who, el.id, events, "the chase")
    st.active_set = el.id
    st.moved = True
    emit(st, events, "move", seat, el.name)


def caught(st: Film, card: str, events: list[Event]) -> None:
    """Caught by the monster: a Plot Armour level saves the character (knocked out), or it dies
    and the monster grows a Monster Die."""
    name = ledger.name_of(st, card)
    if st.armour.get(card, 0) > 0:
        st.armour[card] -= 1
        st.out.append(card)
        emit(st, events, "saved", name, st.armour[card])
        return
    st.screen.remove(card)
    st.gone.append(card)
    st.played_by.pop(card, None)
    st.md += 1
    emit(st, events, "death", name, st.md)
    if st.act == CLIMAX and not any(st.elements[c].kind in CHARACTER_KINDS and c not in st.gone
                                    for c in st.elements):
        credits(st, "dead", events)


def aftermath(st: Film, events: list[Event]) -> None:
    """What follows a settled conflict: a caught character, the climax's verdict, a beat."""
    kind, a, b, winner = st.settled
    st.settled = ()
    if kind == "chase" and winner == 0:
        caught(st, b, events)
    if kind == "plan":
        if winner == 1:
            credits(st, "plan", events)
            return
        st.plans_failed += 1
        st.plan = ""
        emit(st, events, "plan_failed", st.plans_failed)
    if st.phase != OVER:
        open_window(st)


# -- the end of a scene, acts, the climax ---------------------------------------------------
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
    got = rewards(st)
    for seat, n in got.items():
        ledger.reward(st, seat, n)
    st.last_rewards = got
    emit(st, events, "cut", st.scene_no, st.director, tuple((s, n) for s, n in got.items()))
    _clear_scene(st)
    if ledger.unplayed_tropes(st, st.act):
        deal(st, events)
        return
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
    st.moved = False
    st.out = []
    st.scene_tropes, st.scene_subplots, st.scene_chars, st.scene_wins = [], [], {}, []
    st.window = []
    st.last_roll = ()  # the board shows a roll only in the scene it was made


def climax(st: Film, events: list[Event]) -> None:
    """H7: subplots leave the deck, the rest is dealt and every card played by its holder."""
    for card in list(st.pool):
        if st.elements[card].kind == "subplot":
            st.pool.remove(card)
            st.gone.append(card)
    st.triggered = True
    emit(st, events, "climax")
    deal(st, events)


def climax_cast(st: Film, events: list[Event]) -> None:
    for seat in order_from(st, (st.last_director + 1) % len(st.seats)):
        for card in list(st.hands[seat]):
            _to_screen(st, seat, card, events, "the climax")
    if not any(st.elements[c].kind in CHARACTER_KINDS for c in st.screen):
        credits(st, "dead", events)
        return
    st.phase = POOLS
    st.pool_queue = [s for s in order_from(st, (st.last_director + 1) % len(st.seats))]


def pool(st: Film, seat: str, move: Move, events: list[Event]) -> None:
    if seat != st.pool_queue[0]:
        raise IllegalMove(f"{st.pool_queue[0]} splits dice into the pools now, not {seat}")
    if move[0] != "pool":
        raise IllegalMove("split dice between the pools: 'pool monster N plan N'")
    m, p = move[1], move[2]
    ledger.can_pay(st, seat, m + p, f"pooling {m} + {p}")
    ledger.pay(st, seat, m + p)
    st.pools[0] += m
    st.pools[1] += p
    st.pool_queue.pop(0)
    emit(st, events, "pool", seat, m, p, st.pools[0], st.pools[1])
    if not st.pool_queue and st.phase == POOLS:
        open_auction(st, events)


def _plan(st: Film, seat: str, text: str, events: list[Event]) -> None:
    if st.act != CLIMAX:
        raise IllegalMove("plans are hatched in the climax")
    if st.plan:
        raise IllegalMove(f"the plan is already {st.plan!r}; spring it")
    st.plan = text
    emit(st, events, "plan", seat, text)
    if st.plans_failed:  # a new plan: everyone may add to both pools again
        st.pool_queue = order_from(st, st.seats.index(seat))


def _spring(st: Film, events: list[Event]) -> None:
    if st.act != CLIMAX or not st.plan:
        raise IllegalMove("there is no plan to spring ('plan TEXT' first)")
    _monster_here(st)
    if st.pools[1] < 1:
        raise IllegalMove("the plan pool is empty; nothing to spring it with")
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
