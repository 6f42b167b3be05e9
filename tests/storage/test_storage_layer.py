"""The storage layer's place: all SQL lives in ``cuesport.storage``, and storage imports
only the layers below it (record, equipment, rules), never the game or the faces."""

from __future__ import annotations

import ast
from pathlib import Path

import cuesport

SRC = Path(cuesport.__file__).parent
ALLOWED = ("cuesport.record", "cuesport.equipment", "cuesport.rules", "cuesport.storage",
           "cuesport.disciplines")


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
    return out


def test_storage_imports_only_the_layers_below_it() -> None:
    files = sorted((SRC / "storage").rglob("*.py"))
    assert files, "the storage package is missing"
    bad = {f"{f.relative_to(SRC)}: {m}" for f in files for m in _imports(f)
           if m.startswith("cuesport.") and not m.startswith(ALLOWED)}
    assert not bad, sorted(bad)


def test_no_sql_outside_the_storage_layer() -> None:
    bad = [str(f.relative_to(SRC)) for f in sorted(SRC.rglob("*.py"))
           if "storage" not in f.relative_to(SRC).parts
           and any(m == "sqlalchemy" or m.startswith("sqlalchemy.") for m in _imports(f))]
    assert not bad, f"SQL (sqlalchemy) used outside cuesport.storage: {bad}"
