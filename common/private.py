"""Files that only their user may read: a record names its seed (and so every hidden card), the
prompt history holds what was typed, seat tokens let their holder take a seat. The host's
records and tokens and a player's own saves and history are all made mode 0600 here.
"""

from __future__ import annotations

import os


def write_private(path: str, text: str) -> None:
    """Write a file readable only by this user, atomically (a file already there is replaced;
    two processes writing it at once each write a whole file, the last one wins)."""
    tmp = f"{path}.{os.getpid()}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.fchmod(fd, 0o600)
        os.write(fd, text.encode("utf-8"))
    finally:
        os.close(fd)
    os.replace(tmp, path)


def private_file(path: str) -> str:
    """``path``, made (empty) if missing and readable only by this user either way; for a file
    another library appends to (the prompt history)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        os.fchmod(fd, 0o600)
    finally:
        os.close(fd)
    return path
