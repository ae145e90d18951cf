"""The screenplay as a file: its name (the title in plain ASCII), its format (from the name's
ending), and writing it where the player asked or, at the credits, in their
``$HORROR_SCREENPLAYS`` folder, never over a file already there unless asked."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Any

from common.engine import GameError
from horror import _
from horror.pooltext import in_reader_language
from horror.screenplay import fountain, markdown

FORMATS = {"markdown": (markdown, ".md"), "fountain": (fountain, ".fountain")}


# Russian letters in Latin ones (a simplified GOST 7.79 B): a file name any disk and shell take
CYRILLIC_LATIN = dict(zip("абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
                          ("a", "b", "v", "g", "d", "e", "yo", "zh", "z", "i", "y", "k", "l", "m", "n", "o",
                           "p", "r", "s", "t", "u", "f", "kh", "ts", "ch", "sh", "shch", "", "y", "", "e", "yu",
                           "ya"), strict=True))


def slug(title: str) -> str:
    """A title as a file name, in plain ASCII: 'Оно пришло с неба' is 'ono-prishlo-s-neba', the
    accents of 'Città' go ('citta'), so the name is safe on every disk and in every shell."""
    latin = "".join(CYRILLIC_LATIN.get(ch, ch) for ch in title.lower())
    plain = unicodedata.normalize("NFKD", latin).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-") or "film"


@in_reader_language
def default_name(view: dict[str, Any], fmt: str = "markdown") -> str:
    """TITLE.md (or .fountain): the name suggested to the player, never taken unasked."""
    return f"{slug(view['title'])}{FORMATS[fmt][1]}"


def format_of(path: str | Path) -> str:
    """Fountain for a .fountain file, else Markdown."""
    return "fountain" if str(path).lower().endswith(".fountain") else "markdown"


def folder_for(path: Path) -> None:
    """``path``'s folder, made when missing; a GameError in one line when it cannot be."""
    folder = path.parent
    if folder.is_dir():
        return
    if folder.exists():
        raise GameError(_("{folder} is not a folder").format(folder=folder))
    try:
        folder.mkdir(parents=True)
    except OSError as exc:
        raise GameError(_("cannot make the folder {folder}: {reason}").format(
            folder=folder, reason=exc.strerror or exc)) from None


@in_reader_language
def write(view: dict[str, Any], path: str | Path, fmt: str | None = None, overwrite: bool = False) -> Path:
    """Write the screenplay to ``path``, a name the player gave (the format from its ending
    unless ``fmt`` says). An existing file is never overwritten unless ``overwrite`` (asked
    for by the player); a GameError in one line says why nothing was written."""
    render = FORMATS[fmt or format_of(path)][0]
    target = Path(path)
    folder_for(target)
    try:
        with open(target, "w" if overwrite else "x", encoding="utf-8") as fh:
            fh.write(render(view))
    except FileExistsError:
        raise GameError(_("{path} exists already; name another file").format(path=target)) from None
    except OSError as exc:
        raise GameError(_("cannot write {path}: {reason}").format(path=target, reason=exc.strerror or exc)) from None
    return target


@in_reader_language
def write_at_credits(view: dict[str, Any], folder: str) -> Path:
    """The film's screenplay in the player's own ``$HORROR_SCREENPLAYS`` folder, under a name of
    its own: TITLE.md, else TITLE-2.md, ... (nothing there is overwritten)."""
    base = Path(folder) / slug(view["title"])
    for n in range(1, 1000):
        target = base.with_name(f"{base.name}-{n}.md" if n > 1 else f"{base.name}.md")
        if not target.exists():
            return write(view, target)
    raise GameError(_("{folder} holds 999 screenplays of this title already").format(folder=folder))
