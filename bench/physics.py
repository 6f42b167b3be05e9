"""Physics benchmark: milliseconds per shot, events per shot, cold start; pooltool alongside.

    python bench/physics.py [--repeat N] [--reference OTHER_TREE/src [--rounds R]]

Per-shot figures are CPU time (``time.process_time``: median and best of N), so that other
work on a shared machine does not count; the cold start and the batch are wall clock.

Shots: (a) 9-ball break (cue ball on the head spot, full hit on the 1, 8 m/s),
(b) 8-ball break (same), (c) snooker break-off from the D into the side of the pack at 6 m/s,
(d) the 9-ball break with the butt raised 7 degrees (the balls leave the bed), (e) a single ball
off one cushion. Speeds are cue speeds (``Stroke.speed``); pooltool's V0 is
also a cue speed. The pooltool columns (best CPU ms of 5 warm runs, events) and its cold start
appear when ``import pooltool`` works; it is never a cuesport dependency. Install it in a
throw-away environment and run this script with that interpreter and ``PYTHONPATH=src``
(bench/physics-results.md has the commands: pooltool-billiards 0.6.0 pins a panda3d build that
is not on PyPI, so ``--no-deps`` and panda3d 1.10.x).

``--reference SRC`` (the ``src`` folder of another tree, e.g. a detached worktree of the
commit the issue was measured on) times the three flat breaks (and the jumping one where both
trees have the jump API) in child processes, this tree and the reference in alternating
rounds, and prints both columns, their ratio and "ours at the issue's machine speed": ours x
(the issue's figure / the reference's), since the absolute milliseconds of one host are not
comparable with another's, but the ratio of two trees measured in one run is.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

from cuesport.equipment import (
    POOL_9FT,
    SNOOKER,
    TableSpec,
    eight_ball_rack,
    nine_ball_rack,
    snooker_setup,
)
from cuesport.physics import Stroke, simulate

Case = tuple[str, TableSpec, dict[str, tuple[float, float]], Stroke]


def snooker_break() -> Case:
    pos = {**snooker_setup(SNOOKER), "cue": (889.0 + 200.0, 737.0 - 40.0)}
    red = pos["red15"]  # right-hand back corner of the pack: a thin contact on its side
    target = (red[0] + 2 * SNOOKER.ball_radius * 0.8, red[1])
    ang = math.degrees(math.atan2(target[1] - pos["cue"][1], target[0] - pos["cue"][0]))
    return ("snooker break-off", SNOOKER, pos, Stroke(angle=ang, speed=6.0))


def flat_breaks() -> list[Case]:
    """The three flat breaks that issue 13's speed targets name (the shots a reference tree
    is timed on: they use only the flat API, which every tree has)."""
    t = POOL_9FT
    head = (t.width / 2, t.length / 4)
    return [
        ("9-ball break", t, {**nine_ball_rack(t, 1), "cue": head}, Stroke(angle=90.0, speed=8.0)),
        ("8-ball break", t, {**eight_ball_rack(t, 1), "cue": head}, Stroke(angle=90.0, speed=8.0)),
        snooker_break(),
    ]


def jumping_break() -> Case:
    # the 9-ball break with the butt raised 7 degrees: the cue ball hops into the rack and
    # balls leave the bed (issue 13: no more than 1.5x the flat break)
    t = POOL_9FT
    head = (t.width / 2, t.length / 4)
    return ("9-ball break, jumping", t, {**nine_ball_rack(t, 1), "cue": head},
            Stroke(angle=90.0, speed=8.0, height=0.1, elevation=7.0))


def cases() -> list[Case]:
    t = POOL_9FT
    return [
        *flat_breaks(),
        jumping_break(),
        ("one ball, one cushion", t, {"cue": (t.width / 2, t.length / 4)},
         Stroke(angle=60.0, speed=1.5, height=0.2)),
    ]


def time_it(fn: Callable[[], object], repeat: int) -> tuple[float, float]:
    """(median, best) CPU milliseconds (``time.process_time``) over ``repeat`` warm runs: the
    machine is shared, so CPU time rather than wall clock, and the best run is the least
    disturbed one."""
    fn()  # warm
    runs = []
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        runs.append(time.process_time() - t0)
    return 1e3 * statistics.median(runs), 1e3 * min(runs)


def jump_ratio(flat: Case, jump: Case, repeat: int) -> float:
    """Best CPU time of the jumping break over the flat one's, the two timed alternately, so
    that a burst of load on a shared machine falls on both (timing each in its own window
    of runs let one burst change the ratio: 1.85x once, against 1.1-1.2x otherwise)."""
    best = {flat[0]: math.inf, jump[0]: math.inf}
    for _ in range(repeat + 1):
        for name, table, pos, stroke in (flat, jump):
            t0 = time.process_time()
            simulate(table, pos, stroke)
            best[name] = min(best[name], time.process_time() - t0)
    return best[jump[0]] / best[flat[0]]


COLD = """
import time
t0 = time.perf_counter()
from cuesport.equipment import POOL_9FT, nine_ball_rack
from cuesport.physics import Stroke, simulate
pos = {**nine_ball_rack(POOL_9FT, 1), "cue": (635.0, 635.0)}
simulate(POOL_9FT, pos, Stroke(angle=90.0, speed=8.0))
print(time.perf_counter() - t0)
"""


def cold_start() -> tuple[float, float]:
    """(import + first shot inside the process, whole process wall time), seconds."""
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", COLD], capture_output=True, text=True,
                         check=True).stdout
    return float(out.strip()), time.perf_counter() - t0


# ------------------------------------------------- a reference tree, side by side (optional)

# The issue's figures, measured on another machine with the tree of that day (issue 13,
# "What to build" 7: "9-ball break <= 3 ms (today 4.4)", "snooker break-off <= 6 ms (7.4)").
ISSUE_MS = {"9-ball break": 4.4, "snooker break-off": 7.4}
# The machine factor each shot is scaled by: the issue gives no 8-ball figure, so the 8-ball
# break borrows the 9-ball break's (the same table, balls and code paths).
FACTOR_FROM = {"9-ball break": "9-ball break", "8-ball break": "9-ball break",
               "snooker break-off": "snooker break-off"}
TARGET_MS = {"9-ball break": 3.0, "8-ball break": 4.0, "snooker break-off": 6.0}


Times = dict[str, dict[str, float]]  # shot -> {"best": ms, "median": ms, "events": n}


def child_times(repeat: int) -> dict[str, object]:
    """Run inside a child process (``--child-times``): best and median CPU ms of ``repeat``
    warm runs of each flat break (and of the jumping break where this tree has the jump API),
    the shots interleaved run by run, with the tree this process imported."""
    import cuesport

    shots = flat_breaks()
    with contextlib.suppress(TypeError):  # a tree without Stroke.elevation has no jump
        shots.append(jumping_break())
    events = {name: simulate(t, p, s).event_count for name, t, p, s in shots}  # warm
    runs: dict[str, list[float]] = {name: [] for name, *_ in shots}
    for _ in range(repeat):
        for name, table, pos, stroke in shots:
            t0 = time.process_time()
            simulate(table, pos, stroke)
            runs[name].append(time.process_time() - t0)
    return {"src": os.path.dirname(os.path.dirname(os.path.abspath(cuesport.__file__))),
            "shots": {name: {"best": 1e3 * min(v), "median": 1e3 * statistics.median(v),
                             "events": events[name]} for name, v in runs.items()}}


def parse_child(out: str) -> tuple[str, Times]:
    """(the src folder the child imported, its times) from the child's output: its last line
    is the JSON that ``child_times`` returned (an import may print before it)."""
    lines = [ln for ln in out.splitlines() if ln.strip()]
    if not lines:
        raise ValueError("the child printed nothing")
    data = json.loads(lines[-1])
    if not isinstance(data, dict) or not isinstance(data.get("src"), str) \
            or not isinstance(data.get("shots"), dict):
        raise ValueError(f"not a child's timing line: {lines[-1][:80]!r}")
    shots = {str(n): {k: float(v[k]) for k in ("best", "median", "events")}
             for n, v in data["shots"].items()}
    return data["src"], shots


def own_src() -> str:
    """The src folder this process's cuesport comes from."""
    return os.path.dirname(os.path.dirname(os.path.abspath(
        sys.modules["cuesport"].__file__ or "")))


def run_child(src: str | None, repeat: int) -> Times:
    """One round of ``child_times`` in a new process: with ``src`` first on PYTHONPATH (the
    reference), or with this process's own path (ours). Checks which tree it imported."""
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = os.pathsep.join([src, *filter(None, [env.get("PYTHONPATH")])])
    out = subprocess.run([sys.executable, os.path.abspath(__file__), "--child-times",
                          str(repeat)], capture_output=True, text=True, check=True,
                         env=env).stdout
    got, shots = parse_child(out)
    want = src if src is not None else own_src()
    if os.path.realpath(got) != os.path.realpath(want):
        raise RuntimeError(f"the child imported cuesport from {got}, not {want}")
    return shots


def best_of(rounds: list[Times]) -> dict[str, float]:
    """Each shot's best CPU ms over the rounds (a shot missing from a round is dropped)."""
    names = set.intersection(*(set(r) for r in rounds))
    return {n: min(r[n]["best"] for r in rounds) for n in names}


def at_issue_speed(ours: dict[str, float], ref: dict[str, float]) -> dict[str, float]:
    """Ours scaled to the machine the issue was measured on: ours x (the issue's figure / the
    reference's figure here), each shot by its FACTOR_FROM shot's figures."""
    return {n: ours[n] * ISSUE_MS[f] / ref[f] for n, f in FACTOR_FROM.items()
            if n in ours and f in ref}


def reference_report(ours: dict[str, float], ref: dict[str, float]) -> list[str]:
    """The side-by-side table's lines, from the two trees' best CPU ms."""
    scaled = at_issue_speed(ours, ref)
    lines = [f"{'shot (best CPU ms)':24} {'ours':>7} {'reference':>9} {'ours/ref':>8}  "
             "ours at the issue's machine speed"]
    for name in [n for n in (*FACTOR_FROM, "9-ball break, jumping") if n in ours and n in ref]:
        line = f"{name:24} {ours[name]:7.2f} {ref[name]:9.2f} {ours[name] / ref[name]:8.3f}"
        if name in scaled:
            f = FACTOR_FROM[name]
            line += (f"  {scaled[name]:.2f} ms (x {ISSUE_MS[f]} / {ref[f]:.2f}; "
                     f"target <= {TARGET_MS[name]:g})")
        lines.append(line)
    if "8-ball break" in scaled:
        lines.append("(the issue gives no 8-ball figure: the 8-ball break is scaled by the "
                     "9-ball break's machine factor)")
    if scaled:
        lines.append("(the last column assumes that the reference is the issue's tree, 8c549f6, "
                     "which the issue's 4.4 and 7.4 ms were measured with)")
    return lines


def compare_reference(src: str, repeat: int, rounds: int) -> None:
    src = os.path.abspath(src)
    if not os.path.isdir(os.path.join(src, "cuesport")):
        raise SystemExit(f"--reference {src}: no cuesport package there")
    ours: list[Times] = []
    ref: list[Times] = []
    for k in range(rounds):  # alternate, and swap which goes first, so load falls on both
        order = [(None, ours), (src, ref)]
        for tree, bucket in order if k % 2 == 0 else order[::-1]:
            bucket.append(run_child(tree, repeat))
        print(f"round {k + 1} (best ms, ours / reference): " + ", ".join(
            f"{n} {ours[-1][n]['best']:.2f} / {ref[-1][n]['best']:.2f}" for n in FACTOR_FROM))
    print(f"ours: {own_src()}, reference: {src}")
    print("events (ours / reference): " + ", ".join(
        f"{n} {ours[0][n]['events']:.0f} / {ref[0][n]['events']:.0f}" for n in best_of(ref)
        if n in ours[0]))
    print(f"best of {rounds} alternating rounds x {repeat} runs per tree:")
    for line in reference_report(best_of(ours), best_of(ref)):
        print(line)


# ---------------------------------------------------------------- pooltool (optional)


PT_COLD = """
import time
w0, c0 = time.perf_counter(), time.process_time()
import pooltool as pt
game = pt.GameType.NINEBALL
tab = pt.Table.from_game_type(game)
balls = pt.get_rack(game, tab)
ref = next(iter(balls.values())).params
cue = pt.Ball(id="cue", params=ref)
cue.state.rvw[0] = [tab.w / 2, tab.l / 4, ref.R]
balls["cue"] = cue
system = pt.System(cue=pt.Cue(cue_ball_id="cue"), table=tab, balls=balls)
system.strike(V0=8.0, phi=90.0)
pt.simulate(system, inplace=True)
print(time.perf_counter() - w0, time.process_time() - c0)
"""


def pooltool_cold(fresh_cache: bool) -> tuple[float, float]:
    """Pooltool's cold first 9-ball break in a new process: (wall s, CPU s), import and
    numba's JIT included. ``fresh_cache``: with an empty numba cache (NUMBA_CACHE_DIR), as on
    a first install; else with the cache that earlier runs left."""
    import os
    import tempfile

    env = dict(os.environ)
    with tempfile.TemporaryDirectory() as tmp:
        if fresh_cache:
            env["NUMBA_CACHE_DIR"] = tmp
        out = subprocess.run([sys.executable, "-c", PT_COLD], capture_output=True, text=True,
                             check=True, env=env).stdout
    wall, cpu = out.split()[-2:]
    return float(wall), float(cpu)


def pooltool_runner() -> Callable[[Case], tuple[float, int]] | None:
    try:
        import pooltool as pt  # type: ignore[import-not-found]
    except Exception as exc:  # not installed, or its renderer cannot load
        print(f"(pooltool not available: {type(exc).__name__}: {exc})")
        return None

    def build(case: Case):  # type: ignore[no-untyped-def]
        # pooltool's own tables and racks (its racks have small random gaps; its pool table
        # is 7 ft), the cue ball and stroke as in our case.
        name, _, pos, stroke = case
        game = {"9-ball break": pt.GameType.NINEBALL, "8-ball break": pt.GameType.EIGHTBALL,
                "snooker break-off": pt.GameType.SNOOKER}.get(name, pt.GameType.NINEBALL)
        tab = pt.Table.from_game_type(game)
        balls = pt.get_rack(game, tab) if name != "one ball, one cushion" else {}
        cue_id = "white" if game == pt.GameType.SNOOKER else "cue"
        if game == pt.GameType.SNOOKER:
            x, y = pos["cue"][0] / 1e3 * tab.w / 1.778, pos["cue"][1] / 1e3 * tab.l / 3.569
        else:
            x, y = tab.w / 2, tab.l / 4
        ref = next(iter(balls.values())).params if balls else pt.objects.BallParams.default()
        cue_ball = pt.Ball(id=cue_id, params=ref)
        cue_ball.state.rvw[0] = [x, y, ref.R]
        balls[cue_id] = cue_ball
        system = pt.System(cue=pt.Cue(cue_ball_id=cue_id), table=tab, balls=balls)
        system.strike(V0=stroke.speed, phi=stroke.angle, a=stroke.side, b=stroke.height,
                      theta=stroke.elevation)
        return system

    def run(case: Case) -> tuple[float, int]:
        """(best CPU milliseconds of 5 warm runs, events): CPU time, as for ours."""
        system = build(case)
        pt.simulate(system, inplace=True)  # JIT warm-up
        runs = []
        events = 0
        for _ in range(5):
            system = build(case)
            t0 = time.process_time()
            pt.simulate(system, inplace=True)
            runs.append(time.process_time() - t0)
            events = len(system.events)
        return 1e3 * min(runs), events

    return run


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=30)
    ap.add_argument("--no-pooltool", action="store_true")
    ap.add_argument("--batch", type=int, default=1000,
                    help="noisy 9-ball breaks for the batch figure (0: skip)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--pt-fresh-cache", action="store_true",
                    help="also time pooltool's cold start with an empty numba cache (minutes)")
    ap.add_argument("--reference", metavar="SRC",
                    help="another tree's src folder: time the breaks with it side by side")
    ap.add_argument("--rounds", type=int, default=4,
                    help="alternating rounds of --repeat runs per tree, with --reference")
    ap.add_argument("--child-times", type=int, metavar="N", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child_times:
        print(json.dumps(child_times(args.child_times)))
        return
    if args.reference:
        compare_reference(args.reference, args.repeat, args.rounds)
    inside, wall = cold_start()
    print(f"cold first shot (new process): {inside:.3f} s import+shot, {wall:.3f} s process")
    pt_run = None if args.no_pooltool else pooltool_runner()
    if pt_run:
        for fresh in (False, True) if args.pt_fresh_cache else (False,):
            w, c = pooltool_cold(fresh)
            cache = "an empty" if fresh else "its"
            print(f"pooltool cold first 9-ball break (new process, {cache} numba cache): "
                  f"{w:.2f} s wall, {c:.2f} s CPU")
    head = (f"{'shot (CPU time)':24} {'ms/shot':>9} {'best ms':>8} {'events':>7} {'pots':>5} "
            f"{'airborne':>8}")
    if pt_run:
        head += f" {'pt best ms':>12} {'pt events':>10}"
    print(head)
    for case in cases():
        name, table, pos, stroke = case
        shot = simulate(table, pos, stroke)
        ms, best = time_it(lambda t=table, p=pos, s=stroke: simulate(t, p, s), args.repeat)
        flights = sum(1 for e in shot.events if "takeoff" in e)
        line = (f"{name:24} {ms:9.2f} {best:8.2f} {shot.event_count:7d} "
                f"{len(shot.pocketed):5d} {flights:8d}")
        if pt_run:
            try:
                pms, pev = pt_run(case)
                line += f" {pms:12.1f} {pev:10d}"
            except Exception as exc:
                line += f"  pooltool failed: {type(exc).__name__}: {exc}"
        print(line)
    flat, jump = cases()[0], cases()[3]
    ratio = jump_ratio(flat, jump, args.repeat)
    print(f"break with jumps / flat break: {ratio:.2f}x (best CPU times, the two timed "
          f"alternately; target <= 1.5x)")
    if args.batch:
        from cuesport.physics import StrokeNoise, noisy_strokes, simulate_batch

        name, table, pos, stroke = cases()[0]
        strokes = noisy_strokes(stroke, StrokeNoise.computational_pool(table.ball_radius),
                                args.batch, seed=1)
        for workers in sorted({1, args.workers}):
            t0 = time.perf_counter()
            simulate_batch(table, pos, strokes, workers=workers)
            dt = time.perf_counter() - t0
            print(f"batch: {args.batch} noisy {name}s, {workers} process(es): {dt:.2f} s "
                  f"({1e3 * dt / args.batch:.2f} ms/shot)")


if __name__ == "__main__":
    main()
