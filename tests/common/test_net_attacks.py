"""Attacks on a LAN host (issue 11), each reproduced on 127.0.0.1 against a host run inside the
test process (``LiveHost``), bounded by counts; time limits only as wide backstops."""

from __future__ import annotations

import json
import socket

import pytest

from common.net.protocol import PROTOCOL_VERSION
from tests.common.netkit import LiveHost


def raw_client(port: int, rcvbuf: int | None = None) -> socket.socket:
    """A socket to the host; ``rcvbuf`` shrinks its receive buffer (a peer that reads little)."""
    sock = socket.socket()
    if rcvbuf is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.settimeout(5)
    sock.connect(("127.0.0.1", port))
    return sock


def hello(game: str, **fields) -> bytes:
    return json.dumps({"type": "hello", "version": PROTOCOL_VERSION, "game": game, **fields}).encode() + b"\n"


def seated(host: LiveHost, seat: str):
    return host.call(lambda: next(iter(host.server.rooms.values())).seats[seat].conn)


# -- a frozen player never stalls a table ---------------------------------------------------------------
@pytest.mark.parametrize("how", ["broadcast", "idle"])
def test_a_frozen_player_is_let_go_and_the_table_goes_on(how):
    """A seated client that stops reading while the host still has much to send it: when the
    host hangs up (a send queue over the limit, or the idle timer), the connection must end, so
    the seat counts as lost, --grace runs and a bot finishes the game. Before the fix the close
    waited for the queue to drain (forever) and the game with it."""
    with LiveHost("invaders", seats="random,remote", games=1, grace=0.2, think=0.01,
                  idle=0.5 if how == "idle" else 60) as host:
        sock = raw_client(host.port, rcvbuf=4096)
        sock.sendall(hello("invaders", name="frozen", seat="humans"))
        host.until(lambda: seated(host, "humans") is not None, 10, "seated")
        conn = seated(host, "humans")
        chunk = b'{"type":"info","message":"' + b"x" * 60_000 + b'"}\n'
        if how == "broadcast":  # more than the kernel holds and the send limit allows
            for _ in range(200):
                host.call(conn.send_raw, chunk)
                if host.call(lambda: conn.closed):
                    break
            assert conn.closed, "the host never hung up on a client that does not read"
        else:  # a queue the kernel cannot take, then silence: the idle timer hangs up
            host.until(lambda: host.call(conn.writer.transport.get_write_buffer_size) > 0 or
                       host.call(conn.send_raw, chunk), 10, "queued")
            for _ in range(4):
                host.call(conn.send_raw, chunk)
            assert 0 < host.call(conn.writer.transport.get_write_buffer_size) < (1 << 20)
        host.until(lambda: "humans lost its connection" in host.log, 15, "released")
        assert host.finished(60) == 0  # the bot took the seat and played the game to its end
        assert "humans is not back; a heuristic bot decides for it" in host.log
        sock.close()
