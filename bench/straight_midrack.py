"""14.1 mid-rack: how a run through the middle of a rack ends. Paired, fixed positions.

    .venv/bin/python bench/straight_midrack.py --positions 24 --seed 1
    .venv/bin/python bench/straight_midrack.py --positions 24 --balls 9 --seed 2

A position: ``--balls`` object balls (default 8) and the cue ball at random, a share of
them in small clusters (two or three balls touching: the open pack's leftovers), none in
the rack outline; the bot plays on until its visit ends or the re-rack comes (two balls
left: the end of a rack is ``bench/straight_reracks.py``'s). Games to 150 are chaotic and
long; these runs are short, seeded and the same positions for every tree (a paired
comparison: run it in the base and in the new worktree with the same ``--seed``).

Printed per position: the run and how it ended (``rerack``: all but two potted, the
run's goal here; ``miss E``: a pot tried at ghost-ball ease E; ``safety``; ``foul``;
``limit``); then the mean run and the count of each ending.
"""

from __future__ import annotations

import argparse
import collections
import math
import random
import statistics
import time
from typing import Any

from cuesport.bots import Bot
from cuesport.bots.aim import pot_lines
from cuesport.disciplines import table_for
from cuesport.game.match import Match
from cuesport.game.players import Human
from cuesport.rules.rack_interference import rack_outline_distance

CLUSTERED = 0.4  # share of the balls placed touching another


def positions(n: int, balls: int, seed: int) -> list[dict[str, Any]]:
    t = table_for("straight-pool")
    r = t.ball_radius
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    names = [str(i) for i in range(1, balls + 1)] + ["cue"]
    while len(out) < n:
        pos: dict[str, tuple[float, float]] = {}
        for b in names:
            for _ in range(200):
                if pos and b != "cue" and rng.random() < CLUSTERED:
                    ax, ay = pos[rng.choice([k for k in pos if k != "cue"])]
                    a = rng.uniform(0, 2 * math.pi)
                    p = (ax + 2.02 * r * math.cos(a), ay + 2.02 * r * math.sin(a))
                else:
                    p = (rng.uniform(2 * r, t.width - 2 * r), rng.uniform(2 * r, t.length - 2 * r))
                if not (1.5 * r < p[0] < t.width - 1.5 * r and 1.5 * r < p[1] < t.length - 1.5 * r):
                    continue
                if rack_outline_distance(p, t) < 3 * r:
                    continue
                if any(math.dist(p, q) < 2 * r + 0.01 for q in pos.values()):
                    continue
                pos[b] = p
                break
        if len(pos) == len(names):
            out.append({"balls": {k: list(v) for k, v in pos.items()}, "to_play": 0,
                        "score": [0, 0]})
    return out


def play_out(start: dict[str, Any], level: str, seed: int, balls: int) -> dict[str, Any]:
    bot = Bot(level, seed)
    m = Match("straight-pool", [bot, Human("b")], start=start)
    run = 0
    cpu = 0.0
    decisions = 0
    end = "limit"
    for _ in range(balls + 4):
        before = dict(m.state.balls)
        c0 = time.process_time()
        s = m.step()
        cpu += time.process_time() - c0
        decisions += 1
        r = m.ruling
        kept = bool(r.get("legal", True)) and r.get("to_play") == 0 and not m.state.frame_over
        if not kept:
            params = m.log[-1][2] if m.log else None
            kind = (params or {}).get("kind", "")
            if not r.get("legal", True):
                end = f"foul ({kind})"
            elif kind == "pot":
                mv = s.move
                tgt = getattr(mv, "target", None)
                cue = "cue"
                if getattr(mv, "cue_ball", None) is not None:
                    before[cue] = mv.cue_ball
                lines = (pot_lines(m.table, before, cue, before[cue], [tgt])
                         if tgt and cue in before else [])
                end = f"miss {lines[0].ease:.2f}" if lines else "miss"
            else:
                end = kind or "other"
            break
        run = int(r.get("break", 0) or 0)
        if sum(1 for b in m.state.balls if b != "cue") <= 2:
            end = "rerack"
            break
    return {"run": run, "end": end, "cpu": cpu, "decisions": decisions}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=24)
    ap.add_argument("--balls", type=int, default=8)
    ap.add_argument("--level", default="strong")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    starts = positions(args.positions, args.balls, args.seed)
    runs: list[int] = []
    ends: collections.Counter[str] = collections.Counter()
    cpu = 0.0
    decisions = 0
    for i, start in enumerate(starts):
        res = play_out(start, args.level, args.seed + i, args.balls)
        runs.append(res["run"])
        ends[res["end"].split()[0]] += 1
        cpu += res["cpu"]
        decisions += res["decisions"]
        print(f"position {i}: run {res['run']}, ended by {res['end']}", flush=True)
    n = len(runs)
    se = statistics.stdev(runs) / math.sqrt(n) if n > 1 else 0.0
    print(f"mid-rack, {args.level}, {args.balls} balls, seed {args.seed}: {n} positions, "
          f"mean run {statistics.mean(runs):.2f} (s.e. {se:.2f}), ended by {dict(ends)}, "
          f"cpu s/decision {cpu / max(1, decisions):.2f}")
    print("runs:", " ".join(map(str, runs)))


if __name__ == "__main__":
    main()
