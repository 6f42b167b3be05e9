"""A random agent on every discipline's Gymnasium environment, against the easy bot.

    .venv/bin/python examples/rl/random_agent.py [--episodes 3] [--discipline nine-ball]

Prints, per episode, the strokes played, the return and who won (a random agent mostly
fouls, so the bot wins). The same ``--seed`` prints the same lines.
"""

from __future__ import annotations

import argparse

import gymnasium as gym

import cuesport.envs


def main(argv: list[str] | None = None) -> list[tuple[str, int, float, int | None]]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--discipline", choices=cuesport.envs.DISCIPLINES, action="append")
    ap.add_argument("--episodes", type=int, default=1)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--max-strokes", type=int, default=60)
    args = ap.parse_args(argv)
    out = []
    for d in args.discipline or cuesport.envs.DISCIPLINES:
        env = gym.make(cuesport.envs.env_id(d), opponent="bot:easy",
                       max_strokes=args.max_strokes)
        env.action_space.seed(args.seed)
        for ep in range(args.episodes):
            env.reset(seed=args.seed + ep)
            total, strokes, done = 0.0, 0, False
            while not done:
                _, reward, terminated, truncated, info = env.step(env.action_space.sample())
                total += float(reward)
                strokes += 1
                done = terminated or truncated
            print(f"{d:16s} episode {ep}: {strokes:3d} strokes, return {total:+6.1f}, "
                  f"winner {info['winner']}")
            out.append((d, strokes, total, info["winner"]))
        env.close()
    return out


if __name__ == "__main__":
    main()
