"""The three bot levels: execution noise and search budget.

The noise is the standard deviation of each stroke parameter (:class:`StrokeNoise`); the
strong level is close to the Computational Pool tournament noise, the easy one a club
player's.
"""

from __future__ import annotations

from cuesport.game.bots.search import Budget
from cuesport.physics import StrokeNoise

LEVELS: dict[str, tuple[StrokeNoise, Budget]] = {
    "easy": (
        StrokeNoise(angle=0.5, speed=0.2, side=0.05, height=0.05, elevation=0.0),
        Budget(lines=2, speeds=(1.0, 1.6), heights=(0.0,), safeties=2, keep=0, samples=0,
               spots=2, escape_step=15.0, look=False),
    ),
    "medium": (
        StrokeNoise(angle=0.2, speed=0.08, side=0.03, height=0.03, elevation=0.0),
        Budget(lines=4, speeds=(1.0, 1.6), heights=(-0.4, 0.3), safeties=6, keep=3,
               samples=3, spots=3, escape_step=8.0),
    ),
    "strong": (
        StrokeNoise(angle=0.06, speed=0.04, side=0.015, height=0.015, elevation=0.0),
        Budget(lines=5, speeds=(1.0, 1.5, 2.2), heights=(-0.5, 0.0, 0.4), safeties=6,
               keep=4, samples=4, spots=4, escape_step=5.0),
    ),
}
