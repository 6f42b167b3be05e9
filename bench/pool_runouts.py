"""Break-and-run rate on independent racks: the breaker's first visit only.

    .venv/bin/python bench/pool_runouts.py eight-ball strong --racks 40 --first 1

Rack ``k`` is a one-rack match with seed ``k`` (the bots seeded ``k`` and ``k + 1``, the
rack drawn from the seed), played until the breaker's first visit ends: a break and run,
or the first stroke that hands the table over. So the racks are independent samples (a
30-rack ``bench/bots.py`` row is one chain, each rack's start depending on the last), a
rack costs only the breaker's visit, and two trees whose break play is the same start
every rack from the same position after the break (a paired comparison). Each rack's
line says how the visit ended (``bench/pool_racks.py``'s words: ``run``, ``dry``,
``break-foul``, ``miss E``, ``safety``, ``foul``...); the summary gives the break-and-run
share with its standard error and how many racks the break left at the table.

A break-and-run is counted as in ``bench/bots.py`` (``break_and_run``): the breaker wins
the rack without the opponent taking a stroke. A push out the opponent passes back
(P9-2.4, P10-9.4; the word ``pass``) does not end the visit, so a push passed back and then
a run is a run; the summary also says how many runs had a push in them (the count before
session 8, where a push ended the visit, is the runs without one).
"""

from __future__ import annotations

import argparse
import collections
import math
import time

from bots import bot_match, break_and_run, pot_ease  # bench/bots.py, beside this script
from pool_racks import rack_story


def first_visit(discipline: str, level: str, seed: int) -> tuple[str, int, list[str]]:
    """Play rack ``seed`` until the breaker's first visit is over; its story."""
    m = bot_match(discipline, level, seed, 1)
    eases: dict[int, float] = {}
    breaker: int | None = None
    for _ in range(500):
        if m.over or m.state.frame_over:
            break
        before = dict(m.state.balls)
        s = m.step()
        if s.kind != "action":
            continue
        ease = pot_ease(m, before, s.move)
        if ease is not None:
            eases[len(m.log) - 1] = ease
        shots = [a["shot"] for a, _, _ in m.log if "shot" in a]
        if not shots:
            continue
        breaker = int(shots[0]["player"]) if breaker is None else breaker
        if int(shots[-1]["player"]) != breaker:
            break
    story = rack_story(m.log, eases)
    # the chains' count (bench/bots.py) on the same log: the two benches count alike
    st = m.state
    winner = (m.results[-1].winner if m.results else
              int(st.winner) if st.frame_over and st.winner is not None else None)
    log = m.results[-1].log if m.results else m.log
    if (story[0] == "run") != break_and_run(log, winner):
        raise RuntimeError(f"rack {seed}: the story says {story[0]!r}, bots.py's count "
                           f"{break_and_run(log, winner)}")
    return story


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("discipline")
    ap.add_argument("level")
    ap.add_argument("--racks", type=int, default=20)
    ap.add_argument("--first", type=int, default=1, help="the first rack's seed")
    ap.add_argument("--quiet", action="store_true", help="the summary only")
    args = ap.parse_args()
    ends: collections.Counter[str] = collections.Counter()
    kept = 0
    pushed = 0  # runs with a push out passed back in them
    c0 = time.process_time()
    for k in range(args.first, args.first + args.racks):
        end, on_break, words = first_visit(args.discipline, args.level, k)
        ends[end.split()[0]] += 1
        kept += int(end not in ("dry", "break-foul", "none"))
        pushed += int(end == "run" and any(w.startswith("push:") for w in words))
        if not args.quiet:
            print(f"rack {k}: {end:12s} break potted {on_break}: {' '.join(words)}",
                  flush=True)
    n = args.racks
    runs = ends["run"]
    p = runs / n if n else 0.0
    se = math.sqrt(p * (1 - p) / n) if n else 0.0
    print(f"{args.discipline} {args.level} racks {args.first}-{args.first + n - 1}: "
          f"B&R {runs}/{n} = {100 * p:.0f} % (s.e. {100 * se:.0f}); break kept the table "
          f"{kept}/{n}, run out {runs}/{kept or 1} of those ({pushed} after a push passed "
          f"back); {dict(sorted(ends.items()))}; "
          f"{time.process_time() - c0:.0f} CPU s")


if __name__ == "__main__":
    main()
