"""The bot levels: execution noise and search budget, and the noise presets.

Noise is the standard deviation of each stroke parameter (:class:`StrokeNoise`: angle in
degrees, speed in m/s, side and height in fractions of the ball radius, elevation in
degrees). The budget is a number of simulations and of simulated physics events per
decision (:class:`Budget`), never a time, so a level plays the same on a busy machine.

======== ======= ======= ====== ====== ===== ====== =====================================
level    angle   speed   side   height sims  events what it is
======== ======= ======= ====== ====== ===== ====== =====================================
easy     0.5     0.2     0.05   0.05   40    1500   a club player; no look at the position
medium   0.2     0.08    0.03   0.03   150   4000   a good amateur
strong   0.045   0.03    0.01   0.01   400   20000  a top amateur (under 2 s a decision)
pro      0.03    0.02    0.007  0.007  2400  60000  slower, strongest: a wider search
======== ======= ======= ====== ====== ===== ====== =====================================

``events`` caps the physics events (``Shot.event_count``) a decision may simulate: a
stroke into a full snooker pack costs many times the events of one late in a frame, so
the number of simulations alone does not bound a decision's time (on one core, about
0.1 to 0.15 s per thousand events plus under a millisecond per simulation).
``strong`` and ``pro`` also simulate the second stroke of each pot they consider
(``deep_lines``: the next ball's best lines with a few speeds and spins), so that the
position a pot leaves is valued by the pot it really gives and the ball after that.
``pro`` spends its larger caps on the same search made wider: more candidates re-simulated
under the noise (14, strong 8) with more samples each (16, strong 8), and six second-stroke
variants (strong's four, a middle pace with stun and with follow).
In snooker and 1-red (``BotHints.position_play``) they may run twice their simulations,
within the same event cap, on position (:func:`cuesport.bots.snooker.widen`).
Both aim each pot of their noisy stage at the middle of its window and value it by the
window's chance to pot (``window``, :mod:`cuesport.bots.window`): up to 13 noise-free
simulations a pot, on top of the simulations above and within the same event cap.

The ``olympiad`` noise preset is that of the Computer Olympiad and Computational Pool
tournaments (ICGA 2008; Archibald, Altman, Shoham): sigma of the tip offsets a, b 0.5 mm,
elevation theta 0.1 degree, aim phi 0.125 degree, speed V 0.075 m/s (so that figures
compare with the published pool agents); it depends on the ball radius, see
:func:`noise_for`.
"""

from __future__ import annotations

from cuesport.bots.search import Budget
from cuesport.physics import StrokeNoise

# pro's second stroke: strong's four (speed factor, height) variants and a middle pace
# with stun and with follow, so that its wider search values the position a pot leaves
# by more of the ways to play the next ball
PRO_DEEP = ((0.9, -0.4), (0.9, 0.3), (1.4, -0.4), (1.4, 0.3), (1.15, 0.0), (1.15, 0.6))

LEVELS: dict[str, tuple[StrokeNoise, Budget]] = {
    "easy": (
        StrokeNoise(angle=0.5, speed=0.2, side=0.05, height=0.05, elevation=0.0),
        Budget(lines=2, speeds=(0.8, 1.1), heights=(0.0,), safeties=2, keep=0, samples=0,
               spots=2, escape_step=15.0, escape_targets=1, escape_offsets=(0.0,),
               escape_speeds=(2.5,), look=False, refine_lines=0, simulations=40,
               break_simulations=12, events=1500),
    ),
    "medium": (
        StrokeNoise(angle=0.2, speed=0.08, side=0.03, height=0.03, elevation=0.0),
        Budget(lines=4, speeds=(0.8, 1.1), heights=(-0.4, 0.3), safeties=6, keep=3,
               samples=3, spots=3, escape_step=8.0, escape_targets=2, refine_lines=2,
               simulations=150, break_simulations=30, events=4000),
    ),
    "strong": (
        StrokeNoise(angle=0.045, speed=0.03, side=0.01, height=0.01, elevation=0.0),
        Budget(lines=6, speeds=(0.7, 0.9, 1.2, 1.6), heights=(-0.6, -0.2, 0.2, 0.5),
               safeties=6, keep=8, samples=8, spots=5,
               escape_step=5.0, escape_targets=3,
               escape_sides=(0.0, 0.3, -0.3), refine_lines=4, simulations=400,
               break_simulations=60, events=20000, deep_lines=2, window=True),
    ),
    "pro": (
        StrokeNoise(angle=0.03, speed=0.02, side=0.007, height=0.007, elevation=0.0),
        Budget(lines=8, speeds=(0.6, 0.8, 1.0, 1.3, 1.7), heights=(-0.6, -0.3, 0.0, 0.3, 0.5),
               safeties=9, keep=14, samples=16, spots=6,
               escape_step=4.0, escape_targets=4, escape_offsets=(-1.0, -0.4, 0.0, 0.4, 1.0),
               escape_sides=(0.0, 0.3, -0.3), refine_lines=6, simulations=2400,
               break_simulations=150, events=60000, deep_lines=3,
               deep_variants=PRO_DEEP, window=True),
    ),
}

NOISE_PRESETS = ("level", "olympiad")


def noise_for(level: str, preset: str, radius_mm: float) -> StrokeNoise:
    """The execution noise of ``level`` (preset ``level``) or of the Computer Olympiad
    (preset ``olympiad``: tip offsets of 0.5 mm are a fraction of the ball radius)."""
    if preset == "level":
        return LEVELS[level][0]
    if preset == "olympiad":
        return StrokeNoise.computational_pool(radius_mm)
    raise ValueError(f"unknown noise preset {preset!r}; expected one of "
                     f"{', '.join(NOISE_PRESETS)}")
