"""The Creature Feature move language: one notation for the REPL, records, the wire and logs.

The notation itself is ``HELP`` below (what 'help moves' shows, in the player's language;
records write the English move words; typed, a move's first word may also be Italian or
Russian: ``MOVE_WORDS``).
"""

from __future__ import annotations

import re

from common.engine import Move, NotationError
from horror import N_, _
from horror.freetext import NAME_MAX, TEXT_MAX, clean, limited

# Translators: keep the ids and the column layout; write each move word, and the words inside a
# move ('near', 'for', 'vs', 'none', a pool's 'monster' and 'plan'), as MOVE_WORDS and the parser
# take them in your language (tests/horror/test_native_words.py parses every item against the
# English), and translate the explanations.
HELP = N_("""The Creature Feature move language: one notation for the REPL, records, the wire and logs.

A card is named by its id (c3 a character, s2 a set, t5 a trope, p4 a subplot, m the
monster) or by its name. Free text follows a colon or the verb.

  premise   monster NAME · ability TEXT (ability none: clear them) · trigger TEXT · setting TEXT
            title TEXT · agree (each seat in turn; also 'begin')
  meeting   extra NAME[: CONCEPT] (free) · supporting NAME[: CONCEPT] (1 die) · star NAME[: CONCEPT] (2)
            armour CHAR [N] (1 each) · pass (end your turn without buying)
            set NAME [near SET, SET] (1; quote a name holding 'near') · raise SET [N] (1 each)
            prop SET: TEXT · near SET, SET
            trope ACT [CHAR, CHAR]: TEXT · subplot CHAR[, CHAR]: TEXT · close
  trading   offer CARD for role|set|trope|subplot|monster · done · accept CARD · decline
  the chair bid N · claim N (more than the director paid) · pass · quiet (no more claims
            this scene: you are not asked again until the next)
  a scene   play CARD · extra NAME (1 die) · set NAME (2) · raise SET [N] (2 each) · trigger
            check CHAR vs CHAR|SET|monster[: WHAT ABOUT] · contest A vs B[: ...] · chase CHAR
            attack CHAR
            help CHAR · move SET (during a chase) · drop SUBPLOT · ruling TEXT · cut
  dice      stake N · roll
  climax    pool monster N plan N · plan TEXT · spring · escape
  any time  say TEXT (narration) · say CHAR: "LINE" (that character speaks)
            screenplay FILE (the film so far, into FILE on your computer; 'chat TEXT' over
            the network stays out of the film)
  a veto    veto (strike a line or action written for your character by another) · pass

The move words may also be typed in Italian or Russian (gioca, prova,
insegui; сыграть, проверка, погоня); records always write the English ones.
""")



# The move words of the players' languages (the Russian rulebook's terms where it has them):
# accepted as a move's first word, never written (records keep the English); the text after the
# word is kept as typed. The REPL's completion offers them in the player's language.
MOVE_WORDS = {
    "it": {"gioca": "play", "passo": "pass", "passa": "pass", "attacca": "attack", "aiuta": "help",
           "sposta": "move", "taglia": "cut", "tira": "roll", "punta": "stake", "rilancia": "bid",
           "reclama": "claim", "prova": "check", "verifica": "check", "sfida": "contest", "insegui": "chase",
           "offri": "offer", "accetta": "accept", "rifiuta": "decline", "fatto": "done",
           "racconta": "say", "comparsa": "extra", "titolo": "title", "fuggi": "escape",
           "scatta": "spring", "concordo": "agree", "mostro": "monster", "comprimario": "supporting",
           "protagonista": "star", "cliché": "trope", "cliche": "trope", "sottotrama": "subplot",
           "chiudi": "close", "alza": "raise", "clausola": "armour", "capacità": "ability",
           "innesco": "trigger", "ambientazione": "setting", "piano": "plan", "mucchi": "pool",
           "decisione": "ruling", "oggetto": "prop", "vicino": "near", "basta": "quiet",
           "abbandona": "drop", "sceneggiatura": "screenplay"},
    "ru": {"сыграть": "play", "играть": "play", "пас": "pass", "атаковать": "attack",
           "помочь": "help", "перейти": "move", "снято": "cut", "бросок": "roll", "бросить": "roll",
           "ставка": "stake", "проверка": "check", "состязание": "contest", "погоня": "chase",
           "предложить": "offer", "принять": "accept", "отказаться": "decline", "готово": "done",
           "сказать": "say", "статист": "extra", "звезда": "star", "название": "title",
           "реквизит": "prop", "сет": "set", "сбежать": "escape", "согласен": "agree",
           "монстр": "monster", "второстепенный": "supporting", "вето": "veto", "штамп": "trope",
           "закрыть": "close", "поднять": "raise", "оговорка": "armour", "способность": "ability",
           "окружение": "setting", "план": "plan", "горсти": "pool", "решение": "ruling",
           "претендовать": "claim", "крючок": "trigger", "линия": "subplot", "запустить": "spring",
           "рядом": "near", "хватит": "quiet", "свернуть": "drop", "сценарий": "screenplay"},
}
# the words inside a move, as each language's players type them ('set NOME vicino s1',
# 'проверка c1 против монстр', 'mucchi mostro 2 piano 1', 'capacità nessuna')
_NEAR_WORDS = "near|vicino|рядом"
_VERSUS_WORDS = r"vs\.?|against|contro|против"
_FOR_WORDS = "for|per|за|на"
_NONE_WORDS = ("none", "nessuna", "nessuno", "нет")
_POOL_WORDS = {"monster": "monster", "mostro": "monster", "монстр": "monster",
               "plan": "plan", "piano": "plan", "план": "plan"}
_ALIASES = {**{word: verb for words in MOVE_WORDS.values() for word, verb in words.items()},
            "armor": "armour", "role": "supporting", "support": "supporting", "end": "cut",
            "pools": "pool", "vs": "check", "no": "decline", "yes": "accept", "sp": "subplot",
            "begin": "agree",
            # the narration's own verb for agreeing ('p2 approva la premessa', 'соглашается'),
            # and the word as a woman says it
            "approva": "agree", "approvo": "agree", "согласна": "agree", "соглашаюсь": "agree"}
_TEXT = ("monster", "ability", "trigger", "setting", "title", "extra", "supporting", "star",
         "say", "ruling", "plan")
_ONE_REF = ("play", "chase", "attack", "help", "move", "drop", "accept")
_BARE = ("agree", "close", "done", "decline", "pass", "quiet", "cut", "roll", "spring", "escape",
         "screenplay", "veto")
_NUMBER = ("bid", "claim", "stake")
_NAMES = ("monster", "title", "extra", "supporting", "star", "set")  # the rest are sentences
CHARACTER_VERBS = ("extra", "supporting", "star")
_LINE = re.compile(r'^([^:"“”«»]+?)\s*:\s*(?:"(.*)"|“(.*)”|«(.*)»)$')  # typographic quotes too
_SPEAKER = re.compile(r"^\s*(c\d+)\s*:\s*(\S.*)$", re.IGNORECASE)  # 'c7: words' (no quotes)
_ID = re.compile(r"^(?:[cstp]\d+|m|monster|mostro|монстр)$", re.IGNORECASE)


def trade_type(word: str) -> str:
    """The type an offer names, as the notation writes it: 'сет' or 'sottotrama' (a type's name
    in any language) is 'set' or 'subplot'; an English word, or an unknown one, stays as given."""
    from common.i18n import LANGUAGES, language
    from horror.elements import TYPES
    from horror.narration import TRADE_TYPES, type_name

    word = " ".join(word.lower().split())
    if word in TYPES:
        return word

    for lang in LANGUAGES:
        with language(lang):
            for t in TRADE_TYPES:
                if type_name(t).lower() == word:
                    return t
    return word


def word_for(verb: str) -> str:
    """A move's first word as the player's language types it ('check' is 'prova' in Italian):
    what a message quotes to a player (records and the wire keep the English)."""
    from common.i18n import current

    return next((word for word, english in MOVE_WORDS.get(current(), {}).items() if english == verb), verb)


def _number(word: str, what: str) -> int:
    if not word.isdigit():
        raise NotationError(_('{what} needs a whole number, not {word!r}').format(what=what, word=word))
    return int(word)


def _refs(text: str) -> tuple[str, ...]:
    """'c1, c2' or 'c1 c2' or 'Vera Crane, c3' -> ids and names."""
    out: list[str] = []
    for part in text.split(","):
        part = " ".join(part.split())
        if not part:
            continue
        words = part.split()
        if len(words) > 1 and all(_ID.match(w) for w in words):
            out.extend(words)
        else:
            out.append(part)
    return tuple(_canon(r) for r in out)


def _canon(ref: str) -> str:
    ref = " ".join(ref.split())
    if _ID.match(ref):
        return "m" if ref.lower() in ("m", "monster", "mostro", "монстр") else ref.lower()
    return ref


def _count(rest: str, what: str) -> tuple[str, int]:
    """'s1 2' -> ('s1', 2); 's1' -> ('s1', 1)."""
    words = rest.split()
    if not words:
        raise NotationError(_("{what} names a card, e.g. '{what} c3'").format(what=what))
    if len(words) > 1 and words[-1].isdigit():
        return _canon(" ".join(words[:-1])), int(words[-1])
    return _canon(rest), 1


def _free(verb: str, text: str) -> str:
    """Free text within its length limit: a name is short, a sentence longer."""
    if verb in _NAMES:
        return limited(text, _("a title") if verb == "title" else _("a {verb}'s name").format(verb=word_for(verb)),
                       NAME_MAX)
    return limited(text, _("the text of '{verb}'").format(verb=word_for(verb)), TEXT_MAX)


def parse(text: str) -> Move:
    """One move from its text; control characters and escape codes never get through."""
    text = clean(text)
    if not text:
        raise NotationError(_('empty move'))
    head, _sep, rest = text.partition(" ")
    said = head.lower()  # the word as the player typed it: what an error quotes back
    verb = _ALIASES.get(said, said)
    rest = rest.strip()
    if verb in _BARE:
        if rest:
            raise NotationError(_("'{verb}' takes nothing after it").format(verb=said))
        return (verb,)
    if verb == "trigger":
        return ("trigger", _free(verb, rest))
    if verb in CHARACTER_VERBS and ":" in rest:  # a character with its concept line
        name, _sep, concept = rest.partition(":")
        if not name.strip() or not concept.strip():
            raise NotationError(_("a {verb} with a concept reads '{verb} NAME: CONCEPT'").format(verb=said))
        return (verb, _free(verb, name), _free("concept", concept))
    if verb == "say":
        return _say(rest, said)
    if verb in _TEXT:
        if not rest:
            raise NotationError(_("'{verb}' needs some text after it").format(verb=said))
        if verb == "ability" and rest.lower() in _NONE_WORDS:  # 'capacità nessuna': none
            return ("ability", "none")
        return (verb, _free(verb, rest))
    if verb in _NUMBER:
        return (verb, _number(rest, said))
    if verb in _ONE_REF:
        if not rest:
            raise NotationError(_("'{verb}' names a card, e.g. '{verb} c3'").format(verb=said))
        return (verb, _canon(rest))
    if verb in ("armour", "raise"):
        ref, n = _count(rest, said)
        return (verb, ref, n)
    if verb in ("check", "contest"):
        rest, _sep, about = rest.partition(":")
        parts = re.split(rf"\s+(?:{_VERSUS_WORDS})\s+", rest.strip(), maxsplit=1, flags=re.IGNORECASE)
        if len(parts) != 2 or not parts[0].strip() or not parts[1].strip():
            raise NotationError(_("a {verb} reads '{verb} CHARACTER vs CHARACTER|SET|monster[: WHAT ABOUT]'").format(verb=said))
        about = _free("about", about)
        return (verb, _canon(parts[0]), _canon(parts[1]), *((about,) if about else ()))
    if verb == "set":
        return _set(rest)
    if verb == "near":
        refs = _refs(rest)
        if len(refs) != 2:
            raise NotationError(_("'{verb}' joins two sets, e.g. '{verb} s1, s2'").format(verb=said))
        return ("near", refs[0], refs[1])
    if verb in ("prop", "trope", "subplot"):
        return _colon(verb, rest, said)
    if verb == "offer":
        # 'for' also as the players say it: 'offri c3 per set', 'предложить c3 за сет'
        m = re.match(rf"^(.+?)\s+(?:{_FOR_WORDS})\s+(\w+(?:\s\w+)?)$", rest, re.IGNORECASE)
        if not m:
            raise NotationError(_("an offer reads 'offer CARD for role|set|trope|subplot|monster'"))
        return ("offer", _canon(m.group(1)), trade_type(m.group(2)))
    if verb == "pool":
        return _pool(rest)
    raise NotationError(_("{text!r} is not a move; try 'help moves'").format(text=text))


_NEAR = re.compile(rf"\s+(?:{_NEAR_WORDS})\s+", re.IGNORECASE)


def _set(rest: str) -> Move:
    """'set NAME [near SET, SET]': the sets after 'near' by id or name. A name holding 'near'
    is quoted ('set "The house near the cove"'); a line with 'near' twice is refused."""
    quoted = re.match(r'^"([^"]+)"\s*(.*)$', rest)
    if rest.startswith('"') and not quoted:  # a quote opened and never closed is no name
        raise NotationError(_('the set\'s name opens a quote and never closes it: write '
                              '\'set "The house near the cove"\', or the name without quotes'))
    if quoted:
        name, tail = quoted.group(1), quoted.group(2)
        m = re.match(rf"^(?:{_NEAR_WORDS})\s+(.+)$", tail, re.IGNORECASE)
        if tail and not m:
            raise NotationError(_("after a quoted set name only 'near SET, SET' may follow"))
        near = m.group(1) if m else ""
    else:
        parts = _NEAR.split(rest)
        if len(parts) > 2:
            raise NotationError(_('\'near\' appears twice: quote the set\'s name (\'set "The house near the cove" near s1\')'))
        name, near = parts[0], parts[1] if len(parts) > 1 else ""
    if not name.strip():
        raise NotationError(_("a set needs a name, e.g. 'set The crypt'"))
    return ("set", _free("set", name), _refs(near))


def _say(rest: str, said: str = "say") -> Move:
    """'say TEXT' is narration (action in the screenplay); 'say CHARACTER: "LINE"', the line
    in double quotes, is that character's dialogue."""
    m = _LINE.match(rest)
    line = next((g for g in m.groups()[1:] if g is not None), "") if m else ""
    if m and line.strip():
        return ("say", _free("say", line), _canon(m.group(1)))
    if not rest:
        raise NotationError(_("'{verb}' needs some text after it").format(verb=said))
    speaker = _SPEAKER.match(rest)
    if speaker:  # a character's id and a colon: a line whose quotes were left out, never narration
        raise NotationError(_('a character\'s line goes in double quotes: {verb} {id}: "{line}" '
                              '(narration names no character first)').format(
            verb=said, id=speaker.group(1).lower(), line=speaker.group(2).strip().strip('"')))
    return ("say", _free("say", rest))


def _colon(verb: str, rest: str, said: str) -> Move:
    head, sep, body = rest.partition(":")
    body = _free(verb, body)
    if not sep or not body:
        example = {"prop": _("{verb} s1: a crowbar"), "trope": _("{verb} 1 c1, c2: the car will not start"),
                   "subplot": _("{verb} c1, c2: an old grudge")}[verb].format(verb=said)
        raise NotationError(_("the text goes after a colon, e.g. '{example}'").format(example=example))
    if verb == "prop":
        return ("prop", _canon(head), body)
    if verb == "subplot":
        return ("subplot", _refs(head), body)
    words = head.split(None, 1)
    if not words or words[0] not in ("1", "2", "3"):
        raise NotationError(_("a trope names its act (1, 2 or 3) first, e.g. '{verb} 1 c1: a scream'").format(
            verb=said))
    return ("trope", int(words[0]), _refs(words[1] if len(words) > 1 else ""), body)


def _pool(rest: str) -> Move:
    words = rest.lower().split()
    if words == ["none"] or not words:
        return ("pool", 0, 0)
    if len(words) == 2 and all(w.isdigit() for w in words):
        return ("pool", int(words[0]), int(words[1]))
    got = {"monster": 0, "plan": 0}
    if len(words) % 2 or any(k not in _POOL_WORDS for k in words[::2]) or not all(w.isdigit() for w in words[1::2]):
        raise NotationError(_("pools read 'pool monster N plan N' (either may be left out)"))
    for key, n in zip(words[::2], words[1::2], strict=True):
        got[_POOL_WORDS[key]] = int(n)
    return ("pool", got["monster"], got["plan"])


# the words inside a move as each language writes them where a move is shown to its players
INNER_WORDS = {"it": {"near": "vicino", "vs": "contro", "for": "per", "monster": "mostro", "plan": "piano",
                      "none": "nessuna"},
               "ru": {"near": "рядом", "vs": "против", "for": "за", "monster": "монстр", "plan": "план",
                      "none": "нет"}}


def spoken(text: str, lang: str) -> str:
    """A move as a player of ``lang`` reads and may type it, which ``parse`` takes back ('trope
    1 c5: ...' is 'cliché 1 c5: ...', 'check c1 vs m' 'prova c1 contro m'): what 'moves' and
    'hint' show (``common.spoken``). Records and the wire keep the English."""
    try:
        return format_move(parse(text), lang) if lang in MOVE_WORDS else text
    except NotationError:  # not a move of the notation: as it is
        return text


def format_move(move: Move, lang: str = "en") -> str:
    """A move's text: in English (records, the wire, logs), or in ``lang`` for its players."""
    if lang not in MOVE_WORDS:
        return _english(move)
    inner = INNER_WORDS[lang]
    verb = move[0]
    words = {english: w for w, english in reversed(MOVE_WORDS[lang].items())}  # each verb's first word
    # a language with no word of its own for the bid says 'stake' (Russian 'ставка'), which
    # the rules read as the bid at the chair's auction (``Rules.resolve``)
    word = words.get(verb) or (words.get("stake", verb) if verb == "bid" else verb)
    if verb == "offer":
        from horror.narration import type_name

        return f"{word} {move[1]} {inner['for']} {type_name(move[2]).lower()}"
    if verb == "pool":
        return f"{word} {inner['monster']} {move[1]} {inner['plan']} {move[2]}"
    if verb == "ability" and move[1] == "none":
        return f"{word} {inner['none']}"
    _head, sep, rest = _english(move, inner["near"], inner["vs"]).partition(" ")
    return word + sep + rest


def _english(move: Move, near: str = "near", vs: str = "vs") -> str:
    """The move in English; ``near`` and ``vs`` as the language writes them inside a move."""
    verb = move[0]
    if len(move) == 1:
        return verb
    if verb == "trigger":
        return f"trigger {move[1]}".strip()
    if verb in ("armour", "raise"):
        return f"{verb} {move[1]}" + (f" {move[2]}" if move[2] != 1 else "")
    if verb in ("check", "contest"):
        return f"{verb} {move[1]} {vs} {move[2]}" + (f": {move[3]}" if len(move) > 3 else "")
    if verb == "say" and len(move) > 2:
        return f'say {move[2]}: "{move[1]}"'
    if verb in CHARACTER_VERBS and len(move) > 2:
        return f"{verb} {move[1]}: {move[2]}"
    if verb == "set":
        name = f'"{move[1]}"' if _NEAR.search(f" {move[1]} ") else move[1]
        return f"set {name}" + (f" {near} {', '.join(move[2])}" if move[2] else "")
    if verb == "near":
        return f"near {move[1]}, {move[2]}"
    if verb == "prop":
        return f"prop {move[1]}: {move[2]}"
    if verb == "trope":
        chars = ", ".join(move[2])
        return f"trope {move[1]}{' ' + chars if chars else ''}: {move[3]}"
    if verb == "subplot":
        return f"subplot {', '.join(move[1])}: {move[2]}"
    if verb == "offer":
        return f"offer {move[1]} for {move[2]}"
    if verb == "pool":
        return f"pool monster {move[1]} plan {move[2]}"
    return f"{verb} {move[1]}"


# where each move holds free text (a name, a concept, a sentence; the characters a trope or
# subplot is written about, the sets a new set is near): the legal list suggests one there, and
# any other is as legal (``horror.legal``)
_FREE_AT = {**{verb: (1,) for verb in _TEXT}, **{verb: (1, 2) for verb in CHARACTER_VERBS},
            "set": (1, 2), "prop": (2,), "trope": (2, 3), "subplot": (1, 2), "check": (3,), "contest": (3,)}


def template(move: Move) -> Move:
    """``move`` with its free text blanked (None), so that a listed suggestion stands for the
    same move with other words: ``Rules.listed``. A check's or contest's topic and a
    character's concept may be left out; their templates are the same either way."""
    free = _FREE_AT.get(move[0])
    if not free:
        return move
    width = max(len(move), max(free) + 1)
    return tuple(None if k in free else move[k] for k in range(width))
