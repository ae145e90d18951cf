"""The host's own terminal: the commands typed at it (start, who, say TEXT, bot SEAT, quit,
help) and the addresses it tells players to join at. The command words stay English, as the
notation does; the answers are in the host's language, the log lines in English.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import socket
import sys
import threading
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Protocol

from common import _
from common.i18n import language
from common.net.languages import by_language, seat_line
from common.net.protocol import clean_text, encode, error

if TYPE_CHECKING:
    from common.net.member import Member
    from common.net.room import Room


class Server(Protocol):
    """What the host's terminal needs of the host: its tables, its connections, its log, and
    the event that stops it (the server above it is one; this module never imports it)."""

    quit: asyncio.Event

    @property
    def rooms(self) -> Mapping[str, Room]: ...

    @property
    def conns(self) -> Iterable[Member]: ...

    def log(self, text: str) -> None: ...


def start_console(server: Server, loop: asyncio.AbstractEventLoop) -> None:
    """Commands typed at the host: start, who, say TEXT, bot SEAT, help."""

    def read() -> None:
        for line in sys.stdin:
            loop.call_soon_threadsafe(command, server, line.strip())

    if sys.stdin is None:
        return
    if sys.stdin.isatty():
        server.log(_("type 'start' to give empty seats to bots and begin, 'help' for more"))
    # in the host's language context (a new thread starts without it; its commands run in
    # the context they were handed over in)
    threading.Thread(target=contextvars.copy_context().run, args=(read,), name="host-console",
                     daemon=True).start()


def command(server: Server, text: str) -> None:
    """One line typed at the host's terminal (the command words stay English, as the
    notation does; the answers are in the host's language)."""
    word, _sep, rest = text.partition(" ")
    room = next(iter(server.rooms.values()), None)
    if room is None or not word:
        return
    if word == "start":
        server.log(room.start(fill=True))
    elif word in ("who", "seats"):
        lobby = room.lobby()
        server.log(lobby["waiting"])
        for seat, info in lobby["seats"].items():
            server.log(seat_line(seat, info))
        watchers = [p["name"] for p in lobby["people"] if p["seat"] is None]
        if watchers:
            server.log(_("  in the lobby or watching: {names}").format(names=", ".join(watchers)))
    elif word == "say" and rest:
        data = encode({"type": "chat", "from": "host", "seat": None, "text": clean_text(rest, 300)})
        for conn in list(room.members):
            conn.send_chat(data)
    elif word == "bot" and rest:
        server.log(room.hand_to_bot(rest.strip()))
    elif word in ("quit", "exit", "stop"):
        if any(r.cfg.save for r in server.rooms.values()):
            server.log(_("stopping the host; host --resume FILE goes on with a saved game"))
        else:
            server.log(_("stopping the host"))
        for lang, conns in by_language(server.conns).items():  # told, so no client tries to rejoin
            with language(lang):
                stopped = encode(error("stopped", _("the host stopped the game")))
            for conn in conns:
                conn.send_raw(stopped)
        server.quit.set()
    else:
        if word in ("help", "?"):
            server.log(_("commands: start (empty seats to bots, begin) · who · say TEXT · bot "
                       "SEAT (a bot decides for a player who left) · quit (stop hosting; "
                       "Ctrl-C too)"))
        else:
            server.log(_("unknown command {word}; commands: start (empty seats to bots, begin) · "
                       "who · say TEXT · bot SEAT (a bot decides for a player who left) · quit "
                       "(stop hosting; Ctrl-C too)").format(word=repr(word)))


def join_addresses(bind: str) -> list[str]:
    """How players on the LAN reach this host: the addresses of this machine's interfaces
    (read locally; nothing is sent anywhere)."""
    if bind not in ("", "0.0.0.0", "::"):
        return [f"[{bind}]" if ":" in bind else bind]
    found: list[str] = []
    with contextlib.suppress(OSError, ImportError):
        import fcntl
        import struct

        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            for _index, name in socket.if_nameindex():
                with contextlib.suppress(OSError):
                    packed = fcntl.ioctl(s.fileno(), 0x8915,  # SIOCGIFADDR
                                         struct.pack("256s", name[:15].encode()))
                    address = socket.inet_ntoa(packed[20:24])
                    if not address.startswith("127.") and address not in found:
                        found.append(address)
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if not address.startswith("127.") and address not in found:
                found.append(address)
    return found or [socket.gethostname()]
