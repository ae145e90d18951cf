"""The coach (issue 24): a hint never reads hidden cards, and a review flags a thrown-away win
as a blunder at two seeds while sensible play gets none. Budgets are counts of play-outs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from common import coach
from common.batch import read_record
from common.bots import RandomBot
from common.record import parse_record
from common.repl import Ui
from common.session import LocalSession
from common.table import Table
from tests.test_bots import GAMES, midgame, spying

RECORDS = Path(__file__).resolve().parents[1] / "records" / "gros"
BLUNDER = RECORDS / "coach-blunder-credits.rec"
SENSIBLE = RECORDS / "coach-sensible.rec"
HISTORY = ("log", "log_dropped")  # Creature Feature's story so far, which determinize does not rebuild
THROWN = 81  # the move of BLUNDER that rolls the credits while behind (the reasons' test reads it)
THROWN_WIN = RECORDS / "coach-thrown-win.rec"  # a seat throws away a win (its header says how)
THROWN_AT = 45  # its move that rolls the credits one point behind, a card in hand that would win


@pytest.mark.parametrize("name", list(GAMES))
def test_a_hint_is_the_same_whatever_the_hidden_cards_are(name):
    """Two games that differ only in what the seat cannot see (the hidden cards dealt anew
    by determinize) get the same hint, figure for figure; and the search reads only the view."""
    rules, st, seat = midgame(name)
    view = rules.view(st, seat)
    legal = rules.legal_moves(st, seat)
    other = rules.determinize(view, seat, RandomBot(9).rng)
    twin = rules.view(other, seat)
    for key in HISTORY:  # a sampled game keeps no story of how it came about
        if key in view:
            twin[key] = view[key]
    assert twin == view and rules.legal_moves(other, seat) == legal
    hidden = (rules.hidden_facts(st), rules.hidden_facts(other))
    first = coach.hint(rules, view, seat, legal, iterations=60)
    second = coach.hint(rules, twin, seat, legal, iterations=60)
    assert first == second and first.candidates and len(first.candidates) <= coach.HINT_SHOWN
    assert first.playouts == 60
    if hidden[0] == hidden[1]:
        pytest.skip("this position hides nothing that could differ")


def test_the_search_behind_a_hint_is_handed_the_view_only():
    rules, st, seat = midgame("gros")
    view = rules.view(st, seat)
    spy, seen = spying(rules)
    found = coach.hint(spy, view, seat, rules.legal_moves(st, seat), iterations=30)
    assert found.candidates and len(seen) == 30 and all(v is view for v in seen)


def test_the_thrown_win_was_a_win_by_the_rules():
    """The record's story checked by the rules alone, not the search: rolling the credits at
    THROWN_AT loses (9 against 10), while The Drive-In Couple from dana's hand first, then the
    same credits, wins."""
    from common.batch import open_table
    from gros.rules import RULES

    rec = read_record(THROWN_WIN)
    assert rec.moves()[THROWN_AT - 1] == ("dana", "play roll-the-credits-the-end")
    assert len(rec.moves()) == THROWN_AT
    assert [line.text for line in rec.body if line.kind == "result"] == ["ray"]
    lost = open_table(RULES, rec)
    for seat, move in rec.moves():
        lost.play(seat, move)
    assert lost.outcome().winners == ["ray"] and lost.outcome().scores == {"ray": 10.0, "dana": 9.0}
    won = open_table(RULES, rec)
    for seat, move in rec.moves()[:THROWN_AT - 1]:
        won.play(seat, move)
    for move in ("play the-drive-in-couple", "play roll-the-credits-the-end"):
        won.play("dana", move)
        for _n in range(20):  # any window the card opens: ray passes
            if won.outcome() is not None or won.decisions()[0].seat == "dana":
                break
            won.play(won.decisions()[0].seat, "pass")
    assert won.outcome() is not None and won.outcome().winners == ["dana"]


def test_review_flags_the_thrown_away_win_as_a_blunder_at_two_seeds():
    """Rolling the credits one point behind (a sure loss, 0%) where a card in hand first kept
    about an even chance: the one blunder of dana's game at seed 0 (through the command, as
    JSON) and at seed 1, and the better move the review names plays a card from her hand or
    attacks ray's Movie (two moves about level: at seed 1 the search named the attack even
    before ``hard`` dealt its rivals' hands richer in title words; with that deal, at both). Ray,
    a 'normal' bot that played on, gets no blunder (sensible play, a second record of it)."""
    from gros.cli import main
    from gros.rules import RULES

    result = CliRunner().invoke(main, ["review", str(THROWN_WIN), "--json"])  # both: humans
    assert result.exit_code == 0, result.output
    data = json.loads(result.output[result.output.index("{"):])
    blunders = [d for d in data["decisions"] if d["grade"] == "blunder"]
    assert [d["number"] for d in blunders] == [THROWN_AT]
    thrown = blunders[0]
    assert thrown["played"] == "play roll-the-credits-the-end" and thrown["played_estimate"] < 0.05
    assert thrown["best"].split()[0] in ("play", "attack") and "credits" not in thrown["best"]
    assert thrown["best_estimate"] >= 0.4 and thrown["drop"] >= coach.BLUNDER
    assert data["seats"]["dana"]["blunders"] == 1 and THROWN_AT in data["turning_points"]
    assert data["seats"]["ray"]["blunders"] == 0 and any(d["seat"] == "ray" for d in data["decisions"])
    again = coach.review(RULES, read_record(THROWN_WIN), ["dana"], seed=1)
    assert [d.number for d in again.decisions if d.grade == "blunder"] == [THROWN_AT]


@pytest.mark.parametrize("seed", [0, 1])
def test_sensible_play_gets_no_blunder(seed):
    from gros.rules import RULES

    result = coach.review(RULES, read_record(SENSIBLE), ["ray", "dana"], seed=seed)
    assert len(result.decisions) > 60  # most decisions had a choice, and were judged
    assert not [d for d in result.decisions if d.grade == "blunder"]
    assert all(result.accuracy(s) > 80 for s in ("ray", "dana"))


def test_review_speaks_the_players_language_and_refuses_an_unknown_seat(tmp_path):
    """The review's words in English and Russian (a short record: 16 moves), and a seat the
    record does not have is one line, exit 2."""
    from gros.cli import main

    lines = SENSIBLE.read_text(encoding="utf-8").splitlines()
    short = tmp_path / "short.rec"
    short.write_text("\n".join(lines[:26]) + "\n", encoding="utf-8")
    en = " ".join(CliRunner().invoke(main, ["review", str(short)]).output.split())
    assert "ray: accuracy" in en and "dana: accuracy" in en and "Thresholds:" in en
    ru = CliRunner().invoke(main, ["--lang", "ru", "review", str(short), "--seat", "ray"])
    assert ru.exit_code == 0 and "ray: точность" in ru.output and "accuracy" not in ru.output
    bad = CliRunner().invoke(main, ["review", str(BLUNDER), "--seat", "bob"])
    assert bad.exit_code == 2 and "bob" in bad.output and "Traceback" not in bad.output


def test_a_hint_at_the_prompt_is_noted_in_the_record(capsys):
    """'hint' at the line REPL shows up to three candidates with a win chance, a reason and how
    sure it is; the record gets a '# hint SEAT' comment that replays and that review reads."""
    from gros.cli import SPEC
    from gros.rules import RULES

    table = Table(RULES, seed=2, options={"players": "2"}, variant="gros")
    ui = Ui(SPEC, LocalSession(SPEC, table, {s: "human" for s in table.seats}, 1, None))
    table.play("ray", "title")
    seat = table.decisions()[0].seat
    ui.command(seat, "hint")
    out = capsys.readouterr().out
    assert "Hint (" in out and "win chance" in out and "play-outs" in out
    text = table.record_text()
    assert f"# hint {seat}" in text
    assert coach.hinted_moves(text) == {2}
    assert parse_record(text).moves() == [("ray", "title")]
    table.play(seat, table.legal(seat)[0])
    assert table._replayed() is not None  # a note is no move: the record replays


def test_a_review_marks_a_move_made_after_a_hint():
    from gros.rules import RULES

    lines = SENSIBLE.read_text(encoding="utf-8").splitlines()[:40]
    plain = "\n".join(lines) + "\n"
    judged = [d.number for d in coach.review(RULES, parse_record(plain), ["ray"], iterations=20).decisions]
    number = judged[1]
    at = [i for i, line in enumerate(lines) if line.startswith(("ray: ", "dana: "))][number - 1]
    text = "\n".join(lines[:at] + ["# hint ray"] + lines[at:]) + "\n"
    assert coach.hinted_moves(text) == {number}
    marked = coach.review(RULES, parse_record(text), ["ray"], iterations=20, text=text)
    assert [d.number for d in marked.decisions if d.hinted] == [number]


def test_the_end_screen_offers_the_review(capsys):
    """'r' at the end screen's menu reviews the game just played (here, 12 moves of hot-seat)."""
    from common.endscreen import QUIT, after_game
    from gros.cli import SPEC
    from gros.rules import RULES

    rec = read_record(SENSIBLE)
    table = Table(RULES, seed=rec.seed, options=rec.options, variant=rec.variant)
    for seat, move in rec.moves()[:12]:
        table.play(seat, move)
    ui = Ui(SPEC, LocalSession(SPEC, table, {s: "human" for s in table.seats}, 1, None))
    answers = iter(["n", "r", "q"])  # (the record is kept unless the player says no)
    ui.interactive = lambda: True
    ui.ask = lambda question: next(answers)
    assert after_game(ui, False) == QUIT
    out = capsys.readouterr().out
    assert "ray: accuracy" in out and "dana: accuracy" in out


def test_gros_says_why_in_the_players_words():
    """gros's reason for a move: the target's Defence and hand for an attack, the standing
    scores for the credits; from dana's view before her blunder."""
    from common.batch import open_table
    from gros.render import coach_reason
    from gros.rules import RULES

    rec = read_record(BLUNDER)
    table = open_table(RULES, rec)
    for seat, move in rec.moves()[:THROWN - 1]:
        table.play(seat, move)
    view = table.view("dana")
    assert coach_reason(view, "dana", "attack ray with the-flying-saucer") == \
        "The Flying Saucer: Attack 7 against ray's Defence 21; ray holds 5 cards"
    assert coach_reason(view, "dana", "play roll-the-credits-fade-out") == \
        "the game ends with your Movie at 13 against ray's 26"
    assert coach_reason(view, "dana", "end") is None


def test_gros_says_why_a_stop_and_an_answer_to_an_attack():
    """At a stop the card stopped is named; in an attack's window, the attack as it stands
    (what the board's attack panel shows), read from the view alone."""
    from gros.render import coach_reason

    stop = {"decision": {"kind": "stop"}, "stack": [{"card": "the-wolfman", "seat": "dana"}]}
    assert coach_reason(stop, "ray", "play the-cat-in-the-locker on the-wolfman paying the-shovel, "
                        "the-flashlight") == "The Wolfman (dana) is stopped before it takes effect"
    respond = {"decision": {"kind": "respond"}, "stack": [],
               "attack": {"creature": "the-blob", "value": 9, "defence": 10, "target": "dana"}}
    assert coach_reason(respond, "ray", "pass") == ("the attack of The Blob: Attack 9 against "
                                                    "dana's Defence 10; as it stands, it fails")


@pytest.mark.parametrize("forbidden", [False, True])
def test_the_table_sees_a_hint_and_a_host_may_forbid_them(forbidden):
    """Over the LAN the hint is worked out on the client; the host tells everyone at the table
    that it was asked (and notes it in its record), or with --no-hints refuses it."""
    from tests.common.netkit import LiveHost, Wire

    with LiveHost("invaders", seats="remote,remote", games=1, think=0.01, grace=60,
                  no_hints=forbidden) as host:
        ann, bob = Wire(host.port, "invaders"), Wire(host.port, "invaders")
        welcome = ann.hello(name="ann", seat="humans")
        assert welcome["type"] == "welcome" and welcome["hints"] is (not forbidden)
        assert bob.hello(name="bob", seat="aliens")["type"] == "welcome"
        ann.until("state")
        ann.send({"type": "hint"})
        if forbidden:
            assert ann.until("error")["code"] == "no_hints"
        else:
            told = bob.until("info", timeout=10)
            while "hint" not in told["message"]:
                told = bob.until("info", timeout=10)
            assert told["message"] == "ann (humans) asked the coach for a hint"
            room = next(iter(host.server.rooms.values()))
            assert "# hint humans" in host.call(lambda: room.table.record_text())
        ann.close()
        bob.close()


def test_replay_steps_through_a_record_with_the_estimates(tmp_path):
    from gros.cli import main

    lines = SENSIBLE.read_text(encoding="utf-8").splitlines()
    short = tmp_path / "short.rec"
    short.write_text("\n".join(lines[:26]) + "\n", encoding="utf-8")
    out = CliRunner().invoke(main, ["replay", "--no-step", "--coach", str(short)])
    assert out.exit_code == 0, out.output
    said = [line for line in out.output.splitlines() if line.startswith("  win chance ")]
    assert len(said) >= 10 and any("the search's choice" in line for line in said)


def _first_with_words(rules, hook, seed, options, limit=300):
    """A seeded bot game played until some legal move has the game's words: the view, the
    seat, the move and the words (None if none came within ``limit`` decisions)."""
    from common.bots import bot_move, make_bot

    table = Table(rules, seed=seed, options=options, variant=rules.variants[0], keep_undo=False)
    bots = {s: make_bot("normal", rules, seed=i) for i, s in enumerate(table.seats)}
    for _n in range(limit):
        if table.outcome() is not None:
            break
        seat = table.decisions()[0].seat
        view = table.view(seat)
        for move in table.legal(seat):
            words = hook(view, seat, move)
            if words:
                return table, view, seat, move, words
        table.play(seat, bot_move(bots[seat], rules, view, seat, table.legal_moves(seat), strict=True))
    return None


def test_invaders_says_what_a_move_changes_in_the_next_turn():
    """Invaders' reason is the board's forecast of the next turn with the move and without it
    (read from a state rebuilt from the view: the same words whatever the hidden cards are),
    in the player's language; a hint at the prompt reads the game's own words."""
    from common.coachshow import reason_hook
    from common.i18n import language
    from invaders.cli import SPEC
    from invaders.coach import coach_reason
    from invaders.rules import RULES

    assert reason_hook(SPEC) is coach_reason
    table, view, seat, move, words = _first_with_words(RULES, coach_reason, 0, {})
    assert words.startswith(("With it: ", "Without it: ")) and "next turn" in words, words
    twin = RULES.view(RULES.determinize(view, seat, RandomBot(5).rng), seat)
    assert coach_reason(twin, seat, move) == words
    assert coach_reason(view, seat, "end") is None  # ending the phase changes nothing itself
    with language("ru"):
        said = coach_reason(view, seat, move)
    assert said.startswith(("С этим ходом: ", "Без него: ")) and "With it" not in said


def test_creature_feature_says_what_a_move_puts_at_stake():
    """Creature Feature's reasons: the dice a bid spends of the budget, the Screen Time of a
    check's two sides, a stake; from the view's public figures and the seat's own budget."""
    from common.coachshow import reason_hook
    from horror.cli import SPEC
    from horror.coach import coach_reason
    from horror.rules import RULES

    assert reason_hook(SPEC) is coach_reason
    table, view, seat, move, words = _first_with_words(RULES, coach_reason, 3, {"players": "2"})
    budget = view["budgets"][seat]
    assert view["decision"] == "bid" and move == "bid 1"
    assert words == (f"1 die of your {budget} dice for the director's chair: if it holds, you "
                     f"direct and keep {budget - 1} dice")
    assert coach_reason(view, seat, "pass") == f"you keep your {budget} dice for a later scene"
    names = {row[0]: row[2] for row in view["elements"]}
    some = [c for c in view["st"] if c in names][:2]
    said = coach_reason(view, seat, f"check {some[0]} vs {some[1]}")
    assert said == (f"{names[some[0]]} (Screen Time {view['st'][some[0]]}) against "
                    f"{names[some[1]]} (Screen Time {view['st'][some[1]]})")
    assert coach_reason(view, seat, "cut") is None
