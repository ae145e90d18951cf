"""Settings for every test: nothing the suite runs writes to the user's real home.

The games keep REPL history and network seat tokens under ``$XDG_STATE_HOME/bmovie``. Setting
the variable here, before any test runs, covers this process and every process a test starts
(they inherit the environment); tests that need their own folder still set theirs.

FORCE_COLOR, which some CI services set, is dropped too: the tests that read output from a
pipe expect a pipe's plain text, and the colour tests set it themselves.

Every test (and every program a test starts) runs its bots strictly: a bot that raises or
answers an illegal move fails the test instead of quietly playing the first legal move.
"""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

_STATE = tempfile.mkdtemp(prefix="bmovie-test-state-")


def pytest_configure(config: pytest.Config) -> None:
    os.environ["XDG_STATE_HOME"] = _STATE
    os.environ.pop("FORCE_COLOR", None)
    os.environ["BMOVIE_STRICT_BOTS"] = "1"


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(_STATE, ignore_errors=True)
