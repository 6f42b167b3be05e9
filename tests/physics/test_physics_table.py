"""The harder table (issue 13 item 6): positions in the cushion rubber are refused, the
separation guard never adds energy, and the cloth presets carry their sources."""

import math
import random
from dataclasses import replace

import pytest

from cuesport.equipment import POOL_9FT, SNOOKER, eight_ball_rack, pockets
from cuesport.physics import (
    POOL_PARAMS,
    SNOOKER_PARAMS,
    PositionError,
    Shot,
    Stroke,
    params_for,
    simulate,
)
from cuesport.physics.params import CLOTHS, POOL_WORSTED, SNOOKER_NAPPED

T = POOL_9FT
R = T.ball_radius


@pytest.mark.parametrize("where", [
    (R - 0.5, 900.0),  # into the left rail's rubber
    (T.width - R + 0.1, 1600.0),  # the right rail
    (T.width / 2 + 300.0, T.length - R + 2.0),  # the top rail
    (T.width / 2 + 300.0, -40.0),  # behind the bottom rail
])
def test_physics_position_inside_the_cushion_rubber_is_refused(where):
    with pytest.raises(PositionError, match="cushion"):
        simulate(T, {"cue": (600.0, 600.0), "1": where}, Stroke(angle=90.0, speed=1.0))


def test_physics_position_overlapping_a_jaw_is_refused():
    p = next(q for q in pockets(T) if q.name == "middle-left")
    knuckle = p.knuckles[0]
    # centre just inside R of the knuckle's round nose
    cx, cy = knuckle.centre
    ang = 0.5 * (knuckle.start + knuckle.end)
    q = (cx + (knuckle.radius + R - 1.0) * math.cos(ang),
         cy + (knuckle.radius + R - 1.0) * math.sin(ang))
    with pytest.raises(PositionError, match="jaw"):
        simulate(T, {"cue": (600.0, 600.0), "1": q}, Stroke(angle=90.0, speed=1.0))


def test_physics_frozen_on_the_rail_and_in_the_mouth_are_accepted():
    mouth = next(q for q in pockets(T) if q.name == "top-right").mouth_centre
    pos = {"cue": (R, 900.0), "1": (T.width - R, 1500.0), "2": mouth}
    shot = simulate(T, pos, Stroke(angle=90.0, speed=0.5))
    assert not shot.truncated


def test_physics_position_cushion_check_shortcut_agrees_with_every_piece():
    """The cushion check's shortcut (a rectangle proven clear of every piece) answers as the
    piece-by-piece test would, for centres all over and around the tables; and it covers the
    rack areas, where it saves the work."""
    from cuesport.physics.detect import geometry
    from cuesport.physics.position import _clear, _in_cushion, _piece_overlapped

    rng = random.Random(3)
    for table in (POOL_9FT, SNOOKER):
        geo = geometry(table)
        x0, x1, y0, y1 = _clear(geo)
        assert x0 < geo.width / 2 < x1 and y0 < 0.6 * geo.length < y1
        inside = 0
        for _ in range(20000):
            x = rng.uniform(-0.1, geo.width + 0.1)
            y = rng.uniform(-0.1, geo.length + 0.1)
            if rng.random() < 0.3:  # near the rectangle's edges
                x = rng.choice((x0, x1)) + rng.uniform(-0.03, 0.03)
            inside += x0 <= x <= x1 and y0 <= y <= y1
            assert _in_cushion(geo, x, y) == _piece_overlapped(geo, x, y), (table.kind, x, y)
        assert inside > 5000


def test_physics_position_overlap_check_finds_the_first_overlapping_pair():
    """The overlap check (a sweep along x first) refuses exactly the positions with two
    centres closer than 2R (less the rounding tolerance), naming the first such pair in the
    position's order, as a check of every pair does."""
    from cuesport.physics.position import OVERLAP_TOL, check_position

    rng = random.Random(8)
    lim = 2.0 * R / 1e3 - OVERLAP_TOL
    refused = 0
    for _ in range(300):
        pos: dict[str, tuple[float, float]] = {}
        for i in range(rng.randint(2, 16)):
            if pos and rng.random() < 0.5:  # next to another ball, a hair either side of 2R
                x, y = rng.choice(list(pos.values()))
                a = rng.uniform(0.0, 2.0 * math.pi)
                d = 2.0 * R + rng.uniform(-0.01, 0.01)
                pos[str(i)] = (x + d * math.cos(a), y + d * math.sin(a))
            else:
                pos[str(i)] = (rng.uniform(200.0, T.width - 200.0),
                               rng.uniform(200.0, T.length - 200.0))
        names = list(pos)
        first = next(((a, b) for i, a in enumerate(names) for b in names[i + 1:]
                      if math.hypot((pos[a][0] - pos[b][0]) / 1e3,
                                    (pos[a][1] - pos[b][1]) / 1e3) < lim), None)
        if first is None:
            check_position(T, pos, None)
        else:
            refused += 1
            with pytest.raises(PositionError, match=f"balls {first[0]!r} and {first[1]!r} "):
                check_position(T, pos, None)
    assert 50 < refused < 250


def _total_energy(shot: Shot, t: float, mass: float, radius: float) -> float:
    e = 0.0
    for name, segs in shot.trajectories.items():
        if name in shot.pocketed and t > segs[-1].t1:
            continue
        seg = next((s for s in segs if t <= s.t1), segs[-1])
        vx, vy = (c / 1e3 for c in seg.velocity(t))
        w = seg.spin(t)
        e += 0.5 * mass * (vx * vx + vy * vy) + 0.2 * mass * radius * radius * sum(
            c * c for c in w)
    return e


@pytest.mark.parametrize("speed", [0.005, 0.02, 0.1, 1.0, 4.0, 9.0])
@pytest.mark.parametrize("gap", [0.0, 1.0])
def test_physics_energy_never_rises_into_a_frozen_eight_ball_rack(speed, gap):
    # issue 13: Stroke(90, 0.005) behind a frozen rack gave +101 % from the separation guard
    rack = eight_ball_rack(T, 1)
    apex = min(rack.values(), key=lambda q: q[1])
    pos = {**rack, "cue": (apex[0], apex[1] - 2 * R - gap)}
    shot = simulate(T, pos, Stroke(90.0, speed))
    assert not shot.truncated
    for c in shot.contacts:
        assert c.energy_after <= c.energy_before + 1e-12, c
    m, r = POOL_PARAMS.ball_mass, R / 1e3
    e0 = _total_energy(shot, 0.0, m, r)
    times = sorted({s.t0 for v in shot.trajectories.values() for s in v})
    assert max(_total_energy(shot, t, m, r) for t in times) <= 1.01 * e0


def test_physics_cloth_presets_are_the_default_parameters_with_their_ranges():
    assert set(CLOTHS) == {"pool-worsted", "snooker-napped"}
    for cloth in CLOTHS.values():
        for f in ("mu_slide", "mu_roll", "spin_decay", "cushion_restitution",
                  "cushion_friction"):
            m = getattr(cloth, f)
            assert m.low <= m.value <= m.high and m.source, (cloth.name, f)
    assert POOL_WORSTED.apply(POOL_PARAMS) == POOL_PARAMS
    assert SNOOKER_NAPPED.apply(SNOOKER_PARAMS) == SNOOKER_PARAMS
    assert params_for(T) == POOL_PARAMS and params_for(SNOOKER) == SNOOKER_PARAMS
    on_snooker_cloth = params_for(T, "snooker-napped")
    assert on_snooker_cloth.mu_slide == 0.212 and on_snooker_cloth.ball_mass == 0.170
    with pytest.raises(ValueError, match="cloth"):
        params_for(T, "felt")
    # a slower cloth: the same stroke rolls less far
    s = Stroke(angle=90.0, speed=0.3)
    slow = replace(POOL_PARAMS, mu_roll=POOL_WORSTED.mu_roll.high)
    assert (simulate(T, {"cue": (635.0, 300.0)}, s, slow).final["cue"][1]
            < simulate(T, {"cue": (635.0, 300.0)}, s).final["cue"][1])


def test_physics_frozen_on_the_rail_next_to_a_ball_in_the_jaws_does_not_chatter():
    # Found by fuzzing before this change (20,000-event cap, 2,550 cushion/ball contacts in
    # a cascade): ball "b" sat inside the bottom-right jaw's rubber, "a" frozen on the rail
    # against it. The position is now refused.
    pos = {"a": (1241.425, 58.520225705124886), "b": (1211.7358997449019, 9.687042048488955),
           "cue": (708.6409398665687, 1301.8671970943808)}
    stroke = Stroke(angle=-67.26227889792509, speed=8.60605909247268,
                    side=-0.3399969806862193, height=-0.42049064113184664)
    with pytest.raises(PositionError, match="bottom-right jaw"):
        simulate(T, pos, stroke)
    # The same cluster where it is legal (b just clear of the jaw, a frozen on the rail
    # against it), struck from many directions: every cascade ends well before the cap.
    p = next(q for q in pockets(T) if q.name == "bottom-right")
    mx, my = p.mouth_centre
    rng = random.Random(3)
    played = 0
    for _ in range(400):
        b = (mx + rng.uniform(-1.2, 1.2) * R, my + rng.uniform(-1.2, 1.2) * R)
        dx = T.width - R - b[0]
        if abs(dx) >= 2 * R:
            continue
        a = (T.width - R, b[1] + math.sqrt(4 * R * R - dx * dx))
        cue = (rng.uniform(3 * R, T.width - 3 * R), rng.uniform(300.0, 1500.0))
        ang = math.degrees(math.atan2(a[1] - cue[1], a[0] - cue[0])) + rng.uniform(-3, 3)
        try:
            shot = simulate(T, {"a": a, "b": b, "cue": cue},
                            Stroke(ang, rng.uniform(0.3, 9.0), side=rng.uniform(-0.4, 0.4),
                                   height=rng.uniform(-0.5, 0.5)), record=False)
        except PositionError:
            continue
        played += 1
        assert not shot.truncated and shot.event_count < 1000
    assert played > 100
