"""Escapes from a snooker: how often the bot's escape fouls, over random snookered positions.

    .venv/bin/python bench/escapes.py --positions 30 --levels strong

A position: some reds scattered, the colours on their spots, the cue ball put where no red
can be hit in a straight line (the bot's own test, :func:`cuesport.bots.search.snookered`).
The bot chooses its stroke (with its level's noise) and the referee rules on the simulated
result. ``found``: positions where the noise-free plan the search chose hits a ball on
first and is legal (an escape exists and was found); ``foul %`` counts every position,
``foul % found`` only those.
"""

from __future__ import annotations

import argparse
import math
import random
import time

from cuesport.bots import Bot
from cuesport.bots.moves import Strike
from cuesport.bots.search import WIN, Candidate, Turn, judged, position_of, shot_action, snookered
from cuesport.disciplines import table_for
from cuesport.equipment import snooker_spots
from cuesport.game.match import Match
from cuesport.game.players import Human
from cuesport.physics import Shot, simulate
from cuesport.record import parse_action


def positions(n: int, seed: int) -> list[dict[str, object]]:
    t = table_for("snooker")
    r = t.ball_radius
    rng = random.Random(seed)
    spots = snooker_spots(t)
    out: list[dict[str, object]] = []
    while len(out) < n:
        balls: dict[str, tuple[float, float]] = dict(spots)
        for i in range(rng.randint(2, 7)):
            balls[f"red{i + 1}"] = (rng.uniform(2 * r, t.width - 2 * r),
                                    rng.uniform(2 * r, t.length - 2 * r))
        # the cue ball close behind a colour, so that it is often snookered
        col = rng.choice(list(spots))
        ang = rng.uniform(0, 2 * math.pi)
        c = (spots[col][0] + (2 * r + rng.uniform(3, 40)) * math.cos(ang),
             spots[col][1] + (2 * r + rng.uniform(3, 40)) * math.sin(ang))
        balls["cue"] = c
        names = list(balls)
        if not all(r < x < t.width - r and r < y < t.length - r for x, y in balls.values()):
            continue
        if any(math.dist(balls[a], balls[b]) < 2 * r + 1 for i, a in enumerate(names)
               for b in names[i + 1:]):
            continue
        start = {"balls": {k: list(v) for k, v in balls.items()}, "to_play": 0,
                 "score": [0, 0]}
        m = Match("snooker", [Human("a"), Human("b")], start=start)
        if snookered(m.turn()):
            out.append(start)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--levels", nargs="*", default=["medium", "strong"])
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    starts = positions(args.positions, args.seed)
    print(f"{len(starts)} snookered positions (seed {args.seed})")
    print("| level | positions | found | foul % | foul % found | cpu s/dec |")
    print("|---|---|---|---|---|---|")
    for level in args.levels:
        bot = Bot(level, args.seed)
        fouls = found = found_fouls = 0
        cpu = 0.0
        for start in starts:
            m = Match("snooker", [Human("a"), Human("b")], start=start)
            turn = m.turn()
            c0 = time.process_time()
            move = bot.choose(turn)
            cpu += time.process_time() - c0
            assert isinstance(move, Strike)
            plan = bot.last_choice
            ok = False
            if plan is not None:
                c = plan.candidate
                phys = simulate(turn.table, position_of(turn, c), c.stroke, record=False)
                ok = judged(turn, phys, c).value > -WIN and _legal(turn, phys, c)
            m.play(move, player=0)
            foul = not m.ruling.get("legal", True)
            fouls += foul
            found += ok
            found_fouls += foul and ok
        n = len(starts)
        print(f"| {level} | {n} | {found} | {100 * fouls / n:.0f} | "
              f"{100 * found_fouls / found if found else 0:.0f} | {cpu / n:.2f} |",
              flush=True)


def _legal(turn: Turn, phys: Shot, c: Candidate) -> bool:
    action = parse_action(shot_action(turn.player, phys, c))
    outcome, _ = turn.referee.shot(turn.state, action.shot)  # type: ignore[union-attr]
    return bool(outcome.legal)


if __name__ == "__main__":
    main()
