"""The bots play as players would (issue 22): a test per fault seen in play, each from a
seeded film played by ``normal`` bots up to the decision in question, its hands then dealt
as the fault needs. The climax's tension over many films is ``horror bench``'s figure
(``horror.tension``); here a few films bound it loosely."""

from __future__ import annotations

from common.bots import make_bot
from horror import legal
from horror.bots import AuteurBot
from horror.rules import RULES
from horror.state import MONSTER, Conflict, Film
from horror.tension import climax


def film_at(kind: str, seed: int = 3, players: int = 3) -> Film:
    """A seeded film played by ``normal`` bots up to the first decision of ``kind``."""
    opts = {"players": str(players)}
    st = RULES.setup(opts, seed)
    bots = {s: AuteurBot(seed * 7 + i) for i, s in enumerate(RULES.seats(opts))}
    for _ in range(5000):
        seat, now = legal.decider(st)  # type: ignore[misc]
        if now == kind:
            return st
        view = RULES.view(st, seat)
        RULES.apply(st, seat, bots[seat].choose(RULES, view, seat, RULES.legal_moves(st, seat)))
    raise AssertionError(f"no {kind} decision in the film")


def deal(st: Film, seat: str, cards: list[str]) -> None:
    """Put ``cards`` in ``seat``'s hand (out of any other), as a stacked deal would."""
    for hand in st.hands.values():
        hand[:] = [c for c in hand if c not in cards]
    st.hands[seat] += cards


def of(st: Film, kind: str, act: int | None = None) -> list[str]:
    return [c for c, e in st.elements.items() if e.kind == kind and (act is None or e.act == act)
            and c not in st.gone]


def ask(level: str, st: Film, seat: str, seed: int = 1):
    bot = AuteurBot(seed) if level == "normal" else make_bot("hard", RULES, seed=seed, iterations=20)
    return bot.choose(RULES, RULES.view(st, seat), seat, RULES.legal_moves(st, seat))


def test_normal_bids_past_three_for_a_hand_worth_more():
    """It bid at most 3, whatever its hand would earn: now it bids what directing pays it."""
    st = film_at("bid")
    seat = legal.decider(st)[0]  # type: ignore[index]
    tropes = of(st, "trope", st.act)
    assert len(tropes) >= 2
    deal(st, seat, tropes + of(st, "set")[:1] + of(st, "supporting")[:1] + of(st, "extra")[:1])
    st.auction.high, st.auction.leader = 3, next(s for s in st.seats if s != seat)  # type: ignore[union-attr]
    st.budgets[seat] = 12
    assert ask("normal", st, seat) == ("bid", 4)
    deal(st, next(s for s in st.seats if s != seat), tropes)  # a hand worth nothing: no bid
    assert ask("normal", st, seat)[0] == "pass"


def test_no_level_hands_over_a_trope_of_the_act():
    st = film_at("trade")
    seat = st.trade_queue[0]
    now = of(st, "trope", st.act)[:1]
    deal(st, seat, now + of(st, "set")[:2] + of(st, "extra")[:1])
    st.pool += [c for c in st.hands[seat] if st.elements[c].kind == "trope" and c not in now]
    st.hands[seat] = [c for c in st.hands[seat] if c in now or st.elements[c].kind != "trope"]
    for level in ("normal", "hard"):
        move = ask(level, st, seat)
        assert not (move[0] == "offer" and move[1] in now), (level, move)
    # someone asks for a trope: the act's only trope stays in hand
    other = next(s for s in st.seats if s != seat)
    st.offer, st.responders = (other, st.hands[other][0], "trope"), [seat]
    for level in ("normal", "hard"):
        assert ask(level, st, seat) == ("decline",), level


def test_a_trope_is_not_passed_back_and_forth():
    """Two bots passed the same last trope to and fro: one received this deal is kept."""
    st = film_at("trade")
    a = st.trade_queue[0]
    b = next(s for s in st.seats if s != a)
    later = [c for c in of(st, "trope") if st.elements[c].act > st.act][:2]
    assert len(later) == 2
    deal(st, a, [later[0]] + of(st, "trope", st.act)[:1])
    deal(st, b, [later[1]] + of(st, "set")[:1])
    st.hands[a] = [c for c in st.hands[a] if c in later or st.elements[c].kind == "trope"]
    RULES.apply(st, a, ("offer", later[0], "trope"))
    RULES.apply(st, a, ("done",))  # the offer waits for b's sitting
    while legal.decider(st) != (b, "trade reply"):
        who, kind = legal.decider(st)  # type: ignore[misc]
        RULES.apply(st, who, ("decline",) if kind == "trade reply" else ("done",))
    RULES.apply(st, b, ("accept", later[1]))
    assert legal.decider(st) == (b, "trade")  # b answered, and now makes its own offers
    for level in ("normal", "hard"):
        move = ask(level, st, b)
        assert not (move[0] == "offer" and st.elements[move[1]].kind == "trope"), (level, move)


def test_hard_trades_other_elements_and_takes_a_fair_offer():
    """Its offers were only tropes for tropes, so a person's offers found no takers."""
    st = film_at("trade")
    seat = st.trade_queue[0]
    cast = of(st, "extra")[:1] + of(st, "supporting")[:1]
    deal(st, seat, of(st, "set")[:2] + cast)
    st.pool += [c for c in st.hands[seat] if st.elements[c].kind in ("trope", "subplot")]
    st.hands[seat] = [c for c in st.hands[seat] if st.elements[c].kind not in ("trope", "subplot")]
    move = ask("hard", st, seat)  # no trope in hand: a spare set or character for one
    assert move[0] == "offer" and move[2] == "trope" and st.elements[move[1]].kind != "trope", move
    person = next(s for s in st.seats if s != seat)
    subplot = of(st, "subplot")[0]
    deal(st, person, [subplot])
    st.offer, st.responders = (person, subplot, "role"), [seat]  # a subplot (1 die) for a spare role
    move = ask("hard", st, seat)
    assert move[0] == "accept" and st.elements[move[1]].kind in ("extra", "supporting", "star"), move


def test_no_one_feeds_its_own_monster_its_own_characters():
    """In a climax the monster's player sent two of its characters at its own monster."""
    st = film_at("roll", seed=5)  # a scene under way, a conflict in it
    seat = st.director
    chars = [c for c in st.screen if st.elements[c].kind in ("extra", "supporting", "star")]
    assert chars
    st.played_by[MONSTER] = seat
    st.screen.append(MONSTER) if MONSTER not in st.screen else None
    for c in chars:
        st.played_by[c] = seat
        st.armour[c] = 2
    st.conflict = Conflict("chase", [MONSTER, chars[0]], [seat, seat], [4, 1], [2, 1], [0, 0], [2, 1],
                           help_queue=[seat])
    helps = [("help", c) for c in chars] + [("pass",)]
    choices = {AuteurBot(n).choose(RULES, RULES.view(st, seat), seat, helps) for n in range(20)}
    assert choices == {("pass",)}
    st.played_by[MONSTER] = next(s for s in st.seats if s != seat)  # another's monster: it may help
    choices = {AuteurBot(n).choose(RULES, RULES.view(st, seat), seat, helps) for n in range(20)}
    assert choices - {("pass",)}


def test_the_monster_player_backs_its_monster_in_the_pools():
    """The bots put no dice in the monster pool: its own player now does."""
    st = film_at("pool", seed=2)
    seat = st.pool_queue[0]
    st.played_by[MONSTER] = seat
    st.budgets[seat] = 10
    move = ask("normal", st, seat)
    assert move[0] == "pool" and move[1] > 0 and move[1] + move[2] <= 10 - 3


def test_the_climax_is_in_doubt_and_takes_more_than_a_roll():
    """Bounded by count: 12 films (the bench's figure is over 100)."""
    got = climax(12)
    assert got["ended"] == 12
    assert 2 <= got["monster_won"] <= 10
    assert got["more_than_one_roll"] >= 6
