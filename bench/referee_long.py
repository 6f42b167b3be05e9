"""Benchmark: one very long record through ``cuesport referee`` (issue 12: a 100,000-action
record in at most 10 s and 200 MB, streamed).

Builds one 14.1 game of ``--actions`` actions (random legal-looking play, fixed seed, as in
``referee_pool.py``; cached under the temp folder), then runs ``cuesport referee FILE`` in a
child process with its output to /dev/null and prints the child's CPU time, rulings per
second and peak memory (max RSS). Usage::

    python bench/referee_long.py [--actions 100000] [--lang en]
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from referee_pool import long_record


def record_file(n: int) -> Path:
    path = Path(tempfile.gettempdir()) / f"cuesport-bench-14.1-{n}.json"
    if not path.exists():  # built in a child, so that this process stays small (see main)
        subprocess.run([sys.executable, __file__, "--build", str(n)], check=True)
    return path


def build(n: int) -> None:
    t0 = time.perf_counter()
    rec = long_record("straight-pool", n, seed=1)
    path = Path(tempfile.gettempdir()) / f"cuesport-bench-14.1-{n}.json"
    path.write_text(json.dumps(rec), "utf-8")
    print(f"built {len(rec['actions'])} actions in {time.perf_counter() - t0:.1f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--actions", type=int, default=100_000)
    ap.add_argument("--lang", default="en")
    ap.add_argument("--build", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.build:
        return build(args.build)
    # The child's peak RSS is read from RUSAGE_CHILDREN, which also counts this process's
    # size at the fork: keep this process small (no record loaded here).
    path = record_file(args.actions)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    with open(path, "rb") as f_in:
        done = subprocess.run([sys.executable, "-m", "cuesport", "referee", "-",
                               "--lang", args.lang], stdin=f_in, stdout=subprocess.PIPE,
                              check=False)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    lines = done.stdout.count(b"\n")
    print(f"{path.name}, {path.stat().st_size / 1e6:.1f} MB: exit {done.returncode}, "
          f"{lines} rulings, {cpu:.2f} s CPU ({wall:.2f} s wall), {lines / cpu:,.0f} rulings/s, "
          f"peak RSS {after.ru_maxrss / 1024:.0f} MB")


if __name__ == "__main__":
    main()
