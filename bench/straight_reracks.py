"""14.1: does a run survive the re-rack? The end of a rack played out by one bot.

    .venv/bin/python bench/straight_reracks.py --positions 20 --level strong
    .venv/bin/python bench/straight_reracks.py --positions 20 --no-planning   # the A/B

A position: the last three object balls of a rack at random (outside the rack outline)
and the cue ball; the bot plays on until its visit ends (or the stroke limit). Two pots
bring the re-rack (P141-4.8: the 14th ball down), and the run goes on only if the ball
left (the break ball) and the cue ball let it pot the break ball and open the pack.
Printed per position: the run, whether it reached the re-rack and whether the break shot
kept the table; then the mean run and ``survived``: runs of 5 or more (two balls, the
break ball and two balls of the new rack).
``--no-planning`` turns the break-ball planning off (:mod:`cuesport.bots.straight` never
sees a closed pack), the same positions and seeds: a paired comparison.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from typing import Any

from cuesport.bots import Bot, straight
from cuesport.disciplines import table_for
from cuesport.game.match import Match
from cuesport.game.players import Human
from cuesport.rules.rack_interference import rack_outline_distance

KEEP_ON = 5  # a run this long has potted the break ball and two balls of the new rack


def positions(n: int, seed: int) -> list[dict[str, Any]]:
    t = table_for("straight-pool")
    r = t.ball_radius
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    while len(out) < n:
        balls = {b: (rng.uniform(2 * r, t.width - 2 * r), rng.uniform(2 * r, t.length - 2 * r))
                 for b in ("13", "14", "15", "cue")}
        names = list(balls)
        if any(math.dist(balls[a], balls[b]) < 2 * r + 5 for i, a in enumerate(names)
               for b in names[i + 1:]):
            continue
        if any(rack_outline_distance(p, t) < 3 * r for p in balls.values()):
            continue
        out.append({"balls": {k: list(v) for k, v in balls.items()}, "to_play": 0,
                    "score": [0, 0]})
    return out


def play_out(start: dict[str, Any], level: str, seed: int, limit: int) -> dict[str, Any]:
    bot = Bot(level, seed)
    m = Match("straight-pool", [bot, Human("b")], start=start)
    run = 0
    reracked = False
    break_kept: bool | None = None
    cpu = 0.0
    decisions = 0
    for _ in range(limit):
        before = m.state.reracks
        c0 = time.process_time()
        m.step()
        cpu += time.process_time() - c0
        decisions += 1
        r = m.ruling
        kept = bool(r.get("legal", True)) and r.get("to_play") == 0 and not m.state.frame_over
        if reracked and break_kept is None:
            break_kept = kept
        if m.state.reracks > before:
            reracked = True
        if not kept:
            break
        run = int(r.get("break", 0) or 0)
    return {"run": run, "reracked": reracked, "break_kept": break_kept, "cpu": cpu,
            "decisions": decisions}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--level", default="strong")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--strokes", type=int, default=8, help="strokes played at most")
    ap.add_argument("--no-planning", action="store_true",
                    help="the A/B baseline: the break-ball planning off")
    args = ap.parse_args()
    if args.no_planning:
        straight.PACK_CLOSED = 10**6  # no pack is ever closed: planning off
    starts = positions(args.positions, args.seed)
    runs = []
    cpu = 0.0
    decisions = 0
    reached = kept = 0
    for i, start in enumerate(starts):
        res = play_out(start, args.level, args.seed + i, args.strokes)
        runs.append(res["run"])
        cpu += res["cpu"]
        decisions += res["decisions"]
        reached += res["reracked"]
        kept += bool(res["break_kept"])
        print(f"position {i}: run {res['run']}, re-rack {res['reracked']}, "
              f"break shot kept {res['break_kept']}", flush=True)
    n = len(runs)
    ok = sum(r >= KEEP_ON for r in runs)
    print(f"{'no planning' if args.no_planning else 'planning'}, {args.level}, seed "
          f"{args.seed}: {n} positions, mean run {statistics.mean(runs):.2f}, "
          f"reached the re-rack {reached}, break shot kept {kept}, survived (run >= "
          f"{KEEP_ON}) {ok} = {100 * ok / n:.0f} %, cpu s/decision {cpu / decisions:.2f}")


if __name__ == "__main__":
    main()
