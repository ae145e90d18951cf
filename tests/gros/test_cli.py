"""The ``gros`` command: cards, run, play at a (piped) terminal, and records a Table writes
replaying to the same game."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from common.batch import replay
from common.bots import make_bot
from common.record import parse_record
from common.table import Table
from gros.cli import main
from gros.rules import RULES

ROOT = Path(__file__).resolve().parents[2]


def test_cards_lists_and_searches():
    result = CliRunner().invoke(main, ["cards", "alien"])
    assert result.exit_code == 0
    assert "HQ" in result.output and "Giant" in result.output and "Meteor" in result.output
    assert "The Reporter" not in result.output


def test_run_checks_the_book_examples():
    files = [str(p) for p in sorted((ROOT / "tests" / "records" / "gros").glob("book-*.rec"))]
    result = CliRunner().invoke(main, ["run", *files])
    assert result.exit_code == 0 and result.output.count("ok ") == 2


def test_play_at_a_piped_terminal():
    text = "title\ncard il robot\nplay the blobb\nend\ndone\nquit\n"
    proc = subprocess.run([sys.executable, "-m", "gros", "play", "--seed", "5", "--players", "4"],
                          input=text, capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "you play ray" in out and "Tonight's feature" in out and "vincent" not in out
    assert "The Robot (Il Robot)" in out and "did you mean the-blob" in out


def test_bad_options_are_one_line_errors():
    result = CliRunner().invoke(main, ["bench", "--games", "1", "--deck", "gros3"])
    assert result.exit_code == 2 and "no deck 'gros3'" in result.output


def test_a_tables_record_replays_the_same_game():
    for g, variant in enumerate(("gros", "gr2")):
        options = {"players": "3", "target": "30"} if g else {"players": "4"}
        table = Table(RULES, seed=40 + g, options=options, variant=variant)
        bots = {s: make_bot("heuristic" if i == 0 else "random", RULES, seed=i) for i, s in enumerate(table.seats)}
        while table.outcome() is None:
            seat = table.to_move()[0]
            legal = table.legal_moves(seat)
            table.play(seat, bots[seat].choose(RULES, table.view(seat), seat, legal))
        rec = parse_record(table.record_text())
        again = replay(RULES, rec)
        assert again.failures == [] and again.checked == 1  # the 'result' line holds
        assert RULES.to_json(again.table.state) == RULES.to_json(table.state)


def test_skippys_revenge_is_called_by_its_own_name():
    """Under --variant gr2 the banner and the toolbar name the game being played."""
    from common.repl import Ui
    from common.session import LocalSession
    from gros.cli import SPEC

    proc = subprocess.run([sys.executable, "-m", "gros", "play", "--seed", "1", "--variant", "gr2"],
                          input="quit\n", capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("Grave Robbers II: Skippy's Revenge — you play ray")
    assert "Outer Space" not in proc.stdout
    for variant, title in (("gr2", "Grave Robbers II: Skippy's Revenge"),
                           ("gros", "Grave Robbers from Outer Space")):
        table = Table(RULES, seed=1, options={"players": "2"}, variant=variant)
        ui = Ui(SPEC, LocalSession(SPEC, table, {s: "human" for s in table.seats}, 1, None))
        assert ui.game_title() == title
        ui.title = ui.game_title()
        assert ui.toolbar().startswith(f" {title} · ")
    helped = " ".join(CliRunner().invoke(main, ["--help"]).output.split())
    assert "'--variant gr2' plays Grave Robbers II: Skippy's Revenge" in helped


def test_hard_thinks_by_default_what_its_strength_was_measured_at():
    """The table's --think for gros is the budget the rules page measured hard at (0.3 s a
    decision, issue 22); a game that measured none keeps 1 s at a terminal, 0.5 s on the net."""
    from invaders.cli import main as invaders

    def think(group, command: str) -> float:
        return next(p.default for p in group.commands[command].params if p.name == "think")

    assert {c: think(main, c) for c in ("play", "host", "join", "bench")} == dict.fromkeys(
        ("play", "host", "join", "bench"), 0.3)
    assert (think(invaders, "play"), think(invaders, "host"), think(invaders, "bench")) == (1.0, 0.5, 1.0)
