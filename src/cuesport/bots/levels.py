"""The three bot levels: execution noise and search budget.

The noise is the standard deviation of each stroke parameter (:class:`StrokeNoise`); the
strong level is close to the Computational Pool tournament noise, the easy one a club
player's.
"""

from __future__ import annotations

from cuesport.bots.search import Budget
from cuesport.physics import StrokeNoise

LEVELS: dict[str, tuple[StrokeNoise, Budget]] = {
    "easy": (
        StrokeNoise(angle=0.5, speed=0.2, side=0.05, height=0.05, elevation=0.0),
        Budget(lines=2, speeds=(0.8, 1.1), heights=(0.0,), safeties=2, keep=0, samples=0,
               spots=2, escape_step=15.0, look=False, refine=False, seconds=0.2),
    ),
    "medium": (
        StrokeNoise(angle=0.2, speed=0.08, side=0.03, height=0.03, elevation=0.0),
        Budget(lines=4, speeds=(0.8, 1.1), heights=(-0.4, 0.3), safeties=6, keep=3,
               samples=3, spots=3, escape_step=8.0, seconds=0.4),
    ),
    "strong": (
        StrokeNoise(angle=0.045, speed=0.03, side=0.01, height=0.01, elevation=0.0),
        Budget(lines=6, speeds=(0.7, 0.9, 1.2, 1.6), heights=(-0.6, -0.2, 0.2, 0.5),
               safeties=6, keep=6, samples=8, spots=5, escape_step=5.0, seconds=0.5),
    ),
}
