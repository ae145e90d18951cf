"""The play-through transcripts in docs/ are what the command makes today (they cannot drift
from the REPL they show)."""

from __future__ import annotations

from pathlib import Path

import pytest

from common.transcript import transcript

DOCS = Path(__file__).resolve().parents[2] / "docs" / "transcripts"


@pytest.mark.parametrize("game", ["invaders", "gros", "horror"])
def test_the_transcript_in_the_docs_is_current(game, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    assert (DOCS / f"{game}.md").read_text(encoding="utf-8") == transcript(game, 14), \
        f"run 'make transcripts' (docs/transcripts/{game}.md is out of date)"
