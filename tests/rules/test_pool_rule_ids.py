"""Every rule ID the pool referee cites has a test named after it; every checklist item of
pool.md is a test."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MODULES = ["pool", "nine_ball", "ten_ball", "eight_ball", "straight_pool"]
TESTS = ["test_pool_general", "test_nine_ball", "test_ten_ball", "test_eight_ball",
         "test_straight_pool", "test_pool_examples", "test_pool_properties"]
RULE_ID = re.compile(r"\b(?:POOL|P9|P8|P141|P10)-[0-9X]+(?:\.[0-9]+)+(?:\([0-9a-z]+\))*")


def normalise(rule: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", rule.lower()).strip("_")


def _test_names() -> str:
    names = []
    for t in TESTS:
        path = ROOT / "tests" / "rules" / f"{t}.py"
        if path.exists():
            names += re.findall(r"^def (test_\w+)", path.read_text(), re.M)
    return "\n".join(names)


def test_every_cited_rule_id_has_a_test() -> None:
    cited = set()
    for m in MODULES:
        cited |= set(RULE_ID.findall((ROOT / "src/cuesport/rules" / f"{m}.py").read_text()))
    names = _test_names()
    missing = sorted(r for r in cited
                     if not re.search(rf"{normalise(r)}(?![0-9])", names))
    assert not missing, missing


def test_every_checklist_item_is_a_test() -> None:
    names = _test_names()
    missing = [n for n in range(1, 49) if f"test_checklist_{n:02d}_" not in names]
    assert not missing, missing
