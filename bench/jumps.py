"""Jump escapes in pool: how often the bot's escape fouls with and without jump shots.

    .venv/bin/python bench/jumps.py --positions 30 --levels strong

A position (nine-ball): the 1 and a few other balls scattered, the cue ball put so that
another ball stands in the way of any direct hit on the 1, 0.1 to 0.45 m away (a blocker
that can be jumped). For each position the bot chooses twice, with and without jumps
(``Budget.jumps``), from the same seed; its stroke is played with the level's noise and
the referee rules. ``jumps``: strokes chosen that were jumps (cue elevated);
``foul %``: positions where the stroke played fouled.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from dataclasses import replace

from cuesport.bots import Bot
from cuesport.bots.jumps import jump_strokes
from cuesport.bots.moves import Strike
from cuesport.bots.search import snookered
from cuesport.disciplines import table_for
from cuesport.game.match import Match
from cuesport.game.players import Human


def positions(n: int, seed: int) -> list[dict[str, object]]:
    t = table_for("nine-ball")
    r = t.ball_radius
    rng = random.Random(seed)
    out: list[dict[str, object]] = []
    while len(out) < n:
        balls: dict[str, tuple[float, float]] = {}
        one = (rng.uniform(3 * r, t.width - 3 * r), rng.uniform(3 * r, t.length - 3 * r))
        ang = rng.uniform(0, 2 * math.pi)
        d_block = rng.uniform(100.0, 450.0)
        d_one = d_block + rng.uniform(3 * r, 350.0)
        cue = (one[0] - d_one * math.cos(ang), one[1] - d_one * math.sin(ang))
        block = (cue[0] + d_block * math.cos(ang), cue[1] + d_block * math.sin(ang))
        balls = {"cue": cue, "1": one, "2": block}
        for b in rng.sample([str(k) for k in range(3, 10)], rng.randint(2, 6)):
            balls[b] = (rng.uniform(2 * r, t.width - 2 * r), rng.uniform(2 * r, t.length - 2 * r))
        names = list(balls)
        if not all(r + 2 < x < t.width - r - 2 and r + 2 < y < t.length - r - 2
                   for x, y in balls.values()):
            continue
        if any(math.dist(balls[a], balls[b]) < 2 * r + 2 for i, a in enumerate(names)
               for b in names[i + 1:]):
            continue
        start = {"balls": {k: list(v) for k, v in balls.items()}, "to_play": 0,
                 "score": [0, 0]}
        m = Match("nine-ball", [Human("a"), Human("b")], start=start)
        if snookered(m.turn()) and jump_strokes(t, cue, "1", balls, "cue"):
            out.append(start)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--levels", nargs="*", default=["strong"])
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    starts = positions(args.positions, args.seed)
    print(f"{len(starts)} nine-ball positions with the 1 hidden behind a ball (seed {args.seed})")
    print("| level | jumps | positions | jumps chosen | foul % | cpu s/dec |")
    print("|---|---|---|---|---|---|")
    for level in args.levels:
        for jumps in (False, True):
            fouls = chosen = 0
            cpu = 0.0
            for k, start in enumerate(starts):
                bot = Bot(level, args.seed + k)
                bot.budget = replace(bot.budget, jumps=jumps)
                m = Match("nine-ball", [bot, Human("b")], start=start)
                turn = m.turn()
                c0 = time.process_time()
                move = bot.choose(turn)
                cpu += time.process_time() - c0
                assert isinstance(move, Strike)
                chosen += move.stroke.elevation > 0.0
                m.play(move, player=0)
                fouls += not m.ruling.get("legal", True)
            n = len(starts)
            print(f"| {level} | {'on' if jumps else 'off'} | {n} | {chosen} | "
                  f"{100 * fouls / n:.0f} | {cpu / n:.2f} |", flush=True)


if __name__ == "__main__":
    main()
