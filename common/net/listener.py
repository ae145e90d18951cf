"""The host's listening socket and its accept loop, which backs off when the process is out of
open files (issue 20: at the usual 1,024 files asyncio's own loop retried ``accept`` at once
and logged ``socket.accept() out of system resource`` 1.4 million times in 35 s).

The transport layer, beside ``conn``: it imports nothing of the host's other parts.
"""

from __future__ import annotations

import asyncio
import errno
import socket
import time
from collections.abc import Awaitable, Callable

OUT_OF_FILES = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})
ACCEPT_BACKOFF = 0.1  # seconds between tries to accept while out of open files
ACCEPT_LOG_EVERY = 10.0  # seconds between log lines about it

Serve = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]


def listen(bind: str, port: int) -> socket.socket:
    """A non-blocking listening socket on ``bind``:``port`` (OSError when it cannot be had)."""
    family = socket.AF_INET6 if ":" in bind else socket.AF_INET
    listener = socket.create_server((bind, port), family=family, backlog=1024)
    listener.setblocking(False)
    return listener


async def accept_forever(listener: socket.socket, serve: Serve, tasks: set[asyncio.Task],
                         limit: int, log: Callable[[str], None],
                         state: Callable[[], str]) -> None:
    """Accept connections one at a time and serve each in its own task (kept in ``tasks``;
    ``limit``: the longest line its reader takes). Out of open files it waits
    ``ACCEPT_BACKOFF`` seconds, and says so in one log line per ``ACCEPT_LOG_EVERY`` (with
    ``state()``: what holds the files)."""
    loop = asyncio.get_running_loop()
    logged, failed = -ACCEPT_LOG_EVERY, 0
    while True:
        try:
            sock, _address = await loop.sock_accept(listener)
        except OSError as exc:
            if exc.errno not in OUT_OF_FILES:
                raise
            failed += 1
            now = time.monotonic()
            if now - logged >= ACCEPT_LOG_EVERY:
                logged = now
                log(f"cannot accept connections: {exc.strerror or exc} ({failed} tries; "
                    f"{state()}); waiting")
                failed = 0
            await asyncio.sleep(ACCEPT_BACKOFF)
            continue
        task = asyncio.create_task(_accepted(sock, serve, limit))
        tasks.add(task)
        task.add_done_callback(tasks.discard)


async def _accepted(sock: socket.socket, serve: Serve, limit: int) -> None:
    """One accepted socket as a stream pair, then served."""
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=limit)
    protocol = asyncio.StreamReaderProtocol(reader)
    try:
        transport, _protocol = await loop.connect_accepted_socket(lambda: protocol, sock)
    except OSError:
        sock.close()
        return
    await serve(reader, asyncio.StreamWriter(transport, protocol, reader, loop))
