"""examples/rl: the random agent and the cross-entropy learner run (tiny versions)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("gymnasium")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "rl"


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"rl_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # dataclasses look their module up
    spec.loader.exec_module(mod)
    return mod


def test_random_agent_plays_and_replays_from_its_seed(capsys) -> None:
    mod = load("random_agent")
    args = ["--discipline", "nine-ball", "--discipline", "snooker", "--max-strokes", "4"]
    first = mod.main(args)
    assert [d for d, *_ in first] == ["nine-ball", "snooker"]
    assert all(1 <= n <= 4 for _, n, _, _ in first)
    assert mod.main(args) == first
    assert "nine-ball" in capsys.readouterr().out


def test_cross_entropy_learner_runs_and_is_reproducible() -> None:
    mod = load("cross_entropy")
    a = mod.run(iterations=2, population=8, elite=3, evals=6, seed=1)
    assert 0.0 <= a.pot_rate <= 1.0 and len(a.history) == 2
    assert a.start_rate == 0.0  # straight at the 9: the cut is missed
    assert mod.run(iterations=2, population=8, elite=3, evals=6, seed=1) == a
