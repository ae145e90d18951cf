"""The game-agnostic core: randomness, seats, bots on views, the command line's manners."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from common.bots import IsmctsBot, RandomBot, bot_move, make_bot
from common.engine import GameError
from common.rng import Rng
from common.selfplay import play_game
from common.spec import parse_seats, players_from_seats
from invaders.rules import RULES


def test_rng_is_the_same_everywhere():
    # splitmix64 reference values: a change here would change every recorded game
    r = Rng(42)
    assert [r.next64() for _ in range(3)] == [
        13679457532755275413, 2949826092126892291, 5139283748462763858]


def test_rng_clone_and_fork_are_independent():
    a = Rng(7)
    b = a.clone()
    assert [a.below(100) for _ in range(5)] == [b.below(100) for _ in range(5)]
    c = a.fork()
    assert c.state != a.state


def test_shuffle_is_a_permutation_and_roughly_uniform():
    r = Rng(1)
    firsts = [0] * 4
    for _ in range(4000):
        items = [0, 1, 2, 3]
        r.shuffle(items)
        assert sorted(items) == [0, 1, 2, 3]
        firsts[items[0]] += 1
    assert all(800 < n < 1200 for n in firsts)


def test_shuffle_is_fisher_yates_on_below():
    """The fast shuffle (its splitmix64 outputs made side by side) deals exactly what the
    textbook loop on ``below`` deals, at any state (wrapping past 2**64 too) and any length,
    and leaves the generator where that loop leaves it: every recorded game replays."""
    from common.rng import _splitmix_outputs

    for seed in (0, 1, 42, 2**63 + 5, 2**64 - 1, 2**64 - 0x9E3779B97F4A7C15):
        for n in (0, 1, 2, 3, 7, 52, 111, 130):
            fast, slow = Rng(seed), Rng(seed)
            dealt, expected = list(range(n)), list(range(n))
            fast.shuffle(dealt)
            for i in range(n - 1, 0, -1):
                j = slow.below(i + 1)
                expected[i], expected[j] = expected[j], expected[i]
            assert dealt == expected and fast.state == slow.state, (seed, n)
        ref = Rng(seed)
        assert list(_splitmix_outputs(seed, 20)) == [ref.next64() for _ in range(20)]


def test_random_bot_draws_what_choice_draws():
    """The random bot draws its numbers ahead, in batches: the same moves as ``Rng.choice``."""
    for seed in (3, 2**64 - 1, 2**70 + 9):  # the last is a keyed seed: no batches
        bot, rng = RandomBot(seed), Rng(seed)
        for k in range(300):
            legal = [("move", i) for i in range(1 + k % 13)]
            assert bot.choose(RULES, {}, "aliens", legal) == rng.choice(legal)


def test_parse_seats():
    seats = ["aliens", "humans"]
    kinds = ("random", "ismcts")
    assert parse_seats("random,human", seats, kinds) == {"aliens": "random", "humans": "human"}
    assert parse_seats("humans=ismcts", seats, kinds) == {"aliens": "human", "humans": "ismcts"}
    with pytest.raises(GameError, match="2 kinds"):
        parse_seats("human,human,human", seats, kinds)
    with pytest.raises(GameError, match="unknown kind"):
        parse_seats("human,wizard", seats, kinds)


def test_seats_by_level_and_by_name():
    """Issue 23: 'invaders play --seats easy' works as --help says (seats not named are
    human); a seat named alone is yours, the others bots; --vs sets every bot seat; a seat's
    name given as a kind ('humans' for 'human') says how to write it."""
    seats = ["aliens", "humans"]
    kinds = ("easy", "normal", "hard")
    assert parse_seats("easy", seats, kinds) == {"aliens": "easy", "humans": "human"}
    assert parse_seats("humans", seats, kinds) == {"aliens": "normal", "humans": "human"}
    assert parse_seats("aliens", seats, kinds, vs="hard") == {"aliens": "human", "humans": "hard"}
    assert parse_seats("humans,easy", seats, kinds) == {"aliens": "easy", "humans": "human"}
    assert parse_seats("normal,human", seats, kinds, vs="hard") == {"aliens": "hard",
                                                                     "humans": "human"}
    gros = ["ada", "bela", "cyd"]
    assert parse_seats("human,normal*", gros, kinds, vs="easy") == {
        "ada": "human", "bela": "easy", "cyd": "easy"}
    assert parse_seats("bela", gros, kinds) == {"ada": "normal", "bela": "human", "cyd": "normal"}
    with pytest.raises(GameError, match="'humans' is a seat: 'humans=human' plays it yourself"):
        parse_seats("aliens=humans", seats, kinds)
    with pytest.raises(GameError, match="--vs takes a bot level"):
        parse_seats("human,easy", seats, kinds, vs="human")


def test_seats_imply_the_player_count():
    """'play --seats human,human' is two players; --players need not say it again, and when
    both are given and disagree the error says so in one line."""
    from click.testing import CliRunner

    from gros.cli import SPEC as GROS
    from gros.cli import main as gros_main
    from horror.cli import SPEC as HORROR
    from invaders.cli import SPEC as INVADERS

    assert players_from_seats(GROS, "human,human", "gros", {}) == {"players": "2"}
    assert players_from_seats(GROS, "human,human", "gr2", {"players": "2"}) == {"players": "2"}
    assert players_from_seats(GROS, "human,heuristic*", "gros", {}) == {}  # fills any count
    assert players_from_seats(GROS, "ray=human", "gros", {}) == {}
    assert players_from_seats(HORROR, "human,auteur,auteur,auteur", "standard", {}) == {"players": "4"}
    assert players_from_seats(HORROR, "human,auteur", "standard", {"players": "bob,bethany"}) \
        == {"players": "bob,bethany"}
    assert players_from_seats(INVADERS, "human", "standard", {}) == {}  # parse_seats says why
    assert players_from_seats(GROS, "bela", "gros", {}) == {}  # a seat named alone: yours
    with pytest.raises(GameError, match=r"--players gives 3 seats .* --seats names 2"):
        players_from_seats(GROS, "human,human", "gros", {"players": "3"})
    with pytest.raises(GameError, match=r"--seats names 7 seats: .*between 2 and 6"):
        players_from_seats(GROS, ",".join(["human"] * 7), "gros", {})
    result = CliRunner().invoke(gros_main, ["play", "--seats", "human,human", "--players", "4"])
    assert result.exit_code == 2 and result.output.count("\n") == 1
    assert "--players gives 4 seats" in result.output
    result = CliRunner().invoke(gros_main, ["host", "--seats", "remote,heuristic", "--players", "3"])
    assert result.exit_code == 2 and "--players gives 3 seats" in result.output
    proc = subprocess.run([sys.executable, "-m", "horror", "play", "--seed", "1", "--seats", "human,human"],
                          input="quit\n", capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "you play p1, p2." in proc.stdout


def test_serve_counts_the_seats_it_is_given_too():
    """``common.net.host.serve`` called directly (not through the CLI) infers the player count
    from ``seats`` as well: here it gets as far as listening, on a port that is taken."""
    import socket

    from common.net.host import serve
    from gros.cli import SPEC as GROS

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(GameError, match=rf"cannot listen on 127\.0\.0\.1:{port}"):
            serve(GROS, port=port, bind="127.0.0.1", seats="remote,remote,remote", out=None)


def test_bots_are_handed_views_not_states():
    """The searching bot only ever sees what its seat sees, and samples the rest."""
    st = RULES.setup({}, 3)
    RULES.apply(st, "humans", ("place", 3))
    seen: list[dict] = []
    real = RULES.determinize

    class Spy(type(RULES)):
        def determinize(self, view, seat, rng):
            seen.append(view)
            return real(view, seat, rng)

    spy = Spy()
    view = RULES.view(st, "aliens")
    move = IsmctsBot(seed=1, iterations=30).choose(spy, view, "aliens", RULES.legal_moves(st, "aliens"))
    assert move in RULES.legal_moves(st, "aliens")
    assert seen and all(v is view for v in seen)
    assert view["hand"] == sorted(st.hands["aliens"])
    assert "humans" not in json.dumps(view["hand"]) and "decks" not in view


def test_selfplay_gives_bots_their_own_view():
    got: list[tuple[str, dict]] = []

    class Peek(RandomBot):
        needs_view = True

        def choose(self, rules, view, seat, legal, progress=None):
            got.append((seat, view))
            return super().choose(rules, view, seat, legal)

    play_game(RULES, 5, {"aliens": Peek(1), "humans": Peek(2)})
    assert got and all(view["seat"] == seat for seat, view in got)


def test_a_broken_bot_does_not_stall_the_table():
    class Broken:
        kind = "broken"
        needs_view = False

        def choose(self, *args, **kwargs):
            raise RuntimeError("boom")

    legal = [("end",), ("fire",)]
    assert bot_move(Broken(), RULES, {}, "aliens", legal, strict=False) == ("end",)


def test_ismcts_respects_its_think_budget():
    import time

    st = RULES.setup({}, 9)
    RULES.apply(st, "humans", ("place", 3))
    bot = make_bot("ismcts", RULES, seed=1, think=0.05)
    t0 = time.perf_counter()
    bot.choose(RULES, RULES.view(st, "aliens"), "aliens", RULES.legal_moves(st, "aliens"))
    assert time.perf_counter() - t0 < 1.0


def test_unknown_bot_is_a_clear_error():
    with pytest.raises(GameError, match="unknown bot"):
        make_bot("wizard", RULES)


def run_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "invaders", *args], input=stdin,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("args,words", [
    (("play", "--seats", "human,wizard"), "unknown kind"),
    (("play", "--width", "99"), "between 3 and 26"),
    (("run", "/no/such/file.rec"), "cannot read"),
    (("join", "nonsense"), "HOST:PORT"),
])
def test_bad_command_lines_get_one_clear_line(args, words):
    proc = run_cli(*args)
    assert proc.returncode == 2
    assert words in proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout


def test_every_command_has_help():
    for cmd in ("play", "run", "replay", "host", "join", "bench", "rules", "cards"):
        proc = run_cli(cmd, "--help")
        assert proc.returncode == 0 and "Usage:" in proc.stdout, cmd


def test_bench_json_reports_the_figures():
    proc = run_cli("bench", "--games", "30", "--json", "--matchups", "--iterations", "4")
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    speed = report["speed"][0]
    assert speed["games"] == 30 and speed["games_per_s"] > 0 and speed["us_per_decision"] > 0
    assert speed["decisions_per_cpu_s"] > 0  # the steadier figure on a shared machine
    assert {m["matchup"] for m in report["matchups"]} >= {"normal vs normal"}
    # the balance table: every level, each side's wins with a 95% interval and its choices
    assert [m["kinds"] for m in report["matchups"]] == [["easy", "easy"], ["normal", "normal"], ["hard", "hard"]]
    for m in report["matchups"]:
        aliens, humans = m["kinds"]
        assert m["hard_iterations"] == 4
        assert set(m["choices_per_game"]) == {f"aliens ({aliens})", f"humans ({humans})"}
        for side, share in m["share"].items():
            low, high = m["interval"][side]
            assert low <= share <= high and m["wins"][side] == round(share * m["games"], 1)
    search = report["search"]  # the hard level's cost: a fixed count of iterations a decision
    assert search["decisions"] > 0 and search["iterations"] == 200 * search["decisions"]
    assert search["iterations_per_s"] > 0 and search["ms_per_decision"] > 0


def test_plain_output_when_not_a_terminal():
    proc = run_cli("play", "--seed", "1", "--seats", "random,human", stdin="place d\nquit\n")
    assert proc.returncode == 0, proc.stderr
    assert "\x1b[" not in proc.stdout  # no colour codes in a pipe
    assert "Defender" in proc.stdout


def test_cards_and_rules_commands():
    proc = run_cli("cards", "shield")
    assert proc.returncode == 0 and "Deflector Shield" in proc.stdout
    assert run_cli("rules").returncode == 0


def test_piles_draw_refill_and_take():
    from common import piles

    deck, hand, discards = [1, 2], [], [7, 8, 9]
    heard: list[int] = []
    got = piles.draw(deck, hand, 4, refill=discards, rng=Rng(3), on_refill=heard.append)
    assert got[:2] == [2, 1] and sorted(got[2:]) in ([7, 8], [7, 9], [8, 9])
    assert heard == [3] and not discards and len(deck) == 1 and hand == got
    assert piles.draw([], hand, 2) == []  # no refill: drawing just stops
    a, b = [1], [2, 3]
    assert piles.take([a, b], 3) == 3 and b == [2]
    assert piles.take([a, b], 5) is None


def test_dice_fixed_results_first_then_the_seeded_generator():
    from common import dice

    fixed = [1, 2, 2, 3, 5]
    rolled = dice.roll(Rng(1), 5, fixed)
    assert rolled == (1, 2, 2, 3, 5) and fixed == []
    assert dice.successes(rolled, 2) == 3
    again = dice.roll(Rng(9), 50)
    assert again == dice.roll(Rng(9), 50) and set(again) <= set(range(1, 7))


def test_local_undo_never_takes_back_the_bots_turn():
    """Issue 23: 'undo' at the start of your turn took back the bots' whole turn ("Took back
    15 moves"). It takes back your own decisions only: never across a bot's move."""
    from common.session import LocalSession
    from common.table import Table
    from invaders.cli import SPEC

    kinds = {"aliens": "random", "humans": "human"}
    table = Table(RULES, seed=2, seat_kinds=kinds, options={"draw": "0"})  # no draw to hide
    session = LocalSession(SPEC, table, kinds, 2, None)
    session.play("humans", "place d")
    session.advance(lambda lines: None)  # the aliens' bot moves
    seen = len(table.record.body)
    assert seen > 1 and session.waiting_for() == "humans"
    with pytest.raises(GameError, match="aliens moved after your last move"):
        session.undo()
    assert len(table.record.body) == seen  # nothing was taken back
    move = next(m for m in session.legal("humans") if m != "end")
    state = RULES.to_json(table.state)
    session.play("humans", move)
    assert session.undo() == 1  # your own move of this turn goes back, and only it
    assert RULES.to_json(table.state) == state


def test_undo_takes_back_a_bots_pass_after_your_move():
    """A bot that only passed after your card (a reaction it did not make) is no bar: undo
    takes back your card and the passes. (the first of 40 gros deals with such a window)."""
    from common.session import LocalSession
    from common.table import Table
    from gros.cli import SPEC as GROS
    from gros.rules import RULES as GROS_RULES

    kinds = {"ray": "human", "dana": "random"}
    for seed in range(40):
        table = Table(GROS_RULES, seed=seed, seat_kinds=kinds, variant="gros",
                      options={"players": "2", "autopass": "off", "first": "ray"})
        session = LocalSession(GROS, table, kinds, seed, None)
        for _ in range(60):  # ray plays his first cards; dana answers each
            session.advance(lambda lines: None)
            if session.waiting_for() != "ray" or table.outcome() is not None:
                break
            moves = [m for m in session.legal("ray") if m.startswith("play ")]
            if not moves:
                session.play("ray", session.legal("ray")[0])
                continue
            before = len(table.record.body)
            session.play("ray", moves[0])
            session.advance(lambda lines: None)
            span = table.record.body[before + 1:]
            if span and all(line.seat == "dana" and line.text == "pass" for line in span):
                assert session.undo() == 1 + len(span)
                assert len(table.record.body) == before
                return
            break
    pytest.fail("no card of ray's answered only by dana's passes in 40 games")


def test_undo_cannot_take_back_cards_already_seen():
    """Undo past your own draw would let you look at the deck and choose again (the gros
    play-tester drew, undid six moves, and played on knowing the next cards)."""
    from common.session import LocalSession
    from common.table import Table
    from invaders.cli import SPEC

    kinds = {"aliens": "random", "humans": "human"}
    table = Table(RULES, seed=2, seat_kinds=kinds)
    session = LocalSession(SPEC, table, kinds, 2, None)
    session.play("humans", "place d")
    held = len(session.view("humans")["hand"])
    session.advance(lambda lines: None)  # the aliens move; the humans' turn begins with a draw
    assert session.waiting_for() == "humans" and len(session.view("humans")["hand"]) > held
    seen = len(table.record.body)
    with pytest.raises(GameError, match="cannot take back cards you have already drawn"):
        session.undo()
    assert len(table.record.body) == seen  # nothing was taken back
    move = next(m for m in session.legal("humans") if m != "end")
    session.play("humans", move)
    assert session.undo() == 1  # a move made after the draw may still be taken back


# the default decks and draw before issue 12, with which these tests were written (the fleet has Fire!)
OLD_DECKS = {"deck.aliens": "fire:3,maneuver:2,reinforcements:1",
             "deck.humans": "fire:12,maneuver1:4,maneuver2:7,maneuver3:2,shield:2", "draw": "2"}


def test_hot_seat_undo_and_the_narration_each_player_missed():
    """At one keyboard a player takes back only their own moves, and whoever sits down next is
    told what happened meanwhile, their own draws included (never another seat's)."""
    from common.session import LocalSession
    from common.table import Table
    from invaders.cli import SPEC

    kinds = {"aliens": "human", "humans": "human"}
    table = Table(RULES, seed=3, seat_kinds=kinds, options=OLD_DECKS)  # both sides hold Fire!
    session = LocalSession(SPEC, table, kinds, 3, None)
    assert session.take_over("humans") == []
    session.play("humans", "place d")
    missed = session.take_over("aliens")
    assert "The humans place the Defender on column d." in missed
    assert any(line.startswith("You drew: ") for line in missed)  # the aliens' own draw
    with pytest.raises(GameError, match="nothing to undo"):
        session.undo("aliens")  # the humans' move is not the aliens' to take back
    session.play("aliens", "fire")
    assert session.undo("aliens") == 1  # their own last move ...
    assert not any("Fire!" in line for line in session.take_over("humans"))  # ... is no news
    session.take_over("aliens")
    session.play("aliens", "end")
    for _ in range(10):  # the aliens' discards, then the humans' turn
        if session.waiting_for() != "aliens":
            break
        session.play("aliens", session.legal("aliens")[0])
    assert session.waiting_for() == "humans"
    session.play("humans", "fire")
    with pytest.raises(GameError, match="humans moved after your last move"):
        session.undo("aliens")
    assert session.undo("humans") == 1


def test_rules_read_as_plain_text_when_piped(monkeypatch):
    """'GAME rules' and the REPL's 'rules' print no Markdown emphasis into a pipe (or with
    NO_COLOR); a terminal gets rich's rendering of the same page."""
    from io import StringIO

    from rich.console import Console

    from common import render
    from common.render import markdown_plain

    assert markdown_plain("a **budget** of dice, (*Grave Robbers from Outer\nSpace*), _so_") \
        == "a budget of dice, (Grave Robbers from Outer\nSpace), so"
    assert markdown_plain("snake_case, `BMOVIE_DEBUG`, `**x**`, 2 * 3 * 4, **a\n\nb**") \
        == "snake_case, `BMOVIE_DEBUG`, `**x**`, 2 * 3 * 4, **a\n\nb**"
    assert markdown_plain("```\nx **y**\n```\n**z**") == "```\nx **y**\n```\nz"
    for game in ("horror", "gros", "invaders"):
        for env in ({}, {"NO_COLOR": "1"}):
            proc = subprocess.run([sys.executable, "-m", game, "rules"], capture_output=True,
                                  text=True, timeout=60, env={**os.environ, **env})
            assert proc.returncode == 0 and "**" not in proc.stdout, (game, env)
            assert " — the rules as this pro" in proc.stdout
    proc = subprocess.run([sys.executable, "-m", "horror", "play", "--seed", "1"], input="rules\nquit\n",
                          capture_output=True, text=True, timeout=60)
    assert "has a budget of dice" in proc.stdout and "**" not in proc.stdout
    # at a terminal: rich renders the Markdown (bold, no markers)
    term = Console(file=StringIO(), force_terminal=True, width=100)
    monkeypatch.setattr(render, "plain", lambda: False)
    monkeypatch.setattr(render, "console", lambda: term)
    render.markdown("Every player has a **budget** of dice.")
    out = term.file.getvalue()
    assert "**" not in out and "\x1b[1mbudget" in out


def test_unknown_or_malformed_options_are_refused_in_one_line():
    """A misspelt option used to start a default game without a word; a KEY without a value
    was an 'internal error'."""
    from click.testing import CliRunner

    from common.table import Table
    from gros.rules import RULES as GROS_RULES
    from invaders.cli import main as invaders_main

    with pytest.raises(GameError, match=r"no option 'widht'; did you mean 'width'\?"):
        Table(RULES, options={"widht": "9"})
    Table(GROS_RULES, options={"autopass.ray": "off", "players": "2"}, variant="gros")  # a pattern
    result = CliRunner().invoke(invaders_main, ["play", "-o", "noequals"])
    assert result.exit_code == 2 and "KEY=VALUE" in result.output and "internal" not in result.output
    result = CliRunner().invoke(invaders_main, ["bench", "-o", "deck.alien=fire:3"])
    assert result.exit_code == 2 and "did you mean 'deck.aliens'" in result.output


def test_cards_without_a_match_and_flag_metavars():
    """'cards zzz' printed an empty table and succeeded; '--width' was shown as taking TEXT."""
    from click.testing import CliRunner

    from gros.cli import main as gros_main
    from invaders.cli import main as invaders_main

    result = CliRunner().invoke(gros_main, ["cards", "zzz"])
    assert result.exit_code == 2 and "no card matches 'zzz'" in result.output
    assert CliRunner().invoke(gros_main, ["cards", "robot"]).exit_code == 0
    text = CliRunner().invoke(invaders_main, ["play", "--help"]).output
    assert "--width N" in text and "--height N" in text


def test_rules_for_players_stop_where_the_developers_part_begins():
    """In a game, 'rules' dumped the card-data vocabulary, the record format and benchmark
    notes; players get the rules, '--all' the rest."""
    from click.testing import CliRunner

    from gros.cli import main as gros_main

    short = CliRunner().invoke(gros_main, ["rules"]).output
    everything = CliRunner().invoke(gros_main, ["rules", "--all"]).output
    assert "the stop window" in short and "Cards as data" not in short and "for developers" not in short
    assert "Cards as data" in everything and len(everything) > len(short)


def test_a_saved_game_goes_on_with_play_load(tmp_path):
    """'save FILE' wrote a record that only 'host --resume' could continue."""
    from click.testing import CliRunner

    from invaders.cli import main as invaders_main

    saved = tmp_path / "game.rec"
    first = CliRunner().invoke(invaders_main, ["play", "--seed", "4", "--save", str(saved),
                                               *(f"-o{k}={v}" for k, v in OLD_DECKS.items())],
                               input="place d\nquit\n")
    assert first.exit_code == 0 and saved.exists()
    assert "Leaving the game unfinished." in first.output  # quit says so, as Ctrl-D does
    assert saved.read_text().endswith("\n")
    mixed = CliRunner().invoke(invaders_main, ["play", "--load", str(saved), "--width", "9"])
    assert mixed.exit_code == 2 and "record's own seed and options" in mixed.output
    moves = [ln for ln in saved.read_text().splitlines() if ln.startswith(("aliens:", "humans:"))]
    again = CliRunner().invoke(invaders_main, ["play", "--load", str(saved), "--save", str(saved)],
                               input="fire\nquit\n")
    out = " ".join(again.output.split())  # (rich wraps long lines, a long path anywhere)
    assert again.exit_code == 0, out
    assert f"Loaded{saved}:{len(moves)}movesplayed." in "".join(out.split())
    assert "The humans play Fire!" in out
    later = [ln for ln in saved.read_text().splitlines() if ln.startswith(("aliens:", "humans:"))]
    assert later[:len(moves)] == moves and later[len(moves)] == "humans: fire"
    finished = tmp_path / "finished.rec"
    CliRunner().invoke(invaders_main, ["play", "--seed", "3", "--seats", "random,random",
                                       "--save", str(finished)])
    over = CliRunner().invoke(invaders_main, ["play", "--load", str(finished)])
    assert over.exit_code == 2 and "that game is over" in over.output


def test_a_torn_or_edited_save_loads_up_to_the_bad_line(tmp_path):
    """One torn last line (a crash mid-write) or one hand-edited move refused the whole saved
    game: 'play --load' now plays up to the line before it, says which line in one
    'file:line:' line, and the game goes on (STYLE.md, section 3)."""
    from click.testing import CliRunner

    from invaders.cli import main as invaders_main

    saved = tmp_path / "game.rec"
    CliRunner().invoke(invaders_main, ["play", "--seed", "4", "--save", str(saved),
                                       *(f"-o{k}={v}" for k, v in OLD_DECKS.items())],
                       input="place d\nquit\n")
    good = saved.read_text()
    moves = sum(1 for ln in good.splitlines() if ln.startswith(("aliens:", "humans:")))
    cases = {"torn": (good + "humans: fi", "not a move"),  # torn mid-word: no such move
             "garbage": (good + "\x00\x00 !!\n", "expected a header line"),
             "refused": (good + "humans: place b\nhumans: fire\n", "was refused")}
    for name, (text, words) in cases.items():
        path = tmp_path / f"{name}.rec"
        path.write_text(text, encoding="utf-8")
        bad_line = len(good.splitlines()) + 1
        out = CliRunner().invoke(invaders_main, ["play", "--load", str(path)], input="quit\n")
        flat = "".join(out.output.split())  # rich wraps a long tmp path anywhere
        assert out.exit_code == 0, (name, out.output)
        assert "Traceback" not in out.output
        assert f"Loaded{path}:{moves}movesplayed." in flat, (name, out.output)
        assert f"{path}:{bad_line}:".replace(" ", "") in flat and "".join(words.split()) in flat, (name, out.output)
        assert "loadeduptothelinebeforeit" in flat
    strict = CliRunner().invoke(invaders_main, ["run", str(tmp_path / "garbage.rec")])
    assert strict.exit_code == 2 and f":{len(good.splitlines()) + 1}:" in strict.output  # records stay strict
