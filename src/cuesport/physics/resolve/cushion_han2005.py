"""Ball-cushion impact after Han (2005), "Dynamics in carom and three cushion billiards",
J. Mech. Sci. Tech. 19, as restated in shared/spec/physics.md §5 (corrected forms).

The cushion nose, at height h above the cloth, touches the ball above its equator at
sin(theta) = (h - R) / R. In the cushion frame (x into the cushion, y along it, z up) the
contact point is r_c = R (cos th, 0, sin th) and the impulse acts through the centre along
-r_c / R plus friction in the tangent plane:

- normal impulse P = (1 + e) m v_x cos th  (v_x cos th is the approach speed at the contact);
- contact slip s (spin included); the contact sticks if (2m/7)|s| <= mu P (2m/7 is the
  effective mass for a tangential impulse at a point of a sphere), else it slides with mu P.

The new velocity is v + J_xy / m (the slate absorbs the vertical part: the ball stays on the
cloth) and omega + r_c x J / I. The same model serves the pocket jaws: ``normal`` is then the
normal of the knuckle arc or of the facing at the contact.
"""

from __future__ import annotations

import math

from cuesport.physics.resolve.guard import energy, separate_wall

Vel = tuple[float, float, float, float, float]  # vx, vy, wx, wy, wz


def bounce(
    normal: tuple[float, float],
    ball: Vel,
    radius: float,
    nose_height: float,
    restitution: float,
    friction: float,
    min_separation: float = 0.0,
) -> tuple[Vel, bool]:
    """New (vx, vy, wx, wy, wz); ``normal`` is the unit vector from the cushion into the table.

    Returns also whether the separation floor (numerical guard) was applied.
    """
    nx, ny = normal
    vx, vy, wx, wy, wz = ball
    # Cushion frame: X = -normal (into the cushion), Y = z x X, Z = z.
    Xx, Xy = -nx, -ny
    Yx, Yy = -Xy, Xx
    v_x, v_y = vx * Xx + vy * Xy, vx * Yx + vy * Yy
    w_x, w_y = wx * Xx + wy * Xy, wx * Yx + wy * Yy
    sin_t = min(max((nose_height - radius) / radius, -1.0), 1.0)
    cos_t = math.sqrt(1.0 - sin_t * sin_t)
    approach = v_x * cos_t
    dvx = dvy = dwx = dwy = dwz = 0.0
    if approach > 0.0:
        p = (1.0 + restitution) * approach  # per unit mass
        # Contact velocity v + w x r_c with r_c = R (cos, 0, sin).
        cx = v_x + radius * w_y * sin_t
        cy = v_y + radius * (wz * cos_t - w_x * sin_t)
        cz = -radius * w_y * cos_t
        # Remove the normal part (along (cos, 0, sin)).
        cn = cx * cos_t + cz * sin_t
        sx, sy, sz = cx - cn * cos_t, cy, cz - cn * sin_t
        slip = math.sqrt(sx * sx + sy * sy + sz * sz)
        jx, jy, jz = -p * cos_t, 0.0, -p * sin_t  # normal impulse, into the ball
        if slip > 0.0:
            jt = min(friction * p, 2.0 * slip / 7.0)
            jx, jy, jz = jx - jt * sx / slip, jy - jt * sy / slip, jz - jt * sz / slip
        dvx, dvy = jx, jy
        # omega += r_c x J / I, per unit mass: (5 / 2R^2) r_c x J with r_c = R (cos, 0, sin).
        k = 2.5 / radius
        dwx = k * (0.0 * jz - sin_t * jy)
        dwy = k * (sin_t * jx - cos_t * jz)
        dwz = k * (cos_t * jy - 0.0 * jx)
    v_x += dvx
    v_y += dvy
    w_x += dwx
    w_y += dwy
    wz += dwz
    out = (v_x * Xx + v_y * Yx, v_x * Xy + v_y * Yy, w_x * Xx + w_y * Yx, w_x * Xy + w_y * Yy, wz)
    if -v_x < min_separation:
        return separate_wall(normal, out, radius, min_separation, energy(ball, radius)), True
    return out, False


Vel3 = tuple[float, float, float, float, float, float]  # vx, vy, vz, wx, wy, wz


def bounce3d(
    normal: tuple[float, float],
    ball: Vel3,
    radius: float,
    sin_contact: float,
    restitution: float,
    friction: float,
    min_separation: float = 0.0,
) -> tuple[Vel3, bool]:
    """:func:`bounce` for a ball in the air (physics-airborne.md §9.5): the nose touches it at
    ``sin_contact`` = (h - z_c) / R above its centre (negative: below the equator, the rebound
    then lifts the ball), its vertical velocity takes part in the approach, and the vertical
    part of the impulse is kept (no slate under a flying ball)."""
    nx, ny = normal
    vx, vy, vz, wx, wy, wz = ball
    Xx, Xy = -nx, -ny
    Yx, Yy = -Xy, Xx
    v_x, v_y = vx * Xx + vy * Xy, vx * Yx + vy * Yy
    w_x, w_y = wx * Xx + wy * Xy, wx * Yx + wy * Yy
    sin_t = min(max(sin_contact, -1.0), 1.0)
    cos_t = math.sqrt(1.0 - sin_t * sin_t)
    approach = v_x * cos_t + vz * sin_t
    if approach > 0.0:
        p = (1.0 + restitution) * approach
        cx = v_x + radius * w_y * sin_t
        cy = v_y + radius * (wz * cos_t - w_x * sin_t)
        cz = vz - radius * w_y * cos_t
        cn = cx * cos_t + cz * sin_t
        sx, sy, sz = cx - cn * cos_t, cy, cz - cn * sin_t
        slip = math.sqrt(sx * sx + sy * sy + sz * sz)
        jx, jy, jz = -p * cos_t, 0.0, -p * sin_t
        if slip > 0.0:
            jt = min(friction * p, 2.0 * slip / 7.0)
            jx, jy, jz = jx - jt * sx / slip, jy - jt * sy / slip, jz - jt * sz / slip
        k = 2.5 / radius
        v_x, v_y, vz = v_x + jx, v_y + jy, vz + jz
        w_x += k * (-sin_t * jy)
        w_y += k * (sin_t * jx - cos_t * jz)
        wz += k * (cos_t * jy)
    out = (v_x * Xx + v_y * Yx, v_x * Xy + v_y * Yy, vz,
           w_x * Xx + w_y * Yx, w_x * Xy + w_y * Yy, wz)
    if -v_x < min_separation:
        e0 = 0.5 * (ball[0] ** 2 + ball[1] ** 2 + ball[2] ** 2) + 0.2 * radius * radius * (
            ball[3] ** 2 + ball[4] ** 2 + ball[5] ** 2)
        flat = separate_wall(normal, (out[0], out[1], out[3], out[4], out[5]), radius,
                             min_separation, e0 - 0.5 * vz * vz)
        return (flat[0], flat[1], vz, flat[2], flat[3], flat[4]), True
    return out, False
