"""The contract's promises for Grave Robbers: refused moves say which rule forbids them and
change nothing, views hide every hidden card, determinized states are consistent, clones
and JSON are faithful, the notation round-trips, and the heuristic bot beats random play."""

from __future__ import annotations

import json

import pytest

from common.bots import RandomBot
from common.engine import GameError, IllegalMove, NotationError
from common.rng import Rng
from common.selfplay import play_game
from common.table import Table
from gros import moves as mv
from gros import zones
from gros.bots import HeuristicBot
from gros.rules import RULES
from gros.state import Char


def states(games: int = 12, deck: str = "gros+gr2", every: int = 7):
    """States met in random games (with their deciding seat), for property checks."""
    for g in range(games):
        opts = {"deck": deck, "variant": "gr2" if g % 2 else "gros", "players": str(2 + g % 5)}
        st = RULES.setup(opts, 500 + g)
        rng = Rng(g)
        k = 0
        while RULES.outcome(st) is None:
            seat = RULES.decisions(st)[0].seat
            legal = RULES.legal_moves(st, seat)
            if k % every == 0:
                yield st, seat, legal
            RULES.apply(st, seat, rng.choice(legal))
            k += 1


def test_notation_round_trips_every_legal_move():
    seen = 0
    for _st, _seat, legal in states():
        for m in legal:
            assert RULES.parse(RULES.format(m)) == m
            seen += 1
    assert seen > 1000


def test_refused_moves_change_nothing_and_say_why():
    wrong = [("pass",), ("end",), ("done",), ("attack", "the-blob", "dana"), ("discard", "the-robot"),
             ("play", "the-robot", (), "", ()), ("victim", "dana/the-robot"),
             ("play", "istruzzito", ("ray/the-robot",), "", ()), ("move", "ray/a/b", "ray/c")]
    refused = 0
    for st, seat, legal in states(every=5):
        for m in wrong:
            if m in legal:
                continue
            before = json.dumps(RULES.to_json(st), sort_keys=True)
            with pytest.raises(IllegalMove) as info:
                RULES.apply(st, seat, m)
            assert str(info.value) and "internal" not in str(info.value)
            assert json.dumps(RULES.to_json(st), sort_keys=True) == before
            refused += 1
        others = [s for s in RULES.seats({"players": str(st.n)}) if s != seat]
        with pytest.raises(IllegalMove, match=f"it is {seat}'s decision"):
            RULES.apply(st, others[0], legal[0])
    assert refused > 300


def test_views_hide_hands_and_deck_and_determinize_agrees():
    for st, seat, _legal in states(games=6):
        v = RULES.view(st, seat)
        json.dumps(v)  # JSON-safe
        me = zones.seat_of(st, seat)
        raw = v["state"]
        assert raw["deck"] == [] and raw["rng"] == 0
        assert all(h == [] for i, h in enumerate(raw["hands"]) if i != me)
        assert v["hand"] == [st.ids[i] for i in st.hands[me]]
        spectator = RULES.view(st, None)
        assert spectator["hand"] is None and all(h == [] for h in spectator["state"]["hands"])
        d = RULES.determinize(v, seat, Rng(3))
        assert RULES.check_invariants(d) == []
        assert d.hands[me] == st.hands[me] and d.movies == st.movies and d.discard == st.discard
        assert [len(h) for h in d.hands] == [len(h) for h in st.hands] and len(d.deck) == len(st.deck)
        assert RULES.legal_moves(d, seat) == RULES.legal_moves(st, seat)


def test_clone_and_json_are_faithful():
    for st, seat, legal in states(games=5):
        copy = RULES.clone(st)
        back = RULES.from_json(json.loads(json.dumps(RULES.to_json(st))))
        assert RULES.to_json(back) == RULES.to_json(st) == RULES.to_json(copy)
        RULES.apply(copy, seat, legal[-1])
        assert RULES.to_json(back) == RULES.to_json(st)


def test_cached_defence_is_checked(monkeypatch):
    """The invariant catches a move that forgets to clear a Movie's cached Defence."""
    monkeypatch.setattr(zones, "touch", lambda st, seat, **_: st.refs.clear())  # names kept right, Defence not
    broken = 0
    for st, _seat, _legal in states(games=6, every=1):
        broken += any("cached Defence" in b for b in RULES.check_invariants(st))
    assert broken > 0


def test_stale_character_names_are_caught():
    st = RULES.setup({"players": "2"}, 5)
    RULES.apply(st, "ray", RULES.parse("title"))  # the deal follows the title
    zones.char_refs(st, 0)
    st.movies[0].chars.pop()  # changed behind the cache's back
    assert any("cached Character names" in b for b in RULES.check_invariants(st))


def test_stale_copies_are_caught():
    """The cached set of cards a Movie holds twice (narration numbers their first copy)."""
    st = RULES.setup({"players": "2"}, 5)
    RULES.apply(st, "ray", RULES.parse("title"))
    assert zones.copies(st, 0) == frozenset()
    st.movies[0].chars.append(Char(st.movies[0].chars[0].iid))  # a second copy, behind the cache's back
    assert any("cached copies" in b for b in RULES.check_invariants(st))


def test_cards_with_abilities_follow_a_moved_prop():
    """A Movie's cached cards with abilities outlive a Prop without one moving (the search and
    self-play move Props a lot), and are found anew when a Prop with one moves."""
    st = RULES.setup({"players": "2"}, 5)
    for directive in ("title: Night of the Blob | night blob",
                      "movie ray: reporter[the-ham-radio], robot[the-shovel]", "turn: ray 3"):
        RULES.scenario(st, directive)
    cached = mv.ability_cards(st, 0)
    assert cached == [("ray/the-reporter/the-ham-radio", cached[0][1])]
    RULES.apply(st, "ray", ("move", "ray/the-robot/the-shovel", "ray/the-reporter"))
    assert mv.ability_cards(st, 0) is cached and not RULES.check_invariants(st)
    RULES.apply(st, "ray", ("move", "ray/the-reporter/the-ham-radio", "ray/the-robot"))
    assert mv.ability_cards(st, 0) == [("ray/the-robot/the-ham-radio", cached[0][1])]
    assert ("use", "ray/the-robot/the-ham-radio", (), "", ()) in RULES.legal_moves(st, "ray")


def test_stale_prop_names_are_caught():
    for st, _seat, _legal in states(games=6, every=1):
        holders = [ch for ch in st.movies[0].chars if ch.props]
        if holders:
            zones.prop_refs(st, 0)
            holders[0].props.pop()  # changed behind the cache's back
            assert any("cached Prop names" in b for b in RULES.check_invariants(st))
            return
    raise AssertionError("no Movie held a Prop in six games")


def test_autopass_off_asks_every_seat():
    for autopass, first_asked in (("off", "dana"), ("on", None)):
        st = RULES.setup({"players": "3", "autopass": autopass}, 4)
        for seat in ("ray", "dana", "amanda"):
            RULES.scenario(st, f"hand {seat}: the-robot" if seat == "ray" else f"hand {seat}: the-shovel")
        RULES.scenario(st, "turn: ray 1")  # no draw: nobody holds a card that stops a card
        RULES.apply(st, "ray", ("play", "the-robot", (), "", ()))
        if first_asked is None:  # nobody holds a stop: the card resolved at once
            assert st.stack == [] and RULES.decisions(st)[0].seat == "ray"
            continue
        assert RULES.decisions(st)[0].seat == "dana" and RULES.legal_moves(st, "dana") == [("pass",)]
        RULES.apply(st, "dana", ("pass",))
        RULES.apply(st, "amanda", ("pass",))
        RULES.apply(st, "ray", ("pass",))
        assert st.stack == [] and "the-robot" in [st.ids[c.iid] for c in st.movies[0].chars]


def test_bad_input_is_explained():
    with pytest.raises(NotationError, match="did you mean"):
        RULES.parse("play the blobb")
    with pytest.raises(NotationError, match="is not a move"):
        RULES.parse("dance the twist")
    assert RULES.parse("gioca il giornalista") == ("play", "the-reporter", (), "", ())
    with pytest.raises(GameError, match="option players"):
        RULES.seats({"players": "9"})
    with pytest.raises(GameError, match="no deck"):
        RULES.setup({"deck": "gros3"}, 1)


def test_table_survives_every_bad_move():
    table = Table(RULES, seed=2, options={"players": "2"}, variant="gros")
    for text in ("title Nonsense: zzz", "attack ray with the-blob", "play the-robot on dana", "end"):
        before = table.record_text()
        with pytest.raises(GameError):
            table.play("dana" if text != "end" else "ray", text)
        assert table.record_text() == before


def test_heuristic_beats_random_players():
    wins = 0.0
    games = 24
    for g in range(games):
        seats = RULES.seats({"players": "3"})
        hero = seats[g % 3]
        bots = {s: HeuristicBot(g) if s == hero else RandomBot(g * 7 + i) for i, s in enumerate(seats)}
        out = play_game(RULES, 900 + g, bots, {"players": "3", "variant": "gr2" if g % 2 else "gros"}).outcome
        wins += (hero in out.winners) / len(out.winners)
    assert wins / games >= 0.6


def test_every_event_is_narrated_and_every_view_renders():
    from io import StringIO

    from rich.console import Console

    from gros.render import cards_table, describe_card, render_view
    from gros.views import narrate

    console = Console(file=StringIO(), width=100, color_system=None)
    kinds = set()
    attacks = 0
    for g in range(8):
        opts = {"deck": "gros+gr2", "variant": "gr2" if g % 2 else "gros", "players": str(2 + g % 5),
                "target": "40" if g % 3 == 0 else "0"}
        st = RULES.setup(opts, 700 + g)
        rng = Rng(g)
        while RULES.outcome(st) is None:
            seat = RULES.decisions(st)[0].seat
            for ev in RULES.apply(st, seat, rng.choice(RULES.legal_moves(st, seat))):
                text = narrate(ev)
                assert not text.startswith(ev.kind + " "), text
                kinds.add(ev.kind)
            if st.attack is not None and st.attack_open:
                attacks += 1
                console.print(render_view(RULES.view(st, seat), seat))
        console.print(render_view(RULES.view(st, None), None))
    out = console.file.getvalue()
    assert attacks and "ATTACK" in out and "Defence" in out and "Winner" in out
    assert {"attack", "played", "killed", "scores", "winners", "next_game"} <= kinds
    console.print(cards_table("alien"))
    assert "The Blob" in console.file.getvalue()
    assert "Il Giornalista" in describe_card("il giornalista")


def test_a_returned_characters_discarded_cards_are_narrated():
    """Continuity Error sends a Character home and discards what it held: the table must read
    that the Props (and cards slid under it) went, not just that the Character left."""
    setup = ["movie ray: the-robot", "movie dana: the-reporter[the-shotgun]{istruzzito}, the-sheriff",
             "hand ray: continuity-error", "hand dana: the-shovel", "turn: ray 2"]
    table = Table(RULES, seed=3, options={"players": "2"}, variant="gros",
                  setup=list(enumerate(setup, 1)))
    events = table.play("ray", "play continuity-error on dana/the-reporter")
    lines = table.narrate(events, None)
    assert "dana's The Reporter returns to its owner's hand." in lines
    assert "The Shotgun is removed from dana's Movie." in lines
    assert "Head in the Books is removed from dana's Movie." in lines
    assert table.facts()["discard.the-shotgun"] == "1"


def test_a_discarded_prop_is_narrated_with_its_movie():
    """Sudden Explosion names the Prop and whose Movie lost it (not a garble of the target)."""
    setup = ["movie ray: the-robot", "movie dana: the-reporter[the-shotgun], the-sheriff",
             "hand ray: sudden-explosion", "hand dana: the-shovel", "turn: ray 2"]
    table = Table(RULES, seed=3, options={"players": "2"}, variant="gros",
                  setup=list(enumerate(setup, 1)))
    events = table.play("ray", "play sudden-explosion on dana/the-reporter/the-shotgun")
    assert "The Shotgun is removed from dana's Movie." in table.narrate(events, None)
    assert table.facts()["discard.the-shotgun"] == "1"


def test_auto_pass_asks_the_same_question_as_the_move_lists():
    """Auto-pass asks whether a seat has one stop, response or SFX to play (per-deck sets of
    cards first, then one way to play): always the answer the full move lists give."""
    from gros import moves as mv

    asked = {"stop": 0, "respond": 0, "anytime": 0}
    for st, _seat, _legal in states(games=10, every=2):
        for s in range(st.n):
            assert mv.has_stop(st, s) == bool(mv.stop_moves(st, s))
            asked["stop"] += bool(mv.stop_moves(st, s))
            if st.attack is not None:
                assert mv.can_respond(st, s) == bool(mv.respond_moves(st, s))
                asked["respond"] += bool(mv.respond_moves(st, s))
            if not st.attack_open:  # the books' SFX window never opens during an attack
                assert mv.has_anytime(st, s) == bool(mv.anytime_moves(st, s))
                asked["anytime"] += bool(mv.anytime_moves(st, s))
    assert all(n > 0 for n in asked.values()), asked  # each question was answered yes somewhere
