"""The record reference each game prints with ``GAME rules --all`` (its setup directives and
expect facts, from ``Rules.record_help``) is checked against the code: every example applies,
an unknown directive's refusal names exactly the documented ones, and every fact a game
reports is documented and every documented fact is reported somewhere."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from common.batch import read_record, replay
from common.engine import GameError
from common.table import Table

GAMES = ("gros", "invaders", "horror")
RECORDS = Path(__file__).parent / "records"


def rules_of(game: str):
    return importlib.import_module(f"{game}.rules").RULES


@pytest.mark.parametrize("game", GAMES)
def test_every_setup_example_applies(game):
    rules = rules_of(game)
    setups, _ = rules.record_help()
    assert setups, f"{game} documents its setup directives"
    for syntax, example, meaning in setups:
        assert example.split(":")[0].split()[0] == syntax.split(":")[0].split()[0], syntax
        assert meaning
        table = Table(rules, variant=rules.variants[0])
        rules.scenario(table.state, example)  # raises if the example is not a directive


@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_directive_names_the_documented_ones(game):
    rules = rules_of(game)
    setups, _ = rules.record_help()
    with pytest.raises(GameError) as info:
        rules.scenario(Table(rules, variant=rules.variants[0]).state, "frobnicate: 1")
    heads = [syntax.split(":")[0].split()[0] for syntax, _, _ in setups]
    named = re.findall(r"\b[a-z]+\b", str(info.value).partition("(")[2])
    assert set(heads) <= set(named), str(info.value)


def _pattern(name: str) -> re.Pattern[str]:
    parts = [r"[^.\s]+" if p.isupper() or p in ("SEAT", "CARD") else re.escape(p) for p in name.split(".")]
    return re.compile(r"\.".join(parts) + "$")


def _fact_keys(game: str) -> set[str]:
    rules = rules_of(game)
    keys = set(Table(rules, variant=rules.variants[0]).facts())
    for path in sorted((RECORDS / game).glob("*.rec")):
        keys |= set(replay(rules, read_record(path)).table.facts())
    return keys


@pytest.mark.parametrize("game", GAMES)
def test_facts_and_their_documentation_agree(game):
    _, documented = rules_of(game).record_help()
    patterns = {name: _pattern(name) for name, _ in documented}
    keys = _fact_keys(game)
    undocumented = sorted(k for k in keys if not any(p.match(k) for p in patterns.values()))
    assert undocumented == [], f"{game} reports facts its reference does not list"
    unused = sorted(n for n, p in patterns.items() if not any(p.match(k) for k in keys))
    assert unused == [], f"{game} documents facts no record's state reports"


@pytest.mark.parametrize("game", GAMES)
def test_rules_all_lists_the_reference(game):
    spec = importlib.import_module(f"{game}.cli").SPEC
    text = spec.rules_text(True)
    setups, facts = spec.rules.record_help()
    for syntax, _, _ in setups:
        assert f"`setup {syntax.replace('|', chr(92) + '|')}`" in text
    for name, _ in facts:
        assert f"`{name}`" in text
    assert "one rules variant" in text and "\\#" in text
    assert "Records of" not in spec.rules_text(False)
