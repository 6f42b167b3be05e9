"""What one bot decision costs: processor seconds against simulations and physics events.

    .venv/bin/python bench/bot_cost.py snooker strong --decisions 120 --seed 2
    .venv/bin/python bench/bot_cost.py snooker strong --full-pack

Plays one match (three frames at most) between two bots of the level and prints the
costliest decisions, the means and a least-squares fit of processor time on simulations
and events (the two counts a :class:`~cuesport.bots.search.Budget` caps).
``--full-pack`` instead times one decision in each of five snooker positions where the
cue ball is snookered before the full pack (touching or near the brown, green or yellow
from baulk): the escapes into the pack, the costliest decisions seen.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from cuesport.bots import Bot
from cuesport.bots.moves import Strike
from cuesport.bots.search import snookered
from cuesport.disciplines import table_for
from cuesport.game.match import Match, MatchFormat
from cuesport.game.players import Human

# (colour, mm towards baulk beyond touching, mm across): the cue ball behind a baulk colour
BEHIND = (("brown", 0.5, 0.0), ("green", 0.5, 0.0), ("yellow", 0.5, 0.0), ("brown", 3.0, 5.0),
          ("green", 1.0, -8.0))


def full_pack(level: str, seed: int) -> None:
    """One decision in each full-pack snookered position (see the module's docstring)."""
    r = table_for("snooker").ball_radius
    rack = {k: tuple(v) for k, v in Match("snooker", [Human("a"), Human("b")]).state.balls
            .items() if k != "cue"}
    worst = 0.0
    for colour, back, across in BEHIND:
        x, y = rack[colour]
        balls = {**rack, "cue": (x + across, y - 2 * r - back)}
        start = {"balls": {k: list(v) for k, v in balls.items()}, "to_play": 0,
                 "score": [0, 0]}
        turn = Match("snooker", [Human("a"), Human("b")], start=start).turn()
        bot = Bot(level, seed)
        c0 = time.process_time()
        bot.choose(turn)
        cpu = time.process_time() - c0
        worst = max(worst, cpu)
        c = bot.last_choice.candidate if bot.last_choice else None
        print(f"behind {colour} ({back:+.1f}, {across:+.1f} mm): snookered "
              f"{snookered(turn)}, {cpu:.2f} s, {bot.simulations} sims, {bot.events} events, "
              f"{c.kind if c else '-'}")
    print(f"max {worst:.2f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("discipline")
    ap.add_argument("level")
    ap.add_argument("--decisions", type=int, default=120)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--full-pack", action="store_true")
    args = ap.parse_args()
    if args.full_pack:
        full_pack(args.level, args.seed)
        return
    bots = [Bot(args.level, args.seed), Bot(args.level, args.seed + 1)]
    m = Match(args.discipline, bots, fmt=MatchFormat(frames=3), seed=args.seed)
    rows: list[tuple[float, int, int, int, str]] = []
    while not m.over and len(rows) < args.decisions:
        who = m.to_play
        e0, s0, c0 = bots[who].events, bots[who].simulations, time.process_time()
        s = m.step()
        if s.kind == "action" and isinstance(s.move, Strike):
            rows.append((time.process_time() - c0, bots[who].simulations - s0,
                         bots[who].events - e0, len(m.state.balls), s.move.kind))
    for cpu, sims, events, balls, kind in sorted(rows, reverse=True)[:8]:
        print(f"{cpu:.2f} s  {sims} sims  {events} events  {balls} balls  {kind}")
    print(f"{len(rows)} decisions: cpu mean {statistics.mean(r[0] for r in rows):.3f} s, "
          f"max {max(r[0] for r in rows):.2f} s; events mean "
          f"{statistics.mean(r[2] for r in rows):.0f}, max {max(r[2] for r in rows)}")
    a = np.array([[r[1], r[2]] for r in rows], float)
    coef = np.linalg.lstsq(a, np.array([r[0] for r in rows]), rcond=None)[0]
    print(f"fit: cpu = {1e3 * coef[0]:.2f} ms per simulation + {1e3 * coef[1]:.3f} s per "
          f"thousand events")


if __name__ == "__main__":
    main()
