"""``cuesport show``: draw a discipline's standard set-up as an SVG diagram."""

from __future__ import annotations

import argparse
from pathlib import Path

from cuesport.equipment import DISCIPLINES, setup, table_for


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("show", help="draw the standard set-up of a discipline as SVG")
    p.add_argument("discipline", choices=[*DISCIPLINES, "all"])
    p.add_argument("--out", help="output file (a folder with 'all'); default: standard output")
    p.add_argument("--seed", type=int, default=None, help="seed for the random parts of racks")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from cuesport.render import position_svg

    names = DISCIPLINES if args.discipline == "all" else (args.discipline,)
    if args.discipline == "all":
        folder = Path(args.out or "out")
        folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        table = table_for(name)
        svg = position_svg(table, setup(name, table, args.seed), discipline=name)
        if args.discipline == "all":
            path = folder / f"{name}.svg"
            path.write_text(svg, encoding="utf-8")
            print(path)
        elif args.out:
            Path(args.out).write_text(svg, encoding="utf-8")
            print(args.out)
        else:
            print(svg)
    return 0
