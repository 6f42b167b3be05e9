"""1-red from the D: how often the bot's chosen first stroke pots under its own noise.

    .venv/bin/python bench/one_red_long_pot.py --positions 1 2 3 6 7 --samples 60

For each ``hand`` position of ``bench/one_red_positions.py`` (white in hand in the D, the
red on the spot) the bot chooses its first stroke; the script then plays that stroke
``--samples`` times under the level's noise (the physics alone, no referee) and counts
the red potted: as chosen, at aim offsets around it, and at other paces (plain ball,
best offset), to tell a badly centred aim or a pace that narrows the pocket from a pot
that the noise alone makes hard.
"""

from __future__ import annotations

import argparse
import random
from dataclasses import replace

from cuesport.bots import Bot
from cuesport.game.match import Match, MatchFormat
from cuesport.game.players import Human
from cuesport.physics import Stroke, params_for, simulate
from one_red_positions import TABLE, position

OFFSETS = tuple(i * 0.02 for i in range(-4, 5))  # degrees
PACES = (1.8, 2.4, 3.0, 3.6, 4.6)  # m/s


def pots(pos: dict[str, tuple[float, float]], stroke: Stroke, bot: Bot, n: int) -> int:
    rng = random.Random(5)
    p = params_for(TABLE)
    return sum("red" in simulate(TABLE, pos, bot.noise.apply(stroke, rng), p).pocketed
               for _ in range(n))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, nargs="+", default=[1, 2, 3])
    ap.add_argument("--samples", type=int, default=60)
    ap.add_argument("--level", default="strong")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    for n in args.positions:
        start = position("hand", args.seed, n)
        bot = Bot(args.level, args.seed * 1000 + n)
        m = Match("snooker-one-red", [bot, Human("b")], start=start,
                  fmt=MatchFormat(frames=1, target=100), seed=args.seed)
        m.step()
        choice = bot.last_choice
        placed = None if choice is None else choice.candidate.cue_ball
        if choice is None or placed is None:
            print(f"position {n}: no stroke from hand")
            continue
        c = choice.candidate
        pos = {k: (float(v[0]), float(v[1])) for k, v in start["balls"].items()}
        pos["white"] = placed
        k = args.samples
        print(f"position {n}: {c.kind} {c.target}, pace {c.stroke.speed:.2f}, height "
              f"{c.stroke.height}, side {c.stroke.side}; planned value {choice.value:.2f}; "
              f"pots {pots(pos, c.stroke, bot, k)}/{k}")
        row = [(off, pots(pos, replace(c.stroke, angle=c.stroke.angle + off), bot, k))
               for off in OFFSETS]
        print("  aim offset (deg): pots", " ".join(f"{o:+.2f}:{p}" for o, p in row))
        for pace in PACES:
            best = max((pots(pos, replace(c.stroke, angle=c.stroke.angle + off, speed=pace,
                                          side=0.0, height=0.0), bot, k), off)
                       for off in OFFSETS)
            print(f"  pace {pace} plain ball: best offset {best[1]:+.2f}, pots {best[0]}/{k}")


if __name__ == "__main__":
    main()
