"""The deal and the trades before a scene (H3): every card in play is shuffled and dealt round
the table, then each seat may offer cards, naming only the type it wants.

Ruling (the book does not say how an offer goes round): the others are asked in turn, and a
seat that has declined to give a type is not asked for that type again before the next deal
("no set to spare" holds for the deal). So a deal takes at most 3 offers and 5 refusals a
seat: its length grows with the players, not with their square.

The book orders nothing else, so the order is chosen for a table at one keyboard (issue 23):
an offer waits for its answer until the seat asked sits down to trade anyway, answering the
offers put to it before making its own, and what is still open once every seat is done is
answered after the auction, before the scene starts, the new director first. Each sitting is
then one hand-over, where an offer answered at once took two.
"""

from __future__ import annotations

from common.engine import Event, IllegalMove, Move
from horror import _, chair, ledger
from horror.elements import TYPES, card_type
from horror.ledger import emit, find, tell
from horror.narration import type_object
from horror.state import CLIMAX, TRADE, Film

MAX_TRADES = 3


def deal(st: Film, events: list[Event]) -> None:
    """Every card in play is shuffled and dealt round the table (a record may stack it)."""
    cards = st.pool
    st.rng.shuffle(cards)
    start = (st.last_director + 1) % len(st.seats)
    order = chair.order_from(st, start)
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
    st.waiting = []
    st.declined = []
    if st.act != CLIMAX:  # at the climax every card is played at once (climax.climax_cast)
        st.phase = TRADE


def trade(st: Film, seat: str, move: Move, events: list[Event]) -> None:
    verb = move[0]
    if st.offer is not None:
        _answer(st, seat, move, events)
        return
    if seat != st.trade_queue[0]:
        raise IllegalMove(_('{trade_queue} may offer a trade now, not {seat}').format(trade_queue=st.trade_queue[0], seat=seat))
    if verb == "done":
        st.trade_queue.pop(0)
        after = next((s for s in st.trade_queue if st.swaps[s] < MAX_TRADES), "")
        ledger.announce(events, "done", seat, after)
        next_trade(st, events)
        return
    if verb != "offer":
        raise IllegalMove(_("before the scene: 'offer CARD for TYPE' or 'done'"))
    el = find(st, move[1], ledger.ANY_CARD, "card")
    if el.id not in st.hands[seat]:
        raise IllegalMove(_('{seat} does not hold {name}').format(seat=seat, name=el.name))
    if el.id in on_offer(st, seat):
        raise IllegalMove(_('{name} is already on offer').format(name=el.name))
    asked = TYPES.get(move[2])
    if asked is None:
        raise IllegalMove(_('an offer names a type: role, set, trope, subplot or monster, not {move!r}').format(move=move[2]))
    st.offers[seat] += 1
    emit(st, events, "offer", seat, card_type(el), asked)
    st.waiting.append((seat, el.id, asked))
    if st.offers[seat] >= MAX_TRADES:
        st.trade_queue.remove(seat)
    next_trade(st, events)


def on_offer(st: Film, seat: str) -> list[str]:
    """The cards ``seat`` has on offer, waiting for an answer: none is offered twice or given
    in answer to another offer meanwhile, so that every offer can still be taken."""
    return [card for who, card, _wanted in st.waiting if who == seat]


def responders(st: Film, who: str, wanted: str) -> list[str]:
    """Who is asked for an offer, in turn from the offerer: every other seat that may still
    trade and has not declined to give that type since the deal."""
    return [s for s in chair.order_from(st, st.seats.index(who))[1:]
            if st.swaps[s] < MAX_TRADES and f"{s} {wanted}" not in st.declined]


def _answer(st: Film, seat: str, move: Move, events: list[Event]) -> None:
    """The offer at hand answered: 'decline' passes it to the next seat asked (or it lapses),
    'accept CARD' swaps."""
    who, card, wanted = st.offer  # type: ignore[misc]
    if seat != st.responders[0]:
        raise IllegalMove(_("{responders} answers {who}'s offer now").format(responders=st.responders[0], who=who))
    if move[0] == "decline":
        st.declined.append(f"{seat} {wanted}")
        emit(st, events, "decline", seat, who)
        next_trade(st, events)  # the offer is asked of the next seat, in its turn
        return
    if move[0] != "accept":
        raise IllegalMove(_("{who} offers {gives} for {wants}: 'accept CARD' or 'decline'").format(
            who=who, gives=type_object(card_type(st.elements[card])), wants=type_object(wanted)))
    el = find(st, move[1], ledger.ANY_CARD, "card")
    if el.id not in st.hands[seat]:
        raise IllegalMove(_('{seat} does not hold {name}').format(seat=seat, name=el.name))
    if card_type(el) != wanted:
        raise IllegalMove(_("{who} asked for {wants}; {name} is {gives}").format(
            who=who, wants=type_object(wanted), name=el.name, gives=type_object(card_type(el))))
    if el.id in on_offer(st, seat):
        raise IllegalMove(_('{name} is on your own offer: it stays yours until that offer is answered').format(
            name=el.name))
    st.waiting.remove(st.offer)  # type: ignore[arg-type]
    st.hands[who].remove(card)
    st.hands[seat].remove(el.id)
    st.hands[who].append(el.id)
    st.hands[seat].append(card)
    st.swaps[who] += 1
    st.swaps[seat] += 1
    emit(st, events, "trade", who, seat, card_type(st.elements[card]), wanted)
    tell(events, who, "got", who, el.name)
    tell(events, seat, "got", seat, ledger.name_of(st, card))
    next_trade(st, events)


def next_trade(st: Film, events: list[Event]) -> None:
    """What comes next. An offer waits for its answer until the seat asked sits down anyway
    (at one keyboard, each sitting is a hand-over): a seat first answers the offers put to it,
    then makes its own, in one sitting. Once every seat is done offering, the auction for the
    chair; offers still open are answered after it and before the scene starts (H3: "before
    each scene"), the new director's first, so that they answer and direct in one sitting."""
    st.offer, st.responders = None, []
    for offer in list(st.waiting):  # an offerer who has traded 3 cards, an offer nobody can take
        who, card, wanted = offer
        if st.swaps[who] >= MAX_TRADES or not responders(st, who, wanted):
            st.waiting.remove(offer)
            emit(st, events, "no_trade", who, card_type(st.elements[card]), wanted)
    st.trade_queue = [s for s in st.trade_queue if st.swaps[s] < MAX_TRADES]
    if st.phase == TRADE and not st.trade_queue:
        chair.open_auction(st, events)
    if st.auction is not None:
        return
    due = [(responders(st, o[0], o[2])[0], i, o) for i, o in enumerate(st.waiting)]
    if st.phase == TRADE:
        due = [d for d in due if d[0] == st.trade_queue[0]]
    else:
        deal_order = chair.order_from(st, (st.last_director + 1) % len(st.seats))
        due.sort(key=lambda d: (d[0] != st.director, deal_order.index(d[0]), d[1]))
    if due:
        st.offer = due[0][2]
        st.responders = responders(st, st.offer[0], st.offer[2])
