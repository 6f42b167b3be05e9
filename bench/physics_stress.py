"""Stress the simulator: N random shots (default 10,000) on random positions and racks.

Checks, for every shot: no overlap (in 3-D: balls jump) at any segment boundary and on a time
grid, every ball ends on the table / in a pocket / off, energy (kinetic + potential) never
rises at an event, no truncation. Prints failures and timing.

    python bench/physics_stress.py [N] [seed]
"""

from __future__ import annotations

import math
import random
import sys
import time

from cuesport.equipment import POOL_9FT, SNOOKER, TableSpec, nine_ball_rack, snooker_setup
from cuesport.physics import SNOOKER_MATHAVAN_PARAMS, Shot, Stroke, simulate


def random_position(rng: random.Random, table: TableSpec) -> dict[str, tuple[float, float]]:
    r = table.ball_radius
    kind = rng.random()
    if kind < 0.15:
        pos = dict(nine_ball_rack(table, rng.randrange(1000))) if table.kind == "pool" \
            else dict(snooker_setup(table))
    else:
        pos = {}
        for i in range(rng.randint(1, 12)):
            for _ in range(50):
                q = (rng.uniform(r, table.width - r), rng.uniform(r, table.length - r))
                if rng.random() < 0.1:  # frozen to a cushion
                    q = (r, q[1]) if rng.random() < 0.5 else (q[0], table.length - r)
                if all(math.dist(q, v) >= 2 * r for v in pos.values()):
                    pos[str(i)] = q
                    break
    for _ in range(200):
        q = (rng.uniform(r, table.width - r), rng.uniform(r, table.length - r))
        if pos and rng.random() < 0.2:  # frozen to an object ball
            v = rng.choice(list(pos.values()))
            a = rng.uniform(0, 2 * math.pi)
            q = (v[0] + 2 * r * math.cos(a), v[1] + 2 * r * math.sin(a))
            if not (r <= q[0] <= table.width - r and r <= q[1] <= table.length - r):
                continue
        if all(math.dist(q, v) >= 2 * r - 1e-9 for v in pos.values()):
            pos["cue"] = q
            return pos
    return {"cue": (table.width / 2, table.length / 4)}


def positions_3d(shot: Shot, t: float) -> dict[str, tuple[float, float, float]]:
    """Centres (x, y, height of the bottom) at time t of the balls still in play (mm): a
    jumping ball may pass over another in plan view."""
    out = {}
    for name, segs in shot.trajectories.items():
        if not segs or (name not in shot.final and t > segs[-1].t1):
            continue
        seg = next((s for s in segs if t <= s.t1), segs[-1])
        out[name] = (*seg.at(t), seg.height(t))
    return out


def check(shot: Shot, table: TableSpec, pos: dict) -> list[str]:
    errors = []
    r = table.ball_radius
    if shot.truncated:
        errors.append("truncated")
    for c in shot.contacts:  # the separation guard adds no energy either
        if c.energy_after > c.energy_before + 1e-9:
            errors.append(f"energy rise {c}")
    offs = {e["off"] for e in shot.events if "off" in e}
    if set(shot.final) | set(shot.pocketed) | offs != set(pos):
        errors.append("ball lost")
    times = {s.t0 for v in shot.trajectories.values() for s in v}
    times |= {shot.duration * k / 100 for k in range(101)}
    for t in sorted(times):
        pts = list(positions_3d(shot, t).items())
        for i in range(len(pts)):
            for j in range(i + 1, len(pts)):
                d = math.dist(pts[i][1], pts[j][1])
                if d < 2 * r - 1e-3:
                    errors.append(f"overlap {pts[i][0]} {pts[j][0]} at t={t}: {d - 2 * r} mm")
                    return errors
    return errors


def main() -> int:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    failures = 0
    sim_time = 0.0
    events = 0
    for k in range(n):
        table = POOL_9FT if rng.random() < 0.6 else SNOOKER
        pos = random_position(rng, table)
        stroke = Stroke(angle=rng.uniform(0, 360), speed=rng.uniform(0.05, 10.0),
                        side=rng.uniform(-0.5, 0.5), height=rng.uniform(-0.6, 0.6),
                        elevation=rng.choice([0.0, 0.0, 5.0, 30.0]))
        # a third of the snooker shots with Mathavan's cushion model
        params = SNOOKER_MATHAVAN_PARAMS if table.kind == "snooker" and k % 3 == 0 else None
        t0 = time.perf_counter()
        try:
            shot = simulate(table, pos, stroke, params)
        except Exception as exc:  # report, keep going
            print(f"shot {k}: {type(exc).__name__}: {exc}\n  {table.name} {pos} {stroke}")
            failures += 1
            continue
        sim_time += time.perf_counter() - t0
        events += shot.event_count
        errs = check(shot, table, pos)
        if errs:
            failures += 1
            print(f"shot {k}: {errs[:3]}\n  {table.name} {pos} {stroke}")
    print(f"{n} shots, {failures} failures, {events / n:.1f} events/shot, "
          f"{1e3 * sim_time / n:.2f} ms/shot simulated")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
