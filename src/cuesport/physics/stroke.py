"""Strokes (what the player does with the cue), their validation, and stroke noise for bots."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace


class PhysicsError(ValueError):
    """Bad input to the simulator (a ``ValueError``)."""


class StrokeError(PhysicsError):
    """The stroke is not playable: NaN, negative speed, offsets off the ball..."""


class PositionError(PhysicsError):
    """The position is not valid: cue ball missing, off the table, balls overlapping..."""


MAX_CUE_SPEED = 20.0  # m/s: well above a power break (the cue at ~11-13 m/s ball speed)


@dataclass(frozen=True, slots=True)
class Stroke:
    """One stroke of the cue.

    - ``cue_ball``: the name of the ball struck (``"cue"``; ``"white"``/``"yellow"`` in 1-red).
    - ``angle``: aim direction in **degrees**, counter-clockwise from +x (across the table):
      90 points up the table (towards the top cushion / foot rail), 0 to the right.
    - ``speed``: speed of the **cue stick** at impact, in **m/s** (as in Leckie & Greenspan
      and pooltool's V0). The ball leaves faster: about 1.33 V for a centre hit.
    - ``side``, ``height``: where the tip touches the ball, as fractions of the ball radius R:
      side > 0 right of centre (as seen by the player), height > 0 above centre (follow),
      < 0 below (draw). Contacts farther than ``miscue_limit`` R from the centre are flagged.
    - ``elevation``: cue elevation above the horizontal, degrees, in [0, 90). With elevation
      the cue drives the ball into the slate, which may make it jump (the cue axis meets the
      ball's centre at ``height = sin(elevation)``).
    - ``cue``: ``"playing"`` or ``"jump"`` (a jump cue: shorter and lighter,
      ``PhysicsParams.jump_cue_mass``).
    """

    angle: float
    speed: float
    side: float = 0.0
    height: float = 0.0
    elevation: float = 0.0
    cue_ball: str = "cue"
    cue: str = "playing"

    def validate(self) -> None:
        for name in ("angle", "speed", "side", "height", "elevation"):
            v = getattr(self, name)
            if not isinstance(v, int | float) or not math.isfinite(v):
                raise StrokeError(f"stroke {name} must be a finite number, not {v!r}")
        if self.speed < 0.0:
            raise StrokeError(f"stroke speed must be >= 0 m/s, not {self.speed}")
        if self.speed > MAX_CUE_SPEED:
            raise StrokeError(f"stroke speed {self.speed} m/s is above {MAX_CUE_SPEED} m/s")
        if math.hypot(self.side, self.height) >= 0.95:
            raise StrokeError(
                f"tip offset ({self.side}, {self.height}) R is off the ball (must be < 0.95 R)")
        if self.cue not in ("playing", "jump"):
            raise StrokeError(f"stroke cue must be 'playing' or 'jump', not {self.cue!r}")
        if not 0.0 <= self.elevation < 90.0:
            raise StrokeError(f"cue elevation must be in [0, 90) degrees, not {self.elevation}")


@dataclass(frozen=True, slots=True)
class StrokeNoise:
    """Gaussian execution noise: one standard deviation per stroke parameter.

    Units as in :class:`Stroke` (degrees, m/s, fractions of R). :meth:`computational_pool`
    gives the noise of the Computational Pool tournaments (Archibald, Altman, Shoham; the
    ICGA 2008 tournament: phi 0.125 deg, theta 0.1 deg, V 0.075 m/s, a and b 0.5 mm).
    """

    angle: float = 0.125
    speed: float = 0.075
    side: float = 0.0175
    height: float = 0.0175
    elevation: float = 0.1

    @classmethod
    def computational_pool(cls, radius_mm: float = 28.575) -> StrokeNoise:
        return cls(0.125, 0.075, 0.5 / radius_mm, 0.5 / radius_mm, 0.1)

    def apply(self, stroke: Stroke, rng: random.Random) -> Stroke:
        """A noisy copy of ``stroke`` (clamped so that it stays playable)."""
        side = stroke.side + rng.gauss(0.0, self.side)
        height = stroke.height + rng.gauss(0.0, self.height)
        off = math.hypot(side, height)
        if off >= 0.9:
            side, height = side * 0.9 / off, height * 0.9 / off
        return replace(
            stroke,
            angle=stroke.angle + rng.gauss(0.0, self.angle),
            speed=min(max(stroke.speed + rng.gauss(0.0, self.speed), 0.0), MAX_CUE_SPEED),
            side=side,
            height=height,
            elevation=min(max(stroke.elevation + rng.gauss(0.0, self.elevation), 0.0), 89.0),
        )


def noisy_strokes(
    stroke: Stroke, noise: StrokeNoise, n: int, seed: int | random.Random | None = 0
) -> list[Stroke]:
    """``n`` noisy variations of ``stroke`` (deterministic for a given seed)."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    return [noise.apply(stroke, rng) for _ in range(n)]
