"""Records survive a card added elsewhere (issue 25): a record's ``cards`` stamp covers only the
cards in its decks; ``GAME run --restamp FILE`` renews the stamps after a deliberate change and
says what changed; a record whose moves rely on what its seed deals says so with a ``deal``
line, so that a reshuffle is reported as one; gros records may fix the revealed title words."""

from __future__ import annotations

import importlib
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from common.batch import read_record, replay
from common.record import RecordError
from common.stamps import deal_digest
from common.table import Table
from gros.catalog import CARDS_DIR
from gros.catalog import load_catalog as gros_catalog
from invaders.catalog import DECKS_FILE
from invaders.rules import RULES as INVADERS
from invaders.rules import InvadersRules

RECORDS = Path(__file__).parent / "records"
RECORD_FILES = sorted(RECORDS.glob("*/*.rec"))
NEW_CARD = '\n[cards.{seat}.spare]\nname = "Spare Part"\neffect = "fire"\ntext = "A card in no deck."\n'


def rules_for(game: str):
    return importlib.import_module(f"{game}.rules").RULES


def test_an_invaders_card_in_no_deck_leaves_the_stamp_alone(tmp_path: Path):
    decks = tmp_path / "decks.toml"
    decks.write_text(Path(DECKS_FILE).read_text(encoding="utf-8") + NEW_CARD.format(seat="aliens"),
                     encoding="utf-8")
    grown = InvadersRules(str(decks))
    assert "spare" in grown.catalog.cards["aliens"]
    for options in ({"variant": "standard"}, {"variant": "book"}, {"draw": "3"}):
        assert grown.card_checksum(options) == INVADERS.card_checksum(options), options
    # a deck that takes the new card is another deck: its records are stamped otherwise
    assert grown.card_checksum({"deck.aliens": "fire:5,spare:1"}) != grown.card_checksum({"deck.aliens": "fire:5"})


def test_a_gros_card_added_to_gr2_leaves_the_gros_stamp_alone(tmp_path: Path):
    for name in ("gros.toml", "gr2.toml"):
        shutil.copy(CARDS_DIR / name, tmp_path / name)
    with open(tmp_path / "gr2.toml", "a", encoding="utf-8") as fh:
        fh.write('\n[cards.the-night-janitor]\nname = "The Night Janitor"\ntype = "character"\n'
                 'strength = 2\ntraits = ["Worker"]\ntitle = "Mop"\nquote = "I just clean here."\n'
                 'text = "No ability."\ncopies = 1\n')
    assert "the-night-janitor" in gros_catalog.__wrapped__("gr2", tmp_path).cards
    assert gros_catalog.__wrapped__("gros", tmp_path).source == gros_catalog("gros").source
    assert gros_catalog.__wrapped__("gr2", tmp_path).source != gros_catalog("gr2").source


def _copy(tmp_path: Path, game: str, name: str) -> Path:
    path = tmp_path / name
    shutil.copy(RECORDS / game / name, path)
    return path


def test_restamp_renews_the_cards_line_and_says_what_changed(tmp_path: Path):
    from invaders.cli import main

    path = _copy(tmp_path, "invaders", "01_start.rec")
    good, old_sketch = read_record(path).cards, read_record(path).sketch
    text = path.read_text(encoding="utf-8").replace(f"cards {good} {old_sketch}", f"cards {good}")
    path.write_text(text.replace(f"cards {good}", "cards 0badcafe"), encoding="utf-8")  # an old stamp, no sketch
    refused = CliRunner().invoke(main, ["run", str(path)])
    assert refused.exit_code == 2 and f"invaders run --restamp {path}" in refused.output
    renewed = CliRunner().invoke(main, ["run", "--restamp", str(path)])
    assert renewed.exit_code == 0, renewed.output
    assert f"{path}: cards 0badcafe -> {good}" in renewed.output and f"ok {path}:" in renewed.output
    assert "the old stamp does not say which" in renewed.output
    sketch = read_record(path).sketch
    assert sketch  # the new stamp says which cards; comments and every other line kept
    assert path.read_text(encoding="utf-8") == text.replace(f"cards {good}", f"cards {good} {sketch}")
    again = CliRunner().invoke(main, ["run", "--restamp", str(path)])
    assert again.exit_code == 0 and "up to date" in again.output


def test_a_reshuffle_is_reported_as_one_and_restamped(tmp_path: Path):
    from gros.cli import main

    path = _copy(tmp_path, "gros", "rule-title-deal-cast.rec")
    rec = read_record(path)
    assert rec.deal
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(f"deal {rec.deal}", "deal 12345678"), encoding="utf-8")
    with pytest.raises(RecordError, match="relies on what seed 8 deals .12345678., but it deals"):
        replay(rules_for("gros"), read_record(path))
    renewed = CliRunner().invoke(main, ["run", "--restamp", str(path)])
    assert renewed.exit_code == 0, renewed.output
    assert f"deal 12345678 -> {rec.deal} (seed 8 deals differently now" in renewed.output
    assert path.read_text(encoding="utf-8") == text


def test_a_record_of_another_seed_and_a_deal_line_stops_at_the_deal(tmp_path: Path):
    path = _copy(tmp_path, "invaders", "27_default_decks.rec")
    rec = read_record(path)
    rec.seed += 1
    with pytest.raises(RecordError, match="deck was reshuffled"):
        replay(INVADERS, rec)


@pytest.mark.parametrize("path", RECORD_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_record_that_relies_on_its_deal_says_so(path: Path):
    """A record without a ``deal`` line replays as well from other seeds: what it proves does
    not hang on the shuffle. One with it names the digest its seed deals now."""
    rec = read_record(path)
    rules = rules_for(rec.game)
    if rec.deal:
        table = Table(rules, seed=rec.seed, options=rec.options, variant=rec.variant,
                      seat_kinds=rec.seats or None)
        assert deal_digest(rules, table.state) == rec.deal
        return
    for other in (rec.seed + 1, rec.seed + 2, rec.seed + 7):
        rec = read_record(path)
        rec.seed = other
        assert replay(rules, rec).failures == [], f"seed {other}: add a 'deal' line if it relies on the deal"


def test_setup_revealed_fixes_the_title_words():
    rules = rules_for("gros")
    words = "lake circus mall carnival gore rescue"
    for seed in (1, 2, 3):
        table = Table(rules, seed=seed, variant="gr2", options={"players": "2"},
                      setup=[(1, f"revealed: {words}")])
        assert [w.lower() for w in table.view("ray")["candidates"]] == words.split()
        table.play("ray", "title Carnivals of the Lake: carnival lake")
        assert table.state.title_words == ["carnival", "lake"] and table.state.dealt
    table = Table(rules, seed=1, variant="gr2", options={"players": "2"})
    with pytest.raises(Exception, match="six title words"):
        rules.scenario(table.state, "revealed: lake circus")
    with pytest.raises(Exception, match="six title words"):
        rules.scenario(table.state, "revealed: lake circus mall carnival gore nowhere")
    rules.scenario(table.state, "hand ray: ")
    with pytest.raises(Exception, match="before the title and the deal"):
        rules.scenario(table.state, f"revealed: {words}")


def test_restamp_stamps_the_deal_before_the_setup_lines(tmp_path: Path):
    """The deal is what the seed dealt before any setup line (as the check reads it), so a
    record with setup lines and a deal line replays after its restamp."""
    from horror.cli import main

    path = _copy(tmp_path, "horror", "plot-armour.rec")
    rec = read_record(path)
    assert rec.deal and rec.setup
    path.write_text(path.read_text(encoding="utf-8").replace(f"deal {rec.deal}", "deal 12345678"),
                    encoding="utf-8")
    renewed = CliRunner().invoke(main, ["run", "--restamp", str(path)])
    assert renewed.exit_code == 0, renewed.output
    assert read_record(path).deal == rec.deal


def test_restamp_names_the_cards_that_changed_since_the_stamp(tmp_path: Path):
    """The stamp's sketch tells which cards: one whose data changed, by its name."""
    from common.restamp import restamp_files

    path = _copy(tmp_path, "invaders", "01_start.rec")
    assert restamp_files(INVADERS, [str(path)], lambda line: None) == 0  # the stamp gains its sketch
    decks = tmp_path / "decks.toml"
    decks.write_text(Path(DECKS_FILE).read_text(encoding="utf-8").replace(
        "Every ship fires: a red bullet", "Every ship fires at once: a red bullet", 1), encoding="utf-8")
    said: list[str] = []
    assert restamp_files(InvadersRules(str(decks)), [str(path)], said.append) == 0, said
    assert any("changed: Fire! (aliens.fire)" in line for line in said), said


def test_the_sketch_names_cards_changed_added_and_removed():
    from common.stamps import changes, sketch

    parts = {cid: data for cid, (_name, data) in rules_for("gros").card_parts({"variant": "gros"}).items()}
    old = sketch(parts)
    assert len(old) == 140 and changes(old, parts) is not None and not changes(old, parts)
    now = {**parts, "the-blob": parts["the-blob"] + " ", "the-night-janitor": "{}"}
    del now["istruzzito"]
    found = changes(old, now, ("istruzzito", "shovel"))
    assert found is not None
    assert (found.changed, found.added, found.removed) == (["the-blob"], ["the-night-janitor"], ["istruzzito"])
    assert changes("not a sketch", now) is None
    many = {cid: data + "!" for cid, data in parts.items()}
    assert changes(old, many) is None  # too many to peel: it says it cannot tell


def test_a_saved_game_carries_its_deal_and_which_cards(tmp_path: Path):
    """``play --save`` and the end screen write ``Table.record_text``: the moves rely on what
    the seed dealt, so the record says so, and a reshuffle is reported as one."""
    from common.record import parse_record

    rules = rules_for("gros")
    table = Table(rules, seed=11, options={"players": "2"}, variant="gros")
    for _ in range(12):
        seat = table.to_move()[0]
        table.play(seat, table.legal_moves(seat)[0])
    rec = parse_record(table.record_text(), "saved.rec")
    assert rec.deal == deal_digest(rules, rules.setup({"players": "2", "variant": "gros"}, 11))
    assert rec.sketch and rec.cards == rules.card_checksum({"players": "2", "variant": "gros"})
    assert replay(rules, rec).failures == []
    rec.seed = 12
    with pytest.raises(RecordError, match="deck was reshuffled"):
        replay(rules, rec)
