"""The referee, the physics and the bots compiled (optional): the modules of
``cuesport.rules``, ``cuesport.physics``, ``cuesport.bots`` and the record's reading
(``cuesport.record.read`` and ``cuesport.record.fast``) built with Cython.

Compiled, the same Python source runs about 1.3 times faster (``bench/referee_long.py
--pure``, ``bench/physics.py``), to the same bits; nothing in it is written for the
compiler. ``python -m cuesport.accel`` compiles each module of :data:`PACKAGES`
(``rules/x.py``, ``record/read.py`` ...) into an extension module beside it and records
the digest of every source it compiled in ``accel/built.json``; ``python3 tasks.py start``
and ``test`` run it (only what changed is compiled again), and go on without it (loudly)
where there is no C compiler.

The source stays the only truth: :func:`install` (run by ``import cuesport``) puts a
finder before the usual ones that imports a compiled module only when it was compiled
from the source as it is now. A source edited since is imported as Python until it is
compiled again. ``CUESPORT_PURE=1`` imports every module as Python: the test suite sets
it, since its rule-claims check profiles the Python calls of the rules, and a compiled
function makes none; ``tests/test_accel.py`` holds the compiled modules to the same
rulings, trajectories and bot strokes, and runs the rules, protocol, physics and bots
tests on them.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parents[1]  # src/cuesport
PACKAGES = ("bots", "physics", "physics/resolve", "record", "rules")  # the folders compiled
MANIFEST = HERE / "accel" / "built.json"  # module name -> digest of the source it was compiled from
PURE = "CUESPORT_PURE"  # set (to anything but "" or "0"): import every module as Python


def sources() -> list[Path]:
    """The modules compiled: every module of :data:`PACKAGES` but their ``__init__``."""
    return sorted(p for pkg in PACKAGES for p in (HERE / pkg).glob("*.py")
                  if p.name != "__init__.py")


def module_name(path: Path) -> str:
    return ".".join(("cuesport", *path.relative_to(HERE).with_suffix("").parts))


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def compiled_files(path: Path) -> list[Path]:
    """The extension modules built from the source ``path`` (none, or one per ABI)."""
    stem = path.with_suffix("")
    found = (stem.with_name(stem.name + s) for s in importlib.machinery.EXTENSION_SUFFIXES)
    return [f for f in found if f.exists()]


def built() -> dict[str, str]:
    """The manifest of the last build ({} when there is none or it is unreadable)."""
    try:
        data = json.loads(MANIFEST.read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


class Guard(importlib.abc.MetaPathFinder):
    """Finds a compiled module's source when its compiled form must not be used (pure
    mode, or compiled from another source); otherwise leaves it to the usual finder,
    which prefers an extension module to the source beside it."""

    def __init__(self, sources: dict[str, Path], digests: dict[str, str], pure: bool) -> None:
        self.sources = sources  # module name -> source, for the modules with a compiled form
        self.digests = digests
        self.pure = pure

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        source = self.sources.get(name)
        if source is None:
            return None
        if not self.pure and self.digests.get(name) == digest(source):
            return None  # compiled from this very source: the usual finder takes it
        return importlib.util.spec_from_file_location(name, source)


def install() -> Guard | None:
    """Put the :class:`Guard` first on ``sys.meta_path`` when a compiled module exists."""
    with_compiled = {module_name(p): p for p in sources() if compiled_files(p)}
    if not with_compiled:
        return None
    guard = Guard(with_compiled, built(), os.environ.get(PURE, "") not in ("", "0"))
    sys.meta_path.insert(0, guard)
    return guard


def loaded_compiled(module: ModuleType) -> bool:
    """Whether a module was imported in its compiled form."""
    return not str(getattr(module, "__file__", "")).endswith(".py")
