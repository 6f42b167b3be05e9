"""Examples that run: every ```python block of the README and of the documentation site runs
as written (each one on its own, from the repository root), and every docstring example of
``src/cuesport`` passes as a doctest."""

from __future__ import annotations

import doctest
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FENCE = re.compile(r"^```python\n(.*?)^```$", re.M | re.S)
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def python_blocks() -> list[tuple[str, int, str]]:
    out = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for m in FENCE.finditer(text):
            line = text.count("\n", 0, m.start()) + 2
            out.append((page.relative_to(ROOT).as_posix(), line, m.group(1)))
    return out


def doctest_modules() -> list[str]:
    """The modules of src/cuesport whose docstrings hold examples."""
    src = ROOT / "src"
    return sorted(
        ".".join(p.relative_to(src).with_suffix("").parts).removesuffix(".__init__")
        for p in (src / "cuesport").rglob("*.py") if ">>> " in p.read_text(encoding="utf-8"))


def test_the_readme_has_python_examples() -> None:
    assert sum(1 for page, _, _ in python_blocks() if page == "README.md") >= 2


@pytest.mark.parametrize(("page", "line", "code"), python_blocks(),
                         ids=[f"{p}:{n}" for p, n, _ in python_blocks()])
def test_python_block_runs_as_written(page: str, line: int, code: str,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    exec(compile(code, f"{page}:{line}", "exec"), {"__name__": "__example__"})


def test_docstring_examples_are_found() -> None:
    assert {"cuesport.rules.session", "cuesport.equipment.tables"} <= set(doctest_modules())


@pytest.mark.parametrize("module", doctest_modules())
def test_docstring_examples_pass(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module), report=True,
                             optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0, result
