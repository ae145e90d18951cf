"""``GAME bench --net``: the network load benchmark (opt-in; never part of the test suite).

A real host process serves ``tables`` tables (``host --tables N``); this process runs one bot
client per seat of every table, all on 127.0.0.1. Each client waits ``interval`` seconds when
its seat must decide, then sends a random legal move and measures the round trip until the
host's answer (the ``ack`` and the ``state`` after it) has arrived. In the same run a bare
asyncio JSON-lines echo server (in its own process) is measured the same way, with the same
clients, seats and pauses: that is the floor no protocol on this machine can beat.

Reported: moves/s, p50/p99/max round trip, the host's memory (resident, and its peak) and how
busy it was (its CPU time over the measured seconds, as a share of one core: near 100% the host
is saturated, and its round trips are queueing).

With two tables or more, a third run floods table t1 as an attacker on the LAN would (issue 11):
``FLOOD_WATCHERS`` spectators try to watch it, each asking for the whole state 19 times a second,
while others join and leave over and over; the round trips of the other tables' players are
compared with theirs in the first run (the target: p99 within 3 times).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import socket
import subprocess
import sys
import time
from typing import Any

from common import _
from common.engine import GameError
from common.net.protocol import PROTOCOL_VERSION
from common.spec import GameSpec


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _memory(pid: int) -> dict[str, float]:
    out: dict[str, float] = {}
    with contextlib.suppress(OSError):
        with open(f"/proc/{pid}/status", encoding="ascii") as fh:
            for line in fh:
                key, _sep, value = line.partition(":")
                if key in ("VmRSS", "VmHWM"):
                    out["rss_mb" if key == "VmRSS" else "peak_rss_mb"] = round(int(value.split()[0]) / 1024, 1)
    return out


def _cpu_seconds(pid: int) -> float | None:
    """User plus system CPU time a process has used so far (Linux /proc), or None."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
            fields = fh.read().rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def _percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


async def _wait_listening(port: int, proc: subprocess.Popen, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise GameError(_("the benchmark's server exited with status {code}").format(code=proc.returncode))
        try:
            _reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.close()
            return
        except OSError:
            await asyncio.sleep(0.05)
    raise GameError(_("the benchmark's server did not start listening"))


FLOOD_WATCHERS = 400  # spectators that try to watch the flooded table
FLOOD_SYNCS = 19.0  # 'sync' requests a second from each of them (under the per-connection limit)
CHURN_EVERY = 0.05  # seconds between one more spectator joining and leaving


class Stats:
    def __init__(self) -> None:
        self.rtts: list[float] = []
        self.moves = 0
        self.errors = 0
        self.games = 0
        self.measuring = False

    def add(self, rtt: float) -> None:
        if self.measuring:
            self.rtts.append(rtt)
            self.moves += 1


async def _game_client(spec: GameSpec, port: int, table: str, seat: str, interval: float,
                       stats: Stats, stop: asyncio.Event, rng: random.Random,
                       others: Stats | None = None) -> None:
    """One bot client: joins ``seat`` of ``table``, plays a random legal move ``interval``
    seconds after each decision, game after game, until ``stop``; its round trips go to
    ``stats`` (and to ``others``, when given)."""
    while not stop.is_set():
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 20)
        except OSError:
            await asyncio.sleep(0.05)
            continue
        writer.write(json.dumps({"type": "hello", "version": PROTOCOL_VERSION, "game": spec.name,
                                 "table": table, "seat": seat, "name": f"{table}-{seat}"}).encode() + b"\n")
        sent_at: float | None = None
        acked: int | None = None
        try:
            while not stop.is_set():
                line = await reader.readline()
                if not line:
                    break
                msg = json.loads(line)
                kind = msg["type"]
                if kind == "ack":
                    acked = msg["seq"]
                elif kind == "error":
                    stats.errors += 1
                    if msg.get("code") in ("seat_taken", "not_ready"):
                        await asyncio.sleep(0.1)
                        break
                elif kind == "over":
                    stats.games += 1
                    break
                elif kind == "ping":
                    writer.write(b'{"type":"pong"}\n')
                elif kind == "state":
                    if sent_at is not None and acked is not None and msg["seq"] >= acked:
                        rtt = time.perf_counter() - sent_at
                        stats.add(rtt)
                        if others is not None:
                            others.measuring = stats.measuring
                            others.add(rtt)
                        sent_at = acked = None
                    if msg["to_move"] == [seat] and msg["legal"] and sent_at is None:
                        await asyncio.sleep(interval)
                        move = rng.choice(msg["legal"])
                        sent_at = time.perf_counter()
                        writer.write(json.dumps({"type": "move", "move": move,
                                                 "seq": msg["seq"]}).encode() + b"\n")
        except (OSError, ValueError, KeyError):
            stats.errors += 1
        finally:
            writer.close()
        await asyncio.sleep(0.05)  # the next game is being set up


async def _hello_watch(spec: GameSpec, port: int, table: str, name: str):
    """A spectator's connection to ``table``: (reader, writer) once welcomed, else None."""
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 20)
    except OSError:
        return None
    writer.write(json.dumps({"type": "hello", "version": PROTOCOL_VERSION, "game": spec.name,
                             "table": table, "watch": True, "name": name}).encode() + b"\n")
    try:
        first = json.loads(await reader.readline() or b"{}")
    except (OSError, ValueError):
        first = {}
    if first.get("type") != "welcome":
        writer.close()
        return None
    return reader, writer


async def _flood_watcher(spec: GameSpec, port: int, n: int, counts: dict[str, int],
                         stop: asyncio.Event) -> None:
    """A spectator at t1 asking for the whole state ``FLOOD_SYNCS`` times a second, reading
    (and dropping) what comes; back at once when a game's end closes its connection."""
    first = True
    while not stop.is_set():
        pair = await _hello_watch(spec, port, "t1", f"flood{n}")
        if pair is None:
            if first:
                counts["refused"] += 1
                return
            await asyncio.sleep(0.1)
            continue
        counts["watching"] += first
        first = False
        reader, writer = pair

        async def drain(reader: asyncio.StreamReader = reader) -> None:
            with contextlib.suppress(OSError):
                while await reader.read(1 << 16):
                    pass

        drained = asyncio.create_task(drain())
        try:
            while not stop.is_set() and not drained.done():
                writer.write(b'{"type":"sync"}\n')
                counts["syncs"] += 1
                await asyncio.sleep(1 / FLOOD_SYNCS)
        finally:
            drained.cancel()
            writer.close()


async def _churn(spec: GameSpec, port: int, counts: dict[str, int], stop: asyncio.Event) -> None:
    """Spectators joining t1 and leaving at once, one after another."""
    n = 0
    while not stop.is_set():
        n += 1
        pair = await _hello_watch(spec, port, "t1", f"churn{n}")
        if pair is not None:
            counts["churned"] += 1
            pair[1].close()
        await asyncio.sleep(CHURN_EVERY)


async def _flood(game: str, port: int, seconds: float) -> dict[str, int]:
    """The attack on t1, for ``seconds``: what it managed (run in a process of its own, so that
    its work does not slow the measuring clients down)."""
    import importlib

    spec = importlib.import_module(f"{game}.cli").SPEC
    counts = dict.fromkeys(("watching", "refused", "syncs", "churned"), 0)
    stop = asyncio.Event()
    tasks = [asyncio.create_task(_flood_watcher(spec, port, i, counts, stop)) for i in range(FLOOD_WATCHERS)]
    tasks.append(asyncio.create_task(_churn(spec, port, counts, stop)))
    await asyncio.sleep(seconds)
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return counts


def flood_main(game: str, port: int, seconds: float) -> None:
    """The flooding process: prints its counts as one JSON line."""
    print(json.dumps(asyncio.run(_flood(game, port, seconds))), flush=True)


async def _echo_pair(port: int, seats: int, interval: float, stats: Stats, stop: asyncio.Event,
                     rng: random.Random) -> None:
    """A table's worth of echo clients: they take turns like the seats of a game (a random
    seat moves next), each waiting ``interval`` before it sends."""
    conns = []
    for _seat in range(seats):
        conns.append(await asyncio.open_connection("127.0.0.1", port, limit=1 << 20))
    seq = 0
    try:
        while not stop.is_set():
            reader, writer = rng.choice(conns)
            await asyncio.sleep(interval)
            seq += 1
            sent_at = time.perf_counter()
            writer.write(json.dumps({"type": "move", "move": "maneuver 2 left", "seq": seq}).encode() + b"\n")
            line = await reader.readline()
            if not line:
                break
            json.loads(line)
            stats.add(time.perf_counter() - sent_at)
    finally:
        for _reader, writer in conns:
            writer.close()


async def _echo_server(port: int) -> None:
    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while line := await reader.readline():
                writer.write(json.dumps(json.loads(line), separators=(",", ":")).encode() + b"\n")
        except (OSError, ValueError):
            pass
        finally:
            writer.close()

    server = await asyncio.start_server(serve, "127.0.0.1", port, backlog=1024)
    async with server:
        await server.serve_forever()


async def _measure(clients: list, stats: Stats, stop: asyncio.Event, warmup: float,
                   seconds: float, server: int) -> tuple[float, float | None]:
    """Run ``clients`` for a warm-up and then ``seconds`` of measuring: the measured wall time
    and the share of one core the ``server`` process used meanwhile (None if unknown)."""
    tasks = [asyncio.create_task(c) for c in clients]
    await asyncio.sleep(warmup)
    stats.measuring = True
    t0, cpu0 = time.perf_counter(), _cpu_seconds(server)
    await asyncio.sleep(seconds)
    stats.measuring = False
    wall, cpu1 = time.perf_counter() - t0, _cpu_seconds(server)
    busy = round(100 * (cpu1 - cpu0) / wall, 1) if cpu0 is not None and cpu1 is not None else None
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return wall, busy


def _figures(stats: Stats, wall: float, clients: int, mem: dict[str, float]) -> dict[str, Any]:
    ms = [r * 1000 for r in stats.rtts]
    return {"clients": clients, "moves": stats.moves, "moves_per_s": round(stats.moves / wall, 1),
            "p50_ms": round(_percentile(ms, 50), 3), "p99_ms": round(_percentile(ms, 99), 3),
            "max_ms": round(max(ms), 3) if ms else None, "errors": stats.errors,
            "games_finished": stats.games, **mem}


async def _host_run(spec: GameSpec, tables: int, interval: float, seconds: float,
                    options: dict[str, str], flood: bool) -> tuple[dict[str, Any], Stats, dict[str, int]]:
    """One run of a real host process with a bot client at every seat (and, with ``flood``,
    the attack on t1): the figures of all tables, the tally of tables t2 and up, the flood's."""
    seats = spec.rules.seats(options)
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    port = _free_port()
    args = [sys.executable, "-m", spec.name, "host", "--port", str(port), "--bind", "127.0.0.1",
            "--tables", str(tables), "--grace", "30", "--idle", "60"]
    for key, value in options.items():
        args += ["--variant", value] if key == "variant" else ["-o", f"{key}={value}"]
    host = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, env=env)
    counts = dict.fromkeys(("watching", "refused", "syncs", "churned"), 0)
    try:
        await _wait_listening(port, host)
        base = _memory(host.pid)
        stats, others, stop, rng = Stats(), Stats(), asyncio.Event(), random.Random(1)
        names = ["main"] if tables == 1 else [f"t{i + 1}" for i in range(tables)]
        clients = [_game_client(spec, port, t, s, interval, stats, stop, random.Random(rng.random()),
                                None if t == "t1" else others)
                   for t in names for s in seats]
        attack = None
        if flood:
            attack = subprocess.Popen(
                [sys.executable, "-c", f"from common.net.bench import flood_main; "
                 f"flood_main({spec.name!r}, {port}, {seconds + 2.5})"],
                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        wall, busy = await _measure(clients, stats, stop, warmup=2.0, seconds=seconds, server=host.pid)
        if attack is not None:
            out, _err = await asyncio.to_thread(attack.communicate, timeout=60)
            with contextlib.suppress(ValueError):
                counts.update(json.loads(out.decode().strip().splitlines()[-1]))
        game = _figures(stats, wall, len(names) * len(seats), _memory(host.pid))
        game["cpu_pct"] = busy
        game["idle_host_rss_mb"] = base.get("rss_mb")
        return game, others, counts
    finally:
        host.kill()
        host.wait(10)


async def _run(spec: GameSpec, tables: int, interval: float, seconds: float,
               options: dict[str, str]) -> dict[str, Any]:
    seats = spec.rules.seats(options)
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    # -- the game host ---------------------------------------------------------------------
    game, calm, _flood = await _host_run(spec, tables, interval, seconds, options, flood=False)
    # -- the floor: a bare echo server, the same clients, seats and pauses -------------------------
    port = _free_port()
    echo = subprocess.Popen([sys.executable, "-c", f"import asyncio; from common.net.bench import "
                             f"_echo_server; asyncio.run(_echo_server({port}))"],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, env=env)
    try:
        await _wait_listening(port, echo)
        stats, stop = Stats(), asyncio.Event()
        clients = [_echo_pair(port, len(seats), interval, stats, stop, random.Random(i))
                   for i in range(tables)]
        wall, busy = await _measure(clients, stats, stop, warmup=2.0, seconds=seconds, server=echo.pid)
        floor = _figures(stats, wall, tables * len(seats), _memory(echo.pid))
        floor["cpu_pct"] = busy
    finally:
        echo.kill()
        echo.wait(10)
    report: dict[str, Any] = {"game": spec.name, "tables": tables, "seats_per_table": len(seats),
              "interval_s": interval, "seconds": seconds, "host": game, "echo_floor": floor,
              "p99_ratio": round(game["p99_ms"] / floor["p99_ms"], 2) if floor["p99_ms"] else None,
              "targets": {"p99_under_20ms": game["p99_ms"] < 20,
                          "p99_within_5x_floor": bool(floor["p99_ms"]) and game["p99_ms"] <= 5 * floor["p99_ms"],
                          "host_memory_under_300mb": game.get("peak_rss_mb", 0) < 300}}
    if tables >= 2:  # -- the same host, table t1 flooded -------------------------------------------
        flooded, hit, counts = await _host_run(spec, tables, interval, seconds, options, flood=True)
        before = _percentile([r * 1000 for r in calm.rtts], 99)
        during = _percentile([r * 1000 for r in hit.rtts], 99)
        ratio = round(during / before, 2) if before else None
        report["flood"] = {
            "watchers_tried": FLOOD_WATCHERS, "watchers_let_in": counts["watching"],
            "watchers_refused": counts["refused"], "syncs_sent": counts["syncs"],
            "join_and_leave": counts["churned"], "others_moves": hit.moves,
            "others_p50_ms": round(_percentile([r * 1000 for r in hit.rtts], 50), 3),
            "others_p99_ms": round(during, 3), "baseline_others_p99_ms": round(before, 3),
            "others_p99_ratio": ratio, "host_cpu_pct": flooded["cpu_pct"],
            "host_peak_rss_mb": flooded.get("peak_rss_mb")}
        report["targets"]["others_p99_within_3x_when_flooded"] = ratio is not None and ratio <= 3
    return report


def run_net_bench(spec: GameSpec, *, tables: int, interval: float, seconds: float, as_json: bool,
                  options: dict[str, str]) -> int:
    if not 1 <= tables <= 1000:
        raise GameError(_("--tables must be between 1 and 1000, not {n}").format(n=tables))
    if interval < 0 or seconds <= 0:
        raise GameError(_("--interval must be 0 or more and --seconds more than 0"))
    options = {"variant": spec.variants[0], **options}
    report = asyncio.run(_run(spec, tables, interval, seconds, options))
    if as_json:
        print(json.dumps(report))
        return 0
    print(_("{title}: {tables} tables x {seats} bot clients over loopback, each moving {interval} s "
            "after its decision comes, measured for {seconds} s").format(
                title=spec.title, tables=tables, seats=report["seats_per_table"],
                interval=f"{interval:g}", seconds=f"{seconds:g}"))
    for label, fig in ((_("host"), report["host"]), (_("echo floor"), report["echo_floor"])):
        print(f"  {label:<10} " + _(
            "{moves:>8} moves/s  p50 {p50:.3f} ms  p99 {p99:.3f} ms  max {max} ms  memory {rss} MB "
            "(peak {peak} MB)  CPU {cpu}% of a core  errors {errors}").format(
                moves=fig["moves_per_s"], p50=fig["p50_ms"], p99=fig["p99_ms"], max=fig["max_ms"],
                rss=fig.get("rss_mb"), peak=fig.get("peak_rss_mb"), cpu=fig.get("cpu_pct"),
                errors=fig["errors"]))
    flood = report.get("flood")
    if flood:
        print("  " + _("t1 flooded: {let_in} of {tried} spectators let in, {syncs} syncs sent, {churn} "
                       "joined and left; the other tables: {moves} moves, p50 {p50:.3f} ms, p99 "
                       "{p99:.3f} ms ({ratio}x their {before:.3f} ms unflooded)  host CPU {cpu}%").format(
            let_in=flood["watchers_let_in"], tried=flood["watchers_tried"],
            syncs=flood["syncs_sent"], churn=flood["join_and_leave"], moves=flood["others_moves"],
            p50=flood["others_p50_ms"], p99=flood["others_p99_ms"], ratio=flood["others_p99_ratio"],
            before=flood["baseline_others_p99_ms"], cpu=flood["host_cpu_pct"]))
    # the target names are the JSON keys (for tools), their verdicts words
    targets = ", ".join(f"{k} {_('yes') if v else _('NO')}" for k, v in report["targets"].items())
    print("  " + _("p99 is {ratio}x the floor's; targets: {targets}").format(
        ratio=report["p99_ratio"], targets=targets))
    return 0
