"""The generated title in Italian and Russian: the roles ``gros.titles.plan`` gives the six
words, said with each language's grammar. Italian puts an article before each noun (fused
with di/da/a: "degli", "dalla", "all'"), and its adjectives after the noun, agreeing in gender
and number; Russian declines instead: "Месть атомных зомби из болота" needs the genitive
plural, "с дробовиком" the instrumental. The words' forms are data,
``locale/<lang>/titles.toml`` (the regular endings are derived here)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from gros.titles import Plan, generated_title, plan

LOCALE = Path(__file__).with_name("locale")
TABLES = ("beings", "events", "places", "things", "mods")


@lru_cache(maxsize=4)
def forms(lang: str) -> dict[str, list[str]]:
    """word -> its table (beings, places, ...) and forms: ['beings', 'm', 'zombi', 'zombi']."""
    import tomllib

    try:
        with open(LOCALE / lang / "titles.toml", "rb") as fh:
            data = tomllib.load(fh)
    except OSError:
        return {}
    return {word: [table, *text.split("|")] for table in TABLES for word, text in data.get(table, {}).items()}


@lru_cache(maxsize=256)
def spellings(w: str) -> tuple[str, ...]:
    """Every form of the title word in every language but English, lower case (the first word
    of a phrase: 'disco volante' -> 'disco'): a title of the players' own may use any of them."""
    out: set[str] = set()
    for lang in ("it", "ru"):
        kind, *f = forms(lang).get(w, ["", ""])
        keep = f[1:] if kind != "beings" or lang == "it" else f  # past the gender, if any
        if kind == "places" and lang == "ru":
            keep = f[1:3]  # not the prepositions
        out.update(form.split()[0].lower().replace("ё", "е") for form in keep if form)
    return tuple(sorted(out))


@lru_cache(maxsize=1)
def english_words() -> dict[str, str]:
    """The English title word for each way it is written in Italian or Russian ('zombi',
    'зомби', 'luna-park', 'болота'), spelt as the notation spells names; a spelling two words
    share is left out (it names neither)."""
    from gros.catalog import slug

    owners: dict[str, set[str]] = {}
    for lang in ("it", "ru"):
        for w, (kind, *f) in forms(lang).items():
            keep = f[:3] if kind == "beings" and lang == "ru" else f[1:3] if kind == "places" else f[1:]
            for form in keep:
                if form:
                    owners.setdefault(slug(form), set()).add(w)
    return {form: ws.pop() for form, ws in owners.items() if len(ws) == 1}


def word(w: str, lang: str) -> str | None:
    """How the word is listed ('zombi', 'атомный'): its singular or its adjective."""
    found = forms(lang).get(w.lower())
    if found is None:
        return None
    table, *f = found
    return f[0] if lang == "ru" and table == "beings" else f[1]  # a Russian being: its singular first


def said(p: Plan, lang: str) -> str | None:
    """The title in ``lang``, or None when a word has no forms there."""
    table = forms(lang)
    if not all(w in table for w in _words(p)):
        return None
    text = _italian(p, table) if lang == "it" else _russian(p, table)
    return ": ".join(part[:1].upper() + part[1:] for part in text.split(": "))


def _words(p: Plan) -> list[str]:
    return [p.head, *p.front, *([p.event] if p.event else []), *p.others, *p.other_beings, *p.their,
            *p.things, *p.places, *p.place_mods, *p.rest]


# -- Italian ------------------------------------------------------------------------------------

_VOWELS = "aeiouàèéìòù"
_FUSED = {"di": ("del", "dello", "dell'", "della", "dei", "degli", "delle"),
          "da": ("dal", "dallo", "dall'", "dalla", "dai", "dagli", "dalle"),
          "a": ("al", "allo", "all'", "alla", "ai", "agli", "alle")}
_ARTICLES = ("il", "lo", "l'", "la", "i", "gli", "le")
_SMALL = {"di", "da", "a", "per", "e", "in"}


def _article(gender: str, plural: bool, noun: str) -> str:
    w = noun.lower()
    vowel = w[:1] in _VOWELS
    special = w.startswith(("gn", "ps", "pn", "x", "y", "z")) or (w[:1] == "s" and w[1:2] not in _VOWELS)
    if gender == "f":
        return "le" if plural else ("l'" if vowel else "la")
    if plural:
        return "gli" if vowel or special else "i"
    return "l'" if vowel else "lo" if special else "il"


def _with(prep: str, article: str) -> str:
    """'di' + 'gli' -> 'degli'; 'con' + 'il' -> 'con il'; a bare name: 'di', 'da Marte'."""
    if not article:
        return prep
    if prep in _FUSED:
        return _FUSED[prep][_ARTICLES.index(article)]
    return f"{prep} {article}"


def _join(head: str, rest: str) -> str:
    return head + rest if head.endswith("'") else f"{head} {rest}" if head else rest


def _cap_it(text: str) -> str:
    words = text.split(" ")
    return " ".join(w if w in _SMALL else w[:1].upper() + w[1:] for w in words)


def _adj_it(adj: str, gender: str, plural: bool) -> str:
    if " " in adj:
        return adj
    for end, f_sg, m_pl, f_pl in (("co", "ca", "ci", "che"), ("io", "ia", "i", "ie"), ("o", "a", "i", "e")):
        if adj.endswith(end):
            stem = adj[: -len(end)]
            return stem + (f_pl if plural and gender == "f" else m_pl if plural else f_sg if gender == "f"
                           else end)
    if adj.endswith("e"):
        return adj[:-1] + "i" if plural else adj
    return adj


class _NounIt:
    """A noun phrase: (article, the words after it), e.g. ('gli', 'Zombi Atomici')."""

    def __init__(self, table: dict[str, list[str]], w: str, mods: list[str], plural: bool) -> None:
        f = table[w]
        kind = f[0]
        if kind == "a":  # an adjective standing as the noun: 'l'Atomico'
            kind, f = "m", ["m", f[1], _adj_it(f[1], "m", True)]
        gender = "f" if kind.startswith("f") else "m"
        plural = plural or kind.endswith("p")
        noun = f[2] if plural and len(f) > 2 else f[1]
        phrase = " ".join([_cap_it(noun), *(_cap_it(_adj_it(table[m][1], gender, plural)) for m in mods)])
        self.article = "" if kind.startswith("b") else _article(gender, plural, noun)
        self.text = phrase

    def said(self, prep: str = "") -> str:
        head = _with(prep, self.article) if prep else self.article
        return _join(head, self.text)


def _italian(p: Plan, table: dict[str, list[str]]) -> str:
    t = {w: f[1:] for w, f in table.items()}
    head = _NounIt(t, p.head, p.front, p.kind == "being")
    title = _join(_NounIt(t, p.event, [], False).said(), head.said("di")) if p.event else head.said()
    if p.other_beings:
        sides = [_NounIt(t, p.other_beings[0], p.others, True)]
        sides += [_NounIt(t, b, [], True) for b in p.other_beings[1:]]
        if p.their:
            events = " e ".join(_NounIt(t, e, [], False).said() for e in p.their)
            title += ": " + events + " " + " e ".join(s.said("di") for s in sides)
        else:
            title += " contro " + " e ".join(s.said() for s in sides)
    if p.things:
        things = [_NounIt(t, w, [], False) for w in p.things]
        title += " " + things[0].said("con") + "".join(" e " + x.said() for x in things[1:])
    if p.places:
        first, *more = p.places
        title += " " + _NounIt(t, first, [] if more else p.place_mods, False).said("da")
        if more:
            title += " " + " e ".join(_NounIt(t, w, p.place_mods if k == 0 else [], False).said("a")
                                      for k, w in enumerate(more))
    if p.rest:
        title += ": " + " e ".join(_cap_it(t[w][1]) for w in p.rest)
    return title


# -- Russian ------------------------------------------------------------------------------------

_HUSHED = "гкхжшчщ"  # after these, -ые/-ых/-ым are written -ие/-их/-им


def _adj_ru(adj: str, case: str, gender: str) -> str:
    """Case nom, gen, acc or ins; gender m, f, n or p (plural); inanimate."""
    stem, y = adj[:-2], "и" if adj[-3:-2] in _HUSHED else "ы"
    table = {"nom": {"m": adj, "f": stem + "ая", "n": stem + "ое", "p": stem + y + "е"},
             "gen": {"m": stem + "ого", "f": stem + "ой", "n": stem + "ого", "p": stem + y + "х"},
             "acc": {"m": adj, "f": stem + "ую", "n": stem + "ое", "p": stem + y + "е"},
             "ins": {"m": stem + y + "м", "f": stem + "ой", "n": stem + y + "м", "p": stem + y + "ми"}}
    return table[case][gender]


def _acc_ru(gender: str, nom: str) -> str:
    if gender == "f" and nom.endswith("а"):
        return nom[:-1] + "у"
    if gender == "f" and nom.endswith("я"):
        return nom[:-1] + "ю"
    return nom


class _NounRu:
    """A noun phrase in the cases a title needs: adjectives first, agreeing with the noun."""

    def __init__(self, table: dict[str, list[str]], w: str, mods: list[str], being: bool) -> None:
        kind, *f = table[w]
        self.mods = [table[m][2] for m in mods]
        if kind == "beings":  # always the whole kind: 'атомные зомби'
            self.gender, self.cases = "p", {"nom": f[1], "gen": f[2]}
        elif kind == "mods":  # an adjective standing as the noun
            self.gender, self.cases = "m", {c: _adj_ru(f[1], c, "m") for c in ("nom", "gen", "acc", "ins")}
        else:
            self.gender = f[0]
            self.cases = {"nom": f[1], "gen": f[2], "acc": _acc_ru(f[0], f[1])}
            if kind == "things":
                self.cases["ins"] = f[3]
            if kind == "places":
                self.cases["from"], self.cases["to"] = f[3], f[4]

    def said(self, case: str) -> str:
        return " ".join([*(_adj_ru(m, case, self.gender) for m in self.mods), self.cases[case]])


def _with_ru(prep: str, phrase: str) -> str:
    """'с' + 'склейкой' -> 'со склейкой' (before a cluster it takes an o)."""
    w = phrase.lower()
    if prep in ("с", "в") and len(w) > 1 and w[0] in ("сзшжв" if prep == "с" else "вф") \
            and w[1] not in "аеёиоуыэюя" or prep == "с" and w.startswith("мн"):
        prep += "о"
    return f"{prep} {phrase}"


def _russian(p: Plan, table: dict[str, list[str]]) -> str:
    t = {w: f for w, f in table.items()}
    head = _NounRu(t, p.head, p.front, p.kind == "being")
    title = f"{_NounRu(t, p.event, [], False).said('nom')} {head.said('gen')}" if p.event else head.said("nom")
    if p.other_beings:
        sides = [_NounRu(t, p.other_beings[0], p.others, True)]
        sides += [_NounRu(t, b, [], True) for b in p.other_beings[1:]]
        others = " и ".join(s.said("gen") for s in sides)
        if p.their:
            title += ": " + " и ".join(_NounRu(t, e, [], False).said("nom") for e in p.their) + " " + others
        else:
            title += " " + f"против {others}"
    if p.things:
        title += " " + _with_ru("с", " и ".join(_NounRu(t, w, [], False).said("ins") for w in p.things))
    if p.places:
        first, *more = p.places
        place = _NounRu(t, first, [] if more else p.place_mods, False)
        title += " " + _with_ru(place.cases["from"], place.said("gen"))
        if more:
            there = [_NounRu(t, w, p.place_mods if k == 0 else [], False) for k, w in enumerate(more)]
            title += " " + " и ".join(_with_ru(x.cases["to"], x.said("acc")) for x in there)
    if p.rest:
        title += ": " + " и ".join(t[w][2] for w in p.rest)
    return title


def shown_title(title: str, words: list[str] | tuple[str, ...]) -> str:
    """The title as the reader's language says it: the generated one is made again in that
    language; a title the players wrote themselves is theirs and stays as they wrote it."""
    from common.i18n import DEFAULT, current

    if current() == DEFAULT or not words or title != generated_title(list(words)):
        return title
    return said(plan(list(words)), current()) or title
