"""docs/architecture.md names every module of the project (issue 25: it missed
``horror/freetext.py``), so that a newcomer finds where each thing goes. A game's module is
looked for in the core-files table or in its own rows; a module of ``common/net`` in the
section on its layers (the diagram names each)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
GAMES = ("gros", "invaders", "horror")


def _section(title: str) -> str:
    start = DOC.index(title)
    end = DOC.find("\n#", start + len(title))
    return DOC[start:end if end > 0 else None]


def _game_rows(game: str) -> str:
    """The core-files table and the rows of ``game`` in the table of more modules."""
    core = DOC[DOC.index("| file | holds |"):DOC.index("A render module's optional hooks")]
    rows, current = [], ""
    for line in DOC[DOC.index("| game | module | holds |"):].splitlines():
        if not line.startswith("|"):
            break
        first = line.split("|")[1].strip().strip("`")
        current = first or current
        if current == game:
            rows.append(line)
    return core + "\n".join(rows)


def unnamed() -> list[str]:
    missing = []
    net = _section("### The layers of `common/net`")
    for path in sorted(ROOT.glob("*/**/*.py")):
        rel = path.relative_to(ROOT)
        package = rel.parts[0]
        if package not in ("common", *GAMES) or path.name in ("__init__.py", "__main__.py"):
            continue
        if rel.parts[:2] == ("common", "net"):
            found = re.search(rf"\b{path.stem}\b", net)
        elif package == "common":
            found = f"`{path.name}`" in DOC or f"`common/{path.name}`" in DOC
        else:
            found = f"`{path.name}`" in _game_rows(package)
        if not found:
            missing.append(str(rel))
    return missing


def test_every_module_is_named_in_the_architecture_page():
    assert unnamed() == []


def test_its_table_cells_stay_short():
    """A cell is read at a glance (they had grown to 900-1,600 characters)."""
    long = [line[:60] for line in DOC.splitlines() if line.startswith("|")
            and max(map(len, line.split("|"))) > 400]
    assert long == []
