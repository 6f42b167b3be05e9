"""A ball on the rail top (shared/spec/physics-airborne.md §9.5): it lands there, rolls on the
plane at the rail height, and is off when it rests there or falls over the outer edge, or in
play when it comes back over the bed. Each case starts from one ball in flight just above the
rail, so that the landing and the rolling after it have closed forms."""

import math

import pytest

from cuesport.equipment import POOL_9FT
from cuesport.physics import Shot, params_for
from cuesport.physics.detect import geometry
from cuesport.physics.motion import Ball
from cuesport.physics.resolve.resolver import resolver_for
from cuesport.physics.resolve.slate import land
from cuesport.physics.simulate import _result, _Sim

T = POOL_9FT
P = params_for(T)
R = T.ball_radius / 1e3  # m
L = T.length / 1e3
EDGE = L + (T.cushion_width + T.rail_width) / 1e3  # the rail's outer edge beyond the top nose


def fly(y: float, vy: float, above_rail: float = 0.010) -> Shot:
    """One ball at rest in spin, its bottom ``above_rail`` over the rail top, centre at
    (table middle, y) m, moving at vy m/s along the table and not vertically."""
    geo = geometry(T)
    b = Ball(0, "cue", geo.width / 2.0, y)
    b.h, b.vy = P.rail_height + above_rail, vy
    b.classify(P, geo.radius)
    sim = _Sim(geo, P, [b], resolver_for(P))
    sim.run()
    return _result(T, sim, False, True)


def landing(vy: float, above_rail: float = 0.010) -> tuple[float, float]:
    """Closed form of the drop onto the rail: (time of the landing, vy after the slate's
    impulse, which stops the slip: the ball rolls, as it does not bounce)."""
    t = math.sqrt(2.0 * above_rail / 9.81)
    s, leaves = land((0.0, vy, -9.81 * t, 0.0, 0.0, 0.0), R, P.slate_restitution,
                     P.slate_friction, P.settle_speed)
    assert not leaves  # too slow to bounce: it stays on the rail top
    return t, s[1]


def kinds(shot: Shot) -> list[str]:
    return [c.kind for c in shot.contacts]


def test_physics_rail_top_a_ball_rolling_outwards_falls_off_at_the_outer_edge():
    y0, vy = L + 0.050, 0.30
    shot = fly(y0, vy)
    t_land, v = landing(vy)
    assert kinds(shot)[0] == "rail"
    assert shot.contacts[0].t == pytest.approx(t_land, abs=1e-9)
    # rolling on the rail top, decelerating at mu_roll g, until the centre is over the edge
    y_land = y0 + vy * t_land
    a = P.mu_roll * P.g
    assert v * v / (2 * a) > EDGE - y_land  # it gets there before it stops
    t_edge = t_land + (v - math.sqrt(v * v - 2 * a * (EDGE - y_land))) / a
    off = [e for e in shot.events if "off" in e]
    assert [e["off"] for e in off] == ["cue"]
    assert off[0]["t"] == pytest.approx(t_edge, abs=1e-6)
    assert "cue" not in shot.final
    # on the rail the trajectory carries the rail height (for drawing)
    on_rail = [s for s in shot.trajectories["cue"] if s.state == "rolling"]
    assert on_rail and all(s.h0 == pytest.approx(P.rail_height * 1e3) for s in on_rail)
    # ... and so does the JSON that the web page reads (h0 mm, vz mm/s, az mm/s^2)
    for seg in on_rail:
        d = seg.to_json()
        assert (d["h0"], d["vz"], d["az"]) == (pytest.approx(P.rail_height * 1e3), 0.0, 0.0)
    assert Shot.from_json(shot.to_json()).trajectories["cue"] == shot.trajectories["cue"]
    assert all(c.energy_after <= c.energy_before + 1e-12 for c in shot.contacts)


def test_physics_rail_top_a_ball_at_rest_on_the_rail_is_off():
    y0, vy = L + 0.050, 0.10
    shot = fly(y0, vy)
    t_land, v = landing(vy)
    a = P.mu_roll * P.g
    y_land = y0 + vy * t_land
    assert y_land + v * v / (2 * a) < EDGE  # it stops on the rail top
    assert kinds(shot)[0] == "rail" and kinds(shot)[-1] == "off"
    off = [e for e in shot.events if "off" in e]
    assert [e["off"] for e in off] == ["cue"]
    assert off[0]["t"] == pytest.approx(t_land + v / a, abs=1e-6)
    x, y = shot.off_points()["cue"]
    assert x == pytest.approx(T.width / 2.0)
    assert y / 1e3 == pytest.approx(y_land + v * v / (2 * a), abs=1e-6)  # where it stopped
    assert "cue" not in shot.final
    assert all(c.energy_after <= c.energy_before + 1e-12 for c in shot.contacts)


def test_physics_rail_top_a_ball_rolling_back_over_the_nose_drops_onto_the_bed_in_play():
    y0, vy = L + 0.020, -0.30
    shot = fly(y0, vy)
    t_land, v = landing(vy)
    a = P.mu_roll * P.g
    y_land = y0 + vy * t_land
    # it rolls inwards until its centre is R inside the nose (clear of the cushion), then falls
    # from the rail height onto the bed
    t_drop = t_land + (-v - math.sqrt(v * v - 2 * a * (y_land - (L - R)))) / a
    assert kinds(shot)[:2] == ["rail", "drop"]
    drop = shot.contacts[1]
    assert drop.t == pytest.approx(t_drop, abs=1e-6)
    assert drop.energy_after == pytest.approx(drop.energy_before)  # potential energy counted
    landed = [e for e in shot.events if "land" in e]  # 45 mm up: it bounces once on the bed
    assert [e["land"] for e in landed] == ["cue", "cue"]
    assert landed[0]["t"] == pytest.approx(t_drop + math.sqrt(2 * P.rail_height / 9.81),
                                           abs=1e-6)
    assert not [e for e in shot.events if "off" in e]
    x, y = shot.final["cue"]  # in play, on the bed, clear of the cushion
    assert x == pytest.approx(T.width / 2.0) and R * 1e3 <= y <= T.length - R * 1e3
    assert all(c.energy_after <= c.energy_before + 1e-12 for c in shot.contacts)


def test_physics_rail_top_a_ball_landing_beyond_the_outer_edge_is_off_in_the_air():
    shot = fly(EDGE - 0.005, 0.50)  # crosses the edge before it comes down to the rail
    assert kinds(shot) == ["off"]
    assert shot.contacts[0].t == pytest.approx(0.005 / 0.50, abs=1e-9)


def fly_at(y: float, vy: float, h: float) -> Shot:
    """One ball in flight, its bottom ``h`` m over the cloth (not moving vertically), centre
    at (table middle, y) m, moving at vy m/s along the table."""
    geo = geometry(T)
    b = Ball(0, "cue", geo.width / 2.0, y)
    b.h, b.vy = h, vy
    b.classify(P, geo.radius)
    sim = _Sim(geo, P, [b], resolver_for(P))
    sim.run()
    return _result(T, sim, False, True)


def test_physics_airborne_ball_below_the_nose_hits_the_cushion_in_the_air():
    """Issue 13 item 3: a flying ball whose bottom is below the nose meets the nose in the air
    (the 3-D rebound: no slate under it, so the vertical part of the impulse is kept)."""
    nose = geometry(T).nose_height
    y0, vy, h = L - R - 0.010, 2.0, 0.005
    assert h < nose
    shot = fly_at(y0, vy, h)
    first = shot.contacts[0]
    assert first.kind == "cushion"
    assert first.t == pytest.approx(0.010 / vy, abs=1e-9)  # the centre R from the nose line
    assert first.energy_after <= first.energy_before
    before, after = shot.trajectories["cue"][0], shot.trajectories["cue"][1]
    assert before.state == "airborne" and after.state == "airborne"  # still in the air
    assert after.v0[1] < 0.0  # rebounds from the top cushion
    # the nose touches the ball (nose - R - h) = 2.7 mm above its centre: the impulse along
    # the normal there has a downward part, which the ball keeps (mm/s)
    assert nose - R - h > 0.0
    vz_before = before.vz - P.g * 1e3 * first.t
    assert after.vz < vz_before - 10.0


def test_physics_airborne_ball_above_the_nose_clears_the_cushion():
    y0, vy, h = L - R - 0.010, 2.0, P.rail_height + 0.005
    assert h > geometry(T).nose_height
    shot = fly_at(y0, vy, h)
    assert "cushion" not in kinds(shot)
    assert kinds(shot)[0] == "rail"  # over the nose, it comes down on the rail top
    assert shot.contacts[0].t == pytest.approx(math.sqrt(2.0 * 0.005 / 9.81), abs=1e-9)
