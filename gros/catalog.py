"""Grave Robbers card data: the TOML decks, read and validated into frozen ``Card`` values.

A card's abilities are lists of effects from the vocabulary in ``gros.vocabulary``; loading
checks every field of every card, so a malformed deck fails at once with the file, the
card and the field, never half-way through a game.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import gros.effects  # noqa: F401  (registers the action kinds the cards are checked against)
from common.cards import CardDataError, checksum, load_toml, require
from gros.cardtypes import TYPES, Action, Card, Effect
from gros.vocabulary import needs_attack, validate_action, validate_effect, validate_when

CARDS_DIR = Path(__file__).with_name("cards")
DECKS = ("gros", "gr2", "gros+gr2")
TARGETS = ("none", "movie", "character", "prop", "location", "creature", "card")
TIMINGS = ("own", "any")
CARD_FIELDS = {"name", "italian", "type", "strength", "traits", "title", "quote", "text", "copies",
               "passive", "combines", "ability", "as_sfx",
               "effects", "target", "take", "cost", "permanent", "when", "owner"}
ACTION_FIELDS = {"effects", "target", "take", "cost", "permanent", "when", "owner"}


def slug(text: str) -> str:
    """The notation's spelling of a name: lower case, words joined by hyphens. Accents go
    (an Italian 'città' is typed 'citta'), letters of any alphabet stay (Russian names), and
    'ё' is 'е', as Russians type it."""
    text = unicodedata.normalize("NFD", text.lower().replace("'", "").replace("’", ""))
    text = "".join(c for c in text if not unicodedata.combining(c)).replace("ё", "е")
    return re.sub(r"[\W_]+", "-", text).strip("-")


@dataclass(frozen=True)
class Catalog:
    cards: dict[str, Card]  # id -> card, every card of the decks in use
    deck: dict[str, int]  # id -> copies
    aliases: dict[str, str]  # slug of any name (English, Italian, id) -> id
    source: str  # canonical text for the checksum
    # slug of a name that belongs to several cards in different languages -> their ids: such a
    # name picks none of them by itself (the id, always a card's own, wins over any other name)
    shared: dict[str, frozenset[str]] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)  # id -> its data's canonical text (stamps)


def _effect(card: str, raw: Any, where: str, family: str) -> Effect:
    if not isinstance(raw, dict) or not isinstance(raw.get("kind"), str):
        raise CardDataError(f"{where}: card {card!r}: field '{family}': every effect is a table with a 'kind'")
    validate_effect(card, raw, where, family)
    return Effect(raw["kind"], tuple(sorted((k, _freeze(v)) for k, v in raw.items() if k != "kind")))


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    return value


def _action(card: str, raw: dict[str, Any], where: str, field: str, ability: bool = False) -> Action:
    allowed = ACTION_FIELDS | ({"timing", "once"} if ability else set())
    if field != "card":
        extra = set(raw) - allowed
        if extra:
            raise CardDataError(f"{where}: card {card!r}: field '{field}': unknown key {sorted(extra)[0]!r}")
    effects = raw.get("effects")
    if not isinstance(effects, list) or not effects:
        raise CardDataError(f"{where}: card {card!r}: field 'effects': needs at least one effect")
    target = raw.get("target", "none")
    if target not in TARGETS:
        raise CardDataError(f"{where}: card {card!r}: field 'target': {target!r} is not one of {', '.join(TARGETS)}")
    take = raw.get("take", "")
    if take and take not in TYPES:
        raise CardDataError(f"{where}: card {card!r}: field 'take': {take!r} is not a card type")
    cost = raw.get("cost", {})
    if not isinstance(cost, dict) or set(cost) - {"discard"} or not isinstance(cost.get("discard", 0), int) \
            or cost.get("discard", 0) < 0:
        raise CardDataError(f"{where}: card {card!r}: field 'cost': write cost = {{discard = N}}")
    owner = raw.get("owner", "any")
    if owner not in ("any", "self", "opponent"):
        raise CardDataError(f"{where}: card {card!r}: field 'owner': {owner!r} is not any, self or opponent")
    timing = raw.get("timing", "any")
    if timing not in TIMINGS:
        raise CardDataError(f"{where}: card {card!r}: field 'timing': {timing!r} is not own or any")
    permanent = raw.get("permanent", False)
    if not isinstance(permanent, bool) or not isinstance(raw.get("once", True), bool):
        raise CardDataError(f"{where}: card {card!r}: fields 'permanent' and 'once' are true or false")
    if permanent and target not in ("character", "location"):
        raise CardDataError(f"{where}: card {card!r}: field 'permanent': only a card played on a "
                            "Character or a Location is slid under it")
    when = validate_when(card, raw.get("when", {}), where)
    action = Action(tuple(_effect(card, e, where, "effects") for e in effects), target, take,
                    cost.get("discard", 0), permanent, when, owner, timing, raw.get("once", True))
    validate_action(card, action, where)
    return replace(action, stops=any(e.kind == "stop_card" for e in action.effects),
                   attack_only=needs_attack(action),
                   plain_when=tuple(kv for kv in when if kv[0] != "target_trait"),
                   target_trait=dict(when).get("target_trait"))


def parse_card(cid: str, entry: Any, where: str, deck: str) -> Card:
    """One card from its TOML table; CardDataError names the card and the field."""
    if not isinstance(entry, dict):
        raise CardDataError(f"{where}: card {cid!r}: must be a table")
    extra = set(entry) - CARD_FIELDS
    if extra:
        raise CardDataError(f"{where}: card {cid!r}: unknown field {sorted(extra)[0]!r}")
    name = require(cid, entry, "name", str, where)
    # the id is the English name's slug; a card only the Italian book has may keep the book's
    # ("istruzzito", "Head in the Books" in English): records and moves name it so
    if slug(name) != cid and slug(str(entry.get("italian", ""))) != cid:
        raise CardDataError(f"{where}: card {cid!r}: field 'name': {name!r} does not match the id (expected {slug(name)!r})")
    ctype = require(cid, entry, "type", str, where)
    if ctype not in TYPES:
        raise CardDataError(f"{where}: card {cid!r}: field 'type': {ctype!r} is not one of {', '.join(TYPES)}")
    strength = require(cid, entry, "strength", int, where) if ctype != "sfx" and ctype != "credits" \
        else entry.get("strength", 0)
    traits = entry.get("traits", [])
    if not isinstance(traits, list) or not all(isinstance(t, str) and t for t in traits):
        raise CardDataError(f"{where}: card {cid!r}: field 'traits': a list of words")
    for key in ("title", "quote", "text"):
        if not require(cid, entry, key, str, where).strip():
            raise CardDataError(f"{where}: card {cid!r}: field {key!r} is empty")
    if " " in entry["title"].strip():
        raise CardDataError(f"{where}: card {cid!r}: field 'title': one word")
    copies = require(cid, entry, "copies", int, where)
    if copies < 0:
        raise CardDataError(f"{where}: card {cid!r}: field 'copies': must be 0 or more")
    passive = entry.get("passive", [])
    if not isinstance(passive, list):
        raise CardDataError(f"{where}: card {cid!r}: field 'passive': a list of effects")
    action = ability = as_sfx = None
    own = {k: v for k, v in entry.items() if k in ACTION_FIELDS}
    if ctype in ("sfx", "credits"):
        if ctype == "sfx" and not own:
            raise CardDataError(f"{where}: card {cid!r}: field 'effects': an SFX needs effects")
        action = _action(cid, own or {"effects": [{"kind": "end_game"}]}, where, "card")
    elif own:
        raise CardDataError(f"{where}: card {cid!r}: field {sorted(own)[0]!r}: only SFX resolve effects; "
                            "use 'ability' or 'as_sfx'")
    if "ability" in entry:
        if ctype not in ("character", "prop", "location"):
            raise CardDataError(f"{where}: card {cid!r}: field 'ability': only cards that stay in play have one")
        ability = _action(cid, _table(cid, entry, "ability", where), where, "ability", ability=True)
    if "as_sfx" in entry:
        if ctype != "creature":
            raise CardDataError(f"{where}: card {cid!r}: field 'as_sfx': only a Creature may be played as an SFX")
        as_sfx = _action(cid, _table(cid, entry, "as_sfx", where), where, "as_sfx")
    combines = entry.get("combines", False)
    if not isinstance(combines, bool) or combines and ctype != "location":
        raise CardDataError(f"{where}: card {cid!r}: field 'combines': true or false, on a Location")
    italian = entry.get("italian", "")
    if not isinstance(italian, str):
        raise CardDataError(f"{where}: card {cid!r}: field 'italian': a name")
    return Card(cid, name, italian, ctype, strength, frozenset(traits), entry["title"].strip(),
                entry["quote"], entry["text"], copies, deck,
                tuple(_effect(cid, e, where, "passive") for e in passive), action, ability, as_sfx, combines)


def _table(cid: str, entry: dict[str, Any], key: str, where: str) -> dict[str, Any]:
    value = entry[key]
    if not isinstance(value, dict):
        raise CardDataError(f"{where}: card {cid!r}: field {key!r}: must be a table")
    return value


def load_file(path: Path, deck: str) -> tuple[dict[str, Card], str, dict[str, str]]:
    """A deck's cards, the canonical text of its file (the checksum's) and of each card's table
    (the record stamp's sketch, ``common.stamps``)."""
    data = load_toml(path)
    cards = data.get("cards")
    if not isinstance(cards, dict) or not cards:
        raise CardDataError(f"{path.name}: no [cards.ID] tables")
    return ({cid: parse_card(cid, entry, path.name, deck) for cid, entry in cards.items()},
            json.dumps(data, sort_keys=True), {cid: json.dumps(e, sort_keys=True) for cid, e in cards.items()})


@lru_cache(maxsize=8)
def load_catalog(deck: str = "gros", directory: Path = CARDS_DIR) -> Catalog:
    """The cards of ``deck`` (one of DECKS); cached, since every game of a run shares them."""
    if deck not in DECKS:
        raise CardDataError(f"no deck {deck!r} (decks: {', '.join(DECKS)})")
    cards: dict[str, Card] = {}
    sources, each = [], {}
    for part in deck.split("+"):
        found, source, texts = load_file(directory / f"{part}.toml", part)
        each.update(texts)
        for cid in found:
            if cid in cards:
                raise CardDataError(f"{part}.toml: card {cid!r}: the same id is in another deck")
        cards.update(found)
        sources.append(source)
    aliases, shared = _aliases(cards)
    deck_list = {cid: c.copies for cid, c in cards.items() if c.copies}
    return Catalog(cards, deck_list, aliases, checksum(sources), shared, each)


ARTICLES = ("the-", "il-", "lo-", "la-", "l-", "i-", "le-", "gli-")


def _aliases(cards: dict[str, Card]) -> tuple[dict[str, str], dict[str, frozenset[str]]]:
    """Every spelling move input accepts for each card: its id, its name in every language
    (``MESSAGES.card_names``) and each of them without its article. A spelling two cards share
    (one's Italian name is another's Russian one) is set apart in ``shared``, and names neither."""
    from gros import MESSAGES

    owners: dict[str, set[str]] = {}
    for card in cards.values():
        given = [n for n in (card.italian, *MESSAGES.card_names(card.id)) if n]
        # "L'Orda" is typed 'lorda' or 'l orda' (then 'orda', the article dropped)
        names = [slug(n) for n in given] + [slug(n.replace("'", " ")) for n in given if "'" in n]
        for name in names[:]:
            names += [name.removeprefix(a) for a in ARTICLES if name.startswith(a)]
        names += [card.id.removeprefix(a) for a in ARTICLES if card.id.startswith(a)]
        for alias in names:
            if alias:
                owners.setdefault(alias, set()).add(card.id)
    aliases = {alias: ids.copy().pop() for alias, ids in owners.items() if len(ids) == 1}
    shared = {alias: frozenset(ids) for alias, ids in owners.items() if len(ids) > 1}
    for cid in cards:  # an id is the notation's own name for its card: it always names it
        aliases[cid] = cid
        shared.pop(cid, None)
    return aliases, shared


@lru_cache(maxsize=1)
def all_aliases() -> dict[str, str]:
    """Every name of every card of both decks, for the state-free move parser."""
    return dict(load_catalog("gros+gr2").aliases)


def shared_names() -> dict[str, frozenset[str]]:
    """Names that belong to several cards (in different languages): they pick none."""
    return load_catalog("gros+gr2").shared
