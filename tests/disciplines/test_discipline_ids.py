"""Issue 11, "done when": a discipline's id string is written only in its descriptor
(``cuesport/disciplines/<id>.py``), its referee module and the one registry; everything
else asks the descriptor. Checked on the string literals of the code (docstrings and
comments are prose and may name a discipline)."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

from cuesport import disciplines

SRC = Path(__file__).resolve().parents[2] / "src" / "cuesport"
REGISTRY = SRC / "rules" / "registry.py"
# Words that are also an equipment or family word ("snooker": the table kind and the family).
# A literal equal to one of them is a discipline id only where the context says so.
SHARED_WORDS = {"snooker", "pool"}
KIND_NAMES = {"kind", "family", "table", "name"}


def _allowed(d: disciplines.Discipline) -> set[Path]:
    """The descriptor module declaring ``d``, its referee module and the registry."""
    own = {p for p in (SRC / "disciplines").glob("[!_]*.py")
           if getattr(importlib.import_module(f"cuesport.disciplines.{p.stem}"),
                      "DISCIPLINE", None) is d}
    assert len(own) == 1, f"{d.id} needs exactly one descriptor module, found {own}"
    referee = importlib.import_module(d.referee.partition(":")[0]).__file__
    assert referee is not None
    return {*own, Path(referee), REGISTRY}


def _docstrings(tree: ast.AST) -> set[int]:
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def _kind_context(node: ast.Constant, parents: dict[int, ast.AST]) -> bool:
    """Whether a shared word is used as a table kind or family (not as a discipline id)."""
    parent = parents.get(id(node))
    if isinstance(parent, ast.keyword):
        return parent.arg in KIND_NAMES
    if isinstance(parent, ast.Compare):
        sides = [parent.left, *parent.comparators]
        return any(isinstance(s, ast.Attribute) and s.attr in KIND_NAMES for s in sides)
    if isinstance(parent, (ast.Dict, ast.Tuple, ast.List, ast.Set)):
        items = parent.keys if isinstance(parent, ast.Dict) else parent.elts
        words = {k.value for k in items if isinstance(k, ast.Constant)}
        return "pool" in words  # {"snooker": ..., "pool": ...}: keyed by kind
    return isinstance(parent, ast.Subscript)  # Literal["snooker", "pool"]


def literal_uses(path: Path, ids: set[str]) -> list[tuple[str, int]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    parents = {id(c): p for p in ast.walk(tree) for c in ast.iter_child_nodes(p)}
    out = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
            continue
        if id(node) in docs or node.value not in ids:
            continue
        if node.value in SHARED_WORDS and _kind_context(node, parents):
            continue
        out.append((node.value, node.lineno))
    return out


def test_discipline_ids_appear_only_in_descriptor_referee_and_registry() -> None:
    allowed = {d.id: _allowed(d) for d in disciplines.all()}
    ids = set(allowed)
    bad = []
    for path in sorted(SRC.rglob("*.py")):
        for name, line in literal_uses(path, ids):
            if path not in allowed[name]:
                bad.append(f"{path.relative_to(SRC.parent)}:{line}: {name!r}")
    assert not bad, "discipline ids outside their descriptor/referee/registry:\n" + \
        "\n".join(bad)


def test_the_check_finds_an_id_in_code_but_not_in_prose(tmp_path: Path) -> None:
    f = tmp_path / "m.py"
    f.write_text('"""Nine-ball: "nine-ball" in prose."""\n'
                 'X = "nine-ball"  # "ten-ball" in a comment\n'
                 'if t.kind == "snooker":\n    pass\n'
                 'if discipline == "snooker":\n    pass\n', encoding="utf-8")
    assert literal_uses(f, {"nine-ball", "ten-ball", "snooker"}) == [
        ("nine-ball", 2), ("snooker", 5)]


def static_uses(text: str, ids: list[str]) -> list[str]:
    """Quoted ids in a static file; a shared word right after ``family``/``kind``/``table``
    (``fx.family === "snooker"``) is that fact's value, not an id."""
    out = []
    for i in ids:
        for m in re.finditer(rf"[\"'`]{re.escape(i)}[\"'`]", text):
            before = text[max(0, m.start() - 20):m.start()]
            if i in SHARED_WORDS and re.search(r"\b(family|kind|table)\b", before):
                continue
            line = text.count("\n", 0, m.start()) + 1
            out.append(f"{line}: {text[max(0, m.start() - 30):m.end()]!r}")
    return out


def test_static_check_allows_a_family_value_only() -> None:
    ids = ["snooker", "nine-ball"]
    found = static_uses('if (fx.family === "snooker")\n  x("nine-ball");', ids)
    assert len(found) == 1 and found[0].startswith("2: ") and "nine-ball" in found[0]
    assert len(static_uses('if (m.discipline === "snooker") {}', ids)) == 1


def test_static_pages_name_no_discipline() -> None:
    # the page reads GET /api/disciplines (issue 19 slice 0): no id in its static files
    ids = [d.id for d in disciplines.all()]
    bad = [f"{p.name}:{use}" for p in sorted((SRC / "web" / "static").iterdir())
           if p.suffix in (".js", ".html")
           for use in static_uses(p.read_text(encoding="utf-8"), ids)]
    assert not bad, bad
