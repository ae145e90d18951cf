"""The deal and the trades before a scene (H3): every card in play is shuffled and dealt round
the table, then each seat may offer cards, naming only the type it wants.

Ruling (the book does not say how an offer goes round): the others are asked in turn, and a
seat that has declined to give a type is not asked for that type again before the next deal
("no set to spare" holds for the deal). So a deal takes at most 3 offers and 5 refusals a
seat: its length grows with the players, not with their square.
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
    st.declined = []
    if st.act != CLIMAX:  # at the climax every card is played at once (climax.climax_cast)
        st.phase = TRADE


def trade(st: Film, seat: str, move: Move, events: list[Event]) -> None:
    verb = move[0]
    if st.offer is not None:
        who, card, wanted = st.offer
        if seat != st.responders[0]:
            raise IllegalMove(_("{responders} answers {who}'s offer now").format(responders=st.responders[0], who=who))
        if verb == "decline":
            st.responders.pop(0)
            st.declined.append(f"{seat} {wanted}")
            emit(st, events, "decline", seat)
            if not st.responders:
                emit(st, events, "no_trade", who)
                _offer_done(st, who, events)
            return
        if verb != "accept":
            raise IllegalMove(_("{who} offers {gives} for {wants}: 'accept CARD' or 'decline'").format(
                who=who, gives=type_object(card_type(st.elements[card])), wants=type_object(wanted)))
        el = find(st, move[1], ledger.ANY_CARD, "card")
        if el.id not in st.hands[seat]:
            raise IllegalMove(_('{seat} does not hold {name}').format(seat=seat, name=el.name))
        if card_type(el) != wanted:
            raise IllegalMove(_("{who} asked for {wants}; {name} is {gives}").format(
                who=who, wants=type_object(wanted), name=el.name, gives=type_object(card_type(el))))
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
        raise IllegalMove(_('{trade_queue} may offer a trade now, not {seat}').format(trade_queue=st.trade_queue[0], seat=seat))
    if verb == "done":
        st.trade_queue.pop(0)
        after = next((s for s in st.trade_queue if st.swaps[s] < MAX_TRADES), "")
        ledger.announce(events, "done", seat, after)
        _after_trades(st, events)
        return
    if verb != "offer":
        raise IllegalMove(_("before the scene: 'offer CARD for TYPE' or 'done'"))
    el = find(st, move[1], ledger.ANY_CARD, "card")
    if el.id not in st.hands[seat]:
        raise IllegalMove(_('{seat} does not hold {name}').format(seat=seat, name=el.name))
    asked = TYPES.get(move[2])
    if asked is None:
        raise IllegalMove(_('an offer names a type: role, set, trope, subplot or monster, not {move!r}').format(move=move[2]))
    st.offer = (seat, el.id, asked)
    st.responders = [s for s in chair.order_from(st, st.seats.index(seat))[1:]
                     if st.swaps[s] < MAX_TRADES and f"{s} {asked}" not in st.declined]
    emit(st, events, "offer", seat, card_type(el), asked)
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
        chair.open_auction(st, events)
