"""Moves no player would make (issue 22), one seeded position per fault seen in play: the test
in ``gros.sense`` finds the fault, and no bot level makes it (``easy`` slipping at every
decision still never harms itself). Searches run a count of iterations, never a clock."""

from __future__ import annotations

import pytest

from common.bots import SloppyBot, make_bot
from gros import sense, strength
from gros.bots import HeuristicBot
from gros.rules import RULES


def table(setup: list[str], players: int = 3, variant: str = "gros"):
    st = RULES.setup({"players": str(players), "variant": variant}, 11)
    for line in ["title: The Nothing | nothing", *setup]:
        RULES.scenario(st, line)
    return st


def seat_index(st, seat: str) -> int:
    return st.names.index(seat)


def choices(st, seat: str, levels=("normal", "hard"), iterations: int = 40) -> dict[str, tuple]:
    """What each level chooses here (``hard`` at a count of iterations)."""
    assert RULES.decisions(st)[0].seat == seat
    legal = RULES.legal_moves(st, seat)
    return {lv: make_bot(lv, RULES, seed=3, iterations=iterations).choose(RULES, RULES.view(st, seat), seat, legal)
            for lv in levels}


def slips(st, seat: str, tries: int = 40) -> set[tuple]:
    """Every move ``easy`` makes here over many seeds, slipping (at random) every time."""
    legal = RULES.legal_moves(st, seat)
    view = RULES.view(st, seat)
    return {SloppyBot(HeuristicBot(k), k, slip=100, sensible=HeuristicBot.easy_moves).choose(RULES, view, seat, legal)
            for k in range(tries)}


def test_a_prop_relay_along_the_cast_is_pointless():
    """42 Prop moves against 68 plays in one hard game: with nothing better to do, the earlier
    search passed Props along the cast (every move scored the same as 'end')."""
    st = table(["movie ray: the-robot[the-shotgun], the-reporter[the-flashlight], the-sheriff, the-final-girl",
                "movie dana: the-colonel", "movie amanda: the-farm-girl", "hand ray: roll-the-credits-fade-out",
                "hand dana: the-tomb", "hand amanda: the-cemetery", "turn: ray 2"])
    relays = [m for m in RULES.legal_moves(st, "ray") if m[0] == "move"]
    assert len(relays) == 6 and all(sense.idle_prop(st, 0, m) for m in relays)
    for seed in range(3):
        assert make_bot("hard", RULES, seed=seed, iterations=40).choose(
            RULES, RULES.view(st, "ray"), "ray", RULES.legal_moves(st, "ray")) == ("end",)
    assert choices(st, "ray", levels=("normal",))["normal"] == ("end",)


def test_a_prop_move_that_doubles_is_not_pointless():
    """The Handyman doubles his Props: moving one to him raises the Defence."""
    st = table(["movie ray: the-babysitter[the-crowbar], good-looking-handyman", "movie dana: the-lifeguard",
                "hand ray: the-beach", "hand dana: the-lake", "turn: ray 2"], players=2, variant="gr2")
    assert not sense.idle_prop(st, 0, ("move", "ray/the-babysitter/the-crowbar", "ray/good-looking-handyman"))


def hopeless():
    """A Carnivorous Cabbage (3) against a Movie of 14, nothing in hand to lift it."""
    return table(["movie ray: the-robot", "movie dana: the-colonel, the-square-jawed-hero, the-sheriff",
                  "location dana: the-old-dark-house", "movie amanda: the-farm-girl, the-reporter",
                  "hand ray: the-carnivorous-cabbage, the-shovel", "hand dana: the-tomb",
                  "hand amanda: the-flashlight", "turn: ray 2"])


def test_a_hopeless_attack_is_found_and_never_made():
    st = hopeless()
    for target in ("dana", "amanda"):
        assert sense.hopeless_attack(st, 0, ("attack", "the-carnivorous-cabbage", target))
    assert all(move[0] != "attack" for move in choices(st, "ray").values())


def test_an_attack_a_card_in_hand_can_lift_is_not_hopeless():
    """With Full Moon (+4) and the Mad Scientist played as an SFX (x3), 3 can reach 21."""
    st = hopeless()
    RULES.scenario(st, "hand ray: the-carnivorous-cabbage, full-moon, the-mad-scientist")
    assert not sense.hopeless_attack(st, 0, ("attack", "the-carnivorous-cabbage", "dana"))


def rabbit(attacker_hand: str = ""):
    """The Blob (9) attacks dana's Movie of 4, which holds the Lucky Rabbit's Foot (+3)."""
    st = table(["movie ray: the-robot", "movie dana: the-reporter[the-lucky-rabbits-foot]",
                "movie amanda: the-farm-girl", f"hand ray: the-blob{attacker_hand}", "hand dana: the-shovel",
                "hand amanda: the-flashlight", "turn: ray 2"])
    RULES.apply(st, "ray", ("attack", "the-blob", "dana"))
    while RULES.decisions(st)[0].seat != "dana":
        RULES.apply(st, RULES.decisions(st)[0].seat, ("pass",))
    return st


def test_the_rabbits_foot_is_not_spent_to_reach_a_total_that_still_fails():
    st = rabbit()
    foot = next(m for m in RULES.legal_moves(st, "dana") if m[0] == "use")
    assert sense.vain_boost(st, 1, foot)  # 4 - 1 + 3 = 6 against 9
    assert all(move != foot for move in choices(st, "dana").values())


def test_a_boost_that_saves_the_movie_is_not_vain():
    st = table(["movie ray: the-robot", "movie dana: the-reporter[the-lucky-rabbits-foot]",
                "movie amanda: the-farm-girl", "hand ray: the-mummy", "hand dana: the-shovel",
                "hand amanda: the-flashlight", "turn: ray 2"])
    RULES.apply(st, "ray", ("attack", "the-mummy", "dana"))
    while RULES.decisions(st)[0].seat != "dana":
        RULES.apply(st, RULES.decisions(st)[0].seat, ("pass",))
    foot = next(m for m in RULES.legal_moves(st, "dana") if m[0] == "use")
    assert not sense.vain_boost(st, 1, foot)  # 4 - 1 + 3 = 6 against the Mummy's 5: saved


def own_movie():
    """GR2, round 2: ray holds the Stunt Double and Flood Warning, and has a Location."""
    return table(["movie ray: the-mall-cop[the-crowbar], the-lifeguard", "location ray: the-beach",
                  "movie dana: the-gym-teacher", "location dana: summer-camp",
                  "hand ray: the-stunt-double, flood-warning, the-lake", "hand dana: the-hairspray",
                  "turn: ray 2"], players=2, variant="gr2")


@pytest.mark.parametrize("card", ["the-stunt-double", "flood-warning"])
def test_cards_against_ones_own_movie_are_found_and_never_played(card):
    st = own_movie()
    own = [m for m in RULES.legal_moves(st, "ray") if m[0] == "play" and m[1] == card and m[2][0].startswith("ray")]
    assert own and all(sense.own_goal(st, 0, m) for m in own)
    made = {*choices(st, "ray").values(), *slips(st, "ray")}
    assert not made & set(own)


def locations(hand: str, mine: str = "", theirs: str = ""):
    """Round 2, ray to play: dana's Movie holds the Colonel, ray's the Robot."""
    return table(["movie ray: the-robot", "movie dana: the-colonel", "movie amanda: the-farm-girl",
                  *([f"location ray: {mine}"] if mine else []), *([f"location dana: {theirs}"] if theirs else []),
                  f"hand ray: {hand}", "hand dana: the-shovel", "hand amanda: the-shovel", "turn: ray 2"])


def test_a_location_that_only_raises_a_rivals_defence_is_a_gift():
    """Seen in a searched game: Lovers' Lane (+2) put on a rival's Movie, 2 points for the
    rival. A swap for a weaker Location, or Lovers' Lane before a Psycho attack (-2 against
    it), is play; so is The Observatory on one's own Movie."""
    st = locations("the-observatory, the-flashlight")
    given = [("play", "the-observatory", ("dana",), "", ()), ("play", "the-observatory", ("amanda",), "", ())]
    assert all(m in RULES.legal_moves(st, "ray") and sense.gift(st, 0, m) for m in given)
    assert not sense.gift(st, 0, ("play", "the-observatory", ("ray",), "", ()))
    assert not set(given) & {*choices(st, "ray").values(), *slips(st, "ray")}
    weaker = locations("the-swamp", theirs="the-old-dark-house")  # 3 -> 1 for dana
    assert not sense.gift(weaker, 0, ("play", "the-swamp", ("dana",), "", ()))
    psycho = locations("lovers-lane, the-axe-maniac")
    assert not sense.gift(psycho, 0, ("play", "lovers-lane", ("dana",), "", ()))
    assert sense.gift(locations("lovers-lane, the-blob"), 0, ("play", "lovers-lane", ("dana",), "", ()))


def test_a_location_put_over_ones_own_for_no_defence_is_idle():
    """Seen at the table: `hard` put Lovers' Lane on its Movie, then The Observatory over it in
    the same turn (both 2). A stronger Location over a weaker one raises the Defence."""
    st = locations("the-observatory", mine="lovers-lane")
    over = ("play", "the-observatory", ("ray",), "", ())
    assert sense.idle_location(st, 0, over) and sense.faults(st, 0, over, False) == "idle_location"
    assert over not in choices(st, "ray").values()
    assert not sense.idle_location(locations("the-observatory", mine="the-swamp"), 0, over)
    assert not sense.idle_location(locations("the-observatory"), 0, over)  # the first Location
    weaker = locations("the-swamp", mine="the-old-dark-house")  # 3 -> 1: self-harm, not even `easy`
    down = ("play", "the-swamp", ("ray",), "", ())
    assert sense.faults(weaker, 0, down, False) == "own_goal" and down not in slips(weaker, "ray")


def test_the_audit_counts_gifts_and_idle_locations_among_their_own_moves():
    from gros.audit import Audit

    audit = Audit(RULES)
    st = locations("the-observatory, the-flashlight", mine="lovers-lane")
    for move in [("play", "the-observatory", ("dana",), "", ()), ("play", "the-observatory", ("ray",), "", ()),
                 ("play", "the-flashlight", ("ray/the-robot",), "", ())]:  # the last: neither kind
        audit.see(st, "ray", move, "normal")
    counts = audit.report()["normal"]
    assert (counts["gift"]["faults"], counts["gift"]["of"]) == (1, 1)
    assert (counts["idle_location"]["faults"], counts["idle_location"]["of"]) == (1, 1)


def test_flooding_a_rivals_location_is_not_an_own_goal():
    st = own_movie()
    assert not sense.own_goal(st, 0, ("play", "flood-warning", ("dana",), "", ()))


def farm_girl():
    """Round 4: ray holds the credits and The Farm Girl; dana's hidden Shovel scores the title
    word, so rolling now scores 19 to dana's 21, casting her first 22 to 21 (the game issue
    22 saw lost: the earlier bot rolled whenever its sampled deal left dana no title word)."""
    return table(["title: Dig It | dig",
                  "movie ray: the-quarterback[the-chainsaw], the-sheriff, the-robot, the-reporter, "
                  "the-drive-in-couple, the-starlet",
                  "movie dana: the-astronaut[the-laser-pistol], the-square-jawed-hero[the-shotgun], "
                  "the-night-watchman, the-ingenue",
                  "hand ray: roll-the-credits-fade-out, the-farm-girl", "hand dana: the-shovel",
                  "turn: ray 4"], players=2)


def test_normal_plays_the_card_that_wins_before_rolling_the_credits():
    st = farm_girl()
    assert RULES.facts(st)["defence.ray"] == "19" and RULES.facts(st)["defence.dana"] == "16"
    credits = ("play", "roll-the-credits-fade-out", (), "", ())
    assert "early_credits" == sense.faults(st, 0, credits, gains=True)
    move = choices(st, "ray", levels=("normal",))["normal"]
    assert move == ("play", "the-farm-girl", (), "", ())


def test_normal_is_not_passive_after_round_three():
    """Round 5, the Starlet (1) in hand: the earlier bot kept her, a card worth about as much
    in hand as on screen; cast, she adds to the score and still scores her title word."""
    st = table(["movie ray: the-robot", "movie dana: the-colonel, the-sheriff", "movie amanda: the-farm-girl",
                "hand ray: the-starlet, sudden-explosion", "hand dana: the-tomb", "hand amanda: the-cemetery",
                "turn: ray 5"])
    assert sense.faults(st, 0, ("end",), gains=True) == "passive"
    for level, move in choices(st, "ray").items():
        assert move != ("end",), level


def test_easy_never_stops_its_own_attack():
    """Angry Mob in the attacker's hand during its own attack: easy slips, but not into it."""
    st = table(["movie ray: the-robot", "movie dana: the-reporter", "movie amanda: the-farm-girl",
                "hand ray: the-blob, angry-mob, the-shovel", "hand dana: the-tomb", "hand amanda: the-cemetery",
                "turn: ray 2"])
    RULES.apply(st, "ray", ("attack", "the-blob", "dana"))
    mob = [m for m in RULES.legal_moves(st, "ray") if m[0] == "play" and m[1] == "angry-mob"]
    assert mob and all(sense.own_goal(st, 0, m) for m in mob)
    assert not slips(st, "ray") & set(mob)


def test_easy_never_discards_a_character_it_could_cast():
    st = table(["movie ray: the-robot", "movie dana: the-reporter", "movie amanda: the-farm-girl",
                "hand ray: the-sheriff, the-shovel, the-tomb, the-mummy, the-flashlight, the-crucifix",
                "hand dana: the-garlic-necklace", "hand amanda: the-car-keys", "turn: ray 2"])
    RULES.apply(st, "ray", ("end",))
    while RULES.decisions(st)[0].kind != "discard":
        RULES.apply(st, RULES.decisions(st)[0].seat, ("pass",))
    assert sense.discarded_cast(st, 0, ("discard", "the-sheriff"))
    made = slips(st, "ray") | set(choices(st, "ray", levels=("normal",)).values())
    assert ("discard", "the-sheriff") not in made and len(made) > 1


def test_hard_chooses_the_same_whatever_the_hidden_cards_are():
    """Two tables alike in all ray can see, different in the others' hands and the deck: the
    same view, so the same choice (the bot never reads a hidden card)."""
    base = ["movie ray: the-robot", "movie dana: the-reporter, the-sheriff", "movie amanda: the-farm-girl",
            "hand ray: the-blob, the-shovel, the-mummy", "turn: ray 3"]
    one = table([*base, "hand dana: it-was-only-a-dream, the-tomb", "hand amanda: angry-mob, full-moon"])
    two = table([*base, "hand dana: the-flashlight, the-crucifix", "hand amanda: the-car-keys, the-chainsaw"])
    views = [RULES.view(st, "ray") for st in (one, two)]
    assert views[0] == views[1] and RULES.hidden_facts(one) != RULES.hidden_facts(two)
    picks = [make_bot("hard", RULES, seed=5, iterations=60).choose(RULES, v, "ray", RULES.legal_moves(st, "ray"))
             for v, st in zip(views, (one, two), strict=True)]
    assert picks[0] == picks[1]


def test_hard_judges_the_credits_on_the_stack_over_several_deals():
    """Whether dana's credits win for her depends on the title words in her hidden hand: one
    deal (``normal``) now and then sees her win and pays two cards for a stop ray does not
    need; ``hard`` judges the window over six deals from its view, the same whatever its seed."""
    st = table(["title: Night of the Blob | night blob", "movie ray: the-robot, the-colonel",
                "movie dana: the-robot, the-reporter",
                "hand ray: the-cat-in-the-locker, the-chainsaw, the-baseball-bat",
                "hand dana: roll-the-credits-fade-out, the-shovel, the-flashlight, the-tomb", "turn: dana 3"],
               players=2)
    RULES.apply(st, "dana", ("play", "roll-the-credits-fade-out", (), "", ()))
    legal = RULES.legal_moves(st, "ray")
    assert RULES.decisions(st)[0].kind == "stop" and ("pass",) in legal and len(legal) == 2
    view = RULES.view(st, "ray")
    assert {HeuristicBot(k).choose(RULES, view, "ray", legal)[0] for k in range(12)} == {"pass", "play"}
    assert {make_bot("hard", RULES, seed=k, iterations=40).choose(RULES, view, "ray", legal)
            for k in range(12)} == {("pass",)}  # the earlier hard read one deal, as normal does


def test_hard_carries_an_attack_with_two_boosts_that_neither_carries_alone():
    """Seen at the table: `hard` sent The Zombie Horde (6) at a Movie of Defence 19 holding
    The Invisible Menace (+3) and The Mad Scientist (triple), then passed: each boost alone
    left the attack lost, and its window look-ahead weighed one card at a time. Now it plays
    one, then the other (6 x 3 + 3 = 21), and the Movie loses a Character."""
    st = table(["movie ray: the-reporter[the-holy-water], the-sheriff, the-beatnik-poet, the-psychic, "
                "the-square-jawed-hero, the-gravedigger", "location ray: the-cemetery",
                "movie dana: the-lab-assistant", "movie amanda: the-professor",
                "hand ray: the-earthquake", "hand amanda: the-crucifix",
                "hand dana: the-zombie-horde, the-invisible-menace, the-mad-scientist", "turn: dana 2"])
    assert strength.defence(st, 0) == 19
    RULES.apply(st, "dana", ("attack", "the-zombie-horde", "ray"))
    boosts = 0
    for _ in range(20):
        d = RULES.decisions(st)
        if not d or st.attack is None:
            break
        seat = d[0].seat
        legal = RULES.legal_moves(st, seat)
        if seat == "dana":
            move = make_bot("hard", RULES, seed=1, iterations=40).choose(RULES, RULES.view(st, seat), seat, legal)
            boosts += move[0] == "play"
        else:
            move = ("pass",) if ("pass",) in legal else legal[0]
        RULES.apply(st, seat, move)
    assert boosts == 2 and len(st.movies[0].chars) == 5
