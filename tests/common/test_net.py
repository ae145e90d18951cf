"""Network play end to end: a real host process, real join processes and raw sockets.

Everything runs on 127.0.0.1 with ports the host picks itself (``--port 0``, read back from
its first line). Every wait is bounded in time and every loop in count.
"""

from __future__ import annotations

import functools
import json
import os
import queue
import random
import re
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from common.batch import open_table, read_record, replay
from common.net.client import retry_delays
from common.net.protocol import BURST, MAX_ERRORS, MAX_LINE, PROTOCOL_VERSION, RATE, RESUME_WAIT
from common.record import parse_record
from invaders.rules import RULES
from tests.common.netkit import Proc, Wire

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 20.0  # seconds any one game may take


@pytest.fixture
def procs(procs):
    """Every process of this module is an Invaders one."""
    return functools.partial(procs, "invaders")


def start_host(procs, *args: str, grace: float | None = None) -> tuple[Proc, int]:
    host = procs("host", "--port", "0", "--bind", "127.0.0.1", *args, grace=grace)
    port = int(host.wait_line(r"listening on 127\.0\.0\.1:(\d+)").group(1))
    return host, port


class Raw(Wire):
    """A hand-driven Invaders client on a plain socket (every line must be whole)."""

    def __init__(self, port: int) -> None:
        super().__init__(port, "invaders", whole_lines=True)


def result_line(proc: Proc) -> str:
    found = re.findall(r"^result (.+)$", proc.stdout, re.M)
    assert len(found) == 1, proc.stdout[-2000:]
    return found[0]


def replayed_winner(path: Path) -> str:
    result = replay(RULES, read_record(path))
    assert result.failures == []
    out = result.table.outcome()
    assert out is not None, "the saved record is of an unfinished game"
    return " ".join(out.winners)


# -- (1) a whole game between join processes ---------------------------------------------------
def test_join_bots_play_a_full_game_and_the_record_replays(procs, tmp_path):
    save = tmp_path / "game.rec"
    host, port = start_host(procs, "--games", "1", "--save", str(save))
    address = f"127.0.0.1:{port}"
    aliens = procs("join", address, "--bot", "random", "--seat", "aliens", "--name", "rand")
    humans = procs("join", address, "--bot", "ismcts", "--think", "0.01", "--seat", "humans")
    assert aliens.finish() == 0, aliens.stderr
    assert humans.finish() == 0, humans.stderr
    assert host.finish() == 0, host.stderr
    assert "Joined Galaxy Invaders" in aliens.stdout and " as aliens." in aliens.stdout
    assert " as humans." in humans.stdout
    winner = result_line(aliens)
    assert result_line(humans) == winner
    assert replayed_winner(save) == winner
    assert f"result {winner}" in host.stdout
    assert re.search(r"^aliens: \S", aliens.stdout, re.M) and re.search(r"^humans: \S", humans.stdout, re.M)
    assert host.stderr == "" and aliens.stderr == "" and humans.stderr == ""


# -- (2) hostile and clumsy clients while a game runs -------------------------------------------
def test_bad_messages_get_one_error_each_and_the_game_goes_on(procs, tmp_path):
    save = tmp_path / "game.rec"
    host, port = start_host(procs, "--games", "1", "--save", str(save), grace=0.3)
    raw = Raw(port)
    # before hello: garbage bytes, broken JSON, a JSON array, a move
    for data, code in [(b"\xff\xfe\x00garbage\x80\n", "bad_utf8"), (b"{not json\n", "bad_json"),
                       (b"[1, 2]\n", "bad_message"), (b'{"type": "move", "move": "fire"}\n', "no_hello"),
                       (b'{"type": "hello", "version": "1", "game": "invaders"}\n', "bad_message")]:
        raw.send(data)
        reply = raw.until("error")
        assert reply["code"] == code, (data, reply)
        assert "\n" not in reply["message"]
    welcome = raw.hello(seat="humans", name="raw")
    assert welcome["type"] == "welcome" and welcome["seat"] == "humans" and welcome["token"]
    aliens = procs("join", f"127.0.0.1:{port}", "--bot", "random")
    first = raw.until("state", timeout=10)
    assert first["seq"] == 0 and first["to_move"] == ["humans"] and "place d" in first["legal"]

    def refused(data: bytes | dict, code: str) -> None:
        raw.send(data)
        reply = raw.until("error")
        assert reply["code"] == code, (data, reply)

    refused({"type": "teleport"}, "unknown_type")
    refused({"type": "move", "move": 5}, "bad_message")
    refused({"type": "move", "move": "place d", "seq": "zero"}, "bad_message")
    refused({"type": "move", "move": "fire", "seat": "aliens"}, "not_your_seat")
    refused({"type": "move", "move": "fly to the moon"}, "illegal")
    refused({"type": "move", "move": "place z"}, "illegal")
    refused({"type": "move", "move": "place d", "seq": 7}, "stale")
    refused({"type": "hello", "version": PROTOCOL_VERSION, "game": "invaders"}, "already_joined")
    # a legal move and, in the same packet, a second one out of turn
    raw.send(b'{"type": "move", "move": "place d", "seq": 0}\n{"type": "move", "move": "place c"}\n')
    assert raw.until("ack", "error")["type"] == "ack"
    assert raw.until("error")["code"] == "not_your_turn"
    raw.send({"type": "ping"})
    assert raw.until("pong")

    # strangers while the game runs: the table is full, a wrong version, a wrong game
    stranger = Raw(port)
    stranger.send(b"\x00\x01\x02\n")
    assert stranger.until("error")["code"] == "bad_json"
    assert stranger.hello()["code"] == "started"  # no seat asked for, and the game is on
    assert stranger.next() is None
    stranger = Raw(port)
    assert stranger.hello(seat="any")["code"] == "table_full"
    assert stranger.next() is None  # and the host hung up
    for fields, code in [({"version": PROTOCOL_VERSION + 1}, "version"), ({"game": "gros"}, "wrong_game")]:
        other = Raw(port)
        reply = other.hello(**fields)
        assert reply["type"] == "error" and reply["code"] == code
        if code == "version":
            assert str(PROTOCOL_VERSION) in reply["message"] and "version" in reply["message"]
        assert other.next() is None
        other.close()
    stranger.close()
    flood = Raw(port)  # malformed messages without end: the host hangs up after MAX_ERRORS
    flood.send(b"nonsense\n" * (MAX_ERRORS + 10))
    codes = [m["code"] for m in iter(flood.next, None)]
    assert codes == ["bad_json"] * MAX_ERRORS + ["too_many_errors"]
    flood.close()
    # ...but a player may be refused any number of moves (at up to RATE a second)
    time.sleep(BURST / RATE)
    raw.send(b'{"type": "move", "move": "end", "seat": "aliens"}\n' * (MAX_ERRORS + 5)
             + b'{"type": "ping"}\n')
    assert raw.until("pong")
    assert sum(m.get("code") == "not_your_seat" for m in raw.messages) == 1 + MAX_ERRORS + 5

    # an oversized line: one error, then the host hangs up; a bot plays on for the seat
    raw.send(b'{"type": "move", "move": "' + b"x" * (MAX_LINE + 5000) + b'"}\n')
    reply = raw.until("error")
    assert reply["code"] == "too_long"
    for _ in range(200):
        if raw.next() is None:
            break
    assert raw.eof
    raw.close()

    assert aliens.finish() == 0, aliens.stderr
    assert host.finish() == 0, host.stderr
    assert re.search(r"humans is not back; a \w+ bot decides for it", host.stdout)
    winner = result_line(aliens)
    assert replayed_winner(save) == winner
    assert host.stderr == ""
    # every error above was one line of its own, and nothing else came twice
    errors = [m for m in raw.messages if m["type"] == "error"]
    assert len(errors) == 15 + MAX_ERRORS + 5


# -- (4) each client learns only what its seat may know ----------------------------------------------
def snapshots(record_text: str, seat: str) -> list[dict[str, Any]]:
    """What ``seat`` is entitled to after each move of a record (index = sequence number)."""
    rec = parse_record(record_text)
    table = open_table(RULES, rec)

    def snap(events: list | None) -> dict[str, Any]:
        mine = table.outcome() is None and seat in table.to_move()
        return {"views": {s: table.view(s) for s in table.seats},
                "legal": table.legal(seat) if mine else [],
                "events": None if events is None else table.narrate(events, seat)}

    out = [snap(None)]
    for line in rec.body:
        if line.kind == "move":
            out.append(snap(table.play(line.seat, line.text)))
    return out


def values_of(obj: Any, key: str) -> list[Any]:
    found = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k == key:
                found.append(v)
            found += values_of(v, key)
    elif isinstance(obj, list):
        for v in obj:
            found += values_of(v, key)
    return found


def audit(messages: list[dict[str, Any]], record_text: str, seat: str, other: str) -> list[str]:
    """Everything a client was sent, checked against a replay of the game: problems found."""
    snaps = snapshots(record_text, seat)
    problems: list[str] = []
    over = False
    seq = 0
    for i, msg in enumerate(messages):
        if msg["type"] == "over":
            over = True
            continue
        if over:
            problems.append(f"#{i}: a {msg['type']} message after 'over'")
        text = json.dumps(msg)
        if values_of(msg, "seed") or values_of(msg, "record") or "seed " in text:
            problems.append(f"#{i}: the seed or the record before the game ended")
        if msg["type"] == "state":
            seq = msg["seq"]
            snap = snaps[seq]
            if ("patch" in msg) == bool(msg.get("resync")):
                problems.append(f"#{i}: seq {seq}: a whole view only on a resync, a patch otherwise")
            if msg["view"] != snap["views"][seat]:
                problems.append(f"#{i}: seq {seq}: the view is not exactly {seat}'s view")
            if msg["legal"] != snap["legal"]:
                problems.append(f"#{i}: seq {seq}: legal moves {msg['legal']} != {snap['legal']}")
            if msg["events"] and msg["events"] != snap["events"]:
                problems.append(f"#{i}: seq {seq}: events {msg['events']} != {snap['events']}")
        mine, theirs = snaps[seq]["views"][seat]["hand"], snaps[seq]["views"][other]["hand"]
        for hand in values_of(msg, "hand"):
            if hand == theirs and hand != mine:
                problems.append(f"#{i}: seq {seq}: the {other}' hand {theirs} was sent")
    if not over:
        problems.append("no 'over' message")
    return problems


def test_a_client_sees_only_its_own_seat_and_rejoins_with_its_token(procs, tmp_path):
    save = tmp_path / "game.rec"
    host, port = start_host(procs, "--games", "1", "--save", str(save), "--seats",
                            "aliens=ismcts,humans=remote", "--think", "0.005", "--seed", "7",
                            "--share-record", grace=30)
    rng = random.Random(3)
    raw = Raw(port)
    welcome = raw.hello(name="spy", seat="any")
    assert welcome["seat"] == "humans"
    received = [raw]
    played = 0
    rejoined = False
    resync = None
    deadline = time.monotonic() + TIMEOUT
    for _ in range(5000):
        assert time.monotonic() < deadline, "the game took too long"
        msg = raw.next(max(0.01, deadline - time.monotonic()))
        assert msg is not None, "the host hung up before the game ended"
        if msg["type"] == "over":
            break
        if msg["type"] == "error":
            raise AssertionError(msg)
        if msg["type"] == "state" and rejoined and resync is None:  # the full view again
            resync = msg
            assert msg["events"] == [] and msg["view"]["hand"] is not None
        if msg["type"] == "state" and "humans" in msg["to_move"]:
            raw.send({"type": "move", "move": rng.choice(msg["legal"]), "seq": msg["seq"]})
            assert raw.until("ack", "error")["type"] == "ack"
            played += 1
            if played == 3 and not rejoined:  # drop the line and come back with the token
                raw.close()
                raw = Raw(port)
                received.append(raw)
                again = raw.hello(token=welcome["token"])
                assert again["type"] == "welcome" and again["seat"] == "humans" and again["rejoin"]
                assert again["token"] == welcome["token"]
                rejoined = True
                continue
    else:
        raise AssertionError("no end of game in 5000 messages")
    assert rejoined and resync is not None
    over = raw.messages[-1]
    assert over["type"] == "over"
    assert host.finish() == 0, host.stderr
    record = over["record"]
    assert record == save.read_text(encoding="utf-8")
    assert over["outcome"]["winners"] == [replayed_winner(save)]

    messages = [m for r in received for m in r.messages]
    assert audit(messages, record, "humans", "aliens") == []
    raw_bytes = b"".join(bytes(r.received) for r in received)
    assert raw_bytes.count(b'"record"') == 1 and raw_bytes.count(b"seed ") == 1  # only in 'over'

    # the audit is not a rubber stamp: a single leaked view, or an early record, is caught
    snaps = snapshots(record, "humans")
    states = [i for i, m in enumerate(messages) if m["type"] == "state"]
    leaked = [dict(m) for m in messages]
    i = next(i for i in states if snaps[messages[i]["seq"]]["views"]["aliens"]["hand"])
    leaked[i]["view"] = snaps[messages[i]["seq"]]["views"]["aliens"]
    assert any("aliens' hand" in p for p in audit(leaked, record, "humans", "aliens"))
    early = [dict(m) for m in messages]
    early[states[0]]["record"] = record
    assert any("record" in p for p in audit(early, record, "humans", "aliens"))


def test_a_resumed_host_waits_for_clients_still_in_their_backoff(procs, tmp_path):
    """After a host restart every client is somewhere in its rejoin backoff: a short --grace
    must not hand the seats to bots before the clients' next attempt comes (a flake in CI)."""
    save = tmp_path / "game.rec"
    host, port = start_host(procs, "--games", "1", "--save", str(save), "--seats",
                            "aliens=random,humans=remote", "--seed", "5", grace=30)
    raw = Raw(port)
    welcome = raw.hello(name="p", seat="humans")
    rng = random.Random(1)
    for _ in range(3):  # a few moves of ours, so that there is a game to resume
        state = raw.until("state")
        while "humans" not in state["to_move"]:
            state = raw.until("state")
        raw.send({"type": "move", "move": rng.choice(state["legal"]), "seq": state["seq"]})
        assert raw.until("ack", "error")["type"] == "ack"
    host.kill()
    raw.close()
    resumed, _ = start_host(procs, "--resume", str(save), "--port", str(port), "--grace", "0")
    resumed.wait_line(r"resumed from .* at move \d+")
    assert RESUME_WAIT >= 2 * max(retry_delays(120.0))  # the longest pause fits twice
    time.sleep(max(retry_delays(120.0)))  # a client that had just missed the host
    raw = Raw(port)
    again = raw.hello(token=welcome["token"])
    assert again["type"] == "welcome" and again["rejoin"], again
    resumed.wait_line(r"humans rejoined")
    assert "is not back" not in resumed.stdout


# -- clear one-line errors on the client side ----------------------------------------------------------
def test_join_an_unreachable_host_says_so_in_one_line(procs):
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    client = procs("join", f"127.0.0.1:{port}", "--bot", "random")
    assert client.finish(10) != 0
    assert client.stderr.strip().startswith(f"error: cannot reach 127.0.0.1:{port}: ")
    assert len(client.stderr.strip().splitlines()) == 1
    bad = procs("join", "nowhere", "--bot", "random")
    assert bad.finish(10) != 0 and "HOST:PORT" in bad.stderr


def test_join_a_host_of_another_protocol_version(procs):
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    server.settimeout(10)
    port = server.getsockname()[1]
    seen: list[dict] = []

    def fake_host() -> None:
        try:
            conn, _ = server.accept()
            with conn:
                conn.settimeout(10)
                seen.append(json.loads(conn.makefile("rb").readline()))
                conn.sendall(json.dumps({"type": "welcome", "version": PROTOCOL_VERSION + 1,
                                         "seat": "aliens", "token": "t"}).encode() + b"\n")
                time.sleep(0.2)
        except OSError:
            pass

    thread = threading.Thread(target=fake_host, daemon=True)
    thread.start()
    client = procs("join", f"127.0.0.1:{port}", "--bot", "random")
    assert client.finish(10) != 0
    thread.join(5)
    server.close()
    assert seen and seen[0]["type"] == "hello" and seen[0]["version"] == PROTOCOL_VERSION
    assert "protocol version mismatch" in client.stderr
    assert len(client.stderr.strip().splitlines()) == 1


# -- the REPL's session over the network ------------------------------------------------------------------
def test_remote_session_plays_through_a_dropped_connection(procs, tmp_path):
    from common.engine import GameError
    from common.net.client import Link, RemoteSession
    from invaders.cli import SPEC

    save = tmp_path / "game.rec"
    host, port = start_host(procs, "--games", "1", "--save", str(save), "--seats", "random,remote",
                            grace=30)
    link = Link(SPEC, "127.0.0.1", port, "tester", seat="any")
    session = RemoteSession(SPEC, link, link.open())
    said: list[str] = []
    session.wait_start(said.append)
    assert session.seats_here() == ["humans"] and not session.can_undo
    with pytest.raises(GameError, match="only in local games"):
        session.undo()
    with pytest.raises(GameError, match="stays with the host"):
        session.record_text()
    rng = random.Random(5)
    moves = 0
    deadline = time.monotonic() + TIMEOUT
    for _ in range(1000):
        assert time.monotonic() < deadline
        session.advance(said.extend)
        if session.outcome() is not None:
            break
        seat = session.waiting_for()
        assert seat == "humans" and session.view(seat)["seat"] == "humans"
        if moves == 0:
            with pytest.raises(GameError, match="not a move"):
                session.play(seat, "fly to the moon")
            with pytest.raises(GameError, match="sit at humans"):
                session.play("aliens", "fire")
        said += session.play(seat, rng.choice(session.legal(seat)))
        moves += 1
        if moves == 2:  # the line drops: the session rejoins with its token by itself
            link.conn.sock.shutdown(socket.SHUT_RDWR)
    else:
        raise AssertionError("no end of game in 1000 decisions")
    out = session.outcome()
    assert "Rejoined the game." in said and session.lost is None
    assert session.legal("humans") == [] and session.waiting_for() is None
    with pytest.raises(GameError, match="host keeps the record"):
        session.record_text()  # without --share-record the seed stays with the host
    session.close()
    assert host.finish() == 0, host.stderr
    assert out["winners"] == [replayed_winner(save)]
    assert "humans rejoined" in host.stdout and "bot decides" not in host.stdout


def test_join_without_a_bot_plays_in_the_repl(procs, tmp_path):
    """The human path: join hands a RemoteSession to the REPL (plain text when not a terminal)."""
    save = tmp_path / "game.rec"
    host, port = start_host(procs, "--games", "1", "--save", str(save), "--seats", "random,remote")
    env = dict(os.environ, COLUMNS="400", NO_COLOR="1")
    human = subprocess.Popen([sys.executable, "-m", "invaders", "join", f"127.0.0.1:{port}", "--name", "me"],
                             cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, bufsize=1)
    lines: queue.Queue[str] = queue.Queue()
    out: list[str] = []

    def pump() -> None:
        for line in human.stdout:
            out.append(line)
            lines.put(line)

    threading.Thread(target=pump, daemon=True).start()
    deadline = time.monotonic() + TIMEOUT
    over = None
    try:
        for _ in range(500):
            human.stdin.write("moves\n")
            human.stdin.flush()
            found = None
            while over is None:
                line = lines.get(timeout=max(0.01, deadline - time.monotonic()))
                if "Game over" in line:
                    over = line
                if found == "next":  # the first line of 'moves': its first move
                    found = line.strip().split(" | ")[0]
                    break
                if "Moves now:" in line:
                    found = "next"
            if over is not None:
                break
            human.stdin.write(found + "\n")
            human.stdin.flush()
        assert over is not None, "no end of game in 500 decisions"
        human.stdin.close()
        assert human.wait(10) == 0
    finally:
        if human.poll() is None:
            human.kill()
            human.wait(5)
    err = human.stderr.read()
    assert "Traceback" not in err and err == ""
    assert host.finish() == 0, host.stderr
    text = "".join(out)
    assert "Joined Galaxy Invaders" in text and "you play humans" in text
    winner = replayed_winner(save)
    assert f"The {winner} win" in text  # the last board says who won


def test_two_seats_on_one_account_keep_their_own_tokens(tmp_path, monkeypatch):
    """Two players joining one host from the same account (one machine at a LAN party, or a
    test) each keep their seat's token; '--rejoin' asks which seat when it cannot tell."""
    from common.engine import GameError
    from common.net.client import _pick_token, save_token, saved_tokens, token_key

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    key = token_key("invaders", "10.0.0.5", 4747, None)
    save_token(key, "aliens", "tok-a")
    save_token(key, "humans", "tok-h")
    assert saved_tokens(key) == {"aliens": "tok-a", "humans": "tok-h"}
    assert _pick_token(key, "10.0.0.5:4747", "humans") == "tok-h"
    with pytest.raises(GameError, match="aliens, humans .* --seat"):
        _pick_token(key, "10.0.0.5:4747", None)
    save_token(key, "aliens", None)  # stood up: forgotten
    assert _pick_token(key, "10.0.0.5:4747", None) == "tok-h"
    save_token(key, "humans", None)
    with pytest.raises(GameError, match="no seat token saved"):
        _pick_token(key, "10.0.0.5:4747", None)
    assert (tmp_path / "bmovie" / "tokens.json").stat().st_mode & 0o077 == 0  # ours alone
