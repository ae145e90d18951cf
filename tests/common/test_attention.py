"""Issue 23: the table respects the player's attention, and a finished game is never lost.

Through the real command (click's runner: stdin is not a terminal, so the REPL reads plain
lines) and the session; the screen-level parts are in test_story_pty.py and test_repl_pty.py.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from gros.cli import main as gros_main
from horror.cli import main as horror_main
from invaders.cli import main as invaders_main


class Said:
    """What a command printed, its lines unwrapped (``output``, one space between words)."""

    def __init__(self, result) -> None:
        self.exit_code = result.exit_code
        self.output = " ".join(result.output.split())


def run(main, *args: str, given: str = "quit\n") -> Said:
    return Said(CliRunner().invoke(main, ["play", "--pace", "0", *args], input=given))


def test_the_opening_line_names_each_opponents_level():
    out = run(gros_main, "--seed", "3", "--seats", "human,easy,hard", "--first", "ray").output
    assert "you play ray against dana (easy), amanda (hard)" in out, out
    out = run(invaders_main, "--seed", "3", "--seats", "humans", "--vs", "hard").output
    assert "you play humans against aliens (hard)" in out, out


def test_invaders_takes_a_level_alone_and_no_first_player():
    out = run(invaders_main, "--seed", "3", "--seats", "easy")
    assert out.exit_code == 0 and "you play humans against aliens (easy)" in out.output
    out = run(invaders_main, "--seed", "3", "--first", "humans")
    assert out.exit_code == 2 and "its turn order is the book's" in out.output


def test_the_first_player_is_drawn_from_the_seed_and_kept_in_the_record(tmp_path):
    """Both books start with the player to the dealer's left: anyone. The same seed draws the
    same first player; the record says who, so it replays the same; --first chooses."""
    from common.local import first_option
    from gros.cli import SPEC

    seats = ["ray", "dana", "amanda"]
    drawn = [first_option(SPEC, seats, seed, None, {})["first"] for seed in range(30)]
    assert set(drawn) == set(seats) and drawn == [first_option(SPEC, seats, seed, None, {})["first"]
                                                  for seed in range(30)]
    save = tmp_path / "g.rec"
    out = run(gros_main, "--seed", "2", "--seats", "normal,normal,normal", "--save", str(save),
              "--think", "0.01")
    assert out.exit_code == 0, out.output
    assert f"option first {drawn[2]}" in save.read_text()  # the seed's draw, in the record
    assert CliRunner().invoke(gros_main, ["run", str(save)]).exit_code == 0  # replays the same
    save = tmp_path / "chosen.rec"
    out = run(horror_main, "--seed", "4", "--first", "p2", "--save", str(save),
              given="agree\nquit\n")
    assert "option first p2" in save.read_text(), out.output
    out = run(horror_main, "--seed", "4", "--players", "2", "--first", "p2")
    assert "p2 agrees to the premise" in out.output.split("p1>")[0], out.output  # p2 speaks first
    out = run(gros_main, "--first", "zed")
    assert out.exit_code == 2 and "--first names a seat (ray, dana, amanda), not 'zed'" in out.output


def test_a_save_path_that_cannot_be_written_is_said_before_the_game(tmp_path):
    out = run(gros_main, "--save", str(tmp_path / "no-such-folder" / "g.rec"))
    assert out.exit_code == 2 and "cannot save to" in out.output
    assert "you play" not in out.output  # said before the game, not after it
    free = tmp_path / "g.rec"
    out = run(gros_main, "--seed", "1", "--save", str(free), "--first", "ray", given="quit\n")
    assert out.exit_code == 0 and not free.exists()  # the probe left nothing behind


def test_play_again_never_overwrites_the_last_games_record(tmp_path):
    from common.local import next_free

    save = tmp_path / "game.rec"
    assert next_free(str(save)) == str(save)
    save.write_text("game invaders\n")
    assert next_free(str(save)) == str(tmp_path / "game-2.rec")
    (tmp_path / "game-2.rec").write_text("game invaders\n")
    assert next_free(str(save)) == str(tmp_path / "game-3.rec")
    assert next_free(None) is None


def test_log_tells_a_loaded_game_and_forgets_what_undo_took_back(tmp_path):
    """'log' was empty after --load and kept the moves undo took back: it matches the record."""
    save = tmp_path / "half.rec"
    given = "place d\nend\nsave " + str(save) + "\nquit\nn\n"
    out = run(invaders_main, "--seed", "3", "--seats", "random,human", given=given)
    assert out.exit_code == 0 and save.exists(), out.output
    out = run(invaders_main, "--load", str(save), given="log 100\nquit\nn\n")
    log = out.output.split("Loaded", 1)[1]
    assert "The humans place the Defender on column d" in log, out.output
    given = "place d\nmaneuver 2 left\nlog 3\nundo\nlog 3\nquit\n"
    out = run(invaders_main, "--seed", "3", "--seats", "random,human", "-odraw=0",
              "-odeck.aliens=maneuver:1,reinforcements:2,gunner:2,thrusters:3",  # (the decks
              "-odeck.humans=fire:9,maneuver1:4,maneuver2:7,maneuver3:2,shield:3,spread:7",
              "-ohand=4", given=given).output  # this was written with)
    before, after = out.split("Took back 1 move.", 1)
    assert "The Defender moves to column b" in before.split("humans>")[-2], out
    told = after.split("humans>")[1]  # the second 'log 3'
    assert "moves to column b" not in told and "Lone Gunner" in told, told


@pytest.mark.parametrize("seats", ["human,human", "random,human"])
def test_quitting_before_any_move_offers_nothing_and_drops_no_file(tmp_path, seats, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out = run(invaders_main, "--seed", "3", "--seats", seats, given="quit\n\n")
    assert out.exit_code == 0 and "Save the game" not in out.output
    assert list(tmp_path.iterdir()) == []


def _view(kind: str = "anytime", concerns: tuple[str, ...] = (), seat: str = "ray",
          turn_no: int = 3) -> dict:
    decision = {"seat": seat, "kind": kind, "prompt": "", "reaction": kind != "turn",
                "concerns": list(concerns)}
    return {"decision": decision, "turn": "dana", "game_no": 1, "state": {"turn_no": turn_no}}


def test_reaction_levels_ask_about_what_is_aimed_at_you(tmp_path, monkeypatch):
    """The default asks only about a card or attack aimed at you; 'all' and 'none' widen and
    narrow it; '!' passes the rest of the turn; a level is remembered for the next game."""
    from common.reactions import Reactions

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    r = Reactions("gros")
    assert r.skip("ray", _view()) == "aimed"  # the SFX window after a card: nobody's
    assert r.skip("ray", _view("respond", ("dana", "amanda"))) == "aimed"
    assert r.skip("ray", _view("stop", ("ray",))) is None  # aimed at ray: asked
    assert r.skip("ray", _view("turn")) is None  # not a reaction: always asked
    r.pass_turn("ray", _view("stop", ("ray",)))
    assert r.skip("ray", _view("stop", ("ray",))) == "turn"
    assert r.skip("ray", _view("stop", ("ray",), turn_no=4)) is None  # the next turn asks again
    assert r.set("ray", "all") is None and r.skip("ray", _view()) is None
    assert r.set("dana", "none") is None and r.skip("dana", _view("stop", ("dana",), "dana")) == "none"
    again = Reactions("gros")  # the next game remembers each seat's level
    assert again.level("ray") == "all" and again.level("dana") == "none"
    assert again.level("amanda") == "aimed" and Reactions("horror").level("ray") == "aimed"
    assert oct((tmp_path / "bmovie" / "settings.json").stat().st_mode & 0o777) == "0o600"


def test_a_human_seat_is_asked_only_about_what_concerns_it(tmp_path, monkeypatch):
    """A whole gros game through the REPL (piped): with auto-pass off the rules ask ray in
    every window; under the default level the REPL answers those that concern others itself,
    and ray is asked only about cards and attacks aimed at him."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    given = "title\n" + "draw\nend\ndone\npass\n" * 60
    out = CliRunner().invoke(gros_main, ["play", "--pace", "0", "--seed", "8", "--players", "2",
                                         "--first", "ray", "--seats", "human,normal",
                                         "-oautopass.ray=off", "--think", "0.01"], input=given)
    text = " ".join(out.output.split())
    assert "reactions passed for you: not aimed at you" in text, text[-2000:]
    assert "you may play an SFX now" not in text  # the SFX window concerns nobody: never asked
    from common.reactions import Reactions

    Reactions("gros").set("ray", "all")
    out = CliRunner().invoke(gros_main, ["play", "--pace", "0", "--seed", "8", "--players", "2",
                                         "--first", "ray", "--seats", "human,normal",
                                         "-oautopass.ray=off", "--think", "0.01"], input=given)
    assert "you may play an SFX now" in " ".join(out.output.split())  # 'all': asked again


def test_an_attack_let_through_by_a_pass_made_for_you_is_told_on_screen(tmp_path, monkeypatch):
    """ray attacks; the answer window is dana's, so ray's own pass is made for him: the pass
    went to the log, and with it the attack's outcome, which the screen never showed."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    given = "title\ndraw\nplay lab assistant\nattack dana with lagoon lurker\nquit\nn\n"
    out = CliRunner().invoke(gros_main, ["play", "--pace", "0", "--seed", "21", "--players", "2",
                                         "--seats", "human,normal", "--think", "0.01"], input=given)
    text = " ".join(out.output.split())
    assert "1 reaction passed for you" in text, text[-2000:]
    assert "The Lagoon Lurker (7) against dana's Movie" in text, text[-2000:]
    assert "You pass." not in text  # the pass itself stays in the log


def test_the_keyboard_changes_hands_only_for_a_private_decision():
    from common.handoff import keyboard_after

    assert keyboard_after(None, "p1", True) == (True, "p1")  # p1's hand: p1 sits down
    assert keyboard_after("p1", "p1", True) == (False, "p1")  # already there
    assert keyboard_after("p1", "p1", False) == (False, "p1")  # public, and p1's own
    assert keyboard_after("p1", "p2", False) == (False, None)  # public: p1's hand is wiped
    assert keyboard_after(None, "p2", True) == (True, "p2")


def test_bench_attention_reports_before_and_now():
    """'GAME bench --attention': the figures issue 23 asks for, before and now, as JSON."""
    import json

    out = CliRunner().invoke(gros_main, ["bench", "--attention", "--games", "2", "--think",
                                         "0.01", "--json"])
    assert out.exit_code == 0, out.output
    report = json.loads(out.output.strip().splitlines()[-1])
    before, now = report["before"], report["after"]
    assert now["passed_for_the_player_per_game"] > 0 == before["passed_for_the_player_per_game"]
    assert now["reactions_passed_share"] <= 0.10  # the goal in GROS
    assert now["handovers_per_10_moves"] < before["handovers_per_10_moves"]
    assert report["waits"]["bot_decisions_per_game"] > 0


def test_a_two_human_film_hands_over_less_and_claims_ask_whom_they_concern():
    """Creature Feature at one keyboard: a claim window is a reaction (horror's view marks
    it, with the seats whose character is a side of the conflict at hand); under the default
    level the REPL passes the others, so the director keeps the keyboard through the scene.
    Measured over 3 films (bots deciding for both people): 2.3 hand-overs per 10 moves before
    claims were reactions, under 2 after; then the trades: an offer waits for the seat asked
    to sit down anyway, and a director with no card in hand directs at the public board."""
    from common.attention import _handovers
    from common.reactions import Reactions, decision_of
    from horror.cli import SPEC

    moves = handed = 0
    for g in range(3):
        got = _handovers(SPEC, 700 + g, {"players": "2"}, True)
        moves, handed = moves + got["moves"], handed + got["handovers"]
    assert 10 * handed / moves < 2.0
    from common.attention import _table
    from common.bots import bot_move, make_bot

    table = _table(SPEC, 701, {"players": "2"})
    bots = {s: make_bot("normal", table.rules, seed=i) for i, s in enumerate(table.seats)}
    levels = Reactions("")
    levels.levels.clear()
    asked = passed = 0
    while table.outcome() is None:
        seat = table.decisions()[0].seat
        view = table.view(seat)
        if view["decision"] == "claim":
            reaction = decision_of(view)
            assert reaction["reaction"] and reaction["seat"] == seat
            concerned = seat in reaction["concerns"]
            assert (levels.skip(seat, view) is None) == concerned
            asked, passed = asked + concerned, passed + (not concerned)
        else:
            assert levels.skip(seat, view) is None  # nothing else in horror is a reaction
        table.play(seat, bot_move(bots[seat], table.rules, view, seat,
                                  table.legal_moves(seat), strict=True))
    assert passed > 0


def test_a_two_human_film_hands_over_at_most_once_in_ten_moves():
    """Issue 23's goal for a two-human Creature Feature film: at most one hand-over per 10
    moves, counted as ``horror bench --attention`` counts them (its ten films, seeds 700-709,
    the same code): 242 in 2,432 moves (before the trades waited for their seat: 362 in
    2,394, and 1.51 per 10 moves). One seeded film on its own stays under it too."""
    from common.attention import _handovers
    from horror.cli import SPEC

    films = [_handovers(SPEC, 700 + g, {"players": "2"}, True) for g in range(10)]
    handed, moves = sum(f["handovers"] for f in films), sum(f["moves"] for f in films)
    assert moves >= 2000  # whole films
    assert 10 * handed / moves <= 1.0, (handed, moves)
    assert 10 * films[3]["handovers"] / films[3]["moves"] <= 1.0, films[3]
