"""Research-face figures: the nine-ball environment's strokes per second, batch scaling.

    python bench/envs.py [--strokes 2000] [--shots 400] [--repeat 3] [--no-ray]

(a) ``cuesport/nine-ball-v0`` with ``opponent="self"`` (no bot thinking) and uniformly
random actions, resetting when an episode ends: strokes per CPU second of this process
(``time.process_time``) and per wall second. Every stroke is simulated and ruled.
(b) ``cuesport.envs.batch.run`` on the nine-ball break drill (a full rack at 8 m/s, the
Computational Pool noise): wall seconds with 1 and 2 workers, on the local process pool
(1 worker: in this process) and on a local Ray runtime of 2 CPUs (``workers`` chunks in
flight at once; after a warm-up batch, so Ray's worker start-up is not counted). The cases
are interleaved ``--repeat`` times; the best and the median are printed, with the load
average: the machine may be shared. (c) The same scaling from CPU time (see
:func:`cpu_span`), which a busy machine does not distort as it does wall time.
(d) ``--only pieces``: where a 2-worker local batch loses time, piece by piece (see
:func:`pieces`).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import numpy as np


def load() -> str:
    return "load {:.1f} {:.1f} {:.1f}".format(*os.getloadavg())


def env_rate(strokes: int) -> None:
    import cuesport.envs
    from cuesport.envs.core import ACTION_SIZE

    env = cuesport.envs.make("nine-ball", opponent="self", max_strokes=10_000)
    rng = np.random.default_rng(0)
    env.reset(seed=0)
    episodes = 1
    c0, w0 = time.process_time(), time.perf_counter()
    for _ in range(strokes):
        _, _, term, trunc, _ = env.step(rng.uniform(-1, 1, ACTION_SIZE).astype(np.float32))
        if term or trunc:
            env.reset()
            episodes += 1
    cpu, wall = time.process_time() - c0, time.perf_counter() - w0
    print(f"nine-ball env, no opponent: {strokes} strokes in {episodes} episodes: "
          f"{strokes / cpu:.0f} strokes per CPU second, {strokes / wall:.0f} per wall "
          f"second ({load()})", flush=True)


def batch_scaling(shots: int, repeat: int, ray_too: bool) -> None:
    from cuesport.envs import batch

    spec = batch.drill("nine-ball", "break", seed=1)
    ref = batch.run(spec, shots, seed=0, workers=1)
    backends = ["local"]
    if ray_too:
        import ray

        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        batch.run(spec, 8, seed=9, backend="ray", workers=2)  # start Ray's workers
        backends.append("ray")
    t: dict[tuple[str, int], list[float]] = {}
    try:
        for b in backends:
            for k in (1, 2):
                assert batch.run(spec, shots, seed=0, backend=b, workers=k) == ref
        for _ in range(repeat):  # interleaved, so that a change of load hits every case
            for b in backends:
                for k in (1, 2):
                    w0 = time.perf_counter()
                    batch.run(spec, shots, seed=0, backend=b, workers=k)
                    t.setdefault((b, k), []).append(time.perf_counter() - w0)
            print(f"  round done ({load()})", flush=True)
    finally:
        if ray_too:
            ray.shutdown()
    for b in backends:
        for k in (1, 2):
            s = min(t[(b, k)])
            print(f"batch {b}, {k} worker(s): {shots} breaks in {s:.2f} s, {shots / s:.0f} "
                  f"shots/s (best of {repeat}; all: "
                  f"{', '.join(f'{x:.2f}' for x in t[(b, k)])})", flush=True)
        print(f"batch {b} scaling 1 -> 2 cores: {min(t[(b, 1)]) / min(t[(b, 2)]):.2f}x "
              f"(median {statistics.median(t[(b, 1)]) / statistics.median(t[(b, 2)]):.2f}x)",
              flush=True)


def timed_chunk(spec: object, seed: int, a: int, b: int) -> tuple[int, float, int]:
    """``batch.run_chunk`` with the CPU seconds it took, and in which process."""
    from cuesport.envs import batch

    c0 = time.process_time()
    rows = batch.run_chunk(spec, seed, a, b)  # type: ignore[arg-type]
    return os.getpid(), time.process_time() - c0, len(rows)


def cpu_span(shots: int, ray_too: bool) -> None:
    """Scaling from CPU time, which other tenants of the machine inflate less than wall
    time: the serial CPU time of every chunk against the critical path of a 2-worker run
    (the most CPU any one worker spent, plus the driver's own CPU for dispatching and
    gathering), and against half the workers' total (the work evenly shared). A Ray
    worker's CPU time includes its runtime threads; Ray's daemons are not counted."""
    from concurrent.futures import ProcessPoolExecutor

    from cuesport.envs import batch

    spec = batch.drill("nine-ball", "break", seed=1)
    parts = batch.chunks(shots, 2)
    c0 = time.process_time()
    for a, b in parts:
        batch.run_chunk(spec, 0, a, b)
    serial = time.process_time() - c0
    runs: dict[str, list[tuple[int, float, int]]] = {}
    drivers: dict[str, float] = {}
    c0 = time.process_time()
    with ProcessPoolExecutor(max_workers=2) as pool:
        runs["local"] = [f.result() for f in [pool.submit(timed_chunk, spec, 0, a, b)
                                              for a, b in parts]]
    drivers["local"] = time.process_time() - c0
    if ray_too:
        import ray

        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        try:
            task = ray.remote(num_cpus=1)(timed_chunk).remote
            ray.get([task(spec, 9, 0, 2) for _ in range(4)])  # start the workers
            c0 = time.process_time()
            runs["ray"] = ray.get([task(spec, 0, a, b) for a, b in parts])
            drivers["ray"] = time.process_time() - c0
        finally:
            ray.shutdown()
    for name, out in runs.items():
        per: dict[int, float] = {}
        for pid, cpu, _ in out:
            per[pid] = per.get(pid, 0.0) + cpu
        span = max(per.values()) + drivers[name]
        print(f"batch {name}, CPU critical path: serial {serial:.2f} CPU s, 2 workers "
              f"{span:.2f} CPU s (workers {', '.join(f'{v:.2f}' for v in per.values())}, "
              f"driver {drivers[name]:.2f} s): {serial / span:.2f}x; with the work evenly "
              f"shared: {serial / (sum(per.values()) / 2 + drivers[name]):.2f}x", flush=True)


def pieces(shots: int) -> None:
    """Where a 2-worker local batch could lose time against the ideal half, each piece
    timed apart: (1) chunk imbalance, from each shot's CPU time and a list schedule of the
    chunks on 2 workers (no wall clock involved); (2) a pool's start and stop per batch,
    a fresh pool against the kept one (wall, best of 5); (3) the workers' CPU for the same
    chunks against this process's, both workers busy and one at a time (a worker's own
    costs, such as cold caches or copy-on-write, against two busy cores' contention)."""
    import heapq
    from concurrent.futures import ProcessPoolExecutor

    from cuesport.envs import batch

    spec = batch.drill("nine-ball", "break", seed=1)
    cost = []
    for i in range(shots):
        c0 = time.process_time()
        batch.simulate_shot(spec, 0, i)
        cost.append(time.process_time() - c0)
    parts = batch.chunks(shots, 2)
    free = [0.0, 0.0]
    for a, b in parts:  # each chunk to the first worker free, as both backends do
        heapq.heappush(free, heapq.heappop(free) + sum(cost[a:b]))
    print(f"pieces, {shots} breaks: serial {sum(cost):.2f} CPU s; (1) {len(parts)} chunks "
          f"on 2 workers: makespan {max(free):.2f} CPU s, {sum(cost) / max(free):.3f}x "
          f"({load()})", flush=True)
    tiny = [(0, 1), (1, 2)]
    fresh, kept = [], []
    batch.close()
    batch.run(spec, 2, seed=0, workers=2, chunk=1)  # the kept pool, started
    for _ in range(5):
        w0 = time.perf_counter()
        with ProcessPoolExecutor(max_workers=2) as pool:
            [f.result() for f in [pool.submit(batch.run_chunk, spec, 0, a, b) for a, b in tiny]]
        fresh.append(time.perf_counter() - w0)
        w0 = time.perf_counter()
        batch.run(spec, 2, seed=0, workers=2, chunk=1)
        kept.append(time.perf_counter() - w0)
    print(f"(2) a 2-shot batch on a fresh pool {min(fresh) * 1000:.0f} ms, on the kept pool "
          f"{min(kept) * 1000:.0f} ms: {1000 * (min(fresh) - min(kept)):.0f} ms a batch for "
          f"starting and stopping the processes ({load()})", flush=True)
    pool = batch._pool(2)
    out = [f.result() for f in [pool.submit(timed_chunk, spec, 0, a, b) for a, b in parts]]
    both = sum(c for _, c, _ in out)
    alone = sum(pool.submit(timed_chunk, spec, 0, a, b).result()[1] for a, b in parts)
    print(f"(3) the chunks' CPU in the 2 workers: both busy {both:.2f} s, one at a time "
          f"{alone:.2f} s, against {sum(cost):.2f} s here: {both / sum(cost):.3f}x and "
          f"{alone / sum(cost):.3f}x ({load()})", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--strokes", type=int, default=2000)
    ap.add_argument("--shots", type=int, default=400)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-ray", action="store_true")
    ap.add_argument("--only", choices=("env", "batch", "cpu", "pieces"))
    args = ap.parse_args()
    print(f"cores: {os.cpu_count()}, {load()}", flush=True)
    if args.only in (None, "env"):
        env_rate(args.strokes)
    if args.only in (None, "batch"):
        batch_scaling(args.shots, args.repeat, not args.no_ray)
    if args.only in (None, "cpu"):
        cpu_span(args.shots, not args.no_ray)
    if args.only == "pieces":
        pieces(args.shots)


if __name__ == "__main__":
    main()
