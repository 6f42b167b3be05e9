"""Every rule ID the snooker referee cites has a test named after it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ID = re.compile(r"SNK-(?:X|\d+)\.\d+(?:\([a-z0-9]+\))*")


def normalise(rule: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", rule.lower()).strip("_")


def cited() -> set[str]:
    out: set[str] = set()
    for f in (ROOT / "src/cuesport/rules").glob("snooker*.py"):
        out.update(ID.findall(f.read_text("utf-8")))
    return out


def all_test_names() -> set[str]:
    names: set[str] = set()
    for f in (ROOT / "tests/rules").glob("test_snooker*.py"):
        names.update(re.findall(r"def (test_\w+)", f.read_text("utf-8")))
    return names


def test_every_cited_snooker_rule_has_a_test():
    names = all_test_names()
    missing = sorted(r for r in cited() if not any(normalise(r) in n for n in names))
    assert not missing, f"rule IDs without a test: {missing}"


def test_normalise_examples():
    assert normalise("SNK-3.12(a)(v)") == "snk_3_12_a_v"
    assert normalise("SNK-X.2") == "snk_x_2"
