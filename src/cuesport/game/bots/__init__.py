"""Bots: players that choose strokes with the physics and the referee (three levels).

``Bot("strong")`` plays any of the six disciplines: :mod:`aim` finds pots by ghost-ball
geometry, :mod:`search` simulates candidate strokes and values them with the referee's
pure ``shot``, :mod:`choices` takes the decisions, :mod:`levels` sets noise and budgets.
"""

from __future__ import annotations

import random

from cuesport.game.bots.choices import decide, should_concede
from cuesport.game.bots.levels import LEVELS
from cuesport.game.bots.search import Budget, Candidate, Turn, best_stroke
from cuesport.game.moves import Choose, Concede, Move, Strike
from cuesport.physics import StrokeNoise

__all__ = ["LEVELS", "Bot", "Budget", "Candidate", "Turn"]


class Bot:
    """A computer player of a given level (``easy``, ``medium``, ``strong``)."""

    is_bot = True

    def __init__(self, level: str = "medium", seed: int | None = None,
                 name: str | None = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r}; expected one of {', '.join(LEVELS)}")
        self.level = level
        self.noise: StrokeNoise
        self.budget: Budget
        self.noise, self.budget = LEVELS[level]
        self.rng = random.Random(seed)
        self.name = name or f"bot:{level}"
        self.simulations = 0

    def choose(self, turn: Turn) -> Move:
        turn.rng = self.rng
        if turn.state.options:
            return Choose(decide(turn))
        if should_concede(turn):
            return Concede()
        choice = best_stroke(turn, self.budget, self.noise)
        self.simulations += choice.simulations
        c = choice.candidate
        stroke = self.noise.apply(c.stroke, self.rng)
        return Strike(stroke, c.cue_ball, c.nominate, c.call, c.push_out, c.kind, c.target)

    def lag_speed(self) -> float:
        """Cue speed for the lag (POOL-1.2): to the foot rail and back near the head rail."""
        return max(0.5, self.rng.gauss(2.55, 0.3 * self.noise.speed / 0.08 + 0.02))
