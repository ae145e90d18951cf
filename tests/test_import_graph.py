"""No import circle anywhere in the project (issue 25): each module can be read, tested and
changed knowing only the modules below it. The graph is read with ``ast``, every import
counted wherever it stands, ``if TYPE_CHECKING:`` too (``tests/importgraph.py``)."""

from __future__ import annotations

from pathlib import Path

from tests.importgraph import circles, project_graph


def test_no_module_of_the_project_is_in_an_import_circle():
    edges = project_graph()
    found = circles(edges)
    shown = [" <-> ".join(c) + ": " + "; ".join(f"{m} imports {t} (line {line})"
                                               for m in c for t, line in edges[m].items() if t in c)
             for c in found]
    assert shown == []


def test_the_graph_sees_every_kind_of_import(tmp_path: Path):
    """A circle made of a relative import, a late import and a TYPE_CHECKING import is found."""
    pkg = tmp_path / "gros"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from . import b\n")
    (pkg / "b.py").write_text("def f():\n    from gros.c import thing\n")
    (pkg / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import gros.a\n")
    (pkg / "d.py").write_text("import gros.a\n")
    for other in ("common", "invaders", "horror"):
        (tmp_path / other).mkdir()
    edges = project_graph(tmp_path)
    assert edges["gros.a"] == {"gros.b": 1}
    assert circles(edges) == [["gros.a", "gros.b", "gros.c"]]


def test_the_circle_finder_finds_circles():
    assert circles({"a": {"b": 1}, "b": {"c": 1}, "c": {"a": 1}, "d": {"a": 1}}) == [["a", "b", "c"]]
    assert circles({"a": {"b": 1}, "b": {}}) == []
    assert circles({"a": {"a": 1}}) == [["a"]]
