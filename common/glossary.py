"""One word per term, per language: the game's messages and its rules page say the same thing.

Each package may keep ``locale/<lang>/glossary.toml``: one table per term, with the word the
game uses (``word``), the stem that finds it in any of its forms (``stem``) and the words it must
not be called (``avoid``: regular expressions, matched at the start of a word, any case). The
catalogs (``make catalogs`` and ``--check``, ``common/catalogs.py``) and the tests read it over
every text of that language: the message catalog, the card and lesson data (``locale/<lang>/``)
and the rules page (``rules.<lang>.md``). A term the page and the catalog both speak of is
said with ``word`` in both, and no text uses a word the glossary avoids.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def load(package: str, lang: str) -> dict[str, dict]:
    """The glossary of a package in a language ({} when it keeps none)."""
    path = ROOT / package / "locale" / lang / "glossary.toml"
    if not path.exists():
        return {}
    with open(path, "rb") as fh:
        return tomllib.load(fh)


def texts(package: str, lang: str) -> dict[str, str]:
    """Every text of a package in a language, by file: the catalog's translations, the data in
    ``locale/<lang>/`` (cards, lessons, titles, pools) and the rules page."""
    out: dict[str, str] = {}
    folder = ROOT / package / "locale" / lang
    po = folder / "LC_MESSAGES" / f"{package}.po"
    if po.exists():
        # the placeholders ({round}) are the code's words, not the language's
        out[str(po.relative_to(ROOT))] = re.sub(r"\{[^{}]*\}", "", "\n".join(_translations(po)))
    for path in sorted(folder.glob("*.toml")):
        if path.name != "glossary.toml":
            out[str(path.relative_to(ROOT))] = "\n".join(_strings(tomllib.loads(path.read_text("utf-8"))))
    page = ROOT / package / f"rules.{lang}.md"
    if page.exists():
        out[str(page.relative_to(ROOT))] = page.read_text("utf-8")
    return out


def problems(package: str, lang: str) -> list[str]:
    """Where the texts of a package disagree with its glossary."""
    out = []
    found = texts(package, lang)
    page = f"{package}/rules.{lang}.md"
    catalog = {name: text for name, text in found.items() if name != page}
    for term, entry in load(package, lang).items():
        stem = re.compile(rf"(?<!\w){entry['stem']}", re.I)
        for pattern in entry.get("avoid", []):
            avoid = re.compile(rf"(?<!\w)(?:{pattern})\w*", re.I)
            for name, text in found.items():
                for m in avoid.finditer(text):
                    out.append(f"{name}: {m.group(0)!r} for {term!r}: the glossary says "
                               f"{entry['word']!r} ({package}/locale/{lang}/glossary.toml)")
        if page in found and not stem.search(found[page]):
            out.append(f"{page}: never says {entry['word']!r} ({term})")
        if not any(stem.search(text) for text in catalog.values()):
            out.append(f"{package}/locale/{lang}: the game never says {entry['word']!r} ({term})")
    return out


def _translations(po: Path) -> list[str]:
    from babel.messages.pofile import read_po

    with open(po, "rb") as fh:
        catalog = read_po(fh)
    out = []
    for msg in catalog:
        if msg.id:
            out += list(msg.string) if isinstance(msg.string, (list, tuple)) else [msg.string or ""]
    return out


def _strings(data) -> list[str]:
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for v in data.values() for s in _strings(v)]
    if isinstance(data, list):
        return [s for v in data for s in _strings(v)]
    return []
