"""The horror command and its rendering: records run with the right exit codes, the play loop
takes typed moves and bad input, views render at every stage, and the Markdown screenplay
tells the film (cast, tropes, rulings, deaths, the climax)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

from rich.console import Console

from common.record import parse_record
from common.selfplay import play_game
from common.table import Table
from horror import cardlist, render, screenfile, screenplay
from horror.bots import AuteurBot
from horror.rules import RULES

RECORDS = Path(__file__).parent.parent / "records" / "horror"
ENV = {**os.environ, "NO_COLOR": "1"}


def horror(*args: str, stdin: str = "", cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "horror", *args], input=stdin, text=True,
                          capture_output=True, env=ENV, cwd=cwd, timeout=60)


def finished_table(g: int = 4) -> Table:
    opts = {"players": "3"}
    bots = {s: AuteurBot(g + i) for i, s in enumerate(RULES.seats(opts))}
    result = play_game(RULES, g, bots, opts)
    table = Table(RULES, seed=g, options=opts)
    for seat, move in result.moves:
        table.play(seat, move)
    return table


def test_run_exit_codes(tmp_path):
    ok = horror("run", *map(str, sorted(RECORDS.glob("*.rec"))))
    assert ok.returncode == 0, ok.stdout + ok.stderr
    text = (RECORDS / "book-check.rec").read_text()
    bad = tmp_path / "bad.rec"
    bad.write_text(text.replace("expect successes: 3-2", "expect successes: 2-3"))
    failed = horror("run", str(bad))
    assert failed.returncode == 1 and "expected successes: 2-3, got 3-2" in failed.stdout + failed.stderr


def test_play_takes_moves_and_bad_input(tmp_path):
    typed = "begin\nstar Vera Crane\nbid 99\ntrope 1 Nobody: x\nsay hello\nsave film.rec\nquit\n"
    out = horror("play", "--seed", "3", "--players", "2", stdin=typed, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "no character called 'Nobody'" in out.stdout
    rec = parse_record((tmp_path / "film.rec").read_text())
    assert rec.seats == {"p1": "human", "p2": "normal"}
    assert ("p1", "star Vera Crane") in rec.moves() and ("p1", "say hello") in rec.moves()


def test_play_keeps_escape_codes_off_the_screen(tmp_path):
    typed = "begin\nextra A\x01\x1b[2JB\x00C\nsay \x1b]0;pwned\x07hi\nsave film.rec\nquit\n"
    out = horror("play", "--seed", "3", "--players", "2", stdin=typed, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "“ABC”" in out.stdout and "p1: hi" in out.stdout
    assert not any(ch in out.stdout for ch in "\x00\x01\x07\x1b")
    assert ("p1", "extra ABC") in parse_record((tmp_path / "film.rec").read_text()).moves()


def test_screenplay_command(tmp_path):
    table = finished_table()
    path = tmp_path / "film.rec"
    path.write_text(table.record_text())
    out = horror("screenplay", str(path), "-o", str(tmp_path / "film.md"))
    assert out.returncode == 0, out.stderr
    text = (tmp_path / "film.md").read_text()
    assert text.startswith(f"# {table.state.title}") and "## The climax" in text


def test_screenplay_tells_the_film():
    """Scene headings from the sets, every played trope once, the cast with their fates, and
    none of the table's book-keeping (bids, stakes, trades)."""
    table = finished_table()
    st = table.state
    md = screenplay.markdown(RULES.view(st, None))
    for part in ("## Cast", "## Act 1", "## Act 3", "## The climax", "**THE END**", st.monster, "### ",
                 "*CUT TO:*"):
        assert part in md, part
    for el in st.elements.values():
        if el.kind in ("star", "supporting", "extra"):
            assert el.name in md
        if el.kind == "trope" and any(e[0] == "trope" and e[2] == el.id for e in st.log):
            body = md[md.index("## Act 1"):md.index("## Cast")].lower().split("\n")
            assert body.count(screenplay._sentence(el.name).lower()) == 1, el.name  # each trope once
    for chatter in ("bids", "stakes", "offers a", "dice earned |\n|---|---|\n| p1 | 0"):
        assert chatter not in md
    if any(e[0] == "death" for e in st.log):
        assert "killed" in md


def test_slugline_from_the_set():
    assert screenplay.slugline("The lighthouse stairs", 2) == "EXT. LIGHTHOUSE STAIRS — NIGHT"
    assert screenplay.slugline("the lamp room", 1) == "INT. LAMP ROOM — DUSK"


def test_record_example_screenplay_has_dialogue_and_rulings():
    from common.batch import read_record, replay

    table = replay(RULES, read_record(RECORDS / "auction.rec")).table
    md = screenplay.markdown(table.view(None))
    assert "*[Ruling (bob): Ida cannot swim" in md
    table = replay(RULES, read_record(RECORDS / "book-contest.rec")).table
    assert "\nBob grabs the cross; Bethany twists it out of his hands.\n" in screenplay.markdown(table.view("bob"))
    table = replay(RULES, read_record(RECORDS / "story.rec")).table
    md = screenplay.markdown(table.view("ann"))
    assert "> **THE LIGHTHOUSE KEEPER**  \n> Nobody goes down to the cove after dark." in md
    assert "> **YOUNG TOM**  \n> Then why is the boat gone?" in md
    assert "The lamp turns. Far below, something answers the light." in md
    assert "over the last lifeboat" in md
    assert "THE LIGHTHOUSE KEEPER (drinks, knows the tides)" in md  # introduced with the concept


def test_render_every_stage(tmp_path, monkeypatch):
    monkeypatch.setenv("HORROR_SCREENPLAYS", str(tmp_path / "films"))
    table = finished_table(7)
    st = RULES.setup({"players": "3"}, 7)
    console = Console(file=open(os.devnull, "w"), width=100)  # noqa: SIM115
    for i, line in enumerate(table.record.body):
        if line.kind == "move":
            RULES.apply(st, line.seat, RULES.parse(line.text))
        if i % 25 == 0 or RULES.outcome(st):
            for seat in (None, "p1"):
                console.print(render.render_view(RULES.view(st, seat), seat))
    assert not (tmp_path / "films").exists()  # drawing a view writes nothing (issue 20)
    for _ in range(2):  # the credits write it in the player's own folder (made), once a film
        summary = render.end_summary(RULES.view(st, None), {})
        assert summary[-1].startswith("The screenplay is in ")
    name = screenfile.slug(st.title)
    assert {p.name for p in (tmp_path / "films").glob("*.md")} == {f"{name}.md", f"{name}-2.md"}
    assert (tmp_path / "films" / f"{name}.md").read_text().startswith(f"# {st.title}")
    console.print(render.cards_table("set"))
    assert render.describe_card("star").startswith("star: Screen Time 3")
    assert render.describe_card("dragon") is None
    assert "trope" in render.card_names()


def test_card_names_the_films_elements(tmp_path):
    typed = "begin\nextra Sheriff Brody\ncard c1\ncard sheriff brody\ncard m\ncard star\ncard c9\nquit\n"
    out = " ".join(horror("play", "--seed", "3", "--players", "2", stdin=typed, cwd=tmp_path).stdout.split())
    assert out.count("c1 Sheriff Brody (extra, Screen Time 1) — in the script; written by p1.") == 2
    assert "m Count Varga (Screen Time 4, Monster Dice 0) — " in out and "Turns to mist" in out
    assert "star: Screen Time 3" in out and "no card 'c9'" in out


def test_card_tells_where_an_element_is_as_far_as_the_seat_may_know():
    table = finished_table(5)
    st = RULES.setup({"players": "3"}, 5)
    for line in table.record.body:
        if line.kind != "move":
            continue
        RULES.apply(st, line.seat, RULES.parse(line.text))
        if st.hands["p1"] and st.hands["p2"]:
            break
    theirs = next(c for c in st.hands["p2"])
    view = RULES.view(st, "p1")
    assert "— not in your hand" in render.describe_card(theirs, view)
    assert "— in your hand" in render.describe_card(st.hands["p1"][0], view)
    name = st.elements[theirs].name
    assert render.describe_card(name.upper(), view) == render.describe_card(theirs, view)
    assert theirs in render.card_names(view) and "star" in render.card_names(view)
    assert render.describe_card(theirs) is None  # without a film, only element types


def board(view) -> str:
    console = Console(file=io.StringIO(), width=200)
    console.print(render.render_view(view, view["seat"]))
    return console.file.getvalue()


def test_the_board_calls_the_climax_by_name_and_shows_the_auction():
    from common.batch import read_record, replay

    table = replay(RULES, read_record(RECORDS / "climax-won.rec")).table
    md = screenplay.markdown(table.view(None))
    assert "## The climax" in md and "— DAWN" in md and "Scene 4" not in md
    assert "the climax directed by bob" in board(table.view("ann"))
    opts, moves = {"players": "3"}, finished_table(4).record.moves()
    live = Table(RULES, seed=4, options=opts)
    for seat, move in moves:
        live.play(seat, move)
        a = live.state.auction
        if a and a.leader:
            assert f"the high bid is {a.high}, by {a.leader}; the next bid is at least {a.high + 1}" \
                in board(live.view(seat))
            break
    else:
        raise AssertionError("no auction with a bid in the film")


def test_a_roll_leaves_the_board_when_its_scene_ends():
    table = finished_table(5)  # a film whose director cuts straight after a roll (4 scenes of them)
    st = RULES.setup({"players": "3"}, 5)
    cuts = 0
    for seat, move in table.record.moves():
        rolled = bool(st.last_roll)
        RULES.apply(st, seat, RULES.parse(move))
        if move == "cut":
            cuts += rolled
            assert not st.last_roll and "= " not in board(RULES.view(st, seat))
    assert cuts, "no scene with a roll ended in the film"


def test_plot_armour_narration_names_plot_armour():
    from common.engine import Event

    said = RULES.narrate(Event("saved", ("Vera", 0)))
    assert said == "Vera is caught, but Plot Armour saves them: knocked out for the scene, with 0 Plot Armour left."
    assert RULES.narrate(Event("scene", (12, 4, "bob", 1))) == "The climax: bob directs, having paid 1 die."


def test_cards_finds_an_element_type_by_its_name_and_counts_dice_right():
    def table(query: str) -> str:
        console = Console(file=io.StringIO(), width=200)
        console.print(render.cards_table(query))
        return console.file.getvalue()

    star = table("star")
    assert "│ star " in star and "supporting" not in star
    assert "│ supporting " in table("faceless") + table("supp") and "extra" in table("victim")
    every = table("")
    assert "1 die " in every and "1 dice" not in every
    assert all(f"│ {row[0]} " in every for row in cardlist.PRICES)
    assert "1 die at a meeting" in render.describe_card("supporting")


def test_view_round_trips_through_json():
    table = finished_table(2)
    view = table.view("p2")
    assert json.loads(json.dumps(view)) == json.loads(json.dumps(view))
    assert screenplay.markdown(json.loads(json.dumps(view))) == screenplay.markdown(view)


def test_bench_runs():
    out = horror("bench", "--games", "2", "--json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["game"] == "horror" and report["speed"][0]["games"] == 2


def test_the_last_board_says_how_the_film_ended_and_who_gets_top_billing(monkeypatch):
    """The REPL's generic 'Game over — p1 wins' said a film has a winner; the board says it."""
    monkeypatch.setenv("NO_COLOR", "1")
    table = finished_table(5)
    view = table.view("p1")
    console = Console(width=200, record=True, no_color=True)
    console.print(render.render_view(view, "p1"))
    text = console.export_text()
    best = max(view["earned"].values())
    top = [s for s in view["seats"] if view["earned"][s] == best]
    assert f"Top billing: {', '.join(top)} ({best} dice earned)." in text
    assert "The credits roll: " in text


def test_script_lists_the_written_film_and_card_shows_a_sets_props(tmp_path):
    typed = ("agree\nagree\nextra The Lighthouse Keeper: drinks, knows the tides\nset The Lamp Room\n"
             "script\ncard The Lamp Room\nhelp\nquit\n")
    out = " ".join(horror("play", "--seed", "1", "--players", "2", "--seats", "human,human",
                          stdin=typed, cwd=tmp_path).stdout.split())
    assert "Sets: s2 The Lamp Room (set, Screen Time 0) — props: none; next to: no other set" in out
    assert "c1 The Lighthouse Keeper (extra, Screen Time 1): drinks, knows the tides — alive" in out
    assert "Props: none; next to: no other set." in out
    assert "script the film's written elements" in out


def test_a_helpers_dice_line_says_the_monster_loses():
    """A chase helper's roll takes dice off the monster's stake: the line said the helper lost."""
    from horror.render import dice_line

    line = dice_line(["help", [["Peggy Treharne", 3, [1, 2, 5], 2]], 0, 2]).plain
    assert line.endswith("→ the monster loses 2") and "Peggy Treharne loses" not in line
    contest = dice_line(["contest", [["Bob", 2, [1, 6], 1], ["Bethany", 3, [4, 5], 0]], 1, 1]).plain
    assert contest.endswith("→ Bethany loses 1")


def test_what_touches_a_seat_is_called_out():
    """Its character killed or saved by Plot Armour, its dice lost, the monster loose, the chair."""
    from horror.render import callouts

    def film(**kw):
        base = {"seats": ["p1", "p2"], "monster": "The Drowned Choir", "trigger": "the bell is raised",
                "elements": [["c1", "star", "Peggy", 0, [], "p1", ""],
                             ["c2", "extra", "Huw", 0, [], "p1", ""],
                             ["c3", "extra", "Owen", 0, [], "p2", ""]],
                "gone": [], "armour": {"c1": 2}, "lost": {"p1": 0, "p2": 0},
                "triggered": False, "director": "p2"}
        return {**base, **kw}

    before = film()
    after = film(gone=["c2", "c3"], armour={"c1": 1}, lost={"p1": 3, "p2": 0}, triggered=True,
                 director="p1")
    assert callouts(before, after, "p1") == [
        "Your Peggy spent a level of Plot Armour and lives (1 left).",
        "The Drowned Choir killed your Huw.", "You lost 3 dice in the roll.",
        "The Drowned Choir is loose: the bell is raised.", "You are in the director's chair."]
    assert callouts(before, after, "p2") == ["The Drowned Choir killed your Owen.",
                                             "The Drowned Choir is loose: the bell is raised."]
    assert callouts(None, after, "p1") == [] and callouts(before, before, "p1") == []
