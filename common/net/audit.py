"""``python -m common.net.audit``: the issue-20 audit's three fairness figures, re-measured
(developer tool; never part of the test suite, whose tests reproduce the same attacks smaller).

Each attack runs against a real host process on 127.0.0.1, several 127.0.0.x source addresses
playing several machines, bounded by counts (rounds, joins, guesses), not by a clock:

- ``newcomers``: 8 spectators from 2 addresses each send 19 pings a second; after 4 rounds of
  that, 10 lobby joins and 5 watches, one try each from 15 other addresses: how many got in.
- ``chat``: a seated player reads 20 KB a second while 60 spectators from 15 addresses chat
  as fast as they may (one 300-character line a second each) for ``--rounds`` rounds; every
  4 rounds the player pings: how far behind the answer was (seconds, bytes), and whether the
  host cut the player.
- ``passwords``: 24 addresses guess 3 wrong passwords each, then 25 other addresses join with
  the right one: how many got in.

Prints one JSON object. ``--root DIR`` runs the host from another checkout (a before/after
comparison: ``PYTHONPATH=DIR python -m common.net.audit --root DIR``).
"""

from __future__ import annotations

import argparse
import json
import re
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from common.net.protocol import PROTOCOL_VERSION

ROOT = Path(__file__).resolve().parents[2]
ROUNDS = 24  # seconds of chat flood (one chat line a second from each spectator)
READ_RATE = 20_000  # bytes a second the slow player reads


def _host(root: Path, *args: str) -> tuple[subprocess.Popen, int]:
    proc = subprocess.Popen([sys.executable, "-m", "invaders", "host", "--port", "0", "--bind",
                             "127.0.0.1", *args], cwd=root, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    for _line_no in range(50):
        found = re.search(r"listening on 127\.0\.0\.1:(\d+)", proc.stdout.readline())
        if found:
            threading.Thread(target=proc.stdout.read, daemon=True).start()  # keep it unblocked
            return proc, int(found.group(1))
    proc.kill()
    raise RuntimeError("the host did not start")


def _connect(port: int, n: int | None) -> socket.socket:
    """A socket from 127.0.0.(n+2) (another machine, as the host sees it), or from 127.0.0.1."""
    sock = socket.socket()
    sock.settimeout(10)
    if n is not None:
        sock.bind((f"127.0.0.{n + 2}", 0))
    sock.connect(("127.0.0.1", port))
    return sock


def first_answer(sock: socket.socket, timeout: float = 10.0) -> dict[str, Any]:
    """The host's next message on ``sock``, read byte by byte so that nothing after it is
    taken ({} if the host hung up or said nothing)."""
    sock.settimeout(timeout)
    line = b""
    try:
        while not line.endswith(b"\n"):
            chunk = sock.recv(1)
            if not chunk:
                return {}
            line += chunk
    except OSError:
        return {}
    return json.loads(line)


def _hello(sock: socket.socket, **fields: Any) -> dict[str, Any]:
    """Send hello; the host's first answer."""
    sock.sendall(json.dumps({"type": "hello", "version": PROTOCOL_VERSION, "game": "invaders",
                             **fields}).encode() + b"\n")
    return first_answer(sock)


def _watcher(port: int, n: int, tries: int = 40) -> socket.socket | None:
    for _try in range(tries):
        sock = _connect(port, n)
        if _hello(sock, name=f"w{n}", watch=True).get("type") == "welcome":
            return sock
        sock.close()
        time.sleep(0.25)
    return None


def newcomers(root: Path) -> dict[str, Any]:
    proc, port = _host(root, "--seats", "remote,remote", "--grace", "60")
    try:
        pingers = [s for s in (_watcher(port, i // 4) for i in range(8)) if s is not None]
        burst = b'{"type":"ping"}\n' * 19
        joined = watched = 0
        for round_no in range(6):
            for sock in pingers:
                try:
                    sock.setblocking(False)
                    sock.send(burst)
                    while sock.recv(1 << 16):
                        pass
                except OSError:
                    pass
            if round_no == 4:
                for k in range(15):
                    sock = _connect(port, 10 + k)
                    answer = _hello(sock, name=f"new{k}", **({"watch": True} if k >= 10 else {}))
                    sock.close()
                    ok = answer.get("type") == "welcome"
                    joined += ok and k < 10
                    watched += ok and k >= 10
            time.sleep(1)
        return {"pingers": len(pingers), "joins_admitted": f"{joined}/10",
                "watches_admitted": f"{watched}/5"}
    finally:
        proc.kill()


def chat(root: Path, rounds: int = ROUNDS) -> dict[str, Any]:
    proc, port = _host(root, "--seats", "random,remote", "--grace", "60", "--think", "60")
    try:
        player = socket.socket()
        player.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 8192)
        player.connect(("127.0.0.1", port))
        player.settimeout(30)
        player.sendall(json.dumps({"type": "hello", "version": PROTOCOL_VERSION, "game": "invaders",
                                   "name": "slow", "seat": "humans"}).encode() + b"\n")
        chatters = [s for s in (_watcher(port, i // 4) for i in range(60)) if s is not None]
        probes: list[dict[str, float]] = []
        state = {"cut": False, "skipped_lines": 0, "read": 0}
        pending: list[tuple[float, int]] = []  # (sent at, bytes read when sent)
        stop = threading.Event()

        def read() -> None:  # READ_RATE bytes a second, in 1 KB sips; pongs timed
            buf = b""
            while not stop.is_set():
                try:
                    data = player.recv(1024)
                except OSError:
                    data = b""
                if not data:
                    state["cut"] = not stop.is_set()
                    return
                state["read"] += len(data)
                buf += data
                *lines, buf = buf.split(b"\n")
                for line in lines:
                    if b'"pong"' in line and pending:
                        sent, at = pending.pop(0)
                        probes.append({"lag_s": round(time.monotonic() - sent, 2),
                                       "behind_kb": round((state["read"] - at) / 1000, 1)})
                    elif b"skipped" in line:
                        state["skipped_lines"] += 1
                time.sleep(len(data) / READ_RATE)

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        text = "x" * 299
        for round_no in range(rounds):
            for sock in chatters:
                try:
                    sock.setblocking(False)
                    sock.send(json.dumps({"type": "chat", "text": f"{round_no % 10}{text}"}).encode() + b"\n")
                    while sock.recv(1 << 16):
                        pass
                except OSError:
                    pass
            if round_no % 4 == 3:
                pending.append((time.monotonic(), state["read"]))
                player.sendall(b'{"type":"ping"}\n')
            time.sleep(1)
        for _wait in range(120):  # the last probes come back (or the player was cut)
            if not pending or state["cut"]:
                break
            time.sleep(0.5)
        stop.set()
        return {"chatters": len(chatters), "probes": probes,
                "max_lag_s": max((p["lag_s"] for p in probes), default=None),
                "unanswered_probes": len(pending), "cut": state["cut"],
                "skipped_lines": state["skipped_lines"]}
    finally:
        proc.kill()


def passwords(root: Path) -> dict[str, Any]:
    proc, port = _host(root, "--seats", "remote,remote", "--password", "s3cret")
    try:
        codes: list[str] = []

        def guesser(n: int) -> None:
            for k in range(3):
                sock = _connect(port, n)
                answer = _hello(sock, name="eve", password=f"guess{n}.{k}")
                sock.close()
                codes.append(answer.get("code") or answer.get("type") or "nothing")

        threads = [threading.Thread(target=guesser, args=(n,)) for n in range(24)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
        admitted = 0
        for n in range(25):
            sock = _connect(port, 30 + n)
            admitted += _hello(sock, name=f"p{n}", password="s3cret").get("type") == "welcome"
            sock.close()
        return {"wrong_guesses_checked": codes.count("password"),
                "guesses_told_to_wait": codes.count("password_wait"),
                "right_password_joins": f"{admitted}/25"}
    finally:
        proc.kill()


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m common.net.audit")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout whose host runs")
    parser.add_argument("--only", choices=("newcomers", "chat", "passwords"))
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="seconds of chat flood")
    args = parser.parse_args()
    report = {}
    if args.only in (None, "newcomers"):
        report["newcomers"] = newcomers(args.root)
    if args.only in (None, "chat"):
        report["chat"] = chat(args.root, args.rounds)
    if args.only in (None, "passwords"):
        report["passwords"] = passwords(args.root)
    print(json.dumps(report))


if __name__ == "__main__":
    main()
