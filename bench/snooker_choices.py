"""Snooker decision quality on random open positions: one decision each, re-valued afresh.

    .venv/bin/python bench/snooker_choices.py --positions 20 --reds 8 --level strong --seed 1

The positions are those of ``bench/snooker_breaks.py`` (reds in the top half, colours
spotted, the cue ball at random), each played twice: a red on, and a colour on (as after a
red). The bot chooses one stroke; the choice is then simulated on ``--samples`` fresh
noise samples and valued as the search values a sample (the referee's ruling, the look at
the position, the second stroke simulated), so that the figure is the worth of the stroke
chosen, without the bias of the search's own best mean. One decision varies far less than
a visit (a visit ends on one missed pot), so two versions of the planning compare on a few
dozen decisions: the paired difference of the values, with its standard error, is what to
read (the ``values:`` line, in the order of the decisions). Only changes that choose
better under the same value compare this way: a change of the value itself does not.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from cuesport.bots import LEVELS, search
from cuesport.bots.search import Sims, best_stroke, judged, position_of
from cuesport.game.match import Match
from cuesport.game.players import Human
from cuesport.physics import noisy_strokes, simulate
from snooker_breaks import TABLE, position  # bench/snooker_breaks.py, beside this script


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--reds", type=int, default=8)
    ap.add_argument("--samples", type=int, default=40)
    ap.add_argument("--level", default="strong")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    noise, budget = LEVELS[args.level]
    values: list[float] = []
    keeps: list[float] = []
    cpu: list[float] = []
    for n in range(args.positions):
        for phase in ("reds", "colour"):
            start = position(args.seed, n, args.reds)
            start["phase"] = phase
            turn = Match("snooker", [Human("a"), Human("b")], start=start, seed=1).turn()
            turn.rng = random.Random(args.seed * 7919 + n)
            c0 = time.process_time()
            c = best_stroke(turn, budget, noise).candidate
            cpu.append(time.process_time() - c0)
            corr = search.second_look(turn, c, budget, Sims(10**6)) if c.kind == "pot" else 0.0
            pos = position_of(turn, c)
            vals: list[float] = []
            kept = 0
            for stroke in noisy_strokes(c.stroke, noise, args.samples,
                                        99991 * args.seed + n):
                j = judged(turn, simulate(TABLE, pos, stroke, record=False), c)
                vals.append(j.value + (corr if j.keeps else 0.0))
                kept += j.keeps
            values.append(statistics.fmean(vals))
            keeps.append(kept / args.samples)
            print(f"position {n} {phase}: {c.target} {c.kind} side {c.stroke.side:+.2f} "
                  f"value {values[-1]:6.2f} keeps {kept}/{args.samples}", flush=True)
    se = statistics.stdev(values) / math.sqrt(len(values))
    print(f"{args.level} seed {args.seed}, {len(values)} decisions: mean value "
          f"{statistics.fmean(values):.3f} (s.e. {se:.3f}), keeps the table "
          f"{statistics.fmean(keeps):.3f}; cpu s/dec {statistics.fmean(cpu):.2f} / "
          f"{max(cpu):.2f}")
    print("values:", " ".join(f"{v:.2f}" for v in values))


if __name__ == "__main__":
    main()
