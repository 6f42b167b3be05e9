"""Why visits end: bot-vs-bot frames with every visit's break and the stroke that ended it.

    .venv/bin/python bench/bots_visits.py snooker strong --frames 2 --seed 1
    .venv/bin/python bench/bots_visits.py snooker-one-red strong --frames 10 --target 50

Prints one line per visit that scored (break, strokes, how it ended: ``miss`` with the
ghost-ball ease of the pot tried, ``safety``, ``foul``, ``frame``) and a summary: mean
break with its standard error, breaks of 50+ and 100+, and the count of each ending, so
that a change in the planning can be judged by what it fixes (the figures of
``bench/bots.py`` say how much, this says where).
"""

from __future__ import annotations

import argparse
import collections
import math
import statistics
import time
from typing import Any

from bots import bot_match, pot_ease  # bench/bots.py, beside this script
from cuesport import disciplines


def ending(shot: dict[str, Any], ruling: dict[str, Any], params: dict[str, Any] | None,
           ease: float | None) -> str:
    if ruling.get("frame_over"):
        return "frame"
    if not ruling.get("legal", True):
        names = ",".join(str(f.get("name", f.get("rule", "?"))) for f in ruling.get("fouls", ()))
        return f"foul {names} ({(params or {}).get('kind', '')})"
    kind = (params or {}).get("kind", "")
    if kind == "pot":
        return f"miss {ease:.2f}" if ease is not None else "miss"
    return kind or "other"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("discipline")
    ap.add_argument("level")
    ap.add_argument("--frames", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--target", type=int, default=50)
    ap.add_argument("--quiet", action="store_true", help="the summary only")
    args = ap.parse_args()
    tgt = args.target if disciplines.find(args.discipline).target else None
    m = bot_match(args.discipline, args.level, args.seed, args.frames, tgt)
    eases: dict[int, float] = {}
    balls_on: dict[int, int] = {}  # object balls on the table before each stroke
    breaks: list[int] = []
    ends: collections.Counter[str] = collections.Counter()
    fouls: collections.Counter[str] = collections.Counter()  # every visit's, scoring or not
    c0 = time.process_time()
    frame = 0
    while not m.over:
        before = dict(m.state.balls)
        s = m.step()
        ease = pot_ease(m, before, s.move) if s.kind == "action" else None
        if ease is not None:
            eases[len(m.log) - 1] = ease
        if s.kind == "action":
            cues = disciplines.find(args.discipline).cue_balls
            balls_on[len(m.log) - 1] = sum(1 for b in before if b not in cues)
        if s.kind not in ("frame-start", "match-end"):
            continue
        frame += 1
        log = m.results[-1].log
        shots = [(i, a["shot"], r, p) for i, (a, r, p) in enumerate(log) if "shot" in a]
        visit, brk, n = None, 0, 0
        for k, (i, shot, ruling, params) in enumerate(shots):
            who = int(shot["player"])
            if who != visit:
                visit, brk, n = who, 0, 0
            n += 1
            if ruling.get("to_play") == who and not ruling.get("frame_over"):
                brk = max(brk, int(ruling.get("break", 0) or 0))
                if k + 1 < len(shots) and int(shots[k + 1][1]["player"]) == who:
                    continue
            elif ruling.get("frame_over") and ruling.get("to_play") == who:
                brk = max(brk, int(ruling.get("break", 0) or 0))
            end = ending(shot, ruling, params, eases.get(i))
            if end.startswith("foul"):
                fouls[end] += 1
            if brk > 0:
                breaks.append(brk)
                ends[end.split()[0]] += 1
                if not args.quiet:
                    print(f"frame {frame} player {who}: break {brk:3d} in {n:2d} strokes, "
                          f"ended by {end} ({balls_on.get(i, '?')} balls on)")
        eases, balls_on = {}, {}
    cpu = time.process_time() - c0
    n = len(breaks)
    mean = statistics.mean(breaks) if breaks else 0.0
    se = statistics.stdev(breaks) / math.sqrt(n) if n > 1 else 0.0
    print(f"{args.discipline} {args.level} seed {args.seed}: {args.frames} frames, {n} "
          f"scoring visits, mean break {mean:.1f} (s.e. {se:.1f}), high {max(breaks, default=0)}, "
          f"50+ {sum(b >= 50 for b in breaks)}, 100+ {sum(b >= 100 for b in breaks)}; "
          f"ended by {dict(ends)}; {cpu:.0f} CPU s")
    print(f"fouls ({sum(fouls.values())}, {sum(fouls.values()) / args.frames:.2f} per frame):",
          dict(fouls))
    print("breaks:", " ".join(map(str, breaks)))


if __name__ == "__main__":
    main()
