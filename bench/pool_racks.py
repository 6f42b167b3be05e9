"""Why pool racks are not run out: bot-vs-bot racks, each classified by how it went.

    .venv/bin/python bench/pool_racks.py nine-ball strong --racks 5 --seed 1

For every rack: the break (balls potted, a scratch or other foul), then how the breaker's
first visit ended: ``run`` (break and run), ``dry`` (nothing potted on the break),
``break-foul``, ``miss E`` (a pot of ghost-ball ease E missed), ``safety``, ``push``,
``foul``. A summary counts each, so a planning change can be judged by what it fixes
(``bench/bots.py`` says how much, this says where).
"""

from __future__ import annotations

import argparse
import collections
import time
from typing import Any

from bots import bot_match, break_and_run, pot_ease  # bench/bots.py, beside this script


def rack_story(log: list[Any], eases: dict[int, float]) -> tuple[str, int, list[str]]:
    """(how the breaker's first visit ended, balls potted on the break, the visit's
    strokes as short words).

    The visit is the breaker's strokes until the opponent's first stroke (the issue's
    break-and-run: the breaker wins the rack without the opponent taking a stroke, the
    count of :func:`bots.break_and_run`). An option the opponent takes is not a stroke:
    a push out passed back (P9-2.4, P10-9.4) or a shot handed back after a ball pocketed
    on a safety or without a call (P10-9.6, P10-9.7) leaves the visit going (the word
    ``pass``), so a push passed back and then a run is a ``run``; a push the opponent
    plays from ends it as ``push``."""
    shots = [(i, a["shot"], r, p) for i, (a, r, p) in enumerate(log) if "shot" in a]
    if not shots:
        return "none", 0, []
    breaker = int(shots[0][1]["player"])
    words: list[str] = []
    on_break = 0
    for k, (i, shot, ruling, params) in enumerate(shots):
        if int(shot["player"]) != breaker:
            break
        kind = (params or {}).get("kind", "")
        potted = [e["pot"] for e in shot.get("events", ()) if "pot" in e]
        legal = bool(ruling.get("legal", True))
        target = (params or {}).get("target")
        if k == 0:
            on_break = sum(1 for b in potted if b != "cue")
        at = f"@{eases[i]:.2f}" if i in eases else ""
        words.append(f"{kind}:{target}{'+' if target in potted else ''}"
                     f"{'' if legal else '!F'}{at}")
        if ruling.get("frame_over"):
            won = ruling.get("winner", breaker) == breaker and legal
            return ("run" if won else "lost"), on_break, words
        # who strikes next: the log's next stroke where there is one, else the ruling
        nxt = (int(shots[k + 1][1]["player"]) if k + 1 < len(shots)
               else int(ruling.get("to_play", breaker)) if not ruling.get("options")
               else None)
        if nxt == breaker:
            if ruling.get("to_play") != breaker:
                words.append("pass")  # the opponent's option: the shot given back
            continue
        if nxt is None:
            return "handed", on_break, words  # the log ends at the opponent's option
        if k == 0:
            return ("break-foul" if not legal else "dry"), on_break, words
        if not legal:
            return f"foul ({kind})", on_break, words
        if kind == "pot":
            return (f"miss {eases[i]:.1f}" if i in eases else "miss"), on_break, words
        return kind or "other", on_break, words
    return "handed", on_break, words


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("discipline")
    ap.add_argument("level")
    ap.add_argument("--racks", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quiet", action="store_true", help="the summary only")
    args = ap.parse_args()
    m = bot_match(args.discipline, args.level, args.seed, args.racks)
    eases: dict[int, float] = {}
    ends: collections.Counter[str] = collections.Counter()
    c0 = time.process_time()
    rack = 0
    counted = 0
    while not m.over:
        before = dict(m.state.balls)
        s = m.step()
        ease = pot_ease(m, before, s.move) if s.kind == "action" else None
        if ease is not None:
            eases[len(m.log) - 1] = ease
        if s.kind not in ("frame-start", "match-end"):
            continue
        rack += 1
        res = m.results[-1]
        end, on_break, words = rack_story(res.log, eases)
        ends[end.split()[0]] += 1
        # bench/bots.py's B&R count of the same rack: the two benches count alike
        counted += int(break_and_run(res.log, res.winner))
        if not args.quiet:
            print(f"rack {rack}: {end:12s} break potted {on_break}: {' '.join(words)}",
                  flush=True)
        eases = {}
    cpu = time.process_time() - c0
    print(f"{args.discipline} {args.level} seed {args.seed}: {rack} racks, "
          f"{dict(sorted(ends.items()))}; bots.py's B&R count {counted}; {cpu:.0f} CPU s")


if __name__ == "__main__":
    main()
