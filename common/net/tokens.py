"""Seat tokens kept between runs, so that ``join --rejoin`` takes a seat back: in
``$XDG_STATE_HOME/bmovie/tokens.json``, readable only by its user, per host, table and seat,
each with the last position seen (so the rejoin is told the moves it missed)."""

from __future__ import annotations

import contextlib
import json
import time
from pathlib import Path
from typing import Any

from common import _
from common.engine import GameError
from common.paths import state_dir
from common.private import write_private

SAVED = "\0saved"  # --rejoin without a token: the one saved for this host


def _tokens_path() -> Path:
    return state_dir() / "tokens.json"


def token_key(game: str, host: str, port: int, table: str | None) -> str:
    return f"{game}@{host}:{port}/{table or 'main'}"


def _read_tokens() -> dict[str, Any]:
    try:
        data = json.loads(_tokens_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def saved_tokens(key: str) -> dict[str, str]:
    """The seat tokens kept for this host and table, by seat (two players on one account, say
    at one machine for a test, each keep their own)."""
    entry = _read_tokens().get(key)
    if not isinstance(entry, dict):
        return {}
    if isinstance(entry.get("token"), str):  # the older layout: one seat per host
        return {str(entry.get("seat") or "?"): entry["token"]}
    return {seat: e["token"] for seat, e in entry.items()
            if isinstance(e, dict) and isinstance(e.get("token"), str)}


def saved_seq(key: str, token: str) -> int | None:
    """The last position seen with ``token`` (kept with it, so that ``join --rejoin`` is told
    the moves it missed since), or None."""
    entry = _read_tokens().get(key)
    for e in (entry.values() if isinstance(entry, dict) else ()):
        if isinstance(e, dict) and e.get("token") == token and isinstance(e.get("seq"), int):
            return e["seq"]
    return None


def save_token(key: str, seat: str, token: str | None, seq: int | None = None) -> None:
    """Remember (or, with None, forget) the token of ``seat`` at this host, and the last
    position seen with it; the file is readable only by us."""
    path = _tokens_path()
    data = _read_tokens()
    seats: dict[str, dict[str, Any]] = {s: {"token": t} for s, t in saved_tokens(key).items()}
    if token:
        seats[seat] = {"token": token, "saved": int(time.time())}
        if seq is not None:
            seats[seat]["seq"] = seq
    else:
        seats.pop(seat, None)
    if seats:
        data[key] = seats
    else:
        data.pop(key, None)
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        write_private(str(path), json.dumps(data, indent=1) + "\n")


def pick_token(key: str, address: str, seat: str | None) -> str:
    """The saved token ``join --rejoin`` means: the only one kept for this host, or the one
    of ``seat``."""
    tokens = saved_tokens(key)
    if seat is not None and seat in tokens:
        return tokens[seat]
    if seat is None and len(tokens) == 1:
        return next(iter(tokens.values()))
    if len(tokens) > 1:
        raise GameError(_("seat tokens are saved for {seats} at {address}: say which with --seat "
                          "(join {address} --rejoin --seat SEAT)")
                        .format(seats=", ".join(sorted(tokens)), address=address))
    if seat:
        raise GameError(_("no seat token saved for {address} at seat {seat}; give it: join "
                          "{address} --rejoin TOKEN").format(address=address, seat=seat))
    raise GameError(_("no seat token saved for {address}; give it: join {address} --rejoin TOKEN")
                    .format(address=address))

