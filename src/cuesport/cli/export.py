"""``cuesport export``: a stored frame as a referee-protocol record (JSON), or a match's
figures per frame and per player (CSV)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from cuesport.cli.common import DB_HELP, missing, open_store


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("export", help="export stored frames as referee-protocol records "
                       "(or a match's statistics as CSV)")
    p.add_argument("match", type=int, help="match id (see cuesport matches)")
    p.add_argument("--frame", type=int, help="frame number (default: every frame)")
    p.add_argument("--db", help=DB_HELP)
    p.add_argument("--out", help="a folder: one file per frame (default: standard output, "
                   "one record, or one record per line for several frames)")
    p.add_argument("--csv", nargs="?", const="-", metavar="FILE",
                   help="instead of the records: the match's statistics per frame and per "
                   "player, and its totals (frame 'all'; with --frame, that frame's rows), "
                   "as CSV to FILE (default: standard output)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    store = open_store(args.db)
    try:
        store.match(args.match)
    except KeyError as e:
        print(f"cuesport export: {missing(e)}", file=sys.stderr)
        return 2
    if args.csv is not None:
        from cuesport.cli.stats import write_csv
        from cuesport.game.stats import MATCH_COLUMNS, csv_text, match_rows

        rows = [r for r in match_rows(store, args.match)
                if args.frame is None or r["frame"] == args.frame]
        write_csv(args.csv, csv_text(rows, MATCH_COLUMNS))
        store.close()
        return 0
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
