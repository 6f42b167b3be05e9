"""Instructions per shot (valgrind cachegrind) for bench/physics.py's breaks, with any tree.

    python bench/physics_cg.py [--src SRC] [SHOT ...]

For each shot (default: the three flat breaks and the jumping one; names as bench/physics.py
prints them, or 9, 8, snooker, jump), runs ``valgrind --tool=cachegrind`` on a process that
simulates it once and six times, with ``PYTHONHASHSEED=0`` and ``SRC`` (default: this tree's
``src``) first on PYTHONPATH, and prints ``(I(6) - I(1)) / 5``: the instructions of one warm
shot, without the import and the first shot's warm-up. The counts are deterministic to about
0.1 %, unlike CPU time on a shared machine; a shot takes about a minute under valgrind.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ALIASES = {"9": "9-ball break", "8": "8-ball break", "snooker": "snooker break-off",
           "jump": "9-ball break, jumping"}


def inner(name: str, n: int) -> None:
    """Inside valgrind: simulate the shot ``name`` n times with the tree on the path."""
    sys.path.insert(0, str(BENCH))
    from cuesport.physics import simulate
    from physics import flat_breaks, jumping_break

    shots = {c[0]: c for c in flat_breaks()}
    if name == ALIASES["jump"]:
        shots[name] = jumping_break()
    _, table, pos, stroke = shots[name]
    for _ in range(n):
        simulate(table, pos, stroke)


def instructions(text: str) -> int:
    """The total from cachegrind's summary (``==pid== I refs: 12,345,678``)."""
    m = re.search(r"I\s+refs:\s+([\d,]+)", text)
    if not m:
        raise ValueError("no 'I refs' line in valgrind's output")
    return int(m.group(1).replace(",", ""))


def count(src: str, name: str, n: int) -> int:
    env = {**os.environ, "PYTHONHASHSEED": "0",
           "PYTHONPATH": os.pathsep.join([src, *filter(None, [os.environ.get("PYTHONPATH")])])}
    cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
           sys.executable, str(Path(__file__).resolve()), "--inner", name, str(n)]
    run = subprocess.run(cmd, capture_output=True, text=True, env=env, check=True)
    return instructions(run.stderr)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--src", default=str(BENCH.parent / "src"))
    ap.add_argument("--inner", nargs=2, metavar=("SHOT", "N"), help=argparse.SUPPRESS)
    ap.add_argument("shots", nargs="*", default=["9", "8", "snooker", "jump"])
    args = ap.parse_args()
    if args.inner:
        inner(args.inner[0], int(args.inner[1]))
        return
    print(f"tree: {os.path.abspath(args.src)}")
    for shot in args.shots:
        name = ALIASES.get(shot, shot)
        one, six = count(args.src, name, 1), count(args.src, name, 6)
        print(f"{name:24} {(six - one) / 5 / 1e6:8.3f} M instructions per shot", flush=True)


if __name__ == "__main__":
    main()
