"""``cuesport batch``: many noisy strokes from a drill or a position, locally or on Ray."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from cuesport import disciplines


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "batch",
        help="simulate many noisy strokes (process pool or Ray); JSON Lines or Parquet out",
        description="Simulate N noisy strokes from a drill (break: the set-up with a break "
        "stroke; cut: one ball into the top-left corner) or from --position. Shot i's noise "
        "comes from its own seed, derived from --seed and i, so every backend gives the same "
        "rows, ordered by index. A summary goes to stderr.",
    )
    p.add_argument("discipline", choices=disciplines.ids())
    p.add_argument("--shots", type=int, default=1000, help="number of strokes")
    p.add_argument("--seed", type=int, default=0, help="master seed")
    p.add_argument("--drill", default="break", choices=("break", "cut"))
    p.add_argument("--position", help="JSON file: {ball: [x, y]} or {\"balls\": {...}} (mm), "
                   "the cue ball included; needs --stroke")
    p.add_argument("--stroke", type=float, nargs="+", metavar="V",
                   help="ANGLE SPEED [SIDE HEIGHT ELEVATION] (degrees, m/s, R, R, degrees)")
    p.add_argument("--noise", type=float, nargs=5, metavar="SD",
                   help="standard deviations of angle, speed, side, height, elevation "
                   "(default: the Computational Pool tournaments' noise)")
    p.add_argument("--backend", default="local", choices=("local", "ray"))
    p.add_argument("--address", help="Ray cluster address (ray backend; 'auto' finds one)")
    p.add_argument("--workers", type=int, help="local processes, or CPUs of a new local Ray")
    p.add_argument("--out", help="FILE.jsonl or FILE.parquet (default: JSON Lines on stdout)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from cuesport.envs.batch import BatchError, drill, from_position, summary, with_stroke, write
    from cuesport.envs.batch import run as run_batch
    from cuesport.physics import Stroke, StrokeNoise

    try:
        noise = StrokeNoise(*args.noise) if args.noise else None
        if args.position:
            if not args.stroke:
                raise BatchError("--position needs --stroke ANGLE SPEED [...]")
            data = json.loads(Path(args.position).read_text(encoding="utf-8"))
            balls = data.get("balls", data) if isinstance(data, dict) else None
            if not isinstance(balls, dict):
                raise BatchError("--position: a JSON object of ball -> [x, y] is expected")
            cue = disciplines.cue_balls(args.discipline)[0]
            spec = from_position(args.discipline, balls, Stroke(0.0, 1.0, cue_ball=cue), noise)
        else:
            spec = drill(args.discipline, args.drill, args.seed, noise)
        if args.stroke:
            spec = with_stroke(spec, args.stroke)
        if args.out and not args.out.endswith((".jsonl", ".parquet")):
            raise BatchError("--out must end in .jsonl or .parquet")
        t0 = time.perf_counter()
        rows = run_batch(spec, args.shots, args.seed, backend=args.backend,
                         workers=args.workers, address=args.address)
        dt = time.perf_counter() - t0
        if args.out:
            write(rows, args.out)
        else:
            for r in rows:
                sys.stdout.write(json.dumps(r) + "\n")
    except (BatchError, OSError, ValueError) as err:
        print(f"cuesport batch: {err}", file=sys.stderr)
        return 2
    info = summary(rows, spec) | {"seconds": round(dt, 3), "backend": args.backend,
                                  "shots_per_second": round(len(rows) / dt, 1) if dt else None}
    if args.out:
        info["out"] = args.out
    print(json.dumps(info), file=sys.stderr)
    return 0
