"""Shared pieces of the network tests: which games are playable, real game processes whose
output is read by threads, and a socket client that keeps every byte it receives. Their waits
are ceilings, wide enough for a busy 2-core CI machine: a passing test never waits them out.

Not a test module (pytest collects only test_*.py); the fixtures built on it are in
conftest.py beside it.
"""

from __future__ import annotations

import functools
import importlib
import json
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from common.bots import make_bot
from common.net.protocol import PROTOCOL_VERSION, apply_lobby_delta, apply_patch, event_from_json

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("invaders", "gros", "horror")
SEED = 2718281829  # a seed no message may contain
KNOWN = {"welcome", "lobby", "lobby_delta", "seated", "state", "ack", "over", "info", "chat", "error", "pong", "ping"}


@functools.cache
def unplayable(game: str) -> str | None:
    """Why ``game`` cannot be played over the network yet (None when it can)."""
    try:
        spec = importlib.import_module(f"{game}.cli").SPEC
    except Exception as exc:  # the 'not yet available' stub has no SPEC
        return f"{game}.cli has no SPEC ({type(exc).__name__}): the game is not built yet"
    try:
        rules = spec.rules
        options = options_for(game)
        seats = rules.seats(options)
        state = rules.setup(options, 1)
        rules.view(state, None)
        bots = {s: make_bot("random", rules, seed=i) for i, s in enumerate(seats)}
        for _ in range(20_000):
            decisions = rules.decisions(state)
            if not decisions:
                break
            seat = decisions[0].seat
            rules.apply(state, seat, bots[seat].choose(rules, {}, seat, rules.legal_moves(state, seat)))
        if rules.outcome(state) is None:
            return f"{game}: a random game did not end in 20000 decisions"
    except Exception as exc:
        return f"{game} is not playable yet: {type(exc).__name__}: {exc}"
    return None


@functools.cache
def options_for(game: str) -> dict[str, str]:
    """Three seats where the game allows it (more than two seats is the interesting case),
    but two for Creature Feature: its films are long (a three-seat film over the wire took
    half a minute of the suite) and it hides little that a third seat would add."""
    spec = importlib.import_module(f"{game}.cli").SPEC
    if game == "horror":
        return {"players": "2", "variant": spec.variants[0]}
    try:
        if len(spec.rules.seats({"players": "3", "variant": spec.variants[0]})) == 3:
            return {"players": "3", "variant": spec.variants[0]}
    except Exception:
        pass
    return {"variant": spec.variants[0]}


def option_args(game: str) -> list[str]:
    opts = options_for(game)
    out = ["--variant", opts["variant"]]
    for key, value in opts.items():
        if key != "variant":
            out += ["-o", f"{key}={value}"]
    return out



def rules_of(game: str):
    return importlib.import_module(f"{game}.cli").SPEC.rules


def bot_kind(game: str) -> str:
    """The game's own (first) bot: it plays purposefully, so games end sooner than at random."""
    return next(iter(getattr(rules_of(game), "bot_kinds", {}) or {}), "random")


# -- processes ------------------------------------------------------------------------------------
def _as_at_a_terminal() -> None:
    """Ctrl-C reaches the game as it does at a terminal: a suite started in the background
    (``make test &`` in a shell without job control) ignores SIGINT, and a child inherits
    that, so the Ctrl-C tests failed there and nowhere else."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Proc:
    """A ``python -m GAME ...`` process whose output is collected by threads."""

    def __init__(self, game: str, *args: str, env: dict[str, str] | None = None,
                 stdin: Any = subprocess.DEVNULL, grace: float | None = None) -> None:
        full = dict(os.environ)
        full.pop("BMOVIE_DEBUG", None)
        full.update(env or {})
        if grace is not None:  # seconds before a bot takes a dropped seat
            full["BMOVIE_NET_GRACE"] = str(grace)
        self.p = subprocess.Popen([sys.executable, "-m", game, *args], cwd=ROOT, env=full,
                                  stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  text=True, bufsize=1, preexec_fn=_as_at_a_terminal)
        self.out: list[str] = []
        self.err: list[str] = []
        self.lines: queue.Queue[str] = queue.Queue()
        self.threads = [threading.Thread(target=self._pump, args=(stream, into, announce), daemon=True)
                        for stream, into, announce in ((self.p.stdout, self.out, True),
                                                       (self.p.stderr, self.err, False))]
        for thread in self.threads:
            thread.start()

    def _pump(self, stream: Any, into: list[str], announce: bool) -> None:
        for line in stream:
            into.append(line)
            if announce:
                self.lines.put(line)

    def wait_line(self, pattern: str, timeout: float = 30.0) -> re.Match:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                break
            found = re.search(pattern, line)
            if found:
                return found
        raise AssertionError(f"no line matching {pattern!r}; stdout: {self.stdout[-3000:]!r}; "
                             f"stderr: {self.stderr[-3000:]!r}")

    def finish(self, timeout: float = 30.0) -> int:
        try:
            code = self.p.wait(timeout=timeout)
            for thread in self.threads:  # everything it printed is read
                thread.join(5)
            return code
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError(f"still running after {timeout} s; stdout: {self.stdout[-3000:]!r}; "
                                 f"stderr: {self.stderr[-2000:]!r}") from None

    @property
    def stdout(self) -> str:
        return "".join(self.out)

    @property
    def stderr(self) -> str:
        return "".join(self.err)

    def kill(self) -> None:
        if self.p.poll() is None:
            self.p.send_signal(signal.SIGKILL)
            self.p.wait(5)



def start_host(procs, game: str, *args: str, port: int = 0, **kw: Any) -> tuple[Proc, int]:
    host = procs(game, "host", "--port", str(port), "--bind", "127.0.0.1", *option_args(game),
                 *args, **kw)
    found = int(host.wait_line(r"listening on 127\.0\.0\.1:(\d+)").group(1))
    return host, found


# -- a socket client that keeps every byte ------------------------------------------------------------
class Whole:
    """Gives every ``state`` message of one connection its whole ``view``: the host sends the
    view once, then patches against the last one sent; a patch that does not fit fails the test.
    A ``lobby_delta`` becomes the whole ``lobby`` it makes (with ``"delta": True``). Events sent
    as data (protocol 5) are narrated as a client does, in the test's language (English), and
    kept as sent in ``"event_data"``."""

    def __init__(self, rules: Any = None) -> None:
        self.held: tuple[Any, int, dict[str, Any]] | None = None
        self.lobby: dict[str, Any] | None = None
        self.rules = rules

    def __call__(self, msg: dict[str, Any]) -> dict[str, Any]:
        if msg.get("type") == "lobby_delta":
            assert self.lobby is not None, "a lobby delta before any whole lobby"
            msg = {**apply_lobby_delta(self.lobby, msg), "delta": True}
        if msg.get("type") == "lobby":
            self.lobby = {k: v for k, v in msg.items() if k != "delta"}
        if msg.get("type") == "state":
            if "patch" in msg:
                held = self.held
                assert held is not None and (held[0], held[1]) == (msg["game_no"], msg["base"]), \
                    f"a patch against seq {msg.get('base')}, but this connection holds {held and held[:2]}"
                msg["view"] = apply_patch(held[2], msg["patch"])
            self.held = (msg["game_no"], msg["seq"], msg["view"])
            events = msg.get("events")
            if self.rules is not None and events and all(isinstance(e, dict) for e in events):
                msg["event_data"] = events
                msg["events"] = [self.rules.narrate(event_from_json(e)) for e in events]
        return msg


class Wire:
    """A socket client for tests: keeps every byte and message, answers pings, and gives each
    state its whole view. ``whole_lines``: the stream must not end in the middle of a line
    (off where a host may be killed mid-write)."""

    def __init__(self, port: int, game: str, whole_lines: bool = False) -> None:
        self.game = game
        self.whole_lines = whole_lines
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        self.buf = b""
        self.received = bytearray()
        self.messages: list[dict[str, Any]] = []
        self.eof = False
        self.whole = Whole(rules_of(game))

    def send(self, data: bytes | dict) -> None:
        if isinstance(data, dict):
            data = json.dumps(data).encode() + b"\n"
        try:
            self.sock.sendall(data)
        except OSError:
            self.eof = True

    def next(self, timeout: float = 15.0) -> dict[str, Any] | None:
        """The next message; None at the end of the stream."""
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no message within {timeout} s")
            self.sock.settimeout(left)
            try:
                chunk = self.sock.recv(65536)
            except (ConnectionResetError, BrokenPipeError):
                chunk = b""
            except TimeoutError:
                raise AssertionError(f"no message within {timeout} s") from None
            if not chunk:
                self.eof = True
                assert not (self.whole_lines and self.buf.strip()), f"a partial line at the end: {self.buf!r}"
                return None
            self.buf += chunk
            self.received += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        msg = json.loads(line)
        assert isinstance(msg, dict) and msg.get("type") in KNOWN, line[:300]
        msg = self.whole(msg)
        self.messages.append(msg)
        if msg["type"] == "ping":
            self.send({"type": "pong"})
        return msg

    def until(self, *kinds: str, timeout: float = 15.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        for _ in range(5000):
            msg = self.next(max(0.01, deadline - time.monotonic()))
            assert msg is not None, f"the host hung up while we waited for {kinds}"
            if msg["type"] in kinds:
                return msg
        raise AssertionError(f"no {kinds} in 5000 messages")

    def hello(self, **fields: Any) -> dict[str, Any]:
        self.send({"type": "hello", "version": PROTOCOL_VERSION, "game": self.game, **fields})
        return self.until("welcome", "error", "over")

    def close(self) -> None:
        self.sock.close()


def moves_in(path: Path) -> int:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return 0
    return sum(1 for line in text.splitlines() if re.match(r"^[\w-]+: ", line))


def wait_moves(path: Path, at_least: int, timeout: float = 20.0) -> int:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        n = moves_in(path)
        if n >= at_least:
            return n
        time.sleep(0.02)
    raise AssertionError(f"{path.name}: fewer than {at_least} moves after {timeout} s ({moves_in(path)})")


# -- a host inside the test process -------------------------------------------------------------------
class LiveHost:
    """A host run in this process (its own thread and event loop), so that a test can look at
    its connections and seats; ``with LiveHost(game, seats=..., ...) as host``, keywords as
    ``make_server``'s. ``port`` once it listens; ``log`` is what it printed."""

    def __init__(self, game: str, **kw: Any) -> None:
        import asyncio
        import io

        from common.net.host import make_server

        spec = importlib.import_module(f"{game}.cli").SPEC
        opts = options_for(game)
        kw.setdefault("variant", opts["variant"])
        kw.setdefault("options", {k: v for k, v in opts.items() if k != "variant"})
        self.out = io.StringIO()
        self.server = make_server(spec, port=0, bind="127.0.0.1", out=self.out, console=False, **kw)
        self.server.tune_gc = False
        self.loop = asyncio.new_event_loop()
        self.result: int | None = None
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        self.until(lambda: self.server.bound is not None or not self.thread.is_alive(), 10, "listening")
        assert self.server.bound is not None, f"the host did not start: {self.error!r} {self.log}"
        self.port = self.server.bound

    def _run(self) -> None:
        try:
            self.result = self.loop.run_until_complete(self.server.run())
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            self.error = exc

    @property
    def log(self) -> str:
        return self.out.getvalue()

    def call(self, fn: Any, *args: Any) -> Any:
        """``fn(*args)`` run in the host's loop (so nothing changes under it); its result."""
        import asyncio

        assert self.thread.is_alive(), f"the host has stopped: {self.log[-2000:]}"

        async def run() -> Any:
            return fn(*args)

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(10)

    def until(self, check: Any, timeout: float, what: str) -> None:
        """Wait (polling) until ``check()`` holds; fail naming ``what`` after ``timeout`` s."""
        deadline = time.monotonic() + timeout
        while not check():
            if time.monotonic() > deadline:
                raise AssertionError(f"not {what} after {timeout} s; host log: {self.log[-3000:]}")
            time.sleep(0.02)

    def finished(self, timeout: float) -> int | None:
        self.thread.join(timeout)
        assert not self.thread.is_alive(), f"the host still runs after {timeout} s: {self.log[-3000:]}"
        if self.error is not None:
            raise self.error
        return self.result

    def __enter__(self) -> LiveHost:
        return self

    def __exit__(self, *exc: Any) -> None:
        if self.thread.is_alive():
            self.loop.call_soon_threadsafe(self.server.quit.set)
            self.thread.join(10)
        if not self.loop.is_closed() and not self.thread.is_alive():
            self.loop.close()
