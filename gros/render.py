"""Drawing Grave Robbers for people: Movies with their Defence, the hand, the title, a live
attack panel, and the card list. Works from views only; colours follow the rulebook
(blue Characters, red Creatures, orange Props, green Locations, yellow SFX)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from common.i18n import current
from common.safetext import markup
from gros import _, ngettext, pgettext
from gros.catalog import Card, load_catalog, slug
from gros.coach import coach_reason  # noqa: F401 - the coach's hook (common.coachshow)
from gros.lang import (
    TYPE_NAMES,
    card_name,
    card_text,
    decision_kind,
    reason,
    thing,
    title_word,
    trait,
    type_name,
)
from gros.titling import shown_title

# the end screen words the outcome's reason (kept English in the state) with this hook
reason_text = reason

COLOURS = {"character": "blue", "creature": "red", "prop": "dark_orange", "location": "green",
           "sfx": "yellow", "credits": "magenta"}
__all__ = ["TYPE_NAMES"]


LIST_VERBS = ("discard",)  # 'discard the-swamp, the-earthquake': several moves in one line (common.repl)


def enter_move(view: dict[str, Any]) -> str | None:
    """What a bare Enter plays at the line REPL (``common.repl``): the turn's draw up to six,
    and 'done' after the end of turn's optional discards; the REPL plays it only when legal."""
    kind = (view.get("decision") or {}).get("kind")
    return {"draw": "draw", "discard": "done"}.get(kind or "")


def _cards() -> dict[str, Card]:
    return load_catalog("gros+gr2").cards


def _styled(cid: str, words: set[str] | None = None, copy: str = ""):
    """A card name (and its copy number) in its type's colour; a star marks a card whose title
    word scores."""
    from rich.text import Text

    card = _cards().get(cid)
    if card is None:
        return Text(cid)
    star = " ★" if words and card.word in words else ""
    return Text(card_text(card, "name") + copy + star, style=f"bold {COLOURS[card.type]}")


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
    parts: dict[str, list[int]] = {}
    for label, value in m["parts"]:
        parts.setdefault(label.strip(), []).append(value)

    def take(label: str) -> str:
        values = parts.get(label, [])
        return f"{values.pop(0):+d}" if values else ""

    new = Counter(fresh or {})
    left = _movie_cards(m)  # a card's copies still to draw: the last ones drawn are the new

    def styled(cid: str, copy: str = ""):
        text = _styled(cid, words, copy)
        left[cid] -= 1
        if left[cid] < new[cid]:  # a second copy that came in is marked, not the first
            text.stylize("reverse")
            text.append(" " + _("← new"), style="dim")
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
            t.add_row(Text("  " + _("under:") + " ") + styled(u), take("under " + u))
    for loc in m["location"]:
        t.add_row(Text("@ ") + styled(loc), take("@" + loc))
    for u in m["loc_under"]:
        t.add_row(Text("  " + _("under:") + " ") + styled(u), take("under " + u))
    for label, shown in (("allies", _("allies")), ("this attack", _("this attack"))):
        if parts.get(label):
            t.add_row(Text(shown, style="dim"), take(label))
    for c in m["credits"]:
        t.add_row(Text(_("credits:") + " ") + styled(c), "")
    if not m["chars"]:
        t.add_row(Text(_("(no cast)"), style="dim"), "")
    values = {"seat": m["seat"], "n": m["defence"], "static": m["static"], "score": m.get("score")}
    title = (_("{seat} (you) — Defence {n}") if me else _("{seat} — Defence {n}")).format(**values)
    # the score if the film ended now, on the bottom edge (no wider a panel for it)
    score = _("score {score}").format(**values) if m.get("score") is not None else None
    if attacked and m["defence"] != m["static"]:  # 'was 15' read as if 10 had been lost for good
        title += " " + _("in this attack ({static} without it)").format(**values)
    return Panel(t, title=title, subtitle=score, subtitle_align="right",
                 border_style="bold red" if attacked else ("cyan" if me else "white"), expand=False)


def _attack_panel(view: dict[str, Any]):
    from rich.panel import Panel
    from rich.text import Text

    a = view["attack"]
    text = Text()
    text.append_text(_styled(a["creature"]))
    text.append("  " + _("Attack {n}").format(n=a["value"]), style="bold red")
    text.append("  " + _("vs") + "  ")
    text.append(_("Defence {n}").format(n=a["defence"]), style="bold cyan")
    text.append(f"  ({a['attacker']} → {a['target']})\n")
    ok = a["value"] >= a["defence"]
    d = view["decision"]
    if view["phase"] == "victim" and d:  # decided: no window is open any more
        text.append(_("It SUCCEEDED: {seat} picks the victim").format(seat=d["seat"]), style="bold red")
    else:
        text.append(_("If everyone passes now it SUCCEEDS") if ok else _("If everyone passes now it fails"),
                    style="bold red" if ok else "bold green")
    if a["traits"]:
        text.append("   " + _("traits: {traits}").format(traits=", ".join(map(trait, a["traits"]))))
    for label, cards in ((_("Props"), a["props"]), (_("SFX played"), a["spent"])):
        if cards:
            text.append(f"\n{label}: ")
            for k, c in enumerate(cards):
                text.append(", " if k else "")
                text.append_text(_styled(c))
    return Panel(text, title=_("ATTACK"), border_style="bold red", expand=False)


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
        title = shown_title(view["title"], view["title_words"])
        # Translators: the film's title in quotes (Russian: «{title}»)
        head.append(pgettext("film title", "\u201c{title}\u201d").format(title=title), style="bold magenta")
        head.append("  " + _("title words: {words}").format(words=", ".join(map(title_word, view["title_words"])))
                    + "\n")
    else:
        head.append(_("Title words revealed: {words}").format(words=", ".join(map(title_word, view["candidates"])))
                    + "\n", style="bold magenta")
    d = view["decision"]
    values = {"game": view["game_no"], "round": view["round"], "seat": view["turn"], "deck": view["deck_size"],
              "discards": len(view["discard"])}
    drawer = view["state"].get("drawer", -1)
    if view["deck_out"] and view["phase"] != "over" and drawer >= 0 and view["names"][drawer] != view["turn"]:
        # gr2 (G11): the last card was drawn in another player's turn; the game ends with theirs
        values["drawer"] = view["names"][drawer]
        line = _("Game {game} · round {round} · {seat}'s turn · deck {deck} (last card drawn: the game ends "
                 "with {drawer}'s turn) · discards {discards}")
    elif view["deck_out"]:
        line = _("Game {game} · round {round} · {seat}'s turn · deck {deck} (last card drawn) · discards {discards}")
    else:
        line = _("Game {game} · round {round} · {seat}'s turn · deck {deck} · discards {discards}")
    head.append(line.format(**values))
    if d and d["seat"] is None:  # a window: who is asked is theirs to know (G9)
        head.append(f" · {_(d['prompt'])}", style="bold")
    elif d:
        head.append(" · " + _("{seat} to decide ({kind})").format(seat=d["seat"], kind=decision_kind(d["kind"])), style="bold")
        if d["seat"] == seat:
            head.append(f"\n{seat}: {_(d['prompt'])}", style="bold yellow")
    parts.append(head)
    if view["phase"] == "title":  # nothing is dealt before the title (books 000 and 001)
        parts.append(Text(_("The hands are dealt, and the casts put down, once the title is agreed."),
                          style="dim"))
        if view["target"]:
            parts.append(Text(_("Totals: {totals} (playing to {target})").format(
                totals=_tally(view["totals"]), target=view["target"]), style="dim"))
        return Group(*parts)
    a = view["attack"]
    target = a["target"] if a else None
    before = {m["seat"]: _movie_cards(m) for m in (since or {}).get("movies") or []} \
        if since and since.get("game_no") == view["game_no"] and since.get("phase") != "title" \
        else {}  # (after the title every card is new: the casts just put down are no news)
    parts.append(Columns([_movie_panel(m, m["seat"] == seat, words, m["seat"] == target,
                                       _movie_cards(m) - before[m["seat"]] if m["seat"] in before else None)
                          for m in view["movies"]]))
    if a:
        parts.append(_attack_panel(view))
    if view["stack"]:
        waiting = Text(_("Waiting to resolve (newest last):") + " ", style="bold")
        for k, s in enumerate(view["stack"]):
            waiting.append(" ← " if k else "")
            waiting.append_text(_styled(s["card"]))
            waiting.append(f" ({s['seat']})")
        parts.append(waiting)
    sizes = Text(_("Hands: {sizes}").format(sizes=_tally(view["hand_sizes"])), style="dim")
    if view["target"]:
        sizes.append("   " + _("totals: {totals} (playing to {target})").format(
            totals=_tally(view["totals"]), target=view["target"]))
    parts.append(sizes)
    if _starred(view, words):
        parts.append(Text(_("★ its title word is in the title: 5 points at the end, in a Movie "
                            "or a hand"), style="dim"))
    if view["hand"] is not None and hand:  # the full-screen table has a pane of its own for it
        parts.append(hand_text(view["hand"], words, view.get("hand_bonus")))
    if view["winners"]:
        scores = _tally(view["scores"])
        if view["target"]:  # a match is won on the totals; the last game's scores are a part
            scores = _("{scores} in the last game; match totals {totals}").format(
                scores=scores, totals=_tally(view["totals"]))
        parts.append(Text(_("The credits roll — {reason}. Scores: {scores}. Winner: {seats}.").format(
            reason=reason(view["reason"]), scores=scores, seats=", ".join(view["winners"])), style="bold green"))
    return Group(*parts)


def _starred(view: dict[str, Any], words: set[str]) -> bool:
    """Whether a ★ is on this player's screen (then the board says what it means)."""
    cards = _cards()
    shown = [cid for m in view["movies"] for cid in _movie_cards(m)] + (view["hand"] or [])
    return any(cid in cards and cards[cid].word in words for cid in shown)


def _tally(pairs: dict[str, int]) -> str:
    return ", ".join(f"{n} {v}" for n, v in pairs.items())


def hand_view(view: dict[str, Any]):
    """The seat's hand alone (the full-screen table's hand pane); None for a spectator."""
    return hand_text(view["hand"], set(view["title_words"]), view.get("hand_bonus")) \
        if view.get("hand") is not None else None


def hand_text(hand: list[str], words: set[str], bonus: int | None = None):
    """The hand, a card a row; ``bonus``: what its ★ cards add to the score at the end."""
    return _Hand(hand, words, bonus)


class _Hand:
    def __init__(self, hand: list[str], words: set[str], bonus: int | None = None) -> None:
        self.hand, self.words, self.bonus = hand, words, bonus

    def __rich_console__(self, console, options):
        yield self.text(console.no_color or console.color_system is None)

    def text(self, plain: bool):
        """One row a card: its name (★ when its title word scores), type, value, title word
        and what it does in a few words; 'card NAME' gives the whole text."""
        from rich.console import Group
        from rich.table import Table
        from rich.text import Text

        if not self.hand:
            return Text(_("Your hand is empty."), style="bold")
        head = Text(_("Your hand:"), style="bold")
        if self.bonus:
            head.append("  " + _("★ in hand: +{n} at the end").format(n=self.bonus), style="dim")
        rows = Table.grid(padding=(0, 1))
        for justify in ("left", "left", "right", "left", "left"):
            rows.add_column(justify=justify)
        cards = _cards()
        for cid in self.hand:
            card = cards.get(cid)
            if card is None:
                rows.add_row(Text(cid))
                continue
            value = "" if card.type in ("sfx", "credits") else f"{card.strength:+d}" \
                if card.type == "location" else str(card.strength)
            kind = type_name(card.type).lower()
            rows.add_row(Text("  ") + _styled(cid, self.words), Text(kind, style="dim" if not plain
                                                                      else ""),
                         value, Text(title_word(card.title), style="dim"),
                         Text(_gist(card_text(card, "text")), style="dim"))
        return Group(head, rows)


def _gist(text: str, most: int = 56) -> str:
    """A card's text in a few words: its first sentence, cut at a word if it is long."""
    first = text.split(". ")[0].rstrip(".")
    if len(first) <= most:
        return first
    return first[:most].rsplit(" ", 1)[0] + "…"


def cards_table(query: str = ""):
    """Every card of both decks (or those matching QUERY, in any language), coloured by type."""
    from rich.table import Table

    from common.render import card_query
    from gros import MESSAGES

    q = query.lower().strip()
    filters, words = card_query(q, ("type", "deck", "trait", "title"))
    heading = _("Grave Robbers cards matching {query!r}").format(query=query) if q else _("Grave Robbers cards")
    table = Table(title=heading)
    for col, shown in (("deck", _("deck")), ("card", _("card")), ("type", _("type")), ("str", _("str")),
                       ("traits", _("traits")), ("title", _("title")), ("×", "×"), ("ability", _("ability"))):
        table.add_column(shown, no_wrap=col in ("deck", "type", "str", "×"))
    for card in sorted(_cards().values(), key=lambda c: (c.deck, list(COLOURS).index(c.type), c.name)):
        shown = card_text(card, "name")
        traits = sorted(trait(t) for t in card.traits)
        hay = f"{card.deck} {card.id} {card.name} {card.italian} {' '.join(MESSAGES.card_names(card.id))} " \
              f"{card.type} {type_name(card.type)} {' '.join(card.traits)} {' '.join(traits)} " \
              f"{card.title} {title_word(card.title)} {card.text} {card_text(card, 'text')}".lower()
        fields = {"type": f"{card.type} {type_name(card.type)}".lower(), "deck": card.deck,
                  "title": f"{card.title} {title_word(card.title)}".lower(),
                  "trait": " ".join(sorted(card.traits) + traits).lower()}
        if any(v not in fields[k] for k, v in filters.items()) or any(w not in hay for w in words):
            continue
        other = card.name if shown != card.name else card.italian  # the English name beside another one
        name = shown + (f"\n({other})" if other and other != shown else "")
        strength = "" if card.type in ("sfx", "credits") else f"{card.strength:+d}" if card.type == "location" \
            else str(card.strength)
        table.add_row(card.deck, name, type_name(card.type), strength, ", ".join(traits),
                      title_word(card.title), str(card.copies), card_text(card, "text"), style=COLOURS[card.type])
    return table


def describe_card(name: str, view: dict[str, Any] | None = None) -> str | None:
    """A card's text; in a game (``view``), a card its deck does not hold says so first. The
    name may be given in any language, or in part when it fits one card."""
    from common.engine import NotationError
    from gros.notation import card as card_id
    from gros.notation import spelling

    cards = _cards()
    aliases = load_catalog("gros+gr2").aliases
    card = cards.get(aliases.get(slug(name), ""))
    if card is None:
        try:
            card = cards.get(card_id(name))
        except NotationError:
            return None
    if card is None:
        return None
    shown = card_text(card, "name")
    other = card.name if shown != card.name else card.italian
    also = f" ({other})" if other and other != shown else ""
    values = {"name": shown + also, "id": spelling(card.id, current()), "type": type_name(card.type),
              "strength": card.strength,
              "traits": ", ".join(sorted(trait(t) for t in card.traits)), "word": title_word(card.title),
              "text": card_text(card, "text"), "quote": card_text(card, "quote")}
    if card.type in ("sfx", "credits"):
        head = _("{name} [{id}] — {type}").format(**values)
    elif card.type == "creature":  # the books: 'Blob (Attacco 9)', a Location '(Difesa +5)'
        head = _("{name} [{id}] — {type}, Attack {strength}").format(**values)
    else:
        head = _("{name} [{id}] — {type}, Defence {strength}").format(**values)
    if card.traits:
        head += _(", traits: {traits}").format(**values)
    out = head + _("; title word: {word}. {text} \u201c{quote}\u201d").format(**values)
    if view is not None and card.id not in load_catalog(view["deck_name"]).deck:
        out = _("Not in this game's deck ({deck}): ").format(deck=view["deck_name"]) + out
    return out


def card_names() -> list[str]:
    return sorted(_cards())


# -- the story around the board: quotes, the discard pile, callouts, the end screen --------------

def _by_name() -> dict[str, Card]:
    return {card_text(c, "name"): c for c in _cards().values()}


def quote_for(line: str) -> list[str]:
    """The quote of each card a line says is played: both books have the player read the
    card's name and quote aloud. The line is narration in the reader's language: a card's
    name follows that language's 'plays'."""
    from gros.lang import quoted

    out: list[str] = []
    names = _by_name()
    # Translators: what comes right before a played card's name in '{seat} plays {card}.'
    # (the same words as there, with the space after them), so the card's quote can be found
    marker = pgettext("narration", "plays ")
    if not marker.strip():
        return out
    start = quoted("\x00").split("\x00")[0]
    at = line.find(marker)
    while at >= 0:
        rest = line[at + len(marker):].removeprefix(start)
        best = max((n for n in names if rest.startswith(n) and names[n].quote), key=len, default=None)
        if best is not None:
            card = names[best]
            # Translators: a card's name and its quote, read aloud as it is played
            out.append(_("{card}: \u201c{quote}\u201d").format(card=best, quote=card_text(card, "quote")))
        at = line.find(marker, at + 1)
    return out


def discard_pile(view: dict[str, Any]) -> str:
    """The discards are face up in Grave Robbers (Grave Robber, Reshoot, Mad Lab, Department
    Store and Meanwhile take cards from them)."""
    pile = view.get("discard") or []
    if not pile:
        return _("The discard pile is empty.")
    return ngettext("The discard pile ({n} card, newest last): {cards}.",
                    "The discard pile ({n} cards, newest last): {cards}.", len(pile)).format(
        n=len(pile), cards=", ".join(card_name(c) for c in pile))


def _cast(view: dict[str, Any], seat: str) -> Counter[str]:
    for m in view.get("movies") or []:
        if m["seat"] == seat:
            return Counter(ch["card"] for ch in m["chars"])
    return Counter()


def callouts(before: dict[str, Any] | None, after: dict[str, Any], seat: str) -> list[str]:
    """What happened to this seat's Movie since its last board, said to it plainly (the cards
    named as the narration names them, so that the words agree with them)."""
    if before is None or before.get("game_no") != after.get("game_no"):
        return []
    out = []
    lost = _cast(before, seat) - _cast(after, seat)
    back = Counter(after.get("hand") or []) - Counter(before.get("hand") or [])
    a = before.get("attack")
    for cid in lost.elements():
        if back[cid]:  # sent back to the hand (Continuity Error): not killed, whatever attacks
            back[cid] -= 1
            out.append(_("Your {card} has gone back to your hand.").format(card=thing(cid)))
        elif a and a["target"] == seat and not _spends_itself(cid):
            out.append(_("{seat}'s {creature} killed your {card}.").format(
                seat=a["attacker"], creature=thing(a["creature"]), card=thing(cid)))
        else:
            out.append(_("Your {card} has left your Movie.").format(card=thing(cid)))
    now = after.get("attack")
    if now and now["target"] == seat and not (a and a["creature"] == now["creature"]
                                              and a["target"] == seat):
        out.append(_("{seat} attacks your Movie with {creature}: Attack {attack} against your Defence "
                     "{defence}.").format(seat=now["attacker"], creature=thing(now["creature"]),
                                          attack=now["value"], defence=now["defence"]))
    return out


def _spends_itself(cid: str) -> bool:
    """A Character whose ability discards it (The Psychic stops an attack so): gone during an
    attack on its Movie, it may have been used, not killed, and the boards cannot tell which."""
    card = _cards().get(cid)
    effects = card.ability.effects if card is not None and card.ability is not None else ()
    return any(e.kind == "discard" and e.get("self") for e in effects)


def end_summary(view: dict[str, Any], out: dict[str, Any]) -> list[Any]:
    """Each player's score as G12 counts it: the Movie's Defence, then +5 for each card whose
    title word is in the title, with the card and where it is (the Movie, the credits, or the
    hand, shown now as the rules have it)."""
    from rich.table import Table

    words = set(view.get("title_words") or [])
    cards = _cards()
    title = shown_title(view.get("title") or "", list(view.get("title_words") or []))
    # a table's title is rich markup: the players' own title is words there, '[blink]' too
    table = Table(title=_("\u201c{title}\u201d — title words: {words}").format(
        title=markup(title), words=", ".join(title_word(w) for w in sorted(words))))
    for col, shown in (("player", _("player")), ("Defence", _("Defence")), ("title words", _("title words")),
                       ("score", _("score"))):
        table.add_column(shown, justify="right" if col in ("Defence", "score") else "left")
    revealed = view.get("revealed") or {}
    gr2 = view.get("variant") == "gr2"
    for m in view.get("movies") or []:
        seat = m["seat"]
        held = [c for ch in m["chars"] for c in [ch["card"], *ch["props"], *ch["under"]]]
        held += m["location"] + m["loc_under"]
        if gr2:
            held += m["credits"]
        bonus = [_("+5 {card} ({word}, in the Movie)").format(card=card_name(c), word=title_word(cards[c].word))
                 for c in held if c in cards and cards[c].word in words]
        bonus += [_("+5 {card} ({word}, in hand)").format(card=card_name(c), word=title_word(cards[c].word))
                  for c in revealed.get(seat, []) if c in cards]
        score = (view.get("scores") or {}).get(seat, m["static"] + 5 * len(bonus))
        table.add_row(seat, str(m["static"]), "\n".join(bonus) or "—", str(score))
    parts: list[Any] = [table]
    if view.get("target"):
        parts.append(_("Match totals: {totals} (playing to {target}).").format(
            totals=_tally(view["totals"]), target=view["target"]))
    return parts
