"""Memory of the browser table's server under many created matches: the live matches are
evicted (the store keeps them), so the resident set stays flat.

    .venv/bin/python bench/web_rss.py                       # 10,000 matches, max_live 500
    .venv/bin/python bench/web_rss.py --matches 2000 --max-live 100

It drives the server's hub directly (no HTTP: the figure is the hub's memory, not the
client's), on its own SQLite file unless ``--db``: ``--matches`` human-v-human nine-ball
matches are created, each read once as a page would, and every ``--every`` matches a
random older one is read again (loaded back from the store). Printed: the resident set
(VmRSS) and the live matches every ``--every`` matches, and the growth from the first
sample (after the first ``--every``, when the caches are warm) to the last.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import tempfile
import time

from cuesport.storage import Store
from cuesport.web.live import Hub, Seat


def rss_kb() -> int:
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return -1


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--matches", type=int, default=10_000)
    ap.add_argument("--max-live", type=int, default=500)
    ap.add_argument("--every", type=int, default=1000)
    ap.add_argument("--db", help="database URL (default: a new SQLite file)")
    args = ap.parse_args()
    if not (1 <= args.matches <= 50_000 and 1 <= args.every <= args.matches):
        sys.exit("bounded: at most 50,000 matches")
    folder = tempfile.mkdtemp(prefix="cuesport-rss-")
    store = Store(args.db or f"sqlite:///{os.path.join(folder, 'rss.db')}")
    hub = Hub(store, bot_delay=0.0, seed=1, max_live=args.max_live)
    rng = random.Random(1)
    ids: list[int] = []
    samples: list[tuple[int, int, int]] = []
    t0 = time.monotonic()
    for n in range(1, args.matches + 1):
        live, _ = hub.create("nine-ball", [Seat("A"), Seat("B")], {}, 3, "en")
        ids.append(live.id)
        hub.view(hub.get(live.id))
        if n % args.every == 0:
            hub.view(hub.get(rng.choice(ids[:-1] or ids)))  # an evicted one, loaded again
            gc.collect()
            samples.append((n, rss_kb(), len(hub.matches)))
            print(f"{n:>7} matches  RSS {samples[-1][1] / 1024:7.1f} MiB  live "
                  f"{samples[-1][2]:>5}  {time.monotonic() - t0:6.0f} s", flush=True)
    first, last = samples[0], samples[-1]
    per = (last[1] - first[1]) / max(1, last[0] - first[0])
    print(f"\nRSS from {first[0]} to {last[0]} matches: {first[1] / 1024:.1f} -> "
          f"{last[1] / 1024:.1f} MiB ({(last[1] - first[1]) / 1024:+.1f} MiB, {per:+.2f} kB "
          f"a match); live matches at most {max(s[2] for s in samples)} (max_live "
          f"{args.max_live})")
    store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
