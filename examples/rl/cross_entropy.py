"""A small learner: the cross-entropy method over aim and speed on a fixed nine-ball drill.

The drill: the cue ball at (0.75 W, 0.55 L), the 9 at (0.2 W, 0.8 L), to be cut into the
top-left corner pocket; potting it wins the rack (reward 1 with ``reward="frames"``). Each
episode is one stroke (``max_strokes=1``, ``opponent="self"``) played with the medium bot's
execution noise, so the pot rate of an aim is a probability. The learner knows only where
the balls are: it starts aiming straight at the 9 (a miss: the pot needs a cut) at a
middling speed, samples ``--population`` strokes round its mean, keeps the best
``--elite`` by fitness (the reward, plus a little for leaving the 9 nearer the pocket) and
refits the mean and spread. At the end it measures the pot rate of its mean stroke on
``--eval`` fresh episodes.

    .venv/bin/python examples/rl/cross_entropy.py            # well under a minute, one core
    .venv/bin/python examples/rl/cross_entropy.py --workers 2 --iterations 20

Same ``--seed``, same result.
"""

from __future__ import annotations

import argparse
import math
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import numpy as np

import cuesport.envs
from cuesport.disciplines import table_for
from cuesport.envs.batch import pot_angle
from cuesport.envs.core import ACTION_SIZE
from cuesport.equipment import pockets

TABLE = table_for("nine-ball")
CUE = (0.75 * TABLE.width, 0.55 * TABLE.length)
NINE = (0.2 * TABLE.width, 0.8 * TABLE.length)
START = {"balls": {"cue": list(CUE), "9": list(NINE)}, "to_play": 0}
POCKET = next(p.mouth_centre for p in pockets(TABLE) if p.name == "top-left")


@dataclass(frozen=True)
class Result:
    pot_rate: float
    start_rate: float
    ghost_rate: float  # the ghost-ball aim at the learnt speed, for reference
    mean: tuple[float, float]
    history: tuple[float, ...]  # mean fitness of each generation


def make_env() -> object:
    return cuesport.envs.make("nine-ball", opponent="self", reward="frames", max_strokes=1,
                              start=START, noise="medium")


def play(job: tuple[float, float, int]) -> tuple[float, float]:
    """One episode of the stroke (angle, speed in action units): (reward, fitness)."""
    angle, speed, seed = job
    env = make_env()
    env.reset(seed=seed)  # type: ignore[attr-defined]
    a = np.zeros(ACTION_SIZE, dtype=np.float32)
    a[0], a[1] = angle, speed
    obs, reward, *_ = env.step(a)  # type: ignore[attr-defined]
    fitness = float(reward)
    if obs["mask"][9] > 0:  # the 9 is still on the table: how near the pocket it stopped
        x, y = obs["balls"][9]
        d = math.dist((x * TABLE.width, y * TABLE.length), POCKET)
        fitness += 0.3 * max(0.0, 1.0 - d / math.dist(NINE, POCKET))
    return float(reward), fitness


def run(iterations: int = 12, population: int = 64, elite: int = 10, evals: int = 200,
        seed: int = 0, workers: int = 1) -> Result:
    rng = np.random.default_rng(seed)
    naive = math.degrees(math.atan2(NINE[1] - CUE[1], NINE[0] - CUE[0])) / 180.0
    mean = np.array([naive, -0.5])  # straight at the 9, 2 m/s
    std = np.array([6.0 / 180.0, 0.25])
    pool = ProcessPoolExecutor(workers) if workers > 1 else None
    mapper = pool.map if pool is not None else map
    history = []
    try:
        for it in range(iterations):
            samples = mean + std * rng.standard_normal((population, 2))
            samples[:, 1] = np.clip(samples[:, 1], -1.0, 1.0)
            seeds = rng.integers(1 << 30, size=population)
            jobs = [(float(s[0]), float(s[1]), int(k)) for s, k in zip(samples, seeds,
                                                                        strict=True)]
            scores = np.array([f for _, f in mapper(play, jobs)])
            best = samples[np.argsort(-scores)[:elite]]
            mean = best.mean(axis=0)
            std = np.maximum(best.std(axis=0), [0.05 / 180.0, 0.01])
            history.append(float(scores.mean()))
            print(f"generation {it + 1:2d}: mean fitness {scores.mean():.3f}, aim "
                  f"{mean[0] * 180:.2f} deg, speed {(mean[1] + 1) * 4:.2f} m/s", flush=True)

        def rate(angle: float, speed: float) -> float:
            jobs = [(angle, speed, 10_000_000 + k) for k in range(evals)]
            return sum(r for r, _ in mapper(play, jobs)) / evals

        start_rate = rate(naive, -0.5)
        pot_rate = rate(float(mean[0]), float(mean[1]))
        ghost = pot_angle(TABLE, CUE, NINE, "top-left") / 180.0
        ghost_rate = rate(ghost, float(mean[1]))
    finally:
        if pool is not None:
            pool.shutdown()
    print(f"pot rate over {evals} episodes: {pot_rate:.1%} (the starting stroke: "
          f"{start_rate:.1%}; the ghost-ball aim at the learnt speed: {ghost_rate:.1%})")
    return Result(pot_rate, start_rate, ghost_rate, (float(mean[0]), float(mean[1])),
                  tuple(history))


def main(argv: list[str] | None = None) -> Result:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iterations", type=int, default=12)
    ap.add_argument("--population", type=int, default=64)
    ap.add_argument("--elite", type=int, default=10)
    ap.add_argument("--eval", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=1)
    a = ap.parse_args(argv)
    return run(a.iterations, a.population, a.elite, a.eval, a.seed, a.workers)


if __name__ == "__main__":
    main()
