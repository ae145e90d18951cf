"""The game's own words in the player's language: card names and texts (from
``locale/<lang>/cards.toml``), card types, traits, title words, and the stored English that
the state keeps for records (the end's reason, the decision prompts), said again in the
language of the reader. The state, facts and notation stay English; only what is shown passes
through here."""

from __future__ import annotations

import re

from common.agree import Named, card_grammar, plural_of
from common.i18n import DEFAULT, current
from gros import MESSAGES, N_, _, pgettext
from gros.catalog import Card, load_catalog

TYPE_NAMES = {"character": N_("Character"), "creature": N_("Creature"), "prop": N_("Prop"),
              "location": N_("Location"), "sfx": N_("SFX"), "credits": N_("Credits")}
# the traits' own table in cards.toml: not a card, so a card test skips it
TRAITS = "_traits"


def cards() -> dict[str, Card]:
    return load_catalog("gros+gr2").cards


def card_text(card: Card, field: str) -> str:
    """A card's name, text or quote in the current language."""
    return MESSAGES.card(card.id, field, getattr(card, field))


def card_name(cid: str) -> str:
    """A card id's name in the current language (an unknown id is shown as it is)."""
    card = cards().get(cid)
    return card_text(card, "name") if card else cid


def quoted(name: str) -> str:
    """A card's name as a sentence holds it (Russian sets it in «»: it need not decline)."""
    # Translators: a card's name inside a sentence; Russian: «{name}», so it needs no declension
    return pgettext("card name in a sentence", "{name}").format(name=name)


def type_name(ctype: str) -> str:
    return _(TYPE_NAMES[ctype])


def trait(word: str) -> str:
    """A trait (Undead, Psycho, ...) as the books of the current language call it."""
    return _lookup(TRAITS, word)


def title_word(word: str) -> str:
    """A title word ('zombie') as the current language writes it, for lists of words; the
    generated title declines it (``gros.titling``, whose data holds the words' forms)."""
    from common.i18n import MISSES
    from gros.titling import word as listed

    lang = current()
    if lang == DEFAULT:
        return word
    found = listed(word, lang)
    if found is None:
        MISSES.add(("gros", lang, f"title word {word}"))
        return word
    return found


def _lookup(table: str, word: str) -> str:
    if current() == DEFAULT:
        return word
    return MESSAGES.card(table, word, word) if word else word


def thing(text: str) -> Named:
    """A card id, or a card in play (SEAT/CARD[.k][/PROP]), as people read it: 'dana's The
    Robot (2)'. Combined Locations (GR2) are 'the-beach+the-boat-house'. The words of a
    sentence agree with the card it names last (the one held), ``common.agree``."""
    text = str(text)
    if "+" in text and "/" not in text:
        parts = [thing(part) for part in text.split("+")]
        return Named(" + ".join(parts), plural_of(parts))
    names: list[Named] = []
    for part in text.split("/"):
        cid, _sep, copy = part.partition(".")  # CARD.2: the second copy in that Movie
        if cid in cards():
            names.append(Named(quoted(card_name(cid)) + (f" ({copy})" if copy else ""), card_grammar(MESSAGES, cid)))
        else:
            names.append(Named(part))
    out = names[0]
    for name in names[1:]:
        # Translators: who holds what: "dana's The Robot", "The Robot's Ray Guns"
        out = Named(_("{owner}'s {thing}").format(owner=out, thing=name), name.grammar)
    return out


def names(ids: list[str] | tuple[str, ...]) -> Named:
    """Several cards in one sentence: the words that agree with them take the plural."""
    parts = [thing(i) for i in ids]
    return Named(", ".join(parts), plural_of(parts) if parts else "m")


_REASONS = (
    (re.compile(r"^(.+); the match to (\d+) is over$"),
     N_("{reason}; the match to {target} is over"), ("reason", "target")),
    (re.compile(r"^the last card was drawn$"), N_("the last card was drawn"), ()),
    (re.compile(r"^(\S+) rolled the credits$"), N_("{seat} rolled the credits"), ("seat",)),
)


def reason(text: str) -> str:
    """Why the game ended: the state keeps it in English (records assert on it)."""
    for pattern, message, keys in _REASONS:
        m = pattern.match(text or "")
        if m:
            values = dict(zip(keys, m.groups(), strict=True))
            if "reason" in values:
                values["reason"] = reason(values["reason"])
            return _(message).format(**values)
    return text


def decision_kind(kind: str) -> str:
    """The kind of decision a seat is asked for, as the board names it."""
    kinds = {"title": pgettext("decision", "title"), "draw": pgettext("decision", "draw"),
             "turn": pgettext("decision", "turn"), "stop": pgettext("decision", "stop"),
             "respond": pgettext("decision", "respond"), "anytime": pgettext("decision", "anytime"),
             "victim": pgettext("decision", "victim"), "discard": pgettext("decision", "discard")}
    return kinds.get(kind, kind)
