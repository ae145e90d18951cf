"""Creature Feature rules beyond the records: refused moves change nothing, every listed move
is accepted, views hide hands, bots' determinized films agree with what they can see, and
the notation reads back what it writes."""

from __future__ import annotations

import json

import pytest

from common.engine import GameError, NotationError
from common.rng import Rng
from common.selfplay import play_game
from horror.bots import AuteurBot
from horror.notation import format_move, parse
from horror.rules import RULES, seat_names

BAD = ["play c1", "play m", "bid 99", "claim 99", "stake 0", "stake 99", "check c1 vs c1",
       "chase c2", "cut", "close", "accept t3", "offer c1 for cake", "pool monster 99 plan 0",
       "trope 1 c99: x", "raise s2 9", "armour c1 3", "spring", "escape", "move s2", "roll",
       "help c1", "drop p1", "trigger", "begin", "done", "decline", "pass", "star Extra Person"]


def film(g: int, players: int = 3):
    opts = {"players": str(players)}
    bots = {s: AuteurBot(g * 13 + i) for i, s in enumerate(RULES.seats(opts))}
    return opts, play_game(RULES, g, bots, opts).moves


def states(g: int, players: int = 3, every: int = 7):
    """States along a bot film, every few moves."""
    opts, moves = film(g, players)
    st = RULES.setup(opts, g)
    for i, (seat, move) in enumerate(moves):
        if i % every == 0:
            yield st
        RULES.apply(st, seat, move)
    yield st


def dump(st) -> str:
    return json.dumps(RULES.to_json(st), sort_keys=True)


@pytest.mark.parametrize("g", range(4))
def test_refused_moves_change_nothing_and_listed_moves_are_legal(g):
    for st in states(g, players=2 + g % 3, every=29):
        before = dump(st)
        seats = st.seats
        for seat in seats:
            for text in BAD:
                trial = RULES.clone(st)
                try:
                    RULES.apply(trial, seat, parse(text))
                except GameError as exc:
                    assert str(exc), "a refusal says why"
                    assert dump(trial) == before, f"{seat}: {text!r} was refused but changed the film"
        for d in RULES.decisions(st):
            for move in RULES.legal_moves(st, d.seat):
                RULES.apply(RULES.clone(st), d.seat, move)


def test_views_hide_the_other_hands_and_are_json():
    for st in states(1, players=4):
        for seat in [None, *st.seats]:
            v = RULES.view(st, seat)
            text = json.dumps(v)
            assert "hands" not in v and "pool" not in v and "fixed" not in v
            assert v["hand"] == (None if seat is None else st.hands[seat])
            assert v["hand_sizes"] == {s: len(h) for s, h in st.hands.items()}
            if st.offer and seat != st.offer[0]:
                assert v["offer"]["card"] is None
            for offer, shown in zip(st.waiting, v["waiting"], strict=True):  # open offers: the types only
                assert shown["card"] == (offer[1] if seat == offer[0] else None)
            assert text  # serialisable


def test_determinized_films_agree_with_the_view():
    rng = Rng(5)
    for st in states(2, players=3, every=5):
        for seat in st.seats:
            v = RULES.view(st, seat)
            guess = RULES.determinize(v, seat, rng)
            assert RULES.check_invariants(guess) == []
            assert guess.hands[seat] == st.hands[seat]
            assert {s: len(h) for s, h in guess.hands.items()} == {s: len(h) for s, h in st.hands.items()}
            assert RULES.decisions(guess) == RULES.decisions(st)
            assert [(o[0], o[2]) for o in guess.waiting] == [(o[0], o[2]) for o in st.waiting]
            for who, card, _wanted in guess.waiting:  # each open offer's card, of its type, in its hand
                assert card in guess.hands[who]
            if RULES.decisions(st) and RULES.decisions(st)[0].seat == seat and not st.offer:
                assert RULES.legal_moves(guess, seat) == RULES.legal_moves(st, seat)


def test_ismcts_can_take_a_seat():
    from common.bots import IsmctsBot

    opts = {"players": "2"}
    bots = {"p1": IsmctsBot(1, iterations=8), "p2": AuteurBot(2)}
    result = play_game(RULES, 3, bots, opts, max_moves=40)
    assert len(result.moves) == 40 or result.outcome is not None


@pytest.mark.parametrize("text", [
    "agree", "monster The Blob", "trigger", "trigger a meteor falls", "extra Igor",
    "supporting Dr. Vera Holt", "star Jack", "armour c3", "armour c3 2", "set The crypt",
    "set The crypt near s1, s4", "raise s2", "raise s2 3", "prop s2: a crowbar", "near s1, s2",
    "trope 1: a scream", "trope 2 c1, c3: the car will not start", "subplot c1: a grudge",
    "close", "offer c1 for set", "done", "accept t4", "decline", "bid 3", "claim 1", "pass",
    "play c1", "play m", "check c1 vs c2", "contest c1 vs s2", "chase c1", "attack c1",
    "help c3", "move s3", "drop p5", "ruling nobody can swim", "cut", "stake 2", "roll",
    "pool monster 1 plan 3", "plan lure it into the furnace", "spring", "escape",
    "say run!", "screenplay"])
def test_notation_reads_back_what_it_writes(text):
    move = parse(text)
    assert format_move(move) == text
    assert parse(format_move(move)) == move


@pytest.mark.parametrize("text, alias", [
    ("check c1 against monster", "check c1 vs m"), ("trope 1 c1 c2: x", "trope 1 c1, c2: x"),
    ("pool 2 3", "pool monster 2 plan 3"), ("pool plan 4", "pool monster 0 plan 4"),
    ("pool none", "pool monster 0 plan 0"), ("armor c1", "armour c1"), ("role Hank", "supporting Hank"),
    ("begin", "agree"),
    ("set The house near the lake", "set The house near the lake"), ("CHASE C4", "chase c4")])
def test_notation_aliases(text, alias):
    assert format_move(parse(text)) == alias


@pytest.mark.parametrize("text", ["", "dance", "bid x", "trope x: y", "trope 1 c1", "subplot c1",
                                  "check c1", "offer c1", "pool monster x", "near s1", "begin now"])
def test_notation_refuses_nonsense(text):
    with pytest.raises(NotationError):
        parse(text)


@pytest.mark.parametrize("text, move", [
    ("extra A\x01\x1b[2JB\x00C", ("extra", "ABC")),
    ("say \x1b]0;pwned\x07hi", ("say", "hi")),
    ("star Vera\tCrane\u202e\x9b", ("star", "Vera Crane")),
    ("set The \x1b[31mcrypt\x1b[0m near s1", ("set", "The crypt", ("s1",))),
    ("trope 1 c1: a\r\nscream\x07", ("trope", 1, ("c1",), "a scream")),
    ("plan \x1bPfreeze it", ("plan", "freeze it")),
    ("prop s1: a \u200dcrowbar", ("prop", "s1", "a \u200dcrowbar"))])
def test_free_text_loses_control_characters_and_escape_codes(text, move):
    assert parse(text) == move


@pytest.mark.parametrize("text", ["star " + "x" * 5000, "title " + "x" * 61, "set " + "x" * 61,
                                  "say " + "x" * 301, "trope 1: " + "x" * 301, "say \x1b[2J\x00"])
def test_free_text_has_limits(text):
    with pytest.raises(NotationError):
        parse(text)
    assert parse("star " + "x" * 60) and parse("say " + "x" * 300)


@pytest.mark.parametrize("options", [{"title": "Bad\x1b[31mTitle"}, {"monster": "M" * 61},
                                     {"setting": "\x00"}, {"trigger": "x" * 301}])
def test_premise_options_are_held_to_the_same_limits(options):
    with pytest.raises(GameError):
        RULES.setup({"players": "2", **options}, 1)


@pytest.mark.parametrize("g", range(6))
def test_every_move_tells_the_table_what_happens(g):
    """Only a pass that leaves the claim window open to others may go unsaid (the last pass
    says nobody claimed the chair), so nobody is left wondering whose turn it is."""
    opts, moves = film(g, players=2 + g % 4)
    st = RULES.setup(opts, g)
    said = set()
    for seat, move in moves:
        kind = RULES.decisions(st)[0].kind
        events = RULES.apply(st, seat, move)
        public = [RULES.narrate(e) for e in events if e.seat is None]
        if not (kind == "claim" and st.window):
            assert public, f"{seat}: {format_move(move)!r} ({kind}) told the table nothing"
        said.update(e.kind for e in events)
    assert {"done", "auction", "no_claim"} <= said


def test_passing_a_chase_says_who_helps_or_rolls_next():
    from horror.state import SCENE, Conflict

    st = RULES.setup({"players": "3"}, 1)
    st.phase, st.director = SCENE, "p1"
    st.conflict = Conflict("chase", ["m", "c1"], ["p1", "p2"], [4, 2], [2, 2], [0, 0], [0, 0])
    st.conflict.help_queue = ["p2", "p3"]
    first = [RULES.narrate(e) for e in RULES.apply(st, "p2", ("pass",))]
    second = [RULES.narrate(e) for e in RULES.apply(st, "p3", ("pass",))]
    assert first == ["p2 stays out of the chase; p3 may help next."]
    assert second == ["p3 stays out of the chase; p1 rolls the dice."]


@pytest.mark.parametrize("data, said", [
    (("plan", "The Thing", "The Thing", "the plan", "p1", 0), "The Thing beats the plan."),
    (("plan", "the plan", "The Thing", "the plan", "p2", 1), "The plan beats The Thing!"),
    (("plan", "", "The Thing", "the plan", "", -1), "The plan and The Thing wear each other out."),
    (("chase", "The Thing", "The Thing", "Vera", "p1", 0), "The Thing catches Vera."),
    (("chase", "Vera", "The Thing", "Vera", "p2", 1), "Vera gets away from The Thing."),
    (("contest", "Bob", "Bob", "Bethany", "p1", 0), "Bob wins the contest against Bethany."),
    (("contest", "Bethany", "Bob", "Bethany", "p2", 1), "Bethany wins the contest against Bob."),
    (("check", "Bob", "Bob", "Bob", "p2", 1), "Bob wins the check against Bob."),
    (("check", "", "Vera", "The crypt", "", -1), "The check between Vera and The crypt is a draw."),
    (("plan", "the plan", "The Thing", "the plan", "p2"), "The plan beats The Thing!")])  # an older log
def test_every_conflict_ends_in_a_plain_sentence(data, said):
    from common.engine import Event

    assert RULES.narrate(Event("result", data)) == said


def test_players_option():
    assert seat_names({}) == ["p1", "p2", "p3"]
    assert seat_names({"players": "8"})[-1] == "p8"
    assert seat_names({"players": "Bob, bethany"}) == ["bob", "bethany"]
    for bad in ("1", "9", "bob", "bob,bob", "bob,9lives"):
        with pytest.raises(GameError):
            seat_names({"players": bad})


def test_premise_from_options_and_moves():
    st = RULES.setup({"players": "2", "title": "Mummy in Space!!", "monster": "The Mummy"}, 1)
    assert st.title == "Mummy in Space!!" and st.elements["m"].name == "The Mummy"
    assert st.abilities == []  # a monster of the table's own has no default abilities forced on it
    RULES.apply(st, "p1", parse("setting a moon base"))
    RULES.apply(st, "p1", parse("monster Khem-Anat"))
    RULES.apply(st, "p1", parse("ability cannot be stopped by bullets"))
    RULES.apply(st, "p1", parse("begin"))
    assert st.phase == "premise" and RULES.decisions(st)[0].seat == "p2"  # every seat agrees
    RULES.apply(st, "p2", parse("title Mummy on the Moon"))  # ... or amends first
    RULES.apply(st, "p2", parse("agree"))
    assert (st.setting, st.elements["m"].name, st.phase) == ("a moon base", "Khem-Anat", "meeting")
    assert st.abilities == ["cannot be stopped by bullets"] and st.title == "Mummy on the Moon"


def test_a_renamed_monster_sheds_the_default_abilities():
    st = RULES.setup({"players": "2"}, 1)
    assert st.abilities  # the studio's monster comes with its abilities
    RULES.apply(st, "p1", parse("monster The Tide Thing"))
    assert st.abilities == []
    RULES.apply(st, "p1", parse("ability breathes under water"))
    RULES.apply(st, "p1", parse("ability none"))
    assert st.abilities == []


def test_auteur_does_not_repeat_an_offer_the_table_turned_down():
    """After nobody took its offer (a role for a set, say), a bot makes a different offer or
    is done, until the next deal; it learns of the refusal from its view's log alone."""
    from horror.bots import turned_down

    log = [("deal", 1, ()), ("offer", "p1", "role", "set"), ("decline", "p2"), ("no_trade", "p1"),
           ("offer", "p1", "trope", "set"), ("trade", "p1", "p2", "trope", "set"),
           ("offer", "p2", "set", "role"), ("no_trade", "p2")]
    assert turned_down({"log": log}, "p1") == {("role", "set")}
    assert turned_down({"log": [*log, ("deal", 2, ())]}, "p1") == set()
    assert turned_down({}, "p1") == set()  # no view: nothing is known to be refused

    refused = repeats = 0
    for g in range(12):
        opts = {"players": str(2 + g % 4)}
        bots = {s: AuteurBot(g * 13 + i) for i, s in enumerate(RULES.seats(opts))}
        st = RULES.setup(opts, g)
        for seat, move in play_game(RULES, g, bots, opts).moves:
            RULES.apply(st, seat, move)
        declined: set[tuple] = set()
        last: tuple = ()
        for entry in st.log:
            if entry[0] == "deal":
                declined = set()
            elif entry[0] == "offer":
                last = entry[1:]
                repeats += last in declined
            elif entry[0] == "no_trade":
                declined.add(last)
                refused += 1
    assert refused > 10 and repeats == 0


def test_meeting_suggestions_never_repeat_a_written_text():
    """'moves' at a script meeting suggests tropes and subplots the script does not hold yet
    (bots write what is suggested, so their films hold no twice-written trope either)."""
    from horror.script import new_element
    from horror.state import MEETING
    from horror.suggest import Stock

    meetings = 0
    for g in range(6):
        opts, moves = film(g, 2 + g % 4)
        st = RULES.setup(opts, g)
        for seat, move in moves:
            if st.phase == MEETING:
                meetings += 1
                for verb in ("trope", "subplot"):
                    written = {e.name.lower() for e in st.elements.values() if e.kind == verb}
                    texts = [m[-1].lower() for m in RULES.legal_moves(st, seat) if m[0] == verb]
                    assert not written & set(texts), (g, verb, written & set(texts))
                    assert len(texts) == len(set(texts))
                for m in RULES.legal_moves(st, seat):  # nor a prop its set already has
                    if m[0] == "prop":
                        assert m[2].lower() not in {p.lower() for p in st.props.get(m[1], ())}, m
            RULES.apply(st, seat, move)
    assert meetings > 50
    # every trope of the theme written: the suggestions are tropes any film may have; once those
    # are written too, none (never a retake: "(take 2)" reads as what it is)
    st = RULES.setup({"players": "2"}, 1)
    while st.phase != MEETING:
        seat = RULES.decisions(st)[0].seat
        RULES.apply(st, seat, RULES.legal_moves(st, seat)[0])
    stock = Stock(st)
    for text in (*stock.theme.tropes, st.trigger):
        new_element(st, "trope", text, st.seats[0], 3)
    seat = RULES.decisions(st)[0].seat
    tropes = [m[3] for m in RULES.legal_moves(st, seat) if m[0] == "trope"]
    assert tropes and set(tropes) <= set(stock.words.common_tropes)
    for text in stock.words.common_tropes:
        new_element(st, "trope", text, st.seats[0], 3)
    assert not [m for m in RULES.legal_moves(st, seat) if m[0] == "trope"]
    assert not [m for m in RULES.legal_moves(st, seat) if "(take" in str(m)]


def test_a_director_with_no_card_in_hand_directs_at_the_public_board():
    """Hot-seat: trading and directing need the hand, so the keyboard is handed over for them;
    but an empty hand hides nothing (every seat's hand size is public), so a director without a
    card, as in the climax once every card is on screen, is not handed the keyboard."""
    from horror import legal
    from horror.state import SCENE

    opts = {"players": "2"}
    bots = {s: AuteurBot(4 + i) for i, s in enumerate(RULES.seats(opts))}
    st = RULES.setup(opts, 4)
    seen = set()
    for seat, move in play_game(RULES, 4, bots, opts).moves:
        d = legal.decider(st)
        if d and d[1] == "direct" and st.phase == SCENE:
            private = RULES.private_decision(st, d[0])
            assert private == bool(st.hands[d[0]])
            assert not RULES.private_decision(st, next(s for s in st.seats if s != d[0]))
            seen.add(private)
        RULES.apply(st, seat, move)
    assert seen == {True, False}  # a hand to choose from, and none (the climax)
