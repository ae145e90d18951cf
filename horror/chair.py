"""The director's chair (H4): the auction before a scene, claims during one, and the claim
window that opens after every beat so that "at any time" reaches every seat.

A claim opens an auction in which the sitting director may outbid the claimant; the highest
bidder pays, the others pay nothing.
"""

from __future__ import annotations

from common.engine import Event, IllegalMove, Move
from horror import _, ledger
from horror.ledger import emit
from horror.state import AUCTION, SCENE, Auction, Film


def order_from(st: Film, index: int) -> list[str]:
    n = len(st.seats)
    return [st.seats[(index + k) % n] for k in range(n)]


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
    for _turn in range(len(a.order) + 1):
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
        raise IllegalMove(_("{turn} bids for the director's chair now, not {seat}").format(turn=turn, seat=seat))
    if move[0] == "pass":
        a.out.append(seat)
        emit(st, events, "pass", seat)
    elif move[0] == "bid":  # one word a decision: 'claim N' opens an auction, 'bid N' is one
        n = move[1]
        if n <= a.high or n < 1:
            raise IllegalMove(_('the chair stands at {high}; bid at least {n}').format(high=a.high, n=a.high + 1))
        if n > st.budgets[seat]:
            raise IllegalMove(_('{seat} has only {budgets} dice and cannot cover a bid of {n}').format(seat=seat, budgets=st.budgets[seat], n=n))
        a.high, a.leader = n, seat
        emit(st, events, "bid", seat, n)
    else:
        raise IllegalMove(_("bidding for the chair: 'bid N' (more than {high}) or 'pass'").format(high=a.high))
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
        raise IllegalMove(_('{window} may claim the chair now, not {seat}').format(window=st.window[0], seat=seat))
    if move[0] in ("pass", "quiet"):
        st.window.pop(0)
        if move[0] == "quiet":  # not asked again before the next scene
            st.quiet.append(seat)
            ledger.announce(events, "quiet", seat)
        if not st.window:
            ledger.announce(events, "no_claim", st.director)
        return
    if move[0] != "claim":
        raise IllegalMove(_("'claim N' to take the director's chair, 'pass', or 'quiet' (no more claims this scene)"))
    n = move[1]
    if n <= st.chair_price:  # "оспорить претензию, потратив больше кубиков, чем претендент"
        raise IllegalMove(_('{director} paid {chair_price} for the chair: a claim must spend more (at least {n})').format(director=st.director, chair_price=st.chair_price, n=st.chair_price + 1))
    if n > st.budgets[seat]:
        raise IllegalMove(_('{seat} has only {budgets} dice and cannot cover a claim of {n}').format(seat=seat, budgets=st.budgets[seat], n=n))
    st.window = []
    emit(st, events, "claim", seat, n)
    open_auction(st, events, (seat, n))


def open_window(st: Film) -> None:
    """After a beat of the scene, every other seat that could outbid the sitting director's
    price may claim the chair (the book: a claim is disputed by spending more than the
    claimant); the others are not asked, nor those who said 'quiet' this scene (at a hot-seat
    table each would be handed the keyboard after every beat)."""
    if st.phase != SCENE or st.director is None:
        return
    st.window = [s for s in order_from(st, st.seats.index(st.director))[1:]
                 if st.budgets[s] > st.chair_price and s not in st.quiet]
