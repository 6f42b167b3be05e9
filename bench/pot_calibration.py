"""The ghost-ball ease of a pot against its real success under a level's noise.

    .venv/bin/python bench/pot_calibration.py --level strong --lines 400 --samples 12 --seed 1
    .venv/bin/python bench/pot_calibration.py --level strong --lines 400 --seed 1 --centre
    .venv/bin/python bench/pot_calibration.py --table nine-ball --lines 500 --seed 1 --centre

Random positions on the table of ``--table`` (a discipline; snooker by default): a cue
ball, an object ball and five others at random. For each open pot line
(:func:`cuesport.bots.aim.pot_lines`) the plain stroke at the throw-corrected aim
(:func:`cuesport.bots.search.refine`) and the line's pot speed is simulated ``--samples``
times under the level's noise, where it pots without noise (the search plays only such
strokes). With ``--centre`` the aim is first moved to the middle of its window
(:mod:`cuesport.bots.window`), as the levels that window their pots do. Prints the pot
rate by band of ease, the table :data:`cuesport.bots.snooker.POT_CHANCE` is read from.
"""

from __future__ import annotations

import argparse
import random

from cuesport.bots import LEVELS, window
from cuesport.bots.aim import pot_lines, pot_speed
from cuesport.bots.search import playable, refine
from cuesport.disciplines import table_for
from cuesport.equipment import TableSpec
from cuesport.physics import Stroke, noisy_strokes, simulate

BANDS = (0.0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1.01)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--level", default="strong")
    ap.add_argument("--lines", type=int, default=400)
    ap.add_argument("--samples", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--centre", action="store_true", help="aim at the window's middle")
    ap.add_argument("--table", default="snooker", help="the discipline whose table is used")
    args = ap.parse_args()
    noise = LEVELS[args.level][0]
    TABLE = table_for(args.table)
    rng = random.Random(args.seed)
    r = TABLE.ball_radius
    tally = [[0, 0] for _ in BANDS[:-1]]
    done = 0
    while done < args.lines:
        balls: dict[str, tuple[float, float]] = {}
        for name in ("cue", "obj", "a", "b", "c", "d", "e"):
            while True:
                p = (rng.uniform(3 * r, TABLE.width - 3 * r),
                     rng.uniform(3 * r, TABLE.length - 3 * r))
                if all(((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2) ** 0.5 > 2 * r + 3
                       for q in balls.values()):
                    balls[name] = p
                    break
        pos = playable(TABLE, balls)
        lines = pot_lines(TABLE, pos, "cue", pos["cue"], ["obj"])
        if not lines:
            continue
        line = rng.choice(lines)
        s0 = pot_speed(TABLE, line)
        ang = refine(TABLE, pos, "cue", line, s0)
        k = next(i for i in range(len(BANDS) - 1) if line.ease < BANDS[i + 1])
        plain = simulate(TABLE, pos, Stroke(ang, s0, cue_ball="cue"), record=False)
        if plain.pocketed.get("obj") != line.pocket:
            continue  # the search plays only strokes that pot without noise
        if args.centre:
            def pots(off: float, ang: float = ang, s0: float = s0,
                     pos: dict[str, tuple[float, float]] = pos, pocket: str = line.pocket,
                     table: TableSpec = TABLE) -> bool:
                sh = simulate(table, pos, Stroke(ang + off, s0, cue_ball="cue"), record=False)
                return sh.pocketed.get("obj") == pocket and "cue" not in sh.pocketed

            w = window.find(pots, noise.angle)
            ang += w.shift if w is not None else 0.0
        for st in noisy_strokes(Stroke(ang, s0, cue_ball="cue"), noise, args.samples,
                                rng.randrange(1 << 30)):
            shot = simulate(TABLE, pos, st, record=False)
            tally[k][0] += int(shot.pocketed.get("obj") == line.pocket)
            tally[k][1] += 1
        done += 1
    print(f"{args.table} table, {args.level} noise, {args.lines} lines x {args.samples} "
          f"samples, seed {args.seed}"
          f"{', aims centred in their windows' if args.centre else ''}")
    for i, (ok, n) in enumerate(tally):
        rate = f"{ok / n:.3f}" if n else "-"
        print(f"ease {BANDS[i]:.2f}-{BANDS[i + 1]:.2f}: {rate} ({n} strokes)")


if __name__ == "__main__":
    main()
