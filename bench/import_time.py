"""How long ``import cuesport.protocol`` (the referee) takes, and what it drags in.

    .venv/bin/python bench/import_time.py [--runs 15] [--module cuesport.protocol]

Each run is a fresh interpreter with ``-X importtime``; prints the best and median of the
module's cumulative import time, and the share of numpy and pydantic in the best run.
Figures from a busy machine vary a lot: compare best against best.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys


def one(module: str) -> dict[str, int]:
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", f"import {module}"],
                          capture_output=True, text=True, check=True)
    out: dict[str, int] = {}
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        _, cumulative, name = (p.strip() for p in line.split("|"))
        if cumulative.isdigit():
            out.setdefault(name, int(cumulative))  # the first (outermost) entry
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--module", default="cuesport.protocol")
    args = ap.parse_args()
    runs = [one(args.module) for _ in range(args.runs)]
    totals = [r.get(args.module, 0) for r in runs]
    best = runs[totals.index(min(totals))]
    print(f"{args.module}: best {min(totals) / 1e6:.3f} s, median "
          f"{statistics.median(totals) / 1e6:.3f} s over {args.runs} runs")
    for dep in ("numpy", "pydantic", "cuesport.record", "cuesport.equipment",
                "cuesport.disciplines"):
        if dep in best:
            print(f"  {dep}: {best[dep] / 1e6:.3f} s")
        else:
            print(f"  {dep}: not imported")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
