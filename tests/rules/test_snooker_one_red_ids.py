"""Every rule ID the 1-red referee cites, and every software-decidable ID of the spec,
has a test named after it (spec README: tests are named after rule IDs)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ID = re.compile(r"ONE-(?:\d+|X)(?:\.\d+)*(?:\(\d+\))*")
JUDGEMENT_ONLY = {"ONE-2.6.2", "ONE-2.12.4"}  # need a referee's opinion the record lacks


def normalise(rule: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", rule.lower()).strip("_")


def _test_names() -> set[str]:
    names = set()
    for path in (ROOT / "tests" / "rules").glob("test_snooker_one_red*.py"):
        names |= set(re.findall(r"^def (test_\w+)", path.read_text("utf-8"), re.M))
    return names


def covered(rule: str, names: set[str]) -> bool:
    key = f"_{normalise(rule)}_"
    return any(key in f"{n}_" for n in names)


def test_one_x_every_cited_rule_id_has_a_test():
    cited = set()
    for path in (ROOT / "src" / "cuesport" / "rules").glob("snooker_one_red*.py"):
        cited |= set(ID.findall(path.read_text("utf-8")))
    assert len(cited) > 40
    names = _test_names()
    missing = sorted(r for r in cited if not covered(r, names))
    assert not missing, missing


def test_one_x_every_spec_rule_id_has_a_test():
    spec = ROOT.parent / "shared" / "spec" / "snooker-one-red.md"
    if not spec.exists():
        spec = Path("/work/shared/spec/snooker-one-red.md")
    if not spec.exists():
        return  # the spec lives beside the repository, not in it
    ids = set(ID.findall(spec.read_text("utf-8"))) - JUDGEMENT_ONLY
    names = _test_names()
    missing = sorted(r for r in ids if not covered(r, names))
    assert not missing, missing
