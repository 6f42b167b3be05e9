"""Property tests over random shots: energy never rises at an event, balls never overlap,
every ball ends on the table, in a pocket or off it, and nothing runs away.

These are plan-view (2-D) invariants, so the shots here keep every ball on the bed
(``airborne=False``: a ball jumping over another overlaps it in plan view); the airborne
properties are in test_physics_airborne.py."""

import itertools
import math
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cuesport.equipment import POOL_9FT, SNOOKER, TableSpec
from cuesport.physics import Shot, Stroke, params_for, simulate

GUARD = 1e-9  # J of slack at an event (spec §8.11)


def guard_bound(table: TableSpec) -> float:
    """Energy the separation floor may add at a guarded contact: m v_floor^2 / 2."""
    p = params_for(table)
    return 0.5 * p.ball_mass * p.min_separation_speed ** 2


@st.composite
def shots(draw: st.DrawFn) -> tuple[TableSpec, dict[str, tuple[float, float]], Stroke]:
    table = draw(st.sampled_from([POOL_9FT, SNOOKER]))
    r = table.ball_radius
    n = draw(st.integers(min_value=1, max_value=7))
    pos: dict[str, tuple[float, float]] = {}
    names = ["cue", *[str(i) for i in range(1, n)]]
    for name in names:
        for _ in range(30):
            x = draw(st.floats(r, table.width - r))
            y = draw(st.floats(r, table.length - r))
            if all(math.dist((x, y), q) >= 2 * r + 1e-3 for q in pos.values()):
                pos[name] = (x, y)
                break
    if "cue" not in pos:
        pos = {"cue": (table.width / 2, table.length / 4)}
    # sometimes a tight cluster: a row or a small triangle of touching balls
    if draw(st.booleans()):
        ox = draw(st.floats(5 * r, table.width - 5 * r))
        oy = draw(st.floats(5 * r, table.length - 5 * r))
        a = draw(st.floats(0, math.pi))
        ux, uy = math.cos(a), math.sin(a)
        vx, vy = math.cos(a + math.pi / 3), math.sin(a + math.pi / 3)
        slots = [(0, 0), (1, 0), (0, 1), (2, 0), (1, 1), (0, 2)]
        k = draw(st.integers(2, 6))
        cluster = {f"c{i}": (ox + 2 * r * (i_ * ux + j_ * vx), oy + 2 * r * (i_ * uy + j_ * vy))
                   for i, (i_, j_) in enumerate(slots[:k])}
        if all(r <= q[0] <= table.width - r and r <= q[1] <= table.length - r
               and math.dist(q, pos["cue"]) >= 2 * r for q in cluster.values()):
            pos = {"cue": pos["cue"], **cluster}
    # sometimes freeze a ball to the cue ball or to a cushion
    if draw(st.booleans()) and len(pos) > 1:
        cx, cy = pos["cue"]
        a = draw(st.floats(0, 2 * math.pi))
        q = (cx + 2 * r * math.cos(a), cy + 2 * r * math.sin(a))
        if r <= q[0] <= table.width - r and r <= q[1] <= table.length - r and all(
                math.dist(q, v) >= 2 * r - 1e-9 for k, v in pos.items() if k != "1"):
            pos["1"] = q
    stroke = Stroke(
        angle=draw(st.floats(0, 360)),
        speed=draw(st.floats(0.05, 9.0)),
        side=draw(st.floats(-0.5, 0.5)),
        height=draw(st.floats(-0.6, 0.6)),
        elevation=draw(st.sampled_from([0.0, 0.0, 5.0, 20.0])),
    )
    if math.hypot(stroke.side, stroke.height) >= 0.9:
        stroke = Stroke(angle=stroke.angle, speed=stroke.speed)
    return table, pos, stroke


def check_no_overlap(shot: Shot, table: TableSpec) -> None:
    r = table.ball_radius
    times = sorted({s.t0 for v in shot.trajectories.values() for s in v}
                   | {s.t1 for v in shot.trajectories.values() for s in v})
    times += [shot.duration * k / 200 for k in range(201)]
    for t in times:
        pos = shot.position_at(t)
        pts = list(pos.values())
        for i in range(len(pts)):
            x, y = pts[i]
            # inside the table, or in a pocket's mouth or throat
            assert -3 * r <= x <= table.width + 3 * r and -3 * r <= y <= table.length + 3 * r
            for j in range(i + 1, len(pts)):
                assert math.dist(pts[i], pts[j]) >= 2 * r - 1e-3, (t, pts[i], pts[j])


def check_energy_along_segments(shot: Shot, table: TableSpec) -> None:
    """Between events friction only takes energy away (spec §8.11)."""
    p = params_for(table)
    r = table.ball_radius / 1e3

    def ke(seg, t):  # type: ignore[no-untyped-def]
        vx, vy = (c / 1e3 for c in seg.velocity(t))
        wx, wy, wz = seg.spin(t)
        return 0.5 * p.ball_mass * (vx * vx + vy * vy) + 0.2 * p.ball_mass * r * r * (
            wx * wx + wy * wy + wz * wz)

    for segs in shot.trajectories.values():
        for seg in segs:
            ts = [seg.t0 + (seg.t1 - seg.t0) * k / 8 for k in range(9)]
            es = [ke(seg, t) for t in ts]
            for a, b in itertools.pairwise(es):
                assert b <= a + GUARD, (seg, a, b)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shots())
def test_physics_random_shots_energy_overlap_and_termination(case):
    table, pos, stroke = case
    flat = replace(params_for(table), airborne=False)
    shot = simulate(table, pos, stroke, flat)
    assert not shot.truncated
    bound = guard_bound(table)
    for c in shot.contacts:
        slack = GUARD + (bound if c.guarded else 0.0)
        assert c.energy_after <= c.energy_before + slack, c
    assert set(shot.final) | set(shot.pocketed) | {
        e["off"] for e in shot.events if "off" in e} == set(pos)
    assert not set(shot.final) & set(shot.pocketed)
    check_no_overlap(shot, table)
    check_energy_along_segments(shot, table)
    # determinism, to the bit
    assert simulate(table, pos, stroke, flat).dumps() == shot.dumps()
