"""``cuesport replay``: a stored frame stroke by stroke, checked against the referee, and
optionally drawn (one SVG per stroke with the balls' paths, plus a break chart)."""

from __future__ import annotations

import argparse
import sys

from cuesport.cli.common import DB_HELP, missing, open_store


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("replay", help="replay a stored frame: commentary, check, diagrams")
    p.add_argument("match", type=int, help="match id (see cuesport matches)")
    p.add_argument("--frame", type=int, default=1, help="frame number (default 1)")
    p.add_argument("--db", help=DB_HELP)
    p.add_argument("--svg", metavar="DIR", help="draw every stroke and the break chart here")
    p.add_argument("--lang", default="en", choices=["en", "ru"],
                   help="language of the commentary and the referee's calls (default en)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from cuesport.cli.report import board, shot_line
    from cuesport.game.diagrams import draw_frame
    from cuesport.protocol import RefereeSession

    store = open_store(args.db)
    try:
        m = store.match(args.match)
    except KeyError as e:
        print(f"cuesport replay: {missing(e)}", file=sys.stderr)
        return 2
    frame = next((f for f in store.frames(args.match) if f.number == args.frame), None)
    if frame is None:
        print(f"cuesport replay: match {args.match} has no frame {args.frame}", file=sys.stderr)
        return 2
    rows = store.strokes(frame.id)
    record = store.frame_record(frame.id)
    session = RefereeSession({k: v for k, v in record.items() if k != "actions"}, args.lang)
    differ = 0
    for row in rows:
        ruling = session.feed(row["action"])
        stored = row["ruling"]
        same = ({k: v for k, v in ruling.items() if k != "announce"}
                == {k: v for k, v in stored.items() if k != "announce"})
        if not same:
            differ += 1
        p = row["stroke"] or {}
        line = shot_line(m.players, row["action"], ruling, p.get("kind", ""),
                         p.get("target"), args.lang)
        print(f"{row['seq']:4d} {line}{'' if same else '  (!) differs from the stored ruling'}")
        if "shot" in row["action"]:
            print(f"     {board(m.discipline, m.players, frame.number, [0, 0], ruling, args.lang)}")
    print(f"{len(rows)} actions replayed; {differ} rulings differ from the stored ones")
    if args.svg:
        for path in draw_frame(store, frame.id, args.svg):
            print(path, file=sys.stderr)
    store.close()
    return 1 if differ else 0
