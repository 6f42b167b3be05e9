"""One strategy per interaction type, chosen once per simulation (pooltool's ``Resolver``).

The simulator never tests a model's name: it calls ``resolver.ball_ball.collide(...)`` and
``resolver.cushion.bounce(...)``. A model is any object with the method of its
:class:`typing.Protocol`; :func:`resolver_for` builds the default one for a parameter set
(``PhysicsParams.cushion_model`` names a registered cushion model), and
``simulate(..., resolver=Resolver(...))`` plugs in another.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from cuesport.physics.params import PhysicsParams
from cuesport.physics.resolve import ball_ball, cushion_han2005, cushion_mathavan2010

Vel = tuple[float, float, float, float, float]  # vx, vy, wx, wy, wz (m/s, rad/s)


class BallBallModel(Protocol):
    """Instantaneous impact of two equal balls; ``n`` is the unit vector from ball 1 to 2."""

    def collide(self, n: tuple[float, float], b1: Vel, b2: Vel, radius: float,
                p: PhysicsParams) -> tuple[Vel, Vel, bool]:
        """New states of both balls, and whether the separation guard was applied."""
        ...


class CushionModel(Protocol):
    """Impact of a ball with a cushion nose or a jaw; ``normal`` points into the table."""

    def bounce(self, normal: tuple[float, float], ball: Vel, radius: float,
               nose_height: float, p: PhysicsParams) -> tuple[Vel, bool]:
        """New state of the ball, and whether the separation guard was applied."""
        ...


@dataclass(frozen=True, slots=True)
class ThrowBallBall:
    """Frictional inelastic impact with throw [TPA14] (:mod:`.ball_ball`)."""

    def collide(self, n: tuple[float, float], b1: Vel, b2: Vel, radius: float,
                p: PhysicsParams) -> tuple[Vel, Vel, bool]:
        return ball_ball.collide(n, b1, b2, radius, p.ball_restitution, p.ball_mu,
                                 p.min_separation_speed)


@dataclass(frozen=True, slots=True)
class Han2005Cushion:
    """One impulse at the nose [Han 2005] (:mod:`.cushion_han2005`)."""

    def bounce(self, normal: tuple[float, float], ball: Vel, radius: float,
               nose_height: float, p: PhysicsParams) -> tuple[Vel, bool]:
        e = p.cushion_e(-(ball[0] * normal[0] + ball[1] * normal[1]))
        return cushion_han2005.bounce(normal, ball, radius, nose_height, e, p.cushion_friction,
                                      p.min_separation_speed)


@dataclass(frozen=True, slots=True)
class Mathavan2010Cushion:
    """Impulse integrated over the impact [Mathavan 2010] (:mod:`.cushion_mathavan2010`)."""

    steps: int = 200

    def bounce(self, normal: tuple[float, float], ball: Vel, radius: float,
               nose_height: float, p: PhysicsParams) -> tuple[Vel, bool]:
        e = p.cushion_e(-(ball[0] * normal[0] + ball[1] * normal[1]))
        return cushion_mathavan2010.bounce(normal, ball, radius, nose_height, e,
                                           p.cushion_friction, p.mu_slide, self.steps,
                                           p.min_separation_speed)


CUSHION_MODELS: Mapping[str, CushionModel] = {
    "han2005": Han2005Cushion(),
    "mathavan2010": Mathavan2010Cushion(),
}


@dataclass(frozen=True, slots=True)
class Resolver:
    """The models of one simulation: one per interaction type (jaws are cushions)."""

    ball_ball: BallBallModel
    cushion: CushionModel


_THROW = ThrowBallBall()


def resolver_for(p: PhysicsParams) -> Resolver:
    """The default resolver for a parameter set: throw ball-ball, its named cushion model."""
    return Resolver(_THROW, CUSHION_MODELS[p.cushion_model])
