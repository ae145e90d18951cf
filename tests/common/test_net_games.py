"""LAN play for every playable game: the leak audit, the fault test and the protocol fuzz test.

Each test is parametrised over the games and runs for every game whose package is playable
(its ``cli`` has a ``SPEC`` and a seeded random game plays to its end); the others are
skipped with the reason. The host runs in a real process (``sys.executable -m GAME host``) on
127.0.0.1 with a port it picks itself; clients are plain sockets in threads (every byte kept)
or real ``join`` processes. Every wait is bounded in time and every loop in count.
"""

from __future__ import annotations

import json
import random
import re
import socket
import threading
import time
import warnings
from pathlib import Path
from typing import Any

from common.batch import open_table, read_record, replay
from common.bots import bot_move, make_bot
from common.net.protocol import MAX_LINE, PROTOCOL_VERSION
from common.record import parse_record
from tests.common.netkit import (
    SEED,
    Proc,
    Wire,
    bot_kind,
    moves_in,
    options_for,
    rules_of,
    start_host,
    wait_moves,
)


class Player(threading.Thread):
    """An honest player: random legal moves; optionally a few refused moves, chat, a sync, and
    one dropped connection followed by a rejoin with the token."""

    def __init__(self, port: int, game: str, name: str, seed: int, *, mischief: bool = False,
                 drop_after: int | None = None, lobby_first: bool = False,
                 stall: float = 60.0, hold: threading.Event | None = None) -> None:
        super().__init__(daemon=True)
        self.port, self.game, self.name = port, game, name
        self.rng = random.Random(seed)
        self.mischief, self.drop_after, self.lobby_first = mischief, drop_after, lobby_first
        self.stall = stall  # seconds without a message from the host: the game is stuck
        self.hold = hold
        self.wires: list[Wire] = []
        self.seat: str | None = None
        self.token: str | None = None
        self.over: dict[str, Any] | None = None
        self.moves = 0
        self.acks: list[dict[str, Any]] = []
        self.problem: str | None = None
        self.tricks: set[str] = set()
        self.errors: set[str] = set()  # the error codes the host has answered with (refused)
        self.last_trick = 0.0
        self.rules = rules_of(game)
        self.bot = make_bot(bot_kind(game), self.rules, seed=seed)
        self.ready = threading.Event()

    def run(self) -> None:
        try:
            self._play()
        except Exception as exc:  # reported by the test
            self.problem = f"{self.name}: {type(exc).__name__}: {exc}"
        finally:
            self.ready.set()

    def _join(self) -> Wire:
        wire = Wire(self.port, self.game)
        self.wires.append(wire)
        if self.lobby_first:
            welcome = wire.hello(name=self.name)
            assert welcome["type"] == "welcome" and welcome["seat"] is None, welcome
            wire.send({"type": "chat", "text": f"hello from {self.name}"})
            wire.send({"type": "sit", "seat": "any"})
            seated = wire.until("seated")
            self.seat, self.token = seated["seat"], seated["token"]
        else:
            welcome = wire.hello(name=self.name, seat="any")
            assert welcome["type"] == "welcome", welcome
            self.seat, self.token = welcome["seat"], welcome["token"]
        assert self.seat and self.token
        self.ready.set()
        return wire

    def _play(self) -> None:
        wire = self._join()
        answered = -1
        last_seq = -1
        dropped = False
        # bounded by counts, not by the machine's speed: a slow host under load is no fault,
        # a host that says nothing for a minute is
        for _ in range(100_000):
            try:
                msg = wire.next(self.stall)
            except AssertionError:
                raise AssertionError(f"the game stalled: no message for {self.stall:g} s") from None
            if msg is None:
                raise AssertionError("the host hung up before the game ended")
            kind = msg["type"]
            if kind == "over":
                self.over = msg
                return
            if kind == "ack":
                self.acks.append(msg)
            if kind != "state":
                continue
            last_seq = max(last_seq, msg["seq"])
            if msg["seq"] < last_seq:
                continue
            mine = msg["to_move"] == [self.seat] and msg["legal"]
            if self.trick("chat", 0.03):
                wire.send({"type": "chat", "text": f"{self.name} says hi at {msg['seq']}"})
            # each refusal is tried until the host has answered it once (a single try may race
            # the turn: 'pass' sent out of turn that arrives on this seat's turn is no such test)
            if not mine and self.trick("out_of_turn", 0.05 if self.refused("not_your_turn") else 1.0):
                wire.send({"type": "move", "move": "pass"})  # out of turn: not_your_turn
            if not mine or msg["seq"] == answered:
                continue
            if self.trick("illegal", 0.1 if self.refused("illegal") else 1.0):
                wire.send({"type": "move", "move": "xyzzy plugh", "seq": msg["seq"]})  # illegal
            if self.trick("sync", 0.05):
                wire.send({"type": "sync"})
            answered = msg["seq"]
            if self.mischief and self.moves == 0:  # the others' first out-of-turn move reaches
                time.sleep(1.0)  # the host while it is surely this seat's turn, not theirs
            if self.hold is not None and not self.hold.is_set():
                if self.moves >= 3:  # the game stays in progress until the barrage is over
                    assert self.hold.wait(60), "the barrage did not end"
                else:
                    time.sleep(0.05)
            wire.send({"type": "move", "move": self.choose(msg), "seq": msg["seq"]})
            self.moves += 1
            if self.drop_after is not None and self.moves == self.drop_after and not dropped:
                dropped = True
                reply = wire.until("ack", "error")
                if reply["type"] == "ack":
                    self.acks.append(reply)
                wire.close()
                wire = Wire(self.port, self.game)
                self.wires.append(wire)
                again = wire.hello(token=self.token, seq=last_seq)
                assert again["type"] == "welcome" and again["rejoin"] and again["seat"] == self.seat, again
                answered = -1
        raise AssertionError("no end of game in 100000 messages")

    def choose(self, state: dict[str, Any]) -> str:
        """The game's own bot decides from this seat's view and legal moves (the games are
        shorter than at random); a move it cannot read is chosen at random."""
        texts = state["legal"]
        try:
            moves = [self.rules.parse(t) for t in texts]
            move = bot_move(self.bot, self.rules, state["view"], self.seat, moves)
            return texts[moves.index(move)]
        except Exception:
            return self.rng.choice(texts)

    def trick(self, name: str, chance: float) -> bool:
        """Misbehave: the first chance for each kind of trick, then at random."""
        if not self.mischief:
            return False
        if name not in self.tricks:
            self.tricks.add(name)
            return True
        now = time.monotonic()  # a few tricks a second at most: below the flood limit, however
        if now - self.last_trick < 0.15 or self.rng.random() >= chance:  # fast the game runs
            return False
        self.last_trick = now
        return True

    def refused(self, code: str) -> bool:
        """Whether the host has answered this player with an error ``code``."""
        if code not in self.errors:
            self.errors.update(m.get("code") for w in self.wires for m in w.messages if m["type"] == "error")
        return code in self.errors

    @property
    def messages(self) -> list[dict[str, Any]]:
        return [m for w in self.wires for m in w.messages]

    @property
    def received(self) -> bytes:
        return b"".join(bytes(w.received) for w in self.wires)


# -- what each seat was entitled to, position by position ----------------------------------------------
def strict(obj: Any) -> str:
    """A value as JSON text: equal only if equal in type too (to Python, True == 1)."""
    return json.dumps(obj, sort_keys=True)


def leaves(obj: Any, path: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    if isinstance(obj, dict):
        for k, v in obj.items():
            out.update(leaves(v, f"{path}/{k}"))
    elif isinstance(obj, list) and obj and not all(isinstance(v, str | int) for v in obj):
        for i, v in enumerate(obj):
            out.update(leaves(v, f"{path}/{i}"))
    else:
        out[path] = obj
    return out


def hidden_lists(obj: Any) -> list[list]:
    """Every list of three or more items inside ``obj`` (decks, hands)."""
    found: list[list] = []
    if isinstance(obj, dict):
        for v in obj.values():
            found += hidden_lists(v)
    elif isinstance(obj, list):
        if len(obj) >= 3 and all(isinstance(v, str | int) for v in obj):
            found.append(obj)
        for v in obj:
            found += hidden_lists(v)
    return found


def forms(value: list) -> set[str]:
    """How a hidden list could be written: as JSON, or as words ('fire, shield')."""
    out = {json.dumps(value)}
    if all(isinstance(v, str) for v in value):
        out.add(", ".join(value))
    return out


def strings(obj: Any) -> list[str]:
    if isinstance(obj, str):
        return [obj]
    if isinstance(obj, dict):
        return [t for v in obj.values() for t in strings(v)]
    if isinstance(obj, list):
        return [t for v in obj for t in strings(v)]
    return []


class Truth:
    """A replay of the host's record: for every position, what each seat (and a spectator)
    may see, and the secrets it must never see."""

    def __init__(self, game: str, record_text: str) -> None:
        rules = rules_of(game)
        rec = parse_record(record_text)
        table = open_table(rules, rec)
        self.seats: list[str | None] = [*table.seats, None]
        self.moves = rec.moves()
        self.views: list[dict[str | None, Any]] = []
        self.legal: list[dict[str, list[str]]] = []
        self.decisions: list[dict[str, list[dict]]] = []
        self.lines: list[dict[str | None, list[str]]] = []
        self.secrets: list[dict[str | None, set[str]]] = []  # JSON texts a seat must never receive

        self.volatile: set[str] = set()  # view paths whose value depends on the rules' caches

        def wire(view: dict) -> dict:  # a view as a client receives it (tuples become lists)
            return json.loads(json.dumps(view))

        def snap(events: list | None) -> None:
            views = {s: wire(table.view(s)) for s in self.seats}
            decisions = table.decisions() if table.outcome() is None else []
            actor = decisions[0].seat if decisions else None
            for s in table.seats:  # warm whatever caches the rules keep, and look again
                table.legal(s)
            warmed = {s: wire(table.view(s)) for s in self.seats}
            for s in self.seats:
                cold, warm = leaves(views[s]), leaves(warmed[s])
                self.volatile |= {p for p in cold.keys() | warm.keys() if cold.get(p) != warm.get(p)}
            self.views.append(views)
            self.legal.append({s: table.legal(s) if s == actor else [] for s in table.seats})
            self.decisions.append({s: [{"kind": d.kind, "required": d.required, "prompt": d.prompt}
                                       for d in decisions[:1]] if s == actor else []
                                   for s in table.seats})
            self.lines.append({s: table.narrate(events or [], s) for s in self.seats})
            full: list[list] = []
            to_json = getattr(rules, "to_json", None)
            try:
                full = hidden_lists(to_json(table.state)) if to_json else []
            except Exception:
                full = []
            secret: dict[str | None, set[str]] = {}
            flat = {s: leaves(views[s]) for s in self.seats}
            for s in self.seats:
                # what the rules tell the seat alone is its own (the cards it drew, in the order
                # drawn, where its view sorts its hand)
                told_it = json.dumps([e.data for e in events or [] if getattr(e, "seat", None) == s and s],
                                     default=str)
                mine = json.dumps(views[s]) + json.dumps(warmed[s]) + told_it
                texts: set[str] = set()
                for other in self.seats:
                    if other == s:
                        continue
                    for path, value in flat[other].items():
                        if isinstance(value, list) and len(value) >= 2 and value != flat[s].get(path) \
                                and json.dumps(value) not in mine:
                            texts |= forms(value)
                    texts |= {line for line in table.narrate(events or [], other)
                              if line not in self.lines[-1][s]}
                for lst in full:
                    if json.dumps(lst) not in mine:
                        texts |= forms(lst)
                secret[s] = {t for t in texts if t not in mine}
            self.secrets.append(secret)

        snap(None)
        for line in rec.body:
            if line.kind == "move":
                snap(table.play(line.seat, line.text))
        for s in self.seats:  # what a seat was told in words is no secret from it
            told = "\n".join(ln for lines in self.lines for ln in lines[s])
            for secret in self.secrets:
                secret[s] = {t for t in secret[s] if t not in told}
        out = table.outcome()
        self.winners = list(out.winners) if out else None


def audit(truth: Truth, seat: str | None, messages: list[dict[str, Any]], raw: bytes,
          seed: int = SEED) -> list[str]:
    """Everything one client was sent, checked against the replay: the problems found."""
    problems: list[str] = []
    if str(seed).encode() in raw:
        problems.append("the seed appears in the bytes sent")
    seen_secret: set[str] = set()
    seq = 0
    since: int | None = None
    over = False
    for i, msg in enumerate(messages):
        kind = msg["type"]
        if over:
            problems.append(f"#{i}: a {kind} after 'over'")
        if "record" in msg or "seed" in msg or "rng" in msg:
            problems.append(f"#{i}: a {kind} message carries the record or the seed")
        if kind == "welcome" and msg.get("rejoin"):
            since = seq
        if kind == "state":
            seq = msg["seq"]
            if ("patch" in msg) == bool(msg.get("resync")):
                problems.append(f"#{i}: seq {seq}: a whole view only on a resync, a patch otherwise")
            if msg["seat"] != seat:
                problems.append(f"#{i}: a state for seat {msg['seat']}, not {seat}")
            if strict(msg["view"]) != strict(truth.views[seq][seat]):  # True is not 1 here
                sent, want = leaves(msg["view"]), leaves(truth.views[seq][seat])
                wrong = sorted(p for p in sent.keys() | want.keys()
                               if strict(sent.get(p)) != strict(want.get(p)) and p not in truth.volatile)
                if wrong:
                    problems.append(f"#{i}: seq {seq}: the view is not exactly {seat}'s view "
                                    f"(at {', '.join(wrong[:5])})")
            if seat is not None:
                if msg["legal"] != truth.legal[seq][seat]:
                    problems.append(f"#{i}: seq {seq}: legal {msg['legal']} != {truth.legal[seq][seat]}")
                if msg["decisions"] != truth.decisions[seq][seat]:
                    problems.append(f"#{i}: seq {seq}: decisions differ")
            elif msg["legal"] or msg["decisions"]:
                problems.append(f"#{i}: a spectator was sent legal moves or decisions")
            if msg.get("resync"):
                start = since if since is not None else seq
                want = [ln for k in range(start + 1, seq + 1) for ln in truth.lines[k][seat]]
                since = None
            else:
                want = truth.lines[seq][seat]
            if msg["events"] != want:
                problems.append(f"#{i}: seq {seq}: events {msg['events'][:3]} != {want[:3]}")
        elif kind == "ack":
            if seat is None or truth.moves[msg["seq"] - 1] != (seat, msg["move"]):
                problems.append(f"#{i}: an ack for a move this seat did not make")
        elif kind == "over":
            over = True
            if truth.winners is None or msg["outcome"]["winners"] != truth.winners:
                problems.append(f"#{i}: the outcome differs from the replay")
        text = json.dumps(msg) + "\n" + "\n".join(strings(msg))
        for secret in truth.secrets[min(seq, len(truth.secrets) - 1)][seat]:
            if secret in text and secret not in seen_secret:
                seen_secret.add(secret)
                problems.append(f"#{i}: seq {seq}: a {kind} message contains {secret[:80]!r}, "
                                f"hidden from {seat}")
    if not over:
        problems.append("no 'over' message")
    return problems


# -- (1) the leak audit ----------------------------------------------------------------------------------
def test_leak_audit_every_byte_to_every_client(game, procs, tmp_path):
    save = tmp_path / "game.rec"
    seats = rules_of(game).seats(options_for(game))
    host, port = start_host(procs, game, "--games", "1", "--save", str(save), "--seed", str(SEED),
                            "--grace", "30")
    watcher = Wire(port, game)
    welcome = watcher.hello(name="watcher", watch=True)
    assert welcome["type"] == "welcome" and welcome["seat"] is None and welcome["token"] is None
    players = [Player(port, game, f"p{i}", seed=i, mischief=True, lobby_first=(i == 1),
                      drop_after=3 if i == 0 else None) for i in range(len(seats))]
    for p in players:  # one at a time, so the first seats fill in order
        p.start()
        assert p.ready.wait(10), "a player could not join"
    watcher.send({"type": "chat", "text": "the watcher says hello"})
    watcher.send({"type": "move", "move": "pass"})
    for _ in range(100_000):
        msg = watcher.next(40)
        if msg is None or msg["type"] == "over":
            break
    for p in players:
        p.join(300)  # a backstop: each player gives up after a minute of silence
        assert not p.is_alive() and p.problem is None, p.problem
    assert host.finish() == 0, host.stderr
    record = save.read_text(encoding="utf-8")
    truth = Truth(game, record)
    if truth.volatile:  # not a leak, but worth knowing: such a view is not a pure function
        warnings.warn(f"{game}: rules.view() depends on caches at {sorted(truth.volatile)[:5]}; "
                      "the audit compares the rest exactly and searches all of it for secrets",
                      stacklevel=1)
    assert truth.winners is not None and f"result {' '.join(truth.winners) or 'nobody'}" in record
    for p in players:
        assert p.over is not None and p.over["outcome"]["winners"] == truth.winners
        assert audit(truth, p.seat, p.messages, p.received) == [], p.name
        assert any(m.get("resync") for m in p.messages[1:]) or p.drop_after is None
    assert audit(truth, None, watcher.messages, bytes(watcher.received)) == []
    codes = {m.get("code") for p in players for m in p.messages if m["type"] == "error"}
    assert "illegal" in codes and "not_your_turn" in codes, codes  # refusals were audited too
    assert any(m["type"] == "chat" for m in watcher.messages)
    assert any(m["type"] == "error" and m["code"] == "not_seated" for m in watcher.messages)
    assert sum(len(p.acks) for p in players) == len(truth.moves)  # every move came from a player

    # the audit is no rubber stamp: a leaked view, the seed, another seat's narration are caught
    p = players[0]
    msgs = [dict(m) for m in p.messages]
    i = next(i for i, m in enumerate(msgs) if m["type"] == "state" and m["seq"] > 0)
    other = next(s for s in seats if s != p.seat)
    leaked = [dict(m) for m in msgs]
    leaked[i]["view"] = truth.views[msgs[i]["seq"]][other]
    assert audit(truth, p.seat, leaked, b"")
    assert any("seed" in x for x in audit(truth, p.seat, msgs, p.received + str(SEED).encode()))
    j = next((j for j, m in enumerate(msgs) if m["type"] == "state" and m["seq"] < len(truth.secrets)
              and truth.secrets[m["seq"]][p.seat]), None)
    if j is not None:  # (a game that hides nothing from this seat has no secret to plant)
        secret = sorted(truth.secrets[msgs[j]["seq"]][p.seat])[0]
        told = msgs[:j + 1] + [{"type": "error", "code": "illegal", "message": f"no: {secret}"}] \
            + msgs[j + 1:]
        assert any("hidden from" in x for x in audit(truth, p.seat, told, b""))


# -- (2) the fault test -------------------------------------------------------------------------------------
def test_faults_rejoin_abandon_and_host_killed_and_resumed(game, procs, tmp_path):
    save = tmp_path / "game.rec"
    seats = rules_of(game).seats(options_for(game))
    host, port = start_host(procs, game, "--games", "1", "--save", str(save), "--grace", "0.3")
    address = f"127.0.0.1:{port}"
    homes = [tmp_path / f"home{i}" for i in range(len(seats))]

    def client(i: int, *args: str) -> Proc:
        env = {"XDG_STATE_HOME": str(homes[i]), "BMOVIE_NET_RETRY": "20"}
        pace = "0.005" if game == "horror" else "0.02"  # a film is hundreds of moves: still mid-film
        return procs(game, "join", address, "--bot", bot_kind(game), "--pace", pace, "--name", f"p{i}",
                     *args, env=env)

    clients = []
    for i in range(len(seats)):
        clients.append(client(i, "--seat", seats[i]))
        clients[-1].wait_line(r"Joined .* as ")
    n = wait_moves(save, 3)
    clients[0].kill()  # (a) killed mid-game ...
    again = client(0, "--rejoin")  # ... and back by hand, with the token it saved at join
    again.wait_line(r"Joined .* as " + seats[0])
    wait_moves(save, n + 3)
    clients[1].kill()  # (b) never comes back: a bot finishes for it
    host.wait_line(rf"{seats[1]} is not back; a \w+ bot decides for it")
    n = moves_in(save)
    host.kill()  # (c) the host dies (SIGKILL) mid-game
    before = save.read_text(encoding="utf-8")
    tokens = Path(f"{save}.seats.json")
    assert tokens.stat().st_mode & 0o777 == 0o600 and save.stat().st_mode & 0o777 == 0o600
    assert "result" not in before
    resumed, _ = start_host(procs, game, "--resume", str(save), "--grace", "0.3", port=port)
    resumed.wait_line(r"resumed from .* at move \d+")
    survivors = [again] + clients[2:]
    for proc in survivors:
        assert proc.finish(40) == 0, proc.stdout[-2000:] + proc.stderr + "\nHOST:\n" + resumed.stdout
    assert resumed.finish(20) == 0, resumed.stderr
    after = save.read_text(encoding="utf-8")
    assert after.startswith(before.rstrip("\n").rsplit("\n", 1)[0])  # appended, never rewritten
    result = replay(rules_of(game), read_record(save))
    assert result.failures == []  # including the 'result' line the host wrote
    out = result.table.outcome()
    assert out is not None
    winners = " ".join(out.winners) or "nobody"
    for proc in survivors:
        assert re.findall(r"^result (.+)$", proc.stdout, re.M) == [winners]
        assert "Rejoined the game." not in proc.stderr
    assert f"result {winners}" in resumed.stdout
    assert f"{seats[0]} rejoined" in resumed.stdout  # the seat came back after the restart too
    assert moves_in(save) > n


# -- (3) the protocol fuzz test ---------------------------------------------------------------------------
def mutations(rng: random.Random, game: str, seats: list[str], legal: list[str]) -> bytes:
    """One hostile line: random bytes, broken JSON, wrong types, or a valid message mutated."""
    base: list[dict[str, Any]] = [
        {"type": "hello", "version": PROTOCOL_VERSION, "game": game, "seat": rng.choice(seats)},
        {"type": "hello", "version": PROTOCOL_VERSION, "game": game, "token": "x" * rng.randint(0, 30)},
        {"type": "hello", "version": PROTOCOL_VERSION, "game": game, "watch": True},
        {"type": "move", "move": rng.choice(legal or ["pass"]), "seq": rng.randint(-2, 400)},
        {"type": "move", "move": rng.choice(legal or ["pass"]), "seat": rng.choice(seats)},
        {"type": "sit", "seat": rng.choice([*seats, "any", "nobody"])},
        {"type": "stand"}, {"type": "sync"}, {"type": "ping"}, {"type": "pong"}, {"type": "bye"},
        {"type": "chat", "text": "\x1b[2J\x07 hi " * rng.randint(0, 30)},
    ]
    choice = rng.random()
    if choice < 0.15:
        return bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 80))).replace(b"\n", b"") + b"\n"
    if choice < 0.25:
        text = json.dumps(rng.choice(base))
        cut = rng.randint(0, len(text))
        return (text[:cut] + rng.choice(["", "}", "{", "\"", "\\", "\u2603"]) + text[cut:]).encode(
            "utf-8", "replace") + b"\n"
    if choice < 0.3:
        return rng.choice([b"[" * 5000 + b"\n", b'{"type": "move", "move": "a", "seq": 1' + b"0" * 5000 + b"}\n",
                           b'{"type": NaN}\n', b"null\n", b"[]\n", b'"hello"\n', b"{}\n",
                           b'{"type": "move", "move": "' + b"x" * 300 + b'"}\n'])
    msg = dict(rng.choice(base))
    if rng.random() < 0.5:  # mutate a field: wrong type, huge, missing, extra
        key = rng.choice(list(msg))
        msg[key] = rng.choice([None, 0, -1, 10**30, 1.5, True, [], {}, "", "\u0000", "é" * 250,
                               ["a"], {"type": "move"}])
    if rng.random() < 0.1:
        msg["extra"] = {"nested": [1, 2, {"x": None}]}
    return json.dumps(msg).encode() + b"\n"


class Hostile(threading.Thread):
    def __init__(self, port: int, game: str, seats: list[str], seed: int, budget: int,
                 legal: list[str], until: float) -> None:
        super().__init__(daemon=True)
        self.port, self.game, self.seats, self.budget, self.legal = port, game, seats, budget, legal
        self.rng = random.Random(seed)
        self.until = until
        self.sent = 0
        self.connections = 0
        self.problem: str | None = None

    def run(self) -> None:
        try:
            while self.sent < self.budget and time.monotonic() < self.until:
                self._one_connection()
        except Exception as exc:
            self.problem = f"{type(exc).__name__}: {exc}"

    def _one_connection(self) -> None:
        try:
            sock = socket.create_connection(("127.0.0.1", self.port), timeout=5)
        except OSError:
            time.sleep(0.05)
            return
        self.connections += 1
        sock.settimeout(0.0)
        try:
            if self.rng.random() < 0.5:  # half of them get past hello first
                sock.sendall(json.dumps({"type": "hello", "version": PROTOCOL_VERSION,
                                         "game": self.game, "watch": True}).encode() + b"\n")
            for _ in range(self.rng.randint(20, 200)):
                if self.sent >= self.budget or time.monotonic() > self.until:
                    break
                if self.rng.random() < 0.002:
                    line = b'{"type": "chat", "text": "' + b"y" * (MAX_LINE + 10) + b'"}\n'
                else:
                    line = mutations(self.rng, self.game, self.seats, self.legal)
                sock.sendall(line)
                self.sent += 1
                with_reply = self.rng.random() < 0.3
                if with_reply:
                    try:
                        if not sock.recv(65536):
                            break
                    except (BlockingIOError, InterruptedError):
                        pass
                if self.rng.random() < 0.05:
                    time.sleep(0.01)
        except OSError:
            pass
        finally:
            sock.close()


def test_fuzz_hostile_clients_cannot_hurt_an_honest_table(game, procs, tmp_path):
    save = tmp_path / "game.rec"
    seats = rules_of(game).seats(options_for(game))
    host, port = start_host(procs, game, "--games", "1", "--save", str(save), "--grace", "30")
    barrage = threading.Event()
    players = [Player(port, game, f"honest{i}", seed=100 + i, hold=barrage)
               for i in range(len(seats))]
    for p in players:
        p.start()
        assert p.ready.wait(10)
    legal = sorted({m for p in players for msg in list(p.messages) if msg["type"] == "state"
                    for m in msg["legal"]})
    until = time.monotonic() + 60  # a backstop: the budgets (counts) end the barrage
    hostile = [Hostile(port, game, seats, seed=i, budget=600, legal=legal, until=until)
               for i in range(5)]
    for h in hostile:
        h.start()
    for h in hostile:
        h.join(90)
    barrage.set()
    for p in players:
        p.join(300)  # a backstop: each player gives up after a minute of silence
        assert not p.is_alive() and p.problem is None, p.problem
    sent = sum(h.sent for h in hostile)
    assert sent >= 2000, f"only {sent} hostile messages were sent"
    assert all(h.problem is None for h in hostile), [h.problem for h in hostile]
    assert host.finish() == 0, host.stderr
    assert host.stderr == ""
    rec = read_record(save)
    result = replay(rules_of(game), rec)  # the record replays, to the result it names ...
    assert result.failures == [] and result.table.outcome() is not None
    winners = list(result.table.outcome().winners)
    for p in players:  # ... every move in it came from an honest player, and each saw the end
        assert p.over is not None and p.over["outcome"]["winners"] == winners
        assert [m for m in p.messages if m["type"] == "error"] == []
    acked = sorted((a["seq"], p.seat, a["move"]) for p in players for a in p.acks)
    assert [(s, m) for _, s, m in acked] == rec.moves()
    assert "refused (" in host.stdout  # the hostile lines were seen and refused, one line each
