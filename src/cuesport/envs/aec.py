"""The PettingZoo AEC environment: two learning agents, ``player_0`` and ``player_1``.

The agents are the two seats of a match; the one to act is ``agent_selection`` (the seat
to play, or to decide with ``decisions="agent"``). Actions, observations and rewards are
those of the Gymnasium environment (:mod:`cuesport.envs`), each agent seeing the table
from its own seat; both agents are rewarded after every stroke (zero-sum in points and
frames).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from cuesport.envs.core import Config, Table, reward_weights
from cuesport.envs.spaces import action_space, observation_space

AGENTS = ("player_0", "player_1")


class CueSportAEC(AECEnv):  # type: ignore[misc]
    """``cuesport.envs.pettingzoo_env("snooker", reward="frames")``."""

    metadata = {"render_modes": ["ansi"], "name": "cuesport_v0",  # noqa: RUF012 - AECEnv's
                "is_parallelizable": False}

    def __init__(self, discipline: str, *,
                 reward: str | Mapping[str, float] = "points", frames: int = 1,
                 decisions: str = "bot", max_strokes: int = 300, max_speed: float = 8.0,
                 max_elevation: float = 30.0, start: Mapping[str, Any] | None = None,
                 rules: Mapping[str, Any] | None = None, noise: str | None = None,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.config = Config(discipline, "self", 0, reward_weights(reward), frames, decisions,
                             max_strokes, max_speed, max_elevation, start, rules, noise)
        self.table = Table(self.config)
        self.possible_agents = list(AGENTS)
        self.agents: list[str] = []
        self._obs_space = observation_space(discipline)
        self._act_space = action_space()
        self.render_mode = render_mode
        self._rng = np.random.default_rng()
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = AGENTS[0]

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Box:
        return self._act_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.table.reset(int(self._rng.integers(1 << 62)))
        self.agents = list(AGENTS)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        info = self.table.info()
        self.infos = {a: dict(info) for a in self.agents}
        self.agent_selection = AGENTS[self.table.to_play]

    def observe(self, agent: str) -> dict[str, Any]:
        return self.table.observe(AGENTS.index(agent))

    def step(self, action: NDArray[np.float32] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert action is not None
        self._cumulative_rewards[agent] = 0.0
        t = self.table
        tr = t.act(action)
        r = t.rewards(tr)
        self.rewards = {AGENTS[0]: r[0], AGENTS[1]: r[1]}
        done = t.over
        cut = not done and t.strokes >= self.config.max_strokes
        info = t.info(tr)
        for a in self.agents:
            self.terminations[a] = done
            self.truncations[a] = cut
            self.infos[a] = dict(info)
        self.agent_selection = AGENTS[t.to_play]
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        m = self.table.match
        st = m.state
        return f"{m.discipline}: score {st.score[0]}-{st.score[1]}, player_{st.to_play} to play"

    def close(self) -> None:
        pass
