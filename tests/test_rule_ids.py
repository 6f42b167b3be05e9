"""Every rule ID the code cites has a test named after it (the way httpx pins its exports).

An ID such as ``SNK-3.12(a)(v)`` is normalised to ``snk_3_12_a_v``; some test function name
must contain it as a whole part (bounded by ``_`` or the ends of the name).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULE_ID = re.compile(
    r"\b(?:SNK|ONE|POOL|P9|P8|P10|P141)-(?:X|\d+)(?:\.\d+)*(?:\((?:[a-z]{1,4}|\d{1,2})\))*"
)
TEST_NAME = re.compile(r"^\s*(?:async\s+)?def\s+(test_\w+)", re.M)


def normalise(rule_id: str) -> str:
    return re.sub(r"[^0-9a-z]+", "_", rule_id.lower()).strip("_")


def cited_ids() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / "src" / "cuesport").rglob("*.py")):
        for m in RULE_ID.finditer(path.read_text(encoding="utf-8")):
            found.setdefault(m.group(0), set()).add(str(path.relative_to(ROOT)))
    return found


def collect_test_names() -> list[str]:
    names: list[str] = []
    for path in (ROOT / "tests").rglob("test_*.py"):
        names += TEST_NAME.findall(path.read_text(encoding="utf-8"))
    return names


def covered(norm: str, names: list[str]) -> bool:
    pattern = re.compile(rf"(?:^|_){re.escape(norm)}(?:_|$)")
    return any(pattern.search(n) for n in names)


def test_normalise_rule_ids() -> None:
    assert normalise("SNK-3.12(a)(v)") == "snk_3_12_a_v"
    assert normalise("ONE-2.5.4(3)") == "one_2_5_4_3"
    assert normalise("P9-2.4") == "p9_2_4"
    assert normalise("SNK-X.2") == "snk_x_2"


def test_covered_needs_a_whole_part() -> None:
    assert covered("snk_3_1", ["test_snk_3_1_description"])
    assert not covered("snk_3_1", ["test_snk_3_12_a_penalty"])


def test_every_cited_rule_id_has_a_test_named_after_it() -> None:
    names = collect_test_names()
    missing = {
        rid: sorted(where)
        for rid, where in cited_ids().items()
        if not covered(normalise(rid), names)
    }
    assert not missing, "rule IDs cited in code without a test named after them:\n" + "\n".join(
        f"  {rid} ({', '.join(where)}) -> test_..._{normalise(rid)}_..."
        for rid, where in sorted(missing.items())
    )


SPEC = ROOT.parent / "shared" / "spec"
CHECKLIST_TESTS = {
    "snooker.md": ["test_snooker_checklist.py"],
    "snooker-one-red.md": ["test_snooker_one_red_checklist.py"],
    "pool.md": ["test_pool_general.py", "test_nine_ball.py", "test_eight_ball.py",
                "test_ten_ball.py", "test_straight_pool.py"],
}


def checklist_items(spec_file: Path) -> list[int]:
    text = spec_file.read_text(encoding="utf-8")
    section = text.split("## Acceptance checklist", 1)[1].split("\n## ", 1)[0]
    return [int(n) for n in re.findall(r"^(\d+)\. ", section, re.M)]


@pytest.mark.skipif(not SPEC.is_dir(), reason="the rules spec (../shared/spec) is not beside "
                    "this checkout")
@pytest.mark.parametrize("spec_name", sorted(CHECKLIST_TESTS))
def test_every_acceptance_checklist_item_is_a_test(spec_name: str) -> None:
    items = checklist_items(SPEC / spec_name)
    assert items == list(range(1, len(items) + 1)) and items
    names = set()
    for file in CHECKLIST_TESTS[spec_name]:
        names |= set(TEST_NAME.findall((ROOT / "tests" / "rules" / file).read_text("utf-8")))
    numbers = {int(m.group(1)) for n in names if (m := re.match(r"test_checklist_(\d+)_", n))}
    assert set(items) <= numbers, f"checklist items without a test: {sorted(set(items) - numbers)}"
