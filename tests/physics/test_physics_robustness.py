"""Regression cases after pooltool's issues: frozen to a cushion (#217), simultaneous events
(#78), degenerate quartics (#263), touching clusters and Newton's cradle (#154, #257)."""

import math

from cuesport.equipment import POOL_9FT, SNOOKER, eight_ball_rack, pockets, snooker_setup
from cuesport.physics import Shot, Stroke, simulate

T = POOL_9FT
R = T.ball_radius


def on_table(shot: Shot, table=T) -> None:
    r = table.ball_radius
    for name, (x, y) in shot.final.items():
        tol = 1e-6
        inside = r - tol <= x <= table.width - r + tol and r - tol <= y <= table.length - r + tol
        in_mouth = any(math.dist((x, y), p.mouth_centre) < p.spec.mouth for p in pockets(table))
        assert inside or in_mouth, (name, x, y)


def test_physics_ball_frozen_to_cushion_shot_into_it_stays_on_table():
    for angle in (180.0, 181.0, 179.0, 200.0, 135.0):
        shot = simulate(T, {"cue": (R, 900.0)}, Stroke(angle=angle, speed=3.0))
        assert shot.events[0]["cushion"] == "cue" and shot.events[0]["t"] == 0.0
        on_table(shot)
        assert not shot.truncated


def test_physics_ball_rolling_along_a_cushion_terminates():
    # exactly touching the cushion, moving parallel to it (grazing forever is not a contact)
    shot = simulate(T, {"cue": (R, 300.0)}, Stroke(angle=90.0, speed=2.0, side=0.3))
    assert not shot.truncated
    on_table(shot)


def test_physics_degenerate_quartic_parallel_balls():
    # The cue ball hits two touching balls at once: they leave with equal accelerations.
    pos = {"cue": (635.0, 700.0), "1": (635.0 - R, 1200.0), "2": (635.0 + R, 1200.0)}
    shot = simulate(T, pos, Stroke(angle=90.0, speed=3.0))
    hits = [e for e in shot.events if "hit" in e]
    assert hits[0]["t"] == hits[1]["t"]  # simultaneous: same time stamp
    assert not shot.truncated
    on_table(shot)


def test_physics_simultaneous_transition_and_contact():
    # A stun ball whose slide->roll transition lands exactly on a contact (pooltool #78).
    v = 2.0
    p_slide = 12 * v * v / (49 * 0.2 * 9.81) * 1e3  # mm slid before rolling
    m, big = 0.170, 0.54
    speed = v * (1 + m / big) / 1.75
    pos = {"cue": (635.0, 500.0), "1": (635.0, 500.0 + p_slide + 2 * R)}
    shot = simulate(T, pos, Stroke(angle=90.0, speed=speed))
    assert any("hit" in e for e in shot.events)
    assert not shot.truncated


def test_physics_eight_ball_breaks_from_many_angles():
    pos = {**eight_ball_rack(T, 2), "cue": (T.width / 2 + 200.0, T.length / 4)}
    for k in range(8):
        foot = (T.width / 2, 3 * T.length / 4)
        ang = math.degrees(math.atan2(foot[1] - pos["cue"][1], foot[0] - pos["cue"][0]))
        shot = simulate(T, pos, Stroke(angle=ang + 0.3 * k, speed=9.0, height=0.1 * (k - 4)))
        assert not shot.truncated
        assert set(shot.final) | set(shot.pocketed) == set(pos)
        on_table(shot)


def test_physics_soft_push_into_the_snooker_pack():
    pos = {**snooker_setup(), "cue": (889.0, 2660.0)}  # behind the pink, close to the pack
    shot = simulate(SNOOKER, {k: v for k, v in pos.items() if k != "pink"},
                    Stroke(angle=90.0, speed=0.3, height=0.4))
    assert not shot.truncated
    on_table(shot, SNOOKER)


def test_physics_two_reds_rolling_as_one_do_not_divide_by_zero():
    # A bot's stroke into a pack (snooker_breaks.py, seed 2, position 33): red7 and red8,
    # 1e-16 mm apart, roll on with the same velocity and deceleration, so the lower bound on
    # their contact time had a zero denominator (ZeroDivisionError before the fix).
    pos = {
        "black": (889.0, 3245.0), "blue": (889.0, 1784.5), "brown": (889.0, 737.0),
        "cue": (1390.4408954002952, 2890.4974401656227), "green": (597.0, 737.0),
        "pink": (889.0, 2676.75), "yellow": (1181.0, 737.0),
        "red2": (859.8702446935902, 2139.406580609737),
        "red3": (1596.7427618258473, 3378.972591880015),
        "red4": (801.1882606328048, 2885.846687453462),
        "red5": (853.6882606328048, 2885.846687453462),
        "red6": (906.1882606328048, 2885.846687453462),
        "red7": (958.6882606328048, 2885.846687453462),
        "red8": (1011.1882606328048, 2885.846687453462),
        "red9": (827.4382606328048, 2840.380353754779),
        "red10": (879.9382606328048, 2840.380353754779),
        "red11": (932.4382606328048, 2840.380353754779),
    }
    stroke = Stroke(angle=-159.15912721515505, speed=1.8991448580793886, height=-0.4)
    shot = simulate(SNOOKER, pos, stroke)
    assert not shot.truncated
    assert any("hit" in e and "cue" in e["hit"] for e in shot.events)
    on_table(shot, SNOOKER)
    assert shot.final["red7"] != pos["red7"] and shot.final["red8"] != pos["red8"]


def test_physics_event_cap_stops_cleanly():
    from dataclasses import replace

    from cuesport.equipment import nine_ball_rack
    from cuesport.physics import POOL_PARAMS

    pos = {**nine_ball_rack(T, 1), "cue": (635.0, 635.0)}
    shot = simulate(T, pos, Stroke(angle=90.0, speed=8.0), replace(POOL_PARAMS, max_events=20))
    assert shot.truncated
    assert set(shot.final) | set(shot.pocketed) == set(pos)
    pts = list(shot.final.values())
    for i in range(len(pts)):
        for j in range(i + 1, len(pts)):
            assert math.dist(pts[i], pts[j]) >= 2 * R - 1e-3


def test_physics_bad_parameters_are_rejected():
    from dataclasses import replace

    import pytest

    from cuesport.physics import POOL_PARAMS

    for change in ({"mu_slide": -0.1}, {"ball_restitution": 1.5}, {"ball_mass": float("nan")},
                   {"cushion_model": "magic"}):
        with pytest.raises(ValueError):
            replace(POOL_PARAMS, **change)
