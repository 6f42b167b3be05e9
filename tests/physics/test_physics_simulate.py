"""Whole-shot checks: known results of shared/spec/physics.md §8 through simulate()."""

import itertools
import json
import math
from dataclasses import replace

import pytest

from cuesport.equipment import POOL_9FT, SNOOKER, nine_ball_rack, pocket, snooker_setup
from cuesport.physics import (
    POOL_PARAMS,
    PhysicsError,
    PositionError,
    Shot,
    Stroke,
    StrokeError,
    StrokeNoise,
    noisy_strokes,
    simulate,
    simulate_batch,
)

T = POOL_9FT
R = T.ball_radius


def roll_speed(v: float, p=POOL_PARAMS) -> float:
    """Cue speed giving a level hit at 0.4 R (instant roll) a ball speed of v m/s."""
    m, big = p.ball_mass, p.cue_mass
    return v * (1 + m / big + 2.5 * 0.16) / (1 + p.tip_restitution)


def stun_speed(v: float, p=POOL_PARAMS) -> float:
    m, big = p.ball_mass, p.cue_mass
    return v * (1 + m / big) / (1 + p.tip_restitution)


def segments_after(shot: Shot, ball: str, t: float, state: str):
    return [s for s in shot.trajectories[ball] if s.t0 >= t - 1e-12 and s.state == state]


def test_physics_rolling_half_ball_hit_deflects_33_7_degrees():
    p = replace(POOL_PARAMS, ball_restitution=1.0, ball_mu_a=0.0, ball_mu_b=0.0)
    pos = {"cue": (635.0, 600.0), "1": (635.0 + R, 1200.0)}  # half-ball: offset R
    shot = simulate(T, pos, Stroke(angle=90.0, speed=roll_speed(1.0, p), height=0.4), p)
    hit = next(e for e in shot.events if "hit" in e)
    assert hit["hit"] == ["cue", "1"]
    seg = segments_after(shot, "cue", hit["t"], "rolling")[0]
    dev = 90.0 - math.degrees(math.atan2(seg.v0[1], seg.v0[0]))
    assert abs(dev) == pytest.approx(33.67, abs=0.01)


def test_physics_stun_cut_in_simulation_leaves_at_90_degrees():
    p = replace(POOL_PARAMS, ball_restitution=1.0, ball_mu_a=0.0, ball_mu_b=0.0)
    # The object ball is close: the cue ball is still sliding with (almost) no spin.
    pos = {"cue": (635.0, 600.0), "1": (635.0 + R, 600.0 + 2 * R * math.cos(math.pi / 6) + 1)}
    shot = simulate(T, pos, Stroke(angle=90.0, speed=stun_speed(3.0)), p)
    t = next(e["t"] for e in shot.events if "hit" in e)
    cue = next(s for s in shot.trajectories["cue"] if s.t0 >= t - 1e-12)
    obj = next(s for s in shot.trajectories["1"] if s.t0 >= t - 1e-12)
    a = math.degrees(math.atan2(cue.v0[1], cue.v0[0]) - math.atan2(obj.v0[1], obj.v0[0]))
    assert abs(a) == pytest.approx(90.0, abs=0.05)  # the tiny roll picked up in 1 mm


def test_physics_draw_shot_comes_back():
    pos = {"cue": (635.0, 800.0), "1": (635.0, 1100.0)}
    shot = simulate(T, pos, Stroke(angle=90.0, speed=2.5, height=-0.45))
    hit_t = next(e["t"] for e in shot.events if "hit" in e)
    y_hit = next(s for s in shot.trajectories["cue"] if s.t1 >= hit_t).at(hit_t)[1]
    assert shot.final["cue"][1] < y_hit - 100.0
    # a follow shot goes on (natural roll: at 2/7 of its speed, ideal collision, spec §8.6)
    follow = simulate(T, pos, Stroke(angle=90.0, speed=2.5, height=0.4))
    hit_t = next(e["t"] for e in follow.events if "hit" in e)
    seg = segments_after(follow, "cue", hit_t, "rolling")[0]
    assert seg.v0[1] > 0.0


def test_physics_squirt_in_simulation():
    shot = simulate(T, {"cue": (635.0, 300.0)}, Stroke(angle=90.0, speed=2.0, side=0.5))
    seg = shot.trajectories["cue"][0]
    angle = math.degrees(math.atan2(seg.v0[1], seg.v0[0])) - 90.0
    assert angle == pytest.approx(1.89, abs=0.01)  # away from the right-hand side: to the left


def test_physics_event_times_8_12():
    pos = {"cue": (635.0, 1000.0), "1": (635.0, 1500.0)}
    shot = simulate(T, pos, Stroke(angle=90.0, speed=roll_speed(1.0), height=0.4))
    hit = next(e for e in shot.events if "hit" in e)
    assert hit["t"] == pytest.approx(0.452912, abs=1e-6)
    shot = simulate(T, {"cue": (635.0, T.length - 500.0)}, Stroke(angle=90.0,
                                                                 speed=stun_speed(2.0)))
    cush = next(e for e in shot.events if "cushion" in e)
    assert cush["t"] == pytest.approx(0.272002, abs=1e-6)


def test_physics_ball_rolled_into_pocket_centre_drops():
    for name, start in (("bottom-left", (300.0, 300.0)), ("middle-left", (400.0, T.length / 2)),
                        ("top-right", (T.width - 250.0, T.length - 250.0))):
        p = pocket(T, name)
        target = p.capture.centre
        ang = math.degrees(math.atan2(target[1] - start[1], target[0] - start[0]))
        shot = simulate(T, {"cue": start}, Stroke(angle=ang, speed=1.5, height=0.4))
        assert shot.pocketed == {"cue": name}, name
        assert shot.events[-1] == {"t": shot.events[-1]["t"], "pot": "cue", "pocket": name}
        assert "cue" not in shot.final


def test_physics_ball_aimed_at_knuckle_rattles_out():
    p = pocket(T, "bottom-left")
    for knuckle in p.knuckles:
        cx, cy = knuckle.centre
        start = (cx + 300.0, cy + 300.0)
        ang = math.degrees(math.atan2(cy - start[1], cx - start[0]))
        shot = simulate(T, {"cue": start}, Stroke(angle=ang, speed=1.5, height=0.4))
        assert not shot.pocketed
        assert any("cushion" in e for e in shot.events)
        assert "cue" in shot.final


def test_physics_nine_ball_break_is_sane_and_deterministic():
    pos = {**nine_ball_rack(T, rng=3), "cue": (635.0, 635.0)}
    s1 = simulate(T, pos, Stroke(angle=90.0, speed=8.0))
    s2 = simulate(T, pos, Stroke(angle=90.0, speed=8.0))
    assert s1.dumps() == s2.dumps()
    assert not s1.truncated
    assert s1.events[1]["hit"] == ["cue", "1"]
    assert set(s1.final) | set(s1.pocketed) == set(pos)
    assert_no_overlap(s1, R)


def test_physics_snooker_break_off():
    pos = {**snooker_setup(), "cue": (889.0 + 150.0, 737.0 - 50.0)}
    red = pos["red11"]  # a back-row red: thin contact on the side of the pack
    ang = math.degrees(math.atan2(red[1] - pos["cue"][1], red[0] + 60 - pos["cue"][0]))
    shot = simulate(SNOOKER, pos, Stroke(angle=ang, speed=6.0, side=-0.3))
    assert not shot.truncated
    assert any(e.get("line") == "baulk" for e in shot.events)
    assert set(shot.final) | set(shot.pocketed) == set(pos)
    assert_no_overlap(shot, SNOOKER.ball_radius)


def assert_no_overlap(shot: Shot, radius: float, step: float = 0.005) -> None:
    names = list(shot.trajectories)
    times = sorted({s.t0 for v in shot.trajectories.values() for s in v}
                   | {i * step for i in range(int(shot.duration / step) + 1)})
    for t in times:
        pos = shot.position_at(t)
        pts = [pos[n] for n in names if n in pos]
        for i in range(len(pts)):
            for j in range(i + 1, len(pts)):
                d = math.dist(pts[i], pts[j])
                assert d >= 2 * radius - 1e-3, (t, d)


def test_physics_json_round_trip_and_evaluation():
    pos = {"cue": (635.0, 800.0), "1": (635.0, 1100.0)}
    shot = simulate(T, pos, Stroke(angle=91.0, speed=3.0, side=0.2, height=0.1))
    data = json.loads(shot.dumps())
    back = Shot.from_json(data)
    assert back.final == shot.final
    assert back.trajectories == shot.trajectories
    assert back.events == shot.events
    # segments are continuous
    for segs in shot.trajectories.values():
        for a, b in itertools.pairwise(segs):
            assert a.t1 == b.t0
            assert math.dist(a.at(a.t1), b.p0) < 1e-6
    end = shot.position_at(shot.duration)
    assert set(end) == set(shot.final)
    for k, v in shot.final.items():
        assert end[k] == pytest.approx(v, abs=1e-9)


def test_physics_events_follow_the_protocol():
    pos = {"cue": (635.0, 400.0), "1": (635.0, 1100.0)}
    shot = simulate(T, pos, Stroke(angle=90.0, speed=4.0))
    ts = [e["t"] for e in shot.events]
    assert ts == sorted(ts)
    for e in shot.events:
        keys = set(e) - {"t"}
        assert keys in ({"hit"}, {"cushion"}, {"pot", "pocket"}, {"off"}, {"cross", "line"})
    crossings = [e for e in shot.events if "cross" in e and e["cross"] == "cue"]
    assert crossings and crossings[0]["line"] == "head-string"


@pytest.mark.parametrize(
    ("stroke", "position", "error"),
    [
        (Stroke(angle=math.nan, speed=1.0), {"cue": (600.0, 600.0)}, StrokeError),
        (Stroke(angle=90.0, speed=-1.0), {"cue": (600.0, 600.0)}, StrokeError),
        (Stroke(angle=90.0, speed=math.inf), {"cue": (600.0, 600.0)}, StrokeError),
        (Stroke(angle=90.0, speed=1.0, side=0.9, height=0.5), {"cue": (600.0, 600.0)},
         StrokeError),
        (Stroke(angle=90.0, speed=1.0, elevation=95.0), {"cue": (600.0, 600.0)}, StrokeError),
        (Stroke(angle=90.0, speed=1.0), {"1": (600.0, 600.0)}, PositionError),
        (Stroke(angle=90.0, speed=1.0), {"cue": (10.0, 600.0)}, PositionError),
        (Stroke(angle=90.0, speed=1.0), {"cue": (600.0, -100.0)}, PositionError),
        (Stroke(angle=90.0, speed=1.0), {"cue": (600.0, math.nan)}, PositionError),
        (Stroke(angle=90.0, speed=1.0), {"cue": (600.0, 600.0), "1": (620.0, 600.0)},
         PositionError),
    ],
)
def test_physics_bad_input_raises_value_error(stroke, position, error):
    with pytest.raises(error) as info:
        simulate(T, position, stroke)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, PhysicsError)


def test_physics_miscue_is_flagged():
    assert simulate(T, {"cue": (600.0, 600.0)}, Stroke(angle=90.0, speed=1.0, side=0.6)).miscue
    assert not simulate(T, {"cue": (600.0, 600.0)}, Stroke(angle=90.0, speed=1.0, side=0.3)).miscue


def test_physics_batch_matches_single_and_noise_is_seeded():
    pos = {**nine_ball_rack(T, rng=1), "cue": (635.0, 635.0)}
    strokes = noisy_strokes(Stroke(angle=90.0, speed=6.0), StrokeNoise(), 5, seed=7)
    assert strokes == noisy_strokes(Stroke(angle=90.0, speed=6.0), StrokeNoise(), 5, seed=7)
    assert len({s.angle for s in strokes}) == 5
    batch = simulate_batch(T, pos, strokes)
    for s, shot in zip(strokes, batch, strict=True):
        single = simulate(T, pos, s)
        assert shot.events == single.events
        assert shot.final == single.final
        assert shot.trajectories == {}


def test_physics_frozen_balls_and_touching_rows():
    # A line of touching balls (Newton's cradle): the energy goes to the last one.
    pos = {"cue": (635.0, 800.0)}
    for k in range(4):
        pos[str(k + 1)] = (635.0, 1100.0 + 2 * R * k)
    shot = simulate(T, pos, Stroke(angle=90.0, speed=2.0))
    assert not shot.truncated
    first_cushion = next(e for e in shot.events if "cushion" in e)
    assert first_cushion["cushion"] == "4"
    assert first_cushion["t"] < 1.0
    assert shot.event_count < 1000
    # A cue ball frozen to an object ball, shot away from it: no contact.
    pos = {"cue": (635.0, 800.0), "1": (635.0, 800.0 + 2 * R)}
    shot = simulate(T, pos, Stroke(angle=270.0, speed=0.2))
    assert not any("hit" in e for e in shot.events)
    # ... shot into it: immediate contact at t = 0
    shot = simulate(T, pos, Stroke(angle=90.0, speed=1.0))
    assert shot.events[0]["t"] == 0.0 and shot.events[0]["hit"] == ["cue", "1"]


def test_physics_zero_speed_stroke_moves_nothing():
    pos = {"cue": (635.0, 800.0), "1": (635.0, 1100.0)}
    shot = simulate(T, pos, Stroke(angle=90.0, speed=0.0))
    assert shot.final == pos
    assert shot.events == ()


def test_physics_batch_in_processes_is_identical():
    pos = {"cue": (635.0, 635.0), "1": (635.0, 1500.0), "2": (700.0, 1800.0)}
    strokes = noisy_strokes(Stroke(angle=90.0, speed=4.0), StrokeNoise(angle=2.0), 8, seed=1)
    one = simulate_batch(T, pos, strokes)
    two = simulate_batch(T, pos, strokes, workers=2)
    assert [s.events for s in one] == [s.events for s in two]
    assert [s.final for s in one] == [s.final for s in two]


def test_physics_stun_ball_rolls_at_five_sevenths_after_predicted_distance():
    v0 = 0.5  # short enough to stop before the far cushion
    shot = simulate(T, {"cue": (635.0, 300.0)}, Stroke(angle=90.0, speed=stun_speed(v0)))
    slide, roll = shot.trajectories["cue"][:2]
    assert (slide.state, roll.state) == ("sliding", "rolling")
    assert slide.v0[1] == pytest.approx(v0 * 1e3, rel=1e-12)
    assert roll.t0 == pytest.approx(2 * v0 / (7 * 0.2 * 9.81), rel=1e-9)
    assert roll.v0[1] == pytest.approx(5 / 7 * v0 * 1e3, rel=1e-9)
    assert roll.p0[1] - 300.0 == pytest.approx(12 * v0**2 / (49 * 0.2 * 9.81) * 1e3, rel=1e-9)
    # then it rolls v^2 / (2 mu_r g) and stops
    v1 = 5 / 7 * v0
    assert shot.final["cue"][1] - roll.p0[1] == pytest.approx(v1**2 / (2 * 0.01 * 9.81) * 1e3,
                                                              rel=1e-9)


def test_physics_head_on_follow_and_draw_speeds():
    # Ideal collision (e = 1, no ball friction), spec §8.6: after the impact the cue ball ends
    # rolling at 2/7 v forward (natural roll) or 2/7 v backward (eta = -1).
    p = replace(POOL_PARAMS, ball_restitution=1.0, ball_mu_a=0.0, ball_mu_b=0.0,
                min_separation_speed=0.0)
    pos = {"cue": (635.0, 600.0), "1": (635.0, 600.0 + 2 * R + 1e-6)}
    for height, sign in ((0.4, 1.0), (-0.4 * 0.999999, -1.0)):
        # instant contact: the cue ball arrives with v and eta = +-1 (roll or pure backspin)
        shot = simulate(T, pos, Stroke(angle=90.0, speed=1.0, height=height), p)
        v_in = shot.trajectories["cue"][0].v0[1]
        hit_t = next(e["t"] for e in shot.events if "hit" in e)
        roll = segments_after(shot, "cue", hit_t, "rolling")[0]
        assert roll.v0[1] == pytest.approx(sign * 2 / 7 * v_in, rel=1e-3)


def test_physics_segments_carry_the_spin():
    shot = simulate(T, {"cue": (635.0, 300.0)}, Stroke(angle=90.0, speed=1.0, side=0.3,
                                                        height=-0.3))
    segs = shot.trajectories["cue"]
    for a, b in itertools.pairwise(segs):
        if a.state in ("sliding", "rolling") and b.state in ("sliding", "rolling"):
            assert a.spin(a.t1) == pytest.approx(b.w0, abs=1e-6)
    roll = next(s for s in segs if s.state == "rolling")
    t = 0.5 * (roll.t0 + roll.t1)
    vx, vy = roll.velocity(t)
    wx, wy, _ = roll.spin(t)
    radius = R / 1e3
    assert wx == pytest.approx(-vy / 1e3 / radius, rel=1e-9)  # rolling: no slip
    assert wy == pytest.approx(vx / 1e3 / radius, abs=1e-9)
