"""Over the LAN each reader reads the bots' writing in its own language (issue 25): an English
host's bot writes from the English stock, and a Russian joiner reads its tropes, names, lines and
the premise in Russian, while what the joiner typed stays as typed. One in-process host on
127.0.0.1, bounded by counts."""

from __future__ import annotations

import io
import re

from rich.console import Console

from common.i18n import language
from common.net.client import Link, RemoteSession
from horror import pooltext
from horror.bots import AuteurBot
from horror.cli import SPEC
from horror.render import render_view
from tests.common.netkit import LiveHost

RULES = SPEC.rules
TYPED = "say Туман густеет, и никто не спит."  # a person's narration: passes as typed
CYRILLIC = re.compile("[а-яё]", re.I)


def test_a_russian_joiner_reads_an_english_hosts_bots_in_russian():
    english = {t for t in pooltext.texts("en").values() if len(t) > 12 and "{" not in t}
    with LiveHost("horror", seats="normal,remote", games=1, grace=30, think=0.01) as host:
        seat = RULES.seats({"players": "2"})[1]
        with language("ru"):  # as 'join --lang ru' runs
            link = Link(SPEC, "127.0.0.1", host.port, "ivan", seat=seat)
            session = RemoteSession(SPEC, link, link.open())
            lines: list[str] = []
            session.wait_start(lines.append)
            me = AuteurBot(3)
            typed = False
            for _ in range(3000):
                more = session.pump(0.05)
                lines += more or []
                if session.outcome() is not None:
                    break
                if session.waiting_for() != seat:
                    continue
                legal = session.legal(seat)
                if not typed and any(m.startswith("say ") for m in legal):
                    lines += session.play(seat, TYPED)
                    typed = True
                    continue
                view = session.view(seat)
                moves = [RULES.parse(m) for m in legal]
                lines += session.play(seat, legal[moves.index(me.choose(RULES, view, seat, moves))])
            else:
                raise AssertionError("no credits in 3000 rounds")
            lines += session._take_lines()
            console = Console(file=io.StringIO(), width=200)
            console.print(render_view(session.view(seat), seat))  # the board, in Russian
            board = console.file.getvalue()
            premise = session.view(seat)
            session.close()
        host.finished(20)
    film = "\n".join(lines)
    assert typed and TYPED[4:] in film  # as typed
    assert premise["title"] in pooltext.texts("en").values()  # the studio's premise, kept in English
    for field in ("title", "monster", "setting"):  # and shown in Russian
        assert pooltext.shown(premise[field], "ru") in board and premise[field] not in board, field
    assert CYRILLIC.search(pooltext.shown(premise["monster"], "ru"))
    leaked = [t for t in english if t in film]
    assert not leaked, leaked[:5]
    bot_lines = [line for line in lines if line.startswith("p1: ") or "(p1):" in line]
    assert len(bot_lines) >= 3 and all(CYRILLIC.search(line) for line in bot_lines), bot_lines[:5]
