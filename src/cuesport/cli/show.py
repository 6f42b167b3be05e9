"""``cuesport show``: draw a discipline's standard set-up (or any position) as an SVG diagram.

Examples::

    cuesport show snooker                       # SVG on standard output
    cuesport show all --out diagrams/           # one file per discipline
    cuesport show nine-ball --seed 7 --size 600 --out nine.svg
    cuesport show eight-ball --position shot.json --out shot.svg

A ``--position`` file is JSON: either ``{"red1": [x, y], ...}`` or
``{"position": {...}, "trajectories": {"cue": [[x, y], ...]}}`` (millimetres).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from cuesport import disciplines
from cuesport.disciplines import setup, table_for
from cuesport.equipment import POOL_TABLES


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "show",
        help="draw the standard set-up of a discipline as SVG",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("discipline", choices=[*disciplines.ids(), "all"])
    p.add_argument(
        "--out",
        help="output file, or a folder (one DISCIPLINE.svg each); default: standard output, "
        "or the folder 'out' with 'all'",
    )
    p.add_argument("--seed", type=int, default=None, help="seed for the random parts of racks")
    p.add_argument("--table", choices=sorted(POOL_TABLES), help="pool table size (default 9ft)")
    p.add_argument("--size", type=int, default=None, help="width in pixels")
    p.add_argument("--flip", action="store_true", help="view from the top/foot end")
    p.add_argument("--no-labels", action="store_true", help="no numbers on pool balls")
    p.add_argument("--position", type=Path, help="JSON file with a position to draw instead")
    p.set_defaults(func=run)


def _load(path: Path) -> tuple[dict[str, Any], dict[str, Any] | None]:
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected a JSON object")
    if isinstance(data.get("position"), dict):
        traj = data.get("trajectories")
        return data["position"], traj if isinstance(traj, dict) else None
    return data, None


def run(args: argparse.Namespace) -> int:
    from cuesport.render import position_svg

    names = disciplines.ids() if args.discipline == "all" else (args.discipline,)
    out = Path(args.out) if args.out else None
    # A folder when asked for several files, when it exists, or when written as "dir/".
    to_folder = args.discipline == "all" or (
        out is not None and (out.is_dir() or str(args.out).endswith(("/", "\\")))
    )
    if to_folder:
        out = out or Path("out")
        out.mkdir(parents=True, exist_ok=True)
    loaded = None
    if args.position is not None:
        try:
            loaded = _load(args.position)
        except (OSError, ValueError) as e:
            print(f"cuesport show: cannot read {args.position}: {e}", file=sys.stderr)
            return 2
    for name in names:
        fixed = args.table not in disciplines.find(name).sizes  # one table size only
        if args.table and fixed and args.discipline != "all":
            print(f"cuesport show: {name} has no --table {args.table}; using its table",
                  file=sys.stderr)
        table = table_for(name, None if fixed else args.table)
        position, trajectories = loaded or (setup(name, table, args.seed), None)
        svg = position_svg(
            table, position, discipline=name, trajectories=trajectories,
            size=args.size, labels=not args.no_labels, flip=args.flip,
        )
        if to_folder:
            assert out is not None
            path = out / f"{name}.svg"
            path.write_text(svg, encoding="utf-8")
            print(path)
        elif out is not None:
            out.write_text(svg, encoding="utf-8")
            print(out)
        else:
            sys.stdout.write(svg)
    return 0
