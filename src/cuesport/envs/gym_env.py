"""The Gymnasium environment: one learning agent against a bot (or against itself)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

import gymnasium as gym
import numpy as np
from numpy.typing import NDArray

from cuesport.envs.core import Config, Table, reward_weights
from cuesport.envs.spaces import action_space, observation_space


class CueSportEnv(gym.Env[dict[str, Any], NDArray[np.float32]]):
    """``gymnasium.make("cuesport/nine-ball-v0", opponent="bot:medium")``; the keyword
    arguments are those of :class:`cuesport.envs.core.Config` (see :mod:`cuesport.envs`)."""

    metadata = {"render_modes": ["ansi", "svg"], "render_fps": 1}  # noqa: RUF012 - Env's

    def __init__(self, discipline: str, *, opponent: str = "bot:easy",
                 seat: int | None = 0, reward: str | Mapping[str, float] = "points",
                 frames: int = 1, decisions: str = "bot", max_strokes: int = 300,
                 max_speed: float = 8.0, max_elevation: float = 30.0,
                 start: Mapping[str, Any] | None = None,
                 rules: Mapping[str, Any] | None = None, noise: str | None = None,
                 render_mode: str | None = None) -> None:
        self.config = Config(discipline, opponent, seat, reward_weights(reward), frames,
                             decisions, max_strokes, max_speed, max_elevation, start, rules,
                             noise)
        self.table = Table(self.config)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of ansi, svg, not {render_mode!r}")
        self.render_mode = render_mode
        self.action_space = cast(gym.Space[NDArray[np.float32]], action_space())
        self.observation_space = observation_space(discipline)
        self._ready = False

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        self.table.reset(int(self.np_random.integers(1 << 62)))
        self._ready = True
        return self._obs(), self.table.info()

    def step(self, action: NDArray[np.float32]
             ) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        if not self._ready:
            raise gym.error.ResetNeeded("call reset() before step()")
        t = self.table
        tr = t.act(action)
        rewards = t.rewards(tr)
        reward = rewards[tr.striker]
        terminated = t.over
        truncated = not terminated and t.strokes >= self.config.max_strokes
        if terminated or truncated:
            self._ready = False
        return self._obs(), float(reward), terminated, truncated, t.info(tr)

    def _obs(self) -> dict[str, Any]:
        t = self.table
        seat = t.to_play if self.config.opponent == "self" else t.seat
        return t.observe(seat)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        m = self.table.match
        if self.render_mode == "svg":
            from cuesport.render import position_svg

            return position_svg(m.table, dict(m.state.balls), discipline=m.discipline)
        st = m.state
        return (f"{m.discipline} frame {m.frame_no}: score {st.score[0]}-{st.score[1]}, "
                f"frames {m.wins[0]}-{m.wins[1]}, player {st.to_play} to play, "
                f"{len(st.balls)} balls on the table")
