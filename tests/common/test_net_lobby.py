"""The lobby, spectators, chat, the pause on disconnect, the password, version negotiation and
the flood and idle limits, against a real host process on 127.0.0.1 (per playable game where
the game matters). Every wait is bounded."""

from __future__ import annotations

import importlib
import json
import random
import subprocess
import sys
import threading
import time

from common.net.protocol import FLOOD_LIMIT, PROTOCOL_VERSION
from tests.common.netkit import (
    Wire,
    bot_kind,
    moves_in,
    options_for,
    rules_of,
    start_host,
)


def play_out(wire: Wire, seat: str, first: dict | None = None, timeout: float = 30.0) -> dict:
    """Random legal moves for ``seat`` (from the state ``first`` on) until the game ends."""
    rng = random.Random(1)
    deadline = time.monotonic() + timeout
    answered = -1
    for _ in range(100_000):
        msg, first = first or wire.next(max(0.01, deadline - time.monotonic())), None
        assert msg is not None, "the host hung up"
        if msg["type"] == "over":
            return msg
        if msg["type"] == "state" and msg["to_move"] == [seat] and msg["legal"] and msg["seq"] != answered:
            answered = msg["seq"]
            wire.send({"type": "move", "move": rng.choice(msg["legal"]), "seq": msg["seq"]})
    raise AssertionError("no end of game")


def test_lobby_seats_chat_watchers_and_start_from_the_host(game, procs, tmp_path):
    seats = rules_of(game).seats(options_for(game))
    # ann's seat plays first where a game lets the host choose (the game this test was timed with)
    opener = seats[0] if "first" in rules_of(game).option_keys else None
    host, port = start_host(procs, game, "--games", "1", "--fill", bot_kind(game), "--seed", "11",
                            *(("--first", opener) if opener else ()), stdin=subprocess.PIPE)
    ann = Wire(port, game)
    welcome = ann.hello(name="ann")
    assert welcome["seat"] is None and welcome["token"] is None and not welcome["started"]
    lobby = ann.until("lobby")
    assert [p["name"] for p in lobby["people"]] == ["ann"] and set(lobby["seats"]) == set(seats)
    bob = Wire(port, game)
    assert bob.hello(name="ann")["name"] == "ann 2"  # names are unique at a table
    ann.send({"type": "sit", "seat": seats[0]})
    seated = ann.until("seated")
    assert seated["seat"] == seats[0] and seated["token"]
    bob.send({"type": "sit", "seat": seats[0]})
    assert bob.until("error")["code"] == "seat_taken"
    ann.send({"type": "stand"})  # (sitting at every seat would begin the game)
    assert ann.until("seated")["seat"] is None
    ann.send({"type": "sit", "seat": seats[0]})
    assert ann.until("seated")["seat"] == seats[0]
    lobby = ann.until("lobby")
    while lobby["seats"][seats[0]]["name"] is None:
        lobby = ann.until("lobby")
    assert lobby["seats"][seats[0]] == {"kind": "remote", "name": "ann", "connected": True, "bot": False}
    ann.send({"type": "chat", "text": "hi \x1b[31mall\x07\n!"})
    said = bob.until("chat")
    assert said == {"type": "chat", "from": "ann", "seat": seats[0], "text": "hi all !"}
    watcher = Wire(port, game)
    assert watcher.hello(name="wes", watch=True)["watching"] is True
    watch_proc = procs(game, "join", f"127.0.0.1:{port}", "--watch", "--name", "cli-watcher")
    watch_proc.wait_line(r"Joined .* to watch")
    host.p.stdin.write("strat\nwho\nstart\n")  # the host's console: empty seats go to bots, and go
    host.p.stdin.flush()
    host.wait_line(r"game 1 begins")
    first = ann.until("state")
    assert first["seq"] == 0
    assert first["seat"] == seats[0] and first["seats"][seats[1]]["kind"] == bot_kind(game)
    from common.rng import derive
    from common.spec import first_option
    from common.table import Table

    seed = derive(11, "main", 1)
    options = {k: v for k, v in options_for(game).items() if k != "variant"}
    spec = importlib.import_module(f"{game}.cli").SPEC
    options = first_option(spec, seats, seed, opener, options)  # as the host's record says
    table = Table(rules_of(game), seed=seed, variant=options_for(game)["variant"], options=options)
    cold = table.view(None)
    for s in seats:  # (a game may keep caches in its views: accept the view either way)
        table.legal(s)
    public = [cold, table.view(None)]
    for wire in (watcher, bob):  # an unseated lobby member watches from now on
        state = wire.until("state")
        assert state["seat"] is None and state["legal"] == [] and state["seq"] == 0
        assert state["view"] in public  # the spectator's view: public information only
    watcher.send({"type": "move", "move": "pass"})
    assert watcher.until("error")["code"] == "not_seated"
    watcher.send({"type": "chat", "text": "go ann"})
    assert ann.until("chat")["text"] == "go ann"
    over = play_out(ann, seats[0], [m for m in ann.messages if m["type"] == "state"][-1])
    assert watcher.until("over") == over
    assert watch_proc.finish(20) == 0
    assert f"result {' '.join(over['outcome']['winners']) or 'nobody'}" in watch_proc.stdout
    assert host.finish(20) == 0
    assert "waiting for players" in host.stdout  # 'who' answered on the host's terminal
    assert "unknown command 'strat'; commands: start" in host.stdout  # a typo is named


def test_a_dropped_seat_pauses_the_table_until_it_returns(game, procs, tmp_path):
    seats = rules_of(game).seats(options_for(game))
    kinds = ",".join(["remote"] + [bot_kind(game)] * (len(seats) - 1))
    save = tmp_path / "game.rec"
    host, port = start_host(procs, game, "--games", "1", "--seats", kinds, "--save", str(save),
                            "--on-disconnect", "pause", "--grace", "0")
    watcher = Wire(port, game)
    watcher.hello(watch=True)
    ann = Wire(port, game)
    welcome = ann.hello(name="ann", seat=seats[0])
    ann.until("state")
    ann.close()  # gone at once; the bots play until it is ann's decision
    deadline = time.monotonic() + 10
    paused = None
    while paused is None and time.monotonic() < deadline:
        msg = watcher.until("state", "info", timeout=10)
        if msg["type"] == "state" and msg["paused"]:
            paused = msg
    assert paused and "waits for ann" in paused["paused"] and paused["to_move"] == [seats[0]]
    frozen = moves_in(save)
    time.sleep(0.6)
    assert moves_in(save) == frozen  # nobody decides for ann
    seen: list[dict] = []  # the watcher keeps reading (a client that does not is dropped)
    reader = threading.Thread(target=lambda: seen.append(watcher.until("over", timeout=30)),
                              daemon=True)
    reader.start()
    again = Wire(port, game)
    back = again.hello(token=welcome["token"], seq=0)
    assert back["rejoin"] and back["seat"] == seats[0]
    resync = again.until("state")
    assert resync["resync"] and resync["seq"] == paused["seq"] and resync["paused"] is None
    assert play_out(again, seats[0], resync)["type"] == "over"
    reader.join(30)
    assert seen and seen[0]["type"] == "over"
    assert host.finish(20) == 0
    assert "is back at" in " ".join(m.get("message", "") for m in watcher.messages)


def test_password_and_protocol_version_negotiation(procs):
    host, port = start_host(procs, "invaders", "--games", "1", "--password", "s3cret")
    stranger = Wire(port, "invaders")
    t0 = time.monotonic()
    reply = stranger.hello(name="eve", password="guess")
    assert reply["code"] == "password" and time.monotonic() - t0 >= 0.9  # slowed down
    assert stranger.next() is None  # and hung up
    old = Wire(port, "invaders")
    reply = old.hello(version=1, versions=[1], password="s3cret")
    assert reply["code"] == "version" and "version 2 or 3 or 4 or 5" in reply["message"] and "client 1" in reply["message"]
    assert old.next() is None
    newer = Wire(port, "invaders")
    reply = newer.hello(version=6, versions=[3, 6], password="s3cret")
    assert reply["type"] == "welcome" and reply["version"] == 3  # the highest both speak
    host.wait_line(r"refused \(version\): protocol version mismatch")
    assert "s3cret" not in host.stdout


def test_idle_half_open_and_flooding_connections_are_dropped(procs):
    host, port = start_host(procs, "invaders", "--games", "1", "--idle", "0.3")
    mute = Wire(port, "invaders")
    mute.hello(name="mute")
    # from here on it never answers the host's ping (like a half-open connection)
    mute_msgs = []
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        mute.sock.settimeout(5)
        data = mute.sock.recv(65536)
        if not data:
            break
        mute_msgs.append(data)
    text = b"".join(mute_msgs)
    assert b'{"type":"ping"}' in text and b'"code":"idle"' in text
    alive = Wire(port, "invaders")  # Wire answers pings: it stays
    alive.hello(name="alive")
    end = time.monotonic() + 1.2
    while time.monotonic() < end:
        try:
            assert alive.next(0.2) is not None
        except AssertionError as exc:
            assert "no message" in str(exc)
    alive.send({"type": "ping"})
    assert alive.until("pong")
    flood = Wire(port, "invaders")
    flood.hello(name="flood")
    flood.send(b'{"type":"sync"}\n' * (FLOOD_LIMIT + 200))
    codes = [m.get("code") for m in iter(lambda: flood.next(10), None)
             if m["type"] == "error" and m["code"] != "sync_flood"]  # (3 syncs are answered)
    assert codes[0] == "flood" and codes[-1] == "flood" and len(codes) == 2
    host.wait_line(r"refused \(idle\)")
    host.wait_line(r"refused \(flood\)")


def test_a_version_2_client_is_sent_whole_views(procs):
    """Version 3 sends a view once, then patches; a client that speaks only 2 still gets
    every view whole, and both kinds of client see the same game."""
    host, port = start_host(procs, "invaders", "--games", "1", "--seats", "remote,remote", "--seed", "5")
    rng = random.Random(5)
    old, new = Wire(port, "invaders"), Wire(port, "invaders")
    assert old.hello(name="old", seat="any", version=2, versions=[2])["version"] == 2
    assert new.hello(name="new", seat="any")["version"] == PROTOCOL_VERSION == 5
    states: dict[str, list] = {"old": [], "new": []}
    playing = {"old": old, "new": new}
    deadline = time.monotonic() + 30
    while playing and time.monotonic() < deadline:
        for name, wire in list(playing.items()):
            try:
                msg = wire.next(0.05)
            except AssertionError:  # nothing yet
                continue
            if msg is None or msg["type"] == "over":
                del playing[name]
            elif msg["type"] == "state":
                states[name].append(msg)
                if msg["legal"] and msg["to_move"] == [msg["seat"]]:
                    wire.send({"type": "move", "move": rng.choice(msg["legal"]), "seq": msg["seq"]})
    assert host.finish() == 0
    assert all("view" in m and "patch" not in m for m in states["old"]) and len(states["old"]) > 5
    assert sum("patch" in m for m in states["new"]) == len(states["new"]) - 1  # all but the first
    last = {name: [m for m in msgs if m["seq"] == msgs[-1]["seq"]][-1] for name, msgs in states.items()}
    assert last["old"]["view"]["ships"] == last["new"]["view"]["ships"]  # the same board either way
    # before version 5 the host narrates (in English: an old hello names no language); from 5 on
    # the events come as data, which the client narrates (Wire does it here, as join does)
    assert any(m["events"] for m in states["old"]) and not any("event_data" in m for m in states["old"])
    assert all(isinstance(line, str) for m in states["old"] for line in m["events"])
    assert any("event_data" in m for m in states["new"])


def test_a_host_names_the_variant_it_plays(procs):
    """Skippy's Revenge is a game of its own: the host's banner and the welcome say so."""
    host, port = start_host(procs, "gros", "--games", "1", "--variant", "gr2")
    assert "Grave Robbers II: Skippy's Revenge host listening" in host.stdout
    wire = Wire(port, "gros")
    assert wire.hello(name="ann")["title"] == "Grave Robbers II: Skippy's Revenge"


def test_the_load_benchmark_runs_a_small_load():
    """'bench --net' in miniature (the real run is opt-in): a host, bot clients, the echo
    floor, and a report whose figures come from moves actually made. The benchmark is the
    same code for every game and takes fixed seconds, so one game runs it (every game's
    network play is covered by the leak, fault and fuzz tests)."""
    game = "gros"
    proc = subprocess.run([sys.executable, "-m", game, "bench", "--net", "--tables", "2",
                           "--seconds", "0.5", "--interval", "0.02", "--json",
                           *[a for k, v in options_for(game).items() if k != "variant" for a in ("-o", f"{k}={v}")]],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    report = json.loads(proc.stdout)
    for side in ("host", "echo_floor"):
        figures = report[side]
        assert figures["moves"] > 5 and figures["errors"] == 0, (side, figures)
        assert 0 < figures["p50_ms"] <= figures["p99_ms"] <= figures["max_ms"]
        assert 0 <= figures["cpu_pct"] < 250  # how busy the server was, in % of one core
    assert report["host"]["peak_rss_mb"] > 0 and set(report["targets"]) == {
        "p99_under_20ms", "p99_within_5x_floor", "host_memory_under_300mb",
        "others_p99_within_3x_when_flooded"}
    flood = report["flood"]  # table t1 flooded: its watchers were capped, the other table played
    assert flood["watchers_let_in"] <= 64 and flood["watchers_refused"] >= 300
    assert flood["others_moves"] > 5 and flood["syncs_sent"] > 0


def test_quit_at_the_host_and_a_rejoin_that_keeps_its_name(procs, tmp_path):
    """The host's console stops the host with 'quit' (it was an unknown command); a player who
    rejoins without --name keeps the name they sat down with (they became 'player')."""
    host, port = start_host(procs, "invaders", "--seats", "remote,heuristic", "--games", "1",
                            stdin=subprocess.PIPE)
    env = {"XDG_STATE_HOME": str(tmp_path / "state"), "USER": "someone-else"}
    first = procs("invaders", "join", f"127.0.0.1:{port}", "--seat", "aliens", "--name", "ann",
                  "--bot", "random", "--pace", "5", env=env)
    host.wait_line(r"aliens sat down \(ann, ")
    first.wait_line(r"Joined .* as aliens")  # its token is saved by then
    first.kill()
    host.wait_line(r"aliens lost its connection")
    again = procs("invaders", "join", f"127.0.0.1:{port}", "--rejoin", "--bot", "random",
                  "--pace", "5", env=env)
    host.wait_line(r"aliens rejoined \(ann, ")
    watcher = Wire(port, "invaders")
    watcher.hello(name="wes", watch=True)
    host.p.stdin.write("quit\n")
    host.p.stdin.flush()
    host.wait_line(r"stopping the host")
    assert host.finish(20) == 0 and host.stderr == ""
    codes = []
    for _ in range(200):
        msg = watcher.next(10)
        if msg is None:
            break
        codes.append(msg.get("code"))
    assert "stopped" in codes
    assert again.finish(20) != 0 and "the host stopped the game" in again.stdout + again.stderr
