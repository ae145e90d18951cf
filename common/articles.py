"""Italian fuses a preposition with the article of the name after it ("di" + "il" = "del"),
card and monster names included: "l'attacco del “Robot”", "sfugge al Blob", where a plain
``format`` writes "l'attacco di “Il Robot”". The language always fuses, so no translation has
to ask: ``common.i18n`` hands out every Italian translation as a ``Sentence``, whose ``format``
fuses where the template puts a preposition right before a value (``fill``); a quoted name
leaves its article outside the quotes, and an unquoted name's capital article inside a sentence
is written small ("afferra il capitano"). Text inside a value (what a player typed) is untouched.
"""

from __future__ import annotations

import re
import string
from typing import Any

_FUSED = {prep: dict(zip(("il", "lo", "la", "i", "gli", "le", "l'"), forms, strict=True)) for prep, forms in (
    ("di", ("del", "dello", "della", "dei", "degli", "delle", "dell'")),
    ("a", ("al", "allo", "alla", "ai", "agli", "alle", "all'")),
    ("da", ("dal", "dallo", "dalla", "dai", "dagli", "dalle", "dall'")),
    ("in", ("nel", "nello", "nella", "nei", "negli", "nelle", "nell'")),
    ("su", ("sul", "sullo", "sulla", "sui", "sugli", "sulle", "sull'")))}
_PREPOSITION = re.compile(r"(?:^|(?<=[\s(—]))(di|a|da|in|su|Di|A|Da|In|Su) ([“«\"]?)$")
# an article as a word of its own ("Il Robot", "L'Uomo Lupo"), after an optional opening quote
_NAME_ARTICLE = re.compile(r"^([“«\"]?)(?:(il|lo|la|i|gli|le) (?=\S)|(l)(['’])(?=\w))", re.IGNORECASE)


def fused(preposition: str, name: str) -> str | None:
    """``preposition`` and ``name`` as Italian writes them when the name starts with an
    article ("di", "“Il Robot”" -> "del “Robot”"); None when there is nothing to fuse."""
    m = _NAME_ARTICLE.match(name)
    if not m:
        return None
    quote, article, apostrophe = m.group(1), (m.group(2) or "l'").lower(), m.group(4) or ""
    word = _FUSED[preposition.lower()][article]
    if apostrophe:
        word = word[:-1] + apostrophe  # keep the name's own apostrophe (' or ’)
    if preposition[0].isupper():
        word = word[0].upper() + word[1:]
    return f"{word}{'' if apostrophe else ' '}{quote}{name[m.end():]}"


_MID_SENTENCE = re.compile(r"[^\s.!?:]\s$")  # a word (or a comma) and a space before the value
_CAPITAL_ARTICLE = re.compile(r"^(?:(?:Il|Lo|La|I|Gli|Le) (?=\S)|L['’](?=\w))")


def small_article(name: str) -> str:
    """``name`` with its capital article written small, as inside an Italian sentence or list
    ("(Betty Barlow, il dottore)"); a name without one is unchanged."""
    return name[0].lower() + name[1:] if _CAPITAL_ARTICLE.match(name) else name


def fill(template: str, *args: Any, **kwargs: Any) -> str:
    """An Italian ``template.format(...)``: each preposition the template puts right before a
    value fused with the value's article ("sfugge a {monster}" -> "sfugge al Blob"), "a" before
    a name that starts with an "a" written "ad" ("dà la caccia ad Anna"), and a
    name's capital article lower-cased inside a sentence, as Italian writes it ("afferra {name}"
    -> "afferra il capitano", "gioca la grotta marina"); a quoted name stays as it is."""
    formatter = string.Formatter()
    out: list[str] = []
    auto = 0
    for literal, field, spec, conversion in formatter.parse(template):
        out.append(literal)
        if field is None:
            continue
        if field == "":
            field, auto = str(auto), auto + 1
        value = formatter.convert_field(formatter.get_field(field, args, kwargs)[0], conversion)
        if spec and "{" in spec:
            spec = formatter.vformat(spec, args, kwargs)
        text = formatter.format_field(value, spec or "")
        before = _PREPOSITION.search(literal) if literal else None  # "di {x}", "su «{x}»"
        joined = fused(before.group(1), before.group(2) + text) if before else None
        if before and joined is not None:
            out[-1] = literal[:before.start()]
            text = joined
        elif before and before.group(1) in ("a", "A") and not before.group(2) and text[:1] in "aAàÀ":
            out[-1] = literal[:before.end(1)] + "d " + before.group(2)  # "ad Anna", as Italian says it
        elif _MID_SENTENCE.search("".join(out)[-2:]) and _CAPITAL_ARTICLE.match(text):  # after a word, or a form
            text = text[0].lower() + text[1:]
        out.append(text)
    return "".join(out)


class Sentence(str):
    """An Italian translation: ``format`` fills it with ``fill`` (articles fused)."""

    __slots__ = ()

    def format(self, /, *args: Any, **kwargs: Any) -> str:
        return fill(self, *args, **kwargs)
