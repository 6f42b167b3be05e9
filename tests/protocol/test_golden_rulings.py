"""The referee's rulings for every record under ``examples/`` are pinned byte for byte.

The files under ``tests/data/golden/`` were written by the referee before the redesign of
issue 11; a structural change must leave them identical (in both languages). Regenerate
them only for a deliberate change of behaviour:
``python tests/protocol/test_golden_rulings.py --write``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from cuesport.protocol import referee

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "data" / "golden"
EXAMPLES = sorted((ROOT / "examples").rglob("*.json"))
LANGS = ("en", "ru")


def render(path: Path, lang: str) -> str:
    record = json.loads(path.read_text("utf-8"))
    return "".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n"
                   for r in referee(record, lang))


def golden_path(path: Path, lang: str) -> Path:
    rel = path.relative_to(ROOT / "examples").with_suffix("")
    return GOLDEN / f"{str(rel).replace('/', '__')}.{lang}.jsonl"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_rulings_unchanged(path: Path, lang: str) -> None:
    expected = golden_path(path, lang).read_text("utf-8")
    assert render(path, lang) == expected


def test_every_example_has_golden_rulings() -> None:
    assert len(EXAMPLES) >= 11
    names = {golden_path(p, lang).name for p in EXAMPLES for lang in LANGS}
    assert names == {p.name for p in GOLDEN.glob("*.jsonl")}


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for p in EXAMPLES:
        for lang in LANGS:
            golden_path(p, lang).write_text(render(p, lang), "utf-8")
