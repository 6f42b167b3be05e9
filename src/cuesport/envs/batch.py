"""Batch simulation: many noisy strokes from one position, in a process pool or on Ray.

``run(spec, shots=N, seed=S, backend="local"|"ray")`` simulates N strokes: stroke i is
``spec.stroke`` with the execution noise ``spec.noise`` drawn from its own seed
(:func:`shot_seed` of the master seed and i), so a shot does not depend on which worker
ran it nor on the others. The shots are cut into chunks; the same function
(:func:`run_chunk`) runs each chunk in-process (one worker), in a local process pool
(``backend="local"``, the default) or as Ray tasks (``backend="ray"``: the running Ray
runtime, a cluster at ``address``, or a new local one); the rows come back ordered by
index, so the same seed gives identical results on every backend.

A row: ``index``, ``seed``, the noisy stroke (``angle`` ... ``elevation``), ``potted``
(ball -> pocket), ``first_hit`` (the first ball the cue ball touched, or None),
``cushions`` (cushion and jaw contacts), ``events`` (internal events resolved),
``duration`` (s), ``truncated`` and ``final`` (ball -> [x, y] mm). :func:`write` saves
rows as JSON Lines, or as Parquet when pyarrow is installed (``potted`` and ``final``
then as JSON text).

Positions: a drill (:data:`DRILLS`: ``break``, the discipline's set-up with a break
stroke; ``cut``, one ball cut into the top-left corner pocket) or any position and stroke.
"""

from __future__ import annotations

import atexit
import hashlib
import json
import math
import os
import random
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from cuesport import disciplines
from cuesport.disciplines import ball_names, setup, table_for
from cuesport.equipment import TableSpec, head_string_y, pockets, spots
from cuesport.physics import Stroke, StrokeNoise, params_for, simulate

DRILLS: tuple[str, ...] = ("break", "cut")
BACKENDS: tuple[str, ...] = ("local", "ray")
Row = dict[str, Any]


class BatchError(ValueError):
    """Bad batch input (discipline, drill, backend, output format ...)."""


@dataclass(frozen=True, slots=True)
class BatchSpec:
    """What to simulate: a table, a position (ball -> (x, y) mm), a stroke and its noise."""

    table: TableSpec
    position: Mapping[str, tuple[float, float]]
    stroke: Stroke
    noise: StrokeNoise
    cue_balls: tuple[str, ...] = ("cue",)  # balls whose pot is a scratch


def drill(discipline: str, name: str = "break", seed: int = 0,
          noise: StrokeNoise | None = None) -> BatchSpec:
    """A named drill of ``discipline`` (``seed`` draws the rack where the rules leave it
    free); ``noise`` defaults to the Computational Pool tournaments' noise."""
    if discipline not in disciplines.ids():
        raise BatchError(f"unknown discipline {discipline!r}; expected one of "
                         f"{', '.join(disciplines.ids())}")
    if name not in DRILLS:
        raise BatchError(f"unknown drill {name!r}; expected one of {', '.join(DRILLS)}")
    table = table_for(discipline)
    cue = disciplines.cue_balls(discipline)[0]
    noise = noise or StrokeNoise.computational_pool(table.ball_radius)
    if name == "cut":
        target = ball_names(discipline)[-1]
        obj = (0.2 * table.width, 0.8 * table.length)
        here = (0.75 * table.width, 0.55 * table.length)
        return BatchSpec(table, {cue: here, target: obj},
                         Stroke(pot_angle(table, here, obj, "top-left"), 2.5, cue_ball=cue),
                         noise, disciplines.cue_balls(discipline))
    position = dict(setup(discipline, table, seed))
    if table.kind == "snooker":
        brown = spots(table)["brown"]
        here = (brown[0] + 100.0, brown[1] - 60.0)
        front = min((b for b in position if b.startswith("red")),
                    key=lambda b: position[b][1])  # the apex red (or 1-red's red)
        speed = 5.0
    else:
        here = (table.width / 2.0, head_string_y(table) - 20.0)
        front = min(position, key=lambda b: position[b][1])
        speed = 8.0
    position[cue] = here
    p = position[front]
    angle = math.degrees(math.atan2(p[1] - here[1], p[0] - here[0]))
    return BatchSpec(table, position, Stroke(angle, speed, height=-0.1, cue_ball=cue), noise,
                     disciplines.cue_balls(discipline))


def pot_angle(table: TableSpec, cue: tuple[float, float], obj: tuple[float, float],
              pocket: str) -> float:
    """The ghost-ball aim (degrees) that sends ``obj`` to the middle of ``pocket``'s mouth."""
    mouth = next(p.mouth_centre for p in pockets(table) if p.name == pocket)
    d = math.dist(mouth, obj)
    ghost = (obj[0] - 2 * table.ball_radius * (mouth[0] - obj[0]) / d,
             obj[1] - 2 * table.ball_radius * (mouth[1] - obj[1]) / d)
    return math.degrees(math.atan2(ghost[1] - cue[1], ghost[0] - cue[0]))


def shot_seed(seed: int, index: int) -> int:
    """The seed of shot ``index`` of a batch with master ``seed`` (63 bits, stable)."""
    digest = hashlib.blake2b(f"cuesport-batch:{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1  # fits a signed 64-bit column


def simulate_shot(spec: BatchSpec, seed: int, index: int) -> Row:
    """Shot ``index``: the noisy stroke from its own seed, simulated (no trajectories)."""
    s_seed = shot_seed(seed, index)
    stroke = spec.noise.apply(spec.stroke, random.Random(s_seed))
    shot = simulate(spec.table, spec.position, stroke, params_for(spec.table), record=False)
    cue = stroke.cue_ball
    first = next((e["hit"][1] for e in shot.events if "hit" in e and e["hit"][0] == cue), None)
    return {
        "index": index, "seed": s_seed,
        "angle": stroke.angle, "speed": stroke.speed, "side": stroke.side,
        "height": stroke.height, "elevation": stroke.elevation,
        "potted": dict(shot.pocketed), "first_hit": first,
        "cushions": sum(1 for e in shot.events if "cushion" in e),
        "events": shot.event_count, "duration": shot.duration, "truncated": shot.truncated,
        "final": {k: [v[0], v[1]] for k, v in shot.final.items()},
    }


def run_chunk(spec: BatchSpec, seed: int, start: int, stop: int) -> list[Row]:
    """Shots ``start`` .. ``stop - 1``: the unit of work of every backend."""
    return [simulate_shot(spec, seed, i) for i in range(start, stop)]


def chunks(shots: int, workers: int, size: int | None = None) -> list[tuple[int, int]]:
    """Index ranges: about eight chunks per worker, so that a slow chunk does not leave
    the other workers idle at the end (or chunks of ``size`` shots)."""
    step = size or max(1, math.ceil(shots / (8 * max(workers, 1))))
    return [(a, min(a + step, shots)) for a in range(0, shots, step)]


def run(spec: BatchSpec, shots: int, seed: int = 0, *, backend: str = "local",
        workers: int | None = None, address: str | None = None,
        chunk: int | None = None) -> list[Row]:
    """Simulate ``shots`` noisy strokes of ``spec``; rows ordered by index.

    ``workers``: processes of the local pool (default: every core; 1 runs in this
    process; the pool is kept for the next batch, :func:`close` stops it) or, on Ray, the
    most chunks in flight at once (and the CPUs of a local runtime started here).
    ``address``: a Ray cluster to join (``"auto"`` finds a running one).
    """
    if shots < 0:
        raise BatchError(f"the number of shots must be >= 0, not {shots}")
    if backend not in BACKENDS:
        raise BatchError(f"unknown backend {backend!r}; expected local or ray")
    if address is not None and backend != "ray":
        raise BatchError("--address is for the ray backend")
    n = workers or os.cpu_count() or 1
    parts = chunks(shots, n, chunk)
    if backend == "ray":
        return _gather(_ray_map(spec, seed, parts, address, workers))
    if n <= 1 or len(parts) <= 1:
        return _gather(run_chunk(spec, seed, a, b) for a, b in parts)
    from concurrent.futures.process import BrokenProcessPool

    for attempt in (0, 1):
        pool = _pool(n)
        try:
            futures = [pool.submit(run_chunk, spec, seed, a, b) for a, b in parts]
            return _gather(f.result() for f in futures)
        except BrokenProcessPool:  # a worker died (killed, out of memory): a fresh pool
            close(n)
            if attempt:
                raise
    raise AssertionError("unreachable")


_pools: dict[int, Any] = {}  # workers -> ProcessPoolExecutor, kept between batches
_pools_lock = threading.Lock()


def _pool(workers: int) -> Any:
    """The local pool of ``workers`` processes, started once and kept for later batches
    (as Ray keeps its workers): a batch does not pay for starting and stopping processes
    (0.1-0.2 s a batch on a busy 2-core machine, see ``bench/envs-results.md``)."""
    from concurrent.futures import ProcessPoolExecutor

    with _pools_lock:
        pool = _pools.get(workers)
        if pool is not None and not _all_alive(pool):
            # a worker died between batches: the executor may not have noticed yet
            del _pools[workers]
            pool.shutdown(wait=False, cancel_futures=True)
            pool = None
        if pool is None:
            pool = _pools[workers] = ProcessPoolExecutor(max_workers=workers)
        return pool


def _all_alive(pool: Any) -> bool:
    procs = getattr(pool, "_processes", None) or {}  # private, but no public way to ask
    return all(p.is_alive() for p in procs.values())


def close(workers: int | None = None) -> None:
    """Stop the local pool of ``workers`` processes (None: every pool) that batches keep;
    the next batch starts a new one. An atexit hook closes them all at the interpreter's
    exit."""
    with _pools_lock:
        pools = [p for k, p in _pools.items() if workers is None or k == workers]
        for k in [k for k in _pools if workers is None or k == workers]:
            del _pools[k]
    for p in pools:
        p.shutdown(wait=True, cancel_futures=True)


# A pool still kept when the interpreter finalises is collected after concurrent.futures'
# own globals are gone, and its callback prints "'NoneType' object has no attribute
# 'util'": close the pools while the modules are whole.
atexit.register(close)


def _gather(parts: Iterable[list[Row]]) -> list[Row]:
    rows = [r for part in parts for r in part]
    rows.sort(key=lambda r: int(r["index"]))
    return rows


def _ray_map(spec: BatchSpec, seed: int, parts: Sequence[tuple[int, int]],
             address: str | None, workers: int | None) -> list[list[Row]]:
    try:
        import ray
    except ImportError:
        raise BatchError("the ray backend needs Ray: pip install 'cuesport[cluster]'") from None
    if not ray.is_initialized():
        if address is not None:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=workers, log_to_driver=False, include_dashboard=False)
    task: Callable[..., Any] = ray.remote(num_cpus=1)(run_chunk).remote
    ref = ray.put(spec)
    limit = workers or len(parts)  # at most this many chunks in flight
    out: dict[int, list[Row]] = {}
    flight: dict[Any, int] = {}
    for i, (a, b) in enumerate(parts):
        if len(flight) >= limit:
            done, _ = ray.wait(list(flight), num_returns=1)
            for d in done:
                out[flight.pop(d)] = ray.get(d)
        flight[task(ref, seed, a, b)] = i
    for d, i in flight.items():
        out[i] = ray.get(d)
    return [out[i] for i in range(len(parts))]


# ---------------------------------------------------------------- output


def write(rows: Sequence[Row], path: str | Path) -> Path:
    """Rows to ``path``: ``.jsonl`` (JSON Lines) or ``.parquet`` (needs pyarrow)."""
    p = Path(path)
    if p.suffix == ".jsonl":
        with p.open("w", encoding="utf-8") as f:
            for r in rows:
                f.write(json.dumps(r) + "\n")
        return p
    if p.suffix == ".parquet":
        try:
            import pyarrow as pa  # type: ignore[import-untyped]
            import pyarrow.parquet as pq  # type: ignore[import-untyped]
        except ImportError:
            raise BatchError("writing Parquet needs pyarrow: pip install 'cuesport[parquet]' "
                             "(or write .jsonl)") from None
        flat = [r | {"potted": json.dumps(r["potted"]), "final": json.dumps(r["final"])}
                for r in rows]
        pq.write_table(pa.Table.from_pylist(flat), p)
        return p
    raise BatchError(f"unknown output format {p.suffix!r}; expected .jsonl or .parquet")


def summary(rows: Sequence[Row], spec: BatchSpec) -> dict[str, Any]:
    """Shares of the outcomes: a pot, the cue ball potted, each ball potted."""
    n = max(len(rows), 1)
    cues = set(spec.cue_balls)
    per: dict[str, int] = {}
    for r in rows:
        for b in r["potted"]:
            per[b] = per.get(b, 0) + 1
    return {
        "shots": len(rows),
        "pot_rate": sum(1 for r in rows if set(r["potted"]) - cues) / n,
        "scratch_rate": sum(1 for r in rows if set(r["potted"]) & cues) / n,
        "potted": {b: c / n for b, c in sorted(per.items())},
    }


def from_position(discipline: str, balls: Mapping[str, Sequence[float]], stroke: Stroke,
                  noise: StrokeNoise | None = None) -> BatchSpec:
    """Any position (ball -> (x, y) mm, the cue ball included) and stroke."""
    if discipline not in disciplines.ids():
        raise BatchError(f"unknown discipline {discipline!r}")
    table = table_for(discipline)
    try:
        position = {str(k): (float(v[0]), float(v[1])) for k, v in balls.items()}
        simulate(table, position, replace(stroke, speed=0.0), record=False)  # checks it
    except (TypeError, ValueError, IndexError) as err:
        raise BatchError(f"bad position or stroke: {err}") from None
    return BatchSpec(table, position, stroke,
                     noise or StrokeNoise.computational_pool(table.ball_radius),
                     disciplines.cue_balls(discipline))


def with_stroke(spec: BatchSpec, values: Sequence[float]) -> BatchSpec:
    """``spec`` with the stroke's angle, speed[, side, height, elevation] replaced."""
    names = ("angle", "speed", "side", "height", "elevation")
    if not 2 <= len(values) <= 5:
        raise BatchError("a stroke is ANGLE SPEED [SIDE HEIGHT ELEVATION]")
    old = spec.stroke
    v = [float(x) for x in values] + [getattr(old, n) for n in names[len(values):]]
    stroke = Stroke(v[0], v[1], v[2], v[3], v[4], cue_ball=old.cue_ball)
    try:
        stroke.validate()
    except ValueError as err:
        raise BatchError(str(err)) from None
    return replace(spec, stroke=stroke)
