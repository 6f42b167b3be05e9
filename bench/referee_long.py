"""Benchmark: one very long record through ``cuesport referee`` (issue 12: a 100,000-action
record in at most 10 s and 200 MB, streamed).

Builds one 14.1 game of ``--actions`` actions (random legal-looking play, fixed seed, as in
``referee_pool.py``; cached under the temp folder), then runs ``cuesport referee FILE`` in a
child process with its output to /dev/null and prints the child's CPU time, rulings per
second and peak memory (max RSS), and the CPU time of the same command on an empty record
(the interpreter's start and the imports, which the figure includes). Usage::

    python bench/referee_long.py [--actions 100000] [--lang en]
"""

from __future__ import annotations

import argparse
import json
import os
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
    empty = Path(tempfile.gettempdir()) / "cuesport-bench-14.1-0.json"
    empty.write_text('{"discipline": "straight-pool", "actions": []}', "utf-8")
    child(empty, args.lang)  # writes the bytecode caches
    start_cpu, _, _, _ = child(empty, args.lang)  # the interpreter and the imports
    cpu, wall, out, rss = child(path, args.lang)
    lines = out.count(b"\n")
    print(f"{path.name}, {path.stat().st_size / 1e6:.1f} MB: {lines} rulings, {cpu:.2f} s CPU "
          f"({wall:.2f} s wall), {lines / cpu:,.0f} rulings/s, peak RSS {rss:.0f} MB; "
          f"start-up alone (an empty record) {start_cpu:.2f} s CPU")


def child(path: Path, lang: str) -> tuple[float, float, bytes, float]:
    """``cuesport referee - < path`` in a child: its CPU time, wall time, output and peak
    RSS (MB). The children run one after another, so the RSS peak read is the larger."""
    # bytecode cached as an installed package has it (PYTHONDONTWRITEBYTECODE, where set,
    # would recompile every module in each run: about 0.2 s of CPU)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    with open(path, "rb") as f_in:
        done = subprocess.run([sys.executable, "-m", "cuesport", "referee", "-",
                               "--lang", lang], stdin=f_in, stdout=subprocess.PIPE,
                              check=False, env=env)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"cuesport referee exited {done.returncode}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, done.stdout, after.ru_maxrss / 1024

if __name__ == "__main__":
    main()
