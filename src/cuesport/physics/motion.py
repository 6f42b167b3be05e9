"""Closed-form motion of one ball between events (Leckie & Greenspan 2006, eqs. 4-14).

A ball carries its state at a reference time ``t0`` and a motion state. Between events every
quantity is a polynomial in dt = t - t0: position of degree <= 2, velocity and spin linear, so a
ball never needs to be stepped; it is evaluated at any time and *committed* (its reference
moved) only when an event changes it. Units: m, s, rad.

States [LG; PT ``constants.py``]: sliding (contact point slips on the cloth), rolling (no slip),
spinning (only omega_z), stationary, pocketed, and airborne (physics-airborne.md §9.2): the
bottom of the ball is ``h`` above the cloth and follows h0 + vz t - g t^2 / 2, the horizontal
motion is uniform and the spin constant (no air: drag and Magnus force move a 0.3 s flight by
millimetres, §9.2).
"""

from __future__ import annotations

import math

from cuesport.physics.params import PhysicsParams

STATIONARY, SPINNING, ROLLING, SLIDING, POCKETED, AIRBORNE = range(6)
STATE_NAMES = ("stationary", "spinning", "rolling", "sliding", "pocketed", "airborne")

# Speeds below these are zero (FF uses 1e-10; slightly looser for accumulated round-off).
EPS_V = 1e-9  # m/s
EPS_W = 1e-7  # rad/s
INF = math.inf
_FLOAT_STATE = tuple(float(s) for s in range(len(STATE_NAMES)))  # a segment's state field


class Ball:
    """Mutable simulation state of one ball (internal; the public result is :class:`Shot`)."""

    __slots__ = (
        "amag", "ax", "ay", "az", "floor", "h", "i", "kx", "ky", "name", "own_t", "segments",
        "state", "t0", "t_end", "ver", "vx", "vy", "vz", "wx", "wy", "wz", "x", "xh", "xl", "y",
        "yh", "yl",
    )

    def __init__(self, i: int, name: str, x: float, y: float) -> None:
        self.i = i
        self.name = name
        self.x, self.y = x, y
        self.vx = self.vy = 0.0
        self.wx = self.wy = self.wz = 0.0
        self.ax = self.ay = 0.0  # acceleration of the centre
        self.amag = 0.0  # |(ax, ay)|, for the simulator's cheap rejections
        self.h = self.vz = self.az = 0.0  # height of the bottom above the cloth (airborne)
        self.floor = 0.0  # what it rolls on: 0 on the bed, the rail height on the rail top
        self.kx = self.ky = 0.0  # d(omega_xy)/dt while sliding
        self.state = STATIONARY
        self.t0 = 0.0
        self.t_end = INF  # time of the next motion transition
        self.own_t = INF  # time of the next event of this ball alone (transition, cushion...)
        self.ver = 0
        self.segments: list[tuple[float, ...]] = []
        self.xl = self.xh = x  # a box holding the centre until own_t (sweep)
        self.yl = self.yh = y

    # ------------------------------------------------------------ evaluation

    def moving(self) -> bool:
        return self.state == SLIDING or self.state == ROLLING or self.state == AIRBORNE

    def sweep(self) -> None:
        """The box [xl, xh] x [yl, yh] that holds the centre over [t0, own_t], for the pair
        prediction's cheap rejection: each coordinate is a parabola, so its range is that of
        its ends and its vertex (padded by a nanometre for round-off, as simulate.span). A
        tighter box only rejects pairs that cannot meet, so it changes no result."""
        span = min(self.own_t, self.t_end) - self.t0
        if not span < INF:  # never for a moving ball; a safe answer all the same
            self.xl = self.yl = -INF
            self.xh = self.yh = INF
            return
        ax, ay, vx, vy = self.ax, self.ay, self.vx, self.vy
        x, y = self.x, self.y
        x1 = x + (vx + 0.5 * ax * span) * span  # the ends
        y1 = y + (vy + 0.5 * ay * span) * span
        xl, xh = (x, x1) if x < x1 else (x1, x)
        yl, yh = (y, y1) if y < y1 else (y1, y)
        if ax != 0.0 and 0.0 < -vx / ax < span:  # the vertex inside the span
            s = -vx / ax
            xv = x + (vx + 0.5 * ax * s) * s
            xl, xh = (xv if xv < xl else xl), (xv if xv > xh else xh)
        if ay != 0.0 and 0.0 < -vy / ay < span:
            s = -vy / ay
            yv = y + (vy + 0.5 * ay * s) * s
            yl, yh = (yv if yv < yl else yl), (yv if yv > yh else yh)
        self.xl, self.xh, self.yl, self.yh = xl - 1e-9, xh + 1e-9, yl - 1e-9, yh + 1e-9

    def kin6(self, t: float) -> tuple[float, float, float, float, float, float]:
        """Position, velocity and acceleration of the centre at time t (detection's input)."""
        dt = t - self.t0
        ax, ay = self.ax, self.ay
        return (
            self.x + (self.vx + 0.5 * ax * dt) * dt,
            self.y + (self.vy + 0.5 * ay * dt) * dt,
            self.vx + ax * dt,
            self.vy + ay * dt,
            ax,
            ay,
        )

    def height(self, t: float) -> tuple[float, float]:
        """Height of the bottom above the cloth and its rate at time t."""
        dt = t - self.t0
        return self.h + (self.vz + 0.5 * self.az * dt) * dt, self.vz + self.az * dt

    def kin(self, t: float) -> tuple[float, float, float, float]:
        """Position and velocity at time t."""
        dt = t - self.t0
        vx = self.vx + self.ax * dt
        vy = self.vy + self.ay * dt
        return (
            self.x + (self.vx + 0.5 * self.ax * dt) * dt,
            self.y + (self.vy + 0.5 * self.ay * dt) * dt,
            vx,
            vy,
        )

    def spin_at(self, t: float, p: PhysicsParams, radius: float) -> tuple[float, float, float]:
        dt = t - self.t0
        wz = self.wz
        if self.state == AIRBORNE:
            return self.wx, self.wy, wz  # no cloth: the spin is constant in flight
        if wz != 0.0:
            left = abs(wz) - p.spin_decay * dt
            wz = math.copysign(left, wz) if left > 0.0 else 0.0
        if self.state == SLIDING:
            return self.wx + self.kx * dt, self.wy + self.ky * dt, wz
        if self.state == ROLLING:
            vx = self.vx + self.ax * dt
            vy = self.vy + self.ay * dt
            return -vy / radius, vx / radius, wz
        return self.wx, self.wy, wz

    def commit(self, t: float, p: PhysicsParams, radius: float, record: bool) -> None:
        """Move the reference time to t (closing the current trajectory segment)."""
        if self.state == POCKETED:
            return
        if record and t > self.t0:
            decay = p.spin_decay
            if self.state == SLIDING:
                dwx, dwy = self.kx, self.ky
            elif self.state == ROLLING:
                dwx, dwy = -self.ay / radius, self.ax / radius
            else:
                dwx = dwy = 0.0
                if self.state == AIRBORNE:
                    decay = 0.0
            self.segments.append((self.t0, t, self.x, self.y, self.vx, self.vy, self.ax, self.ay,
                                  _FLOAT_STATE[self.state], self.wx, self.wy, self.wz, dwx, dwy,
                                  decay, self.h, self.vz, self.az))
        # self.spin_at(t, p, radius), inlined (the same operations)
        dt = t - self.t0
        wz = self.wz
        state = self.state
        if state != AIRBORNE:
            if wz != 0.0:
                left = abs(wz) - p.spin_decay * dt
                self.wz = math.copysign(left, wz) if left > 0.0 else 0.0
            if state == SLIDING:
                self.wx, self.wy = self.wx + self.kx * dt, self.wy + self.ky * dt
            elif state == ROLLING:
                self.wx = -(self.vy + self.ay * dt) / radius
                self.wy = (self.vx + self.ax * dt) / radius
        # self.kin(t), inlined (the same operations)
        ax, ay, vx, vy = self.ax, self.ay, self.vx, self.vy
        self.x = self.x + (vx + 0.5 * ax * dt) * dt
        self.y = self.y + (vy + 0.5 * ay * dt) * dt
        self.vx = vx + ax * dt
        self.vy = vy + ay * dt
        if self.state == AIRBORNE:
            self.h, self.vz = self.height(t)
        self.t0 = t

    # ------------------------------------------------------------ state changes

    def classify(self, p: PhysicsParams, radius: float) -> None:
        """Set the motion state from v and omega, and the closed-form coefficients [LG]."""
        if self.state == POCKETED:
            return
        g = p.g
        self.kx = self.ky = 0.0
        if self.h > self.floor or self.vz > 0.0:
            # In flight until the bottom comes back to the cloth: the larger root (§9.2).
            # (Coming down on the rail top instead is the simulator's event.)
            self.floor = 0.0
            self.state = AIRBORNE
            self.ax = self.ay = 0.0
            self.amag = 0.0
            self.az = -g
            self.t_end = self.t0 + (self.vz + math.sqrt(self.vz * self.vz + 2.0 * g * self.h)) / g
            return
        self.h = self.floor
        self.vz = self.az = 0.0
        ux = self.vx - radius * self.wy
        uy = self.vy + radius * self.wx
        u = math.hypot(ux, uy)
        v = math.hypot(self.vx, self.vy)
        if u > EPS_V:
            # Sliding: friction opposes the slip u, whose direction stays fixed [LG eqs. 4-8].
            self.state = SLIDING
            ex, ey = ux / u, uy / u
            self.ax, self.ay = -p.mu_slide * g * ex, -p.mu_slide * g * ey
            self.amag = p.mu_slide * g
            k = 2.5 * p.mu_slide * g / radius
            self.kx, self.ky = -k * ey, k * ex  # (5 mu g / 2R) z x u_hat, sign: reduces u
            self.t_end = self.t0 + 2.0 * u / (7.0 * p.mu_slide * g)
        elif v > EPS_V:
            self.state = ROLLING
            self.wx, self.wy = -self.vy / radius, self.vx / radius  # u = 0 exactly
            self.ax, self.ay = -p.mu_roll * g * self.vx / v, -p.mu_roll * g * self.vy / v
            self.amag = p.mu_roll * g
            self.t_end = self.t0 + v / (p.mu_roll * g)
        else:
            self.vx = self.vy = self.ax = self.ay = 0.0
            self.amag = 0.0
            self.wx = self.wy = 0.0
            if abs(self.wz) > EPS_W:
                self.state = SPINNING
                self.t_end = self.t0 + abs(self.wz) / p.spin_decay
            else:
                self.wz = 0.0
                self.state = STATIONARY
                self.t_end = INF

    def pocket(self) -> None:
        self.state = POCKETED
        self.h = self.vz = self.az = self.floor = 0.0
        self.vx = self.vy = self.ax = self.ay = 0.0
        self.amag = 0.0
        self.wx = self.wy = self.wz = 0.0
        self.t_end = INF

    def energy(self, t: float, p: PhysicsParams, radius: float) -> float:
        """Kinetic energy (translation + rotation) at time t, in J, plus the potential energy
        m g h of a ball in the air (h above the bed)."""
        if self.state == POCKETED:
            return 0.0
        if t == self.t0:
            # Just committed (every event): kin and spin_at at dt = 0 give the stored values
            # (up to the sign of a zero, which squaring drops), so the same bits, cheaper.
            vx, vy, wx, wy, wz = self.vx, self.vy, self.wx, self.wy, self.wz
        else:
            _, _, vx, vy = self.kin(t)
            wx, wy, wz = self.spin_at(t, p, radius)
        m = p.ball_mass
        e = 0.5 * m * (vx * vx + vy * vy) + 0.2 * m * radius * radius * (
            wx * wx + wy * wy + wz * wz)
        if self.state == AIRBORNE:
            h, vz = self.height(t)
            e += m * (0.5 * vz * vz + p.g * h)
        elif self.h > 0.0:  # on the rail top
            e += m * p.g * self.h
        return e
