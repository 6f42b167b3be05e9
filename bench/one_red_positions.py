"""1-red visits from seeded positions, paired across versions: the spot cycle and the D.

    .venv/bin/python bench/one_red_positions.py --kind spot2 --positions 40 --seed 1
    .venv/bin/python bench/one_red_positions.py --kind hand --positions 40 --seed 1

Each position is a 1-red game at 0-0 with player 0 (the white) to play one visit, to its
first stroke that scores nothing (or 40 strokes, or 100 points); the opponent's yellow is
on the table at random or, in a third of the positions, off it (potted: no cannon is on).

- ``spot2``: the red on the spot after one plain pot from it (``red_origin`` SPOT,
  ``red_count`` 1): the next plain pot sends it to the centre spot (ONE-2.7.2), the
  cycle a break must go round; the white at random in the top half of the table.
- ``hand``: the white in hand in the D and the red on the spot (the position after an
  in-off, or after the opponent potted the white): the long pot, an in-off, a cannon.

The positions and the bot's noise depend only on ``--seed`` and the position's number,
so two versions of the planning play the same positions (run the same script with
``PYTHONPATH`` at the other tree's ``src``): the mean break's difference, pair by pair,
has a far smaller error than whole games, which diverge after the first different
stroke. Prints each visit (break, strokes, what ended it: the last stroke's kind and
where the red lay: spot, centre, pyramid or elsewhere), then the mean break with its s.e.,
the strokes played at the red on the centre spot and how many of them scored, and the
CPU seconds per decision (mean, max).
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
from cuesport.bots.moves import Strike
from cuesport.disciplines import table_for
from cuesport.equipment import snooker_spots
from cuesport.game.match import Match, MatchFormat
from cuesport.game.players import Human

TABLE = table_for("snooker-one-red")
SPOTS = snooker_spots(TABLE)
KINDS = ("spot2", "hand")


def position(kind: str, seed: int, n: int) -> dict[str, Any]:
    """Position ``n`` of ``kind`` and ``seed`` (nothing overlaps or lies near a pocket)."""
    rng = random.Random(f"{kind}/{seed}/{n}")
    r = TABLE.ball_radius
    m = 3 * r
    balls: dict[str, tuple[float, float]] = {"red": SPOTS["black"]}

    def free(p: tuple[float, float]) -> bool:
        return all(math.dist(p, q) > 2 * r + 3.0 for q in balls.values())

    def place(name: str, y0: float, y1: float) -> None:
        while True:
            p = (rng.uniform(m, TABLE.width - m), rng.uniform(y0, y1))
            if free(p):
                balls[name] = p
                return

    if kind == "spot2":
        place("white", TABLE.length * 0.5, TABLE.length - m)
    if rng.random() < 2 / 3:
        place("yellow", m, TABLE.length - m)
    start: dict[str, Any] = {"balls": {k: list(v) for k, v in balls.items()}, "to_play": 0,
                             "score": [0, 0], "red_origin": "SPOT",
                             "red_count": 1 if kind == "spot2" else 0}
    if kind == "hand":
        start["in_hand"] = "D"
    return start


def visit(kind: str, level: str, seed: int, n: int
          ) -> tuple[int, int, list[float], str, int, int]:
    """(break, strokes, CPU seconds per decision, what ended it, strokes at the red on the
    centre spot, of them scoring) of the bot's visit at position ``n``."""
    bot = Bot(level, seed * 1000 + n)
    m = Match("snooker-one-red", [bot, Human("b")], start=position(kind, seed, n),
              fmt=MatchFormat(frames=1, target=100), seed=seed)
    strokes = centre = centre_ok = 0
    cpu: list[float] = []
    end = "limit"
    while not m.over and m.to_play == 0 and not m.state.frame_over and strokes < 40:
        red = m.state.balls.get("red")
        at_centre = red is not None and math.dist(red, SPOTS["blue"]) < 1.0
        lie = next((name for name, spot in (("spot", "black"), ("centre", "blue"),
                                              ("pyramid", "pink"))
                    if red is not None and math.dist(red, SPOTS[spot]) < 1.0), "elsewhere")
        hand = m.state.in_hand is not None
        c0 = time.process_time()
        s = m.step()
        if s.kind != "action":
            continue
        cpu.append(time.process_time() - c0)
        strokes += 1
        kept = m.to_play == 0 and not m.state.frame_over
        centre += int(at_centre)
        centre_ok += int(at_centre and (kept or m.state.frame_over))
        if m.state.frame_over:
            end = "game"
        elif not kept:
            kind_ = s.move.kind if isinstance(s.move, Strike) else "other"
            end = f"{kind_} red {lie}{' from hand' if hand else ''}"
    return int(m.state.score[0]), strokes, cpu, end, centre, centre_ok


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kind", choices=KINDS, default="spot2")
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--first", type=int, default=0, help="number of the first position")
    ap.add_argument("--level", default="strong")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    breaks: list[int] = []
    cpu: list[float] = []
    ends: collections.Counter[str] = collections.Counter()
    centre = centre_ok = 0
    for n in range(args.first, args.first + args.positions):
        b, k, c, end, ce, ok = visit(args.kind, args.level, args.seed, n)
        breaks.append(b)
        cpu += c
        ends[end] += 1
        centre += ce
        centre_ok += ok
        print(f"position {n}: break {b:3d} in {k:2d} strokes, {sum(c):.1f} CPU s, "
              f"ended by {end}", flush=True)
    se = statistics.stdev(breaks) / math.sqrt(len(breaks)) if len(breaks) > 1 else 0.0
    print(f"{args.kind} {args.level} seed {args.seed}, {len(breaks)} positions: mean break "
          f"{statistics.mean(breaks):.1f} (s.e. {se:.1f}), high {max(breaks)}; centre-spot "
          f"strokes {centre}, scored {centre_ok}; cpu s/dec {statistics.mean(cpu):.2f} / "
          f"{max(cpu):.2f}, {len(cpu)} decisions")
    print("breaks:", " ".join(map(str, breaks)))
    print("ended by:", dict(ends.most_common()))


if __name__ == "__main__":
    main()
