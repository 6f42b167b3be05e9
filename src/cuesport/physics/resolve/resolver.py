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
from cuesport.physics.resolve import ball_ball, cushion_han2005, cushion_mathavan2010, slate

Vel = tuple[float, float, float, float, float]  # vx, vy, wx, wy, wz (m/s, rad/s)
Vel3 = tuple[float, float, float, float, float, float]  # vx, vy, vz, wx, wy, wz


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


class BallBall3Model(Protocol):
    """Ball-ball impact with the line of centres ``n`` out of the plane (a ball in the air)."""

    def collide3d(self, n: tuple[float, float, float], b1: Vel3, b2: Vel3, radius: float,
                  p: PhysicsParams) -> tuple[Vel3, Vel3, bool]:
        ...


class AirCushionModel(Protocol):
    """A flying ball against a cushion nose or jaw, touched ``sin_contact`` R above its
    centre (negative: below the equator)."""

    def bounce3d(self, normal: tuple[float, float], ball: Vel3, radius: float,
                 sin_contact: float, p: PhysicsParams) -> tuple[Vel3, bool]:
        ...


class SlateModel(Protocol):
    """A ball at the cloth moving down (a landing, or the reaction to a downward impulse)."""

    def land(self, ball: Vel3, radius: float, p: PhysicsParams) -> tuple[Vel3, bool]:
        """New state, and whether the ball leaves the bed again."""
        ...


@dataclass(frozen=True, slots=True)
class ThrowBallBall3:
    """TP A-14 impulses with all three components (:func:`.ball_ball.collide3d`)."""

    def collide3d(self, n: tuple[float, float, float], b1: Vel3, b2: Vel3, radius: float,
                  p: PhysicsParams) -> tuple[Vel3, Vel3, bool]:
        return ball_ball.collide3d(n, b1, b2, radius, p.ball_restitution, p.ball_mu,
                                   p.min_separation_speed)


@dataclass(frozen=True, slots=True)
class Han2005AirCushion:
    """Han's impulse with the vertical part kept (:func:`.cushion_han2005.bounce3d`)."""

    def bounce3d(self, normal: tuple[float, float], ball: Vel3, radius: float,
                 sin_contact: float, p: PhysicsParams) -> tuple[Vel3, bool]:
        e = p.cushion_e(-(ball[0] * normal[0] + ball[1] * normal[1]))
        return cushion_han2005.bounce3d(normal, ball, radius, sin_contact, e,
                                        p.cushion_friction, p.min_separation_speed)


@dataclass(frozen=True, slots=True)
class FrictionalSlate:
    """Restitution and capped friction at the slate (:mod:`.slate`)."""

    def land(self, ball: Vel3, radius: float, p: PhysicsParams) -> tuple[Vel3, bool]:
        return slate.land(ball, radius, p.slate_restitution, p.slate_friction, p.settle_speed)


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
    """The models of one simulation: one per interaction type (jaws are cushions); the
    three airborne ones default to the models of physics-airborne.md §9."""

    ball_ball: BallBallModel
    cushion: CushionModel
    ball_ball_3d: BallBall3Model = ThrowBallBall3()
    air_cushion: AirCushionModel = Han2005AirCushion()
    slate: SlateModel = FrictionalSlate()


_THROW = ThrowBallBall()


def resolver_for(p: PhysicsParams) -> Resolver:
    """The default resolver for a parameter set: throw ball-ball, its named cushion model."""
    return Resolver(_THROW, CUSHION_MODELS[p.cushion_model])
