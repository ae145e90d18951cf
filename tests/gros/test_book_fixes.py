"""Grave Robbers rules checked against the books (issue 9) where a record cannot show it."""

from __future__ import annotations

import pytest

from common.engine import GameError
from gros.render import describe_card
from gros.rules import RULES


def test_card_outside_the_games_deck_says_so():
    assert describe_card("skippy", view={"deck_name": "gros"}).startswith("Not in this game's deck (gros): Skippy")
    assert describe_card("skippy", view={"deck_name": "gr2"}).startswith("Skippy")
    assert describe_card("skippy", view={"deck_name": "gros+gr2"}).startswith("Skippy")
    assert describe_card("the blob", view={"deck_name": "gros"}).startswith("The Blob")
    assert describe_card("skippy").startswith("Skippy")  # outside a game: every card


def _table(options: dict[str, str] | None = None):
    from common.table import Table
    from gros.rules import RULES

    t = Table(RULES, seed=3, variant="gros", options={"players": "3", **(options or {})})
    for line in ["title: The Nothing | nothing", "movie ray: the-sheriff", "movie dana: the-reporter",
                 "movie amanda: the-farm-girl", "hand ray: the-robot, the-car-keys",
                 "hand dana: istruzzito, the-cemetery", "hand amanda: the-shovel", "turn: ray 2"]:
        RULES.scenario(t.state, line)
    return t


def test_a_pass_in_the_books_sfx_window_is_told_to_nobody_else():
    t = _table()
    t.play("ray", "play the-robot")
    assert t.facts()["decision"] == "anytime" and t.facts()["to_move"] == "dana"
    told = t.narrate_all(t.play("dana", "pass"))
    assert [who for who, text in told if "pass" in text] == ["dana"]
    assert t.facts()["decision"] == "turn" and t.facts()["to_move"] == "ray"


def test_auto_pass_off_asks_every_other_seat_in_the_books_window():
    t = _table({"autopass": "off"})
    t.play("ray", "play the-robot")
    asked = []
    while t.facts()["decision"] != "turn":
        asked.append((t.facts()["decision"], t.facts()["to_move"]))
        t.play(t.facts()["to_move"], "pass")
    assert asked == [("stop", "dana"), ("stop", "amanda"), ("stop", "ray"),
                     ("anytime", "dana"), ("anytime", "amanda")]  # never the current player


def test_the_timing_option_is_checked():
    import pytest

    from common.engine import GameError

    with pytest.raises(GameError, match="timing"):
        _table({"timing": "sometimes"})


def test_an_open_sfx_window_survives_a_save():
    from gros.rules import RULES

    t = _table()
    t.play("ray", "play the-robot")
    again = RULES.from_json(RULES.to_json(t.state))
    assert {**RULES.facts(again), **RULES.hidden_facts(again)} == t.facts() and again.window == "card"
    assert RULES.clone(t.state).window == "card"


def test_who_is_asked_in_a_window_is_public_and_what_it_concerns():
    """Issue 20: with 3 players the seat a window skipped always knew the other was asked
    (56 of 56 windows), so the 'secret' decider was none. The ruling: who is asked is public
    (the books' players see who reaches for a card), the same in every view and in the host's
    to_move; the decision says it is a reaction, and whom it concerns (issue 23)."""
    t = _table()
    t.play("ray", "play the-robot")
    assert t.facts()["to_move"] == "dana" and not RULES.decider_is_secret(t.state)
    views = RULES.views(t.state, ["ray", "dana", "amanda", None])
    for seat in ("ray", "dana", "amanda", None):
        decision = views[seat]["decision"]
        assert decision["seat"] == "dana" and decision["reaction"] is True, seat
        assert decision["concerns"] == [], seat  # the SFX window after a card: nobody's
    t.play("dana", "pass")  # back to ray's own turn: no reaction
    assert "reaction" not in RULES.view(t.state, "amanda")["decision"]


def test_a_card_aimed_at_a_movie_concerns_its_player_and_the_card_s_owner():
    from gros.views import concerns

    t = _table({"autopass": "off"})
    t.play("ray", "play the-car-keys on ray/the-sheriff")  # a Prop on ray's own Character
    assert t.facts()["decision"] == "stop"
    assert concerns(t.state, "stop") == ["ray"]
    assert RULES.view(t.state, "dana")["decision"]["concerns"] == ["ray"]


def test_without_auto_pass_every_seat_is_asked_and_nothing_is_secret():
    t = _table({"autopass": "off"})
    t.play("ray", "play the-robot")
    assert not RULES.decider_is_secret(t.state)


def test_the_board_says_whose_turn_ends_a_gr2_game_after_a_draw_in_anothers_turn():
    """G11 under gr2: Amanda draws the last card in Ray's turn; until her own turn ends, every
    board says the game ends with it (the record rule-gr2-deck-out.rec plays the rules)."""
    from io import StringIO

    from rich.console import Console

    from common.table import Table
    from gros.render import render_view

    t = Table(RULES, seed=3, variant="gr2", options={"players": "ray,dana,amanda"})
    for line in ["title: The Nothing | nothing", "movie ray: the-mall-cop", "movie dana: the-babysitter",
                 "movie amanda: the-janitor", "hand ray: the-crowbar", "hand dana: the-golf-club",
                 "hand amanda: product-placement",
                 "deck: the-truck-driver, the-lifeguard", "turn: ray 2"]:
        RULES.scenario(t.state, line)

    def header(seat: str) -> str:
        console = Console(file=StringIO(), width=200, color_system=None)
        console.print(render_view(t.view(seat), seat))
        return next(row for row in console.file.getvalue().splitlines() if "round 2" in row)

    assert "last card" not in header("ray")
    t.play("ray", "end")
    t.play("amanda", "play product-placement")
    for seat in ("ray", "dana", "amanda"):
        assert "(last card drawn: the game ends with amanda's turn)" in header(seat), header(seat)
    t.play("ray", "done")
    assert "ends with amanda's turn" in header("dana")
    t.play("dana", "play the-golf-club on dana/the-babysitter")
    t.play("dana", "end")
    assert "(last card drawn) ·" in header("amanda")  # her own turn: it is this one


def test_the_window_that_end_opens_says_the_turn_is_ending():
    """Issue 23: after a card the SFX window asked, then 'end' opened it again with the same
    words, and the turn's end showed only after the second 'pass'. The second says so."""
    t = _table()
    t.play("ray", "play the-robot")
    first = RULES.view(t.state, "dana")["decision"]
    assert first["kind"] == "anytime" and "turn is ending" not in first["prompt"]
    t.play("dana", "pass")
    t.play("ray", "end")
    second = RULES.view(t.state, "dana")["decision"]
    assert second["kind"] == "anytime" and second["seat"] == "dana"
    assert second["prompt"] == "the turn is ending: a last SFX now, or 'pass'" != first["prompt"]


def test_a_card_in_play_named_alone_means_the_one_listed_target_it_can_be():
    """'play the car keys on the sheriff' is ray's own Sheriff, written out in full in the
    record; a name two targets would fit is refused as before, never guessed."""
    t = _table()
    t.play("ray", "play car keys on sheriff")
    assert t.record.body[-1].text == "play the-car-keys on ray/the-sheriff"
    with pytest.raises(GameError):
        t.play("ray", "play the-robot on sheriff")  # a Character is not played on anything


def test_a_card_in_play_named_by_some_of_its_words_means_that_card():
    """'on brother' is ray's The Annoying Little Brother (seen in tmux: it was refused with a
    word about Creatures); a seat's name stays a seat, and a word of no card stays refused."""
    from common.table import Table
    from gros.rules import RULES

    t = Table(RULES, seed=3, variant="gros", options={"players": "2"})
    for line in ["title: The Nothing | nothing", "movie ray: the-annoying-little-brother",
                 "movie dana: the-reporter", "hand ray: the-shotgun, the-flashlight", "turn: ray 2"]:
        RULES.scenario(t.state, line)
    t.play("ray", "play shotgun on brother")
    assert t.record.body[-1].text == "play the-shotgun on ray/the-annoying-little-brother"
    with pytest.raises(GameError):
        t.play("ray", "play flashlight on sister")


def test_in_a_window_a_card_typed_without_its_one_target_takes_it():
    """'play cheap rubber suit' while the Wolfman attacks means on the Wolfman (seen in tmux:
    refused, 'did you mean ... on the-wolfman'); in a turn a lone target is still asked for."""
    from common.table import Table
    from gros.rules import RULES

    def table(*lines: str) -> Table:
        t = Table(RULES, seed=3, variant="gros", options={"players": "2"})
        for line in ["title: The Nothing | nothing", "movie ray: the-sheriff", "movie dana: the-reporter",
                     "hand ray: the-wolfman, the-earthquake", "hand dana: cheap-rubber-suit", *lines, "turn: ray 2"]:
            RULES.scenario(t.state, line)
        return t

    t = table()
    t.play("ray", "attack dana with wolfman")
    t.play("dana", "play cheap rubber suit")
    assert t.record.body[-1].text == "play cheap-rubber-suit on the-wolfman"
    with pytest.raises(GameError):  # its one target is ray's own Cemetery: in a turn, asked
        table("location ray: the-cemetery").play("ray", "play earthquake")


def test_a_stop_typed_without_its_cost_is_refused_for_the_cost_not_the_target():
    """'play the-cat-in-the-locker' on the one card being played was refused with "it cannot be
    played on nothing; targets now: the-zombie-horde" (seen in tmux), though the card was right
    and the two cards it costs were missing: the refusal asks for them; named, it plays."""
    from common.table import Table
    from gros.rules import RULES

    t = Table(RULES, seed=3, variant="gros", options={"players": "2"})
    for line in ["title: The Nothing | nothing", "movie ray: the-sheriff", "movie dana: the-reporter",
                 "hand ray: the-wolfman", "hand dana: the-cat-in-the-locker, the-swamp, the-shovel, full-moon",
                 "turn: ray 2"]:
        RULES.scenario(t.state, line)
    t.play("ray", "attack dana with wolfman")
    with pytest.raises(GameError, match="costs 2 cards"):
        t.play("dana", "play the-cat-in-the-locker")
    t.play("dana", "play the-cat-in-the-locker paying the-swamp, full-moon")
    assert t.record.body[-1].text.startswith("play the-cat-in-the-locker on the-wolfman paying")


def test_a_location_named_alone_goes_into_the_players_own_movie():
    """'play swamp' on one's own turn was refused ("a Location is played on a Movie: did you
    mean 'play the-swamp on ray' or ... on dana?", seen in tmux): nearly every Location goes
    into one's own Movie, so that is what it means; another's Movie is still named."""
    from common.table import Table
    from gros.rules import RULES

    def table() -> Table:
        t = Table(RULES, seed=3, variant="gros", options={"players": "2"})
        for line in ["title: The Nothing | nothing", "movie ray: the-sheriff", "movie dana: the-reporter",
                     "hand ray: the-swamp, the-earthquake", "turn: ray 2"]:
            RULES.scenario(t.state, line)
        return t

    t = table()
    t.play("ray", "play swamp")
    assert t.record.body[-1].text == "play the-swamp on ray"
    t = table()
    t.play("ray", "play swamp on dana")
    assert t.record.body[-1].text == "play the-swamp on dana"


def test_a_victim_named_alone_is_the_one_card_it_names():
    """'victim reporter' after a successful attack was refused ("reporter cannot be the victim;
    pick one of dana/the-drive-in-couple, dana/the-reporter, ...", seen over a LAN game): the
    Reporter is the one victim it can be; a word two victims share is still asked."""
    from common.table import Table
    from gros.rules import RULES

    t = Table(RULES, seed=3, variant="gros", options={"players": "2"})
    for line in ["title: The Nothing | nothing", "movie ray: the-sheriff",
                 "movie dana: the-reporter, the-drive-in-couple, the-night-watchman",
                 "hand ray: the-blob, the-mad-scientist", "turn: ray 2"]:
        RULES.scenario(t.state, line)
    t.play("ray", "attack dana with blob")
    t.play("ray", "play mad scientist")
    while t.decisions()[0].kind != "victim":
        d = t.decisions()[0]
        t.play(d.seat, "pass")
    with pytest.raises(GameError):
        t.play("ray", "victim the")  # every victim's name has 'the'
    t.play("ray", "victim reporter")
    assert t.record.body[-1].text == "victim dana/the-reporter"


def test_a_card_with_an_ability_named_alone_is_the_one_in_ones_own_movie():
    """'use the-psychic' was refused ("not a card with an ability in your Movie. Did you mean
    'use ray/the-psychic'?", seen at the table mid-attack): abilities are used from one's own
    Movie, so the card named alone, or by a word of it, is that one."""
    from common.table import Table

    t = Table(RULES, seed=3, variant="gros", options={"players": "2"})
    for line in ["title: The Nothing | nothing", "movie ray: the-sheriff",
                 "movie dana: the-reporter, the-psychic", "hand ray: the-blob", "turn: ray 2"]:
        RULES.scenario(t.state, line)
    t.play("ray", "attack dana with blob")
    while t.decisions()[0].seat != "dana":
        t.play(t.decisions()[0].seat, "pass")
    with pytest.raises(GameError):
        t.play("dana", "use reporter")  # no ability
    t.play("dana", "use psychic")
    assert t.record.body[-1].text == "use dana/the-psychic"
    for said in ("usa professore pagando pala", "применить профессор заплатив лопата"):  # its name in Italian, Russian
        t = Table(RULES, seed=3, variant="gros", options={"players": "2"})
        for line in ["title: The Nothing | nothing", "movie ray: the-professor", "movie dana: the-reporter",
                     "hand ray: the-shovel", "turn: ray 2"]:
            RULES.scenario(t.state, line)
        t.play("ray", said)
        assert t.record.body[-1].text == "use ray/the-professor paying the-shovel"


def test_an_attack_concerns_the_side_it_goes_against_as_it_stands():
    """The Blob (Attack 9) against the Reporter alone succeeds: the attacked is asked, the
    attacker (already winning) is not; against Defence beyond it, the attacker is asked."""
    t = _table()
    RULES.scenario(t.state, "hand ray: the-blob")
    t.play("ray", "attack dana with the-blob")
    decision = t.view("dana")["decision"]
    assert decision["kind"] == "respond" and decision["concerns"] == ["dana"]
    t = _table()
    RULES.scenario(t.state, "hand ray: the-giant-ants")
    RULES.scenario(t.state, "movie dana: the-reporter, the-sheriff, the-robot")
    t.play("ray", "attack dana with the-giant-ants")
    assert t.view("dana")["decision"]["concerns"] == ["ray"]


def test_draw_n_for_every_card_there_is_to_draw_is_draw():
    """'draw 1' with five cards in hand was refused: "you may draw at most 1 card now" (seen in
    tmux); it is 'draw'. 'draw 0' still draws none."""
    from common.table import Table
    from gros.rules import RULES
    from gros.state import DRAW

    def table() -> Table:
        t = Table(RULES, seed=3, variant="gros", options={"players": "2"})
        for line in ["title: The Nothing | nothing", "movie ray: the-sheriff", "movie dana: the-reporter",
                     "hand ray: the-wolfman, the-earthquake, the-blob, the-mummy, the-tomb", "turn: ray 2"]:
            RULES.scenario(t.state, line)
        t.state.phase = DRAW  # the turn's start, before its draw (setup 'turn' starts after it)
        return t

    t = table()
    assert t.view("ray")["decision"]["kind"] == "draw"
    t.play("ray", "draw 1")
    assert t.record.body[-1].text == "draw" and len(t.view("ray")["hand"]) == 6
    t = table()
    t.play("ray", "draw 0")
    assert t.record.body[-1].text == "draw 0" and len(t.view("ray")["hand"]) == 5
    with pytest.raises(GameError):
        table().play("ray", "draw 2")
