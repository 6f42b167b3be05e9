"""The PettingZoo AEC environment: the API test, turns, seeding, zero-sum rewards."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test

import cuesport.envs as ce
from cuesport.envs.core import ACTION_SIZE


@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably")
@pytest.mark.parametrize("discipline", ce.DISCIPLINES)
def test_api_test_passes(discipline: str) -> None:
    env = ce.pettingzoo_env(discipline=discipline, max_strokes=40)
    api_test(env, num_cycles=60)


def _play(seed: int, n: int) -> list[object]:
    env = ce.pettingzoo_env(discipline="eight-ball", max_strokes=30)
    env.reset(seed=seed)
    rng = np.random.default_rng(5)
    out: list[object] = []
    for agent in env.agent_iter(max_iter=n):
        obs, reward, term, trunc, _ = env.last()
        assert obs["seat"] == int(agent[-1])  # each agent sees the table from its seat
        out.append((agent, reward, obs["balls"].tolist()))
        act = None if term or trunc else rng.uniform(-1, 1, ACTION_SIZE).astype(np.float32)
        env.step(act)
    return out


def test_the_agent_to_act_is_the_seat_to_play_and_seeds_replay() -> None:
    a = _play(3, 40)
    assert a == _play(3, 40)
    assert {x[0] for x in a} == {"player_0", "player_1"}  # both agents play


def test_rewards_are_zero_sum_in_points() -> None:
    env = ce.pettingzoo_env(discipline="snooker", max_strokes=20)
    env.reset(seed=1)
    rng = np.random.default_rng(0)
    for _ in range(20):
        if not env.agents:
            break
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            continue
        env.step(rng.uniform(-1, 1, ACTION_SIZE).astype(np.float32))
        assert env.rewards["player_0"] == -env.rewards["player_1"]
