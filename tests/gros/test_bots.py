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
