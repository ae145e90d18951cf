"""The bot client of ``join --bot KIND``: a bot plays one seat at a hosted game, from what
the host sends that seat only, one line per move; then ``game over: ...`` and ``result WINNERS``
(the last line is for tools: it stays as it is in every language)."""

from __future__ import annotations

import time
from typing import Any

from common import _
from common.bots import Bot, bot_move
from common.engine import GameError
from common.net.remote import Echo, RemoteSession
from common.spec import GameSpec


def print_line(text: str) -> None:
    print(text, flush=True)


def play_bot(spec: GameSpec, session: RemoteSession, bot: Bot, echo: Echo = print_line,
             pace: float = 0.0) -> int:
    """Let ``bot`` play this seat: one line per move; 0 when the game ends, 1 if the host is lost.
    The bot sees only what the host sends this seat (its view and legal moves)."""
    rules = spec.rules
    refused = 0
    while True:
        session.advance(lambda lines: None)
        if session.outcome() is not None:
            break
        seat = session.waiting_for()
        if seat is None:
            continue
        texts = session.legal(seat)
        choices: list[tuple[Any, str]] = []
        for text in texts:
            try:
                choices.append((rules.parse(text), text))
            except GameError:
                pass
        if not choices:
            echo(_("{seat}: the host offers no move this client can read ({moves})")
                 .format(seat=seat, moves=", ".join(texts)))
            return 1
        legal = [m for m, _text in choices]
        move = bot_move(bot, rules, session.view(seat) if bot.needs_view else {}, seat, legal)
        text = choices[legal.index(move)][1]
        if pace > 0:
            time.sleep(pace)
        try:
            session.play(seat, text)
        except GameError as exc:
            refused += 1
            echo(_("{seat}: {move}: refused: {reason}").format(seat=seat, move=text, reason=exc))
            if refused >= 20:
                echo(_("giving up: the host refused {n} moves in a row").format(n=20))
                return 1
            continue
        refused = 0
        echo(f"{seat}: {text}")
    return report_end(session, echo)


def report_end(session: RemoteSession, echo: Echo) -> int:
    out = session.outcome() or {}
    if session.over is None:
        echo(_("game over: {reason}").format(reason=out.get("reason")))
        return 1
    names = " ".join(out.get("winners") or [])
    echo(_("game over: {winners} ({reason})").format(winners=names or _("nobody"),
                                                    reason=out.get("reason")))
    echo(f"result {names or 'nobody'}")  # for tools: never translated
    return 0

