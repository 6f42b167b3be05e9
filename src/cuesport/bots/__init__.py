"""Bots: players that choose strokes with the physics and the referee (four levels).

``Bot("strong")`` plays any of the six disciplines: :mod:`aim` finds pots by ghost-ball
geometry, :mod:`search` simulates candidate strokes and values them with the referee's
pure ``shot``, :mod:`choices` takes the decisions, :mod:`levels` sets noise and budgets.
A bot thinks for a fixed number of simulations, so a seed replays the same strokes.
"""

from __future__ import annotations

import math
import random

from cuesport.bots.aim import in_hand_spots
from cuesport.bots.choices import decide, should_concede
from cuesport.bots.levels import LEVELS, NOISE_PRESETS, noise_for
from cuesport.bots.moves import Choose, Concede, Move, Strike
from cuesport.bots.search import Budget, Candidate, Choice, Turn, best_stroke
from cuesport.physics import Stroke, StrokeNoise

__all__ = ["LEVELS", "NOISE_PRESETS", "Bot", "Budget", "Candidate", "Turn"]


class Bot:
    """A computer player of a given level (``easy``, ``medium``, ``strong``, ``pro``).

    ``noise="olympiad"`` plays the level's search with the Computer Olympiad's execution
    noise instead of the level's own (:mod:`cuesport.bots.levels`)."""

    is_bot = True

    def __init__(self, level: str = "medium", seed: int | None = None,
                 name: str | None = None, noise: str = "level") -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r}; expected one of {', '.join(LEVELS)}")
        if noise not in NOISE_PRESETS:
            raise ValueError(f"unknown noise preset {noise!r}; expected one of "
                             f"{', '.join(NOISE_PRESETS)}")
        self.level = level
        self.preset = noise
        self.noise: StrokeNoise
        self.budget: Budget
        self.noise, self.budget = LEVELS[level]
        self.rng = random.Random(seed)
        self.name = name or f"bot:{level}"
        self.simulations = 0
        self.events = 0  # physics events simulated, all decisions together
        self.last_choice: Choice | None = None  # the plan behind the last stroke

    def choose(self, turn: Turn) -> Move:
        turn.rng = self.rng
        self.noise = noise_for(self.level, self.preset, turn.table.ball_radius)
        if turn.state.options:
            return Choose(decide(turn))
        if should_concede(turn):
            return Concede()
        try:
            choice = best_stroke(turn, self.budget, self.noise)
        except RuntimeError:
            return self._fallback(turn)
        self.simulations += choice.simulations
        self.events += choice.events
        self.last_choice = choice
        c = choice.candidate
        stroke = self.noise.apply(c.stroke, self.rng)
        return Strike(stroke, c.cue_ball, c.nominate, c.call, c.push_out, c.kind, c.target)

    def _fallback(self, turn: Turn) -> Move:
        """Nothing simulated cleanly: a plain stroke at the nearest ball (never expected)."""
        st = turn.state
        spot = None
        if st.in_hand is not None:
            spots = in_hand_spots(turn.table, st.in_hand, st.balls, turn.cue, turn.targets(), 1)
            spot = spots[0] if spots else None
        here = spot or st.balls.get(turn.cue, (turn.table.width / 2, turn.table.length / 4))
        others = [b for b in st.balls if b != turn.cue]
        angle = 90.0
        if others:
            b = min(others, key=lambda n: math.dist(st.balls[n], here))
            angle = math.degrees(math.atan2(st.balls[b][1] - here[1], st.balls[b][0] - here[0]))
        return Strike(Stroke(angle, 2.0, cue_ball=turn.cue), spot, kind="escape")

    def lag_speed(self) -> float:
        """Cue speed for the lag (POOL-1.2): to the foot rail and back near the head rail."""
        return max(0.5, self.rng.gauss(2.55, 0.3 * self.noise.speed / 0.08 + 0.02))
