"""CPU time of the practice page's requests, answered in this process (no pool, no network):

    .venv/bin/python bench/practice.py             # best of 5
    .venv/bin/python bench/practice.py --repeat 9

Three requests from the same rack (nine-ball and snooker): an aid (the two paths only), a
stroke (the shot with its trajectories, the referee's ruling and the record), and a stroke
sent with a record of up to 20 strokes to follow (replayed by the referee before the new
one). Printed: best CPU milliseconds (``time.process_time``) and the answer's size.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from typing import Any

from fastapi.testclient import TestClient

from cuesport.storage import Store
from cuesport.web import create_app


def best(client: TestClient, body: dict[str, Any], repeat: int) -> tuple[float, int]:
    times, size = [], 0
    for _ in range(repeat):
        t = time.process_time()
        r = client.post("/api/practice/simulate", json=body)
        times.append(time.process_time() - t)
        assert r.status_code == 200, r.text
        size = len(r.content)
    return min(times) * 1e3, size


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(Store(f"sqlite:///{tmp}/bench.db"), rate=0)
        from cuesport.web.limits import Buckets

        app.state.practice_limit = Buckets(rate=1e9, burst=1e9)  # no limit while measuring
        c = TestClient(app)
        for d, angle in (("nine-ball", 90.0), ("snooker", 90.0)):
            balls = c.get(f"/api/practice/{d}/rack").json()["balls"]
            stroke = {"angle": angle, "speed": 6.0}
            base = {"discipline": d, "balls": balls, "stroke": stroke}
            aid_ms, aid_b = best(c, base | {"aid": True}, args.repeat)
            hit_ms, hit_b = best(c, base, args.repeat)
            # a record of soft strokes (as many as the referee lets one record hold: three
            # fouls in a row end a game of nine-ball), followed by the stroke
            here, line = balls, None
            for _ in range(20):
                out = c.post("/api/practice/simulate", json=base | {
                    "balls": here, "line": line, "stroke": {"angle": -90.0, "speed": 0.4}}).json()
                if line is not None and out["new_line"]:
                    break
                here, line = out["shot"]["after"], out["line"]
            n = len(line["actions"])
            long_ms, _ = best(c, base | {"balls": here, "line": line}, args.repeat)
            print(f"{d:10s} aid {aid_ms:6.1f} ms ({aid_b / 1024:5.1f} kB)   "
                  f"stroke {hit_ms:6.1f} ms ({hit_b / 1024:5.1f} kB)   "
                  f"stroke after {n:2d} {long_ms:6.1f} ms "
                  f"(record sent {len(json.dumps(line)) / 1024:4.1f} kB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
