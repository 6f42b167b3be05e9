"""1-red: what each stroke of a bot match scored (pot, in-off, cannon) and what missed.

    .venv/bin/python bench/one_red_strokes.py --level strong --frames 4 --seed 1

Plays the match of ``bench/bots.py`` (games to 50) and tallies every stroke by what the
referee scored for it (ONE-2.4.2 pot, ONE-2.4.3 in-off, ONE-2.4.4 cannon, and their
combinations) or, for a stroke that scored nothing, by the stroke's kind and its foul;
so that a change in 1-red planning can be judged by the scoring strokes it plays.
"""

from __future__ import annotations

import argparse
import collections
import time

from bots import bot_match  # bench/bots.py, beside this script
from cuesport.bots.moves import Strike


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--level", default="strong")
    ap.add_argument("--frames", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    m = bot_match("snooker-one-red", args.level, args.seed, args.frames, 50)
    scored: collections.Counter[str] = collections.Counter()
    failed: collections.Counter[str] = collections.Counter()
    c0 = time.process_time()
    while not m.over:
        s = m.step()
        if s.kind != "action" or not isinstance(s.move, Strike):
            continue
        action, ruling, _ = m.log[-1]
        shot = action.get("shot", {})
        who = int(shot.get("player", 0))
        cue = s.move.stroke.cue_ball
        events = shot.get("events", [])
        pots = [e["pot"] for e in events if "pot" in e]
        hits = {e["hit"][1] for e in events if "hit" in e and e["hit"][0] == cue}
        kinds = (["cannon"] if len(hits) >= 2 else []) + (["in-off"] if cue in pots else [])
        kinds += ["pot-" + ("red" if b == "red" else "O") for b in pots if b != cue]
        if ruling.get("legal") and ruling["points"][who] > 0:
            scored["+".join(kinds)] += 1
        else:
            fouls = ",".join(str(f.get("rule")) for f in ruling.get("fouls", ()))
            failed[f"{s.move.kind} {'foul ' + fouls if fouls else 'nothing'}"] += 1
    print(f"snooker-one-red {args.level} seed {args.seed}, {args.frames} games to 50, "
          f"{time.process_time() - c0:.0f} CPU s")
    print(f"scoring strokes ({sum(scored.values())}):", dict(scored.most_common()))
    print(f"strokes that scored nothing ({sum(failed.values())}):", dict(failed.most_common()))


if __name__ == "__main__":
    main()
