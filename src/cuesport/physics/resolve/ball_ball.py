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
