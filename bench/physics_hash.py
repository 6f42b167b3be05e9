"""Bit-identity check for speed work on the simulator: one sha256 over many strokes' results.

    python bench/physics_hash.py [FLAT] [JUMP] [seed] [BREAKS]

Simulates FLAT random flat strokes (default 300) and JUMP random elevated strokes (default
150) on random positions and racks (the stress test's generator), and BREAKS (default 25)
noisy variations of each of bench/physics.py's four breaks, and hashes every shot's
events, final positions, pockets, event count, contacts (with their energies) and
trajectory segments (``repr`` of each float:
every bit). Run it before and after a change that should not change any result: the digests
must match. It also prints the per-group statistics (events, pots, off-table balls, mean
final position), which are what to compare when a change cannot keep the bits.
"""

from __future__ import annotations

import hashlib
import random
import sys

from cuesport.equipment import POOL_9FT, SNOOKER
from cuesport.physics import Shot, Stroke, StrokeNoise, noisy_strokes, simulate
from physics import cases
from physics_stress import random_position


def shot_bytes(shot: Shot) -> bytes:
    parts = [repr(shot.events), repr(sorted(shot.final.items())),
             repr(sorted(shot.pocketed.items())), repr(shot.event_count), repr(shot.truncated),
             repr(shot.duration), repr(shot.contacts)]
    for name in sorted(shot.trajectories):
        parts.append(name)
        parts += [repr(s) for s in shot.trajectories[name]]
    return "\n".join(parts).encode()


def run(n: int, jump: bool, rng: random.Random) -> tuple[str, dict[str, float]]:
    h = hashlib.sha256()
    events = pots = offs = 0
    sx = sy = 0.0
    finals = 0
    for _ in range(n):
        table = POOL_9FT if rng.random() < 0.6 else SNOOKER
        pos = random_position(rng, table)
        stroke = Stroke(angle=rng.uniform(0, 360), speed=rng.uniform(0.05, 10.0),
                        side=rng.uniform(-0.5, 0.5), height=rng.uniform(-0.6, 0.6),
                        elevation=rng.uniform(5.0, 40.0) if jump else 0.0,
                        cue="jump" if jump and rng.random() < 0.3 else "playing")
        shot = simulate(table, pos, stroke)
        h.update(shot_bytes(shot))
        events += shot.event_count
        pots += len(shot.pocketed)
        offs += sum(1 for e in shot.events if "off" in e)
        for x, y in shot.final.values():
            sx, sy, finals = sx + x, sy + y, finals + 1
    stats = {"events/shot": events / n, "pots": pots, "off": offs,
             "mean x": sx / max(finals, 1), "mean y": sy / max(finals, 1)}
    return h.hexdigest(), stats


def breaks(n: int, seed: int) -> tuple[str, dict[str, float]]:
    """n noisy variations of each benchmark break (dense clusters: the hot path)."""
    h = hashlib.sha256()
    events = pots = offs = 0
    for _name, table, pos, stroke in cases()[:4]:
        noise = StrokeNoise.computational_pool(table.ball_radius)
        for s in noisy_strokes(stroke, noise, n, seed=seed):
            shot = simulate(table, pos, s)
            h.update(shot_bytes(shot))
            events += shot.event_count
            pots += len(shot.pocketed)
            offs += sum(1 for e in shot.events if "off" in e)
    return h.hexdigest(), {"events/shot": events / (4 * n), "pots": pots, "off": offs}


def main() -> None:
    flat = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    jump = int(sys.argv[2]) if len(sys.argv) > 2 else 150
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    n_breaks = int(sys.argv[4]) if len(sys.argv) > 4 else 25
    rng = random.Random(seed)
    groups = [("flat", flat, lambda: run(flat, False, rng)),
              ("jump", jump, lambda: run(jump, True, rng)),
              ("breaks", 4 * n_breaks, lambda: breaks(n_breaks, seed))]
    for label, n, go in groups:
        digest, stats = go()
        figures = ", ".join(f"{k} {v:.3f}" if isinstance(v, float) else f"{k} {v}"
                            for k, v in stats.items())
        print(f"{label}: {n} strokes, sha256 {digest}\n  {figures}")


if __name__ == "__main__":
    main()
