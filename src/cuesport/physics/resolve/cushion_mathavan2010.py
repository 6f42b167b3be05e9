"""Ball-cushion impact after Mathavan, Jackson & Parkin (2010), "A theoretical analysis of
billiard ball dynamics under cushion impacts", Proc. IMechE C 224(9):1863.

Equations as restated in shared/spec/physics.md §5 and in the tailuge/billiards notes on the
paper (eqs. 12-17). A rigid cushion touches the ball at I, above the equator at
sin(theta) = (h - R)/R; the cloth touches it at C. Both contacts slip with friction (mu_w at
the cushion, mu_s at the cloth, the latter loaded by the vertical part of the cushion impulse).
The velocities are integrated over small steps of the normal impulse P_I:

- compression lasts until the ball stops moving into the cushion;
- restitution lasts until the work of the normal force has fallen to (1 - e^2) of its value at
  the end of compression (Stronge's energetic restitution).

Frame (the paper's): y into the cushion, x along it, z up. Per unit mass throughout.
"""

from __future__ import annotations

import math

from cuesport.physics.resolve.guard import energy, separate_wall

Vel = tuple[float, float, float, float, float]  # vx, vy, wx, wy, wz (table frame)

_EPS = 1e-12


def bounce(
    normal: tuple[float, float],
    ball: Vel,
    radius: float,
    nose_height: float,
    restitution: float,
    mu_cushion: float,
    mu_table: float,
    steps: int = 200,
    min_separation: float = 0.0,
) -> tuple[Vel, bool]:
    """New (vx, vy, wx, wy, wz); ``normal`` points from the cushion into the table.

    ``steps``: impulse steps over the whole impact (the paper used 5000; with the last step
    interpolated, 200 agree with 5000 to about 0.1 %, see the tests).
    """
    nx, ny = normal
    vx_t, vy_t, wx_t, wy_t, wz = ball
    # Paper frame: Y = -normal (into the cushion), X = Y x z, Z = z.
    yx, yy = -nx, -ny
    xx, xy = yy, -yx
    vx, vy = vx_t * xx + vy_t * xy, vx_t * yx + vy_t * yy
    wx, wy = wx_t * xx + wy_t * xy, wx_t * yx + wy_t * yy
    boosted = False
    if vy > 0.0:
        s_t = min(max((nose_height - radius) / radius, -1.0), 1.0)
        c_t = math.sqrt(1.0 - s_t * s_t)
        k = 2.5 / radius
        dp = (1.0 + restitution) * vy / steps
        work = 0.0
        target = -math.inf
        compressing = True
        for _ in range(50 * steps):
            # slip at the cushion (12a, 12b) and at the cloth (13a, 13b)
            xi = vx + wy * radius * s_t - wz * radius * c_t
            yi = -vy * s_t + wx * radius
            xc = vx - wy * radius
            yc = vy + wx * radius
            s = math.hypot(xi, yi)
            sc = math.hypot(xc, yc)
            cp, sp = (xi / s, yi / s) if s > _EPS else (0.0, 0.0)  # rolling: no friction (15a)
            cq, sq = (xc / sc, yc / sc) if sc > _EPS else (0.0, 0.0)  # (15b)
            load = s_t + mu_cushion * sp * c_t  # vertical load on the cloth per unit P_I
            z_before = vy * c_t
            prev = (vx, vy, wx, wy, wz, work)
            # (17a) and (14d-f)
            vx -= (mu_cushion * cp + mu_table * cq * load) * dp
            vy -= (c_t - mu_cushion * s_t * sp + mu_table * sq * load) * dp
            wx -= k * (mu_cushion * sp + mu_table * sq * load) * dp
            wy -= k * (mu_cushion * cp * s_t - mu_table * cq * load) * dp
            wz += k * (mu_cushion * cp * c_t) * dp
            work += 0.5 * dp * (z_before + vy * c_t)  # (16a)
            if compressing and vy <= 0.0:
                compressing = False
                target = (1.0 - restitution * restitution) * work  # (16b)
            if not compressing and work <= target:
                # End within this step: interpolate back to where the work hits its target.
                f = (prev[5] - target) / (prev[5] - work) if prev[5] != work else 1.0
                vx, vy, wx, wy, wz = (a + f * (b - a) for a, b in
                                      zip(prev[:5], (vx, vy, wx, wy, wz), strict=True))
                break
    out = (vx * xx + vy * yx, vx * xy + vy * yy, wx * xx + wy * yx, wx * xy + wy * yy, wz)
    if -vy < min_separation:
        return separate_wall(normal, out, radius, min_separation, energy(ball, radius)), True
    return out, boosted
