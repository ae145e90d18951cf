"""The Grave Robbers move language: the REPL, records, the wire protocol and logs all speak it.
``HELP`` is the in-game help ('help moves'), marked for the catalog; common's ``help`` says it
in the player's language.
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Callable
from functools import lru_cache

from common.engine import Move, NotationError
from common.i18n import current
from common.safetext import clean
from common.spoken import to_speak
from gros import N_, _, pgettext
from gros.catalog import all_aliases, shared_names, slug

HELP = N_("""\
    title                               accept the generated title (it uses all six words)
    title Night of the Blob: night blob your own title, then the title words it uses
    play reporter                       a Character into your Movie (also Roll the Credits)
    play flaming-torch on dana/handyman a Prop on a Character of yours
    play the-tomb on dana               a Location into a Movie (replacing the one there)
    combine the-beach on dana           GR2: combine a Location with the one in place
    attack dana with blob               a Creature attacks a Movie
    play ray-guns on dana               an SFX on its target: a Movie (SEAT), a Character
                                        (SEAT/CARD; a second copy SEAT/CARD.2, or as the
                                        board shows it, SEAT/CARD (2)), a Prop
                                        (SEAT/CARD/PROP), the attacking Creature or the card
                                        just played (its name)
    play meanwhile-back-at-the take the-beach on dana   an SFX that takes a card from the discards
    play cat-in-the-locker on it-was-only-a-dream paying robot, blob   pay a cost
    play chainsaw on blob               a Prop raising a Psycho's Attack (any player)
    use dana/department-store take flaming-torch on dana/handyman      a card's ability
    move dana/robot/flaming-torch to dana/reporter       give a Prop to another Character
    victim dana/robot                   pick the victim of a successful attack
    pass                                let the card, the attack or the others' turn go on
    end                                 end your turn; then 'discard CARD' any, and 'done'
    draw        draw 2        draw 0    GROS: at your turn's start, draw up to six, or fewer
Cards may be named in English, Italian or Russian, with hyphens or spaces, or by part of
a name that fits one card only ('brain', "rabbit's foot", 'лучевые'). The move words may also
be typed in Italian or Russian (gioca, attacca, passo; сыграть, атаковать, пас), and so may
on, with, take, paying and to (su, con, prendendo, pagando, a; на, с, взяв, заплатив, к);
records always write the English.
""")


_SHOWN_COPY = re.compile(r"^(.*?)\s*\((\d+)\)$")
KEYWORDS = ("on", "take", "paying", "with", "to")
VERBS = frozenset({"title", "play", "combine", "attack", "use", "move", "victim", "pass", "end", "discard",
                   "done", "draw"})
# The move words of the players' languages: also accepted, never written (records keep the English;
# HELP says so). The REPL's completion offers them in the player's language (common.completion).
MOVE_WORDS = {
    "it": {"passo": "pass", "passa": "pass", "fine": "end", "gioca": "play", "attacca": "attack",
           "scarta": "discard", "pesca": "draw", "usa": "use", "sposta": "move", "combina": "combine",
           "vittima": "victim", "fatto": "done", "titolo": "title"},
    "ru": {"пас": "pass", "конец": "end", "сыграть": "play", "играть": "play", "атаковать": "attack",
           "атака": "attack", "сбросить": "discard", "сброс": "discard", "взять": "draw", "добрать": "draw",
           "применить": "use", "переложить": "move", "объединить": "combine", "жертва": "victim",
           "готово": "done", "название": "title"},
}
# The notation's keywords in the players' languages: "gioca laboratorio su ray", "атаковать dana
# с blob". A word that is also inside a card's name ("Pistole a Raggi", "Маньяк с топором") is
# read as the name's when the words around it are part of one (``_keyword``).
KEYWORD_WORDS = {
    "it": {"su": "on", "contro": "on", "con": "with", "prendendo": "take", "prendi": "take",
           "pagando": "paying", "a": "to", "verso": "to",
           # with the article a player puts before a card's name: 'sulla sensitiva', 'al giornalista'
           **dict.fromkeys(("sul", "sullo", "sulla", "sull'", "sui", "sugli", "sulle"), "on"),
           **dict.fromkeys(("al", "allo", "alla", "all'", "ai", "agli", "alle"), "to")},
    "ru": {"на": "on", "против": "on", "с": "with", "со": "with", "взяв": "take", "забрав": "take",
           "заплатив": "paying", "сбросив": "paying", "к": "to"},
}
_ELIDED = re.compile(r"\b(sull|all)'(?=\w)")
_KEYWORDS = {word: key for words in KEYWORD_WORDS.values() for word, key in words.items()}
_VERBS = {"p": "pass", "e": "end", "d": "discard", "a": "attack", "u": "use", "m": "move",
          **{word: verb for words in MOVE_WORDS.values() for word, verb in words.items()}}


def card(words: str) -> str:
    """The card id for a name typed in any of its spellings; 'did you mean' when unknown. A
    name two cards share in different languages names neither: the player is asked which."""
    key = slug(words)
    aliases = all_aliases()
    if key in aliases:
        return aliases[key]
    bare = _ARTICLE.sub("", key)  # 'le pistole a raggi': an article the name itself has not
    if bare != key and bare in aliases:
        return aliases[bare]
    owners: dict[str, set[str]] = {alias: {cid} for alias, cid in aliases.items()}
    owners.update((alias, set(ids)) for alias, ids in shared_names().items())
    if key:  # part of a name, when it fits one card only: 'brain', "rabbit's foot"
        for fits in (lambda a: a == key, lambda a: f"-{key}-" in f"-{a}-", lambda a: key in a):
            found = {cid for alias, ids in owners.items() if fits(alias) for cid in ids}
            if len(found) == 1:
                return found.pop()
            if len(found) > 1:
                raise NotationError(_("{words!r} fits {n} cards: {cards}; say which")
                                    .format(words=words.strip(), n=len(found),
                                            cards=", ".join(_typed(cid) for cid in sorted(found)[:6])))
    declined = _declined(key)
    if len(declined) == 1:
        return declined.pop()
    if declined:
        raise NotationError(_("{words!r} fits {n} cards: {cards}; say which")
                            .format(words=words.strip(), n=len(declined),
                                    cards=", ".join(_typed(cid) for cid in sorted(declined)[:6])))
    near = difflib.get_close_matches(key, list(owners), n=3, cutoff=0.6)
    if near:
        ids = pgettext("between card names", " or ").join(dict.fromkeys(_typed(cid) for n in near
                                                                         for cid in sorted(owners[n])))
        raise NotationError(_("no card called {words!r} (did you mean {cards})")
                            .format(words=words.strip(), cards=ids))
    raise NotationError(_("no card called {words!r}").format(words=words.strip()))


def _declined(key: str) -> set[str]:
    """The cards a Russian player named in the case the sentence needs: 'сыграть святую воду на
    шерифа' plays «Святая вода» on «Шериф». The typed words stand for as many words of a card's
    Russian name, in order, each with the same stem (``_same_stem``)."""
    typed = key.split("-")
    if not key or not any("а" <= c <= "я" for c in key):
        return set()
    found = set()
    for cid, words in _russian_names().items():
        for start in range(len(words) - len(typed) + 1):
            if all(_same_stem(a, b) for a, b in zip(typed, words[start:start + len(typed)], strict=True)):
                found.add(cid)
    return found


def _same_stem(typed: str, word: str) -> bool:
    """Two forms of one Russian word: the same word, or a common start of three letters or more
    that leaves at most two letters of ending on the shorter and three on the longer ('святую'
    and 'святая', 'шерифа' and 'шериф', 'муравьями' and 'муравьи'; not 'капусту' and 'капля')."""
    if typed == word:
        return True
    common = len(os.path.commonprefix([typed, word]))
    shorter, longer = sorted((len(typed), len(word)))
    return common >= 3 and common >= shorter - 2 and common >= longer - 3


@lru_cache(maxsize=1)
def _russian_names() -> dict[str, list[str]]:
    """Each card's Russian name as words in the notation's spelling."""
    from gros import MESSAGES

    return {cid: slug(entry["name"]).split("-") for cid, entry in MESSAGES.cards("ru").items()
            if isinstance(entry, dict) and entry.get("name") and cid in all_aliases()}


def _typed(cid: str) -> str:
    """A card as the player may type it, in their language ('torcia-fiammeggiante')."""
    return spelling(cid, current())


def ref(text: str) -> str:
    """A card in play (SEAT/CARD[.k][/PROP[.k]]), a seat, or a card named alone. A copy is
    written as the board shows it, 'robot (2)', or as records write it, 'robot.2'; the first
    copy is 'robot', 'robot.1' or 'robot (1)'."""
    text = text.strip().lower()
    if "/" not in text:
        if " " not in text and text.isalnum():
            return text  # a seat's name (checked against the table when played)
        return card(text)
    parts = text.split("/")
    out = [parts[0].strip()]
    for part in parts[1:]:
        shown = _SHOWN_COPY.match(part.strip())  # 'robot (2)', as the board shows a copy
        name, sep, k = (shown.group(1), ".", shown.group(2)) if shown else part.strip().partition(".")
        if sep and not k.isdigit():
            raise NotationError(_("{part!r}: a copy number is written like robot.2 (# starts a comment in records)")
                                 .format(part=part))
        # the first copy is written bare, so 'robot.1' (as narration says it) is 'robot'
        out.append(card(name) + (f".{k}" if sep and k != "1" else ""))
    return "/".join(out)


def _target(text: str) -> str:
    """A target: a seat or card in play, or a card named alone (the Creature, the stopped card)."""
    text = text.strip().lower()
    if "/" in text:
        return ref(text)
    movie = _MOVIE.match(text)
    if movie:  # 'sul film di dana', 'на фильм игрока dana': the seat's Movie
        return movie.group(1)
    key = slug(text)
    if key in shared_names():  # a name of two cards: asked, never guessed
        return card(text)
    if key and key not in all_aliases() and _declined(key):  # 'на шерифа': a card, declined
        return card(text)
    return all_aliases().get(key, key) if key else key


def _title_word(word: str) -> str:
    """A title word as the notation writes it (English), from any language the board shows it
    in: 'zombi' and 'зомби' are 'zombie' ('luna-park' for a word of two)."""
    from gros.titling import english_words, forms

    low = word.lower()
    return low if low in forms("it") else english_words().get(slug(word), low)  # English first


def _keyword(words: list[str], i: int) -> str | None:
    """The English keyword that ``words[i]`` stands for, or None. A keyword of the players'
    languages is a keyword only outside a card's name: with the words either side of it, it
    is in no name ("pistole a raggi" keeps its "a"; "laboratorio su ray" has an "on")."""
    w = words[i]
    if w in KEYWORDS:
        return w
    key = _KEYWORDS.get(w)
    if key is None or 0 < i < len(words) - 1 and _in_a_name(words[i - 1].rsplit("/", 1)[-1], w,
                                                               words[i + 1].split("/", 1)[0]):
        return None
    return key


def _in_a_name(*words: str) -> bool:
    part = f"-{slug(' '.join(words))}-"
    return any(part in f"-{alias}-" for alias in all_aliases()) or bool(_declined(part.strip("-")))


def _clauses(words: list[str]) -> tuple[str, dict[str, str]]:
    """Split 'A on B take C paying D' into the head and its keyword clauses."""
    head: list[str] = []
    clauses: dict[str, list[str]] = {}
    current = head
    for i, w in enumerate(words):
        key = _keyword(words, i)
        if key is not None:
            if key in clauses:
                raise NotationError(_("{word!r} appears twice").format(word=w))
            clauses[key] = current = []
        else:
            current.append(w)
    return " ".join(head), {k: " ".join(v) for k, v in clauses.items()}


def parse(text: str) -> Move:
    raw = text.strip()
    if not raw:
        raise NotationError(_("empty move"))
    first, _sep, rest_raw = raw.partition(" ")
    verb = _VERBS.get(first.lower(), first.lower())
    if verb == "title":
        if not rest_raw.strip():
            return ("title", "", ())
        title, sep, named = rest_raw.rpartition(":")
        if not sep or not title.strip() or not named.split():
            raise NotationError(_("a title reads 'title TEXT: WORD WORD ...' (the title words it uses)"))
        # free text another player and every onlooker read: no escape code, no control or bidi
        # character, one line (common.safetext)
        return ("title", clean(title), tuple(_title_word(w) for w in named.split()))
    # "sull'ingenua": the preposition and its article, then the name
    words = _ELIDED.sub(r"\1' ", rest_raw.lower().replace("’", "'")).replace(",", " , ").split()
    if verb in ("pass", "end", "done", "draw") and not words:
        return (verb,)
    if verb == "draw":
        if len(words) == 1 and words[0].isdigit() and int(words[0]) <= 6:
            return ("draw", int(words[0]))
        raise NotationError(_("'draw' takes up to six cards; 'draw N' takes N (0 to 6)"))
    head, cl = _clauses([w for w in words if w != ","] if verb != "play" and verb != "use" else words)
    if verb == "discard" and head and not cl:
        return ("discard", card(head))
    if verb == "victim" and head and not cl:
        return ("victim", ref(head))
    if verb == "attack" and head and set(cl) == {"with"}:
        return ("attack", card(cl["with"]), ref(head))
    if verb == "attack" and " " in head and not cl:  # Russian says it without 'с': 'атаковать dana каплей'
        seat, _sp, creature = head.partition(" ")
        return ("attack", card(creature), ref(seat))
    if verb == "combine" and head and set(cl) == {"on"}:
        return ("combine", card(head), ref(cl["on"]))
    if verb == "move" and head and set(cl) == {"to"}:
        return ("move", ref(head), ref(cl["to"]))
    if verb in ("play", "use") and head and set(cl) <= {"on", "take", "paying"}:
        # 'use' names a card with an ability, never a seat: 'use professore' is the Professor
        name = card(head.replace(" , ", " ")) if verb == "play" or "/" not in head else ref(head)
        on = tuple(_target(t) for t in cl["on"].split(" , ")) if cl.get("on") else ()
        take = card(cl["take"]) if cl.get("take") else ""
        pay = tuple(sorted(card(p) for p in cl["paying"].split(" , ") if p.strip())) if "paying" in cl else ()
        return (verb, name, on, take, pay)
    if verb not in VERBS:
        _not_a_verb(raw, rest_raw)
    raise NotationError(_("{text!r} is not a move; try 'help moves'").format(text=raw))


def _not_a_verb(raw: str, rest: str) -> None:
    """A line that begins with no verb but names a card ('cards robot', 'the robot') was most
    likely a question about the card: point to the command that answers it."""
    aliases = all_aliases()
    for words in (raw, rest):
        cid = aliases.get(slug(words))
        if cid:
            raise NotationError(_("{text!r} is not a move; 'card {card}' tells what a card does, "
                                  "'help moves' how moves are written").format(text=raw, card=_typed(cid)))


def format_move(move: Move) -> str:
    return _written(move, lambda word: word, lambda ref: ref)


def _written(move: Move, word: Callable[[str], str], name: Callable[[str], str]) -> str:
    """The move as text, its move words and keywords through ``word`` and its cards and cards
    in play through ``name`` (both unchanged: the notation, records and the wire)."""
    verb = move[0]
    if verb == "title":
        return f"{word('title')} {move[1]}: {' '.join(move[2])}" if move[1] else word("title")
    if verb in ("play", "use"):
        out = f"{word(verb)} {name(move[1])}"
        if move[3]:
            out += f" {word('take')} {name(move[3])}"
        if move[2]:
            out += f" {word('on')} " + ", ".join(name(t) for t in move[2])
        if move[4]:
            out += f" {word('paying')} " + ", ".join(name(p) for p in move[4])
        return out
    if verb == "attack":
        return f"{word('attack')} {name(move[2])} {word('with')} {name(move[1])}"
    if verb == "combine":
        return f"{word('combine')} {name(move[1])} {word('on')} {name(move[2])}"
    if verb == "move":
        return f"{word('move')} {name(move[1])} {word('to')} {name(move[2])}"
    if verb in ("discard", "victim"):
        return f"{word(verb)} {name(move[1])}"
    if verb == "draw" and len(move) > 1:
        return f"{word(verb)} {move[1]}"
    return word(verb)


def spoken(text: str, lang: str) -> str:
    """A move as a player of ``lang`` reads and may type it: 'gioca acqua-santa su ray/sensitiva'
    for 'play the-holy-water on ray/the-psychic', the first of that language's move words and
    keywords and each card by its name there, which ``parse`` reads back as the same move (a
    card whose name there would not, by its id). English, and a title's own text, as written."""
    move = to_speak(parse, text, lang, MOVE_WORDS)
    if move is None:
        return text
    words = {**_first_words(MOVE_WORDS[lang]), **_first_words(KEYWORD_WORDS[lang])}
    return _written(move, lambda word: words.get(word, word), lambda ref: _spoken_ref(ref, lang))


def _first_words(table: dict[str, str]) -> dict[str, str]:
    """English word -> the first word of a language that stands for it."""
    out: dict[str, str] = {}
    for word, english in table.items():
        out.setdefault(english, word)
    return out


def _spoken_ref(ref: str, lang: str) -> str:
    """SEAT/CARD[.k][/PROP[.k]], a card id or a seat with each card named in ``lang``."""
    parts = ref.split("/")
    out = []
    for i, part in enumerate(parts):
        cid, dot, copy = part.partition(".")
        seat_alone = i == 0 and len(parts) > 1
        out.append(part if seat_alone else spelling(cid, lang) + dot + copy)
    return "/".join(out)


def spelling(cid: str, lang: str) -> str:
    """A card as a player of ``lang`` types it: its name there, lower case, words joined by
    hyphens, without its article where the rest still names this card alone ('acqua-santa',
    'пылающий-факел'); its id where no such spelling does (and in English)."""
    from gros import MESSAGES

    name = MESSAGES.cards(lang).get(cid, {}).get("name") if lang != "en" else None
    if not name:
        return cid
    whole = re.sub(r"[^\w'’]+", "-", name.lower()).strip("-")
    bare = _ARTICLE.sub("", whole)
    aliases, shared = all_aliases(), shared_names()
    for spelled in dict.fromkeys((bare, whole)):
        if spelled and aliases.get(slug(spelled)) == cid and slug(spelled) not in shared:
            return spelled
    return cid


_ARTICLE = re.compile(r"^(?:il|lo|la|i|gli|le)-|^l['’-]")
_MOVIE = re.compile(r"^(?:il |the )?(?:film|movie|фильм) (?:di |игрока |of )?([^\s/]+)$")
