"""``cuesport simulate``: play one stroke on a discipline's set-up and draw or dump it."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from cuesport import disciplines
from cuesport.disciplines import setup, table_for
from cuesport.equipment import spots


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "simulate",
        help="simulate one stroke from the standard set-up; draw it as SVG or dump it as JSON",
        description="Simulate one stroke. The cue ball starts on the head spot (pool) or in "
        "the D beside the brown (snooker) unless --cue X Y places it.",
    )
    p.add_argument("discipline", choices=disciplines.ids())
    p.add_argument("--speed", type=float, default=5.0, help="cue speed at impact, m/s")
    p.add_argument("--angle", type=float, default=90.0,
                   help="aim direction, degrees counter-clockwise from +x (90 = up the table)")
    p.add_argument("--side", type=float, default=0.0, help="tip offset right of centre, in R")
    p.add_argument("--height", type=float, default=0.0, help="tip offset above centre, in R")
    p.add_argument("--elevation", type=float, default=0.0, help="cue elevation, degrees")
    p.add_argument("--cue", type=float, nargs=2, metavar=("X", "Y"), help="cue ball (mm)")
    p.add_argument("--table", default=None, help="pool table size: 9ft, 8ft, 7ft")
    p.add_argument("--seed", type=int, default=1,
                   help="seed for the random parts of racks (default 1)")
    p.add_argument("--out", help="write the diagram (SVG) with the balls' paths here (the "
                   "events are then summed up, not printed)")
    p.add_argument("--json", dest="json_out", help="write the whole shot (JSON) here")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from cuesport.physics import PhysicsError, Stroke, simulate

    table = table_for(args.discipline, args.table)
    position = dict(setup(args.discipline, table, args.seed))
    cue_ball = disciplines.find(args.discipline).cue_balls[0]
    if args.cue:
        position[cue_ball] = (args.cue[0], args.cue[1])
    elif table.kind == "snooker":
        brown = spots(table)["brown"]
        position[cue_ball] = (brown[0] + 100.0, brown[1] - 60.0)
    else:
        position[cue_ball] = spots(table)["head"]
    stroke = Stroke(angle=args.angle, speed=args.speed, side=args.side, height=args.height,
                    elevation=args.elevation, cue_ball=cue_ball)
    try:
        shot = simulate(table, position, stroke)
    except PhysicsError as exc:
        print(f"cuesport simulate: {exc}", file=sys.stderr)
        return 2
    if not (args.out or args.json_out):  # events to standard output only when not saving
        for event in shot.events:
            print(json.dumps(event))
    else:
        pots = [str(e["pot"]) for e in shot.events if "pot" in e]
        print(f"{len(shot.events)} events; potted: {', '.join(pots) or 'nothing'}")
    if args.out:
        from cuesport.render import position_svg

        paths = {name: shot.flight_polyline(name) for name in shot.trajectories}
        paths = {k: v for k, v in paths.items() if len(v) > 1 and v[0] != v[-1]}
        svg = position_svg(table, shot.final, discipline=args.discipline, trajectories=paths,
                           off=shot.off_points())
        Path(args.out).write_text(svg, encoding="utf-8")
        print(args.out, file=sys.stderr)
    if args.json_out:
        Path(args.json_out).write_text(shot.dumps(), encoding="utf-8")
        print(args.json_out, file=sys.stderr)
    return 0
