"""predict_pairs' deferral (RESUME) changes no result: every bit the same with it off."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from cuesport.physics import Shot, StrokeNoise, noisy_strokes, simulate

ROOT = Path(__file__).resolve().parents[2]
SIM = sys.modules["cuesport.physics.simulate"]


def _shots(monkeypatch: pytest.MonkeyPatch, defer: bool) -> list[Shot]:
    monkeypatch.syspath_prepend(str(ROOT / "bench"))
    from physics import flat_breaks

    monkeypatch.setattr(SIM, "DEFER", defer)
    out = []
    for _, table, pos, stroke in flat_breaks():
        noise = StrokeNoise.computational_pool(table.ball_radius)
        for s in [stroke, *noisy_strokes(stroke, noise, 6, seed=3)]:
            out.append(simulate(table, pos, s))
    return out


def test_deferred_pair_predictions_give_the_same_bits(monkeypatch: pytest.MonkeyPatch) -> None:
    resumed = []
    real = SIM._Sim._resume

    def spy(self, b, data):  # type: ignore[no-untyped-def]
        resumed.append(b.name)
        return real(self, b, data)

    monkeypatch.setattr(SIM._Sim, "_resume", spy)
    on = _shots(monkeypatch, True)
    assert resumed, "no deferred prediction was ever resumed: the test checks nothing"
    deferred = len(resumed)
    off = _shots(monkeypatch, False)
    assert len(resumed) == deferred  # off: nothing deferred
    for a, b in zip(on, off, strict=True):
        assert repr(a) == repr(b)
