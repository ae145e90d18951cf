"""Drawing Invaders for people: the board, the hands, the cards. Works from views only."""

from __future__ import annotations

from typing import Any

from common.render import plain

SHIP, DEFENDER, RED, BLUE = "▼", "▲", "●", "◆"  # bullets differ in shape, not only colour
HEADER = r"^\s*(\u2014.*\u2014|Turn \d+: the \w+ (attack|defend)\.)\s*$"  # a line of its own
MARKS = ((r"\b(explodes|destroy|destroyed|stops a red bullet)\b", "\u2212"),
         (r"\b(fleet|sweeps?|descends?|moves?)\b", "\u2192"))
TOGGLES = {"preview": "where every bullet and ship will be after the next turn's phases 1–3"}


def _cell(view: dict[str, Any], name: str, colour: bool) -> tuple[str, str]:
    """The text and style of one square. Bullets stack (a ship with two red bullets has two
    shields), so more than one is shown with its count."""
    red = view["red"].count(name)
    blue = view["blue"].count(name)
    if view["fresh_colour"] == "red":
        red += view["fresh"].count(name)
    else:
        blue += view["fresh"].count(name)
    lunar = name[1:] == "1"
    ship = name in view["ships"]
    defender = lunar and view["defender"] == name[0]
    if not colour:
        text = "V" if ship else "A" if defender else ""
        text += _bullets("r", red) + _bullets("b", blue)
        return (text or ("_" if lunar else ".")).center(3), ""
    bg = "on yellow" if lunar else "on blue"
    marks = _bullets(RED, red) + _bullets(BLUE, blue)
    if ship or defender:
        text = (SHIP if ship else DEFENDER) + marks
        return (f" {text}" if len(text) < 3 else text).ljust(3), f"bold {_ink('piece', lunar)} {bg}"
    if marks:
        return marks.center(3), f"bold {'red' if red else _ink('blue', lunar)} {bg}"
    return "   ", bg


def _ink(what: str, lunar: bool) -> str:
    """Light ink on the blue of space, dark ink on the yellow lunar row: bright cyan or white
    on yellow (the Defender, a blue bullet just fired, a landed ship) could hardly be seen."""
    if lunar:
        return "black" if what == "piece" else "blue"
    return "bright_white" if what == "piece" else "bright_cyan"


def _bullets(mark: str, n: int) -> str:
    return "" if n == 0 else mark if n == 1 else f"{mark}{n}"


def board(view: dict[str, Any], since: dict[str, Any] | None = None, title: str = "",
          legend: bool = True):
    """The grid: columns a.., row 1 the lunar surface (yellow), space above it (blue). Squares
    that changed since ``since`` (the player's last board) are underlined, or bracketed when
    there is no colour."""
    from rich.text import Text

    colour = not plain()
    w, h = view["width"], view["height"]
    out = Text(f"    {title}\n" if title else "", style="bold")
    letters = "".join(chr(97 + c).center(3) for c in range(w))
    out.append(f"    {letters}\n", style="dim")
    for row in range(h + 1, 0, -1):
        out.append(f" {row:>2} ", style="dim")
        for c in range(w):
            name = f"{chr(97 + c)}{row}"
            text, style = _cell(view, name, colour)
            if since is not None and text.strip(" ._") and _cell(since, name, colour) != (text, style):
                if colour:
                    style = f"{style} underline reverse"
                elif len(text.strip()) == 1:
                    text = f"[{text.strip()}]"
            out.append(text, style=style or None)
        out.append(f" {row}\n", style="dim")
    if not legend:
        out.rstrip()
        return out
    legend = (f"{SHIP} ship  {DEFENDER} Defender  " if colour else "V ship  A Defender  ")
    out.append("    " + legend, style="dim")
    out.append(f"{RED} red bullet " if colour else "r red bullet ", style="red" if colour else None)
    out.append(f"{BLUE} blue bullet" if colour else "b blue bullet", style="bright_cyan" if colour else None)
    return out


def render_view(view: dict[str, Any], seat: str | None, since: dict[str, Any] | None = None,
                preview: bool = False, hand: bool = True):
    """Board, status and (for a seat) its hand, as one rich renderable; with ``preview``, the
    board as it will be after the next turn's phases 1–3 beside it (if no card is played)."""
    from rich.columns import Columns
    from rich.console import Group
    from rich.table import Table

    status = Table.grid(padding=(0, 2))
    phase = {"place": "placing the Defender", "attack": "aliens' attack (phase 4)",
             "defence": "humans' defence (phase 5)", "over": "game over"}[view["phase"]]
    status.add_row("turn", str(view["turn"]), "phase", phase + (" — discard" if view["discarding"] else ""))
    status.add_row("shields", str(view["shields"]), "to move", ", ".join(view["to_move"]) or "—")
    for s in ("aliens", "humans"):
        status.add_row(s, f"hand {view['hand_sizes'][s]}", "deck", f"{view['deck_sizes'][s]}  "
                       f"discards {len(view['discards'][s])}")
    grid: Any = board(view, since if since and since.get("turn", 0) <= view["turn"] else None)
    if preview and not view["winner"] and view["phase"] != "place":
        after, events = forecast(view)
        grid = Group(Columns([board(view, since, "now", legend=False),
                              board(after, view, "after phases 1–3", legend=False)], padding=4),
                     board(view, legend=True).split("\n")[-1])
    parts: list[Any] = [grid, status]
    if preview and not view["winner"] and view["phase"] != "place":
        said = [e for e in _forecast_lines(view, events)]
        parts.append("[dim]Next turn, if no card is played: " + (" ".join(said) or "nothing is hit.") + "[/dim]")
    if view.get("hand") is not None and hand:  # the full-screen table has a pane for it
        parts.append(hand_line(view))
    if view["winner"]:
        parts.append(f"[bold]The {view['winner']} win[/bold]: {view['reason']}.")
    return Group(*parts)


def hand_view(view: dict[str, Any]) -> str | None:
    """The seat's hand alone (the full-screen table's hand pane); None for a spectator."""
    return hand_line(view) if view.get("hand") is not None else None


def hand_line(view: dict[str, Any]) -> str:
    from invaders.rules import RULES

    cards = RULES.catalog.cards[view["seat"]]
    names = [cards[c].name for c in view["hand"]]
    return f"[bold]Your hand ({view['seat']}):[/bold] " + (", ".join(names) or "empty")


def cards_table(query: str = ""):
    from rich.table import Table

    from common.render import card_query
    from invaders.rules import RULES

    filters, words = card_query(query, ("side",))
    table = Table(title="Galaxy Invaders cards")
    for col in ("side", "card", "Italian", "copies", "effect"):
        table.add_column(col)
    for seat in ("aliens", "humans"):
        deck = RULES.catalog.decks[seat]
        for cid, card in RULES.catalog.cards[seat].items():
            hay = f"{seat} {cid} {card.name} {card.italian} {card.text}".lower()
            if not seat.startswith(filters.get("side", "")) or any(w not in hay for w in words):
                continue
            table.add_row(seat, card.name, card.italian, str(deck.get(cid, 0)), card.text,
                          style="red" if seat == "aliens" else "cyan")
    return table


def describe_card(name: str, view: dict[str, Any] | None = None) -> str | None:
    """Every card the name fits, one line each with its side, the asking seat's first: both
    sides have a Fire! and a Maneuver (the humans could not read theirs when the aliens' came
    back alone). "maneuver" also fits Maneuver 1, 2 and 3."""
    from invaders.notation import card_id
    from invaders.rules import RULES

    key = card_id(name.split())
    lines = []
    sides = ("humans", "aliens") if (view or {}).get("seat") == "humans" else ("aliens", "humans")
    for seat in sides:
        for cid, card in RULES.catalog.cards[seat].items():
            forms = {cid, card.name.lower().replace(" ", ""), card.italian.lower().replace(" ", "")}
            if key in forms | {f.rstrip("0123456789") for f in forms}:
                lines.append(f"{card.name} ({seat}; {card.italian}): {card.text}")
    return "\n".join(lines) or None


def card_names() -> list[str]:
    from invaders.rules import RULES

    return sorted({c.name for seat in RULES.catalog.cards.values() for c in seat.values()})


# -- the story around the board: the forecast, callouts, the pile, the end screen ----------------

def forecast(view: dict[str, Any]) -> tuple[dict[str, Any], list]:
    """The board after the next turn's phases 1–3 if nobody plays another card, worked out
    by the rules' own movement code on a state rebuilt from the view (hidden cards do not move
    bullets), and what happens on the way."""
    from common.rng import Rng
    from invaders import board as moves
    from invaders.rules import RULES
    from invaders.state import ALIENS, ATTACK, HUMANS

    st = RULES.determinize(view, view.get("seat") or HUMANS, Rng(0))
    events: list = []
    if st.phase == ATTACK:
        moves.settle_fresh(st, ALIENS)
    else:
        moves.settle_fresh(st, HUMANS)
    st.red = moves.advance_red(st, st.red, events)
    if not st.winner:
        st.blue = moves.advance_blue(st, st.blue, events)
    if not st.winner:
        moves.descend(st, events)
    after = RULES.view(st, view.get("seat"))
    return after, events


def _forecast_lines(view: dict[str, Any], events: list) -> list[str]:
    from invaders.rules import RULES

    return [RULES.narrate(e) for e in events]


def callouts(before: dict[str, Any] | None, after: dict[str, Any], seat: str) -> list[str]:
    """What the next turn's phases will do to this side, if no card is played: a red bullet
    on the Defender, a ship landing, a ship about to be hit."""
    if after.get("winner") or after.get("phase") == "place" or seat not in ("aliens", "humans"):
        return []
    _, events = forecast(after)
    out = []
    for e in events:
        if e.kind == "shielded" or (e.kind == "win" and "Defender" in e.data[1]):
            out.append("A red bullet will hit the Defender next turn"
                       + (" (a Deflector Shield would stop it)." if e.kind == "shielded" else "!"))
        elif e.kind == "win" and "landed" in e.data[1]:
            square = e.data[1].rsplit(" ", 1)[-1]
            out.append(f"A ship will land on the moon at {square} next turn, and the aliens win, "
                       "unless a card stops it.")
        elif e.kind == "ship_destroyed" and seat == "aliens":
            out.append(f"A blue bullet will destroy your ship at {e.data[0]} next turn.")
        elif e.kind == "ship_destroyed":
            out.append(f"Your blue bullet will destroy the ship at {e.data[0]} next turn.")
    return out


def discard_pile(view: dict[str, Any]) -> str:
    """Both sides' discards are public (every discard is announced)."""
    from invaders.rules import RULES

    lines = []
    for side in ("aliens", "humans"):
        cards = RULES.catalog.cards[side]
        names = [cards[c].name for c in view["discards"][side]]
        lines.append(f"The {side}' discards ({len(names)}): " + (", ".join(names) or "none") + ".")
    return "\n".join(lines)


def end_summary(view: dict[str, Any], out: dict[str, Any]) -> list[Any]:
    """How the game was won, and where it stood."""
    ships = len(view["ships"])
    return [f"How: the {view['winner']} won on turn {view['turn']}: {view['reason']}.",
            f"At the end: {ships} alien ship{'s' * (ships != 1)} left, {view['shields']} Deflector "
            f"Shield{'s' * (view['shields'] != 1)} up, decks aliens {view['deck_sizes']['aliens']} · "
            f"humans {view['deck_sizes']['humans']}, cards in hand aliens "
            f"{view['hand_sizes']['aliens']} · humans {view['hand_sizes']['humans']}."]
