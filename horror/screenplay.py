"""The film as a Markdown screenplay: title, cast, scenes, tropes as they happened, dialogue,
rulings, deaths and how the climax went.

Written from a view (public information only), so any seat, a spectator or a network client
can write it; the REPL writes it at the credits and whenever someone plays 'screenplay'.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from common.engine import Event
from horror.views import narrate

KIND_NAMES = {"extra": "extra", "supporting": "supporting role", "star": "star"}
ENDING = {"plan": "The plan worked: the monster is destroyed.",
          "escape": "The monster beat the plan; the survivors ran for their lives.",
          "dead": "The monster won. Nobody survived."}


def _elements(view: dict[str, Any]) -> dict[str, list]:
    return {e[0]: e for e in view["elements"]}


def _cast(view: dict[str, Any], els: dict[str, list]) -> list[str]:
    gone = set(view["gone"])
    rows = ["| | character | role | Screen Time | Plot Armour left | fate |", "|---|---|---|---|---|---|"]
    for cid, e in els.items():
        if e[1] in KIND_NAMES:
            fate = "killed" if cid in gone else "survived" if view["phase"] == "over" else "alive"
            rows.append(f"| {cid} | {e[2]} | {KIND_NAMES[e[1]]} | {view['st'][cid]} | "
                        f"{view['armour'][cid]} | {fate} |")
    return rows if len(rows) > 2 else ["(nobody has been cast yet)"]


def _sets(view: dict[str, Any], els: dict[str, list]) -> list[str]:
    out = []
    for sid, e in els.items():
        if e[1] == "set":
            props = view["props"].get(sid) or []
            near = [els[b if a == sid else a][2] for a, b in view["near"] if sid in (a, b)]
            out.append(f"- **{e[2]}** (Screen Time {view['st'][sid]})"
                       + (f"; props: {', '.join(props)}" if props else "")
                       + (f"; next to {', '.join(near)}" if near else ""))
    return out or ["(no sets yet)"]


def _line(entry: list) -> str | None:
    """One log entry as a screenplay line (None: book-keeping the screenplay leaves out)."""
    kind, data = entry[0], tuple(entry[1:])
    if kind in ("deal", "offer", "decline", "no_trade", "trade", "pass", "bid", "meeting_turn",
                "premise", "premise_set", "stake", "screenplay", "hand", "got"):
        return None
    if kind == "say":
        return f"**{data[0].upper()}:** {data[1]}"
    if kind == "ruling":
        return f"> *Ruling ({data[0]}):* {data[1]}"
    if kind == "trope":
        return f"**TROPE —** {data[2]} *({narrate(Event(kind, data))})*"
    if kind == "death":
        return f"**DEATH —** {narrate(Event(kind, data))}"
    if kind in ("act", "climax", "meeting", "scene"):
        return None
    if kind == "roll":
        return f"*{narrate(Event(kind, _tuples(data)))}*"
    return narrate(Event(kind, _tuples(data)))


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    if isinstance(value, tuple):
        return tuple(_tuples(v) for v in value)
    return value


def markdown(view: dict[str, Any]) -> str:
    els = _elements(view)
    abilities = "; ".join(view["abilities"]) or "no special abilities"
    out = [f"# {view['title']}", "",
           f"*A Creature Feature.* Setting: {view['setting']}.", "",
           "## The monster", "",
           f"**{view['monster']}** — {abilities}. It appears once {view['trigger']}. "
           f"Screen Time 4; Monster Dice {view['md']}.", "",
           "## Cast", "", *_cast(view, els), "", "## Sets", "", *_sets(view, els), ""]
    for entry in view["log"]:
        kind = entry[0]
        if kind == "act":
            out += [f"## Act {entry[1]}", ""]
        elif kind == "climax":
            out += ["## The climax", ""]
        elif kind == "meeting":
            out += [f"### Script meeting {entry[1]}", ""]
        elif kind == "scene":
            scene = "The climax" if entry[2] == 4 else f"Scene {entry[1]}"
            out += [f"### {scene} — directed by {entry[3]}", ""]
        else:
            line = _line(list(entry))
            if line:
                out += [line, ""]
    if view["rulings"]:
        out += ["## Rulings in force", "", *[f"{i}. {r}" for i, r in enumerate(view["rulings"], 1)], ""]
    if view["phase"] == "over":
        out += ["## The end", "", ENDING[view["ending"]], "", "| seat | dice earned |", "|---|---|",
                *[f"| {s} | {view['earned'][s]} |" for s in view["seats"]], ""]
    return "\n".join(out)


def slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "film"


def write(view: dict[str, Any], path: str | Path | None = None) -> Path:
    """Write the screenplay; by default to TITLE.md in $HORROR_SCREENPLAYS or the current folder."""
    if path is None:
        folder = Path(os.environ.get("HORROR_SCREENPLAYS", "."))
        path = folder / f"{slug(view['title'])}.md"
    target = Path(path)
    target.write_text(markdown(view), encoding="utf-8")
    return target
