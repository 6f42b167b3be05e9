"""``cuesport export``: a stored frame as a referee-protocol record (JSON)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from cuesport.cli.common import DB_HELP, missing, open_store


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("export", help="export stored frames as referee-protocol records")
    p.add_argument("match", type=int, help="match id (see cuesport matches)")
    p.add_argument("--frame", type=int, help="frame number (default: every frame)")
    p.add_argument("--db", help=DB_HELP)
    p.add_argument("--out", help="a folder: one file per frame (default: standard output, "
                   "one record, or one record per line for several frames)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    store = open_store(args.db)
    try:
        store.match(args.match)
    except KeyError as e:
        print(f"cuesport export: {missing(e)}", file=sys.stderr)
        return 2
    frames = [f for f in store.frames(args.match)
              if args.frame is None or f.number == args.frame]
    if not frames:
        which = f"no frame {args.frame}" if args.frame is not None else "no frames"
        print(f"cuesport export: match {args.match} has {which}", file=sys.stderr)
        return 2
    for f in frames:
        record = store.frame_record(f.id)
        if args.out:
            folder = Path(args.out)
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"match{args.match}-frame{f.number}.json"
            path.write_text(json.dumps(record, indent=1), encoding="utf-8")
            print(path, file=sys.stderr)
        elif len(frames) == 1:
            print(json.dumps(record, indent=1))
        else:
            print(json.dumps(record))
    store.close()
    return 0
