"""Physics: event-based, analytic simulation of a stroke (Leckie & Greenspan 2006).

Public API::

    shot = simulate(table, position, Stroke(angle=90, speed=3.0), params=None)
    shot.events      # referee-protocol events (hit, cushion, pot, off, cross; and, when a
                     # ball leaves the bed, protocol 1.1's takeoff, land, over)
    shot.final       # ball -> (x, y) mm at rest; pocketed balls absent
    shot.trajectories[ball][k].at(t)   # piecewise analytic, mm
    shots = simulate_batch(table, position, noisy_strokes(stroke, StrokeNoise(), 1000))

Models (each in its own module, named after its source): motion [LG], cue strike [LG] with
squirt [TPA31], ball-ball throw [TPA14], cushions and jaws [Han 2005; or Mathavan 2010],
pocket capture at the drop edge; airborne balls (shared/spec/physics-airborne.md): the slate's
reaction to a downward cue or ball impulse, closed-form flight and bounces (resolve/slate.py),
3-D ball-ball and nose contacts, balls off the table. Parameters (:mod:`cuesport.physics.params`):
:data:`POOL_PARAMS`, :data:`SNOOKER_PARAMS`, :data:`SNOOKER_MATHAVAN_PARAMS`.
This package imports nothing from the rules or the game.
"""

from cuesport.physics.params import (
    HAN2005_RESTITUTION,
    POOL_PARAMS,
    SNOOKER_MATHAVAN_PARAMS,
    SNOOKER_PARAMS,
    PhysicsParams,
    params_for,
)
from cuesport.physics.shot import Contact, Segment, Shot
from cuesport.physics.simulate import simulate, simulate_batch
from cuesport.physics.stroke import (
    PhysicsError,
    PositionError,
    Stroke,
    StrokeError,
    StrokeNoise,
    noisy_strokes,
)

__all__ = [
    "HAN2005_RESTITUTION",
    "POOL_PARAMS",
    "SNOOKER_MATHAVAN_PARAMS",
    "SNOOKER_PARAMS",
    "Contact",
    "PhysicsError",
    "PhysicsParams",
    "PositionError",
    "Segment",
    "Shot",
    "Stroke",
    "StrokeError",
    "StrokeNoise",
    "noisy_strokes",
    "params_for",
    "simulate",
    "simulate_batch",
]
