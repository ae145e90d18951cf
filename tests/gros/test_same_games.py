"""Opt-in, for work on speed: random self-play plays the same games as another revision,
decision for decision. ``BMOVIE_SAME_GAMES=REV pytest tests/gros/test_same_games.py`` deals
seeded games over every deck, 2 to 6 players and the options that change the flow, in this
tree and in git revision REV, and compares one hash of every decider, legal move list
(its order too: a random bot's choice depends on it), chosen move, events, result and final
state. Skipped unless the variable is set (a rules change is meant to change the games)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

REV = os.environ.get("BMOVIE_SAME_GAMES", "")
pytestmark = pytest.mark.skipif(not REV, reason="set BMOVIE_SAME_GAMES to a git revision")
ROOT = Path(__file__).resolve().parents[2]

# run in a fresh interpreter with the tree under test first on the path; only the rules
# contract and RandomBot, which every revision has
FINGERPRINT = r"""
import hashlib, json
from common.bots import RandomBot
from gros.rules import RULES

configs = [{"deck": deck, "variant": variant, "players": str(p)}
           for deck, variant in (("gros", "gros"), ("gr2", "gr2"), ("gros+gr2", "gros"), ("gros+gr2", "gr2"))
           for p in range(2, 7)]
configs += [{"deck": "gros", "players": "3", "timing": "windows"},
            {"deck": "gros+gr2", "players": "3", "target": "60"},
            {"deck": "gros", "players": "3", "autopass": "off"}]
h = hashlib.sha256()
for opts in configs:
    for g in range(8):
        st = RULES.setup(opts, g)
        bots = {s: RandomBot(g * 31 + i) for i, s in enumerate(RULES.seats(opts))}
        while decisions := RULES.decisions(st):
            seat = decisions[0].seat
            legal = RULES.legal_moves(st, seat)
            move = bots[seat].choose(RULES, {}, seat, legal)
            h.update(repr((decisions, legal, move, RULES.apply(st, seat, move))).encode())
        h.update(repr(RULES.outcome(st)).encode())
        h.update(json.dumps(st.to_json(), sort_keys=True).encode())
print(h.hexdigest())
"""


def fingerprint(root: Path) -> str:
    env = {**os.environ, "PYTHONPATH": str(root), "BMOVIE_LANG": "en"}
    proc = subprocess.run([sys.executable, "-c", FINGERPRINT], cwd=root, env=env,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.strip()


def test_random_self_play_plays_the_same_games_as_the_revision(tmp_path: Path) -> None:
    archive = subprocess.run(["git", "archive", REV], cwd=ROOT, capture_output=True, check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(tmp_path, filter="data")
    assert fingerprint(ROOT) == fingerprint(tmp_path)
