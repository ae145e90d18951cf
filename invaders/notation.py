"""The Invaders move language, used by the REPL, records, the wire protocol and logs
(``HELP`` shows it to players, in their language)."""

from __future__ import annotations

import difflib
from collections.abc import Callable

from common.engine import Move, NotationError
from common.spoken import to_speak
from invaders import N_, _

# The move words of the players' languages (the rulebook's Italian where it has one): also
# accepted, never written (records keep the English). The REPL's completion offers them in the
# player's language (common.completion).
MOVE_WORDS = {
    "it": {"fuoco": "fire", "fuoco!": "fire", "manovra": "maneuver", "rinforzi": "reinforce",
           "scudo": "shield", "fine": "end", "passo": "end", "piazza": "place", "scarta": "discard",
           "raffica": "spread", "ventaglio": "spread", "tiratore": "snipe", "propulsori": "drift",
           "raggio": "ray"},
    "ru": {"огонь": "fire", "манёвр": "maneuver", "маневр": "maneuver", "подкрепление": "reinforce",
           "щит": "shield", "конец": "end", "пас": "end", "готово": "end", "поставить": "place",
           "сбросить": "discard", "сброс": "discard", "залп": "spread", "веер": "spread",
           "стрелок": "snipe", "двигатели": "drift", "луч": "ray"},
}
_ALIASES = {
    "f": "fire", "fire!": "fire",
    "m": "maneuver", "move": "maneuver",
    "r": "reinforce", "reinforcements": "reinforce",
    "s": "shield", "deflector": "shield",
    "e": "end", "pass": "end", "done": "end", "p": "place", "d": "discard",
    "gunner": "snipe", "shoot": "snipe", "thrusters": "drift", "thrust": "drift",
    "deathray": "ray", "beam": "ray",
    **{word: verb for words in MOVE_WORDS.values() for word, verb in words.items()},
}
_CARD_ALIASES = {"reinforce": "reinforcements", "deflectorshield": "shield",
                 "lonegunner": "gunner", "sidethrusters": "thrusters", "spreadshot": "spread"}
_DIRS = {"left": -1, "l": -1, "right": 1, "r": 1,
         "sinistra": -1, "sin": -1, "destra": 1, "des": 1,
         "влево": -1, "налево": -1, "вправо": 1, "направо": 1}

# Translators: the examples in your language's move words (MOVE_WORDS), as 'moves' shows them
HELP = N_("""    place d            the humans put the Defender on column d of the lunar row (also: place d1)
    fire               play a Fire! card
    maneuver           the aliens' Maneuver (the whole fleet steps right)
    maneuver 2 left    the humans' Maneuver 2, Defender two squares left (also: left 2)
    reinforce c        a new ship on column c of the top row ("reinforce" alone if it is full;
                       "reinforce c7" names the top row too)
    shield             put a Deflector Shield into play
    spread             the humans' Spread Shot (three bullets side by side)
    snipe b6           the aliens' Lone Gunner: the ship at b6 fires
    ray b6             the aliens' Death Ray: the ship at b6 strikes straight down at once
    drift b6 left      the aliens' Side Thrusters: the ship at b6 steps one square left
    end                end your phase
    discard fire       discard a card (down to the hand limit at the end of a phase)
Cards may be named by their English, Italian or Russian name, or by the start of a name
that fits one card only ('discard defl'). The REPL also takes the Italian and Russian move
words ('fuoco', 'manovra 2 sinistra', 'огонь', 'манёвр 2 влево'); records write the English.""")


def column(word: str) -> int:
    word = word.strip().lower()
    if not word or not ("a" <= word[0] <= "z") or (word[1:] and not word[1:].isdigit()):
        raise NotationError(_("{word!r} is not a column (a letter, e.g. d)").format(word=word))
    return ord(word[0]) - 97


def row(word: str) -> int | None:
    """The row a square like 'b7' names, None for a bare column: kept so that a wrong row is
    refused rather than silently dropped."""
    digits = word.strip()[1:]
    return int(digits) if digits else None


def place(word: str) -> Move:
    """The Defender's square: only the lunar row, row 1, whatever the board's size."""
    col, at = column(word), row(word)
    if at not in (None, 1):
        raise NotationError(_("the Defender stands on the lunar row, row 1, not row {row}").format(row=at))
    return ("place", col)


def reinforce(word: str) -> Move:
    """A top-row square; the row is checked by the rules, which know the board's height."""
    col, at = column(word), row(word)
    return ("reinforce", col) if at is None else ("reinforce", col, at)


def square(word: str) -> str:
    """A whole square like 'b6' (the rules check that a ship is there)."""
    column(word)
    at = row(word)
    if at is None:
        raise NotationError(_("{word!r} is not a square: name its column and row, e.g. b6").format(word=word))
    return f"{word.strip()[0].lower()}{at}"  # one spelling per square ('B06' is 'b6')


def fold(text: str) -> str:
    """A card name as it is matched: no case, spaces, hyphens or '!', and ё read as е."""
    return "".join(c for c in text.lower().replace("ё", "е") if c.isalnum())


def every_name(seat: str, cid: str) -> list[str]:
    """A card's names: English, the card file's Italian, and each language's card table
    (``locale/LANG/cards.toml``, keyed ``SEAT.ID``: both sides have a Fire!)."""
    from invaders import MESSAGES
    from invaders.catalog import load_catalog

    card = load_catalog().cards[seat][cid]
    return [n for n in (card.name, card.italian, *MESSAGES.card_names(f"{seat}.{cid}")) if n]


def card_names() -> dict[str, set[str]]:
    """Every way to name a card, folded: its id, its name in each language, the old aliases,
    each with the card ids it names (both sides' Fire! share the id 'fire')."""
    from invaders.catalog import load_catalog

    names: dict[str, set[str]] = {}
    for seat, cards in load_catalog().cards.items():
        for cid in cards:
            for name in (cid, *every_name(seat, cid)):
                names.setdefault(fold(name), set()).add(cid)
    for alias, cid in _CARD_ALIASES.items():
        names.setdefault(alias, set()).add(cid)
    return names


def card_ids(text: str) -> set[str]:
    """The cards ``text`` names: a whole name in any language, else every card a name of which
    starts with it, else every card with a later word of a name starting with it (several
    ids: the caller says which fit; none: no card by that name)."""
    key = fold(text)
    if not key:
        return set()
    names = card_names()
    if key in names:
        return set(names[key])
    found = {cid for name, ids in names.items() if name.startswith(key) for cid in ids}
    if found:
        return found
    # the start of a later word of a name: 'shield' for Deflector Shield, 'щит' for Отражающий щит
    from invaders.catalog import load_catalog

    return {cid for seat, cards in load_catalog().cards.items() for cid in cards
            for name in every_name(seat, cid) for word in name.split()[1:] if fold(word).startswith(key)}


def card_id(words: list[str]) -> str:
    """The one card the words name, in any language, by a whole name or a start that fits one
    card only; otherwise a sentence saying which cards it fits or what was probably meant."""
    text = " ".join(words).strip()
    found = card_ids(text)
    if len(found) == 1:
        return found.pop()
    if found:
        raise NotationError(_("{text!r} fits several cards ({cards}): say which").format(
            text=text, cards=", ".join(_typed(cid) for cid in sorted(found))))
    names = card_names()
    near = difflib.get_close_matches(fold(text), list(names), n=3, cutoff=0.6)
    ids = sorted({cid for n in near for cid in names[n]})
    if ids:
        raise NotationError(_("no card called {text!r} (did you mean {cards}?)").format(
            text=text, cards=", ".join(_typed(cid) for cid in ids)))
    raise NotationError(_("no card called {text!r}").format(text=text))


def parse(text: str) -> Move:
    words = text.lower().replace(",", " ").split()
    if not words:
        raise NotationError(_("empty move"))
    verb = _ALIASES.get(words[0], _ALIASES.get(words[0].rstrip("!"), words[0]))
    rest = words[1:]
    if verb in _DIRS and len(verb) > 1 and len(rest) == 1 and rest[0].isdigit():
        return ("maneuver", int(rest[0]), _DIRS[verb])
    if verb in ("fire", "shield", "end", "spread") and not rest:
        return (verb,)
    if verb == "maneuver":
        if not rest:
            return ("maneuver",)
        if len(rest) == 2 and rest[0].isdigit() and rest[1] in _DIRS:
            return ("maneuver", int(rest[0]), _DIRS[rest[1]])
        raise NotationError(_("a Maneuver is 'maneuver' (aliens) or 'maneuver N left|right' (humans)"))
    if verb == "place" and len(rest) == 1:
        return place(rest[0])
    if verb == "reinforce" and len(rest) <= 1:
        return reinforce(rest[0]) if rest else ("reinforce", -1)
    if verb in ("snipe", "ray") and len(rest) == 1:
        return (verb, square(rest[0]))
    if verb == "drift" and len(rest) == 2 and rest[1] in _DIRS:
        return ("drift", square(rest[0]), _DIRS[rest[1]])
    if verb in ("snipe", "drift", "ray"):
        raise NotationError(_("a Lone Gunner is 'snipe SQUARE', a Death Ray 'ray SQUARE', Side Thrusters "
                              "'drift SQUARE left|right'"))
    if verb == "discard" and rest:
        return ("discard", card_id(rest))
    raise NotationError(_("{text!r} is not a move; try 'help moves'").format(text=text.strip()))


def format_move(move: Move) -> str:
    return _written(move, lambda word: word, lambda seat, cid: _card_words(cid))


# the word each language shows a move with (the first its MOVE_WORDS has), and the directions
_SHOWN_DIRS = {"it": {"left": "sinistra", "right": "destra"}, "ru": {"left": "влево", "right": "вправо"}}


def _written(move: Move, word: Callable[[str], str], card: Callable[[str | None, str], str]) -> str:
    """The move as text, its words through ``word`` and a discarded card through ``card``."""
    verb = move[0]
    side = "left" if len(move) == 3 and move[2] < 0 else "right"
    if verb == "place":
        return f"{word('place')} {chr(97 + move[1])}"
    if verb == "reinforce":
        return word("reinforce") if move[1] < 0 else f"{word('reinforce')} {chr(97 + move[1])}"
    if verb == "maneuver" and len(move) == 3:
        return f"{word('maneuver')} {move[1]} {word(side)}"
    if verb in ("snipe", "ray"):
        return f"{word(verb)} {move[1]}"
    if verb == "drift":
        return f"{word('drift')} {move[1]} {word(side)}"
    if verb == "discard":
        return f"{word('discard')} {card(None, move[1])}"
    return word(verb)


def _card_words(cid: str) -> str:
    """A card id as the notation writes it: 'maneuver 2' for the id maneuver2."""
    return f"{cid[:-1]} {cid[-1]}" if cid[-1].isdigit() else cid


def spoken(text: str, lang: str) -> str:
    """A move as a player of ``lang`` reads and may type it ('manovra 2 sinistra', 'сбросить
    отражающий щит' for 'maneuver 2 left', 'discard shield'): that language's first move word
    and a discarded card by its name there, which ``parse`` reads back as the same move."""
    move = to_speak(parse, text, lang, MOVE_WORDS)
    if move is None:
        return text
    words: dict[str, str] = {}
    for word, english in MOVE_WORDS[lang].items():
        words.setdefault(english, word)
    words.update(_SHOWN_DIRS[lang])
    return _written(move, lambda word: words.get(word, word), lambda seat, cid: _card_in(cid, lang))


def discard_line(cids: list[str]) -> str:
    """Several discards in one line as the reader types it ('discard fire, spread';
    'scarta fuoco, raffica' in Italian): the move word once, then the cards."""
    from common.i18n import DEFAULT, current

    lang = current()
    first = format_move(("discard", cids[0]))
    if lang != DEFAULT:
        first = spoken(first, lang)
    return ", ".join([first, *(_typed(c) for c in cids[1:])])


def _typed(cid: str) -> str:
    """A card as the reader may type it: its name in their language, lower case."""
    from common.i18n import DEFAULT, current

    return _card_words(cid) if current() == DEFAULT else _card_in(cid, current())


def _card_in(cid: str, lang: str) -> str:
    """A card's name in ``lang`` as a discard names it, lower case; its id where that name
    would not name this card alone."""
    from invaders import MESSAGES
    from invaders.catalog import load_catalog

    for seat in load_catalog().cards:
        name = MESSAGES.cards(lang).get(f"{seat}.{cid}", {}).get("name")
        if name and card_ids(name) == {cid}:
            return name.lower()
    return _card_words(cid)
