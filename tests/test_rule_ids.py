"""The rule-ID meta-test: code, tests and the repository's rules reference agree.

The reference is docs/rules/*.yaml (the site's rules pages are generated from it); nothing
here needs ../shared, which a clean clone may lack. Rule IDs are normalised for test names:
``SNK-3.12(a)(v)`` -> ``snk_3_12_a_v``, a whole part of the name (bounded by ``_`` or its ends).

(a) every rule ID cited in src has a test named after it;
(b) every rule ID cited in src is a rule of the reference, and every rule ID a test name
    claims is one too;
(c) a test named after a rule ID exercises it: it runs code of a module that cites the ID
    (enforced on each such test by the plugin of tests/rule_claims.py, loaded with
    ``-p rule_claims``; the definition and its reasons are in
    tests/rule_claims.py; the machinery is tested below);
(d) every item of each acceptance checklist is a test ``test_checklist_NN_...`` in that
    family's test files; the item count is the reference's, checked against the
    specification's own checklist when ../shared/spec is beside the checkout.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

import rule_claims
from rule_claims import CallRecorder, claimed_ids, unexercised, unknown_claims

ROOT = Path(__file__).resolve().parents[1]
ref = rule_claims.ref
SPEC = ROOT.parent / "shared" / "spec"
CHECKLIST_TESTS = {
    "snooker": (["test_snooker_checklist.py"], "snooker.md"),
    "snooker-one-red": (["test_snooker_one_red_checklist.py"], "snooker-one-red.md"),
    "pool": (["test_pool_general.py", "test_nine_ball.py", "test_eight_ball.py",
              "test_ten_ball.py", "test_straight_pool.py"], "pool.md"),
}
# every rule of these families has a test, except those that need a referee's opinion
# which a frame record cannot carry
EVERY_RULE_TESTED = {"snooker-one-red": {"ONE-2.6.2", "ONE-2.12.4"}}


def test_normalise_rule_ids() -> None:
    assert ref.normalise("SNK-3.12(a)(v)") == "snk_3_12_a_v"
    assert ref.normalise("ONE-2.5.4(3)") == "one_2_5_4_3"
    assert ref.normalise("P9-2.4") == "p9_2_4"
    assert ref.normalise("SNK-X.2") == "snk_x_2"


def test_names_rule_needs_a_whole_part() -> None:
    assert ref.names_rule("test_snk_3_1_description", "SNK-3.1")
    assert not ref.names_rule("test_snk_3_12_a_penalty", "SNK-3.1")


def test_continued_citations_are_read() -> None:
    assert ref.ids_in("SNK-3.7(f),(g) and SNK-3.12(d)(i)/(v); P9-2.4") == [
        "SNK-3.7(f)", "SNK-3.7(g)", "SNK-3.12(d)(i)", "SNK-3.12(d)(v)", "P9-2.4"]


def test_every_cited_rule_id_has_a_test_named_after_it() -> None:
    tests = ref.collect_tests(ROOT)
    missing = {rid: where for rid, where in ref.citations(ROOT).items()
               if not ref.tests_naming(rid, tests)}
    assert not missing, "rule IDs cited in code without a test named after them:\n" + "\n".join(
        f"  {rid} ({where[0][0]}:{where[0][1]}) -> test_..._{ref.normalise(rid)}_..."
        for rid, where in sorted(missing.items()))


def test_every_cited_rule_id_is_in_the_reference() -> None:
    known = ref.load_reference()
    unknown = {rid: where for rid, where in ref.citations(ROOT).items() if rid not in known}
    assert not unknown, "rule IDs cited in code but unknown to docs/rules/*.yaml:\n" + "\n".join(
        f"  {rid} ({f}:{n})" for rid, where in sorted(unknown.items()) for f, n in where[:1])


def test_every_rule_id_claimed_by_a_test_name_exists() -> None:
    bad = {f"{t.path}::{t.name}": unknown_claims(t.name) for t in ref.collect_tests(ROOT)}
    bad = {k: v for k, v in bad.items() if v}
    assert not bad, f"test names claiming rules that are not in the reference: {bad}"


@pytest.mark.parametrize("family", sorted(EVERY_RULE_TESTED))
def test_every_rule_of_the_family_has_a_test(family: str) -> None:
    tests = ref.collect_tests(ROOT)
    rules = ref.load_family(family).rules
    missing = [r.id for r in rules
               if r.id not in EVERY_RULE_TESTED[family] and not ref.tests_naming(r.id, tests)]
    assert not missing, missing


def test_reference_ids_are_well_formed_and_unique() -> None:
    rules = ref.load_reference()  # raises on a duplicate or a malformed ID
    assert len(rules) > 300
    assert all(r.title and r.text for r in rules.values())


# ---------------------------------------------------------------- (c): the machinery


def test_claims_take_the_longest_match() -> None:
    assert claimed_ids("test_snk_3_2_a_i_reds_triangle") == ("SNK-3.2(a)(i)",)
    assert claimed_ids("test_snk_3_10_a_snk_3_10_a_i_nominating") == (
        "SNK-3.10(a)", "SNK-3.10(a)(i)")
    assert claimed_ids("test_render_a_table") == ()


def test_unknown_claims_are_found() -> None:
    assert unknown_claims("test_snk_3_99_no_such_rule") == ["snk_3_99_no_such_rule"]
    assert unknown_claims("test_checklist_09_snk_3_12_d_iii_reds") == []


def test_a_test_that_never_runs_the_rule_is_caught() -> None:
    from cuesport.protocol import referee

    name = "test_snk_3_12_a_v_cue_ball_misses_everything"
    idle = CallRecorder()
    assert "SNK-3.12(a)(v)" in unexercised(name, idle)
    busy = CallRecorder()
    record = {"discipline": "snooker", "players": ["A", "B"], "actions": [
        {"shot": {"player": 0, "cue_ball": [889, 650], "events": []}}]}
    old = sys.getprofile()
    sys.setprofile(busy)
    try:
        rulings = referee(record)
    finally:
        sys.setprofile(old)
    assert [f["rule"] for f in rulings[0]["fouls"]] == ["SNK-3.12(a)(v)"]
    assert unexercised(name, busy) == {}


# ---------------------------------------------------------------- (d): the checklists


def _spec_checklist(spec_file: Path) -> list[int]:
    text = spec_file.read_text(encoding="utf-8")
    section = text.split("## Acceptance checklist", 1)[1].split("\n## ", 1)[0]
    return [int(n) for n in re.findall(r"^(\d+)\. ", section, re.M)]


@pytest.mark.parametrize("family", sorted(CHECKLIST_TESTS))
def test_every_acceptance_checklist_item_is_a_test(family: str) -> None:
    files, spec_name = CHECKLIST_TESTS[family]
    count = ref.load_family(family).checklist
    assert count > 0
    if (SPEC / spec_name).is_file():  # the specification beside the checkout: it agrees
        assert _spec_checklist(SPEC / spec_name) == list(range(1, count + 1))
    names: set[str] = set()
    for file in files:
        text = (ROOT / "tests" / "rules" / file).read_text("utf-8")
        names |= set(ref.TEST_DEF.findall(text))
    numbers = {int(m.group(1)) for n in names if (m := re.match(r"test_checklist_(\d+)_", n))}
    missing = sorted(set(range(1, count + 1)) - numbers)
    assert not missing, f"{family}: checklist items without a test: {missing}"
