"""The project's import graph, read with ``ast`` (nothing is imported or run), and the circles
in it: shared by the tests that keep the code free of import circles (``test_import_graph``
over every package, ``common/test_net_layers`` over the layers of ``common/net``).

Every import counts wherever it stands: at module level, inside a function, under
``if TYPE_CHECKING:`` (a circle of type names is still a circle a reader has to untangle).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("common", "gros", "invaders", "horror")


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Dotted module name -> file, for every module of the project's packages."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            if all(p.isidentifier() for p in parts):
                found[".".join(parts)] = path
    return found


def _ours(name: str, mods: dict[str, Path]) -> str | None:
    """The longest prefix of ``name`` that is one of the project's modules."""
    parts = name.split(".")
    while parts:
        if ".".join(parts) in mods:
            return ".".join(parts)
        parts.pop()
    return None


def imports_of(module: str, path: Path, mods: dict[str, Path]) -> dict[str, int]:
    """The project modules ``module`` imports (name -> first line), wherever the import stands."""
    found: dict[str, int] = {}
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        targets: list[str | None] = []
        if isinstance(node, ast.Import):
            targets = [_ours(alias.name, mods) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from . import x, from ..m import y
                parts = package.split(".")[:len(package.split(".")) - (node.level - 1)]
                base = ".".join(parts + ([node.module] if node.module else []))
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                targets.append(sub if sub in mods else _ours(base, mods))
        for target in targets:
            if target and target != module:
                found.setdefault(target, node.lineno)
    return found


def project_graph(root: Path = ROOT) -> dict[str, dict[str, int]]:
    """module -> {imported module -> line} over every module of the project."""
    mods = modules(root)
    return {name: imports_of(name, path, mods) for name, path in mods.items()}


def circles(edges: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), and self-imports."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in edges.get(node, {}):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                component.append(top)
                if top == node:
                    break
            if len(component) > 1 or node in edges.get(node, {}):
                found.append(sorted(component))

    for node in edges:
        if node not in index:
            visit(node)
    return found
