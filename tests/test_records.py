"""Every record under tests/records/<game>/ replays with all its expectations holding, and the
record reader is strict: bad input stops the run with ``file:line:`` and what was expected.

A new game's records are picked up by adding the directory: the rules come from
``<game>.rules.RULES``.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from common.batch import read_record, replay, run_files
from common.record import RecordError

RECORDS = Path(__file__).parent / "records"
RECORD_FILES = sorted(RECORDS.glob("*/*.rec"))


def rules_for(game: str):
    return importlib.import_module(f"{game}.rules").RULES


def test_there_are_records():
    assert any(p.parent.name == "invaders" for p in RECORD_FILES)


@pytest.mark.parametrize("path", RECORD_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_record_replays(path: Path):
    rec = read_record(path)
    assert rec.game == path.parent.name, "a record lives in the directory named after its game"
    result = replay(rules_for(rec.game), rec)
    assert result.failures == []
    assert result.checked > 0, "a record with no expect line proves nothing"


@pytest.mark.parametrize("path", RECORD_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_record_names_its_rule_and_card_data(path: Path):
    text = path.read_text(encoding="utf-8")
    assert text.lstrip().startswith("#"), "a record opens with a comment saying what it proves"
    rec = read_record(path)
    rules = rules_for(rec.game)
    assert rec.cards == rules.card_checksum({**rec.options, "variant": rec.variant})


# -- the strict reader -------------------------------------------------------------------------

INVADERS = """\
game invaders
variant standard
cards {cards}
seed 1
humans: place d
expect phase: attack
"""


@pytest.fixture
def invaders_rules():
    return rules_for("invaders")


@pytest.fixture
def good_text(invaders_rules):
    return INVADERS.format(cards=invaders_rules.card_checksum({"variant": "standard"}))


def write(tmp_path: Path, text: str, name: str = "game.rec") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def replay_error(rules, path: Path) -> str:
    with pytest.raises(RecordError) as info:
        replay(rules, read_record(path))
    return str(info.value)


def test_good_record_replays(tmp_path, invaders_rules, good_text):
    result = replay(invaders_rules, read_record(write(tmp_path, good_text)))
    assert result.failures == [] and result.checked == 1


def test_malformed_line(tmp_path, invaders_rules, good_text):
    path = write(tmp_path, good_text + "this is not a record line\n")
    message = replay_error(invaders_rules, path)
    assert message.startswith(f"{path}:7:")
    assert "SEAT: MOVE" in message


def test_malformed_expect(tmp_path, invaders_rules, good_text):
    path = write(tmp_path, good_text + "expect phase attack\n")
    assert replay_error(invaders_rules, path).startswith(f"{path}:7:")


def test_unknown_fact(tmp_path, invaders_rules, good_text):
    path = write(tmp_path, good_text + "expect colour: green\n")
    message = replay_error(invaders_rules, path)
    assert message.startswith(f"{path}:7:") and "no fact 'colour'" in message


def test_a_refused_move_is_a_failure_at_its_line(tmp_path, invaders_rules, good_text):
    path = write(tmp_path, good_text + "humans: fire\nexpect phase: attack\n")
    result = replay(invaders_rules, read_record(path))
    assert len(result.failures) == 1 and result.stopped == 7
    failure = result.failures[0]
    assert failure.startswith(f"{path}:7: humans: 'fire' was refused: ") and "not the humans" in failure
    assert failure.endswith("(the 1 line after it was not replayed)")


def test_a_failed_expect_then_a_refused_move_reports_both(tmp_path, invaders_rules, good_text):
    path = write(tmp_path, good_text + "expect turn: 9\nhumans: fire\n", "both.rec")
    out: list[str] = []
    assert run_files(invaders_rules, [str(path)], out.append) == 1
    assert out[0] == f"FAIL {path}:7: expected turn: 9, got 1"
    assert out[1].startswith(f"FAIL {path}:8: humans: 'fire' was refused: ")
    assert len(out) == 2


def test_bad_input_after_a_failure_keeps_the_failure(tmp_path, invaders_rules, good_text):
    path = write(tmp_path, good_text + "expect turn: 9\naliens: launch the mothership\n", "bad.rec")
    out: list[str] = []
    assert run_files(invaders_rules, [str(path)], out.append) == 2
    assert out[0] == f"FAIL {path}:7: expected turn: 9, got 1"
    assert out[1].startswith(f"error: {path}:8:") and "is not a move" in out[1]


def test_a_move_by_an_unknown_seat_is_bad_input(tmp_path, invaders_rules, good_text):
    path = write(tmp_path, good_text + "martians: fire\n")
    message = replay_error(invaders_rules, path)
    assert message.startswith(f"{path}:7:") and "no seat 'martians'" in message


def test_expect_legal(tmp_path, invaders_rules, good_text):
    text = good_text.replace("humans: place d\n", "expect legal humans: place d\n"
                             "expect legal aliens: end\nhumans: place d\n")
    path = write(tmp_path, text)
    result = replay(invaders_rules, read_record(path))
    assert result.checked == 3
    assert len(result.failures) == 1
    assert result.failures[0].startswith(f"{path}:6: expected aliens: 'end' to be legal, but the legal moves "
                                         "do not list it (the rules refuse it: ")
    assert result.table.facts()["phase"] == "attack", "the checked move was not played"
    assert len(result.table.record.body) == 1


def test_expect_legal_reads_the_legal_moves_not_the_rules(tmp_path, good_text, monkeypatch):
    """A move the rules would accept but ``legal_moves`` leaves out fails 'expect legal' (the
    contract's two halves must agree), and the failure says they disagree."""
    from invaders.rules import InvadersRules

    rules = InvadersRules()
    text = good_text.replace("humans: place d\n", "expect legal humans: place d\nhumans: place d\n")
    path = write(tmp_path, text)
    assert replay(rules, read_record(path)).failures == []
    monkeypatch.setattr(rules, "legal_moves", lambda state, seat: [m for m in InvadersRules.legal_moves(
        rules, state, seat) if m[0] != "place"])
    failures = replay(rules, read_record(path)).failures
    assert len(failures) == 1 and failures[0].startswith(f"{path}:5: expected humans: 'place d' to be legal")
    assert failures[0].endswith("(yet the rules accept it: the legal moves and the rules disagree)")


def test_expect_legal_matches_a_template(tmp_path):
    """A listed move with free text stands for the same move with other words: Grave Robbers
    lists the generated title, and a title of the players' own is just as legal."""
    path = write(tmp_path, "game gros\nvariant gros\nseed 3\noption players 2\n"
                 "expect legal ray: title Night of Nothing: night\n"
                 "expect legal dana: title Night of Nothing: night\n")
    failures = replay(rules_for("gros"), read_record(path)).failures
    assert len(failures) == 1 and failures[0].startswith(f"{path}:6: expected dana: ")


def test_a_documented_fact_that_does_not_apply_reads_none(tmp_path):
    """gros's attack facts outside an attack, and a score before the end, read ``none`` rather
    than stopping the run; a fact no game documents, or a seat the table lacks, still does."""
    path = write(tmp_path, "game gros\nvariant gros\nseed 3\noption players 2\n"
                 "expect attack.defence: none\nexpect attack.target: none\nexpect score.ray: none\n"
                 "expect attack.creature: the-blob\n")
    result = replay(rules_for("gros"), read_record(path))
    assert result.checked == 4
    assert result.failures == [f"{path}:8: expected attack.creature: the-blob, got none"]
    for unknown in ("attack.colour", "score.martians", "score"):
        bad = write(tmp_path, f"game gros\nvariant gros\nseed 3\noption players 2\nexpect {unknown}: none\n",
                    "bad.rec")
        assert f"no fact {unknown!r}" in replay_error(rules_for("gros"), bad)


def test_expect_legal_needs_a_move_in_the_notation(tmp_path, invaders_rules, good_text):
    path = write(tmp_path, good_text + "expect legal aliens: launch the mothership\n")
    assert "is not a move" in replay_error(invaders_rules, path)


def test_a_hash_can_be_escaped(tmp_path):
    from common.record import format_record, parse_record

    rec = parse_record("game gros  # a comment\nray: title We're \\#1: night \\# not a comment # a comment\n")
    assert rec.body[0].text == "title We're #1: night # not a comment"
    again = parse_record(format_record(rec))
    assert again.body[0].text == rec.body[0].text


def test_bad_notation(tmp_path, invaders_rules, good_text):
    path = write(tmp_path, good_text + "aliens: launch the mothership\n")
    message = replay_error(invaders_rules, path)
    assert message.startswith(f"{path}:7:") and "is not a move" in message


def test_wrong_cards_checksum(tmp_path, invaders_rules):
    path = write(tmp_path, INVADERS.format(cards="00000000"))
    message = replay_error(invaders_rules, path)
    assert message.startswith(f"{path}:1:")
    assert "card data 00000000" in message


def test_wrong_game(tmp_path, invaders_rules, good_text):
    path = write(tmp_path, good_text.replace("game invaders", "game gros"))
    message = replay_error(invaders_rules, path)
    assert message.startswith(f"{path}:1:") and "of the game 'gros', not 'invaders'" in message


def test_no_game_line(tmp_path, invaders_rules, good_text):
    path = write(tmp_path, good_text.replace("game invaders\n", ""))
    with pytest.raises(RecordError, match=r"^.*:1: the record names no game"):
        read_record(path)


def test_bad_seed(tmp_path, good_text):
    path = write(tmp_path, good_text.replace("seed 1", "seed one"))
    with pytest.raises(RecordError) as info:
        read_record(path)
    assert str(info.value).startswith(f"{path}:4:")


def test_setup_after_a_move(tmp_path, good_text):
    path = write(tmp_path, good_text + "setup shields: 1\n")
    with pytest.raises(RecordError) as info:
        read_record(path)
    assert str(info.value).startswith(f"{path}:7:") and "before the first move" in str(info.value)


def test_bad_setup_directive(tmp_path, invaders_rules, good_text):
    text = good_text.replace("seed 1\n", "seed 1\nsetup ships: z9\n")
    path = write(tmp_path, text)
    message = replay_error(invaders_rules, path)
    assert message.startswith(f"{path}:5:") and "off the board" in message


def test_bad_option(tmp_path, invaders_rules, good_text):
    path = write(tmp_path, good_text.replace("seed 1\n", "seed 1\noption width 2\n"))
    message = replay_error(invaders_rules, path)
    assert message.startswith(f"{path}:1:") and "width" in message


def test_missing_file(tmp_path, invaders_rules):
    with pytest.raises(RecordError) as info:
        read_record(tmp_path / "nowhere.rec")
    assert str(info.value).startswith(str(tmp_path / "nowhere.rec"))


# -- run_files exit codes ----------------------------------------------------------------------

def test_run_files_exit_codes(tmp_path, invaders_rules, good_text):
    good = write(tmp_path, good_text, "good.rec")
    failing = write(tmp_path, good_text + "expect turn: 9\n", "failing.rec")
    refused = write(tmp_path, good_text + "expect illegal humans: fire -> no such reason\n", "refused.rec")
    played = write(tmp_path, good_text + "expect illegal aliens: end\n", "played.rec")
    bad = write(tmp_path, good_text + "nonsense\n", "bad.rec")

    def run(*paths: Path) -> tuple[int, list[str]]:
        out: list[str] = []
        return run_files(invaders_rules, [str(p) for p in paths], out.append), out

    code, out = run(good)
    assert code == 0 and out == [f"ok {good}: 1 move, 1 check"]
    code, out = run(failing)
    assert code == 1 and out == [f"FAIL {failing}:7: expected turn: 9, got 1"]
    code, out = run(refused)
    assert code == 1 and "refused with 'no such reason'" in out[0]
    code, out = run(played)
    assert code == 1 and "to be refused, but it was played" in out[0]
    code, out = run(bad)
    assert code == 2 and out[0].startswith(f"error: {bad}:7:")
    # every file is still run, and the worst exit code wins
    code, out = run(bad, failing, good)
    assert code == 2 and len(out) == 3 and out[2].startswith("ok ")
    code, out = run(failing, good)
    assert code == 1


def test_wrong_result_line_fails(tmp_path, invaders_rules, good_text):
    path = write(tmp_path, good_text + "result humans\n")
    result = replay(invaders_rules, read_record(path))
    assert result.failures == [f"{path}:7: expected result humans, got unfinished"]


def test_hidden_facts_a_record_may_check(tmp_path, invaders_rules, good_text):
    """A seat's hand as it sees it and the top of a stacked deck: in Table.facts for expect
    lines, never in the public facts (which bots and views may be checked against)."""
    text = good_text.replace("seed 1\n", "seed 1\nsetup hand humans: fire, shield\n"
                             "setup deck humans: maneuver2, fire\n")
    text += ("expect hand.humans.cards: fire shield\nexpect deck.humans.top: maneuver2\n"
             "expect discard.aliens.cards: none\n")
    result = replay(invaders_rules, read_record(write(tmp_path, text)))
    assert result.failures == [] and result.checked == 4
    public = invaders_rules.facts(result.table.state)
    assert "hand.humans.cards" not in public and "deck.humans.top" not in public
