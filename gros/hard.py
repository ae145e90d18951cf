"""What the ``hard`` level's search borrows from Grave Robbers: the moves it weighs at the
root (the sensible ones, ``gros.sense``), a play-out policy in which every seat plays its
turns as the ``normal`` level does (its look-ahead over the sensible moves) and answers the
windows by rule of thumb (defend an attack that would succeed, stop the credits that would
beat it), the evaluation where a play-out is cut off, and the decisions it takes by rule of
thumb (``ruled``): the windows, and the end-of-turn discards, where it keeps only what will
score or play soon (``sift``).

The table's search weighs its root moves on the same deals, one play-out of each per deal
(``common.paired``): the deal, not the move, makes most of a play-out's result, and compared
deal by deal that part cancels out. Every piece reads what the deciding seat would know: the
root's moves come from a state dealt from the seat's view, and play-outs run on such dealt
states only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from common.bots import Search
from common.engine import GameError, Move
from common.rng import Rng
from gros import flow, sense, zones
from gros import moves as mv
from gros import strength as sx
from gros.state import HAND_SIZE, Attack, GrosState
from gros.worth import (
    best_look_ahead,
    card_worth,
    close_windows,
    dig,
    evaluate,
    is_stop,
    look_ahead,
    pick_victim,
    public_score,
    shares,
)

PLAYOUT_DEPTH = 12  # play-out decisions before the evaluation takes over (the turn's answers)
REACH = 3.0  # given more than the table's count, the play-outs lengthen first, to 36 decisions at most
# (``common.paired.stretch``): four times the count as 213 play-outs of 36 (rules.md gives the match)
MARGIN = 0.01  # the least share of the win another move must gain over the look-ahead's favourite
# (0.03 before the confidence bar: with it, 500 iterations depart about as seldom, and 4x as many more often)
TOP = 4  # moves the search weighs at the root from the start, the best by the normal level's look-ahead
WIDEST = 8  # the most it weighs, as its play-outs pile up (``Search.widen``)
WIDEN = 0.15  # how fast it reaches past TOP: 1 + WIDEN * sqrt(play-outs) moves
CONFIDENCE = 1.0  # standard errors of the difference another move must also win by (2.0 before:
# one leaves the favourite more often: 365.5 of 564 3-player games where two won 355, 76 each on the
# 126 from seed 77,000, run after the choice; rules.md gives every block)
DEALS = 6  # deals from the seat's view the look-ahead is averaged over (``normal`` reads one)
COACH_ITERATIONS = 500  # the coach's search's cap (its quick play-outs cost several times less)
CREDITS_MARGIN = 4  # public points ahead of every rival before a quick play-out rolls the credits
TABLE_ITERATIONS = 160  # a thinking search's cap: the count the ladder measured (bench --ladder); about
# 0.25 s a decision with ``normal``'s turns in the play-outs (100 before they were made 41% faster;
# 500 of the quick rule's before that)
HOARD = 2.3  # odds a card in a rival's hand scores a title word, over an unseen card's (``deal``)
# the look-ahead's weight moved from the rivals' mean onto the best rival (``worth.evaluate``):
# a point off the leader counts 1.4, a point off the mean 0.1 (``normal``: 1 and 0.5, which
# sent its Creatures at a Movie far behind while the leader ran away); head to head the same
LEADER = 0.4


def ruled(rules: Any, view: dict[str, Any], seat: str, legal: list[Move], rng: Rng) -> Move | None:
    """Decisions the ``hard`` level takes without a search: the title; what to discard at
    the end of a turn (``sift``, not ``normal``'s five kept cards); and the windows (stop a
    card, answer an attack), by the ``normal`` level's judgement: there the play-outs'
    refilled hands made spending cards look free, and stops went on Props of 1 (the
    look-ahead weighs a card in hand at its worth). Unlike ``normal``, it judges a window
    over several deals (``judged``): whether the credits on the stack win for their player
    depends on the title words the others may hold."""
    if legal[0][0] == "title":
        return ("title", "", ())
    if legal[0][0] != "discard" and mv.PASS not in legal:
        return None
    if legal[0][0] == "discard":
        st = rules.determinize(view, seat, rng)
        return sift(st, zones.seat_of(st, seat), legal)
    return next(iter(judged(rules, view, seat, legal)))  # the best over several deals


def judged(rules: Any, view: dict[str, Any], seat: str, legal: list[Move]) -> dict[Move, float]:
    """The sensible moves, each with the ``normal`` level's look-ahead (the leader weighed
    more: ``LEADER``) averaged over ``DEALS`` deals from the seat's view (one deal makes a
    stop, or the credits, look right or wrong by the luck of the cards it gave the others),
    best first. The deals are fixed by their seeds: the same view, the same answer."""
    total: dict[Move, float] = {}
    for k in range(DEALS):
        st = deal(rules, view, seat, Rng(k))
        me = zones.seat_of(st, seat)
        moves = total or sense.sensible(st, me, legal)  # the tests read what the seat knows: any deal will do
        a = st.attack if st.attack_open and not st.stack else None
        for m in moves:
            value = look_ahead(rules, st, me, m, LEADER)
            if a is not None and me in (a.attacker, a.target) and m[0] in ("play", "use"):
                value = max(value, _with_follow_up(rules, st, me, m))
            total[m] = total.get(m, 0.0) + value
    return dict(sorted(total.items(), key=lambda kv: -kv[1]))


def _with_follow_up(rules: Any, st: GrosState, me: int, move: Move) -> float:
    """A boost in an attack judged with the seat's best card after it, the others passing:
    two boosts may carry an attack, or save a Movie, that neither carries alone (The Zombie
    Horde's 6 against a Defence of 19: +3, then triple). Looked at one card at a time, each
    boost left the attack lost, so ``hard`` attacked holding both and then passed."""
    trial = st.clone()
    try:
        rules.apply(trial, st.names[me], move)
        close_windows(rules, trial, until=(me, "respond"))  # until this seat may answer again
    except GameError:
        return float("-inf")
    if mv.decider(trial) != (me, "respond"):
        close_windows(rules, trial)
        return evaluate(trial, me, LEADER)
    then = sense.sensible(trial, me, rules.legal_moves(trial, trial.names[me]))
    return max(look_ahead(rules, trial, me, m, LEADER) for m in then)


def deal(rules: Any, view: dict[str, Any], seat: str, rng: Rng) -> GrosState:
    """A state dealt from the seat's view, as ``rules.determinize`` deals it, but the rivals'
    hands richer in title words (odds ``HOARD`` times an unseen card's, from round 2): they
    score in hand, so players keep them. Dealt evenly, the search rolled the credits a few
    points ahead of what it could see and lost to title words in hand (7 of its 23 lost
    3-player games, at 500 iterations); in games between ``normal`` bots 18% of the cards in
    hand carried a title word from round 2 on, against 9% of the cards unseen."""
    st = rules.determinize(view, seat, rng)
    words = st.title_words
    if HOARD == 1.0 or st.round < 2 or not words:
        return st
    me = zones.seat_of(st, seat)
    rivals = [k for k in range(st.n) if k != me]
    pool = [i for k in rivals for i in st.hands[k]] + st.deck  # in the random order dealt
    scoring = [i for i in pool if st.defs[i].word in words]
    rest = [i for i in pool if st.defs[i].word not in words]
    for k in rivals:
        hand = []
        for _ in range(len(st.hands[k])):
            weight = HOARD * len(scoring)
            take = scoring if scoring and (not rest or rng.below(1 << 20) * (weight + len(rest)) < weight * (1 << 20)) else rest
            hand.append(take.pop())
        st.hands[k] = hand
    st.deck = scoring + rest
    rng.shuffle(st.deck)
    return st


def candidates(rules: Any, view: dict[str, Any], seat: str, legal: list[Move]) -> list[Move]:
    """The moves worth weighing: the legal ones less those no player would make, and of
    those the ``WIDEST`` the ``normal`` level's look-ahead rates best over several deals, best
    first: the search weighs the first ``TOP`` and widens to more as its play-outs pile up
    (it spends them telling good moves apart, not refuting poor ones; at 100 and 400 iterations
    it weighs four, at 2,000 seven). Both read only the seat's own hand and the table, and
    deals from the view fixed by their seeds, never the real one."""
    return list(judged(rules, view, seat, legal))[:WIDEST if SEARCH.widen else TOP]  # the favourite first


def sift(st: GrosState, me: int, legal: list[Move]) -> Move:
    """End of turn: every card that will not score or play soon goes, so the next draw brings
    more. ``normal`` keeps five (``dig``): a hand clogged with boosts and Creatures too weak
    for any Movie drew one card a turn while a rival drew several. Kept: title words,
    Characters, one credits card, stops, a Creature that could still win an attack on some
    Movie (with every boost in hand) and the boosts such a Creature needs. Props and
    Locations still in hand go too: each Character takes one Prop a turn, so those were the
    ones left over (in every deck they are worth less to keep, ``card_worth``, than a
    credits card). A second credits card goes, and a full hand is never kept (the least
    worth goes, a title word only when the hand holds nothing else, as ``worth.dig`` does; a
    full hand with a Character is kept, since it is cast next turn): a full hand draws
    nothing, and ``hard`` once held six such keepers for ten rounds while the deck ran out.
    A stop that costs cards keeps as many to pay with (it lost games holding The Cat in the
    Locker, which costs two, with no other card when a rival rolled the credits).
    Judged one discard at a time, a boost that wins nothing alone went first, and then the
    Creature it was needed for (The Mad Scientist, then The Zombie Horde: 6 + 3, tripled)."""
    hand = st.hands[me]
    words = st.title_words
    credits = sorted((i for i in hand if st.defs[i].type == "credits"),
                     key=lambda i: st.defs[i].word not in words)  # one with a title word first
    spare = set(credits[1:])
    winners = [i for i in hand if st.defs[i].type == "creature" and _can_win(st, me, i)]

    def needed(i: int) -> bool:  # a boost without which a kept Creature could win no attack
        return any(c != i and not _can_win(st, me, c, without=i) for c in winners)

    def keep(i: int) -> bool:
        d = st.defs[i]
        if d.word in words:
            return True
        if i in spare:
            return False
        if d.type in ("character", "credits") or is_stop(d):
            return True
        return i in winners or needed(i)

    def rank(i: int) -> tuple[bool, bool, float]:  # the least worth keeping first; a Character last of all
        d = st.defs[i]
        return d.type == "character", d.word in words, card_worth(st, me, i)

    kept = [i for i in hand if keep(i)]
    thrown = [i for i in hand if i not in kept]
    if thrown:  # fodder: a stop that costs cards (discard 2: The Cat in the Locker) needs them in hand
        costly = [i for i in kept if is_stop(st.defs[i]) and _cost(st, i)]
        spendable = [i for i in kept if st.defs[i].type != "character" and st.defs[i].word not in words]
        need = max((_cost(st, i) - sum(j != i for j in spendable) for i in costly), default=0)
        if need > 0:
            thrown = sorted(thrown, key=rank)[:-need]
    if not thrown and len(hand) >= HAND_SIZE:  # a Character or a title word only as a last resort
        chars = any(st.defs[i].type == "character" for i in hand)  # one is cast next turn: room enough
        thrown = [i for i in hand if st.defs[i].type != "character" and st.defs[i].word not in words] \
            or (list(hand) if len(hand) > HAND_SIZE or not chars else [])  # over six, one must go
    if not thrown:
        return mv.DONE if mv.DONE in legal else legal[0]
    worst = min(thrown, key=rank)
    move = ("discard", st.ids[worst])
    return move if move in legal else legal[0]


def _cost(st: GrosState, i: int) -> int:
    """The cards a card costs to play (discarded from hand)."""
    action = st.defs[i].action
    return action.cost if action is not None else 0


def _can_win(st: GrosState, me: int, creature: int, without: int = -1) -> bool:
    """Whether this Creature's attack on some rival could succeed now with every boost in
    hand (but ``without``)."""
    for target in range(st.n):
        if target != me and st.movies[target].chars:
            a = Attack(creature, me, target)
            start = sx.attack_value(st, a)
            if sense._best(st, me, "creature", a, start, skip=(creature, without)) >= sx.defence(st, target, a):
                return True
    return False


def _effect_moves(st: GrosState, seat: int, moves: list[Move]) -> list[tuple[Move, Any]]:
    out = []
    for m in moves:
        if m[0] in ("play", "use") and not (m[0] == "play" and m[4]):  # no card paid for it
            act = sense._action_of(st, seat, m)
            if act is not None:
                out.append((m, act))
    return out


def _respond(st: GrosState, me: int, moves: list[Move]) -> Move:
    """In an attack: the attacked player saves its Movie, the attacker lifts a failing attack,
    each with one card that is enough on its own, or else the first of several that are
    enough together; everyone else passes."""
    a = st.attack
    if a is None or me not in (a.attacker, a.target):
        return mv.PASS
    atk, dfc = sx.attack_value(st, a), sx.defence(st, a.target, a)
    if me == a.target and atk >= dfc:
        for m, act in _effect_moves(st, me, moves):
            if act.target == "movie" and sense._change(act, dfc) > atk:
                return m
        for m, act in _effect_moves(st, me, moves):
            if any(e.kind == "stop_attack" for e in act.effects):
                return m
        if sense._best(st, me, "movie", a, dfc) > atk:  # several together: the first of them
            return _first_boost(st, me, moves, "movie")
        return next((m for m in moves if m[0] == "play" and m[4] and _stops_attack(st, me, m)), mv.PASS)
    if me == a.attacker and atk < dfc:
        for m, act in _effect_moves(st, me, moves):
            if act.target == "creature" and sense._change(act, atk) >= dfc:
                return m
        if sense._best(st, me, "creature", a, atk) >= dfc:  # several together: the first of them
            return _first_boost(st, me, moves, "creature")
    return mv.PASS


def _first_boost(st: GrosState, me: int, moves: list[Move], side: str) -> Move:
    """The boost to play first of several that together turn an attack: a new value, then
    additions, then multiplications (as ``sense._best`` counts them)."""
    for kind in ("set", "add", "multiply"):
        for m, act in _effect_moves(st, me, moves):
            if act.target == side and any(e.kind == kind and sense.raises(e) for e in act.effects):
                return m
    return mv.PASS


def _stops_attack(st: GrosState, me: int, m: Move) -> bool:
    act = sense._action_of(st, me, m)
    return act is not None and any(e.kind == "stop_attack" for e in act.effects)


def _stop(st: GrosState, me: int, moves: list[Move]) -> Move:
    """Stop the card on the stack when it would end the game with this seat behind, or take
    a card out of its Movie; otherwise let it resolve."""
    iid, owner, played = st.stack[-1]
    d = st.defs[iid]
    mine = flow.score(st, me)
    hurts = d.type == "credits" and mine <= max(public_score(st, s) for s in range(st.n) if s != me)
    if not hurts and d.action is not None and len(played) > 2 and played[2] and played[0] == "play":
        target = zones.seat_of(st, played[2][0].partition("/")[0])
        hurts = target == me and any(e.kind in sense.HARM for e in d.action.effects)
    if not hurts:
        return mv.PASS
    return next((m for m in moves if m[0] == "play" and not m[4]), next(iter(moves)))


def _turn(rules: Any, st: GrosState, me: int, moves: list[Move]) -> Move:
    """A turn as ``normal`` plays it: the sensible move its look-ahead rates best, so the
    rivals in a play-out play as the rivals at the table do. The quick rule (``_quick_turn``)
    chose ``normal``'s move in 56% of its turns and sent Creatures at Movies far behind where
    ``normal`` ended its turn: the search misjudged the rivals, and more play-outs did not
    mend it. Prop moves are left out: they seldom change what the evaluation sees, and
    weeding out the idle ones (``sense.idle_prop``) was a third of a play-out's time."""
    legal = sense.sensible(st, me, [m for m in moves if m[0] != "move"]) or moves
    return legal[0] if len(legal) == 1 else best_look_ahead(rules, st, me, _one_holder(st, me, legal))


def _one_holder(st: GrosState, me: int, moves: list[Move]) -> list[Move]:
    """The moves less each Prop's to a Character it raises less than another (or as much,
    but later in the list). The look-ahead of a Prop's moves differs by the Defence each adds
    and nothing else, so ``normal``'s choice is the same; those moves were half of the
    look-aheads in a play-out's turn."""
    best: dict[str, tuple[int, Move]] = {}
    for m in moves:
        if m[0] == "play" and st.defs[sense._hand_card(st, me, m[1])].type == "prop":
            g = sense.gain(st, me, m)
            if m[1] not in best or g > best[m[1]][0]:
                best[m[1]] = (g, m)
    if not best:
        return moves
    kept = {m for _g, m in best.values()}
    return [m for m in moves if m in kept or not (m[0] == "play" and m[1] in best)]


def _quick_turn(rules: Any, st: GrosState, me: int, moves: list[Move]) -> Move:
    """The coach's play-outs' turn, several times quicker than ``_turn``: cast what gains
    most; attack the leader when the attack succeeds as it stands; roll the credits when well
    ahead; else end the turn."""
    best, best_gain = None, 0
    seen: dict[str, int] = {}
    for m in moves:
        if m[0] == "play" and not m[3] and not m[4]:
            key = m[1] if not m[2] or "/" in m[2][0] else f"{m[1]}@{m[2][0]}"  # a Location: per Movie
            g = seen.get(key)
            if g is None:
                g = seen[key] = _quick_gain(st, me, m)
            if g > best_gain:
                best, best_gain = m, g
    if best is not None:
        return best
    strike, strike_score = None, -1.0
    for m in moves:
        if m[0] == "attack":
            target = zones.seat_of(st, m[2])
            a = _trial_attack(st, me, m[1], target)
            if a is not None and sx.attack_value(st, a) >= sx.defence(st, target, a):
                value = public_score(st, target)
                if value > strike_score:
                    strike, strike_score = m, value
    if strike is not None:
        return strike
    rivals = max(public_score(st, s) for s in range(st.n) if s != me)
    if flow.score(st, me) >= rivals + CREDITS_MARGIN:
        for m in moves:
            if m[0] == "play" and sense.is_credits(st, me, m):
                return m
    return mv.END


def _quick_gain(st: GrosState, me: int, m: Move) -> int:
    """``sense.gain`` read off the card alone (its strength as it stands, a Location's over
    the one it replaces): a play-out's guess, cheaper than changing the Movie to see."""
    i = sense._hand_card(st, me, m[1])
    d = st.defs[i]
    if d.type not in ("character", "prop", "location"):
        return 0
    if d.type == "location":
        if m[2] != (st.names[me],):
            return 0
        mine = st.movies[me]
        old = sum(sx.value(st, j, me, me, None, sx.NO_TRAITS) for j in mine.location)
        return sx.value(st, i, me, me, None, sx.NO_TRAITS) - old
    return sx.value(st, i, me, me, None, sx.NO_TRAITS)


def _trial_attack(st: GrosState, me: int, cid: str, target: int) -> Any:
    i = sense._hand_card(st, me, cid)
    return Attack(i, me, target) if i >= 0 else None


def policy(rules: Any, st: GrosState, actor: str, moves: list[Move], rng: Rng) -> Move:
    """A play-out move at the table: each seat's turn as ``normal`` plays it, the rest by rule."""
    return _playout_move(rules, st, actor, moves, _turn)


def quick_policy(rules: Any, st: GrosState, actor: str, moves: list[Move], rng: Rng) -> Move:
    """The coach's play-out move: the turns by a quick rule (``_quick_turn``, several times
    quicker than ``normal``'s look-ahead), the rest as at the table."""
    return _playout_move(rules, st, actor, moves, _quick_turn)


def _playout_move(rules: Any, st: GrosState, actor: str, moves: list[Move],
                  turn: Callable[[Any, GrosState, int, list[Move]], Move]) -> Move:
    """The plain player's choice in each kind of decision; ``turn`` plays the turns."""
    me = zones.seat_of(st, actor)
    d = st.decided or mv.decider(st)
    kind = d[1] if d else "turn"
    if kind == "turn":
        move = turn(rules, st, me, moves)
    elif kind == "respond":
        move = _respond(st, me, moves)
    elif kind == "stop":
        move = _stop(st, me, moves)
    elif kind == "victim":
        move = ("victim", pick_victim(st, me))
    elif kind == "discard":
        move = dig(st, me, moves)
    elif kind == "draw":
        move = mv.DRAW_FULL
    else:
        move = mv.PASS
    return move if move in moves else moves[-1] if kind in ("turn", "respond", "stop", "anytime") else moves[0]


def _search(playout: Callable[..., Move], iterations: int, paired: bool = False) -> Search:
    """The search whose play-outs move by ``playout``, capped at ``iterations`` a decision;
    ``paired``, its root moves played out on the same deals, longer past that count (``REACH``)."""
    return Search(policy=playout, evaluate=shares, depth=PLAYOUT_DEPTH, delegate=ruled, candidates=candidates,
                  flat=True, margin=MARGIN, settle=not paired, iterations=iterations, confidence=CONFIDENCE,
                  widen=WIDEN, breadth=TOP, deal=deal, paired=paired, reach=REACH if paired else 1.0)


# the table's: its root moves played out on the same deals (``Search.paired``: a play-out here
# depends on its deal alone). Apart, four times the play-outs won 45.0% of 150 2-player games
# against the table's count; paired, and longer past that count (REACH), 56.7% of 372 (rules.md)
SEARCH = _search(policy, TABLE_ITERATIONS, paired=True)
# the coach's search (``make_bot(coach=True)``): the quick turns, at the count the coach's
# thresholds were set on (``common.coach``; 500 a hint, as the table's search was then)
COACH_SEARCH = _search(quick_policy, COACH_ITERATIONS)
