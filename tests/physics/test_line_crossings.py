"""Line crossings (the baulk line, the head string) from the analytic segments."""
from __future__ import annotations

import pytest

from cuesport.physics.detect import line_crossings


def _seg(t0: float, t1: float, y: float, vy: float, ay: float) -> tuple[float, ...]:
    # the fields line_crossings reads: t0, t1, y (3), vy (5), ay (7)
    return (t0, t1, 0.0, y, 0.0, vy, 0.0, ay)


@pytest.mark.parametrize("ay", [1.8e-13, -1.8e-13, 0.0])
def test_round_off_acceleration_gives_no_false_crossing(ay: float) -> None:
    # 600 mm from the line at 461.5 mm/s towards it: the one crossing is at 600 / 461.5 = 1.3 s; the
    # textbook quadratic formula put a second one near 0 s when ay was round-off
    seg = _seg(0.0, 2.0, 1337.0 + 600.0, -461.5, ay)
    out = line_crossings("cue", [seg], 1337.0, "baulk")
    assert [e["t"] for e in out] == [pytest.approx(600.0 / 461.5, abs=1e-9)]


def test_a_decelerating_ball_that_stops_short_does_not_cross() -> None:
    # 100 mm away at 400 mm/s, decelerating at 1000 mm/s^2: stops after 80 mm
    seg = _seg(0.0, 0.4, 1100.0, -400.0, 1000.0)
    assert line_crossings("cue", [seg], 1000.0, "baulk") == []


def test_a_decelerating_ball_crosses_once_at_the_nearer_root() -> None:
    # 50 mm away at 400 mm/s, decelerating at 1000 mm/s^2: 50 = 400 t - 500 t^2
    seg = _seg(0.0, 0.4, 1050.0, -400.0, 1000.0)
    out = line_crossings("cue", [seg], 1000.0, "baulk")
    assert len(out) == 1
    assert out[0]["t"] == pytest.approx((400 - (400**2 - 4 * 500 * 50) ** 0.5) / 1000)
