"""The heuristic bot plays sensibly: it attacks the leader when the attack would succeed,
stops an attack that would succeed against it, keeps title-word cards, and rolls the credits
when it is ahead (and only then)."""

from __future__ import annotations

from gros.bots import HeuristicBot
from gros.rules import RULES


def table(setup: list[str], players: int = 3, variant: str = "gros"):
    st = RULES.setup({"players": str(players), "variant": variant}, 11)
    for line in ["title: The Nothing | nothing", *setup]:
        RULES.scenario(st, line)
    return st


def choice(st, seat: str):
    assert RULES.decisions(st)[0].seat == seat
    return HeuristicBot(1).choose(RULES, RULES.view(st, seat), seat, RULES.legal_moves(st, seat))


def test_attacks_the_leader_when_it_would_win():
    st = table(["movie ray: the-robot", "movie dana: the-reporter, the-sheriff",
                "movie amanda: the-farm-girl, the-colonel", "hand ray: the-robot-overlord",
                "hand dana: the-shovel", "hand amanda: the-flashlight", "turn: ray 2"])
    assert choice(st, "ray") == ("attack", "the-robot-overlord", "amanda")


def test_does_not_throw_away_a_hopeless_attack():
    st = table(["movie ray: the-robot", "movie dana: the-reporter, the-sheriff, the-colonel",
                "movie amanda: the-farm-girl, the-square-jawed-hero", "hand ray: the-carnivorous-cabbage",
                "hand dana: the-shovel", "hand amanda: the-flashlight", "turn: ray 2"])
    assert choice(st, "ray") == ("end",)


def test_stops_an_attack_that_would_succeed_against_it():
    st = table(["movie ray: the-robot", "movie dana: the-reporter, the-sheriff", "movie amanda: the-farm-girl",
                "hand ray: the-blob", "hand dana: it-was-only-a-dream", "hand amanda: the-flashlight",
                "turn: ray 2"])
    RULES.apply(st, "ray", ("attack", "the-blob", "dana"))
    assert choice(st, "dana") == ("play", "it-was-only-a-dream", (), "", ())


def test_lets_a_failing_attack_fail():
    st = table(["movie ray: the-robot", "movie dana: the-reporter, the-sheriff, the-colonel",
                "movie amanda: the-farm-girl", "hand ray: the-carnivorous-cabbage",
                "hand dana: it-was-only-a-dream", "hand amanda: the-flashlight", "turn: ray 2"])
    RULES.apply(st, "ray", ("attack", "the-carnivorous-cabbage", "dana"))
    assert choice(st, "dana") == ("pass",)


def test_keeps_title_word_cards():
    st = table(["title: Dig It | dig", "movie ray: the-robot",
                "hand ray: the-shovel, the-flashlight, the-car-keys, the-holy-water, the-crucifix, "
                "the-baseball-bat, the-chainsaw", "hand dana: the-tomb", "hand amanda: the-cemetery",
                "turn: ray 2"])
    RULES.apply(st, "ray", ("end",))  # nobody holds an SFX: no window before the discards
    move = choice(st, "ray")
    assert move[0] == "discard" and move[1] != "the-shovel"


def test_rolls_the_credits_when_ahead_and_not_when_behind():
    ahead = table(["movie ray: the-robot, the-colonel", "movie dana: the-reporter", "movie amanda: the-farm-girl",
                   "hand ray: roll-the-credits-fade-out", "hand dana: the-shovel", "hand amanda: the-flashlight",
                   "turn: ray 3"])
    assert choice(ahead, "ray") == ("play", "roll-the-credits-fade-out", (), "", ())
    behind = table(["movie ray: the-robot", "movie dana: the-reporter, the-colonel", "movie amanda: the-farm-girl",
                    "hand ray: roll-the-credits-fade-out", "hand dana: the-shovel", "hand amanda: the-flashlight",
                    "turn: ray 3"])
    assert choice(behind, "ray") == ("end",)


# -- faults seen in play (issue 12); each position is one where the earlier bot erred ---------
def test_match_play_does_not_roll_the_credits_while_behind():
    """The evaluation counts the match totals: a fresh deal is no clean slate for the loser."""
    st = RULES.setup({"players": "3", "target": "80"}, 11)
    for line in ["title: The Nothing | nothing", "movie ray: the-robot",
                 "movie dana: the-reporter, the-colonel, the-sheriff", "movie amanda: the-farm-girl",
                 "hand ray: roll-the-credits-fade-out, the-shovel", "hand dana: the-flashlight",
                 "hand amanda: the-crucifix", "turn: ray 3"]:
        RULES.scenario(st, line)
    assert choice(st, "ray")[1] != "roll-the-credits-fade-out"


def full_hands(ray_hand: str, cast: str = "the-robot"):
    """Every hand full, so that ending the turn draws nobody a card: a stalled table."""
    st = table([f"movie ray: {cast}", "movie dana: the-reporter", "movie amanda: the-farm-girl",
                f"hand ray: {ray_hand}",
                "hand dana: full-moon, angry-mob, cheap-rubber-suit, continuity-error, sudden-explosion, the-earthquake",
                "hand amanda: the-garlic-necklace, the-lucky-rabbits-foot, the-baseball-bat, the-laser-pistol, "
                "the-shotgun, the-chainsaw", "turn: ray 3"])
    RULES.apply(st, "ray", ("end",))
    while (d := RULES.decisions(st)[0]).seat != "ray":  # the others let the end go by (G9)
        RULES.apply(st, d.seat, ("pass",))
    return st


def test_a_full_hand_makes_room_to_draw():
    """A bot that ends every turn with a full hand never draws, and the deck stalls."""
    st = full_hands("roll-the-credits-fade-out, bad-editing, the-blob, the-brain-from-beyond, the-wolfman, "
                    "the-astronaut")
    move = choice(st, "ray")
    assert move[0] == "discard" and move[1] not in ("the-blob", "roll-the-credits-fade-out")


def test_with_no_cast_props_go_to_dig_for_characters():
    st = full_hands("roll-the-credits-fade-out, the-shovel, the-blob, the-mummy, bad-editing, the-tomb", cast="")
    assert choice(st, "ray") == ("discard", "the-shovel")


def test_keeps_the_blob_and_a_dream_in_a_small_hand():
    st = table(["movie ray: the-robot", "movie dana: the-reporter", "movie amanda: the-farm-girl",
                "hand ray: it-was-only-a-dream, the-blob, the-robot-overlord", "hand dana: the-ham-radio",
                "hand amanda: the-crucifix", "turn: ray 3"])
    RULES.apply(st, "ray", ("end",))
    assert choice(st, "ray") == ("done",)
    st = table(["movie ray: the-robot", "movie dana: the-reporter", "movie amanda: the-farm-girl",
                "hand ray: it-was-only-a-dream, roll-the-credits-fade-out, roll-the-credits-the-end",
                "hand dana: the-ham-radio", "hand amanda: the-crucifix", "turn: ray 3"])
    RULES.apply(st, "ray", ("end",))
    assert choice(st, "ray") == ("done",)


def test_does_not_pay_three_cards_to_stop_a_small_location():
    """The Cat in the Locker and two discards are worth more than a rival's +2 Location."""
    st = table(["movie ray: the-robot", "movie dana: the-reporter", "movie amanda: the-farm-girl",
                "hand ray: the-cat-in-the-locker, the-shovel, the-flashlight, the-crucifix",
                "hand dana: the-cemetery", "hand amanda: the-chainsaw", "turn: dana 1"])
    RULES.apply(st, "dana", ("play", "the-cemetery", ("dana",), "", ()))
    assert choice(st, "ray") == ("pass",)


def test_the_tables_hard_thinks_at_most_what_the_ladder_measured():
    """A thinking ``hard`` stops at the ladder's count: the strength the rules page gives is
    the most a player meets (a slower machine may give it less time, never more)."""
    from gros.cli import SPEC
    from gros.hard import SEARCH

    assert SEARCH.iterations == SPEC.ladder_iterations


def test_the_tables_playouts_play_a_turn_as_normal_does_and_the_coachs_quickly():
    """In the table's play-outs a seat's turn is ``normal``'s: no Creature sent at a Movie far
    behind while the leader cannot be touched (the quick rule attacked whatever it could beat,
    so its play-outs misjudged the rivals' turns). The coach's search keeps the quick rule:
    its thresholds were set on it."""
    from common.bots import make_bot
    from common.rng import Rng
    from gros import hard

    st = table(["movie ray: the-robot", "movie dana: the-reporter, the-sheriff, the-colonel",
                "movie amanda: the-farm-girl", "hand ray: the-carnivorous-cabbage",
                "hand dana: the-shovel", "hand amanda: the-flashlight", "turn: ray 2"])
    legal = RULES.legal_moves(st, "ray")
    assert hard.policy(RULES, st.clone(), "ray", legal, Rng(1)) == choice(st, "ray") == ("end",)
    assert hard.quick_policy(RULES, st.clone(), "ray", legal, Rng(1)) == ("attack", "the-carnivorous-cabbage", "amanda")
    assert make_bot("hard", RULES, iterations=5).search is hard.SEARCH
    assert make_bot("hard", RULES, iterations=5, coach=True).search is hard.COACH_SEARCH


def ended(st):
    """``st`` after ray's 'end', the others passing: ray's end-of-turn discards."""
    RULES.apply(st, "ray", ("end",))
    while (d := RULES.decisions(st)[0]).seat != "ray":
        RULES.apply(st, d.seat, ("pass",))
    return st


def title_words_in_hand(sixth: str):
    """A full hand of five title words and ``sixth`` (ray's, in round 9 of a 2-player game)."""
    st = RULES.setup({"players": "2", "variant": "gros"}, 11)
    for line in ["title: Scream at the Moon | scream moon", "movie ray: the-robot", "movie dana: the-reporter",
                 "hand ray: blood-curdling-scream, blood-curdling-scream, full-moon, full-moon, the-wolfman, "
                 f"{sixth}", "hand dana: the-shovel", "turn: ray 9"]:
        RULES.scenario(st, line)
    return st


def test_a_full_hand_of_title_words_still_makes_room():
    """Two bots held six title words and four cards for 300 rounds: the one could not draw,
    the other drew nothing rather than the deck's last card, which would end a game it was
    losing. A full hand goes down by one even when every card scores."""
    st = title_words_in_hand("the-cat-in-the-locker")
    ended(st)
    move = choice(st, "ray")
    assert move[0] == "discard"
    RULES.apply(st, "ray", move)
    assert choice(st, "ray") == ("done",)  # one goes: five title words still score


def test_a_full_hand_with_a_character_is_kept():
    """A Character comes back to hand after 'end' (a rival's card): it is cast next turn,
    which makes room, so nothing goes (throwing it would be self-harm, ``sense``)."""
    st = title_words_in_hand("the-ingenue")
    ended(st)
    assert choice(st, "ray") == ("done",)


def test_over_the_limit_a_title_word_goes_before_a_character():
    """Seven cards, a Character and six title words: one must go, and it is a title word
    (a Character thrown is self-harm, ``sense.discarded_cast``)."""
    st = title_words_in_hand("the-ingenue")
    RULES.scenario(st, "hand ray: blood-curdling-scream, blood-curdling-scream, full-moon, full-moon, "
                       "the-wolfman, the-cat-in-the-locker, the-ingenue")
    ended(st)
    move = choice(st, "ray")
    assert move[0] == "discard" and move[1] != "the-ingenue"
    RULES.apply(st, "ray", move)
    assert choice(st, "ray") == ("done",)
