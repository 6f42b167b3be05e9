"""Cue strike [LG eqs. 1-3, as restated in shared/spec/physics.md §3] and squirt [TPA31].

The cue of mass M hits the ball (mass m, radius R) at speed V with elevation theta, the contact
point offset by a (right of centre) and b (above centre) in the plane normal to the cue's
horizontal direction. The impulse F along the cue axis follows from an impact with tip
restitution e_tip between the cue and the point of the ball, whose effective mass is
1/m_eff = 1/m + |r_c x e|^2 / I:

    F = (1 + e_tip) m V / (1 + m/M + (5 / 2R^2) L2),
    L2 = a^2 + b^2 cos^2 th + c^2 sin^2 th - 2 b c sin th cos th = |r_c x e|^2,

with c = sqrt(R^2 - a^2 - b^2). The ball gets v = F e / m and omega = r_c x F e / I; the
vertical part of v points into the slate, whose reaction follows at once
(:mod:`.slate`, physics-airborne.md §9.1, the sequential model) and may make the ball leave
the bed.

Miscue [AlcMiscue; physics-airborne.md §9.1]: the tip holds only while its distance from the
cue axis, d = |r_c x e| = sqrt(L2), is within about R/2. Beyond ``limit`` R the tip slips: the
ball gets the impulse of a contact at the limit (the offset is pulled towards the cue axis,
which meets the ball at a = 0, b = R sin th), and the stroke is flagged.

Squirt (cue-ball deflection, Alciatore TP A-31 via PT ``squirt.py``): with x = a/R and m_e the
cue's effective end mass,

    tan alpha = (5/2) x sqrt(1 - x^2) / (1 + m/m_e + (5/2)(1 - x^2));

the ball's velocity turns by alpha away from the side of the offset; the spin is unchanged.
"""

from __future__ import annotations

import math


def _direction(angle: float) -> tuple[float, float]:
    """cos, sin with round-off zeros made exact, so that a stroke at 90 or 270 degrees along
    a cushion it is frozen to does not drift into it by 1e-16 m/s."""
    c, s = math.cos(angle), math.sin(angle)
    return (0.0 if abs(c) < 1e-15 else c, 0.0 if abs(s) < 1e-15 else s)


def squirt_angle(x: float, mass_ratio: float) -> float:
    """Squirt angle alpha in radians (positive) for side offset x = a/R and m/m_e [TPA31]."""
    x = abs(x)
    k = 1.0 - x * x
    return math.atan2(2.5 * x * math.sqrt(k), 1.0 + mass_ratio + 2.5 * k)


def lever(side: float, height: float, elevation: float) -> float:
    """d / R: the tip's distance from the cue axis, in ball radii (offsets in radii)."""
    c = math.sqrt(max(1.0 - side * side - height * height, 0.0))
    st, ct = math.sin(elevation), math.cos(elevation)
    return math.sqrt(max(side * side + height * height * ct * ct + c * c * st * st
                         - 2.0 * height * c * st * ct, 0.0))


def clamp_offset(side: float, height: float, elevation: float, limit: float
                 ) -> tuple[float, float, bool]:
    """The offsets (in radii) the tip actually acts at, and whether it miscued (d > limit R):
    beyond the limit, the offset is pulled along the line to the cue axis point (0, sin th)
    until d = limit R (bisection; d grows monotonically along that line)."""
    if lever(side, height, elevation) <= limit:
        return side, height, False
    b0 = math.sin(elevation)
    lo, hi = 0.0, 1.0
    for _ in range(50):
        k = 0.5 * (lo + hi)
        if lever(k * side, b0 + k * (height - b0), elevation) > limit:
            hi = k
        else:
            lo = k
    return lo * side, b0 + lo * (height - b0), True


def strike(
    speed: float,
    angle: float,
    side: float,
    height: float,
    elevation: float,
    radius: float,
    mass: float,
    cue_mass: float,
    tip_restitution: float,
    squirt_mass_ratio: float | None,
) -> tuple[float, float, float, float, float]:
    """Ball velocity and spin (vx, vy, wx, wy, wz) just after the cue hits it (the vertical
    velocity, into the slate, left out: see :func:`strike3d`)."""
    vx, vy, _, wx, wy, wz = strike3d(speed, angle, side, height, elevation, radius, mass,
                                      cue_mass, tip_restitution, squirt_mass_ratio)
    return vx, vy, wx, wy, wz


def strike3d(
    speed: float,
    angle: float,
    side: float,
    height: float,
    elevation: float,
    radius: float,
    mass: float,
    cue_mass: float,
    tip_restitution: float,
    squirt_mass_ratio: float | None,
) -> tuple[float, float, float, float, float, float]:
    """Ball velocity and spin (vx, vy, vz, wx, wy, wz) just after the cue hits it, before the
    slate reacts (vz <= 0).

    ``speed``: cue speed V (m/s). ``angle``: aim direction (rad, from +x towards +y).
    ``side``, ``height``: contact offsets as fractions of R (right, up). ``elevation`` (rad).
    ``squirt_mass_ratio`` None disables squirt.
    """
    a, b = side * radius, height * radius
    c = math.sqrt(max(radius * radius - a * a - b * b, 0.0))
    st, ct = math.sin(elevation), math.cos(elevation)
    lever2 = a * a + b * b * ct * ct + c * c * st * st - 2.0 * b * c * st * ct  # |r_c x e|^2
    f = (1.0 + tip_restitution) * mass * speed / (
        1.0 + mass / cue_mass + 2.5 * lever2 / (radius * radius))
    # Ball frame: j = aim direction, i = j x z (to the right), k = z up.
    # Contact r_c = (a, -c, b); impulse J = F (0, cos th, -sin th).
    jy, jz = f * ct, -f * st
    inertia = 0.4 * mass * radius * radius
    wi = (-c * jz - b * jy) / inertia  # (r_c x J)_i = r_y J_z - r_z J_y
    wj = (b * 0.0 - a * jz) / inertia  # r_z J_i - r_i J_z
    wk = (a * jy) / inertia  # r_i J_y - r_y J_i
    v = jy / mass
    heading = angle
    if squirt_mass_ratio is not None and a != 0.0:
        # Deflect away from the side struck: a hit right of centre sends the ball left (+angle).
        heading += math.copysign(squirt_angle(side, squirt_mass_ratio), a)
    dx, dy = _direction(angle)
    hx, hy = _direction(heading)
    ix, iy = dy, -dx  # i = j x z
    return (
        v * hx,
        v * hy,
        jz / mass,
        wi * ix + wj * dx,
        wi * iy + wj * dy,
        wk,
    )
