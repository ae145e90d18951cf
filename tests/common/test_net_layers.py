"""``common/net`` is a stack of layers that import only downward (issue 20), like the websockets
library's protocol <- connection <- server: a connection knows nothing of tables or of the
server, a table talks to its members and its host through the interfaces it owns
(``member.py``), the server composes them. Checked over the import graph, read with ``ast``
(nothing is imported), every import counted wherever it stands, ``if TYPE_CHECKING:`` too."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.importgraph import circles

NET = Path(__file__).resolve().parents[2] / "common" / "net"

# the layers, lowest first; a module may import only from the layers below its own
LAYERS = [
    {"protocol", "limits"},  # the wire format; what an address may ask
    {"conn", "listener", "link", "tokens"},  # one connection, accepting; the client's link
    {"member", "saving"},  # the interfaces the table layer owns; the record on disk
    {"seating", "languages", "crowd"},  # configuration and seats; text for several members; watchers
    {"lobby", "remote"},  # a table's seats and members; the client's session
    {"room", "botclient"},  # a table's game; the bot client
    {"terminal", "consoles"},  # the host's console; the client's consoles
    {"host", "client", "bench", "audit"},  # the server that composes them; join; the benchmarks
]


def imports_of(path: Path) -> dict[str, int]:
    """The common.net modules ``path`` imports (name -> line), wherever the import stands."""
    found: dict[str, int] = {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.level:  # relative: from . import x, from .m import y
                names = [f"common.net.{node.module}"] if node.module else []
            else:
                names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level:
            names = [f"common.net.{alias.name}" for alias in node.names]
        for name in names:
            if name.startswith("common.net."):
                module = name.split(".")[2]
                if (NET / f"{module}.py").exists():
                    found.setdefault(module, node.lineno)
    return found


def graph() -> dict[str, dict[str, int]]:
    return {path.stem: imports_of(path) for path in sorted(NET.glob("*.py")) if path.stem != "__init__"}


def test_common_net_has_no_import_circle():
    assert circles(graph()) == []


def test_every_module_imports_only_from_the_layers_below():
    layer_of = {module: n for n, layer in enumerate(LAYERS) for module in layer}
    edges = graph()
    assert set(edges) == set(layer_of), "a module of common/net has no layer in this test"
    upward = [f"common/net/{module}.py:{line} imports {target} (layer {layer_of[target]} >= "
              f"{layer_of[module]})"
              for module, targets in edges.items() for target, line in targets.items()
              if layer_of[target] >= layer_of[module]]
    assert upward == []


def test_a_connection_knows_nothing_of_tables_or_the_server():
    edges = graph()
    assert set(edges["conn"]) <= {"protocol", "limits"}
    for table in ("lobby", "room", "languages", "terminal"):
        assert not {"conn", "host"} & set(edges[table]), table
