"""Creature Feature's elements as a player reads them: one element of the film on a line (its
id, name, kind and Screen Time), a set's props and neighbours, and the element types with their
prices (the `cards` table, `card NAME`, the names Tab offers). The board (``horror.render``)
draws with these lines and hands the `cards` hooks on to ``common``."""

from __future__ import annotations

from typing import Any

from horror import MESSAGES, _, pgettext
from horror.elements import CHARACTER_KINDS, FILMING_COST, MEETING_COST, SCREEN_TIME, SET_MAX_ST
from horror.narration import dice as dice_text
from horror.narration import kind_name
from horror.pooltext import in_reader_language, named

KIND_STYLE = {"extra": "white", "supporting": "cyan", "star": "bold yellow", "set": "green",
              "trope": "magenta", "subplot": "blue", "monster": "bold red"}


def by_id(view: dict[str, Any]) -> dict[str, list]:
    return {e[0]: e for e in view["elements"]}


def card_line(view: dict[str, Any], els: dict[str, list], cid: str) -> str:
    e = els[cid]
    kind = e[1]
    if kind == "monster":
        return _("{id} {name} (Screen Time 4, Monster Dice {md})").format(id=cid, name=view["monster"], md=view["md"])
    if kind == "set":
        return _("{id} {name} (set, Screen Time {st})").format(id=cid, name=e[2], st=view["st"][cid])
    if kind == "trope":
        who = ", ".join(els[c][2] if c in els else c for c in e[4])
        return _("{id} trope, act {act}: {text}").format(id=cid, act=e[3], text=e[2]) + (f" [{who}]" if who else "")
    if kind == "subplot":
        return _("{id} subplot: {text}").format(id=cid, text=e[2]) + \
            f" [{', '.join(els[c][2] for c in e[4] if c in els)}]"
    armour = view["armour"][cid]
    concept = f": {e[6]}" if len(e) > 6 and e[6] else ""
    if armour:
        text = _("{id} {name} ({kind}, Screen Time {st}, Plot Armour {armour})")
    else:
        text = _("{id} {name} ({kind}, Screen Time {st})")
    return text.format(id=cid, name=e[2], kind=kind_name(kind), st=view["st"][cid], armour=armour) + concept


def set_details(view: dict[str, Any], els: dict[str, list], sid: str) -> str:
    """A set's props and its neighbours (where a chase may run on to)."""
    props = view["props"].get(sid) or []
    near = [els[b if a == sid else a][2] for a, b in view["near"] if sid in (a, b)]
    return _("props: {props}; next to: {near}").format(props=", ".join(props) or _("none"),
                                                        near=", ".join(near) or _("no other set"))


# element type, dice at a meeting, dice while filming (None: not then), the English note
# (what each gives is ``_gives``; names and notes in other languages are in locale/<lang>/cards.toml)
PRICES = [("extra", MEETING_COST["extra"], FILMING_COST["extra"],
           "a faceless victim; free at a meeting unless dice are spent on it"),
          ("supporting", MEETING_COST["supporting"], None, "helps the stars shine, lives a little longer"),
          ("star", MEETING_COST["star"], None, "a lead; may live to the credits"),
          ("armour", MEETING_COST["armour"], None, "saves a caught character once per level"),
          ("set", MEETING_COST["set"], FILMING_COST["set"], "one specific place; props free"),
          ("raise", MEETING_COST["raise"], FILMING_COST["raise"], "a set holds at most 5 dice"),
          ("trope", 0, None, "an act ends when its tropes are played"),
          ("subplot", 0, None, "may be played again and again"),
          ("prop", 0, None, "anyone on the set may use it")]


def _gives(key: str) -> str:
    """What an element type gives, in the player's language."""
    words = {"extra": _("Screen Time {st}").format(st=SCREEN_TIME["extra"]),
             "supporting": _("Screen Time {st}").format(st=SCREEN_TIME["supporting"]),
             "star": _("Screen Time {st}, Plot Armour 1").format(st=SCREEN_TIME["star"]),
             "armour": _("+1 Plot Armour"), "set": _("Screen Time {st}").format(st=0),
             "raise": _("+1 set Screen Time (at most {most})").format(most=SET_MAX_ST),
             "trope": _("act 1-3, characters"), "subplot": _("at least one character"), "prop": _("on a set")}
    return words[key]


def _row(row: tuple) -> tuple:
    """A PRICES row in the player's language: (key, name, gives, meeting, filming, note)."""
    key = row[0]
    return (key, kind_name(key), _gives(key), row[1], row[2], MESSAGES.card(key, "text", row[3]))


def _dice(n: int) -> str:
    return dice_text(n)


def matching(query: str) -> list[tuple]:
    """The element types a query names: by their name (in any language) when it starts one
    ('star' is not the supporting role whose note mentions stars), else anywhere in their text;
    'type:T' (``card_query``'s filter, as in the other games) names the type alone."""
    from common.render import card_query

    def words(text: str) -> str:  # a shell word ('oggetto-di-scena', options.card_slug) as words
        return " ".join(text.lower().replace("-", " ").split())

    filters, rest = card_query(query, ("type",))
    q = " ".join(rest)
    rows = [_row(row) for row in PRICES]
    if "type" in filters:
        wanted = words(filters["type"])
        rows = [r for r in rows
                if any(words(n).startswith(wanted) for n in (r[0], r[1], *MESSAGES.card_names(r[0])))]
    if not q:
        return rows
    named = [r for r in rows
             if any(words(n).startswith(q) for n in (r[0], r[1], *MESSAGES.card_names(r[0])))]
    return named or [r for r in rows if q in f"{r[0]} {r[1]} {r[2]} {r[5]}".lower()]


def cards_table(query: str = ""):
    from rich.table import Table

    table = Table(title=_("Creature Feature elements (cards are written at the table)"))
    for col in (pgettext("column", "element"), pgettext("column", "gives"), pgettext("column", "meeting"),
                pgettext("column", "filming"), pgettext("column", "note")):
        table.add_column(col)
    for key, name, gives, meeting, filming, note in matching(query):
        table.add_row(name, gives, _dice(meeting), "—" if filming is None else _dice(filming), note,
                      style=KIND_STYLE.get(key))
    return table


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def element_type(name: str) -> str | None:
    """The element type ``name`` names, in any language ('star', 'звезда'), or None."""
    key = name.lower().strip()
    for row in PRICES:
        if key in (row[0], kind_name(row[0]).lower(), *(n.lower() for n in MESSAGES.card_names(row[0]))):
            return row[0]
    return None


@in_reader_language
def describe_card(name: str, view: dict[str, Any] | None = None) -> str | None:
    """An element of the film in ``view`` (by id or name), else an element type."""
    found = film_card(view, name) if view else None
    if found:
        return found
    key = element_type(name)
    for row in PRICES:
        if row[0] == key:
            _key, title, gives, meeting, filming, note = _row(row)
            if filming is None:
                text = _("{name}: {gives}; {meeting} at a meeting, not during filming. {note}")
            else:
                text = _("{name}: {gives}; {meeting} at a meeting, {filming} during filming. {note}")
            return text.format(name=title, gives=gives, meeting=_dice(meeting),
                               filming=_dice(filming) if filming is not None else "", note=_sentence(note))
    return None


@in_reader_language
def film_card(view: dict[str, Any], name: str) -> str | None:
    """What one element of this film is, where it is (as far as this seat may know) and what
    it does; None if no id or name matches."""
    from horror.notation import _canon

    els = by_id(view)
    ref = _canon(name)
    if ref not in els:
        ref = next((e[0] for e in view["elements"] if e[2].lower() == ref.lower()), "")
    if not ref:
        return None
    e = els[ref]
    kind = e[1]
    if ref in view["screen"]:
        where = _("on screen, played by {seat}").format(seat=view["played_by"].get(ref, "?"))
    elif ref in view["gone"]:
        where = pgettext("where", "dead") if kind in CHARACTER_KINDS else pgettext("where", "played")
    elif view.get("hand") and ref in view["hand"]:
        where = _("in your hand")
    else:
        where = _("not in your hand") if view["phase"] not in ("premise", "meeting") else _("in the script")
    if kind == "monster":
        abilities = _sentence("; ".join(view["abilities"]) or _("no special abilities"))
        monster = named(e[2])  # "They appear once …" for the Pale Miners
        what = abilities + " " + (_("{monster:It appears|They appear} once {trigger} (the trigger has happened).")
                                  if view["triggered"] else _("{monster:It appears|They appear} once {trigger}.")).format(
            trigger=view["trigger"], monster=monster)
    elif kind == "set":
        what = _sentence(set_details(view, els, ref))
    else:
        what = _sentence(next(MESSAGES.card(row[0], "text", row[3]) for row in PRICES if row[0] == kind))
    if e[5]:
        return _("{card} — {where}; written by {seat}. {what}").format(
            card=card_line(view, els, ref), where=where, seat=e[5], what=what)
    return _("{card} — {where}. {what}").format(card=card_line(view, els, ref), where=where, what=what)


@in_reader_language
def card_names(view: dict[str, Any] | None = None) -> list[str]:
    """The element types (in every language), and the ids and names of the film in ``view``
    (for Tab and typos)."""
    film = [n for e in view["elements"] for n in (e[0], e[2]) if len(n) <= 40] if view else []
    types = [row[0] for row in PRICES]
    local = [n for row in PRICES for n in (kind_name(row[0]), *MESSAGES.card_names(row[0]))]
    return types + [n for n in dict.fromkeys(local) if n not in types] + film
