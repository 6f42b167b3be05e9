"""The layer contract of the package (issue 11): which part may import which.

Every import in ``src/cuesport`` (module level or inside a function, absolute or
relative) is read from the syntax tree; a module may import its own part and the parts
listed for it in ``MAY_IMPORT``, nothing else of cuesport. The layers, bottom up:

1. equipment, disciplines (disciplines reads equipment; equipment knows no discipline),
   events (the typed stroke event, written by physics and validated by record)
2. record (the protocol's typed frame record: the seam)
3. physics; render (render may draw physics results)
4. rules (the referee: never physics)
5. storage, bots
6. game
7. the faces: cli, web, envs, protocol

Parts that do not exist yet (storage, bots and envs while they are being moved) are
simply absent; the table already says where they belong. ``cuesport.game.bots`` and
``cuesport.game.storage`` count as bots and storage while they still live in game/.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "cuesport"

_BASE = {"equipment", "disciplines", "events"}
_CORE = _BASE | {"record"}
MAY_IMPORT: dict[str, set[str]] = {
    "accel": set(),  # the compiled referee's import guard, installed by the root package
    "equipment": set(),
    "events": set(),
    "disciplines": {"equipment"},
    "record": _BASE,
    "physics": _CORE,
    "render": _CORE | {"physics"},
    "rules": _CORE,
    "storage": _CORE,
    "bots": _CORE | {"physics", "rules"},
    "game": _CORE | {"physics", "render", "rules", "storage", "bots"},
    "protocol": _CORE | {"rules"},
    "envs": _CORE | {"physics", "render", "rules", "storage", "bots", "game"},
    "web": _CORE | {"physics", "render", "rules", "storage", "bots", "game", "protocol"},
    "cli": _CORE | {"physics", "render", "rules", "storage", "bots", "game", "protocol",
                    "web", "envs"},
    "__main__": {"cli"},
}
# Third-party packages a part must not import (directly).
MUST_NOT_USE: dict[str, set[str]] = {"rules": {"numpy"}, "record": {"numpy"}}
# Known breaches, by (part, what it must not import), each with the work that removes it.
# Keyed by part, not file, so that moving files (game/bots -> bots) does not disturb it.
# The test fails when one is gone too, so the list only shrinks.
PENDING: dict[tuple[str, str], str] = {
    ("rules", "numpy"): "issue 11: the vectorised snookered-in-hand search of "
                        "rules/snookered.py (from equipment/geometry.py) and "
                        "rules/snooker_free_ball.py; loaded only with the snooker referee",
}


def part_of(module: str) -> str | None:
    """The part a dotted cuesport module belongs to; None for other packages and for the
    root ``cuesport`` package (its ``__init__`` holds the version and installs accel)."""
    parts = module.split(".")
    if parts[0] != "cuesport" or len(parts) == 1 or parts[1].startswith("__version"):
        return None
    if parts[1] == "game" and len(parts) > 2 and parts[2] in ("bots", "storage"):
        return parts[2]
    return parts[1]


def module_name(path: Path, src: Path = SRC) -> str:
    rel = path.relative_to(src).with_suffix("")
    names = list(rel.parts)
    if names[-1] == "__init__":
        names.pop()
    return ".".join(names)


def imports(path: Path, src: Path = SRC) -> Iterator[tuple[int, str]]:
    """(line, dotted name) of everything ``path`` imports; ``from a import b`` yields both
    ``a`` and ``a.b`` (b may be a module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    here = module_name(path, src)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                if node.module:
                    base.append(node.module)
                source = ".".join(base)
            else:
                source = node.module or ""
            yield node.lineno, source
            for alias in node.names:
                yield node.lineno, f"{source}.{alias.name}"


def breaches(src: Path = SRC) -> dict[tuple[str, str], list[str]]:
    """(part, forbidden part or package) -> the offending lines, for every file."""
    out: dict[tuple[str, str], list[str]] = {}
    for path in sorted((src / "cuesport").rglob("*.py")):
        name_here = module_name(path, src)
        mine = part_of(name_here) or name_here.rpartition(".")[2]
        if mine not in MAY_IMPORT:
            continue  # the root package
        rel = str(path.relative_to(src))
        for line, name in imports(path, src):
            theirs = part_of(name)
            top = name.split(".")[0]
            bad = None
            if theirs is not None and theirs != mine and theirs not in MAY_IMPORT[mine]:
                bad = theirs
            elif top in MUST_NOT_USE.get(mine, set()):
                bad = top
            lines = out.setdefault((mine, bad), []) if bad is not None else []
            if bad is not None and not any(x.startswith(f"{rel}:{line}:") for x in lines):
                lines.append(f"{rel}:{line}: {mine} imports {name}")
    return out


def test_every_part_is_in_the_table() -> None:
    parts = {part_of(module_name(p)) for p in PACKAGE.rglob("*.py")} - {None}
    parts |= {"__main__"}
    assert parts <= set(MAY_IMPORT), parts - set(MAY_IMPORT)


def test_imports_follow_the_layers() -> None:
    found = breaches()
    new = [line for key, lines in found.items() if key not in PENDING for line in lines]
    assert not new, "imports across the layers (see tests/test_layers.py):\n" + "\n".join(new)


def test_pending_breaches_are_still_there() -> None:
    found = breaches()
    gone = [f"{a} -> {b}: {why}" for (a, b), why in PENDING.items() if (a, b) not in found]
    assert not gone, "fixed, so remove from PENDING in tests/test_layers.py:\n" + "\n".join(gone)


def test_the_check_catches_function_local_and_relative_imports(tmp_path: Path) -> None:
    pkg = tmp_path / "cuesport" / "rules"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "bad.py").write_text(
        "from . import base\n"
        "def f():\n    from ..physics import simulate\n    import numpy\n"
        "from cuesport.equipment import TableSpec\n", encoding="utf-8")
    (pkg / "base.py").write_text("", encoding="utf-8")
    found = breaches(tmp_path)
    assert sorted(found) == [("rules", "numpy"), ("rules", "physics")]
    assert found[("rules", "physics")] == [
        "cuesport/rules/bad.py:3: rules imports cuesport.physics"]


@pytest.mark.xfail(strict=True, reason="issue 11: the snooker free-ball search "
                   "(rules/snookered.py) uses numpy; import cuesport.protocol and the pool "
                   "referees do not (tests/protocol/test_protocol_machinery.py)")
def test_the_referee_imports_without_numpy() -> None:
    code = ("import sys; sys.modules['numpy'] = None\n"
            "import cuesport.protocol, cuesport.rules.registry as r, cuesport.disciplines as d\n"
            "[r.referee_class(x) for x in d.ids()]")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr[-500:]
