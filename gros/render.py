"""Drawing Grave Robbers for people: Movies with their Defence, the hand, the title, a live
attack panel, and the card list. Works from views only; colours follow the rulebook
(blue Characters, red Creatures, orange Props, green Locations, yellow SFX)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from gros.catalog import Card, load_catalog, slug

COLOURS = {"character": "blue", "creature": "red", "prop": "dark_orange", "location": "green",
           "sfx": "yellow", "credits": "magenta"}
TYPE_NAMES = {"character": "Character", "creature": "Creature", "prop": "Prop", "location": "Location",
              "sfx": "SFX", "credits": "Credits"}


def _cards() -> dict[str, Card]:
    return load_catalog("gros+gr2").cards


def _styled(cid: str, words: set[str] | None = None, copy: str = ""):
    """A card name (and its copy number) in its type's colour; a star marks a card whose title
    word scores."""
    from rich.text import Text

    card = _cards().get(cid)
    if card is None:
        return Text(cid)
    star = " ★" if words and card.title.lower() in words else ""
    return Text(card.name + copy + star, style=f"bold {COLOURS[card.type]}")


def _movie_cards(m: dict[str, Any]) -> Counter[str]:
    """Every card in a Movie panel, counted (what is new since a player's last board)."""
    out: Counter[str] = Counter()
    for ch in m["chars"]:
        out.update([ch["card"], *ch["props"], *ch["under"]])
    out.update(m["location"] + m["loc_under"] + m["credits"])
    return out


def _movie_panel(m: dict[str, Any], me: bool, words: set[str], attacked: bool,
                 fresh: Counter[str] | None = None):
    """One Movie; cards in ``fresh`` (new since the player's last board) are marked."""
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    t = Table.grid(padding=(0, 1))
    t.add_column()
    t.add_column(justify="right")
    parts = dict()
    for label, value in m["parts"]:
        parts.setdefault(label.strip(), []).append(value)

    def take(label: str) -> str:
        values = parts.get(label, [])
        return f"{values.pop(0):+d}" if values else ""

    new = Counter(fresh or {})

    def styled(cid: str, copy: str = ""):
        text = _styled(cid, words, copy)
        if new[cid] > 0:
            new[cid] -= 1
            text.stylize("reverse")
            text.append(" ← new", style="dim")
        return text

    copies = Counter(ch["card"] for ch in m["chars"])
    seen: Counter[str] = Counter()
    for ch in m["chars"]:
        seen[ch["card"]] += 1  # the copy number the notation uses (CARD.2), to tell them apart
        copy = f" ({seen[ch['card']]})" if copies[ch["card"]] > 1 else ""
        t.add_row(styled(ch["card"], copy), take(ch["card"]))
        for p in ch["props"]:
            t.add_row(Text("  ") + styled(p), take(p))
        for u in ch["under"]:
            t.add_row(Text("  under: ") + styled(u), take("under " + u))
    for loc in m["location"]:
        t.add_row(Text("@ ") + styled(loc), take("@" + loc))
    for u in m["loc_under"]:
        t.add_row(Text("  under: ") + styled(u), take("under " + u))
    for label in ("allies", "this attack"):
        if parts.get(label):
            t.add_row(Text(label, style="dim"), take(label))
    for c in m["credits"]:
        t.add_row(Text("credits: ") + styled(c), "")
    if not m["chars"]:
        t.add_row(Text("(no cast)", style="dim"), "")
    title = f"{m['seat']}{' (you)' if me else ''} — Defence {m['defence']}"
    if attacked and m["defence"] != m["static"]:  # 'was 15' read as if 10 had been lost for good
        title += f" in this attack ({m['static']} without it)"
    return Panel(t, title=title, border_style="bold red" if attacked else ("cyan" if me else "white"),
                 expand=False)


def _attack_panel(view: dict[str, Any]):
    from rich.panel import Panel
    from rich.text import Text

    a = view["attack"]
    text = Text()
    text.append_text(_styled(a["creature"]))
    text.append(f"  Attack {a['value']}", style="bold red")
    text.append("  vs  ")
    text.append(f"Defence {a['defence']}", style="bold cyan")
    text.append(f"  ({a['attacker']} → {a['target']})\n")
    ok = a["value"] >= a["defence"]
    d = view["decision"]
    if view["phase"] == "victim" and d:  # decided: no window is open any more
        text.append(f"It SUCCEEDED: {d['seat']} picks the victim", style="bold red")
    else:
        text.append("If everyone passes now it " + ("SUCCEEDS" if ok else "fails"),
                    style="bold red" if ok else "bold green")
    if a["traits"]:
        text.append(f"   traits: {', '.join(a['traits'])}")
    for label, cards in (("Props", a["props"]), ("SFX played", a["spent"])):
        if cards:
            text.append(f"\n{label}: ")
            for k, c in enumerate(cards):
                text.append(", " if k else "")
                text.append_text(_styled(c))
    return Panel(text, title="ATTACK", border_style="bold red", expand=False)


def render_view(view: dict[str, Any], seat: str | None, since: dict[str, Any] | None = None,
                hand: bool = True):
    """Title, Movies, the attack in progress, the cards waiting to resolve, and the hand.
    ``since``: the view this player last saw; cards that came into a Movie since are marked."""
    from rich.columns import Columns
    from rich.console import Group
    from rich.text import Text

    words = set(view["title_words"])
    parts: list[Any] = []
    head = Text()
    if view["title"]:
        head.append(f"\u201c{view['title']}\u201d", style="bold magenta")
        head.append(f"  title words: {', '.join(view['title_words'])}\n")
    else:
        head.append("Title words revealed: " + ", ".join(view["candidates"]) + "\n", style="bold magenta")
    d = view["decision"]
    head.append(f"Game {view['game_no']} · round {view['round']} · {view['turn']}'s turn · "
                f"deck {view['deck_size']}{' (last card drawn)' if view['deck_out'] else ''} · "
                f"discards {len(view['discard'])}")
    if d and d["seat"] is None:  # a window: who is asked is theirs to know (G9)
        head.append(f" · {d['prompt']}", style="bold")
    elif d:
        head.append(f" · {d['seat']} to decide ({d['kind']})", style="bold")
        if d["seat"] == seat:
            head.append(f"\n{seat}: {d['prompt']}", style="bold yellow")
    parts.append(head)
    if view["phase"] == "title":  # nothing is dealt before the title (books 000 and 001)
        parts.append(Text("The hands are dealt, and the casts put down, once the title is agreed.",
                          style="dim"))
        if view["target"]:
            parts.append(Text("Totals: " + ", ".join(f"{n} {v}" for n, v in view["totals"].items())
                              + f" (playing to {view['target']})", style="dim"))
        return Group(*parts)
    a = view["attack"]
    target = a["target"] if a else None
    before = {m["seat"]: _movie_cards(m) for m in (since or {}).get("movies") or []} \
        if since and since.get("game_no") == view["game_no"] else {}
    parts.append(Columns([_movie_panel(m, m["seat"] == seat, words, m["seat"] == target,
                                       _movie_cards(m) - before[m["seat"]] if m["seat"] in before else None)
                          for m in view["movies"]]))
    if a:
        parts.append(_attack_panel(view))
    if view["stack"]:
        line = Text("Waiting to resolve (newest last): ", style="bold")
        for k, s in enumerate(view["stack"]):
            line.append(" ← " if k else "")
            line.append_text(_styled(s["card"]))
            line.append(f" ({s['seat']})")
        parts.append(line)
    sizes = Text("Hands: " + ", ".join(f"{n} {k}" for n, k in view["hand_sizes"].items()), style="dim")
    if view["target"]:
        sizes.append("   totals: " + ", ".join(f"{n} {v}" for n, v in view["totals"].items())
                     + f" (playing to {view['target']})")
    parts.append(sizes)
    if view["hand"] is not None and hand:  # the full-screen table has a pane of its own for it
        parts.append(hand_text(view["hand"], words))
    if view["winners"]:
        scores = ", ".join(f"{n} {v}" for n, v in view["scores"].items())
        if view["target"]:  # a match is won on the totals; the last game's scores are a part
            scores = (f"{scores} in the last game; match totals "
                      + ", ".join(f"{n} {v}" for n, v in view["totals"].items()))
        parts.append(Text(f"The credits roll — {view['reason']}. Scores: {scores}. "
                          f"Winner: {', '.join(view['winners'])}.", style="bold green"))
    return Group(*parts)


def hand_view(view: dict[str, Any]):
    """The seat's hand alone (the full-screen table's hand pane); None for a spectator."""
    return hand_text(view["hand"], set(view["title_words"])) if view.get("hand") is not None else None


def hand_text(hand: list[str], words: set[str]):
    """The hand line; it reads the console it is printed on, so that without colour (a pipe,
    NO_COLOR) each card says its type, which only its colour showed."""
    return _Hand(hand, words)


class _Hand:
    def __init__(self, hand: list[str], words: set[str]) -> None:
        self.hand, self.words = hand, words

    def __rich_console__(self, console, options):
        yield self.text(console.no_color or console.color_system is None)

    def text(self, plain: bool):
        from rich.text import Text

        if not self.hand:
            return Text("Your hand is empty.", style="bold")
        out = Text("Your hand: ", style="bold")
        cards = _cards()
        for k, cid in enumerate(self.hand):
            out.append(" · " if k else "")
            out.append_text(_styled(cid, self.words))
            card = cards.get(cid)
            if card and card.type not in ("sfx", "credits"):
                out.append(f" {card.strength}", style="dim")
            if card and plain:
                out.append(f" ({card.type})")
            out.append(f" [{cid}]", style="dim")
        return out


def cards_table(query: str = ""):
    """Every card of both decks (or those matching QUERY), coloured by type."""
    from rich.table import Table

    from common.render import card_query

    q = query.lower().strip()
    filters, words = card_query(q, ("type", "deck", "trait", "title"))
    table = Table(title="Grave Robbers cards" + (f" matching {query!r}" if q else ""))
    for col in ("deck", "card", "type", "str", "traits", "title", "×", "ability"):
        table.add_column(col, no_wrap=col in ("deck", "type", "str", "×"))
    for card in sorted(_cards().values(), key=lambda c: (c.deck, list(COLOURS).index(c.type), c.name)):
        hay = f"{card.deck} {card.id} {card.name} {card.italian} {card.type} {' '.join(card.traits)} " \
              f"{card.title} {card.text}".lower()
        fields = {"type": card.type, "deck": card.deck, "title": card.title.lower(),
                  "trait": " ".join(card.traits).lower()}
        if any(v not in fields[k] for k, v in filters.items()) or any(w not in hay for w in words):
            continue
        name = card.name + (f"\n({card.italian})" if card.italian and card.italian != card.name else "")
        strength = "" if card.type in ("sfx", "credits") else f"{card.strength:+d}" if card.type == "location" \
            else str(card.strength)
        table.add_row(card.deck, name, TYPE_NAMES[card.type], strength, ", ".join(sorted(card.traits)),
                      card.title, str(card.copies), card.text, style=COLOURS[card.type])
    return table


def describe_card(name: str, view: dict[str, Any] | None = None) -> str | None:
    """A card's text; in a game (``view``), a card its deck does not hold says so first."""
    cards = _cards()
    aliases = load_catalog("gros+gr2").aliases
    card = cards.get(aliases.get(slug(name), ""))
    if card is None:
        return None
    italian = f" ({card.italian})" if card.italian and card.italian != card.name else ""
    strength = "" if card.type in ("sfx", "credits") else f", strength {card.strength}"
    traits = f", traits: {', '.join(sorted(card.traits))}" if card.traits else ""
    absent = ""
    if view is not None and card.id not in load_catalog(view["deck_name"]).deck:
        absent = f"Not in this game's deck ({view['deck_name']}): "
    return (f"{absent}{card.name}{italian} [{card.id}] — {TYPE_NAMES[card.type]}{strength}{traits}; "
            f"title word: {card.title}. {card.text} \u201c{card.quote}\u201d")


def card_names() -> list[str]:
    return sorted(_cards())


# -- the story around the board: quotes, the discard pile, callouts, the end screen --------------

def _by_name() -> dict[str, Card]:
    return {c.name: c for c in _cards().values()}


def quote_for(line: str) -> list[str]:
    """The quote of each card a line says is played: both books have the player read the
    card's name and quote aloud."""
    import re

    out = []
    names = _by_name()
    for m in re.finditer(r"\bplays (The [A-Z][\w'’-]*(?: [\w'’!-]+)*|[A-Z][\w'’!-]*(?: [\w'’!-]+)*)", line):
        words = m.group(1).split()
        for k in range(len(words), 0, -1):  # the longest card name the words begin with
            card = names.get(" ".join(words[:k]).rstrip(".,!"))
            if card is not None and card.quote:
                out.append(f"{card.name}: \u201c{card.quote}\u201d")
                break
    return out


def discard_pile(view: dict[str, Any]) -> str:
    """The discards are face up in Grave Robbers (Grave Robber, Reshoot, Mad Lab, Department
    Store and Meanwhile take cards from them)."""
    cards = _cards()
    pile = view.get("discard") or []
    if not pile:
        return "The discard pile is empty."
    names = [cards[c].name if c in cards else c for c in pile]
    return f"The discard pile ({len(pile)} card{'s' * (len(pile) != 1)}, newest last): " + ", ".join(names) + "."


def _cast(view: dict[str, Any], seat: str) -> Counter[str]:
    for m in view.get("movies") or []:
        if m["seat"] == seat:
            return Counter(ch["card"] for ch in m["chars"])
    return Counter()


def callouts(before: dict[str, Any] | None, after: dict[str, Any], seat: str) -> list[str]:
    """What happened to this seat's Movie since its last board, said to it plainly."""
    if before is None or before.get("game_no") != after.get("game_no"):
        return []
    cards = _cards()
    name = lambda c: cards[c].name if c in cards else c  # noqa: E731
    out = []
    lost = _cast(before, seat) - _cast(after, seat)
    a = before.get("attack")
    for cid in lost.elements():
        if a and a["target"] == seat:
            out.append(f"{a['attacker']}'s {name(a['creature'])} killed your {name(cid)}.")
        else:
            out.append(f"Your {name(cid)} has left your Movie.")
    now = after.get("attack")
    if now and now["target"] == seat and not (a and a["creature"] == now["creature"]
                                              and a["target"] == seat):
        out.append(f"{now['attacker']} attacks your Movie with {name(now['creature'])}: "
                   f"Attack {now['value']} against your Defence {now['defence']}.")
    return out


def end_summary(view: dict[str, Any], out: dict[str, Any]) -> list[Any]:
    """Each player's score as G12 counts it: the Movie's Defence, then +5 for each card whose
    title word is in the title, with the card and where it is (the Movie, the credits, or the
    hand, shown now as the rules have it)."""
    from rich.table import Table

    words = set(view.get("title_words") or [])
    cards = _cards()
    table = Table(title=f"\u201c{view.get('title')}\u201d — title words: {', '.join(sorted(words))}")
    for col in ("player", "Defence", "title words", "score"):
        table.add_column(col, justify="right" if col in ("Defence", "score") else "left")
    revealed = view.get("revealed") or {}
    gr2 = view.get("variant") == "gr2"
    for m in view.get("movies") or []:
        seat = m["seat"]
        held = [c for ch in m["chars"] for c in [ch["card"], *ch["props"], *ch["under"]]]
        held += m["location"] + m["loc_under"]
        if gr2:
            held += m["credits"]
        bonus = [f"+5 {cards[c].name} ({cards[c].title.lower()}, in the Movie)" for c in held
                 if c in cards and cards[c].title.lower() in words]
        bonus += [f"+5 {cards[c].name} ({cards[c].title.lower()}, in hand)"
                  for c in revealed.get(seat, []) if c in cards]
        score = (view.get("scores") or {}).get(seat, m["static"] + 5 * len(bonus))
        table.add_row(seat, str(m["static"]), "\n".join(bonus) or "—", str(score))
    parts: list[Any] = [table]
    if view.get("target"):
        parts.append("Match totals: " + ", ".join(f"{n} {v}" for n, v in view["totals"].items())
                     + f" (playing to {view['target']}).")
    return parts
