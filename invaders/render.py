"""Drawing Invaders for people: the board, the hands, the cards. Works from views only."""

from __future__ import annotations

from typing import Any

from common.agree import Named
from common.i18n import DEFAULT, Np_, current
from common.render import plain
from invaders import MESSAGES, N_, _, ngettext

SHIP, DEFENDER, RED, BLUE = "▼", "▲", "●", "◆"  # bullets differ in shape, not only colour
# a line of its own: '— Turn 2: ... —' and 'Turn 2: the aliens attack.' (and their Italian
# and Russian: 'Turno 2: ...', 'Ход 2: ...')
# the end screen's word before the winning side ("Vince: umani" read as broken Italian)
WINNER_LABEL = N_("Victory")
HEADER = r"^\s*(\u2014.*\u2014|(Turn|Turno|Ход) \d+: [^.!]+\.)\s*$"
# the narration's marks (common/story.py), English first, then the Italian and Russian words
MARKS = ((r"\b(explodes|destroy|destroyed|stops a red bullet)\b", "\u2212"),
         (r"\b(fleet|sweeps?|descends?|moves?)\b", "\u2192"),
         (r"\b(esplod\w*|distrugg\w*|distrutt\w*|ferma|scarta\w*|взрыв\w*|уничтож\w*|"
          r"останавливает|сбрасыва\w*|сбросить|rimescola\w*|замешива\w*)\b", "\u2212"),
         (r"\b(flotta|si sposta|scivola|флот\w*|перемещается|смещается)\b", "\u2192"),
         (r"\b(giocano|pescano|hai pescato|arriva|spara\w*|piazzano|разыгрыва\w*|берут|"
          r"вы взяли|прибывает|стреля\w*|ставят)\b", "+"))
# the board options' words in the player's language ('anteprima', 'прогноз'; common.commands)
TOGGLE_WORDS = (Np_("command", "preview"),)
VERBS_LINE = True  # the REPL lists the kinds of move open to the seat under its board
LIST_VERBS = ("discard",)  # 'discard fire, spread': several moves in one line (common.repl)
TOGGLES = {"preview": N_("where every bullet and ship will be after the next turn's phases 1–3")}
SIDES = {"aliens": N_("aliens"), "humans": N_("humans")}
PHASES = {"place": N_("placing the Defender"), "attack": N_("aliens' attack (phase 4)"),
          "defence": N_("humans' defence (phase 5)"), "over": N_("game over")}


def reason_text(reason: str) -> str:
    """Why a game ended (an outcome's English ``reason``) in the reader's language: for the
    end screen, which gets the outcome as data."""
    from invaders.views import reason_text as worded

    return worded(reason)


def side(seat: str) -> str:
    """A side's name as players read it (the seat's own name stays English in commands)."""
    return _(SIDES[seat]) if seat in SIDES else seat


# both sides are plural nouns in every language (alieni, umani; пришельцы, люди): the words
# of a shared sentence agree ('решают люди', common.agree)
SIDE_GRAMMAR = {"en": "pl", "it": "m.pl", "ru": "pl"}


def seat_name(seat: str) -> Named:
    """A side as the shared front-ends show it (``common.spec.GameSpec.seat_name``)."""
    return Named(side(seat), SIDE_GRAMMAR.get(current(), "m") if seat in SIDES else "m")


def name(seat: str, cid: str) -> str:
    """A card's name in the reader's language."""
    from invaders.rules import RULES

    return MESSAGES.card(f"{seat}.{cid}", "name", RULES.catalog.cards[seat][cid].name)


SPACE, MOON = "on navy_blue", "on yellow"  # light ink on dark space: red on blue read at 1.6:1


def _cell(view: dict[str, Any], name: str, colour: bool) -> list[tuple[str, str]]:
    """One square as (text, style) parts, 3 columns in all. Bullets stack (a ship with two red
    bullets has two shields), so more than one is shown with its count; a bullet on a ship or
    the Defender keeps its own colour beside the piece's."""
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
        return [((text or ("_" if lunar else ".")).center(3), "")]
    bg = MOON if lunar else SPACE
    marks = [(_bullets(RED, red), f"bold {_ink('red', lunar)} {bg}"),
             (_bullets(BLUE, blue), f"bold {_ink('blue', lunar)} {bg}")]
    parts = [(text, style) for text, style in marks if text]
    if ship or defender:
        parts.insert(0, (SHIP if ship else DEFENDER, f"bold {_ink('piece', lunar)} {bg}"))
    width = sum(len(text) for text, _style in parts)
    if not parts:
        return [("   ", bg)]
    left = " " if width < 3 else ""
    right = " " * (3 - width - len(left))
    out = ([(left, bg)] if left else []) + parts + ([(right, bg)] if right else [])
    return out


def _text(cell: list[tuple[str, str]]) -> str:
    return "".join(text for text, _style in cell)


def _ink(what: str, lunar: bool) -> str:
    """Light ink on dark space, dark ink on the yellow lunar row: bright cyan or white on
    yellow (the Defender, a blue bullet just fired, a landed ship) could hardly be seen."""
    if lunar:
        return {"piece": "black", "blue": "blue", "red": "red"}[what]
    return {"piece": "bright_white", "blue": "bright_cyan", "red": "bright_red"}[what]


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
            cell = _cell(view, name, colour)
            text = _text(cell)
            if since is not None and text.strip(" ._") and _cell(since, name, colour) != cell:
                if colour:
                    cell = [(part, f"{style} underline reverse") for part, style in cell]
                elif len(text.strip()) == 1:
                    cell = [(f"[{text.strip()}]", "")]
            for part, style in cell:
                out.append(part, style=style or None)
        out.append(f" {row}\n", style="dim")
    if not legend:
        out.rstrip()
        return out
    ship, defender, red, blue = (SHIP, DEFENDER, RED, BLUE) if colour else ("V", "A", "r", "b")
    out.append("    {ship} {ship_word}  {defender} {defender_word}  ".format(
        ship=ship, ship_word=_("ship"), defender=defender, defender_word=_("Defender")), style="dim")
    out.append("{red} {word} ".format(red=red, word=_("red bullet")),
               style="bright_red" if colour else None)
    out.append("{blue} {word}".format(blue=blue, word=_("blue bullet")),
               style="bright_cyan" if colour else None)
    out.append("  " + _("{mark}2: two stacked").format(mark=blue), style="dim")
    return out


def render_view(view: dict[str, Any], seat: str | None, since: dict[str, Any] | None = None,
                preview: bool = False, hand: bool = True):
    """Board, status and (for a seat) its hand, as one rich renderable; with ``preview``, the
    board as it will be after the next turn's phases 1–3 beside it (if no card is played)."""
    from rich.columns import Columns
    from rich.console import Group
    from rich.table import Table

    status = Table.grid(padding=(0, 2))
    phase = _(PHASES[view["phase"]])
    if view["discarding"]:
        phase = _("{phase} — discard").format(phase=phase)
    status.add_row(_("turn"), str(view["turn"]), _("phase"), phase)
    status.add_row(_("shields"), str(view["shields"]), _("to move"),
                   ", ".join(side(s) for s in view["to_move"]) or "—")
    for s in ("aliens", "humans"):
        status.add_row(side(s), _("hand {n}").format(n=view["hand_sizes"][s]), _("deck"),
                       _("{n}  discards {discards}").format(n=view["deck_sizes"][s],
                                                          discards=len(view["discards"][s])))
    grid: Any = board(view, since if since and since.get("turn", 0) <= view["turn"] else None)
    if preview and not view["winner"] and view["phase"] != "place":
        after, events = forecast(view)
        grid = Group(Columns([board(view, since, _("now"), legend=False),
                              board(after, view, _("after phases 1–3"), legend=False)], padding=4),
                     board(view, legend=True).split("\n")[-1])
    parts: list[Any] = [grid, status]
    if preview and not view["winner"] and view["phase"] != "place":
        said = [e for e in _forecast_lines(view, events)]
        text = _("Next turn, if no card is played: {events}").format(events=" ".join(said) or _("nothing is hit."))
        parts.append(f"[dim]{text}[/dim]")
    if view.get("hand") is not None and hand:  # the full-screen table has a pane for it
        parts.append(hand_line(view))
    if view["winner"]:
        from invaders.views import reason_text

        # Translators: rich markup: keep [bold] ... [/bold] around who won
        won = (_("[bold]The aliens win[/bold]: {reason}.") if view["winner"] == "aliens"
               else _("[bold]The humans win[/bold]: {reason}."))
        parts.append(won.format(reason=reason_text(view["reason"])))
    return Group(*parts)


def hand_view(view: dict[str, Any]) -> str | None:
    """The seat's hand alone (the full-screen table's hand pane); None for a spectator."""
    return hand_line(view) if view.get("hand") is not None else None


def hand_line(view: dict[str, Any]) -> str:
    """The hand; while the seat discards down to its limit, how many go and how to say it."""
    names = [name(view["seat"], c) for c in view["hand"]]
    title = _("Your hand ({side}):").format(side=side(view["seat"]))
    line = f"[bold]{title}[/bold] " + (", ".join(names) or _("empty"))
    limit = view.get("hand_limit", {}).get(view["seat"])
    over = len(view["hand"]) - limit if limit is not None else 0
    if view.get("discarding") and view["seat"] in view.get("to_move", ()) and over > 0:
        line += "\n" + ngettext("Discard {n} card, down to {limit}: 'discard CARD' ('{example}' for several).",
                                "Discard {n} cards, down to {limit}: 'discard CARD' ('{example}' for several).",
                                over).format(n=over, limit=limit, example=several(view["hand"]))
    return line


def several(hand: list[str]) -> str:
    """Two cards of this hand discarded in one line, as the reader types it: the example
    names cards the player holds (the fleet's hand has no Fire! nor Spread Shot)."""
    from invaders.notation import discard_line

    kinds = list(dict.fromkeys(hand))  # two kinds if it holds two; else a card twice
    return discard_line((kinds + hand)[:2])


def _card(seat: str, cid: str) -> tuple[str, str, str]:
    """A card's name, the name it has in another language (Italian for English readers, the
    English otherwise) and its text, as the reader reads them."""
    from invaders.rules import RULES

    card = RULES.catalog.cards[seat][cid]
    key = f"{seat}.{cid}"
    english = current() == DEFAULT
    other = (card.italian or MESSAGES.cards("it").get(key, {}).get("name", "")) if english else card.name
    return MESSAGES.card(key, "name", card.name), other, MESSAGES.card(key, "text", card.text)


def cards_table(query: str = ""):
    from rich.table import Table

    from common.render import card_query
    from invaders.notation import every_name
    from invaders.rules import RULES

    filters, words = card_query(query, ("side",))
    table = Table(title=_("Galaxy Invaders cards"))
    other = _("Italian") if current() == DEFAULT else _("English")
    for col in (_("side"), _("card"), other):
        table.add_column(col, max_width=18, overflow="fold")
    table.add_column(_("copies"), justify="right")
    table.add_column(_("effect"), ratio=1, min_width=30)  # the text gets the width (a narrow
    # terminal left it a word a line)
    for seat in ("aliens", "humans"):
        deck = RULES.catalog.decks[seat]
        for cid in RULES.catalog.cards[seat]:
            shown, other, text = _card(seat, cid)
            hay = " ".join([seat, side(seat), cid, *every_name(seat, cid), text]).lower()
            if not seat.startswith(filters.get("side", "")) or any(w not in hay for w in words):
                continue
            table.add_row(side(seat), shown, other, str(deck.get(cid, 0)), text,
                          style="red" if seat == "aliens" else "cyan")
    return table


def describe_card(name: str, view: dict[str, Any] | None = None) -> str | None:
    """Every card the name fits, one line each with its side, the asking seat's first: both
    sides have a Fire! and a Maneuver (the humans could not read theirs when the aliens' came
    back alone). "maneuver" also fits Maneuver 1, 2 and 3. A name in any language will do."""
    from invaders.notation import card_ids, every_name, fold
    from invaders.rules import RULES

    key = fold(name)
    lines = []
    sides = ("humans", "aliens") if (view or {}).get("seat") == "humans" else ("aliens", "humans")
    for seat in sides:
        for cid in RULES.catalog.cards[seat]:
            forms = {fold(n) for n in (cid, *every_name(seat, cid))}
            if key in forms | {f.rstrip("0123456789") for f in forms}:
                lines.append(_describe(seat, cid))
    if not lines:  # the start of one card's name
        found = card_ids(name)
        lines = [_describe(seat, cid) for seat in sides for cid in RULES.catalog.cards[seat]
                 if len(found) == 1 and cid in found]
    return "\n".join(lines) or None


def _describe(seat: str, cid: str) -> str:
    shown, other, text = _card(seat, cid)
    if not other:
        return _("{name} ({side}): {text}").format(name=shown, side=side(seat), text=text)
    return _("{name} ({side}; {other}): {text}").format(name=shown, side=side(seat), other=other, text=text)


def card_names() -> list[str]:
    """The names completion offers: English, and the reader's language."""
    from invaders.rules import RULES

    return sorted({n for seat, cards in RULES.catalog.cards.items() for cid, c in cards.items()
                   for n in (c.name, name(seat, cid))})


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


def _now_at(view: dict[str, Any], square: str) -> str:
    """Where the ship hit at ``square`` in the forecast stands now: a ship that descends into
    a bullet is hit a row below the square the board shows it on (the callout named f4 for the
    ship at f5, where no ship was)."""
    above = f"{square[0]}{int(square[1:]) + 1}"
    return above if square not in view["ships"] and above in view["ships"] else square


def callouts(before: dict[str, Any] | None, after: dict[str, Any], seat: str) -> list[str]:
    """What the next turn's phases will do to this side, if no card is played: a red bullet
    on the Defender, a ship landing, a ship about to be hit."""
    from invaders.board import DEFENDER_HIT, LANDED

    if after.get("winner") or after.get("phase") == "place" or seat not in ("aliens", "humans"):
        return []
    _after, events = forecast(after)
    landed = LANDED.split("{")[0]
    out = []
    for e in events:
        if e.kind == "shielded":  # a shield is up: it will be spent, not the Defender
            out.append(_("A red bullet will hit the Defender next turn; a Deflector Shield will "
                         "stop it (shields up: {n}).").format(n=after["shields"]))
        elif e.kind == "win" and e.data[1] == DEFENDER_HIT:
            out.append(_("A red bullet will hit the Defender next turn! (A Deflector Shield would "
                         "stop it.)") if seat == "humans" else
                       _("Your red bullet will hit the Defender next turn!"))
        elif e.kind == "win" and e.data[1].startswith(landed):
            out.append(_("A ship will land on the moon at {square} next turn, and the aliens win, "
                         "unless a card stops it.").format(square=e.data[1][len(landed):]))
        elif e.kind == "ship_destroyed" and seat == "aliens":
            out.append(_("A blue bullet will destroy your ship at {square} next turn.").format(
                square=_now_at(after, e.data[0])))
        elif e.kind == "ship_destroyed":
            out.append(_("Your blue bullet will destroy the ship at {square} next turn.").format(
                square=_now_at(after, e.data[0])))
    if not _after.get("winner"):  # one Maneuver from the edge of the lowest space row: a landing
        edge = f"{chr(96 + after['width'])}2"
        if edge in _after["ships"]:
            out.append((_("After phase 3 a ship stands at {square}: an alien Maneuver next turn "
                          "wraps it onto the moon, and the aliens win.") if seat == "humans" else
                        _("After phase 3 your ship stands at {square}: a Maneuver next turn "
                          "wraps it onto the moon, and you win.")).format(square=edge))
        out += _ray_callout(_after, seat)
    return out


def _ray_callout(after: dict[str, Any], seat: str) -> list[str]:
    """After phases 1–3, a ship whose Death Ray would reach the unshielded Defender while the
    fleet may still hold one: the one threat no card played later can answer."""
    from invaders.bots import Sight

    sight = Sight.of_view(after)
    if not sight.rays or sight.shields or sight.defender < 0:
        return []
    ship = sight.ray_open(sight.defender)
    if ship is None or seat == "aliens" and not _holds_ray(after):
        return []
    return [(_("After next turn's phase 3 the ship at {square} can strike the Defender with a Death "
               "Ray (the fleet may still hold {n}): raise a shield, shoot up the column or step aside.")
             if seat == "humans" else
             _("After next turn's phase 3 your ship at {square} can strike the Defender with a Death Ray."))
            .format(square=sight.name(ship), n=sight.rays)]


def _holds_ray(view: dict[str, Any]) -> bool:
    """The fleet's own view holds a Death Ray: its player is told only of a ray it can fire."""
    from invaders.rules import RULES

    cards = RULES.catalog.cards["aliens"]
    return any(cards[cid].effect == "ray" for cid in view.get("hand") or () if cid in cards)


def discard_pile(view: dict[str, Any]) -> str:
    """Both sides' discards are public (every discard is announced)."""
    lines = []
    for seat in ("aliens", "humans"):
        names = [name(seat, c) for c in view["discards"][seat]]
        said = (_("The aliens' discards ({n}): {cards}.") if seat == "aliens"
                else _("The humans' discards ({n}): {cards}."))
        lines.append(said.format(n=len(names), cards=", ".join(names) or _("none")))
    return "\n".join(lines)


def end_summary(view: dict[str, Any], out: dict[str, Any]) -> list[Any]:
    """How the game was won, and where it stood."""

    ships, shields = len(view["ships"]), view["shields"]
    # the result line above says why; this one when (it said the reason a third time)
    how = (_("The aliens won on turn {turn}.") if view["winner"] == "aliens"
           else _("The humans won on turn {turn}."))
    # Translators: {ships} is '3 alien ships left', {shields} '1 Deflector Shield up' (below)
    where = _("At the end: {ships}, {shields}, decks aliens {deck_aliens} · humans {deck_humans}, "
              "cards in hand aliens {hand_aliens} · humans {hand_humans}.")
    return [how.format(turn=view["turn"]),
            where.format(ships=ngettext("{n} alien ship left", "{n} alien ships left", ships).format(n=ships),
                         shields=ngettext("{n} Deflector Shield up", "{n} Deflector Shields up",
                                          shields).format(n=shields),
                         deck_aliens=view["deck_sizes"]["aliens"], deck_humans=view["deck_sizes"]["humans"],
                         hand_aliens=view["hand_sizes"]["aliens"], hand_humans=view["hand_sizes"]["humans"])]


