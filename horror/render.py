"""Drawing a film for people: budgets, your hand, the active set and who is on screen, the
open tropes of the act, the conflict and its dice (successes highlighted), the latest events.
Works from views only. It also writes the screenplay at the credits and when asked.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from common.render import die_face, plain
from horror.elements import CHARACTER_KINDS, FILMING_COST, MEETING_COST, SCREEN_TIME, SET_MAX_ST

KIND_STYLE = {"extra": "white", "supporting": "cyan", "star": "bold yellow", "set": "green",
              "trope": "magenta", "subplot": "blue", "monster": "bold red"}
WINNER_LABEL = "Top billing"  # the end screen's word: a film has no winner
# the story's marks and the lines that open a meeting turn, a scene or an act (common.story)
MARKS = ((r"\b(is caught and killed|knocked out|loses \d+|closes the subplot)\b", "\u2212"),
         (r"\b(creates|writes|puts|gives|raises|plays|stakes|claims|bids|receive)\b", "+"),
         (r"\b(trade|chase runs on|makes .+ adjacent)\b", "\u2192"))
HEADER = (r"^\s*(\u2014.*|Script meeting \d+.*|\S+'s turn at the meeting\.|Cut! Scene .*|"
          r"The cards are shuffled and dealt.*|The director's chair for .*)$")
_written: dict[str, int] = {}  # film title -> screenplay requests already written


def _els(view: dict[str, Any]) -> dict[str, list]:
    return {e[0]: e for e in view["elements"]}


def _card(view: dict[str, Any], els: dict[str, list], cid: str) -> str:
    e = els[cid]
    kind = e[1]
    if kind == "monster":
        return f"{cid} {view['monster']} (Screen Time 4, Monster Dice {view['md']})"
    if kind == "set":
        return f"{cid} {e[2]} (set, Screen Time {view['st'][cid]})"
    if kind == "trope":
        who = ", ".join(els[c][2] if c in els else c for c in e[4])
        return f"{cid} trope, act {e[3]}: {e[2]}" + (f" [{who}]" if who else "")
    if kind == "subplot":
        return f"{cid} subplot: {e[2]} [{', '.join(els[c][2] for c in e[4] if c in els)}]"
    armour = view["armour"][cid]
    concept = f": {e[6]}" if len(e) > 6 and e[6] else ""
    return (f"{cid} {e[2]} ({kind}, Screen Time {view['st'][cid]}" + (f", Plot Armour {armour}" if armour else "")
            + f"){concept}")


def set_details(view: dict[str, Any], els: dict[str, list], sid: str) -> str:
    """A set's props and its neighbours (where a chase may run on to)."""
    props = view["props"].get(sid) or []
    near = [els[b if a == sid else a][2] for a, b in view["near"] if sid in (a, b)]
    return (f"props: {', '.join(props) or 'none'}; next to: {', '.join(near) or 'no other set'}")


def fate(view: dict[str, Any], cid: str) -> str:
    if cid in view["gone"]:
        return "killed"
    return "survived" if view["phase"] == "over" else "alive"


def script_text(view: dict[str, Any] | None = None) -> str:
    """The film's written elements as they stand: sets with props and neighbours, characters
    with their concepts and fates, tropes by act (played or not), subplots ('script')."""
    if not view:
        return "No film yet."
    els = _els(view)
    out = [f"{view['title']} — {view['monster']}; {view['setting']}. The trigger: {view['trigger']}."]
    sets = [e for e in view["elements"] if e[1] == "set"]
    out.append("Sets:" if sets else "Sets: none yet.")
    out += [f"  {_card(view, els, e[0])} — {set_details(view, els, e[0])}" for e in sets]
    cast = [e for e in view["elements"] if e[1] in CHARACTER_KINDS]
    out.append("Characters:" if cast else "Characters: none yet.")
    out += [f"  {_card(view, els, e[0])} — {fate(view, e[0])}" for e in cast]
    for act in (1, 2, 3):
        tropes = [e for e in view["elements"] if e[1] == "trope" and e[3] == act]
        if tropes:
            out.append(f"Tropes of act {act}:")
            out += [f"  {_card(view, els, e[0])}" + (" (played)" if e[0] in view["gone"] else "") for e in tropes]
    subplots = [e for e in view["elements"] if e[1] == "subplot"]
    if subplots:
        out.append("Subplots:")
        out += [f"  {_card(view, els, e[0])}" for e in subplots]
    return "\n".join(out)


GAME_COMMANDS = {"script": ("the film's written elements: sets, characters, tropes by act", "script_text")}


def _styled(text: str, kind: str):
    from rich.text import Text

    return Text(text, style=None if plain() else KIND_STYLE.get(kind))


def dice_line(roll: list):
    """The last roll: every die as a die, successes in bold green."""
    from rich.text import Text

    out = Text()
    kind, sides, loser, lost = roll
    for i, (name, st, dice, hits) in enumerate(sides):
        if i:
            out.append("   vs   ")
        out.append(f"{name} (≤{st}): ")
        for d in dice:
            face = f"{die_face(d)}{d}" if not plain() else (f"[{d}]" if d <= st else f" {d} ")
            out.append(face + " ", style=None if plain() else ("bold green" if d <= st else "dim"))
        out.append(f"= {hits}")
    if kind == "help":  # a helper's one side: what its successes took off the monster's stake
        if lost:
            out.append(f"  → the monster loses {lost}", style=None if plain() else "bold red")
    elif loser >= 0 and lost:
        out.append(f"  → {sides[loser][0]} loses {lost}", style=None if plain() else "bold red")
    elif loser < 0 and kind != "help":
        out.append("  → a draw")
    return out


def render_view(view: dict[str, Any], seat: str | None, since: dict[str, Any] | None = None,
                hand: bool = True):
    """The film; what came on screen since ``since`` (the player's last board) is marked.
    ``hand=False`` leaves the hand out (the full-screen table draws ``hand_view`` apart)."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    els = _els(view)
    act = "the climax" if view["act"] == 4 else f"act {view['act']}"
    head = Text(f"{view['title']} — {view['monster']} · {view['setting']} · {act}", style="bold")
    parts: list[Any] = [head]
    status = f"phase {view['phase']}"
    if view["director"]:
        scene = "the climax" if view["act"] == 4 else f"scene {view['scene_no']}"
        status += f" · {scene} directed by {view['director']} (paid {view['chair_price']})"
    status += f" · Monster Dice {view['md']}" + (" · the trigger has happened" if view["triggered"] else "")
    parts.append(Text(status))
    budgets = Table(box=None, padding=(0, 2))
    for col in ("seat", "dice", "earned", "cards"):
        budgets.add_column(col, justify="right" if col != "seat" else "left")
    for s in view["seats"]:
        mark = (" ◀" if s in view["to_move"] else "") + (" 🎬" if s == view["director"] and not plain() else
                                                         " (director)" if s == view["director"] else "")
        budgets.add_row(s + mark, str(view["budgets"][s]), str(view["earned"][s]), str(view["hand_sizes"][s]))
    parts.append(budgets)
    if view["active_set"] or view["screen"]:
        parts.append(Text("On screen:", style="bold"))
        for cid in view["screen"]:
            who = view["played_by"].get(cid, "")
            flag = " ← active set" if cid == view["active_set"] else " (knocked out)" if cid in view["out"] else ""
            if since is not None and cid not in since.get("screen", ()):
                flag += " ← new"
            parts.append(_styled(f"  {_card(view, els, cid)} — {who}{flag}", els[cid][1]))
    open_tropes = [e for e in view["elements"] if e[1] == "trope" and e[3] == view["act"] and e[0] not in view["gone"]]
    if open_tropes and view["phase"] not in ("premise", "over"):
        parts.append(Text(f"Open tropes of act {view['act']}: " + "; ".join(f"{e[0]} {e[2]}" for e in open_tropes),
                          style=None if plain() else "magenta"))
    if hand and view.get("hand") is not None:
        parts.extend(_hand_lines(view, els))
    c = view["conflict"]
    if c:
        names = [els[s][2] if s in els else ("the plan" if s == "plan" else s) for s in c["sides"]]
        parts.append(Text(f"{c['kind'].capitalize()}: {names[0]} ({c['seats'][0]}) stake {max(c['stakes'][0], 0)}"
                          f" vs {names[1]} ({c['seats'][1]}) stake {max(c['stakes'][1], 0)}", style="bold"))
    if view["last_roll"]:
        parts.append(dice_line(view["last_roll"]))
    if view["act"] == 4:
        parts.append(Text(f"Pools: monster {view['pools'][0]}, plan {view['pools'][1]}"
                          + (f" · the plan: {view['plan']}" if view["plan"] else "")))
    if view["auction"]:
        parts.append(Text(_auction(view), style="bold"))
    if view["to_move"]:
        parts.append(Text(f"{view['to_move'][0]} to decide: {view['decision']}", style="bold"))
    if view["phase"] == "over":
        parts.append(Text(_credits(view), style=None if plain() else "bold green"))
    note = _screenplay(view)
    if note:
        parts.append(Text(note, style=None if plain() else "bold green"))
    return Group(*parts)


def _credits(view: dict[str, Any]) -> str:
    """How the film ended and who gets top billing (a film has no winner: the most dice
    earned is the billing)."""
    from horror.rules import ENDINGS

    earned = view["earned"]
    best = max(earned.values(), default=0)
    top = [s for s in view["seats"] if earned.get(s) == best]
    dice = f"{best} {'die' if best == 1 else 'dice'} earned"
    return f"The credits roll: {ENDINGS.get(view['ending'], view['ending'])}. Top billing: {', '.join(top)} ({dice})."


def _auction(view: dict[str, Any]) -> str:
    """The chair's current price and who holds the high bid, and what the next bid must be."""
    a = view["auction"]
    what = "A claim on the director's chair" if a["claim"] else "The director's chair is up for auction"
    high = f"the high bid is {a['high']}, by {a['leader']}" if a["leader"] else "no bid yet"
    return f"{what}: {high}; the next bid is at least {a['high'] + 1}."


def _screenplay(view: dict[str, Any]) -> str:
    """Write the screenplay at the credits (at a terminal, or where $HORROR_SCREENPLAYS says)
    and after each 'screenplay' move; say where. Piped and test runs leave no stray files."""
    credits = view["phase"] == "over" and (sys.stdout.isatty() or "HORROR_SCREENPLAYS" in os.environ)
    want = view["requests"] + (1 if credits else 0)
    if want <= _written.get(view["title"], 0):
        return ""
    from horror.screenplay import write

    try:
        path = write(view)
    except OSError as exc:
        return f"Could not write the screenplay: {exc.strerror}"
    _written[view["title"]] = want
    return f"The screenplay is in {path}."


PRICES = [("extra", f"Screen Time {SCREEN_TIME['extra']}", MEETING_COST["extra"], FILMING_COST["extra"],
           "a faceless victim; free at a meeting unless dice are spent on it"),
          ("supporting", f"Screen Time {SCREEN_TIME['supporting']}", MEETING_COST["supporting"], None,
           "helps the stars shine, lives a little longer"),
          ("star", f"Screen Time {SCREEN_TIME['star']}, Plot Armour 1", MEETING_COST["star"], None,
           "a lead; may live to the credits"),
          ("armour", "+1 Plot Armour", MEETING_COST["armour"], None,
           "saves a caught character once per level"),
          ("set", "Screen Time 0", MEETING_COST["set"], FILMING_COST["set"], "one specific place; props free"),
          ("raise", f"+1 set Screen Time (at most {SET_MAX_ST})", MEETING_COST["raise"], FILMING_COST["raise"],
           "a set holds at most 5 dice"),
          ("trope", "act 1-3, characters", 0, None, "an act ends when its tropes are played"),
          ("subplot", "at least one character", 0, None, "may be played again and again"),
          ("prop", "on a set", 0, None, "anyone on the set may use it")]


def _dice(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def matching(query: str) -> list[tuple]:
    """The element types a query names: by their name when it starts one ('star' is not the
    supporting role whose note mentions stars), else anywhere in their text."""
    q = query.lower().strip()
    named = [row for row in PRICES if row[0].startswith(q)]
    return named or [row for row in PRICES if q in f"{row[0]} {row[1]} {row[4]}".lower()]


def cards_table(query: str = ""):
    from rich.table import Table

    table = Table(title="Creature Feature elements (cards are written at the table)")
    for col in ("element", "gives", "meeting", "filming", "note"):
        table.add_column(col)
    for name, gives, meeting, filming, note in matching(query):
        table.add_row(name, gives, _dice(meeting), "—" if filming is None else _dice(filming), note,
                      style=KIND_STYLE.get(name))
    return table


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def describe_card(name: str, view: dict[str, Any] | None = None) -> str | None:
    """An element of the film in ``view`` (by id or name), else an element type."""
    found = film_card(view, name) if view else None
    if found:
        return found
    key = name.lower().strip()
    for row in PRICES:
        if row[0] == key:
            film = "not during filming" if row[3] is None else f"{_dice(row[3])} during filming"
            return f"{row[0]}: {row[1]}; {_dice(row[2])} at a meeting, {film}. {_sentence(row[4])}"
    return None


def film_card(view: dict[str, Any], name: str) -> str | None:
    """What one element of this film is, where it is (as far as this seat may know) and what
    it does; None if no id or name matches."""
    from horror.notation import _canon

    els = _els(view)
    ref = _canon(name)
    if ref not in els:
        ref = next((e[0] for e in view["elements"] if e[2].lower() == ref.lower()), "")
    if not ref:
        return None
    e = els[ref]
    kind = e[1]
    if ref in view["screen"]:
        where = f"on screen, played by {view['played_by'].get(ref, '?')}"
    elif ref in view["gone"]:
        where = "dead" if kind in CHARACTER_KINDS else "played"
    elif view.get("hand") and ref in view["hand"]:
        where = "in your hand"
    else:
        where = "not in your hand" if view["phase"] not in ("premise", "meeting") else "in the script"
    author = f"; written by {e[5]}" if e[5] else ""
    if kind == "monster":
        what = (_sentence("; ".join(view["abilities"]) or "no special abilities") + " It appears once "
                f"{view['trigger']}" + (" (the trigger has happened)." if view["triggered"] else "."))
    elif kind == "set":
        what = _sentence(set_details(view, els, ref))
    else:
        what = _sentence(next(row[4] for row in PRICES if row[0] == kind))
    return f"{_card(view, els, ref)} — {where}{author}. {what}"


def card_names(view: dict[str, Any] | None = None) -> list[str]:
    """The element types, and the ids and names of the film in ``view`` (for Tab and typos)."""
    film = [n for e in view["elements"] for n in (e[0], e[2]) if len(n) <= 40] if view else []
    return [row[0] for row in PRICES] + film


def end_summary(view: dict[str, Any], out: dict[str, Any]) -> list[Any]:
    """The end screen's part for a film: the credits (dice earned, each seat's line), every
    character's fate, and top billing (a film has no winner)."""
    from rich.table import Table

    credits = Table(title=_credits(view), title_justify="left")
    for col in ("seat", "dice earned", "dice spent", "dice lost", "billing"):
        credits.add_column(col, justify="left" if col in ("seat", "billing") else "right")
    best = max(view["earned"].values(), default=0)
    for s in view["seats"]:
        credits.add_row(s, str(view["earned"][s]), str(view["spent"].get(s, 0)),
                        str(view["lost"].get(s, 0)), "top billing" if view["earned"][s] == best else "")
    fates = []
    for e in view["elements"]:
        if e[1] not in CHARACTER_KINDS:
            continue
        fate = ("dies" if e[0] in view["gone"] else "is knocked out" if e[0] in view["out"]
                else "survives" if e[0] in view["screen"] else "never reached the screen")
        who = view["played_by"].get(e[0]) or e[5]
        fates.append(f"{e[2]} ({e[1]}{', ' + who if who else ''}) {fate}.")
    return [credits, "Fates: " + " ".join(fates) if fates else "Fates: no character was filmed."]


def _hand_lines(view: dict[str, Any], els: dict[str, list]) -> list[Any]:
    from rich.text import Text

    lines: list[Any] = [Text(f"Your hand ({view['seat']}):", style="bold")]
    lines += [_styled(f"  {_card(view, els, cid)}", els[cid][1]) for cid in view["hand"]]
    return lines if view["hand"] else [*lines, Text("  (empty)")]


def hand_view(view: dict[str, Any]):
    """The seat's hand alone (the full-screen table's hand pane); None for a spectator."""
    from rich.console import Group

    return Group(*_hand_lines(view, _els(view))) if view.get("hand") is not None else None


def callouts(before: dict[str, Any] | None, after: dict[str, Any], seat: str) -> list[str]:
    """What touched this seat since its last board: its characters killed, or saved by Plot
    Armour, dice it lost in a roll, the monster let loose, the director's chair won."""
    if before is None or seat not in after.get("seats", ()):
        return []
    mine = [e for e in after["elements"] if e[1] in CHARACTER_KINDS and e[5] == seat]
    out = []
    for e in mine:
        cid, name = e[0], e[2]
        if cid in after["gone"] and cid not in before["gone"]:
            out.append(f"{after['monster']} killed your {name}.")
        elif after["armour"].get(cid, 0) < before["armour"].get(cid, 0):
            left = after["armour"].get(cid, 0)
            out.append(f"Your {name} spent a level of Plot Armour and lives ({left} left).")
    lost = after["lost"].get(seat, 0) - before["lost"].get(seat, 0)
    if lost > 0:
        out.append(f"You lost {lost} {'die' if lost == 1 else 'dice'} in the roll.")
    if after["triggered"] and not before["triggered"]:
        out.append(f"{after['monster']} is loose: {after['trigger']}.")
    if after["director"] == seat and before["director"] != seat:
        out.append("You are in the director's chair.")
    return out
