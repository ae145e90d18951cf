"""Where the games keep a player's own state (prompt history, seat tokens)."""

from __future__ import annotations

import os
from pathlib import Path


def state_dir() -> Path:
    """``$XDG_STATE_HOME/bmovie``, else ``~/.local/state/bmovie``.

    The XDG Base Directory spec says a relative path in the variable is invalid and is to be
    ignored; an empty one counts as unset.
    """
    base = os.environ.get("XDG_STATE_HOME", "")
    home = Path(base) if os.path.isabs(base) else Path.home() / ".local" / "state"
    return home / "bmovie"
