"""What the shared front-ends need to know about a game, without importing it.

Everything here is names and strings, so building the command line costs no game import.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from types import ModuleType
from typing import Any

from common.engine import GameError

HUMAN = "human"
DOCS = Path(__file__).resolve().parent.parent / "docs"


@dataclass(frozen=True)
class GameSpec:
    name: str  # command and record name, e.g. "invaders"
    title: str
    blurb: str
    rules_path: str  # "package.module:ATTRIBUTE" of the Rules instance
    render_module: str  # module with render_view(view, seat), cards_table(query), describe_card(name)
    default_seats: str  # e.g. "ismcts,human": one kind per seat, in seat order
    rules_doc: str  # file name under docs/
    variants: tuple[str, ...] = ("standard",)
    # game options offered as flags on play/host/bench: (flag, option key, help)
    flags: tuple[tuple[str, str, str], ...] = ()

    @cached_property
    def rules(self) -> Any:
        module, _, attr = self.rules_path.partition(":")
        return getattr(importlib.import_module(module), attr)

    @cached_property
    def render(self) -> ModuleType:
        return importlib.import_module(self.render_module)

    def rules_text(self) -> str:
        path = DOCS / self.rules_doc
        try:
            return path.read_text(encoding="utf-8")
        except OSError:
            return f"The rules page {self.rules_doc} is not installed; see the project's docs/ folder."


def parse_seats(spec: str, seats: list[str], kinds: tuple[str, ...]) -> dict[str, str]:
    """'human,ismcts' (in seat order) or 'aliens=ismcts,humans=human' -> seat -> kind."""
    parts = [p.strip() for p in spec.split(",") if p.strip()]
    out: dict[str, str] = {}
    if parts and all("=" in p for p in parts):
        for p in parts:
            seat, _, kind = p.partition("=")
            if seat not in seats:
                raise GameError(f"no seat {seat!r}; seats are {', '.join(seats)}")
            out[seat] = kind
        for seat in seats:
            out.setdefault(seat, HUMAN)
    elif len(parts) == len(seats):
        out = dict(zip(seats, parts, strict=True))
    else:
        raise GameError(f"--seats needs {len(seats)} kinds in seat order ({', '.join(seats)}), "
                        f"e.g. {','.join([HUMAN] + ['random'] * (len(seats) - 1))}")
    for seat, kind in out.items():
        if kind not in (HUMAN, *kinds):
            raise GameError(f"seat {seat}: unknown kind {kind!r} (choose from {', '.join((HUMAN, *kinds))})")
    return out
