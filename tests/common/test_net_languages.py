"""Each client at a hosted table reads its own language (issue 15): its hello names it, the host
sends events as data and each client narrates them itself, and what the host still words for a
client (a refused move, lobby news) is in that client's language. Chat passes as typed; a
private event reaches its seat alone; an old client, or one asking for a language this release
does not have, gets English. One in-process host on 127.0.0.1, bounded by counts.
"""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest

from common.engine import GameError
from common.i18n import current, language
from common.net.client import Link, RemoteSession
from invaders.cli import SPEC

from .netkit import LiveHost, Wire

RULES = SPEC.rules
CHAT = "ciao — привет ✓ {n} %s"  # free text: passes as typed, placeholders and all


def _said(lang: str, text: str, **kw: Any) -> str:
    """``text`` (a message of the common catalog) as a client in ``lang`` reads it."""
    from common import _

    with language(lang):
        return _(text).format(**kw)


def drain(wire: Wire) -> None:
    """Read what the host has sent ``wire`` so far (it keeps every message)."""
    while not wire.eof:
        try:
            if wire.next(0.001) is None:
                return
        except AssertionError:  # nothing more for now
            return


def _join(port: int, lang: str, name: str, seat: str) -> RemoteSession:
    with language(lang):  # as 'join --lang LANG' runs: the hello and the session in that language
        link = Link(SPEC, "127.0.0.1", port, name, seat=seat)
        return RemoteSession(SPEC, link, link.open())


@pytest.mark.parametrize("langs", [("it", "ru"), ("en", "ru")])
def test_each_client_reads_its_own_language(langs, monkeypatch):
    # (the language in force, the event, its sentence) of every narration by the clients, which
    # run in this thread (the host runs in its own: it narrates only for the protocol-4 client)
    told: list[tuple[str, Any, str]] = []
    by_host: list[Any] = []
    narrate = RULES.narrate
    here = threading.get_ident()

    def recording(event):
        text = narrate(event)
        if threading.get_ident() == here:
            told.append((current(), event, text))
        else:
            by_host.append(event)
        return text

    monkeypatch.setattr(RULES, "narrate", recording)  # the rules object host and clients share
    with LiveHost("invaders", seats="remote,remote", games=1, grace=30, think=0.01) as host:
        seats = RULES.seats({"variant": SPEC.variants[0]})
        # a spectator of protocol 4 names no language; one of protocol 5 asks for a language
        # this release lacks: both read English
        old = Wire(host.port, "invaders")
        assert old.hello(name="old", watch=True, version=4, versions=[4])["lang"] == "en"
        odd = Wire(host.port, "invaders")
        assert odd.hello(name="odd", watch=True, lang="de_DE")["lang"] == "en"
        watcher = Wire(host.port, "invaders")  # a spectator in the second player's language
        assert watcher.hello(name="wes", watch=True, lang=langs[1].upper())["lang"] == langs[1]
        lang_of = dict(zip(seats, langs, strict=True))
        players = {seat: _join(host.port, lang, f"p-{lang}", seat) for seat, lang in lang_of.items()}
        lines: dict[str, list[str]] = {seat: [] for seat in seats}
        for seat, session in players.items():
            session.wait_start(lines[seat].append)
        for seat in seats:  # the lobby's news came in each player's language
            assert _said(lang_of[seat], "Game {n} begins.", n=1) in lines[seat]

        first, second = seats
        players[first].chat(CHAT)
        rng = random.Random(15)
        refused: dict[str, str] = {}
        wires = (old, odd, watcher)
        for _ in range(2000):
            for wire in wires:
                drain(wire)
            for seat, session in players.items():
                for more in iter(lambda s=session: s.pump(0), None):
                    lines[seat] += more
            if all(s.outcome() is not None for s in players.values()):
                break
            seat = next((s for s, p in players.items() if p.waiting_for() == s), None)
            if seat is None:
                lines[first] += players[first].pump(0.05) or []
                continue
            session = players[seat]
            if seat not in refused:  # a move the rules refuse, in this player's language
                with language(lang_of[seat]), pytest.raises(GameError) as wrong:
                    RULES.parse("fly to the moon")
                with pytest.raises(GameError) as exc:
                    session.play(seat, "fly to the moon")
                assert str(exc.value) == str(wrong.value)
                other = next(s for s in seats if s != seat)  # and one out of turn
                with pytest.raises(GameError) as exc:
                    players[other].play(other, session.legal(seat)[0])
                refused[seat] = str(exc.value)
                assert refused[seat] == _said(lang_of[other], "it is not your decision now "
                                              "(waiting for {seat})", seat=seat)
            lines[seat] += session.play(seat, rng.choice(session.legal(seat)))
        else:
            raise AssertionError("no end of game in 2000 rounds")
        for seat, session in players.items():
            lines[seat] += session._take_lines()
            session.close()
        host.finished(20)
        for wire in wires:
            drain(wire)

    # chat passes through as typed, to everyone
    for seat in seats:
        assert f"[p-{langs[0]} ({first})] {CHAT}" in lines[seat]
    assert any(m["type"] == "chat" and m["text"] == CHAT for m in watcher.messages)
    # each player narrated the events itself, in its own language, and heard only its own
    # private events (the hidden draws of the other seat never reached it)
    for seat in seats:
        mine = [(e, text) for lang, e, text in told if lang == lang_of[seat]]
        assert mine, f"{seat} narrated nothing"
        assert {e.seat for e, _ in mine} <= {None, seat}
        assert any(e.seat == seat for e, _ in mine), f"{seat} never heard of its own draws"
        with language(lang_of[seat]):
            assert [text for _, text in mine] == [narrate(e) for e, _ in mine]
        for _, text in mine:
            assert text in lines[seat]
    # the spectators get the public events only: as data from protocol 5, as English
    # sentences before it
    for wire in (watcher, odd):
        sent = [e for m in wire.messages if m["type"] == "state" for e in m.get("event_data", [])]
        assert sent and all(e["seat"] is None for e in sent)
    heard = [line for m in old.messages if m["type"] == "state" for line in m["events"]]
    assert heard and all(isinstance(line, str) for line in heard)
    with language("en"):
        assert heard == [narrate(e) for e in by_host if e.seat is None]
    for wire, lang in ((old, "en"), (odd, "en"), (watcher, langs[1])):
        infos = [m["message"] for m in wire.messages if m["type"] == "info"]
        assert _said(lang, "Game {n} begins.", n=1) in infos, (lang, infos)
        over = [m for m in wire.messages if m["type"] == "over"]
        assert len(over) == 1


def test_the_language_in_hello_is_checked_like_every_field():
    with LiveHost("invaders", seats="remote,remote", games=1, grace=30, think=0.01) as host:
        for bad in (5, ["ru"], "x" * 17):
            wire = Wire(host.port, "invaders")
            reply = wire.hello(name="eve", watch=True, lang=bad)
            assert reply["type"] == "error" and reply["code"] == "bad_message"
            wire.close()
        wire = Wire(host.port, "invaders")  # a refusal in the language the hello asked for
        reply = wire.hello(name="ivan", seat="nowhere", lang="ru")
        assert reply["code"] == "no_seat"
        assert reply["message"] == _said("ru", "there is no seat {seat} (seats: {seats})",
                                         seat="'nowhere'", seats=", ".join(RULES.seats({})))


def test_a_client_narrates_what_it_can_and_counts_the_rest():
    """Events are data from the host: garbled ones cost a line, never the game; an old host's
    sentences are shown as sent (cleaned of terminal escapes)."""
    with language("ru"):
        session = RemoteSession(SPEC, Link(SPEC, "127.0.0.1", 1), {"type": "welcome", "seat": "aliens"})
    good = {"kind": "draw", "data": ["aliens", 2], "seat": None}
    garbage = [{"kind": 5}, {"data": []}, "\x1b[31mold host's sentence", ["draw"],
               {"kind": "draw", "data": "aliens", "seat": None}, {"kind": "draw", "data": [], "seat": 3},
               {"kind": "no such event", "data": [[1, [2]]], "seat": None}]
    session._handle({"type": "state", "game_no": 1, "seq": 0, "view": {}, "events": [good, *garbage]})
    lines = session._take_lines()
    with language("ru"):
        from common.engine import Event

        assert lines[0] == RULES.narrate(Event("draw", ("aliens", 2)))
    assert lines[1] == "old host's sentence"  # escape codes go whole (common.safetext)
    failed = 5  # the unknown kind narrates as the rules' fallback, the rest cannot be read
    assert lines[-1] == _said_n("ru", failed)
    assert len(lines) == 4


def _said_n(lang: str, n: int) -> str:
    from common import ngettext

    with language(lang):
        return ngettext("(the host sent {n} event this client cannot narrate)",
                        "(the host sent {n} events this client cannot narrate)", n).format(n=n)
