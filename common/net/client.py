"""Joining a hosted game (``GAME join``): in the lobby and then the REPL, watching, or played
by a bot. The pieces: the connection (common/net/link.py), the seat tokens kept between runs
(common/net/tokens.py), the ``RemoteSession`` the REPL plays through (common/net/remote.py),
the lobby and spectator consoles (common/net/consoles.py) and the bot client
(common/net/botclient.py). This module puts them together and keeps the old names importable.

The client holds no game state of its own: it shows what the host sends for its seat (view,
legal moves, events, narrated here in the player's language) and sends move text back. A
dropped connection is retried by itself with backoff, with the seat token; the host then
resends the full view and the narration the client missed. See docs/protocol.md.
"""

from __future__ import annotations

import os
import sys
import time

from common import _
from common.bots import Bot, make_bot
from common.engine import GameError
from common.net.botclient import play_bot, print_line, report_end
from common.net.consoles import console, net_ui
from common.net.link import (
    CONNECT_TIMEOUT,
    REPLY_TIMEOUT,
    RETRY_ENV,
    RETRY_FOR,
    Link,
    Lost,
    Refused,
    Unreachable,
    parse_address,
    retry_delays,
)
from common.net.protocol import clean_text
from common.net.remote import Echo, RemoteSession
from common.net.tokens import SAVED, pick_token, save_token, saved_seq, saved_tokens, token_key
from common.spec import GameSpec

SEQ_EVERY = 2.0  # seconds between writes of the last position seen (kept with the seat token)
_pick_token = pick_token  # the older name (tests import it)

__all__ = ["CONNECT_TIMEOUT", "REPLY_TIMEOUT", "RETRY_ENV", "RETRY_FOR", "SAVED", "Link", "Lost",
           "Refused", "RemoteSession", "Unreachable", "console", "join", "parse_address",
           "play_bot", "retry_delays", "save_token", "saved_seq", "saved_tokens", "token_key"]


def join(spec: GameSpec, address: str, *, name: str | None = None, seat: str | None = None,
         bot: str | None = None, think: float | None = 0.5, watch: bool = False,
         rejoin: str | None = None, password: str | None = None, table: str | None = None,
         pace: float = 0.0, echo: Echo = print_line, tui: bool = False) -> int:
    """Join the game hosted at ``address``: in the lobby and the REPL, or played by ``bot``,
    or watching (``watch``). ``rejoin`` is a seat token, or SAVED for the one kept for this host."""
    host, port = parse_address(address)
    if watch and (seat or bot or rejoin):
        raise GameError(_("--watch cannot be combined with --seat, --bot or --rejoin"))
    if pace < 0:
        raise GameError(_("--pace must be 0 seconds or more, not {seconds}").format(seconds=f"{pace:g}"))
    player: Bot | None = None
    if bot:
        if think is not None and think <= 0:
            raise GameError(_("--think must be more than 0 seconds, not {seconds}")
                            .format(seconds=f"{think:g}"))
        from common.rng import new_seed

        player = make_bot(bot, spec.rules, seed=new_seed(), think=think)
    if name is not None and not clean_text(name, 40):
        raise GameError(_("--name must not be empty"))
    key = token_key(spec.name, host, port, table)
    token = None
    if rejoin is not None:
        token = pick_token(key, address, seat) if rejoin == SAVED else rejoin
    interactive = bot is None and sys.stdin.isatty() and sys.stdout.isatty()
    if seat is None and not watch and token is None and not interactive:
        seat = "any"  # a script or a bot: the first free seat
    default_name = f"{bot} bot" if bot else os.environ.get("USER") or "player"
    # a rejoin without --name keeps the name the seat was taken with (the host remembers it)
    link = Link(spec, host, port, name or ("" if token else default_name), seat, watch=watch,
                password=password, table=table)

    kept: list[str | None] = [None]  # the seat whose token this client saved last

    def keep(tok: str | None, at: str | None) -> None:
        if kept[0] is not None and (at != kept[0] or not tok):
            save_token(key, kept[0], None)  # stood up, or moved to another seat
        if tok and at:
            save_token(key, at, tok)
        kept[0] = at if tok else None

    noted = [0.0]  # when the last seq was written

    def note(seq: int, last: bool) -> None:
        """Keep the last position seen with the token (every few seconds, and at the end), so
        that a later 'join --rejoin' is told the moves it missed."""
        now = time.monotonic()
        if kept[0] is not None and session.token and (last or now - noted[0] >= SEQ_EVERY):
            noted[0] = now
            save_token(key, kept[0], session.token, seq)

    reply = link.open(token, saved_seq(key, token) if token else None)
    session = RemoteSession(spec, link, reply, on_token=keep)
    session.on_seq = note
    try:
        if reply.get("type") == "over":
            return report_end(session, echo)
        title = clean_text(reply["title"], 80) if isinstance(reply.get("title"), str) else spec.title
        if title in (spec.title, *dict(spec.variant_titles).values()):
            title = spec.text(title)  # the game's own title, in the player's language
        if session.seat:
            joined = _("Joined {title} at {address} as {seat}.")
        elif watch:
            joined = _("Joined {title} at {address} to watch.")
        else:
            joined = _("Joined {title} at {address} in the lobby.")
        echo(joined.format(title=title, address=link.address,
                           seat=spec.seat_name(session.seat) if session.seat else session.seat))
        if session.token:
            echo(_("If you drop out, '{command}' takes your seat back.").format(
                command=f"{spec.name} join {address} --rejoin --seat {session.seat}"))
        if player is not None:
            session.wait_start(echo)
            return play_bot(spec, session, player, echo, pace)
        if session.seat is None and watch and tui and interactive:
            session.wait_start(echo)  # the full-screen table shows the game once it begins
        elif session.seat is None:
            end = console(spec, session, echo, interactive)
            if end != "play":
                if end == "over":
                    return report_end(session, echo)
                return 0
        else:
            session.wait_start(echo)
    except BaseException:
        session.close()
        raise
    return net_ui(spec, session, tui)
