"""Snooker frames visit by visit: how each visit started, the pack, and what ended it.

    .venv/bin/python bench/snooker_frames.py --frames 10 --level strong --seed 2

Plays the match of ``bench/bots.py`` (the same bots, seeds and format, so the same strokes
as its row for that seed) and prints one line per visit of the frame:

- ``after``: the opponent's last stroke before the visit (``off``: the break-off,
  ``safety``, ``miss`` a pot missed, ``foul``, ``escape``; ``start`` the frame's first);
- ``reds`` on the table and ``pack``, the biggest cluster of touching reds
  (:func:`cuesport.bots.snooker.clusters`), at the visit's first stroke and after its last;
- ``first``: the first stroke's kind and ``ease/best`` (the chosen pot's ghost-ball ease
  and the easiest pot on; ``-`` when nothing was on);
- the ``break`` and the visit's ``end``: ``miss E/B`` (a pot missed), ``safety B``,
  ``escape``, ``foul`` (a stroke that fouled), ``frame`` (the frame ended in the visit).

Then per frame its breaks, and for the whole run: breaks by how the visit started and by
the pack when it started, the count of each ending, and the scoring visits that ended on
a miss by the missed pot's ease band.
"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
from dataclasses import dataclass, field
from typing import Any

from cuesport.bots import Bot
from cuesport.bots.aim import pot_lines
from cuesport.bots.moves import Strike
from cuesport.bots.snooker import clusters
from cuesport.game.match import Match, MatchFormat


@dataclass(slots=True)
class Visit:
    frame: int
    player: int
    after: str
    reds: int
    pack: int
    first: str = ""
    brk: int = 0
    strokes: int = 0
    end: str = "frame"
    reds_end: int = 0
    pack_end: int = 0
    pots: list[str] = field(default_factory=list)


def biggest(balls: dict[str, Any], r: float) -> int:
    groups = clusters(balls, r)
    return len(groups[0]) if groups else 0


def eases(m: Match, before: dict[str, Any], mv: Strike, on: list[str]) -> tuple[float, float]:
    """(the chosen pot's ease, the easiest pot on), from the balls before the stroke."""
    cue = mv.stroke.cue_ball
    if mv.cue_ball is not None:
        before[cue] = mv.cue_ball
    if cue not in before:
        return 0.0, 0.0
    lines = pot_lines(m.table, before, cue, before[cue], on)
    best = max((ln.ease for ln in lines), default=0.0)
    mine = max((ln.ease for ln in lines if ln.target == mv.target), default=0.0)
    return mine, best


def describe(kind: str, legal: bool, potted: bool, e: float, b: float) -> str:
    if not legal:
        return "foul"
    if kind == "pot" and not potted:
        return f"miss {e:.2f}/{b:.2f}"
    if kind in ("safety", "break"):
        return f"{kind} {b:.2f}" if b > 0 else f"{kind} -"
    return kind


def play(seed: int, frames: int, level: str) -> list[Visit]:
    bots = [Bot(level, seed), Bot(level, seed + 1)]
    m = Match("snooker", bots, fmt=MatchFormat(frames=frames, target=None), seed=seed)
    r = m.table.ball_radius
    visits: list[Visit] = []
    cur: Visit | None = None
    last = "start"
    frame = 1
    steps = 0
    while not m.over and steps < 10_000 * frames:
        steps += 1
        who = m.to_play
        before = dict(m.state.balls)
        on = [b for b in m.turn().targets() if b in before] if not m.state.frame_over else []
        s = m.step()
        if s.kind in ("frame-start", "match-end"):
            if cur is not None:
                visits.append(cur)
                report(cur)
            cur, last = None, "start"
            frame += 1
            continue
        if s.kind != "action" or not isinstance(s.move, Strike) or s.ruling is None:
            continue
        mv = s.move
        reds = sum(1 for b in before if b.startswith("red"))
        if cur is None or cur.player != who:
            if cur is not None:
                visits.append(cur)
                report(cur)
            cur = Visit(frame, who, last, reds, biggest(before, r))
        e, b = eases(m, dict(before), mv, on)
        legal = bool(s.ruling.get("legal", True))
        potted = bool(s.shot is not None and mv.target in s.shot.pocketed)
        if cur.strokes == 0:
            cur.first = f"{mv.kind} {e:.2f}/{b:.2f}" if b > 0 else f"{mv.kind} -"
        cur.strokes += 1
        keeps = s.ruling.get("to_play") == who and legal
        if keeps:
            cur.brk = max(cur.brk, int(s.ruling.get("break", 0) or 0))
            if mv.target:
                cur.pots.append(mv.target)
        after = {k: v for k, v in m.state.balls.items()}
        cur.reds_end = sum(1 for k in after if k.startswith("red"))
        cur.pack_end = biggest(after, r)
        if not keeps:
            cur.end = describe(mv.kind, legal, potted, e, b)
            last = ("off" if mv.kind == "break" else "foul" if not legal else
                    "miss" if mv.kind == "pot" else mv.kind)
        else:
            cur.end = "frame"
    if cur is not None:
        visits.append(cur)
        report(cur)
    return visits


def report(v: Visit) -> None:
    print(f"frame {v.frame} p{v.player}: after {v.after:7s} reds {v.reds:2d} pack "
          f"{v.pack:2d} -> {v.reds_end:2d}/{v.pack_end:2d} first {v.first:18s} break "
          f"{v.brk:3d} in {v.strokes:2d}, end {v.end}", flush=True)


def summary(visits: list[Visit]) -> None:
    scoring = [v for v in visits if v.brk > 0]
    print(f"{len(visits)} visits, {len(scoring)} breaks, average "
          f"{statistics.mean(v.brk for v in scoring) if scoring else 0:.1f}")

    def table(name: str, key: Any) -> None:
        groups: dict[str, list[Visit]] = collections.defaultdict(list)
        for v in visits:
            groups[key(v)].append(v)
        print(f"by {name}: visits / breaks / mean break (over visits) / 50+")
        for k in sorted(groups):
            g = groups[k]
            print(f"  {k:14s} {len(g):4d} {sum(v.brk > 0 for v in g):4d} "
                  f"{statistics.mean(v.brk for v in g):6.1f} {sum(v.brk >= 50 for v in g):3d}")

    table("start", lambda v: v.after)
    table("pack at start", lambda v: "pack 4+" if v.pack >= 4 else "open"
          if v.reds else "colours")
    table("first stroke", lambda v: v.first.split()[0] if v.first else "-")
    table("end", lambda v: v.end.split()[0])
    misses = [float(v.end.split()[1].split("/")[0]) for v in scoring
              if v.end.startswith("miss")]
    bands = collections.Counter("<0.3" if e < 0.3 else "0.3-0.6" if e < 0.6 else ">=0.6"
                                for e in misses)
    print(f"breaks ended by a miss: {len(misses)}, by ease {dict(bands)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--frames", type=int, default=10)
    ap.add_argument("--level", default="strong")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    visits = play(args.seed, args.frames, args.level)
    summary(visits)
    print("breaks:", " ".join(str(v.brk) for v in visits if v.brk > 0), file=sys.stderr)


if __name__ == "__main__":
    main()
