"""Drawing a film for people: budgets, your hand, the active set and who is on screen, the
open tropes of the act, the conflict and its dice (successes highlighted), the latest events.
Works from views only. It also writes the screenplay at the credits and when asked.
"""

from __future__ import annotations

import os
from typing import Any

from common.i18n import Np_
from common.render import die_face, plain
from horror import N_, _, ngettext, pgettext
from horror.cardlist import (  # noqa: F401  (render hooks read by common)
    KIND_STYLE,
    by_id,
    card_line,
    card_names,
    cards_table,
    describe_card,
    set_details,
)
from horror.elements import CHARACTER_KINDS
from horror.narration import (
    conflict_name,
    decision_name,
    ending,
    kind_name,
    offer_lines,
    phase_name,
    side,
)
from horror.pooltext import in_reader_language, named
from horror.storymarks import HEADER, HEADER_KINDS, KIND_MARKS, MARKS  # noqa: F401  (read by common.story)

# read by common (which says them in the player's language through this game's catalog)
WINNER_LABEL = N_("Top billing")  # the end screen's word: a film has no winner
BOARD_SKIPS = ("log", "log_dropped", "said")  # view keys the board never draws (common.repl)
ESTIMATE_LABEL = N_("chance of top billing")  # what the coach's estimate is, in a film


def fate(view: dict[str, Any], cid: str) -> str:
    if cid in view["gone"]:
        return pgettext("fate", "killed")
    return pgettext("fate", "survived") if view["phase"] == "over" else pgettext("fate", "alive")


@in_reader_language
def script_text(view: dict[str, Any] | None = None) -> str:
    """The film's written elements as they stand: sets with props and neighbours, characters
    with their concepts and fates, tropes by act (played or not), subplots ('script')."""
    if not view:
        return _("No film yet.")
    els = by_id(view)
    out = [_("{title} — {monster}; {setting}. The trigger: {trigger}.").format(
        title=view["title"], monster=view["monster"], setting=view["setting"], trigger=view["trigger"])]
    sets = [e for e in view["elements"] if e[1] == "set"]
    out.append(_("Sets:") if sets else _("Sets: none yet."))
    out += [f"  {card_line(view, els, e[0])} — {set_details(view, els, e[0])}" for e in sets]
    cast = [e for e in view["elements"] if e[1] in CHARACTER_KINDS]
    out.append(_("Characters:") if cast else _("Characters: none yet."))
    out += [f"  {card_line(view, els, e[0])} — {fate(view, e[0])}" for e in cast]
    for act in (1, 2, 3):
        tropes = [e for e in view["elements"] if e[1] == "trope" and e[3] == act]
        if tropes:
            out.append(_("Tropes of act {act}:").format(act=act))
            out += [f"  {card_line(view, els, e[0])}" + (" " + pgettext("trope", "(played)") if e[0] in view["gone"]
                                                     else "") for e in tropes]
    subplots = [e for e in view["elements"] if e[1] == "subplot"]
    if subplots:
        out.append(_("Subplots:"))
        out += [f"  {card_line(view, els, e[0])}" for e in subplots]
    return "\n".join(out)


@in_reader_language
def story_view(view: dict[str, Any]):
    """The full-screen table's spare board rows: the script as it stands (cast and fates,
    sets, tropes by act, subplots), so that the story stays in view without typing 'script'."""
    from rich.text import Text

    if view.get("phase") == "premise":
        return None
    body = script_text(view).split("\n", 1)[1:]  # the title line repeats the board's head
    out = Text(_("The script") + "\n", style="bold")
    out.append("\n".join(body), style=None if plain() else "dim")
    return out


# the words of these commands in the player's language ('copione', 'сценарий'; common.commands)
VERBS_LINE = True  # the REPL lists the kinds of move open to the seat under its board
GAME_COMMAND_WORDS = (Np_("command", "script"), Np_("command", "screenplay"))
GAME_COMMANDS = {"script": (N_("the film's written elements: sets, characters, tropes by act"), "script_text"),
                 "screenplay": (N_("screenplay FILE: write the film so far to FILE, on this computer"),
                                "write_screenplay")}




def _styled(text: str, kind: str):
    from rich.text import Text

    return Text(text, style="" if plain() else KIND_STYLE.get(kind, ""))


def dice_line(roll: list):
    """The last roll: every die as a die, successes in bold green."""
    from rich.text import Text

    out = Text()
    kind, sides, loser, lost = roll
    for i, (name, st, dice, hits) in enumerate(sides):
        if i:
            out.append("   vs   ")
        out.append(f"{side(name)} (≤{st}): ")
        for d in dice:
            face = f"{die_face(d)}{d}" if not plain() else (f"[{d}]" if d <= st else f" {d} ")
            out.append(face + " ", style=None if plain() else ("bold green" if d <= st else "dim"))
        out.append(f"= {hits}")
    if kind == "help":  # a helper's one side: what its successes took off the monster's stake
        if lost:
            out.append("  → " + _("the monster loses {n}").format(n=lost), style=None if plain() else "bold red")
    elif loser >= 0 and lost:
        out.append("  → " + _("{name} loses {n}").format(name=side(sides[loser][0]), n=lost),
                   style=None if plain() else "bold red")
    elif loser < 0 and kind != "help":
        out.append("  → " + _("a draw"))
    return out


@in_reader_language
def render_view(view: dict[str, Any], seat: str | None, since: dict[str, Any] | None = None,
                hand: bool = True):
    """The film; what came on screen since ``since`` (the player's last board) is marked.
    ``hand=False`` leaves the hand out (the full-screen table draws ``hand_view`` apart)."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    els = by_id(view)
    act = _("the climax") if view["act"] == 4 else _("act {act}").format(act=view["act"])
    head = Text(f"{view['title']} — {view['monster']} · {view['setting']} · {act}", style="bold")
    parts: list[Any] = [head]
    status = _("phase {phase}").format(phase=phase_name(view["phase"]))
    if view["director"]:
        scene = _("the climax") if view["act"] == 4 else _("scene {n}").format(n=view["scene_no"])
        status += " · " + _("{scene} directed by {director} (paid {price})").format(
            scene=scene, director=view["director"], price=view["chair_price"])
    status += " · " + _("Monster Dice {md}").format(md=view["md"])
    if view["triggered"]:
        status += " · " + _("the trigger has happened")
    parts.append(Text(status))
    budgets = Table(box=None, padding=(0, 2))
    for i, col in enumerate((pgettext("column", "seat"), pgettext("column", "dice"),
                             pgettext("column", "earned"), pgettext("column", "cards"))):
        budgets.add_column(col, justify="right" if i else "left")
    for s in view["seats"]:
        mark = (" ◀" if s in view["to_move"] else "") + (" 🎬" if s == view["director"] and not plain() else
                                                         " " + _("(director)") if s == view["director"] else "")
        budgets.add_row(s + mark, str(view["budgets"][s]), str(view["earned"][s]), str(view["hand_sizes"][s]))
    parts.append(budgets)
    if view["active_set"] or view["screen"]:
        parts.append(Text(_("On screen:"), style="bold"))
        for cid in view["screen"]:
            who = view["played_by"].get(cid, "")
            flag = (" ← " + _("active set") if cid == view["active_set"]
                    else " " + _("(knocked out)") if cid in view["out"] else "")
            if since is not None and cid not in since.get("screen", ()):
                flag += " ← " + _("new")
            parts.append(_styled(f"  {card_line(view, els, cid)} — {who}{flag}", els[cid][1]))
    open_tropes = [e for e in view["elements"] if e[1] == "trope" and e[3] == view["act"] and e[0] not in view["gone"]]
    if open_tropes and view["phase"] not in ("premise", "over"):
        parts.append(Text(_("Open tropes of act {act}: {tropes}").format(
            act=view["act"], tropes="; ".join(f"{e[0]} {e[2]}" for e in open_tropes)),
            style="" if plain() else "magenta"))
    if hand and view.get("hand") is not None:
        parts.extend(_hand_lines(view, els))
    c = view["conflict"]
    if c:
        names = [els[s][2] if s in els else (_("the plan") if s == "plan" else s) for s in c["sides"]]
        kind = conflict_name(c["kind"])
        parts.append(Text(_("{kind}: {a} ({seat_a}) stake {stake_a} vs {b} ({seat_b}) stake {stake_b}").format(
            kind=kind[:1].upper() + kind[1:], a=names[0], seat_a=c["seats"][0], stake_a=_stake(c, 0),
            b=names[1], seat_b=c["seats"][1], stake_b=_stake(c, 1)), style="bold"))
    if view["last_roll"] and (c or since is None or since.get("last_roll") != view["last_roll"]):
        parts.append(dice_line(view["last_roll"]))  # a settled roll shows once, not on every board
    if view["act"] == 4:
        parts.append(Text(_("Pools: monster {monster}, plan {plan}").format(
            monster=view["pools"][0], plan=view["pools"][1])
            + (" · " + _("the plan: {plan}").format(plan=view["plan"]) if view["plan"] else "")))
    if view["auction"]:
        parts.append(Text(_auction(view), style="bold"))
    parts.extend(Text(line) for line in offer_lines(view))
    if view["to_move"]:
        parts.append(Text(_("{seat} to decide: {decision}").format(
            seat=view["to_move"][0], decision=decision_name(view["decision"])), style="bold"))
    if view["phase"] == "over":
        parts.append(Text(_credits(view), style="" if plain() else "bold green"))
    return Group(*parts)


def _stake(conflict: dict[str, Any], i: int) -> str:
    """A side's stake as it will roll: the monster's Monster Dice join its player's dice."""
    staked = max(conflict["stakes"][i], 0)
    bonus = (conflict.get("bonus") or (0, 0))[i]
    if not bonus:
        return str(staked)
    return ngettext("{staked} + {n} Monster Die", "{staked} + {n} Monster Dice", bonus).format(
        staked=staked, n=bonus)


def _credits(view: dict[str, Any]) -> str:
    """How the film ended and who gets top billing (a film has no winner: the most dice
    earned is the billing)."""
    earned = view["earned"]
    best = max(earned.values(), default=0)
    top = [s for s in view["seats"] if earned.get(s) == best]
    return ngettext("The credits roll: {ending}. Top billing: {seats} ({n} die earned).",
                    "The credits roll: {ending}. Top billing: {seats} ({n} dice earned).", best).format(
        ending=ending(view["ending"]), seats=", ".join(top), n=best)


def _auction(view: dict[str, Any]) -> str:
    """The chair's current price and who holds the high bid, and what the next bid must be."""
    a = view["auction"]
    what = _("A claim on the director's chair") if a["claim"] else _("The director's chair is up for auction")
    high = (_("the high bid is {high}, by {leader}").format(high=a["high"], leader=a["leader"]) if a["leader"]
            else _("no bid yet"))
    return _("{what}: {high}; the next bid is at least {next}.").format(what=what, high=high, next=a["high"] + 1)


@in_reader_language
def write_screenplay(rest: str = "", view: dict[str, Any] | None = None) -> str:
    """'screenplay FILE': this player writes the film so far to FILE (a .fountain name: as
    Fountain), never over an existing file. Only the player's own word writes a file: another
    player's 'screenplay' or title writes nothing here (issue 20)."""
    from common.engine import GameError
    from horror.screenfile import default_name, write

    if not view:
        return _("No film yet.")
    name = os.path.expanduser(rest.strip())
    if not name:
        return _("screenplay FILE writes the film so far to FILE (FILE.fountain: as Fountain), "
                 "for instance: screenplay {name}").format(name=default_name(view))
    try:
        path = write(view, name)
    except GameError as exc:
        return _("Could not write the screenplay: {error}").format(error=exc)
    return _("The screenplay is in {path}.").format(path=path)


@in_reader_language
def credits_screenplay(view: dict[str, Any]) -> str:
    """At the credits, the screenplay goes where the player's own $HORROR_SCREENPLAYS says
    (a file of its own there); without it, nothing is written, and the line says how to."""
    from common.engine import GameError
    from horror.screenfile import write_at_credits

    folder = os.environ.get("HORROR_SCREENPLAYS")
    if not folder:
        return _("The screenplay is written where $HORROR_SCREENPLAYS names a folder, or by "
                 "'screenplay FILE' during the film.")
    try:
        path = write_at_credits(view, folder)
    except GameError as exc:
        return _("Could not write the screenplay: {error}").format(error=exc)
    return _("The screenplay is in {path}.").format(path=path)


@in_reader_language
def end_summary(view: dict[str, Any], out: dict[str, Any]) -> list[Any]:
    """The end screen's part for a film: the credits (dice earned, each seat's line), every
    character's fate, and top billing (a film has no winner)."""
    from rich.table import Table

    credits = Table(title=_credits(view), title_justify="left")
    for i, col in enumerate((pgettext("column", "seat"), pgettext("column", "dice earned"),
                             pgettext("column", "dice spent"), pgettext("column", "dice lost"),
                             pgettext("column", "billing"))):
        credits.add_column(col, justify="left" if i in (0, 4) else "right")
    best = max(view["earned"].values(), default=0)
    for s in view["seats"]:
        credits.add_row(s, str(view["earned"][s]), str(view["spent"].get(s, 0)),
                        str(view["lost"].get(s, 0)), pgettext("billing", "top billing") if view["earned"][s] == best
                        else "")
    fates = []
    for e in view["elements"]:
        if e[1] not in CHARACTER_KINDS:
            continue
        if e[0] in view["gone"]:
            fate = _("{name} ({role}) dies.")
        elif e[0] in view["out"]:
            fate = _("{name} ({role}) is knocked out.")
        elif e[0] in view["screen"]:
            fate = _("{name} ({role}) survives.")
        else:
            fate = _("{name} ({role}) never reached the screen.")
        who = view["played_by"].get(e[0]) or e[5]
        fates.append(fate.format(name=e[2], role=kind_name(e[1]) + (", " + who if who else "")))
    return [credits, _("Fates: {fates}").format(fates=" ".join(fates)) if fates
            else _("Fates: no character was filmed."), credits_screenplay(view)]


def _hand_lines(view: dict[str, Any], els: dict[str, list]) -> list[Any]:
    from rich.text import Text

    lines: list[Any] = [Text(_("Your hand ({seat}):").format(seat=view["seat"]), style="bold")]
    lines += [_styled(f"  {card_line(view, els, cid)}", els[cid][1]) for cid in view["hand"]]
    return lines if view["hand"] else [*lines, Text("  " + _("(empty)"))]


@in_reader_language
def hand_view(view: dict[str, Any]):
    """The seat's hand alone (the full-screen table's hand pane); None for a spectator."""
    from rich.console import Group

    return Group(*_hand_lines(view, by_id(view))) if view.get("hand") is not None else None


@in_reader_language
def callouts(before: dict[str, Any] | None, after: dict[str, Any], seat: str) -> list[str]:
    """What touched this seat since its last board: its characters killed, or saved by Plot
    Armour, dice it lost in a roll, the monster let loose, the director's chair won."""
    if before is None or seat not in after.get("seats", ()):
        return []
    played = after.get("played_by") or {}
    mine = [e for e in after["elements"] if e[1] in CHARACTER_KINDS  # who plays it, not who wrote it
            and played.get(e[0], e[5]) == seat]
    out = []
    for e in mine:
        cid, name = e[0], e[2]
        if cid in after["gone"] and cid not in before["gone"]:
            out.append(_("{monster} killed your {name}.").format(monster=named(after["monster"]), name=name))
        elif after["armour"].get(cid, 0) < before["armour"].get(cid, 0):
            left = after["armour"].get(cid, 0)
            out.append(_("Your {name} spent a level of Plot Armour and lives ({left} left).").format(
                name=name, left=left))
    lost = after["lost"].get(seat, 0) - before["lost"].get(seat, 0)
    if lost > 0:
        out.append(ngettext("You lost {n} die in the roll.", "You lost {n} dice in the roll.", lost).format(n=lost))
    if after["triggered"] and not before["triggered"]:
        out.append(_("{monster} {monster:is|are} loose: {trigger}.").format(monster=named(after["monster"]),
                                                                          trigger=after["trigger"]))
    if after["director"] == seat and before["director"] != seat:
        out.append(_("You are in the director's chair."))
    return out
