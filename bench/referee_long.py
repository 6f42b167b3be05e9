"""Benchmark: one very long record through ``cuesport referee`` (issue 12: a 100,000-action
record in at most 10 s and 200 MB, streamed).

Builds one 14.1 game of ``--actions`` actions (random legal-looking play, fixed seed, as in
``referee_pool.py``; cached under the temp folder), then runs ``cuesport referee FILE`` in a
child process with its output to /dev/null and prints the child's CPU time, rulings per
second and peak memory (max RSS), and the CPU time of the same command on an empty record
(the interpreter's start and the imports, which the figure includes). Usage::

    python bench/referee_long.py [--actions 100000] [--lang en] [--repeat N]
        [--reference SRC | --pure]

With ``--reference SRC`` another tree's ``src`` (``PYTHONPATH``) referees the same record
in the same run, alternately with this one (``--repeat`` rounds, best CPU time of each),
and the outputs are compared: byte for byte, and else ruling by ruling as JSON values.
With ``--pure`` the reference is this tree imported as Python (``CUESPORT_PURE=1``): the
compiled referee (``python -m cuesport.accel``) against its source.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from referee_pool import long_record


def record_file(n: int) -> Path:
    path = Path(tempfile.gettempdir()) / f"cuesport-bench-14.1-{n}.json"
    if not path.exists():  # built in a child: this process stays small
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
    ap.add_argument("--repeat", type=int, default=1, help="rounds (best CPU time)")
    ap.add_argument("--reference", help="another tree's src, run alternately")
    ap.add_argument("--pure", action="store_true",
                    help="the reference: this tree as Python (CUESPORT_PURE=1)")
    ap.add_argument("--build", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.build:
        return build(args.build)
    path = record_file(args.actions)
    empty = Path(tempfile.gettempdir()) / "cuesport-bench-14.1-0.json"
    empty.write_text('{"discipline": "straight-pool", "actions": []}', "utf-8")
    trees: dict[str, tuple[str | None, bool]] = {"this tree": (None, False)}  # (src, pure)
    if args.reference:
        trees["reference"] = (str(Path(args.reference).resolve()), False)
    elif args.pure:
        trees["reference"] = (None, True)
    for src, pure in trees.values():
        child(empty, args.lang, src, pure)  # writes the bytecode caches
    best: dict[str, tuple[float, float, bytes, float, float]] = {}
    for _ in range(args.repeat):
        for label, (src, pure) in trees.items():
            start_cpu = child(empty, args.lang, src, pure)[0]  # the interpreter, the imports
            run = (*child(path, args.lang, src, pure), start_cpu)
            if label not in best or run[0] < best[label][0]:
                best[label] = run
    for label, (cpu, wall, out, rss, start_cpu) in best.items():
        lines = out.count(b"\n")
        print(f"{label}: {path.name}, {path.stat().st_size / 1e6:.1f} MB: {lines} rulings, "
              f"{cpu:.2f} s CPU ({wall:.2f} s wall), {lines / cpu:,.0f} rulings/s, peak RSS "
              f"{rss:.0f} MB; start-up alone (an empty record) {start_cpu:.2f} s CPU")
    if len(trees) > 1:
        print(f"reference / this tree: {best['reference'][0] / best['this tree'][0]:.2f}x "
              f"CPU; outputs {compare(best['this tree'][2], best['reference'][2])}")


def compare(ours: bytes, theirs: bytes) -> str:
    """How two trees' rulings compare: the same bytes, or else the same JSON values line by
    line (spacing and the form of a float may differ between encoders), or how many differ."""
    if ours == theirs:
        return "identical"
    a, b = ours.splitlines(), theirs.splitlines()
    pairs = zip(a, b, strict=False)  # a missing ruling counts as one that differs
    differ = sum(json.loads(x) != json.loads(y) for x, y in pairs) + abs(len(a) - len(b))
    if differ == 0:
        return "equal as JSON values (the bytes differ)"
    return f"DIFFERENT: {differ} of {max(len(a), len(b))} rulings"


# The child reports its own peak (VmHWM, reset at exec): a forked child's ru_maxrss starts
# from the parent's resident size at the fork (a pytest worker's few hundred MB, say).
_PEAK = """import atexit, runpy, sys
def peak():
    with open("/proc/self/status") as f:
        kb = next(line.split()[1] for line in f if line.startswith("VmHWM:"))
    sys.stderr.write(f"\\nbench-peak-kb {kb}\\n")
atexit.register(peak)
sys.argv = ["cuesport", *sys.argv[1:]]
runpy.run_module("cuesport", run_name="__main__", alter_sys=True)
"""


def child(path: Path, lang: str, src: str | None = None, pure: bool = False
          ) -> tuple[float, float, bytes, float]:
    """``cuesport referee - < path`` in a child (``src``: another tree's, by
    ``PYTHONPATH``; ``pure``: every module as Python): its CPU time, wall time, output and
    peak RSS (MB), the last two of that child alone (CPU from ``os.wait4``; the peak as the
    child's kernel counts it)."""
    # bytecode cached as an installed package has it (PYTHONDONTWRITEBYTECODE, where set,
    # would recompile every module in each run: about 0.2 s of CPU)
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONDONTWRITEBYTECODE", "CUESPORT_PURE")}
    if pure:
        env["CUESPORT_PURE"] = "1"
    if src is not None:
        env["PYTHONPATH"] = src
    t0 = time.perf_counter()
    with open(path, "rb") as f_in, tempfile.TemporaryFile() as f_out, \
            tempfile.TemporaryFile() as f_err:
        proc = subprocess.Popen([sys.executable, "-c", _PEAK, "referee", "-", "--lang", lang],
                                stdin=f_in, stdout=f_out, stderr=f_err, env=env)
        _, status, usage = os.wait4(proc.pid, 0)  # reaped here: its own rusage
        wall = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)
        f_out.seek(0)
        out = f_out.read()
        f_err.seek(0)
        err = f_err.read().decode("utf-8", "replace")
    if proc.returncode != 0:
        raise SystemExit(f"cuesport referee exited {proc.returncode}: {err[-2000:]}")
    cpu, _ = usage_figures(usage)
    return cpu, wall, out, peak_mb(err)


def peak_mb(err: str) -> float:
    """The peak RSS (MB) the child wrote last on its standard error."""
    lines = [ln for ln in err.splitlines() if ln.startswith("bench-peak-kb ")]
    if not lines:
        raise SystemExit("the child did not report its peak memory")
    return int(lines[-1].split()[1]) / 1024


def usage_figures(usage: Any) -> tuple[float, float]:
    """CPU seconds (user + system) and peak RSS in MB of one reaped child's rusage
    (Linux gives ``ru_maxrss`` in kB)."""
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


if __name__ == "__main__":
    main()
