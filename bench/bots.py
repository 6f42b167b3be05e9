"""Bot-vs-bot benchmark: N frames per discipline and level, with the statistics table.

    .venv/bin/python bench/bots.py --frames 20            # every discipline and level
    .venv/bin/python bench/bots.py --disciplines snooker --levels strong --frames 5

Each row is one discipline and level, both players of that level. Columns: average break
(points in snooker and 1-red, balls in pool: the run), highest break, pot success, fouls
per frame, seconds per frame and per decision (mean and max), stalemates declared and
frames conceded (a bot concedes a snooker frame it can no longer win). Straight pool and
1-red are played to ``--target`` points (default 50).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from cuesport.disciplines import ids
from cuesport.game.match import Match, MatchFormat
from cuesport.game.players import make_player
from cuesport.game.stats import PlayerStats, add_frame

LEVELS = ("easy", "medium", "strong")


def run(job: tuple[str, str, int, int, int]) -> dict[str, Any]:
    discipline, level, frames, target, seed = job
    tgt = target if discipline in ("straight-pool", "snooker-one-red") else None
    m = Match(discipline, [make_player(f"bot:{level}", seed), make_player(f"bot:{level}",
                                                                           seed + 1)],
              fmt=MatchFormat(frames=frames, target=tgt), seed=seed)
    stats = (PlayerStats("a"), PlayerStats("b"))
    frame_times: list[float] = []
    decisions: list[float] = []
    stalemates = concessions = 0
    t0 = time.perf_counter()
    steps = 0
    while not m.over:
        s = m.step()
        steps += 1
        if s.kind == "action" and s.move is not None:
            decisions.append(s.seconds)
        if s.kind in ("frame-start", "match-end"):
            res = m.results[-1]
            frame_times.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            add_frame(stats, res.log, res.winner, discipline)
            stalemates += sum(1 for a, _, _ in res.log if "stalemate" in a)
            concessions += sum(1 for a, _, _ in res.log if "concede" in a)
        if steps > 10_000 * frames:
            raise RuntimeError(f"{discipline}/{level}: stuck")
    breaks = stats[0].breaks + stats[1].breaks
    attempts = stats[0].attempts + stats[1].attempts
    pots = stats[0].pots + stats[1].pots
    return {
        "discipline": discipline, "level": level, "frames": len(m.results),
        "avg_break": statistics.mean(breaks) if breaks else 0.0,
        "high_break": max([stats[0].highest_break, stats[1].highest_break]),
        "pot": pots / attempts if attempts else 0.0,
        "fouls": (stats[0].fouls + stats[1].fouls) / len(m.results),
        "s_frame": statistics.mean(frame_times),
        "s_decision": statistics.mean(decisions) if decisions else 0.0,
        "max_decision": max(decisions) if decisions else 0.0,
        "stalemates": stalemates, "concessions": concessions,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--frames", type=int, default=20)
    ap.add_argument("--disciplines", nargs="*", default=list(ids()))
    ap.add_argument("--levels", nargs="*", default=list(LEVELS))
    ap.add_argument("--target", type=int, default=50)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    jobs = [(d, lv, args.frames, args.target, args.seed) for d in args.disciplines
            for lv in args.levels]
    slow = {"straight-pool": 0, "snooker": 1, "snooker-one-red": 2}
    order = sorted(range(len(jobs)), key=lambda i: (jobs[i][1] != "strong",
                                                     slow.get(jobs[i][0], 9)))
    done: dict[int, dict[str, Any]] = {}
    with ProcessPoolExecutor(args.workers) as pool:
        futures = {pool.submit(run, jobs[i]): i for i in order}
        for fut in as_completed(futures):
            i = futures[fut]
            try:
                done[i] = fut.result()
            except Exception as err:  # report the failure, keep the other rows
                print(f"{jobs[i][0]}/{jobs[i][1]} failed: {err}", file=sys.stderr, flush=True)
    rows = [done[i] for i in range(len(jobs)) if i in done]
    head = ("discipline", "level", "frames", "avg break", "high", "pot %", "fouls/fr",
            "s/frame", "s/decision", "max s/dec", "stalemates", "conceded")
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for r in rows:
        print(f"| {r['discipline']} | {r['level']} | {r['frames']} | {r['avg_break']:.1f} | "
              f"{r['high_break']} | {100 * r['pot']:.0f} | {r['fouls']:.2f} | "
              f"{r['s_frame']:.1f} | {r['s_decision']:.3f} | {r['max_decision']:.2f} | "
              f"{r['stalemates']} | {r['concessions']} |", flush=True)


if __name__ == "__main__":
    main()
