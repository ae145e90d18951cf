"""How a Grave Robbers game moves on: deals, turns, the stop and response windows of ruling
G9 and the books' SFX window, attacks, scoring and match play. ``gros.rules`` calls these
after checking a move."""

from __future__ import annotations

from common.engine import Event
from gros import effects as fx
from gros import moves as mv
from gros import strength as sx
from gros import zones
from gros.state import (
    DISCARD,
    DRAW,
    HAND_SIZE,
    MAIN,
    OVER,
    TITLE,
    VICTIM,
    Attack,
    Char,
    GrosState,
    Movie,
)
from gros.vocabulary import REGISTRY


def next_seat(st: GrosState, seat: int) -> int:
    return (seat + 1) % len(st.names)


# -- games, turns ---------------------------------------------------------------------------------

def start_game(st: GrosState, events: list[Event]) -> None:
    """The six title words (ruling G2); the deal waits for the title, as the books say."""
    n = st.n
    st.deck = list(range(len(st.ids)))
    st.discard, st.hands = [], [[] for _ in range(n)]
    st.movies = [Movie() for _ in range(n)]
    st.stack, st.attack, st.attack_open, st.window = [], None, False, ""
    st.dcache = [None] * n
    st.refs = {}
    st.rng.shuffle(st.deck)
    st.candidates = [st.defs[i].title for i in st.deck[-6:][::-1]]
    st.rng.shuffle(st.deck)  # the six are shuffled back
    st.title, st.title_words = "", []
    st.turn_no, st.deck_out, st.drawer, st.phase = 0, False, -1, TITLE
    st.propped, st.used, st.mulligans, st.dealt = [], [], 0, False


def deal(st: GrosState, events: list[Event]) -> None:
    """Six cards each, the mulligan, and the starting casts (ruling G3)."""
    st.dealt = True
    order = [(st.first + k) % st.n for k in range(st.n)]
    for s in order:
        zones.draw(st, s, HAND_SIZE, events)
    for s in order:
        for _ in range(100):  # a hand with no Character is shown and redrawn (G3)
            if any(st.defs[i].type == "character" for i in st.hands[s]):
                break
            events.append(Event("mulligan", (st.names[s], tuple(st.ids[i] for i in st.hands[s]))))
            st.mulligans += 1
            st.deck.extend(st.hands[s])
            st.hands[s] = []
            st.rng.shuffle(st.deck)
            zones.draw(st, s, HAND_SIZE, events)
    st.deck_out = not st.deck
    for s in order:
        cast = [i for i in st.hands[s] if st.defs[i].type == "character"]
        st.hands[s] = [i for i in st.hands[s] if st.defs[i].type != "character"]
        st.movies[s].chars.extend(Char(i) for i in cast)
        zones.touch(st, s)
        events.append(Event("cast", (st.names[s], tuple(st.ids[i] for i in cast))))


def default_title(st: GrosState) -> str:
    """A generated title using all six words, read as a title (``gros.titles``). It comes from
    the words, not from the game's random stream, so the deal that follows is the same
    whatever title is chosen."""
    from gros.titles import generated_title

    return generated_title(list(st.candidates))


def title_uses(text: str, word: str) -> bool:
    """Does the title ``text`` use the title word ``word``? Yes when one of its words is that
    word, or, for a word of four letters or more, begins with it give or take its last letter
    (books 000 and 001 allow plurals and changed endings: Cheerleaders, Zombi → Zombie). The
    word may be written in any of the game's languages, in any of its forms ('Zombi', 'зомби',
    'Болота' for swamp): the same in whatever language the table plays, so records replay."""
    from gros.titling import spellings

    words = "".join(c if c.isalnum() else " " for c in text.lower().replace("ё", "е")).split()
    word = word.lower()
    stem = word[:-1] if len(word) >= 4 else word
    if any(w in (word, word + "s", word + "es") or (len(word) >= 4 and w.startswith(stem)) for w in words):
        return True
    for form in spellings(word):  # declined words change more than a last letter: cut two
        cut = form[:-2] if len(form) >= 6 else form[:-1] if len(form) >= 4 else form
        if any(w == form or (len(form) >= 4 and w.startswith(cut)) for w in words):
            return True
    return False


def set_title(st: GrosState, text: str, words: tuple[str, ...], events: list[Event]) -> None:
    st.title = text or default_title(st)
    st.title_words = list(words) if words else [w.lower() for w in st.candidates]
    events.append(Event("title", (st.title, tuple(st.title_words))))
    if not st.dealt:
        deal(st, events)
    begin_turn(st, st.first, events)


def begin_turn(st: GrosState, seat: int, events: list[Event]) -> None:
    st.turn = seat
    st.turn_no += 1
    st.propped.clear()
    st.used.clear()
    st.phase = MAIN
    events.append(Event("turn", (st.names[seat], st.round)))
    need = HAND_SIZE - len(st.hands[seat])
    if need > 0 and st.deck:
        if st.variant == "gros":  # book 000: "si possono prendere carte fino a riempire la mano"
            st.phase = DRAW
        else:  # book 001: "you draw cards to fill your hand to 6 cards"
            zones.draw(st, seat, need, events)


def draw_at_start(st: GrosState, count: int | None, events: list[Event]) -> None:
    """GROS: the current player draws ``count`` cards (None: up to six), then plays."""
    need = HAND_SIZE - len(st.hands[st.turn])
    zones.draw(st, st.turn, need if count is None else count, events)
    if count == 0:
        events.append(Event("no_draw", (st.names[st.turn],)))
    st.phase = MAIN
    if last_card_ends(st):
        finish_game(st, LAST_CARD, events)


LAST_CARD = "the last card was drawn"


def last_card_ends(st: GrosState) -> bool:
    """G11 under gros (book 000: "o che il mazzo di carte si è esaurito, arriva il momento di
    calcolare i punteggi"): a draw that takes the last card ends the game there, like the
    credits. (A deal that empties the deck leaves ``drawer`` at -1: that game ends with the
    first turn.)"""
    return st.variant == "gros" and st.drawer >= 0 and st.phase != OVER


def end_turn(st: GrosState, events: list[Event]) -> None:
    """G11 under gr2 (book 001: "at the end of the turn of the player who drew the last card"):
    when that card was drawn in another player's turn, the drawer still has a turn of their
    own, and the seats between play theirs without drawing."""
    if st.deck_out and st.drawer in (st.turn, -1):
        finish_game(st, LAST_CARD, events)
    else:
        begin_turn(st, next_seat(st, st.turn), events)


def end_requested(st: GrosState, events: list[Event]) -> None:
    """'end': under the books' timing the others may still play an SFX before the turn ends."""
    if st.windows:
        end_main(st, events)
    else:
        open_window(st, "end")
        settle(st, events)


def end_main(st: GrosState, events: list[Event]) -> None:
    """'end': discard any cards, then down to six (G4); with an empty hand there is nothing to do."""
    if st.hands[st.turn]:
        st.phase = DISCARD
        name, held = st.names[st.turn], len(st.hands[st.turn])
        events.append(Event("ending", (name, held)))
        events.append(Event("ending_hint", (name, held), name))  # what to type: for that seat only
    else:
        end_turn(st, events)


# -- scoring ---------------------------------------------------------------------------------------

def score(st: GrosState, seat: int) -> int:
    """Defence of the Movie plus 5 for each title word in the Movie, the hand and (GR2) on a
    Roll the Credits played (G12)."""
    return sx.movie_score(st, seat) + sx.title_bonus(st, st.hands[seat])


def finish_game(st: GrosState, reason: str, events: list[Event]) -> None:
    st.discard.extend(i for i, _, _ in st.stack)  # nothing is left waiting when the film ends
    st.stack.clear()
    st.window = ""
    zones.end_attack(st, events)
    st.scores = [score(st, s) for s in range(st.n)]
    events.append(Event("scores", (reason, tuple(zip(st.names, st.scores, strict=True)))))
    st.reason = reason
    if st.target:
        st.totals = [t + s for t, s in zip(st.totals, st.scores, strict=True)]
        if max(st.totals) < st.target:
            st.game_no += 1
            st.first = next_seat(st, st.first)
            events.append(Event("next_game", (st.game_no, tuple(zip(st.names, st.totals, strict=True)))))
            start_game(st, events)
            return
        best = max(st.totals)
        st.winners = [s for s in range(st.n) if st.totals[s] == best]
        st.reason = f"{reason}; the match to {st.target} is over"
    else:
        best = max(st.scores)
        st.winners = [s for s in range(st.n) if st.scores[s] == best]
    st.phase = OVER
    events.append(Event("winners", tuple(st.names[s] for s in st.winners)))


# -- windows (ruling G9) -----------------------------------------------------------------------------

def push(st: GrosState, iid: int, seat: int, move: tuple, events: list[Event]) -> None:
    """A played card waits in a stop window before it resolves."""
    st.stack.append((iid, seat, move))
    st.actor, st.passes = next_seat(st, seat), 0
    said = move if move[0] != "play" or not move[2] else \
        (*move[:2], tuple(zones.spoken(st, t) for t in move[2]), *move[3:])
    events.append(Event("played", (st.names[seat], st.ids[iid], said)))
    settle(st, events)


def open_window(st: GrosState, why: str) -> None:
    """The books' timing (books 000 and 001: SFX "in qualunque momento", "at any time"): after a
    card resolves outside an attack, after an attack, and when the current player says 'end',
    the other players in turn order from the current player may play an SFX. The current
    player is not asked: the turn is theirs, and they play first and again when it closes."""
    st.window, st.actor, st.passes = why, next_seat(st, st.turn), 0


def close_window(st: GrosState, events: list[Event]) -> None:
    why, st.window = st.window, ""
    if why == "end":
        end_main(st, events)


def settle(st: GrosState, events: list[Event]) -> None:
    """Run the open windows on until a seat must decide: auto-pass who cannot act, resolve the
    newest card when everyone passed in succession, resolve the attack likewise, close the
    books' SFX window when everyone but the current player passed."""
    n = len(st.names)
    autopass, hands = st.autopass, st.hands
    while st.phase != OVER:
        if st.stack:  # a hand with no stop card passes at once (the common case: no call)
            can, resolve, need, cards = mv.has_stop, resolve_top, n, st.kinds.stops
        elif st.attack_open:
            can, resolve, need, cards = mv.can_respond, resolve_attack, n, None
        elif st.window:
            can, resolve, need, cards = mv.has_anytime, close_window, n - 1, st.kinds.anytime
        else:
            return
        # the seats in turn from the one to speak; one is asked unless auto-pass is on for it
        # and it has no move but 'pass' (each test stops at the first move it finds)
        passes, actor = st.passes, st.actor
        while passes < need:
            if not autopass[actor] or ((cards is None or not cards.isdisjoint(hands[actor])) and can(st, actor)):
                st.passes, st.actor = passes, actor
                return
            passes += 1
            actor = (actor + 1) % n
        st.passes, st.actor = passes, actor
        resolve(st, events)


def after_resolution(st: GrosState) -> None:
    if st.stack:
        st.actor, st.passes = next_seat(st, st.stack[-1][1]), 0
    elif st.attack_open:
        st.actor, st.passes = st.resume, 0
    elif not st.windows and st.phase == MAIN:
        open_window(st, st.window or "card")


def attack_over(st: GrosState, events: list[Event]) -> None:
    """The attack is discarded; the turn goes on, after the books' SFX window."""
    zones.end_attack(st, events)
    st.phase = MAIN
    if not st.windows:
        open_window(st, st.window or "card")


def resolve_top(st: GrosState, events: list[Event]) -> None:
    iid, seat, move = st.stack.pop()
    card = st.defs[iid]
    verb, t = move[0], card.type
    if verb == "attack":
        st.attack = Attack(iid, seat, zones.seat_of(st, move[2]))
        st.attack_open, st.actor, st.passes, st.resume = True, seat, 0, seat
        events.append(Event("attack", (st.names[seat], card.id, move[2])))
        return
    if verb == "combine":
        zones.place_location(st, zones.seat_of(st, move[2]), iid, True, events)
    elif t == "character":  # no event: "X plays C" already said it, and a stop says otherwise
        st.movies[seat].chars.append(Char(iid))
        zones.touch(st, seat)
    elif t == "prop":
        _place_prop(st, iid, move[2][0], events)
    elif t == "location":
        zones.place_location(st, zones.seat_of(st, move[2][0]), iid, False, events)
    elif _resolve_action(st, iid, seat, move, events):
        return  # the credits rolled
    after_resolution(st)


def _place_prop(st: GrosState, iid: int, ref: str, events: list[Event]) -> None:
    a = st.attack
    if "/" not in ref and a is not None:
        a.props.append(iid)  # a Prop raising a Psycho's Attack
        events.append(Event("attack_now", (st.ids[a.creature], sx.attack_value(st, a))))
        return
    found = zones.find_char(st, ref)
    if found is None:
        st.discard.append(iid)
        return
    found[1].props.append(iid)
    # book 001: "each character can gain only one prop per turn": gained once it resolves; a
    # stopped Prop never entered play, so that Character may still gain one this turn
    st.propped.append(found[1].iid)
    zones.touch(st, found[0], cast=False, able=iid in st.kinds.able)
    events.append(Event("prop", (zones.spoken(st, ref), st.ids[iid])))


def _resolve_action(st: GrosState, iid: int, seat: int, move: tuple, events: list[Event]) -> bool:
    """Run an SFX (or Roll the Credits, or a Creature played as an SFX); True if the game ended."""
    card = st.defs[iid]
    action = card.as_sfx if card.type == "creature" else card.action
    assert action is not None
    ctx = fx.Ctx(st, seat, iid, action, move[2], move[3], events)
    for e in action.effects:
        REGISTRY[e.kind].fn(ctx, e)
    if ctx.end_game or last_card_ends(st):
        if card.type == "credits":
            st.movies[seat].credits.append(iid)
        elif st.attack is not None:
            st.attack.spent.append(iid)
        else:
            st.discard.append(iid)
        finish_game(st, f"{st.names[seat]} rolled the credits" if ctx.end_game else LAST_CARD, events)
        return True
    if ctx.stop_attack and st.attack is not None:
        st.attack.spent.append(iid)
        zones.end_attack(st, events)
        st.phase = MAIN  # after_resolution opens the books' window
    elif action.permanent and _slide_under(st, iid, action.target, move[2][0]):
        pass
    elif st.attack is not None:
        st.attack.spent.append(iid)
    else:
        st.discard.append(iid)
    return False


def _slide_under(st: GrosState, iid: int, target: str, ref: str) -> bool:
    if target == "character":
        found = zones.find_char(st, ref)
        if found is None:
            return False
        found[1].under.append(iid)
        zones.touch(st, found[0], cast=False, able=iid in st.kinds.able)
        return True
    seat = zones.seat_of(st, ref)
    if seat < 0 or not st.movies[seat].location:
        return False
    st.movies[seat].loc_under.append(iid)
    zones.touch(st, seat, cast=False, able=iid in st.kinds.able)
    return True


def use_ability(st: GrosState, seat: int, iid: int, move: tuple, events: list[Event]) -> None:
    """Abilities are not cards being played: they resolve at once and cannot be stopped."""
    ab = st.defs[iid].ability
    assert ab is not None
    st.used.append(iid)
    events.append(Event("used", (st.names[seat], zones.spoken(st, move[1]))))
    ctx = fx.Ctx(st, seat, iid, ab, move[2], move[3], events)
    for e in ab.effects:
        REGISTRY[e.kind].fn(ctx, e)
    if last_card_ends(st):
        finish_game(st, LAST_CARD, events)
        return
    if ctx.stop_attack:
        attack_over(st, events)
    if st.attack_open:
        st.actor, st.passes = next_seat(st, seat), 0
        st.resume = st.actor
    settle(st, events)


def resolve_attack(st: GrosState, events: list[Event]) -> None:
    """Everyone passed: Attack >= Defence succeeds (G8), and someone picks the victim."""
    a = st.attack
    assert a is not None
    st.attack_open = False
    atk, dfc = sx.attack_value(st, a), sx.defence(st, a.target, a)
    ok = atk >= dfc
    events.append(Event("attack_result", (st.ids[a.creature], st.names[a.target], atk, dfc, ok)))
    if ok:
        refs = mv.victims(st)
        if len(refs) > 1:
            st.phase, st.actor = VICTIM, sx.victim_chooser(st, a)
            return
        if refs:
            kill(st, refs[0], events)
            return
    attack_over(st, events)


def kill(st: GrosState, ref: str, events: list[Event]) -> None:
    found = zones.find_char(st, ref)
    if found is not None:
        zones.discard_char(st, found[0], found[1], events)
    attack_over(st, events)
