"""The rules pages in every language keep the English page's shape and its typed input.

A translated page (`<game>/rules.<lang>.md`) is read by `GAME rules` when the table plays in
that language, so it must say the same things in the same order: the same headings, the
same fenced code blocks (move notation is typed input, the same in every language) and the
same marker where the players' part ends.
"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
GAMES = ("gros", "invaders", "horror")
LANGS = ("it", "ru")
MARKER = "<!-- for developers"


def _split(text: str) -> tuple[list[str], list[str]]:
    """(heading levels with their position, fenced code blocks) of a Markdown page."""
    headings, blocks, block = [], [], None
    for line in text.splitlines(keepends=True):
        if line.startswith("```"):
            if block is None:
                block = [line]
            else:
                block.append(line)
                blocks.append("".join(block))
                block = None
        elif block is not None:
            block.append(line)
        elif line.startswith("#"):
            headings.append(line.split(" ", 1)[0])
    assert block is None, "a fenced code block is never closed"
    return headings, blocks


def _page(game: str, lang: str | None = None) -> str:
    name = "rules.md" if lang is None else f"rules.{lang}.md"
    return (ROOT / game / name).read_text(encoding="utf-8")


def _prose(text: str) -> str:
    """The page's running text: no code blocks, inline code, links' targets or tables' rules."""
    text = re.sub(r"```.*?```", " ", text, flags=re.S)
    text = re.sub(r"`[^`]*`", " ", text)
    return re.sub(r"\]\([^)]*\)", "]", text)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_a_translated_page_keeps_the_english_shape(game, lang):
    english, page = _page(game), _page(game, lang)
    en_headings, en_blocks = _split(english)
    headings, blocks = _split(page)
    assert len(headings) == len(en_headings), (len(headings), len(en_headings))
    assert headings == en_headings  # the same levels, in the same order
    assert blocks == en_blocks  # byte-identical code blocks, in the same order
    # 'GAME rules' gives players the part before the marker, so it must be there too
    assert (MARKER in page) == (MARKER in english)
    assert english.count(MARKER) == page.count(MARKER)
    # every inline code span of the English page (moves, commands, options, files) is kept
    missing = set(re.findall(r"`[^`\n]+`", english)) - set(re.findall(r"`[^`\n]+`", page))
    assert not missing, sorted(missing)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_a_translated_page_is_written_in_its_language(game, lang):
    words = re.findall(r"[^\W\d_]+", _prose(_page(game, lang)).lower())
    if lang == "ru":
        cyrillic = [w for w in words if re.fullmatch(r"[а-яё]+", w)]
        assert len(cyrillic) > 0.8 * len(words), "the Russian page is mostly not Russian"
    else:
        italian = sum(words.count(w) for w in ("il", "la", "di", "che", "per", "un", "si"))
        english = sum(words.count(w) for w in ("the", "of", "and", "to", "is", "with"))
        assert italian > 10 * max(english, 1), (italian, english)
