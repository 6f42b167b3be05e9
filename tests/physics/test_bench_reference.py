"""bench/physics.py --reference: the arithmetic and the child's plumbing (no timing asserted)."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def bench(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(ROOT / "bench"))
    import physics

    return physics


def test_at_issue_speed_scales_by_the_reference_figure(bench: ModuleType) -> None:
    ours = {"9-ball break": 3.0, "8-ball break": 4.5, "snooker break-off": 3.2}
    ref = {"9-ball break": 8.8, "8-ball break": 20.0, "snooker break-off": 14.8}
    got = bench.at_issue_speed(ours, ref)
    assert got["9-ball break"] == pytest.approx(3.0 * 4.4 / 8.8)  # 1.5
    assert got["snooker break-off"] == pytest.approx(3.2 * 7.4 / 14.8)  # 1.6
    # no 8-ball figure in the issue: the 9-ball break's machine factor, not the 8-ball's
    assert got["8-ball break"] == pytest.approx(4.5 * 4.4 / 8.8)
    assert "8-ball break" not in bench.at_issue_speed(ours, {"8-ball break": 20.0})


def test_report_columns_and_the_8_ball_note(bench: ModuleType) -> None:
    ours = {"9-ball break": 3.0, "8-ball break": 4.5, "snooker break-off": 3.2,
            "9-ball break, jumping": 3.5}
    ref = {"9-ball break": 8.8, "8-ball break": 20.0, "snooker break-off": 14.8}
    lines = bench.reference_report(ours, ref)
    nine = next(ln for ln in lines if ln.startswith("9-ball break "))
    assert nine.split()[2:6] == ["3.00", "8.80", "0.341", "1.50"]
    assert any("no 8-ball figure" in ln for ln in lines)
    assert not any(ln.startswith("9-ball break, jumping") for ln in lines)  # the ref lacks it


def test_best_of_rounds(bench: ModuleType) -> None:
    r1 = {"a": {"best": 2.0, "median": 3.0, "events": 9.0}, "b": {"best": 1.0, "median": 1.0,
                                                                  "events": 1.0}}
    r2 = {"a": {"best": 1.5, "median": 3.0, "events": 9.0}}
    assert bench.best_of([r1, r2]) == {"a": 1.5}


def test_parse_child(bench: ModuleType) -> None:
    line = json.dumps({"src": "/x/src", "shots": {"9-ball break": {
        "best": 1.25, "median": 1.5, "events": 90}}})
    src, shots = bench.parse_child(f"a warning an import printed\n{line}\n")
    assert src == "/x/src"
    assert shots == {"9-ball break": {"best": 1.25, "median": 1.5, "events": 90.0}}
    for bad in ("", "\n", '{"shots": {}}', '["src", "shots"]'):
        with pytest.raises(ValueError):
            bench.parse_child(bad)


def test_child_runs_with_the_tree_it_is_given(bench: ModuleType) -> None:
    """One round of one run each, this tree given as the reference: it times the breaks with
    the tree named (the child reports where it imported cuesport from)."""
    shots = bench.run_child(str(ROOT / "src"), 1)
    assert set(shots) == {"9-ball break", "8-ball break", "snooker break-off",
                          "9-ball break, jumping"}
    assert shots["8-ball break"]["events"] > shots["9-ball break"]["events"] > 0
    with pytest.raises(RuntimeError, match="imported cuesport from"):
        bench.run_child(str(ROOT / "tests"), 1)  # no cuesport there: the installed one loads
