"""Settings for every test: nothing the suite runs writes to the user's real home.

The games keep REPL history and network seat tokens under ``$XDG_STATE_HOME/bmovie``. Setting
the variable here, before any test runs, covers this process and every process a test starts
(they inherit the environment); tests that need their own folder still set theirs.

FORCE_COLOR, which some CI services set, is dropped too: the tests that read output from a
pipe expect a pipe's plain text, and the colour tests set it themselves.

Every test (and every program a test starts) speaks English unless it asks for another
language (BMOVIE_LANG=en: a developer's Russian locale does not change what the tests read),
and a test that switched the language in this process leaves English behind it.

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
    os.environ["BMOVIE_LANG"] = "en"


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """``gros --lang ru ...`` through CliRunner sets this process's language; put it back."""
    yield
    from common.i18n import set_language

    set_language("en")


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(_STATE, ignore_errors=True)
