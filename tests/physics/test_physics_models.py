"""Model checks against shared/spec/physics.md §8 (each model alone)."""

import math

import pytest

from cuesport.physics import POOL_PARAMS
from cuesport.physics.motion import ROLLING, SLIDING, SPINNING, STATIONARY, Ball
from cuesport.physics.params import PhysicsParams
from cuesport.physics.resolve.ball_ball import collide
from cuesport.physics.resolve.cue import squirt_angle, strike
from cuesport.physics.resolve.cushion_han2005 import bounce
from cuesport.physics.roots import INF, first_entry, real_roots

R = 0.028575
M = 0.170


def no_friction(_s: float) -> float:
    return 0.0


def tp_a14(s: float) -> float:
    return POOL_PARAMS.ball_mu(s)


def deg(x: float, y: float) -> float:
    return math.degrees(math.atan2(y, x))


# ---------------------------------------------------------------- §8.1, 8.2: ball-ball


@pytest.mark.parametrize("e", [1.0, 0.95, 0.9])
def test_physics_stun_full_hit_stops_cue_ball(e):
    b1, b2, _ = collide((0.0, 1.0), (0.0, 2.0, 0, 0, 0), (0, 0, 0, 0, 0), R, e, no_friction)
    assert math.hypot(b1[0], b1[1]) == pytest.approx((1 - e) * 2.0 / 2, abs=1e-12)
    assert b2[1] == pytest.approx((1 + e) * 2.0 / 2, rel=1e-12)


@pytest.mark.parametrize("phi", [5.0, 30.0, 45.0, 60.0, 85.0])
@pytest.mark.parametrize("mu", [no_friction, tp_a14])
def test_physics_stun_cut_separates_at_90_degrees(phi, mu):
    n = (math.sin(math.radians(phi)), math.cos(math.radians(phi)))
    b1, b2, _ = collide(n, (0.0, 1.5, 0, 0, 0), (0, 0, 0, 0, 0), R, 1.0, mu)
    # cue ball velocity is perpendicular to the line of centres
    assert abs(b1[0] * n[0] + b1[1] * n[1]) < 1e-12
    if mu is no_friction:
        angle = abs(deg(b1[0], b1[1]) - deg(b2[0], b2[1]))
        assert angle == pytest.approx(90.0, abs=1e-6)
    if phi == 45.0 and mu is no_friction:
        assert math.hypot(b1[0], b1[1]) == pytest.approx(1.5 * math.sqrt(0.5), rel=1e-9)
        assert math.hypot(b2[0], b2[1]) == pytest.approx(1.5 * math.sqrt(0.5), rel=1e-9)


def test_physics_separation_angle_with_restitution():
    phi = math.radians(30)
    n = (math.sin(phi), math.cos(phi))
    b1, b2, _ = collide(n, (0.0, 1.0, 0, 0, 0), (0, 0, 0, 0, 0), R, 0.95, no_friction)
    assert abs(deg(b1[0], b1[1]) - deg(b2[0], b2[1])) == pytest.approx(87.52, abs=0.01)


def test_physics_ball_ball_conserves_momentum_and_not_energy_gain():
    n = (0.6, 0.8)
    s1, s2 = (0.3, 1.2, 10.0, -20.0, 30.0), (-0.2, 0.1, 5.0, 1.0, -7.0)
    a, b, _ = collide(n, s1, s2, R, 0.95, tp_a14)
    assert a[0] + b[0] == pytest.approx(s1[0] + s2[0], abs=1e-12)
    assert a[1] + b[1] == pytest.approx(s1[1] + s2[1], abs=1e-12)

    def ke(s):
        return 0.5 * M * (s[0] ** 2 + s[1] ** 2) + 0.2 * M * R * R * (s[2] ** 2 + s[3] ** 2
                                                                        + s[4] ** 2)

    assert ke(a) + ke(b) <= ke(s1) + ke(s2) + 1e-12


@pytest.mark.parametrize(("v", "stun", "roll"), [(0.447, 4.72, 2.19), (1.341, 3.55, 1.00),
                                                 (3.129, 1.70, 0.39)])
def test_physics_throw_tp_a14(v, stun, roll):
    phi = math.radians(30)
    n = (math.sin(phi), math.cos(phi))
    for spin, want in ((0.0, stun), (-v / R, roll)):
        _, b2, _ = collide(n, (0.0, v, spin, 0, 0), (0, 0, 0, 0, 0), R, 1.0, tp_a14)
        throw = abs(deg(b2[0] * n[0] + b2[1] * n[1], b2[0] * n[1] - b2[1] * n[0]))
        assert throw == pytest.approx(want, abs=0.01)


# ---------------------------------------------------------------- §8.4, 8.5: motion


def test_physics_slide_to_roll():
    p = PhysicsParams(name="t", ball_mass=M, mu_slide=0.2, mu_roll=0.01, spin_decay=10.0,
                      ball_restitution=1.0)
    b = Ball(0, "cue", 0.0, 0.0)
    b.vx = 2.0
    b.classify(p, R)
    assert b.state == SLIDING
    assert b.t_end == pytest.approx(0.2912, abs=1e-4)
    assert b.t_end == pytest.approx(2 * 2.0 / (7 * 0.2 * 9.81), rel=1e-12)
    b.commit(b.t_end, p, R, False)
    b.classify(p, R)
    assert b.state == ROLLING
    assert b.vx == pytest.approx(5 * 2.0 / 7, rel=1e-12)
    assert b.x == pytest.approx(12 * 4.0 / (49 * 0.2 * 9.81), rel=1e-12)
    assert b.x == pytest.approx(0.4993, abs=1e-4)


def test_physics_rolling_ball_stops():
    b = Ball(0, "cue", 0.0, 0.0)
    b.vx, b.wy = 1.0, 1.0 / R
    b.classify(POOL_PARAMS, R)
    assert b.state == ROLLING
    assert b.t_end == pytest.approx(10.194, abs=1e-3)
    b.commit(b.t_end, POOL_PARAMS, R, False)
    assert b.x == pytest.approx(1.0 / (2 * 0.01 * 9.81), rel=1e-12)
    assert b.x == pytest.approx(5.097, abs=1e-3)
    b.classify(POOL_PARAMS, R)
    assert b.state == STATIONARY


def test_physics_spin_stops_after_omega_over_alpha():
    b = Ball(0, "cue", 0.0, 0.0)
    b.wz = 25.0
    b.classify(POOL_PARAMS, R)
    assert b.state == SPINNING
    assert b.t_end == pytest.approx(25.0 / POOL_PARAMS.spin_decay)


# ---------------------------------------------------------------- §8.8, 8.9: cue


def test_physics_squirt_angle():
    assert math.degrees(squirt_angle(0.5, 30.0)) == pytest.approx(1.89, abs=0.01)
    assert math.degrees(squirt_angle(0.5, POOL_PARAMS.squirt_mass_ratio)) < 3.0
    for ratio, want in ((15, 3.5), (20, 2.7), (40, 1.45)):
        assert math.degrees(squirt_angle(0.5, ratio)) == pytest.approx(want, abs=0.05)


def test_physics_cue_centre_hit_speed_and_roll_height():
    vx, vy, *_ = strike(2.0, math.pi / 2, 0.0, 0.0, 0.0, R, M, 0.54, 1.0, None)
    assert vx == pytest.approx(0.0, abs=1e-12)
    assert vy / 2.0 == pytest.approx(2 / (1 + M / 0.54), rel=1e-12)
    vx, vy, wx, wy, wz = strike(2.0, 0.3, 0.0, 0.4, 0.0, R, M, 0.54, 0.75, None)
    assert math.hypot(vx - R * wy, vy + R * wx) < 1e-9  # rolls at once
    assert wz == 0.0


def test_physics_cue_spin_is_contact_cross_impulse():
    # Aim +y, hit right of centre (a > 0): r_c = (a, -c, b), J = F (0, 1, 0) -> w_z = a F / I > 0
    vx, vy, _wx, _wy, wz = strike(2.0, math.pi / 2, 0.3, 0.0, 0.0, R, M, 0.54, 0.75, None)
    f = M * math.hypot(vx, vy)
    assert wz == pytest.approx(0.3 * R * f / (0.4 * M * R * R), rel=1e-9)
    # squirt sends it left of the aim (towards -x when aiming +y)
    vx2, vy2, *_ = strike(2.0, math.pi / 2, 0.3, 0.0, 0.0, R, M, 0.54, 0.75, 30.0)
    assert vx2 < 0.0
    assert math.degrees(math.atan2(-vx2, vy2)) == pytest.approx(
        math.degrees(squirt_angle(0.3, 30.0)), abs=1e-9)


# ---------------------------------------------------------------- §8.10: cushion


def test_physics_han_cushion_rolling_perpendicular_and_45():
    h = 0.635 * 2 * R
    for v in (0.5, 1.0, 3.0):  # constant coefficients: no speed dependence
        s, _ = bounce((0.0, 1.0), (0.0, -v, v / R, 0.0, 0.0), R, h, 0.85, 0.2)
        assert s[1] / v == pytest.approx(0.811, abs=5e-4)
        c = math.sqrt(0.5)
        s, _ = bounce((0.0, 1.0), (v * c, -v * c, v * c / R, v * c / R, 0.0), R, h, 0.85, 0.2)
        assert deg(s[1], s[0]) == pytest.approx(43.7, abs=0.05)


# ---------------------------------------------------------------- roots


def test_physics_first_entry_touching_cases():
    # touching and separating: no contact; touching and approaching: contact now
    assert first_entry((1.0, 0.0), 10.0) == INF
    assert first_entry((-1.0, 0.0), 10.0) == 0.0
    # constant (degenerate quartic): never
    assert first_entry((0.0, 0.0, 0.0, 0.0, 5.0), 10.0) == INF
    # (t-1)(t-2)(t-3)(t-4): first entry at 1, not beyond the horizon
    c = (1.0, -10.0, 35.0, -50.0, 24.0)
    assert first_entry(c, 10.0) == pytest.approx(1.0, abs=1e-12)
    assert first_entry(c, 0.5) == INF
    # a graze: (t-2)^2 - 1e-10 dips below zero just before t = 2
    assert first_entry((1.0, -4.0, 4.0 - 1e-10), 10.0) == pytest.approx(2.0 - 1e-5, abs=1e-9)
    # tangent without dipping: no contact
    assert first_entry((1.0, -4.0, 4.0 + 1e-10), 10.0) == INF
    assert real_roots((1.0, -10.0, 35.0, -50.0, 24.0), 0.0, 10.0) == pytest.approx(
        [1.0, 2.0, 3.0, 4.0], abs=1e-10)


def test_physics_quadratic_fast_path_agrees_with_general():
    import random

    from cuesport.physics.roots import first_entry_quadratic

    rng = random.Random(5)
    for _ in range(3000):
        a, b, c = (rng.uniform(-3, 3) for _ in range(3))
        if rng.random() < 0.2:
            a = 0.0
        if rng.random() < 0.1:
            c = 0.0
        h = rng.uniform(0.0, 4.0)
        t1 = first_entry((a, b, c), h)
        t2 = first_entry_quadratic(a, b, c, h)
        assert (t1 == INF and t2 == INF) or abs(t1 - t2) < 1e-9, (a, b, c, h, t1, t2)


def test_physics_quartic_fast_path_agrees_with_general():
    import random

    from cuesport.physics.roots import first_entry_quartic

    rng = random.Random(9)
    for k in range(3000):
        c = [rng.uniform(-3, 3) for _ in range(5)]
        if k % 5 == 0:
            c[0] = 0.0
        if k % 7 == 0:
            c[4] = 0.0
        h = rng.uniform(0.0, 4.0)
        t1 = first_entry(tuple(c), h)
        t2 = first_entry_quartic(*c, h)
        assert (t1 == INF and t2 == INF) or abs(t1 - t2) < 1e-9, (c, h, t1, t2)


def test_physics_quartic_root_is_early_and_within_tolerance():
    """The contact time of a ball-ball quartic is on the approach side of the exact root
    (f(t) >= 0: reported a hair early, never late, so balls never overlap) and within
    1e-12 s of it (the exact root bracketed in rational arithmetic)."""
    import random
    from fractions import Fraction

    from cuesport.physics.roots import first_entry_quartic

    def exact_root(c: list[float], t: float) -> float:
        q = [Fraction(x) for x in c]

        def f(m: Fraction) -> Fraction:
            return (((q[0] * m + q[1]) * m + q[2]) * m + q[3]) * m + q[4]

        a, b = Fraction(t) - Fraction(1, 10**9), Fraction(t) + Fraction(1, 10**9)
        assert f(a) > 0 > f(b)  # a sign change within a nanosecond of t
        for _ in range(45):
            m = (a + b) / 2
            a, b = (m, b) if f(m) > 0 else (a, m)
        return float(a)

    rng = random.Random(13)
    checked = 0
    for _ in range(400):
        # relative position, velocity and half the acceleration difference of two balls (m,
        # m/s, m/s^2), as predict_pairs builds them; contact distance 2R = 57.15 mm
        dx, dy = rng.uniform(-0.8, 0.8), rng.uniform(-0.8, 0.8)
        k = rng.uniform(0.3, 5.0)  # mostly approaching, so that most pairs meet
        ux, uy = -k * dx + rng.uniform(-0.1, 0.1), -k * dy + rng.uniform(-0.1, 0.1)
        ax, ay = rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5)
        c = [ax * ax + ay * ay, 2 * (ux * ax + uy * ay),
             ux * ux + uy * uy + 2 * (dx * ax + dy * ay), 2 * (dx * ux + dy * uy),
             dx * dx + dy * dy - 0.05715 ** 2]
        h = rng.uniform(0.01, 3.0)
        t = first_entry_quartic(*c, h)
        if t == INF or t == 0.0:
            continue
        f_t = (((c[0] * t + c[1]) * t + c[2]) * t + c[3]) * t + c[4]
        assert f_t >= 0.0, (c, h, t)
        root = exact_root(c, t)
        assert abs(root - t) < 1e-12, (c, h, t, root)
        checked += 1
    assert checked > 200


def test_physics_han_restitution_fit():
    from dataclasses import replace

    from cuesport.physics.params import HAN2005_RESTITUTION

    p = replace(POOL_PARAMS, cushion_restitution_fit=HAN2005_RESTITUTION)
    h = 0.635 * 2 * R
    for v, ratio in ((0.5, 0.48), (1.0, 0.57), (2.0, 0.69)):
        s, _ = bounce((0.0, 1.0), (0.0, -v, v / R, 0.0, 0.0), R, h, p.cushion_e(v), 0.2)
        assert s[1] / v == pytest.approx(ratio, abs=0.005)
    c = math.sqrt(0.5)
    for v, angle in ((0.5, 62.0), (1.0, 58.0), (2.0, 52.0), (3.0, 48.5)):
        s, _ = bounce((0.0, 1.0), (v * c, -v * c, v * c / R, v * c / R, 0.0), R, h,
                      p.cushion_e(v * c), 0.2)
        assert deg(s[1], s[0]) == pytest.approx(angle, abs=0.3)


def test_physics_mathavan_cushion_rolling_ball():
    from cuesport.physics.resolve.cushion_mathavan2010 import bounce as mbounce

    r = 0.02625
    h = 1.4 * r  # sin(theta) = 2/5
    c = math.sqrt(0.5)
    for v in (0.5, 1.0, 2.0):  # constant coefficients: no speed dependence
        s, _ = mbounce((0.0, 1.0), (0.0, -v, v / r, 0.0, 0.0), r, h, 0.98, 0.14, 0.212)
        assert s[1] / v == pytest.approx(0.91, abs=0.02)
        s, _ = mbounce((0.0, 1.0), (v * c, -v * c, v * c / r, v * c / r, 0.0), r, h, 0.98, 0.14,
                       0.212)
        assert deg(s[1], s[0]) == pytest.approx(37.3, abs=0.1)
    # converged: 200 steps agree with the paper's 5000
    a, _ = mbounce((0.6, 0.8), (0.3, -1.2, 5.0, -20.0, 30.0), r, h, 0.98, 0.14, 0.212)
    b, _ = mbounce((0.6, 0.8), (0.3, -1.2, 5.0, -20.0, 30.0), r, h, 0.98, 0.14, 0.212,
                   steps=5000)
    assert a == pytest.approx(b, rel=2e-3, abs=1e-2)


def test_physics_simulate_with_mathavan_preset():
    from cuesport.equipment import SNOOKER
    from cuesport.physics import Stroke, simulate
    from cuesport.physics.params import SNOOKER_MATHAVAN_PARAMS

    shot = simulate(SNOOKER, {"cue": (889.0, 600.0)}, Stroke(angle=75.0, speed=2.0),
                    SNOOKER_MATHAVAN_PARAMS)
    assert sum("cushion" in e for e in shot.events) >= 2
    for c in shot.contacts:
        assert c.energy_after <= c.energy_before + 1e-9
