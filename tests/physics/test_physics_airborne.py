"""Airborne physics (issue 13; shared/spec/physics-airborne.md §9.8 targets): the cue strike in
3-D with the slate's reaction, flight and bounces in closed form, contacts in the air, balls
leaving the table, and the events the referee reads (off, over, takeoff, land)."""

import math
import random
from dataclasses import replace

import pytest

from cuesport.equipment import POOL_9FT, SNOOKER, eight_ball_rack, nine_ball_rack, pockets
from cuesport.physics import POOL_PARAMS, PositionError, Shot, Stroke, params_for, simulate
from cuesport.physics.resolve.cue import clamp_offset, lever, strike3d
from cuesport.physics.resolve.slate import land
from cuesport.record import Event, parse_action

T = POOL_9FT
R = T.ball_radius
G = 9.81


def centre_aim(elevation: float, speed: float, angle: float = 90.0, **kw) -> Stroke:
    """A stroke whose cue axis passes through the ball's centre (b = R sin theta)."""
    return Stroke(angle=angle, speed=speed, height=math.sin(math.radians(elevation)),
                  elevation=elevation, **kw)


def kinds(shot: Shot, kind: str) -> list[dict]:
    return [e for e in shot.events if kind in e]


def test_physics_jump_take_off_flight_and_bounces_match_the_closed_form():
    # §9.8 targets 2 and 7: theta 45, V 3 m/s, centre aim
    shot = simulate(T, {"cue": (635.0, 300.0)}, centre_aim(45.0, 3.0))
    flights = [s for s in shot.trajectories["cue"] if s.state == "airborne"]
    first = flights[0]
    assert first.v0[1] == pytest.approx(2016.7, abs=0.1)  # mm/s
    assert first.vz == pytest.approx(1411.7, abs=0.1)
    assert first.w0[0] == pytest.approx(-first.v0[1] / R, rel=1e-9)  # leaves rolling
    assert first.t1 == pytest.approx(0.2878, abs=1e-4)
    # each bounce rises e_t^2 of the one before: vz falls by e_t = 0.5
    assert [round(f.vz / first.vz, 9) for f in flights] == [1.0, 0.5, 0.25]
    # settles after three flights (the next bounce would rise < 5 mm): T0 (1 + e_t + e_t^2)
    assert flights[-1].t1 == pytest.approx(first.t1 * 1.75, rel=1e-9)
    assert flights[-1].t1 == pytest.approx(0.5037, abs=1e-4)
    apex = max(f.height(f.t0 + f.vz / 1e3 / G) for f in flights[:1])
    assert apex == pytest.approx(first.vz**2 / (2 * G * 1e3), rel=1e-9)
    assert apex == pytest.approx(101.6, abs=0.05)
    assert [e["t"] for e in kinds(shot, "takeoff")] == [0.0, round(flights[1].t0, 9),
                                                        round(flights[2].t0, 9)]
    assert len(kinds(shot, "land")) == 3
    nxt = shot.trajectories["cue"][len(flights)]
    assert nxt.state == "rolling" and nxt.h0 == 0.0


@pytest.mark.parametrize("elevation", [40.0, 43.0, 44.0, 50.0, 60.0])
def test_physics_take_off_rolls_iff_elevation_above_the_grip_threshold(elevation):
    # §9.8 target 4: tan theta >= 2 / (7 mu_t (1 + e_t)) -> 43.6 deg for mu_t 0.2, e_t 0.5
    vx, vy, vz, wx, wy, wz = strike3d(3.0, math.pi / 2, 0.0, math.sin(math.radians(elevation)),
                                      math.radians(elevation), R / 1e3, 0.170, 0.54, 0.75, None)
    s, leaves = land((vx, vy, vz, wx, wy, wz), R / 1e3, 0.5, 0.2, 0.313)
    assert leaves
    slip = math.hypot(s[0] - R / 1e3 * s[4], s[1] + R / 1e3 * s[3])
    threshold = math.degrees(math.atan(2 / (7 * 0.2 * 1.5)))
    assert (slip < 1e-12) == (elevation >= threshold)


def test_physics_jump_over_a_blocking_ball_onto_the_ball_behind():
    for elevation, speed, blocker, target in ((45.0, 3.0, 300.0, 880.0),
                                               (50.0, 3.5, 350.0, 950.0),
                                               (40.0, 3.0, 250.0, 800.0)):
        pos = {"cue": (635.0, 300.0), "1": (635.0, 300.0 + blocker),
               "2": (635.0 + 10.0, 300.0 + target)}
        shot = simulate(T, pos, centre_aim(elevation, speed))
        hits = kinds(shot, "hit")
        assert hits and hits[0]["hit"] == ["cue", "2"], (elevation, hits)
        assert not any("1" in e["hit"] for e in hits if e["t"] < hits[0]["t"])
        over = kinds(shot, "over")
        assert over[0]["over"] == ["cue", "1"] and over[0]["far_side"] is True
        assert over[0]["t"] < over[0]["end"] < hits[0]["t"]
        assert "1" in shot.final and shot.final["1"] == pytest.approx(pos["1"])


def test_physics_failed_jump_hits_the_blocker():
    # §9.4 example: an object ball 0.10 m ahead is hit at t = 0.027015 s, line of centres 37.2
    # degrees above the horizontal: the cue ball drives it into the slate.
    shot = simulate(T, {"cue": (635.0, 300.0), "1": (635.0, 400.0)}, centre_aim(45.0, 3.0))
    hit = kinds(shot, "hit")[0]
    assert hit["hit"] == ["cue", "1"]
    assert hit["t"] == pytest.approx(0.027015, abs=2e-6)
    seg = next(s for s in shot.trajectories["cue"] if s.t1 >= hit["t"])
    z = seg.height(hit["t"])
    assert math.degrees(math.asin(z / (2 * R))) == pytest.approx(37.2, abs=0.1)
    # too low and too slow to clear it: a full hit on the blocker, which then rolls away
    shot = simulate(T, {"cue": (635.0, 300.0), "1": (635.0, 450.0), "2": (635.0, 900.0)},
                    centre_aim(30.0, 2.0))
    hits = kinds(shot, "hit")
    assert hits[0]["hit"] == ["cue", "1"]
    assert all(e["far_side"] is False for e in kinds(shot, "over") if e["over"][1] == "1")


def test_physics_hard_elevated_stroke_sends_the_cue_ball_off_the_table():
    # §9.8 target 6: theta 60, V 4 m/s, 0.30 m from the top nose: it lands 0.594 m beyond it
    shot = simulate(T, {"cue": (635.0, T.length - 300.0)}, centre_aim(60.0, 4.0))
    off = kinds(shot, "off")
    assert [e["off"] for e in off] == ["cue"]
    assert "cue" not in shot.final and "cue" not in shot.pocketed
    flight = shot.trajectories["cue"][0]
    assert flight.vz == pytest.approx(2305.0, abs=1.0) and flight.v0[1] == pytest.approx(
        1901.0, abs=1.0)
    # off when the centre crosses the rail's outer edge (it is still high above the rail)
    edge = T.length + T.cushion_width + T.rail_width
    assert off[0]["t"] == pytest.approx((edge - (T.length - 300.0)) / 1901.0, abs=1e-3)
    assert not kinds(shot, "cushion")
    assert "cue" in shot.position_at(off[0]["t"] - 0.01)
    assert "cue" not in shot.position_at(off[0]["t"] + 0.01)


def test_physics_object_ball_driven_off_on_a_power_break():
    # An 8-ball power break from the side of the kitchen with the butt raised 7 degrees (cue
    # 8.75 m/s, the ball leaves at about 11.6 m/s: a power break, spec §7): the hopping cue
    # ball comes down on the rack, drives balls into the slate, and the 7 flies off.
    pos = {**eight_ball_rack(T, 44), "cue": (265.8, T.length / 4)}
    shot = simulate(T, pos, Stroke(angle=74.28, speed=8.75, height=0.06, elevation=7.0))
    offs = [e["off"] for e in kinds(shot, "off")]
    assert "7" in offs
    assert "7" not in shot.final and set(shot.final) | set(shot.pocketed) | set(offs) == set(pos)
    assert any(e["takeoff"] == "7" for e in kinds(shot, "takeoff"))
    assert 11.0 < shot.trajectories["cue"][0].v0[1] / 1e3 / math.sin(math.radians(74.28)) < 12.5


def test_physics_airborne_off_keeps_every_ball_on_the_bed():
    flat = replace(POOL_PARAMS, airborne=False)
    shot = simulate(T, {"cue": (635.0, T.length - 300.0)}, centre_aim(60.0, 4.0), flat)
    assert not kinds(shot, "takeoff") and not kinds(shot, "off")
    assert all(s.state != "airborne" for s in shot.trajectories["cue"])


def test_physics_flat_strokes_never_leave_the_bed():
    pos = {**nine_ball_rack(T, 1), "cue": (T.width / 2, T.length / 4)}
    shot = simulate(T, pos, Stroke(angle=90.0, speed=8.0))
    assert not any(k in e for e in shot.events for k in ("takeoff", "land", "over", "off"))
    assert shot.dumps() == simulate(T, pos, Stroke(angle=90.0, speed=8.0),
                                    replace(POOL_PARAMS, airborne=False)).dumps()


def test_physics_miscue_limit_is_enforced():
    # issue 13: side 0.9 gave 2.6x the spin the limit allows; now the tip slips at 0.5 R
    at_limit = simulate(T, {"cue": (600.0, 600.0)}, Stroke(angle=90.0, speed=1.0, side=0.5))
    beyond = simulate(T, {"cue": (600.0, 600.0)}, Stroke(angle=90.0, speed=1.0, side=0.9))
    assert beyond.miscue and not at_limit.miscue
    assert beyond.trajectories["cue"][0].w0 == pytest.approx(at_limit.trajectories["cue"][0].w0,
                                                             rel=1e-9)
    # with elevation the limit applies to the distance from the cue axis (§9.8 target 10)
    assert lever(0.0, 0.0, math.radians(45.0)) == pytest.approx(math.sqrt(0.5), rel=1e-12)
    assert clamp_offset(0.0, 0.0, math.radians(45.0), 0.5)[2]
    assert not clamp_offset(0.0, math.sin(math.radians(45.0)), math.radians(45.0), 0.5)[2]
    side, height, _ = clamp_offset(0.3, 0.9, math.radians(10.0), 0.5)
    assert lever(side, height, math.radians(10.0)) == pytest.approx(0.5, abs=1e-9)


def test_physics_jump_cue_is_a_stroke_option():
    # §9.1 / target 5: in the rigid sequential model a lighter cue jumps lower at the same V
    playing = simulate(T, {"cue": (635.0, 300.0)}, centre_aim(45.0, 3.0))
    jump = simulate(T, {"cue": (635.0, 300.0)}, centre_aim(45.0, 3.0, cue="jump"))
    vz_p, vz_j = playing.trajectories["cue"][0].vz, jump.trajectories["cue"][0].vz
    m, big, small = 0.170, 0.54, POOL_PARAMS.jump_cue_mass
    assert vz_j / vz_p == pytest.approx((1 + m / big) / (1 + m / small), rel=1e-9)
    with pytest.raises(ValueError, match="cue"):
        simulate(T, {"cue": (635.0, 300.0)}, Stroke(90.0, 1.0, cue="masse"))


def test_physics_airborne_pot_by_landing_in_the_drop_circle():
    # a ball jumping towards the top-right corner lands in the pocket
    p = next(q for q in pockets(T) if q.name == "top-right")
    cx, cy = p.capture.centre
    start = (cx - 500.0, cy - 500.0)
    # choose the speed so the first landing is at the drop circle: carry = v_x T
    shot = None
    for v in [1.5 + 0.05 * k for k in range(60)]:
        s = simulate(T, {"cue": start}, centre_aim(55.0, v, angle=45.0))
        if "cue" in s.pocketed:
            shot = s
            break
    assert shot is not None
    assert kinds(shot, "pot")[0]["pocket"] == "top-right"


def _random_airborne(rng: random.Random):  # type: ignore[no-untyped-def]
    table = T if rng.random() < 0.6 else SNOOKER
    r = table.ball_radius
    pos: dict[str, tuple[float, float]] = {}
    for name in ["cue", *[str(i) for i in range(rng.randint(0, 8))]]:
        for _ in range(40):
            q = (rng.uniform(r, table.width - r), rng.uniform(r, table.length - r))
            if all(math.dist(q, v) >= 2 * r for v in pos.values()):
                pos[name] = q
                break
    if rng.random() < 0.3:
        pos = {**(nine_ball_rack(table, 1) if table.kind == "pool" else {}), **pos}
        pos = {k: v for k, v in pos.items() if k == "cue" or all(
            math.dist(v, w) >= 2 * r - 1e-9 for kk, w in pos.items() if kk != k)}
    elev = rng.choice([5.0, 15.0, 30.0, 45.0, 60.0, 75.0])
    stroke = Stroke(angle=rng.uniform(0, 360), speed=rng.uniform(0.5, 12.0),
                    side=rng.uniform(-0.4, 0.4),
                    height=math.sin(math.radians(elev)) + rng.uniform(-0.3, 0.3),
                    elevation=elev, cue=rng.choice(["playing", "jump"]))
    if math.hypot(stroke.side, stroke.height) >= 0.95:
        stroke = replace(stroke, side=0.0, height=0.0)
    return table, pos, stroke


def test_physics_airborne_energy_never_rises_and_every_ball_is_accounted_for():
    rng = random.Random(13)
    flew = 0
    for _ in range(150):
        table, pos, stroke = _random_airborne(rng)
        try:
            shot = simulate(table, pos, stroke)
        except PositionError:
            continue
        assert not shot.truncated, (pos, stroke)
        for c in shot.contacts:  # kinetic + potential energy (§9.8 target 8)
            assert c.energy_after <= c.energy_before + 1e-9, (c, pos, stroke)
        offs = {e["off"] for e in kinds(shot, "off")}
        assert set(shot.final) | set(shot.pocketed) | offs == set(pos)
        assert not set(shot.final) & (set(shot.pocketed) | offs)
        flew += bool(kinds(shot, "takeoff"))
        # no two balls interpenetrate, in 3-D, at any segment boundary
        r = table.ball_radius
        times = sorted({s.t0 for v in shot.trajectories.values() for s in v})
        for t in times[::3]:
            at = {}
            for name, segs in shot.trajectories.items():
                if name not in shot.final and t > segs[-1].t1:
                    continue
                seg = next((s for s in segs if t <= s.t1), segs[-1])
                at[name] = (*seg.at(t), seg.height(t))
            pts = list(at.values())
            for i in range(len(pts)):
                for j in range(i + 1, len(pts)):
                    assert math.dist(pts[i], pts[j]) >= 2 * r - 1e-3, (t, pos, stroke)
        parse_action({"shot": {"player": 0, "events": list(shot.events)}})
        assert simulate(table, pos, stroke).dumps() == shot.dumps()  # deterministic
    assert flew > 50


def test_physics_airborne_events_validate_in_the_record():
    pos = {"cue": (635.0, 300.0), "1": (635.0, 600.0), "2": (645.0, 1180.0)}
    shot = simulate(T, pos, centre_aim(45.0, 3.0))
    names = {k for e in shot.events for k in e if k not in ("t", "end", "far_side", "line",
                                                             "pocket")}
    assert {"takeoff", "land", "over", "hit"} <= names
    for e in shot.events:
        Event.model_validate(e)
    with pytest.raises(ValueError):
        Event.model_validate({"t": 0.1, "cushion": "cue", "far_side": True})
    assert params_for(T).airborne


def test_physics_snooker_jump_over_a_colour_reports_it_for_the_referee():
    # The fact SNK-2.19 needs (the cue ball passed over an object ball), from physics alone:
    # an `over` event naming the blue, before the first contact with the red behind it.
    pos = {"cue": (889.0, 1000.0), "blue": (889.0, 1300.0), "red1": (895.0, 1850.0)}
    shot = simulate(SNOOKER, pos, centre_aim(45.0, 3.0))
    over = kinds(shot, "over")
    hits = kinds(shot, "hit")
    assert over and over[0]["over"] == ["cue", "blue"] and over[0]["far_side"] is True
    assert hits and hits[0]["hit"] == ["cue", "red1"] and over[0]["end"] < hits[0]["t"]
    assert shot.final["blue"] == pytest.approx(pos["blue"])
    # on a flat stroke the same position gives no airborne event at all
    flat = simulate(SNOOKER, pos, Stroke(angle=90.0, speed=3.0))
    assert not kinds(flat, "over") and kinds(flat, "hit")[0]["hit"] == ["cue", "blue"]


def test_physics_jumping_ball_lands_on_an_object_ball_mid_hop():
    # §9.8 target 12 (the analogue of pooltool's bouncing_collision demo): theta 30, V 3 m/s
    # takes off at (2.859, 0.998) m/s and comes down on a ball 0.40 m away at t = 0.1287 s,
    # the line of centres 55.8 degrees above the horizontal.
    shot = simulate(T, {"cue": (635.0, 300.0), "1": (635.0, 700.0)}, centre_aim(30.0, 3.0))
    flight = shot.trajectories["cue"][0]
    assert (flight.v0[1], flight.vz) == pytest.approx((2859.1, 998.2), abs=0.1)
    hit = kinds(shot, "hit")[0]
    assert hit["hit"] == ["cue", "1"] and hit["t"] == pytest.approx(0.1287, abs=1e-4)
    z = next(s for s in shot.trajectories["cue"] if s.t1 >= hit["t"]).height(hit["t"])
    assert math.degrees(math.asin(z / (2 * R))) == pytest.approx(55.8, abs=0.05)
