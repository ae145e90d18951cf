"""The film as a screenplay: scene headings from the set, action from the narration, dialogue
under the character's name, each trope once as it happens, dice as brief parentheticals, and
the cast with their fates at the end — as Markdown or as Fountain (the plain-text screenplay
format screenwriting apps open).

Written from a view (public information only), so any seat, a spectator or a network client
can write it; the REPL writes it at the credits and whenever someone plays 'screenplay'. The
film's log is first turned into blocks (``blocks``), which each format then writes out; the
table's book-keeping (deals, trades, bids, stakes, meetings) stays out of the film.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, NamedTuple

from horror.views import narrate

KIND_NAMES = {"extra": "extra", "supporting": "supporting role", "star": "star"}
ENDING = {"plan": "The plan worked: the monster is destroyed.",
          "escape": "The monster beat the plan; the survivors ran for their lives.",
          "dead": "The monster won. Nobody survived."}
TIME_OF_DAY = {1: "DUSK", 2: "NIGHT", 3: "NIGHT", 4: "DAWN"}
OUTSIDE = ("stairs", "steps", "beach", "cove", "shore", "dock", "pier", "jetty", "road", "street",
           "field", "forest", "woods", "yard", "garden", "cemetery", "graveyard", "cliff", "hill",
           "lagoon", "lake", "river", "swamp", "desert", "square", "roof", "deck", "mouth", "gate",
           "bridge", "camp", "crater", "ice", "tundra", "quarry", "path", "trail", "harbour", "harbor",
           "cornfield", "orchard", "moor", "marsh", "headland", "causeway", "car park", "parking lot",
           "airstrip", "launch pad", "surface", "glacier", "dune", "canyon", "ridge", "rocks", "platform")
BOOK_KEEPING = {"deal", "offer", "decline", "no_trade", "trade", "pass", "bid", "meeting_turn", "meeting",
                "meeting_pass", "premise", "premise_set", "agree", "stake", "screenplay", "hand", "got",
                "create", "write", "raise", "armour", "prop", "near", "close", "claim", "chair", "pool",
                "grant", "act_over", "drop"}


class Block(NamedTuple):
    """One paragraph of the screenplay: kind is section, heading, action, dice, dialogue,
    ruling, transition or end; ``who`` names the speaker of dialogue."""

    kind: str
    text: str
    who: str = ""


def _elements(view: dict[str, Any]) -> dict[str, list]:
    return {e[0]: e for e in view["elements"]}


def slugline(name: str, act: int) -> str:
    """'The lighthouse stairs' in act 2 -> 'EXT. LIGHTHOUSE STAIRS — NIGHT'."""
    place = re.sub(r"^(the|a|an)\s+", "", name.strip(), flags=re.IGNORECASE)
    low = f" {name.lower()} "
    where = "EXT." if any(f" {w} " in low or f" {w}s " in low for w in OUTSIDE) else "INT."
    return f"{where} {place.upper()} — {TIME_OF_DAY.get(act, 'NIGHT')}"


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?…:\"”'" else text + "."


def _dice(rolls: list[tuple]) -> str:
    """A conflict's rolls as one brief parenthetical: '(3 rolls: the Gill-Man 4 successes,
    Vera Crane 2)'."""
    names = [side[0] for side in rolls[0][1]]
    hits = [sum(r[1][i][3] for r in rolls) for i in range(len(names))]
    n = len(rolls)
    head = "1 roll" if n == 1 else f"{n} rolls"
    return f"({head}: {names[0]} {hits[0]} success{'es' * (hits[0] != 1)}, {names[1]} {hits[1]})"


def _conflict(data: tuple, monster: str) -> str:
    kind, a, b = data[0], data[1], data[2]
    about = f", over {data[7]}" if len(data) > 7 else ""
    if kind == "plan":
        return f"The plan is sprung: {monster} against it."
    if kind == "chase":
        return f"{a} goes after {b}{about}!"
    return f"{a} and {b} clash{about}." if kind == "contest" else f"{a} tries {b}{about}."


class _Writer:
    """Turns the log into blocks, scene by scene; an unfilmed scene keeps only its words."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.els = _elements(view)
        self.monster = view["monster"]
        self.out: list[Block] = []
        self.scene: list[Block] = []
        self.act = 1
        self.headed = False
        self.met: set[str] = set()
        self.gathered: list[str] = []
        self.entering: list[str] = []
        self.rolls: list[tuple] = []
        self.last_trope = ""

    def add(self, kind: str, text: str, who: str = "") -> None:
        self.flush_gathered()
        self.scene.append(Block(kind, text, who))

    def flush_gathered(self) -> None:
        if self.entering:
            names = self.entering
            self.entering = []
            self.scene.append(Block("action", _and(names) + (" is here." if len(names) == 1 else " are here.")))
        if self.rolls:
            rolls = self.rolls
            self.rolls = []
            self.scene.append(Block("dice", _dice(rolls)))
        if self.gathered:
            names = self.gathered
            self.gathered = []
            self.scene.append(Block("action", f"Everyone left comes together: {', '.join(names)}."))

    def end_scene(self, filmed: bool) -> None:
        self.flush_gathered()
        if filmed:
            self.out += self.scene
        else:
            self.out += [b for b in self.scene if b.kind in ("action", "dialogue")]
        self.scene = []
        self.headed = False

    def character(self, cid: str, name: str) -> str:
        """A character's name, introduced with its concept the first time it is seen."""
        if cid in self.met:
            return name
        self.met.add(cid)
        e = self.els.get(cid)
        concept = e[6] if e and len(e) > 6 and e[6] else ""
        return f"{name.upper()}" + (f" ({concept})" if concept else "")

    def entry(self, entry: tuple) -> None:
        kind, d = entry[0], tuple(entry[1:])
        if kind in BOOK_KEEPING:
            return
        if kind == "act":
            self.act = d[0]
            self.out.append(Block("section", f"Act {d[0]}"))
        elif kind == "climax":
            self.act = 4
            self.out.append(Block("section", "The climax"))
        elif kind == "scene":
            self.scene, self.headed = [], False
        elif kind == "play":
            self.play(d)
        elif kind == "move":
            self.add("heading", slugline(d[1], self.act))
            self.add("action", f"The chase runs on to {d[1]}.")
        elif kind == "trope":
            self.last_trope = d[2]
            self.add("action", _sentence(d[2]))
        elif kind == "trigger":
            if _plain(d[1]) != _plain(self.last_trope):
                self.add("action", _sentence(d[1]))
            self.add("action", f"Somewhere close, {self.monster} stirs.")
        elif kind == "subplot":
            self.add("action", f"Meanwhile: {d[2]}.")
        elif kind == "say":
            self.add("action", _sentence(d[1]))
        elif kind == "line":
            self.add("dialogue", d[3], self.els[d[1]][2] if d[1] in self.els else d[2])
        elif kind == "conflict":
            self.add("action", _conflict(d, self.monster))
        elif kind == "roll":
            self.flush_entering()
            self.rolls.append(d)
        elif kind == "help":
            self.add("action", f"{d[1]} throws themself at {self.monster}!")
            self.add("dice", f"({d[3]} success{'es' * (d[3] != 1)}: {self.monster} loses {d[4]})")
        elif kind == "ruling":
            self.add("ruling", f"Ruling ({d[0]}): {d[1]}")
        elif kind == "unfilmed":
            self.end_scene(False)
        elif kind == "cut":
            if self.scene or self.headed:
                self.end_scene(True)
                self.out.append(Block("transition", "CUT TO:"))
        elif kind == "cut_for_time":
            self.flush_gathered()
            self.out.append(Block("action", "Off screen, for want of time: " + "; ".join(d[1]) + "."))
        elif kind == "plan":
            self.add("action", f"The plan: {d[1]}.")
        elif kind == "plan_failed":
            self.add("action", "The plan fails.")
        elif kind == "credits":
            self.end_scene(True)
            self.out.append(Block("end", ENDING[d[0]]))
        else:  # results, deaths, attacks, the cornered and the saved: as the table heard them
            self.add("action", narrate_entry(kind, d))

    def play(self, d: tuple) -> None:
        seat, cid, name, kind, forced = d
        if kind == "set":
            if not self.headed and not (forced == "the climax"):
                self.headed = True
                self.add("heading", slugline(name, self.act))
            return
        if forced == "the climax":
            if kind in KIND_NAMES:
                self.gathered.append(self.character(cid, name))
            return
        if kind == "monster":
            self.add("action", f"{name.upper()} appears." if cid not in self.met else f"{name} is here.")
            self.met.add(cid)
        elif kind in KIND_NAMES:
            if self.rolls:
                self.flush_gathered()
            self.entering.append(self.character(cid, name))

    def flush_entering(self) -> None:
        if self.entering:
            self.flush_gathered()


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _plain(text: str) -> str:
    return " ".join("".join(ch if ch.isalnum() else " " for ch in text.casefold()).split())


def narrate_entry(kind: str, data: tuple) -> str:
    from common.engine import Event

    return narrate(Event(kind, _tuples(data)))


def _tuples(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return tuple(_tuples(v) for v in value)
    return value


def blocks(view: dict[str, Any]) -> list[Block]:
    w = _Writer(view)
    for entry in view["log"]:
        w.entry(tuple(entry))
    w.end_scene(True)
    return w.out


def cast(view: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(name, role, fate) of every character, in the order they were written."""
    gone = set(view["gone"])
    out = []
    for cid, e in _elements(view).items():
        if e[1] in KIND_NAMES:
            fate = "killed" if cid in gone else "survived" if view["phase"] == "over" else "alive"
            concept = f" — {e[6]}" if len(e) > 6 and e[6] else ""
            out.append((e[2], f"{KIND_NAMES[e[1]]}{concept}", fate))
    return out


def _front(view: dict[str, Any]) -> tuple[str, str]:
    abilities = "; ".join(view["abilities"]) or "no special abilities"
    return (f"Setting: {view['setting']}.",
            f"The monster: {view['monster']} ({abilities}); it appears once {view['trigger']}.")


def markdown(view: dict[str, Any]) -> str:
    setting, monster = _front(view)
    out = [f"# {view['title']}", "", f"*A Creature Feature* by {', '.join(view['seats'])}.", "",
           setting, "", monster, ""]
    for b in blocks(view):
        if b.kind == "section":
            out += [f"## {b.text}", ""]
        elif b.kind == "heading":
            out += [f"### {b.text}", ""]
        elif b.kind == "dialogue":
            out += [f"> **{b.who.upper()}**  ", f"> {b.text}", ""]
        elif b.kind == "dice":
            out += [f"*{b.text}*", ""]
        elif b.kind == "ruling":
            out += [f"*[{b.text}]*", ""]
        elif b.kind == "transition":
            out += [f"*{b.text}*", ""]
        elif b.kind == "end":
            out += ["**THE END**", "", b.text, ""]
        else:
            out += [b.text, ""]
    out += ["## Cast", "", "| character | role | fate |", "|---|---|---|",
            *[f"| {n} | {r} | {f} |" for n, r, f in cast(view)], ""]
    if view["rulings"]:
        out += ["## Rulings in force", "", *[f"{i}. {r}" for i, r in enumerate(view["rulings"], 1)], ""]
    if view["phase"] == "over":
        out += ["| seat | dice earned |", "|---|---|", *[f"| {s} | {view['earned'][s]} |" for s in view["seats"]], ""]
    return "\n".join(out)


# -- Fountain ---------------------------------------------------------------------------------
_FOUNTAIN_SPECIAL = re.compile(r"^(?:INT|EXT|EST|INT\./EXT|INT/EXT|I/E)[. ]|^[.!@~=#>\[/]|TO:$", re.IGNORECASE)


def _action(text: str) -> str:
    """An action paragraph that no Fountain reader can take for anything else."""
    return f"!{text}" if _FOUNTAIN_SPECIAL.search(text) or text.upper() == text else text


def _cue(name: str) -> str:
    cue = name.upper()
    return cue if re.search(r"[A-Z]", cue) and "(" not in cue and not cue.startswith(("!", "@")) else f"@{name}"


def fountain(view: dict[str, Any]) -> str:
    setting, monster = _front(view)
    out = [f"Title: {view['title']}", "Credit: A Creature Feature", f"Author: {', '.join(view['seats'])}",
           f"Notes: {setting} {monster}", ""]
    for b in blocks(view):
        if b.kind == "section":
            out += [f"# {b.text}", ""]
        elif b.kind == "heading":
            out += [b.text.replace(" — ", " - "), ""]
        elif b.kind == "dialogue":
            out += [_cue(b.who), b.text, ""]
        elif b.kind == "ruling":
            out += [f"[[{b.text}]]", ""]
        elif b.kind == "transition":
            out += [b.text, ""]
        elif b.kind == "end":
            out += ["> THE END <", "", _action(b.text), ""]
        else:
            out += [_action(b.text), ""]
    out += ["# Cast", ""]
    out += [_action(f"{n} ({r}): {f}.") for n, r, f in cast(view)] + [""]
    return "\n".join(out)


FORMATS = {"markdown": (markdown, ".md"), "fountain": (fountain, ".fountain")}


def slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "film"


def write(view: dict[str, Any], path: str | Path | None = None, fmt: str = "markdown") -> Path:
    """Write the screenplay; by default to TITLE.md (or .fountain) in $HORROR_SCREENPLAYS or
    the current folder."""
    render, ext = FORMATS[fmt]
    if path is None:
        folder = Path(os.environ.get("HORROR_SCREENPLAYS", "."))
        path = folder / f"{slug(view['title'])}{ext}"
    target = Path(path)
    target.write_text(render(view), encoding="utf-8")
    return target
