"""The bots layer imports only the layers below it (issue 11 item 5): physics, rules,
record, equipment, disciplines, never the game or the faces."""

from __future__ import annotations

import ast
from pathlib import Path

import cuesport.bots

ALLOWED = ("cuesport.bots", "cuesport.physics", "cuesport.rules", "cuesport.record",
           "cuesport.equipment", "cuesport.disciplines")


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text())
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module == "cuesport":
            out += [f"cuesport.{a.name}" for a in node.names]  # from cuesport import x
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append(node.module)
    return out


def test_bots_import_only_lower_layers() -> None:
    root = Path(cuesport.bots.__file__).parent
    files = sorted(root.rglob("*.py"))
    assert files
    bad = [(f.name, m) for f in files for m in _imports(f)
           if m.startswith("cuesport") and not m.startswith(ALLOWED)]
    assert bad == []


def test_layer_check_sees_a_wrong_import(tmp_path: Path) -> None:
    f = tmp_path / "x.py"
    f.write_text("from cuesport.game.match import Match\nimport cuesport.web\n")
    assert _imports(f) == ["cuesport.game.match", "cuesport.web"]
