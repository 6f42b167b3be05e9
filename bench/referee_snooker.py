"""Benchmark: replay long snooker records and print rulings per second (one core).

Usage: ``python bench/referee_snooker.py [--seconds 5]``. The records are the examples
of ``examples/snooker`` (a 147, a free-ball 155 with its geometry, a frame with fouls, a
miss, a replace and a re-spotted black) plus a long safety exchange, all replayed through
the public protocol (``cuesport.protocol.referee``), geometry included.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cuesport.protocol import RefereeSession, referee
from cuesport.record import parse_action

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "examples" / "snooker"))
sys.path.insert(0, str(ROOT / "bench"))
import make_examples  # noqa: E402

from referee_pool import end_to_end  # noqa: E402


def safety_exchange(strokes: int = 200) -> dict:
    """A long frame of safeties: each player hits a red and leaves the cue ball elsewhere."""
    homes = [(600.0, 1200.0), (1200.0, 1300.0), (700.0, 2000.0), (1100.0, 1000.0)]
    actions = [{"shot": {"player": 0, "cue_ball": [889.0, 650.0],
                         "events": [{"t": 0.0, "hit": ["cue", "red1"]}],
                         "after": {"cue": list(homes[0])}}}]
    for i in range(1, strokes):
        actions.append({"shot": {"player": i % 2,
                                 "events": [{"t": 0.0, "hit": ["cue", f"red{1 + i % 15}"]},
                                            {"t": 0.9, "cushion": "cue"}],
                                 "after": {"cue": list(homes[i % len(homes)])}}})
    return make_examples.record(actions)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=5.0)
    args = ap.parse_args()
    records = [make() for make, _ in make_examples.EXAMPLES.values()] + [safety_exchange()]
    for rec in records:  # warm up (imports, caches)
        referee(rec)
    texts = [json.dumps(rec).encode() for rec in records]  # set-up: not timed
    sizes = {text: len(rec["actions"]) for text, rec in zip(texts, records, strict=True)}
    measure("cuesport referee (JSON text in, JSON lines out)", texts, args.seconds,
            lambda text: end_to_end(text) or sizes[text])
    measure("protocol.referee (a dict in, dicts out)", records, args.seconds, protocol_run)
    measure("referee core (no record copy)", records, args.seconds, core_run)


def protocol_run(rec: dict) -> int:
    out = referee(rec)
    assert "error" not in out[-1], out[-1]
    return len(out)


def core_run(rec: dict) -> int:
    """What RefereeSession.feed does, less keeping a deep copy of each action."""
    session = RefereeSession(rec)
    ref, state = session.referee, session.state
    for i, raw in enumerate(rec["actions"]):
        action = parse_action(raw, session.header.version, ref.positions)
        outcome, state = ref.apply(state, action)
        ref.ruling(i, outcome, state).to_dict()
    return len(rec["actions"])


def measure(label: str, records: list[Any], seconds: float, run: Callable[[Any], int]
            ) -> None:
    rulings = 0
    t0, c0 = time.perf_counter(), time.process_time()
    while time.process_time() - c0 < seconds:
        for rec in records:
            rulings += run(rec)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    # CPU time: the figure for one core, whatever else the machine is doing
    print(f"{label}: {rulings} rulings in {cpu:.2f} s CPU ({wall:.2f} s wall): "
          f"{rulings / cpu:,.0f} rulings/s")


if __name__ == "__main__":
    main()
