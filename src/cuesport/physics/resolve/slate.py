"""Ball-slate impact: a landing, or the slate's reaction to a downward cue or ball impulse.

Model: physics-airborne.md §9.3 (pooltool's ``FrictionalInelasticTable``, after TP A-14): an
instantaneous impulse at the contact point -R z.

- Normal: vz' = -e_t vz (vz < 0 on impact). Below the settle speed (the bounce would rise less
  than 5 mm, pooltool's ``min_bounce_height``) vz' = 0 and the ball stays on the cloth; this
  ends the otherwise infinite (Zeno) sequence of ever smaller bounces.
- Slip of the contact point: u = v_xy + (w x (-R z))_xy = (vx - R wy, vy + R wx).
- Friction: J_t = -min(mu_t (1 + e_t) |vz|, (2/7) |u|) u_hat per unit mass; the cap brings the
  contact to rolling (u' = 0), so the energy never rises.
- dv = J_t, dw = (-R z) x J_t / I = (5 / 2R) (J_ty, -J_tx, 0).

Coefficients (params): e_t 0.5 (pooltool default; range 0.4-0.7, no published measurement
found), mu_t 0.2 (the cloth's sliding friction, range 0.04-0.25: physics-airborne.md §9.3).
"""

from __future__ import annotations

import math

Vel3 = tuple[float, float, float, float, float, float]  # vx, vy, vz, wx, wy, wz


def land(ball: Vel3, radius: float, restitution: float, friction: float,
         settle_speed: float) -> tuple[Vel3, bool]:
    """The state after the slate's impulse on a ball moving down at vz < 0, and whether it
    leaves the bed again (False: it stays on the cloth, vz = 0)."""
    vx, vy, vz, wx, wy, wz = ball
    if vz >= 0.0:
        return ball, vz > 0.0
    up = -restitution * vz
    leaves = up >= settle_speed
    normal = (1.0 + restitution) * -vz  # normal impulse per unit mass
    ux, uy = vx - radius * wy, vy + radius * wx
    u = math.hypot(ux, uy)
    if u > 0.0:
        jt = min(friction * normal, 2.0 * u / 7.0)
        jx, jy = -jt * ux / u, -jt * uy / u
        k = 2.5 / radius
        vx, vy = vx + jx, vy + jy
        wx, wy = wx + k * jy, wy - k * jx
    return (vx, vy, up if leaves else 0.0, wx, wy, wz), leaves
