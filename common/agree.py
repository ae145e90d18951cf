"""Words that agree with a card's name: "“La Sensitiva” viene rimossa", "«Крысы-мутанты» атакуют".

A translated sentence names the forms of a word that agrees with a card in the card's own
placeholder, as a format spec: ``{card:viene rimosso|viene rimossa|vengono rimossi|vengono
rimosse}`` puts the form that fits the card, not the card's name. The forms follow the
language's grammatical classes (``CLASSES``: Italian masculine, feminine, masculine plural,
feminine plural; Russian masculine, feminine, neuter, plural; English singular and plural). A
card's class is data: the ``gender`` and ``plural`` fields of its table in
``<package>/locale/<lang>/cards.toml`` (``card_grammar``); a horror monster's, of its premise in
the studio's pools. English sentences use a spec only where a name may be plural (horror's
"{monster:is|are} loose"); the others need no class.

Why a spec rather than one message per class: a translator sees the whole sentence once, and
``common.catalogs`` checks that each spec gives exactly one form per class of its language.
"""

from __future__ import annotations

from common.i18n import DEFAULT, Domain, current

# the grammatical classes of each language, in the order a spec lists their forms
CLASSES: dict[str, tuple[str, ...]] = {"en": ("m", "pl"), "it": ("m", "f", "m.pl", "f.pl"),
                                       "ru": ("m", "f", "n", "pl")}
GENDERS: dict[str, tuple[str, ...]] = {"en": ("m",), "it": ("m", "f"), "ru": ("m", "f", "n")}
SEPARATOR = "|"


def grammar(lang: str, gender: str, plural: bool) -> str:
    """The class of a name of ``gender`` (and ``plural``) in ``lang``: one of CLASSES[lang]."""
    if lang == "ru":
        return "pl" if plural else gender
    if lang == "it":
        return f"{gender}.pl" if plural else gender
    return "pl" if plural else "m"  # English: a plural name ("The Pale Miners") takes a plural verb


def card_grammar(domain: Domain, card_id: str) -> str:
    """The class of a card's name in the current language, from the ``gender`` and ``plural``
    fields of its table in the domain's cards.toml; a name without them is masculine singular."""
    lang = current()
    entry = domain.cards(lang).get(card_id, {}) if lang != DEFAULT else {}
    return grammar(lang, entry.get("gender", "m"), bool(entry.get("plural", False)))


class Named(str):
    """A name as a sentence holds it, which knows its grammatical class in the reader's
    language: formatted with a spec of forms, it gives the form of that class."""

    grammar: str

    def __new__(cls, text: str, grammar: str = "m") -> Named:
        self = super().__new__(cls, text)
        self.grammar = grammar
        return self

    def __format__(self, spec: str) -> str:
        if not spec:
            return str(self)
        return form(spec, self.grammar)


def form(spec: str, klass: str, lang: str | None = None) -> str:
    """The form of class ``klass`` among the forms of ``spec`` (in CLASSES order)."""
    classes = CLASSES[lang or current()]
    forms = spec.split(SEPARATOR)
    if len(forms) != len(classes):  # common.catalogs refuses such a translation
        raise ValueError(f"{spec!r}: {len(classes)} forms expected ({', '.join(classes)})")
    return forms[classes.index(klass) if klass in classes else 0]


def plural_of(names: list[Named]) -> str:
    """The class of a list of names: their own for one; for several, plural (feminine in
    Italian only when every one is)."""
    if len(names) == 1:
        return names[0].grammar
    lang = current()
    if lang == "it":
        return "f.pl" if names and all(n.grammar.startswith("f") for n in names) else "m.pl"
    return "pl" if lang == "ru" else "m"


def spec_problems(text: str, lang: str) -> list[str]:
    """What is wrong with the agreement specs of a translated template: a spec must give one
    form per grammatical class of ``lang``."""
    import string

    out = []
    want = len(CLASSES.get(lang, ("m",)))
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError:
        return []
    for _lit, name, spec, _conv in parsed:
        if name is not None and spec and SEPARATOR in spec and len(spec.split(SEPARATOR)) != want:
            out.append(f"{{{name}:{spec}}} gives {len(spec.split(SEPARATOR))} forms, {lang} needs {want}")
    return out
