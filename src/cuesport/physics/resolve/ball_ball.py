"""Ball-ball impact with friction-induced throw and spin transfer.

Model: Alciatore, TP A-14 "Throw" (friction between the balls during an instantaneous impact),
as restated in shared/spec/physics.md §4. Equal masses m, radius R, inertia I = 2/5 m R^2.

- Normal impulse along the line of centres n (ball 1 -> ball 2): J_n = m (1 + e) v_app / 2.
- The contact points slip at s (relative velocity of the contact points, tangent to the
  contact, spin included, 3-D). Friction opposes s with J_t = min(mu J_n, m |s| / 7): m|s|/7 is
  the impulse that stops the slip ("gearing"); beyond it the surfaces would slip backwards.
- mu follows the TP A-14 fit mu(s) = a + b exp(-c s).
- Each ball's velocity changes by its impulse / m (the vertical part is absorbed by the slate);
  both spins change by R (n x J_t) / I.

Linear momentum is conserved (except under the separation guard, which moves momentum to the
cloth); kinetic energy never increases (e <= 1, friction capped at gearing, and the guard paid
from the energy the impact dissipated and the pair's common motion).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from cuesport.physics.resolve.guard import energy, separate_pair

Vel = tuple[float, float, float, float, float]  # vx, vy, wx, wy, wz


def collide(
    n: tuple[float, float],
    b1: Vel,
    b2: Vel,
    radius: float,
    restitution: float,
    mu: Callable[[float], float],
    min_separation: float = 0.0,
) -> tuple[Vel, Vel, bool]:
    """New (vx, vy, wx, wy, wz) of both balls; ``n`` is the unit vector from ball 1 to ball 2.

    Returns also whether the separation floor ``min_separation`` (m/s, a numerical guard
    against endless cascades of ever smaller contacts) had to be applied.
    """
    nx, ny = n
    v1x, v1y, w1x, w1y, w1z = b1
    v2x, v2y, w2x, w2y, w2z = b2
    v_app = (v1x - v2x) * nx + (v1y - v2y) * ny
    jn = 0.5 * (1.0 + restitution) * v_app if v_app > 0.0 else 0.0  # per unit mass
    # Contact-point velocities: ball 1 touches at +R n, ball 2 at -R n.
    # w x (R n) = R (-wz ny, wz nx, wx ny - wy nx)
    c1x, c1y = v1x - radius * w1z * ny, v1y + radius * w1z * nx
    c1z = radius * (w1x * ny - w1y * nx)
    c2x, c2y = v2x + radius * w2z * ny, v2y - radius * w2z * nx
    c2z = -radius * (w2x * ny - w2y * nx)
    rx, ry, rz = c1x - c2x, c1y - c2y, c1z - c2z
    rn = rx * nx + ry * ny
    sx, sy, sz = rx - rn * nx, ry - rn * ny, rz
    slip = math.sqrt(sx * sx + sy * sy + sz * sz)
    tx = ty = tz = 0.0  # friction impulse on ball 1, per unit mass
    if slip > 0.0 and jn > 0.0:
        jt = min(mu(slip) * jn, slip / 7.0)
        tx, ty, tz = -jt * sx / slip, -jt * sy / slip, -jt * sz / slip
    n1x, n1y = v1x - jn * nx + tx, v1y - jn * ny + ty
    n2x, n2y = v2x + jn * nx - tx, v2y + jn * ny - ty
    # Spin change R (n x J_t) / I for both balls, J_t per unit mass -> factor 5 / (2 R).
    k = 2.5 / radius
    dwx, dwy, dwz = k * (ny * tz), k * (-nx * tz), k * (nx * ty - ny * tx)
    a1 = (w1x + dwx, w1y + dwy, w1z + dwz)
    a2 = (w2x + dwx, w2y + dwy, w2z + dwz)
    boosted = False
    s1, s2 = (n1x, n1y, *a1), (n2x, n2y, *a2)
    if (n2x - n1x) * nx + (n2y - n1y) * ny < min_separation:
        s1, s2 = separate_pair(n, s1, s2, radius, min_separation,
                               energy(b1, radius) + energy(b2, radius))
        boosted = True
    return s1, s2, boosted


Vel3 = tuple[float, float, float, float, float, float]  # vx, vy, vz, wx, wy, wz


def collide3d(
    n: tuple[float, float, float],
    b1: Vel3,
    b2: Vel3,
    radius: float,
    restitution: float,
    mu: Callable[[float], float],
    min_separation: float = 0.0,
) -> tuple[Vel3, Vel3, bool]:
    """:func:`collide` with the line of centres ``n`` out of the plane (a ball in the air):
    the same impulses with all three components kept (physics-airborne.md §9.4). The slate's
    reaction on a bed ball pushed down is the caller's (:mod:`.slate`)."""
    nx, ny, nz = n
    v1x, v1y, v1z, w1x, w1y, w1z = b1
    v2x, v2y, v2z, w2x, w2y, w2z = b2
    v_app = (v1x - v2x) * nx + (v1y - v2y) * ny + (v1z - v2z) * nz
    jn = 0.5 * (1.0 + restitution) * v_app if v_app > 0.0 else 0.0
    # contact points: ball 1 at +R n, ball 2 at -R n; w x (R n)
    rx = (v1x - v2x) + radius * ((w1y + w2y) * nz - (w1z + w2z) * ny)
    ry = (v1y - v2y) + radius * ((w1z + w2z) * nx - (w1x + w2x) * nz)
    rz = (v1z - v2z) + radius * ((w1x + w2x) * ny - (w1y + w2y) * nx)
    rn = rx * nx + ry * ny + rz * nz
    sx, sy, sz = rx - rn * nx, ry - rn * ny, rz - rn * nz
    slip = math.sqrt(sx * sx + sy * sy + sz * sz)
    tx = ty = tz = 0.0
    if slip > 0.0 and jn > 0.0:
        jt = min(mu(slip) * jn, slip / 7.0)
        tx, ty, tz = -jt * sx / slip, -jt * sy / slip, -jt * sz / slip
    k = 2.5 / radius
    dwx, dwy, dwz = k * (ny * tz - nz * ty), k * (nz * tx - nx * tz), k * (nx * ty - ny * tx)
    s1 = (v1x - jn * nx + tx, v1y - jn * ny + ty, v1z - jn * nz + tz,
          w1x + dwx, w1y + dwy, w1z + dwz)
    s2 = (v2x + jn * nx - tx, v2y + jn * ny - ty, v2z + jn * nz - tz,
          w2x + dwx, w2y + dwy, w2z + dwz)
    sep = (s2[0] - s1[0]) * nx + (s2[1] - s1[1]) * ny + (s2[2] - s1[2]) * nz
    if sep >= min_separation:
        return s1, s2, False
    # The guard (guard.py), along n in 3-D: paid from the rest of the pair's motion.
    budget = _energy3(b1, radius) + _energy3(b2, radius)
    q1 = s1[0] * nx + s1[1] * ny + s1[2] * nz
    q2 = s2[0] * nx + s2[1] * ny + s2[2] * nz
    common = 0.5 * (q1 + q2)
    rest = _energy3(s1, radius) + _energy3(s2, radius) - 0.5 * (q1 * q1 + q2 * q2) \
        + common * common
    left = budget - 0.25 * min_separation * min_separation
    sepn = min_separation
    if left <= 0.0:
        sepn, f = 2.0 * math.sqrt(max(budget, 0.0)), 0.0
    else:
        f = min(1.0, math.sqrt(left / rest)) if rest > 0.0 else 1.0
    out = []
    for s, q, u in ((s1, q1, f * common - 0.5 * sepn), (s2, q2, f * common + 0.5 * sepn)):
        out.append((f * (s[0] - q * nx) + u * nx, f * (s[1] - q * ny) + u * ny,
                    f * (s[2] - q * nz) + u * nz, f * s[3], f * s[4], f * s[5]))
    return out[0], out[1], True


def _energy3(b: Vel3, radius: float) -> float:
    vx, vy, vz, wx, wy, wz = b
    return 0.5 * (vx * vx + vy * vy + vz * vz) + 0.2 * radius * radius * (
        wx * wx + wy * wy + wz * wz)
