"""The separation guard, shared by every contact model (a numerical device, not physics).

After a contact the two bodies must separate at >= ``min_separation`` (simulate.py: without it a
pushed ball or a frozen cluster gives an endless cascade of ever smaller contacts in finite
time). The separation speed the guard adds is paid from the rest of the motion of the bodies
involved (their common motion along the normal, their tangential motion and their spins, scaled
down together; the momentum goes to the cloth), so that the kinetic energy never rises above
its value before the contact. When even that cannot pay, the bodies separate as fast as the
energy before the contact allows.
"""

from __future__ import annotations

import math

Vel = tuple[float, float, float, float, float]  # vx, vy, wx, wy, wz


def energy(b: Vel, radius: float) -> float:
    """Kinetic energy per unit mass: (v^2 + (2/5) R^2 w^2) / 2."""
    vx, vy, wx, wy, wz = b
    return 0.5 * (vx * vx + vy * vy) + 0.2 * radius * radius * (wx * wx + wy * wy + wz * wz)


def separate_pair(n: tuple[float, float], b1: Vel, b2: Vel, radius: float,
                  min_separation: float, budget: float) -> tuple[Vel, Vel]:
    """Two balls after the guard: separating at ``min_separation`` along n (ball 1 -> 2), with
    a kinetic energy per unit mass of at most ``budget`` (the energy before the contact)."""
    nx, ny = n
    q1 = b1[0] * nx + b1[1] * ny
    q2 = b2[0] * nx + b2[1] * ny
    common = 0.5 * (q1 + q2)
    sep = min_separation
    # Everything but the separation: common normal motion, tangential motion, spins.
    t1x, t1y = b1[0] - q1 * nx, b1[1] - q1 * ny
    t2x, t2y = b2[0] - q2 * nx, b2[1] - q2 * ny
    rest = (common * common + 0.5 * (t1x * t1x + t1y * t1y + t2x * t2x + t2y * t2y)
            + 0.2 * radius * radius * sum(w * w for w in (*b1[2:], *b2[2:])))
    left = budget - 0.25 * sep * sep
    if left <= 0.0:
        sep, f = 2.0 * math.sqrt(max(budget, 0.0)), 0.0
    else:
        f = min(1.0, math.sqrt(left / rest)) if rest > 0.0 else 1.0
    c = f * common
    u1, u2 = c - 0.5 * sep, c + 0.5 * sep
    return (
        (f * t1x + u1 * nx, f * t1y + u1 * ny, f * b1[2], f * b1[3], f * b1[4]),
        (f * t2x + u2 * nx, f * t2y + u2 * ny, f * b2[2], f * b2[3], f * b2[4]),
    )


def separate_wall(normal: tuple[float, float], b: Vel, radius: float, min_separation: float,
                  budget: float) -> Vel:
    """A ball after the guard at a cushion or jaw (``normal`` into the table): leaving at
    ``min_separation``, with a kinetic energy per unit mass of at most ``budget``."""
    nx, ny = normal
    q = b[0] * nx + b[1] * ny
    tx, ty = b[0] - q * nx, b[1] - q * ny
    rest = 0.5 * (tx * tx + ty * ty) + 0.2 * radius * radius * (b[2] ** 2 + b[3] ** 2 + b[4] ** 2)
    sep = min_separation
    left = budget - 0.5 * sep * sep
    if left <= 0.0:
        sep, f = math.sqrt(2.0 * max(budget, 0.0)), 0.0
    else:
        f = min(1.0, math.sqrt(left / rest)) if rest > 0.0 else 1.0
    return (f * tx + sep * nx, f * ty + sep * ny, f * b[2], f * b[3], f * b[4])
