"""Snooker break-building on random open positions: one visit each, paired across versions.

    .venv/bin/python bench/snooker_breaks.py --positions 30 --reds 8 --level strong --seed 1

Each position has ``--reds`` reds scattered at random in the top half of the table, the
colours on their spots and the cue ball at random, a red on; the bot plays one visit
(to its first stroke that does not score, or the end of the frame). The positions and
the bot's noise depend only on ``--seed`` and the position's number, so two versions of
the planning run on the same positions: the mean break's difference, pair by pair, with
its standard error, is a far smaller sample than whole frames need (frames diverge after
the first different decision). Prints each visit's break, strokes, CPU seconds and what
ended it (:func:`why`: the missed pot's ease against the easiest on, a safety, a foul
after a pot), then the mean break (s.e.), the breaks of 50+, the CPU per decision (mean,
max) and the count of each ending.
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
from cuesport.bots.moves import Strike
from cuesport.bots.snooker import pack_closed
from cuesport.disciplines import table_for
from cuesport.equipment import snooker_spots
from cuesport.equipment.racks import snooker_reds
from cuesport.game.match import Match
from cuesport.game.players import Human

TABLE = table_for("snooker")
COLOURS = ("yellow", "green", "brown", "blue", "pink", "black")


def position(seed: int, n: int, reds: int, pack: int = 0) -> dict[str, Any]:
    """Position ``n`` of ``seed``: reds in the top half, colours spotted, the cue ball
    anywhere below the top cushion; nothing overlaps or lies in a pocket's mouth. With
    ``pack``, that many more reds first, in a cluster: the back rows of the triangle
    (SNK-3.2), the whole cluster moved by up to 60 mm across and 30 mm along the table
    (a pack the break-off left closed)."""
    rng = random.Random(seed * 100_003 + n)
    r = TABLE.ball_radius
    spots = snooker_spots(TABLE)
    balls: dict[str, tuple[float, float]] = {c: spots[c] for c in COLOURS}
    m = 3 * r  # away from cushions and pockets

    def free(p: tuple[float, float]) -> bool:
        return all(math.dist(p, q) > 2 * r + 3.0 for q in balls.values())

    if pack:
        tri = sorted(snooker_reds(TABLE).values(), key=lambda p: (-p[1], p[0]))[:pack]
        prng = random.Random(seed * 7_919 + n)  # its own stream: --pack 0 is unchanged
        while True:
            dx, dy = prng.uniform(-60.0, 60.0), prng.uniform(-30.0, 30.0)
            moved = [(x + dx, y + dy) for x, y in tri]
            if all(math.dist(p, spots[c]) > 2 * r + 3.0 for p in moved for c in COLOURS):
                break
        for k, p in enumerate(moved, start=reds + 1):
            balls[f"red{k}"] = p
    for k in range(1, reds + 1):
        while True:
            p = (rng.uniform(m, TABLE.width - m), rng.uniform(TABLE.length * 0.45,
                                                             TABLE.length - m))
            if free(p):
                balls[f"red{k}"] = p
                break
    while True:
        p = (rng.uniform(m, TABLE.width - m), rng.uniform(TABLE.length * 0.25,
                                                         TABLE.length - m))
        if free(p):
            balls["cue"] = p
            break
    return {"balls": {k: list(v) for k, v in balls.items()}, "to_play": 0,
            "score": [0, 0], "phase": "reds"}


def near_cushion(balls: dict[str, Any], names: list[str]) -> int:
    """How many of ``names`` lie within two ball widths of a cushion."""
    r, w, ln = TABLE.ball_radius, TABLE.width, TABLE.length
    return sum(1 for b in names if b in balls and min(
        balls[b][0], w - balls[b][0], balls[b][1], ln - balls[b][1]) < 4 * r)


def why(before: dict[str, Any], mv: Any, on: list[str], potted: bool) -> str:
    """What ended a visit, from the position before its last stroke and the stroke chosen:
    ``miss E/B`` (a pot missed: the chosen pot's ease E, the best ease on B; ``pos`` when B
    < 0.3: no easy pot was left), ``safety B`` (a safety chosen with a pot of ease B on),
    ``safety none`` (nothing on), ``in-off`` (the pot went in, the visit ended anyway);
    ``pack`` where a cluster of 4+ reds was on, ``cush K`` where K balls on lie near a
    cushion."""
    if not isinstance(mv, Strike):
        return "other"
    cue = mv.stroke.cue_ball
    if mv.cue_ball is not None:
        before[cue] = mv.cue_ball
    lines = pot_lines(TABLE, before, cue, before[cue], on) if cue in before else []
    best = max((ln.ease for ln in lines), default=0.0)
    tags = []
    if pack_closed(before, TABLE.ball_radius):
        tags.append("pack")
    k = near_cushion(before, on)
    if k:
        tags.append(f"cush{k}")
    if mv.kind == "pot" and mv.target:
        if potted:
            head = "in-off"  # potted, and the visit ended all the same (a foul)
        else:
            mine = [ln.ease for ln in lines if ln.target == mv.target]
            e = max(mine, default=0.0)
            head = f"{'pos' if best < 0.3 else 'miss'} {e:.2f}/{best:.2f}"
    else:
        head = f"{mv.kind} {best:.2f}" if lines else f"{mv.kind} none"
    return " ".join([head, mv.target or "-", *tags])


def visit(level: str, seed: int, n: int, reds: int, pack: int = 0
          ) -> tuple[int, int, list[float], str]:
    """(break, strokes, CPU seconds per decision, what ended it) of the bot's visit at
    position ``n``."""
    bot = Bot(level, seed * 1000 + n)
    m = Match("snooker", [bot, Human("b")], start=position(seed, n, reds, pack), seed=seed)
    strokes = 0
    cpu: list[float] = []
    end = "frame"
    while not m.over and m.to_play == 0 and not m.state.frame_over and strokes < 80:
        before = dict(m.state.balls)
        on = [b for b in m.turn().targets() if b in before]
        c0 = time.process_time()
        s = m.step()
        if s.kind == "action":
            cpu.append(time.process_time() - c0)
            strokes += 1
            if m.to_play != 0 and not m.state.frame_over:
                mv = s.move
                potted = bool(s.shot is not None and isinstance(mv, Strike)
                              and mv.target in s.shot.pocketed)
                end = why(before, s.move, on, potted)
    return int(m.state.score[0]), strokes, cpu, end


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--first", type=int, default=0, help="number of the first position")
    ap.add_argument("--reds", type=int, default=8)
    ap.add_argument("--pack", type=int, default=0,
                    help="more reds, in a closed cluster (the triangle's back rows)")
    ap.add_argument("--level", default="strong")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    breaks: list[int] = []
    cpu: list[float] = []
    ends: collections.Counter[str] = collections.Counter()
    for n in range(args.first, args.first + args.positions):
        b, k, c, end = visit(args.level, args.seed, n, args.reds, args.pack)
        breaks.append(b)
        cpu += c
        ends[end.split()[0]] += 1
        print(f"position {n}: break {b:3d} in {k:2d} strokes, {sum(c):.1f} CPU s, "
              f"ended by {end}", flush=True)
    se = statistics.stdev(breaks) / math.sqrt(len(breaks)) if len(breaks) > 1 else 0.0
    print(f"{args.level} seed {args.seed}, {len(breaks)} positions of {args.reds} reds"
          f"{f' and a pack of {args.pack}' if args.pack else ''}: "
          f"mean break {statistics.mean(breaks):.1f} (s.e. {se:.1f}), high {max(breaks)}, "
          f"50+ {sum(b >= 50 for b in breaks)}; cpu s/dec {statistics.mean(cpu):.2f} / "
          f"{max(cpu):.2f}, {len(cpu)} decisions")
    print("breaks:", " ".join(map(str, breaks)))
    print("ended by:", dict(ends))


if __name__ == "__main__":
    main()
