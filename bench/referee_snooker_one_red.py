"""Benchmark: snooker 1-red rulings per second (the whole protocol path: parse, rule,
geometry, ruling dict), replaying a long generated game and the example records, through a
live session (which keeps a copy of each action) and end to end as ``cuesport referee``
does it (JSON text in, JSON lines out).

Run: ``.venv/bin/python bench/referee_snooker_one_red.py [--visits N] [--repeat R]``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from cuesport.protocol import RefereeSession

sys.path.insert(0, str(Path(__file__).resolve().parent))
from referee_pool import end_to_end

CUE = ("white", "yellow")
UP = ((600.0, 1500.0), (1200.0, 2200.0))
EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "snooker-one-red"


def _shot(player: int, *events: dict[str, Any], **body: Any) -> dict[str, Any]:
    evs = [dict(e, t=0.1 * i) for i, e in enumerate(events)]
    return {"shot": {"player": player, "events": evs, **body}}


def long_game(visits: int) -> dict[str, Any]:
    """Visits of cannons, red pots (respot cycle), an in-off, play from the D and a foul
    with the opponent's choice, alternating between the players."""
    actions: list[dict[str, Any]] = []
    in_hand = [True, True]
    for v in range(visits):
        p = v % 2
        me, other = CUE[p], CUE[1 - p]
        cannon = ({"hit": [me, "red"]}, {"hit": [me, other]})
        if in_hand[p]:
            actions.append(_shot(p, {"cross": me, "line": "baulk"}, {"hit": [me, "red"]},
                                 *(() if v == 0 else cannon[1:]), cue_ball=[889, 700],
                                 after={me: list(UP[p])}))
            in_hand[p] = False
            if v == 0:
                continue  # the opening visit ends: the yellow comes in
        actions += [_shot(p, *cannon) for _ in range(10)]
        actions += [_shot(p, {"hit": [me, "red"]}, {"pot": "red", "pocket": "top-left"})
                    for _ in range(3)]
        actions.append(_shot(p, {"hit": [me, "red"]}, {"pot": me, "pocket": "top-right"}))
        actions.append(_shot(p, {"cross": me, "line": "baulk"}, *cannon, cue_ball=[950, 650],
                             after={me: list(UP[p])}))
        actions.append(_shot(p, {"cushion": me}))  # a miss: 2 away, options
        choice = "in-hand" if v % 3 else "play"
        actions.append({"decision": {"player": 1 - p, "choice": choice}})
        if choice == "in-hand":
            in_hand[1 - p] = True
    return {"protocol": 1, "discipline": "snooker-one-red", "players": ["A", "B"],
            "rules": {"target": 10**6}, "start": None, "actions": actions}


def replay(record: dict[str, Any]) -> int:
    session = RefereeSession(record)
    for action in record["actions"]:
        ruling = session.feed(action)
        if "error" in ruling:
            raise SystemExit(f"bad benchmark record: {ruling}")
    return len(record["actions"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--visits", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    records = [long_game(args.visits)]
    records += [json.loads(p.read_text("utf-8")) for p in sorted(EXAMPLES.glob("*.json"))]
    replay(records[0])  # warm up imports and caches
    texts = [json.dumps(r).encode() for r in records]  # set-up: not timed
    best = e2e = 0.0
    total = 0
    for _ in range(args.repeat):
        t0 = time.process_time()  # CPU time: steadier than wall time on a busy machine
        total = sum(replay(r) for r in records)
        best = max(best, total / (time.process_time() - t0))
        t0 = time.process_time()
        for text in texts:
            end_to_end(text)
        e2e = max(e2e, total / (time.process_time() - t0))
    print(f"snooker-one-red: {total} rulings per replay, best of {args.repeat} (CPU time): "
          f"live session {best:,.0f} rulings/s; cuesport referee (JSON text in, JSON lines "
          f"out) {e2e:,.0f} rulings/s")

if __name__ == "__main__":
    main()
