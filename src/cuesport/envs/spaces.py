"""The Gymnasium spaces of the environments (shared by the Gymnasium and AEC faces)."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from cuesport.disciplines import ball_names
from cuesport.envs.core import ACTION_SIZE, FLAGS, GROUPS, OPTIONS, ZONES


def action_space() -> spaces.Box:
    return spaces.Box(-1.0, 1.0, (ACTION_SIZE,), dtype=np.float32)


def observation_space(discipline: str) -> spaces.Dict:
    n = len(ball_names(discipline))
    return spaces.Dict({
        "balls": spaces.Box(-0.1, 1.1, (n, 2), dtype=np.float32),
        "mask": spaces.Box(0.0, 1.0, (n,), dtype=np.float32),
        "on": spaces.Box(0.0, 1.0, (n,), dtype=np.float32),
        "to_play": spaces.Discrete(2),
        "seat": spaces.Discrete(2),
        "score": spaces.Box(-1e4, 1e4, (2,), dtype=np.float32),
        "frames": spaces.Box(0.0, 1e4, (2,), dtype=np.float32),
        "in_hand": spaces.Discrete(len(ZONES)),
        "group": spaces.Discrete(len(GROUPS)),
        "flags": spaces.Box(0.0, 1.0, (len(FLAGS),), dtype=np.float32),
        "options": spaces.Box(0.0, 1.0, (len(OPTIONS),), dtype=np.float32),
    })
