"""The studio's stock: premises and the words a film's suggestions and bots write with, by
kind of film, so that content fits the setting and its era (no exploding cars in a 1957 Welsh
mine), the monster (no coffin in a werewolf film), and each film draws different names.

The stock is data: ``horror/pools.toml`` in English and ``horror/locale/<lang>/pools.toml``
in Italian and Russian, key for key, so that the same picks make the same film in every
language and a text can be shown in any reader's language (``horror.pooltext``). Tags
(``[tags]`` in the English file) fit a text to the films whose monster has the tag.

A ``Theme`` is picked from the premise's setting by its keywords (a setting the table wrote
itself falls back to the theme its words come closest to, else the seed's); ``salt`` makes the
choices differ from film to film while staying a pure function of what every seat can see.
"""

from __future__ import annotations

import tomllib
import zlib
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "it", "ru")
# the groups of a theme whose texts a film writes; each text has a key, the same in every language
TEXT_GROUPS = ("jobs", "concepts", "sets", "props", "tropes", "subplots", "plans", "narration", "lines")
WORD_GROUPS = ("common_lines", "abilities", "abilities_plural", "common_tropes", "common_narration")  # texts besides the themes'
PREMISE_FIELDS = ("monster", "ability", "trigger", "setting", "title")
HERE = Path(__file__).parent


@dataclass(frozen=True)
class Theme:
    name: str
    keywords: tuple[str, ...]
    premises: tuple[tuple[str, str, str, str, str], ...]  # monster, ability, trigger, setting, title
    first: tuple[str, ...]
    last: tuple[str, ...]
    jobs: tuple[str, ...]
    concepts: tuple[str, ...]
    sets: tuple[str, ...]
    props: tuple[str, ...]
    tropes: tuple[str, ...]
    subplots: tuple[str, ...]
    plans: tuple[str, ...]
    narration: tuple[str, ...]  # {set}, {char}, {monster}, {prop} are filled in
    lines: tuple[str, ...]  # dialogue
    keys: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (group, the keys of its texts), per group
    premise_tags: tuple[frozenset[str], ...] = ()

    def group_keys(self, group: str) -> tuple[str, ...]:
        return dict(self.keys)[group]


@dataclass(frozen=True)
class Words:
    """A language's stock besides its themes: lines any film may use, the monster's line at a
    beat, the abilities a bot suggests for the monster of the premise, and tropes any film may
    have (suggested once the theme's own are written), and narration any film may have."""

    common_lines: tuple[str, ...]
    monster_sound: str
    abilities: tuple[str, ...]
    common_tropes: tuple[str, ...] = ()
    common_narration: tuple[str, ...] = ()  # {set} is filled in
    abilities_plural: tuple[str, ...] = ()  # the abilities said of a plural monster ("The Pale Miners")
    keys: tuple[tuple[str, tuple[str, ...]], ...] = ()


@dataclass(frozen=True)
class Tag:
    keywords: tuple[str, ...]  # words of a monster, its abilities or trigger that give a film the tag
    texts: frozenset[str]  # 'theme.group.key' of the texts written only in a film with the tag


def read(lang: str) -> dict[str, Any]:
    """One language's pools file, as TOML gives it."""
    path = HERE / "pools.toml" if lang == "en" else HERE / "locale" / lang / "pools.toml"
    with open(path, "rb") as fh:
        return tomllib.load(fh)


def _theme(name: str, data: dict[str, Any], base: dict[str, Any]) -> Theme:
    """A theme of one language; what the language leaves out (the names, in Italian) is English."""
    premises = data.get("premises") or base["premises"]
    ordered = [premises[k] for k in sorted(premises, key=int)]
    tags = [base["premises"][k].get("tags", []) for k in sorted(base["premises"], key=int)]
    groups = {g: tuple(data[g].values()) for g in TEXT_GROUPS}
    return Theme(name, tuple(data["keywords"]), tuple(tuple(p[f] for f in PREMISE_FIELDS) for p in ordered),
                 tuple(data.get("first") or base["first"]), tuple(data.get("last") or base["last"]),
                 keys=tuple((g, tuple(base[g])) for g in TEXT_GROUPS),
                 premise_tags=tuple(frozenset(t) for t in tags), **groups)


@cache
def load(lang: str) -> tuple[tuple[Theme, ...], Words]:
    """The themes and words of ``lang`` (English for a language with no pools)."""
    english = read("en")
    data = read(lang) if lang in LANGUAGES else english
    themes = tuple(_theme(name, data["themes"][name], base) for name, base in english["themes"].items())
    w, base_w = data["words"], english["words"]
    words = Words(tuple(w["common_lines"].values()), w["monster_sound"], tuple(w["abilities"].values()),
                  tuple(w["common_tropes"].values()), tuple(w["common_narration"].values()),
                  abilities_plural=tuple(w["abilities_plural"].values()),
                  keys=tuple((g, tuple(base_w[g])) for g in WORD_GROUPS))
    return themes, words


@cache
def monster_classes(lang: str) -> dict[str, tuple[str, bool]]:
    """Each studio monster's name in ``lang`` (case aside) -> its gender and whether it is
    plural: its premise's ``gender`` and ``plural`` fields, masculine singular where they are
    left out ('La Mantide Gigante' is feminine, 'Бледные шахтёры' plural)."""
    if lang not in LANGUAGES:
        return {}
    out: dict[str, tuple[str, bool]] = {}
    for theme in read(lang)["themes"].values():
        for premise in theme.get("premises", {}).values():
            out[premise["monster"].casefold()] = (premise.get("gender", "m"), bool(premise.get("plural", False)))
    return out


def plural_monster(monster: str) -> bool:
    """Whether a studio monster's name, in any language, is plural ('The Sand Crawlers')."""
    low = monster.casefold()
    return any(monster_classes(lang).get(low, ("m", False))[1] for lang in LANGUAGES)


THEMES, WORDS = load("en")
TAGS: dict[str, Tag] = {name: Tag(tuple(t["keywords"]), frozenset(t["texts"]))
                        for name, t in read("en").get("tags", {}).items()}
_TAGGED: dict[str, frozenset[str]] = {}
for _name, _tag in TAGS.items():
    for _path in _tag.texts:
        _TAGGED[_path] = _TAGGED.get(_path, frozenset()) | {_name}


def text_tags(theme: str, group: str, key: str) -> frozenset[str]:
    """The tags a text is written under (none: it fits every film of its theme)."""
    return _TAGGED.get(f"{theme}.{group}.{key}", frozenset())


@lru_cache(maxsize=1024)
def film_tags(monster: str, abilities: tuple[str, ...], trigger: str) -> frozenset[str]:
    """A film's tags: its studio premise's (the monster named in any language), and those whose
    keywords the monster, its abilities or its trigger name."""
    found: frozenset[str] = frozenset()
    low = monster.casefold()
    for lang in LANGUAGES:
        for theme in load(lang)[0]:
            for premise, tags in zip(theme.premises, theme.premise_tags, strict=True):
                if premise[0].casefold() == low:
                    found |= tags
    words = " ".join((monster, *abilities, trigger)).casefold()
    return found | {name for name, tag in TAGS.items() if any(k in words for k in tag.keywords)}


@lru_cache(maxsize=256)
def fitted(theme: Theme, tags: frozenset[str]) -> Theme:
    """``theme`` with only the texts that fit a film of ``tags``: a tagged text needs one of its tags."""
    groups: dict[str, tuple[str, ...]] = {}
    keys: list[tuple[str, tuple[str, ...]]] = []
    for group, group_keys in theme.keys:
        kept = [(k, t) for k, t in zip(group_keys, getattr(theme, group), strict=True)
                if not text_tags(theme.name, group, k) or text_tags(theme.name, group, k) & tags]
        groups[group] = tuple(t for _, t in kept)
        keys.append((group, tuple(k for k, _ in kept)))
    return replace(theme, keys=tuple(keys), **groups)  # type: ignore[arg-type]


ARTICLES = ("The ", "Il ", "La ", "Lo ", "L'", "I ", "Gli ", "Le ")  # a set's name opens with one


def placed(template: str, slot: str, value: str) -> str:
    """A name where a template puts it: a set's "The lamp room" (or "La sala") inside a sentence,
    after a word, is "the lamp room" ("avvolge la sala"); at the start or after a colon it stays."""
    at = template.find("{" + slot + "}")
    if at >= 2 and template[at - 1] == " " and template[at - 2].isalpha() and value.startswith(ARTICLES):
        return value[:1].lower() + value[1:]
    return value


def salt(*parts: str) -> int:
    """A film's own number, from what every seat can see: choices differ from film to film."""
    return zlib.crc32("\x1f".join(parts).encode("utf-8"))


@lru_cache(maxsize=256)  # a search lists meeting moves thousands of times a decision
def theme_for(setting: str, fallback: int = 0) -> Theme:
    """The theme whose keywords the setting names most; else the ``fallback``'th."""
    low = setting.lower()
    scores = [(sum(k in low for k in t.keywords), -i) for i, t in enumerate(THEMES)]
    best = max(scores)
    return THEMES[-best[1]] if best[0] else THEMES[fallback % len(THEMES)]


def premise(seed: int) -> dict[str, str]:
    """The studio's premise for a seed: a monster, a setting and a title that fit together. The
    film keeps it in English (records replay it in every language); ``horror.pooltext`` shows it
    in the reader's."""
    theme = THEMES[seed % len(THEMES)]
    chosen = theme.premises[(seed // len(THEMES)) % len(theme.premises)]
    return dict(zip(PREMISE_FIELDS, chosen, strict=True))


def character_name(theme: Theme, n: int, film: int) -> str:
    """The n-th character name a film suggests: mostly first and last names, sometimes a job."""
    k = n + film
    if n % 4 == 3:
        return theme.jobs[k % len(theme.jobs)].capitalize()
    first = theme.first[(k * 11 + film // 7) % len(theme.first)]  # 11 and 13: coprime to the
    last = theme.last[(k * 13 + film // 3) % len(theme.last)]  # lists' lengths, so all names turn up
    return f"{first} {last}"


def count() -> int:
    """How many distinct texts the English stock holds (the rules page quotes it)."""
    texts: set[str] = set()
    for t in THEMES:
        for group in ("first", "last", *TEXT_GROUPS):
            texts.update(getattr(t, group))
        for p in t.premises:
            texts.update(p)
    texts.update(WORDS.common_lines)
    return len(texts)
