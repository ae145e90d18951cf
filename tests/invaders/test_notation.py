"""The Invaders move language round-trips, refuses nonsense with a sentence, and agrees with the
rules; determinize deals a seat nothing it could not know."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from common.engine import IllegalMove, NotationError
from common.rng import Rng
from invaders.rules import RULES
from invaders.state import ALIENS, HUMANS, SEATS

DERANDOMIZED = settings(derandomize=True, deadline=None, max_examples=300,
                        suppress_health_check=[HealthCheck.too_slow])

boards = hs.sampled_from([{}, {"width": "3", "height": "3"}, {"width": "5", "height": "4"},
                          {"width": "11", "height": "9"}, {"width": "26", "height": "4"},
                          {"width": "3", "height": "12", "draw": "3"}])


def random_position(seed: int, options: dict, upto: int):
    st = RULES.setup(options, seed)
    rng = Rng(seed)
    for _ in range(upto):
        if RULES.outcome(st) is not None:
            break
        seat = RULES.decisions(st)[0].seat
        RULES.apply(st, seat, rng.choice(RULES.legal_moves(st, seat)))
    return st


def every_move(st) -> list[tuple]:
    """Every move the notation can express on this board, legal now or not."""
    cards = {cid for seat in SEATS for cid in RULES.catalog.cards[seat]}
    moves = [("fire",), ("maneuver",), ("shield",), ("end",), ("reinforce", -1)]
    moves += [("place", c) for c in range(st.width + 1)]
    moves += [("reinforce", c) for c in range(st.width + 1)]
    moves += [("maneuver", n, d) for n in range(0, 5) for d in (-1, 1)]
    moves += [("discard", cid) for cid in sorted(cards)]
    return moves


# -- round trips -----------------------------------------------------------------------------------

@DERANDOMIZED
@given(seed=hs.integers(0, 2**32), options=boards, upto=hs.integers(0, 150))
def test_every_legal_move_round_trips(seed, options, upto):
    st = random_position(seed, options, upto)
    for seat in SEATS:
        for move in RULES.legal_moves(st, seat):
            text = RULES.format(move)
            assert RULES.parse(text) == move, text
            assert RULES.format(RULES.parse(text)) == text
            assert RULES.parse(text.upper()) == move  # the notation ignores case


def test_the_whole_vocabulary_round_trips():
    st = RULES.setup({"width": "25"}, 0)
    for move in every_move(st):
        text = RULES.format(move)
        assert RULES.parse(text) == move, text


@pytest.mark.parametrize("text,move", [
    ("fire", ("fire",)), ("Fuoco!", ("fire",)), ("f", ("fire",)), ("fire!", ("fire",)),
    ("maneuver", ("maneuver",)), ("manovra", ("maneuver",)), ("m", ("maneuver",)),
    ("maneuver 2 left", ("maneuver", 2, -1)), ("maneuver 3 r", ("maneuver", 3, 1)),
    ("left 1", ("maneuver", 1, -1)), ("right 3", ("maneuver", 3, 1)), ("m, 2, right", ("maneuver", 2, 1)),
    ("reinforce c", ("reinforce", 2)), ("rinforzi", ("reinforce", -1)), ("r a", ("reinforce", 0)),
    ("shield", ("shield",)), ("scudo", ("shield",)), ("end", ("end",)), ("pass", ("end",)),
    ("place d", ("place", 3)), ("p g", ("place", 6)), ("  PLACE   A ", ("place", 0)),
    ("place d1", ("place", 3)), ("reinforce c7", ("reinforce", 2, 7)),
    ("discard fire", ("discard", "fire")), ("discard maneuver 2", ("discard", "maneuver2")),
    ("discard Deflector Shield", ("discard", "shield")), ("d reinforce", ("discard", "reinforcements")),
])
def test_parse_accepts_the_documented_forms(text, move):
    assert RULES.parse(text) == move


@pytest.mark.parametrize("text,words", [
    ("", "empty move"),
    ("   ", "empty move"),
    ("launch", "'launch' is not a move"),
    ("fire twice", "'fire twice' is not a move"),
    ("maneuver 2 up", "maneuver N left|right"),
    ("maneuver left", "maneuver N left|right"),
    ("maneuver 2", "maneuver N left|right"),
    ("place", "'place' is not a move"),
    ("place 3", "'3' is not a column"),
    ("place dd", "'dd' is not a column"),
    ("reinforce a b", "is not a move"),
    ("reinforce 7", "'7' is not a column"),
    ("place d5", "the Defender stands on the lunar row, row 1, not row 5"),
    ("place d0", "the Defender stands on the lunar row, row 1, not row 0"),
    ("discard", "'discard' is not a move"),
    ("end now", "is not a move"),
])
def test_bad_text_is_refused_with_a_sentence(text, words):
    with pytest.raises(NotationError) as info:
        RULES.parse(text)
    message = str(info.value)
    assert words in message
    assert len(message.split()) >= 2  # a sentence, not a code


# -- the notation agrees with the rules ------------------------------------------------------------

@DERANDOMIZED
@given(seed=hs.integers(0, 2**32), options=boards, upto=hs.integers(0, 150))
def test_legal_moves_are_exactly_the_moves_apply_accepts(seed, options, upto):
    st = random_position(seed, options, upto)
    for seat in SEATS:
        legal = set(RULES.legal_moves(st, seat))
        for move in every_move(st):
            trial = RULES.clone(st)
            if move in legal:
                RULES.apply(trial, seat, move)
                assert RULES.check_invariants(trial) == []
            else:
                with pytest.raises(IllegalMove) as info:
                    RULES.apply(trial, seat, move)
                assert str(info.value)  # says why


@pytest.mark.parametrize("options,top", [({}, 7), ({"width": "5", "height": "9"}, 10)])
def test_reinforcements_name_the_top_row_or_no_row(options, top):
    st = RULES.setup({**options, "deck.aliens": "reinforcements:4"}, 1)
    RULES.apply(st, HUMANS, ("place", 0))
    for wrong in (3, top - 1, top + 1):
        with pytest.raises(IllegalMove, match=f"top row, row {top}, not row {wrong}"):
            RULES.apply(RULES.clone(st), ALIENS, RULES.parse(f"reinforce a{wrong}"))
    rowed, bare = RULES.clone(st), RULES.clone(st)
    RULES.apply(rowed, ALIENS, RULES.parse(f"reinforce a{top}"))
    RULES.apply(bare, ALIENS, RULES.parse("reinforce a"))
    assert RULES.facts(rowed) == RULES.facts(bare)


# -- determinize -----------------------------------------------------------------------------------

@DERANDOMIZED
@given(seed=hs.integers(0, 2**32), options=boards, upto=hs.integers(0, 150),
       seat=hs.sampled_from(SEATS), deal=hs.integers(0, 2**32))
def test_determinize_agrees_with_the_view(seed, options, upto, seat, deal):
    st = RULES.setup(options, seed) if upto == 0 else random_position(seed, options, upto)
    view = RULES.view(st, seat)
    guess = RULES.determinize(view, seat, Rng(deal))
    # the seat's own hand, the public piles and the board are exactly what it sees
    assert sorted(guess.hands[seat]) == view["hand"] == sorted(st.hands[seat])
    for s in SEATS:
        assert sorted(guess.discards[s]) == sorted(st.discards[s])
        assert len(guess.hands[s]) == len(st.hands[s])
        assert len(guess.decks[s]) == len(st.decks[s])
    assert len(guess.shields) == len(st.shields)
    assert RULES.view(guess, seat) == view  # nothing differs from what the view shows
    assert RULES.facts(guess) == RULES.facts(st)  # every public fact is kept
    assert RULES.decisions(guess) == RULES.decisions(st)
    assert RULES.check_invariants(guess) == []  # card counts are kept
    # the seat's own moves are the same in the guess as in the real game
    assert RULES.legal_moves(guess, seat) == RULES.legal_moves(st, seat)


def test_determinize_samples_what_the_seat_cannot_see():
    # a big alien deck, so that the aliens' hand is not forced by what the humans see
    st = RULES.setup({"deck.aliens": "fire:12,maneuver:8,reinforcements:4"}, 3)
    RULES.apply(st, HUMANS, ("place", 3))
    view = RULES.view(st, HUMANS)
    assert "hands" not in view and "decks" not in view
    alien_hands = {tuple(sorted(RULES.determinize(view, HUMANS, Rng(k)).hands[ALIENS])) for k in range(30)}
    assert len(alien_hands) > 1  # the aliens' hand is guessed, not copied from the game
    # and the guess never invents a card: what is unseen is the composition less what is seen
    for k in range(30):
        guess = RULES.determinize(view, HUMANS, Rng(k))
        unseen = Counter(guess.hands[ALIENS]) + Counter(guess.decks[ALIENS])
        assert unseen == Counter(st.hands[ALIENS]) + Counter(st.decks[ALIENS])


def test_a_determinized_game_plays_to_its_end():
    for seed in range(30):
        st = random_position(seed, {}, seed % 20)
        seat = RULES.decisions(st)[0].seat if RULES.decisions(st) else HUMANS
        guess = RULES.determinize(RULES.view(st, seat), seat, Rng(seed))
        rng = Rng(seed)
        while RULES.outcome(guess) is None:
            actor = RULES.decisions(guess)[0].seat
            RULES.apply(guess, actor, rng.choice(RULES.legal_moves(guess, actor)))
            assert RULES.check_invariants(guess) == []


@pytest.mark.parametrize("seed", range(10))
def test_views_hide_hands_and_deck_order(seed):
    st = random_position(seed, {}, 4 + seed)
    spectator = RULES.view(st, None)
    assert spectator["hand"] is None
    json.dumps(spectator)
    for seat in (None, *SEATS):
        view = RULES.view(st, seat)
        json.dumps(view)  # JSON-safe
        assert not {"hands", "decks", "rng"} & set(view)
        assert view["hand_sizes"] == {s: len(st.hands[s]) for s in SEATS}
        assert view["deck_sizes"] == {s: len(st.decks[s]) for s in SEATS}
        # the only cards named in a view are the seat's own hand and the open discard piles
        assert view["hand"] == (sorted(st.hands[seat]) if seat else None)
        assert view["discards"] == {s: sorted(st.discards[s]) for s in SEATS}
    # two games that differ only in hidden cards give the aliens the same view
    other = RULES.clone(st)
    other.decks[HUMANS].reverse()
    if st.hands[HUMANS] and st.decks[HUMANS]:
        other.hands[HUMANS][0], other.decks[HUMANS][0] = other.decks[HUMANS][0], other.hands[HUMANS][0]
    assert RULES.view(other, ALIENS) == RULES.view(st, ALIENS)
