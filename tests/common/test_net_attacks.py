"""Attacks on a LAN host (issue 11), each reproduced on 127.0.0.1 against a host run inside the
test process (``LiveHost``), bounded by counts; time limits only as wide backstops."""

from __future__ import annotations

import contextlib
import json
import resource
import socket
import threading
import time

import pytest

from common.bots import make_bot
from common.net.protocol import PROTOCOL_VERSION
from common.rng import new_seed
from common.table import Table
from tests.common.netkit import LiveHost, Wire, moves_in, options_for, rules_of, start_host


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
            def fill() -> int:  # in one go, before the idle timer may fire
                transport = conn.writer.transport
                for _ in range(1000):
                    if transport.get_write_buffer_size() > 0:
                        break
                    conn.send_raw(chunk)
                for _ in range(4):
                    conn.send_raw(chunk)
                return transport.get_write_buffer_size()

            assert 0 < host.call(fill) < (1 << 20)
        host.until(lambda: "humans lost its connection" in host.log, 15, "released")
        assert host.finished(60) == 0  # the bot took the seat and played the game to its end
        assert "humans is not back; a heuristic bot decides for it" in host.log
        sock.close()


# -- attackers on the LAN (127.0.0.2 and up: the host exempts only its own 127.0.0.1) ---------------------
def from_address(port: int, n: int) -> socket.socket:
    """A socket to the host from 127.0.0.(n+2): another machine on the LAN, as the host sees it."""
    sock = socket.socket()
    sock.settimeout(5)
    sock.bind((f"127.0.0.{n + 2}", 0))
    sock.connect(("127.0.0.1", port))
    return sock


def replies(sock: socket.socket, timeout: float = 5.0) -> list[dict]:
    """Every message until the host hangs up (or ``timeout`` passes without one)."""
    sock.settimeout(timeout)
    data = b""
    with contextlib.suppress(OSError):
        while chunk := sock.recv(65536):
            data += chunk
    return [json.loads(line) for line in data.splitlines() if line.strip()]


def test_idle_sockets_cannot_lock_out_a_rejoining_player(procs):
    """1,100 sockets that never say hello, from 69 addresses: before, they took every one of
    the host's 1,024 connections and the player who dropped got 'busy' when rejoining."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 2500:
        pytest.skip(f"needs 2,500 open files (the hard limit is {hard})")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, 2500) if hard == resource.RLIM_INFINITY
                                                else min(hard, max(soft, 2500)), hard))
    host, port = start_host(procs, "invaders", "--seats", "random,remote", "--games", "1",
                            "--grace", "60", "--think", "0.01")
    player = Wire(port, "invaders")
    welcome = player.hello(name="vic", seat="humans")
    token = welcome["token"]
    player.until("state")
    player.close()
    host.wait_line(r"humans lost its connection")
    attackers = []
    try:
        for i in range(1100):
            with contextlib.suppress(OSError):
                attackers.append(from_address(port, i // 16))
        back = Wire(port, "invaders")
        welcome = back.hello(name="vic", token=token)
        assert welcome["type"] == "welcome" and welcome["rejoin"] and welcome["seat"] == "humans", welcome
        assert back.until("state")["seat"] == "humans"
        # the attackers were turned away per address, or pushed out, or dropped for not saying
        # hello within the deadline (5 s): none is still waiting after 12 s
        codes: dict[str, int] = {}
        deadline = time.monotonic() + 12
        for sock in attackers[-40:]:
            for msg in replies(sock, timeout=max(0.1, deadline - time.monotonic())):
                codes[msg.get("code")] = codes.get(msg.get("code"), 0) + 1
        assert set(codes) <= {"busy", "no_hello"} and codes, codes
    finally:
        for sock in attackers:
            sock.close()


def watch(port: int, n: int, table: str = "t1", version: int = PROTOCOL_VERSION) -> tuple[socket.socket, dict]:
    """A watcher from address ``n``; the socket and the host's first answer."""
    sock = from_address(port, n)
    sock.sendall(hello("invaders", name=f"w{n}", watch=True, table=table, version=version))
    sock.settimeout(5)
    line = b""
    while not line.endswith(b"\n"):
        chunk = sock.recv(1)
        if not chunk:
            break
        line += chunk
    return sock, json.loads(line) if line else {}


def test_a_flood_of_watchers_at_one_table_leaves_the_others_playing(procs):
    """200 watchers (from 50 addresses) at table t1 asking for the whole state 19 times a
    second: before, all were let in and every sync answered, and the other tables crawled
    (p50 5.8 s a move with 400). Now a table holds 64 watchers (a newcomer from an address that
    holds fewer takes the place of one from an address that holds the most), an address 4, a
    sync is answered 3 times and then refused, and t1's watchers share one budget, per address:
    t2's player moves at speed."""
    host, port = start_host(procs, "invaders", "--seats", "random,remote", "--tables", "2",
                            "--grace", "60", "--think", "0.01")
    busy = Wire(port, "invaders")  # t1's game is on: a sync there costs a whole view
    busy.hello(name="b", seat="humans", table="t1")
    busy.until("state")
    watchers, answers = [], []
    for i in range(200):
        sock, first = watch(port, i // 4)
        answers.append(first.get("type") if first.get("type") != "error" else first["code"])
        if first.get("type") == "welcome":
            watchers.append(sock)
        else:
            sock.close()
    # newcomers from a new address push out one of the greediest address's places
    assert answers.count("welcome") >= 32 and set(answers) <= {"welcome", "crowded"}, answers
    for _ in range(400):  # the lobby as t1's player last heard it: at most 64 without a seat
        with contextlib.suppress(AssertionError):
            busy.next(timeout=1.0)
            continue
        break
    lobby = busy.whole.lobby
    assert lobby is not None and len([p for p in lobby["people"] if p["seat"] is None]) <= 64
    own = [watch(port, 60, table="t2") for _ in range(4)]
    assert [first.get("type") for _sock, first in own] == ["welcome"] * 4
    extra, first = watch(port, 60, table="t1")  # that address watches 4 tables' worth already
    assert first.get("code") == "crowded" and "enough" in first["message"], first
    for sock in [extra] + [sock for sock, _first in own]:
        sock.close()
    player = Wire(port, "invaders")
    player.hello(name="p", seat="humans", table="t2")
    state = player.until("state")
    stop = threading.Event()

    def flood() -> None:
        burst = b'{"type":"sync"}\n' * 19
        while not stop.is_set():
            for sock in watchers:
                with contextlib.suppress(OSError):
                    sock.setblocking(False)
                    sock.send(burst)
                    while sock.recv(1 << 20):  # read what came, as a watcher would
                        pass
            time.sleep(1)

    flooder = threading.Thread(target=flood, daemon=True)
    flooder.start()
    try:
        times: list[float] = []
        while len(times) < 25:  # t2's player moves as soon as it may
            if state["to_move"] == ["humans"] and state["legal"]:
                t0 = time.monotonic()
                player.send({"type": "move", "move": state["legal"][0], "seq": state["seq"]})
                player.until("ack", timeout=30)
                state = player.until("state", timeout=30)
                times.append(time.monotonic() - t0)
                continue
            msg = player.until("state", "over", timeout=30)
            if msg["type"] == "over":
                break
            state = msg
    finally:
        stop.set()
        flooder.join(5)
    times.sort()
    assert times[len(times) // 2] < 0.5 and times[-1] < 5, times  # generous: CI is slow
    assert "refused (sync_flood)" not in host.stdout  # a game refusal: not logged


def test_lobby_churn_sends_changes_not_the_whole_crowd(procs):
    """40 watchers at a table, then 60 join-and-leave cycles: before, every join or leave sent
    every member the whole people list (bytes grew with the square of the crowd)."""
    host, port = start_host(procs, "invaders", "--seats", "remote,remote", "--tables", "2")
    crowd = [watch(port, i // 4)[0] for i in range(40)]
    observer = Wire(port, "invaders")
    observer.hello(name="obs", watch=True, table="t1")
    lobby = observer.until("lobby")
    assert len(lobby["people"]) == 41
    before = len(observer.received)
    for i in range(60):
        for _ in range(100):  # (newcomers spend their address's part of the table's budget:
            # 'crowded' means wait)
            sock, first = watch(port, 10 + i % 10)
            if first.get("code") != "crowded":
                break
            sock.close()
            time.sleep(0.25)
        assert first.get("type") == "welcome", first
        sock.close()
    told = 0
    while told < 120:  # every join and every leave is told
        told += observer.until("lobby", timeout=20).get("delta", False)
    per_event = (len(observer.received) - before) / 120
    assert per_event < 700, per_event  # the whole list of 41 people is ~2,000 bytes
    assert observer.messages[-1]["people"] == lobby["people"]  # and the deltas added up
    for sock in crowd:
        sock.close()


def test_password_guessing_is_limited_per_address_and_overall(procs):
    host, port = start_host(procs, "invaders", "--games", "1", "--password", "s3cret")
    checked = refused = 0

    def guess(n: int, word: str) -> str:
        sock = from_address(port, n)
        sock.sendall(hello("invaders", name="eve", password=word))
        answers = replies(sock, timeout=2)
        sock.close()
        return answers[0].get("code") if answers else "nothing"

    results: list[str] = []

    def guesser(n: int) -> None:  # one after another (parallel ones wait for hello: 'busy')
        results.extend(guess(n, f"guess{n}.{k}") for k in range(8))

    threads = [threading.Thread(target=guesser, args=(n,)) for n in range(10)]  # 10 addresses
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    checked, refused = results.count("password"), results.count("password_wait")
    assert checked + refused == 80 and checked <= 25, results  # 5 an address, 20 in all
    assert guess(0, "s3cret") == "password_wait"  # a guesser waits, even with the right one
    assert guess(20, "s3cret") is None  # another address that knows it joins (no error)
    lines = [line for line in host.stdout.splitlines() if "127.0.0.2" in line]
    assert len(lines) <= 21, lines  # log lines about one address are rate-limited


def test_a_lone_surrogate_is_refused_as_bad_text(procs):
    host, port = start_host(procs, "invaders", "--games", "1", "--password", "pw",
                            "--seats", "random,remote")
    eve = Wire(port, "invaders")
    eve.send(json.dumps({"type": "hello", "version": PROTOCOL_VERSION, "game": "invaders",
                         "password": "\ud800"}).encode() + b"\n")
    assert eve.until("error")["code"] == "bad_utf8"
    player = Wire(port, "invaders")
    assert player.hello(name="p", seat="humans", password="pw")["type"] == "welcome"
    player.until("state")
    player.send(json.dumps({"type": "move", "move": "end", "seat": "\ud800"}).encode() + b"\n")
    assert player.until("error")["code"] == "bad_utf8"
    player.send({"type": "ping"})
    assert player.until("pong")  # the connection and the game go on
    assert "internal" not in host.stdout


# -- smaller faults ----------------------------------------------------------------------------------------
def test_join_rejoin_by_hand_is_told_the_moves_it_missed(procs, tmp_path):
    """A player whose client died comes back with 'join --rejoin': the position it last saw is
    kept with the token, so the host tells it the moves since (before: 'seq': null, and the
    narration of every move it missed was lost)."""
    host, port = start_host(procs, "invaders", "--seats", "random,remote", "--games", "1",
                            "--grace", "60", "--think", "0.01", "--save", str(tmp_path / "g.rec"))
    env = {"XDG_STATE_HOME": str(tmp_path / "home")}
    first = procs("invaders", "join", f"127.0.0.1:{port}", "--bot", "random", "--pace", "1",
                  "--seat", "humans", "--name", "vic", env=env)
    first.wait_line(r"Joined .* as humans")
    tokens = tmp_path / "home" / "bmovie" / "tokens.json"

    def seen() -> int:
        (entry,) = json.loads(tokens.read_text()).values()
        return entry["humans"].get("seq", 0)

    deadline = time.monotonic() + 30
    while seen() == 0 and time.monotonic() < deadline:  # the position is written every 2 s
        time.sleep(0.1)
    first.kill()
    last = seen()
    assert 0 < last <= moves_in(tmp_path / "g.rec")
    again = procs("invaders", "join", f"127.0.0.1:{port}", "--rejoin", "--bot", "random",
                  env=env)
    again.wait_line(r"Joined .* as humans")
    host.wait_line(rf"humans rejoined \(vic, 127\.0\.0\.1:\d+; told the moves after {last}\)")
    assert again.finish(60) == 0


def _three_moves_in() -> Table:
    """An Invaders table three random moves in, the aliens the heuristic bot's, the humans remote."""
    rules = rules_of("invaders")
    table = Table(rules, seed=new_seed(), variant=options_for("invaders")["variant"],
                  seat_kinds={"aliens": "heuristic", "humans": "remote"})
    bot = make_bot("random", rules, seed=1)
    for _ in range(3):
        seat = table.decisions()[0].seat
        table.play(seat, bot.choose(rules, {}, seat, table.legal_moves(seat)))
    return table


def test_a_resumed_host_names_its_bot_seats(procs, tmp_path):
    """The record says aliens were the heuristic bot's: the start-up line said 'aliens=remote'."""
    table = _three_moves_in()
    path = tmp_path / "g.rec"
    path.write_text(table.record_text(), encoding="utf-8")
    host, _ = start_host(procs, "invaders", "--resume", str(path), "--grace", "30")
    host.wait_line(r"^seats: aliens=heuristic humans=remote$")


def test_a_resumed_host_goes_on_past_a_torn_last_line(procs, tmp_path):
    """A host killed mid-write leaves a torn last line: --resume refused the whole game. Now it
    resumes from the move before, logs the line in one 'file:line:' line, keeps the file as it
    was beside it and writes the record anew, so that later moves are appended to a clean one."""
    from common.batch import read_record

    table = _three_moves_in()
    path = tmp_path / "g.rec"
    whole = table.record_text()
    path.write_text(whole + "humans: \x00ma", encoding="utf-8")
    torn_at = len(whole.splitlines()) + 1
    host, _ = start_host(procs, "invaders", "--resume", str(path), "--grace", "30")
    host.wait_line(rf"g\.rec:{torn_at}: .*resumed from the move before it")
    host.wait_line(r"resumed from .* at move 3;")
    assert (tmp_path / "g.rec.torn").read_text(encoding="utf-8").endswith("\x00ma")
    # strict reading: the new file is a clean record, the three moves first (a bot's seat may
    # already have moved on after them: the game goes on)
    (tmp_path / "whole.rec").write_text(whole, encoding="utf-8")
    three = read_record(tmp_path / "whole.rec").moves()
    assert len(three) == 3 and read_record(path).moves()[:3] == three


def test_log_lines_about_one_address_are_rate_limited(procs):
    """150 malformed messages from one address: before, 150 lines in the host's log (an attack
    grew it by 1.3 MB in 45 s); now 20, then one every 5 s, saying how many were left out."""
    host, port = start_host(procs, "invaders", "--games", "1")
    for _ in range(3):
        sock = from_address(port, 0)
        sock.sendall(b"not json\n" * 50)
        codes = [m.get("code") for m in replies(sock, timeout=10)]
        assert codes == ["bad_json"] * 50 + ["too_many_errors"], codes
        sock.close()
    time.sleep(5.5)  # one more line may be written now, with the count of those left out
    sock = from_address(port, 0)
    sock.sendall(b"not json\n" * 50)
    replies(sock, timeout=10)
    sock.close()
    host.wait_line(r"\(\d+ lines about 127\.0\.0\.2 left out\) 127\.0\.0\.2:\d+: refused \(bad_json\)")
    lines = [line for line in host.stdout.splitlines() if "127.0.0.2" in line]
    assert 20 <= len(lines) <= 23, lines
