"""The result of a stroke: referee-protocol events, final positions and trajectories.

Trajectories are piecewise analytic: each :class:`Segment` holds one ball's motion between
two events, x(t) = p0 + v0 (t - t0) + a (t - t0)^2 / 2, in **mm** and seconds, so a ball can
be evaluated at any time (for animation) and serialised to JSON exactly. The spin is there too
(rad/s), for drawing the balls' rotation: omega_xy(t) = w0_xy + dw (t - t0), and omega_z
decays linearly at ``spin_decay`` rad/s^2 until it stops. An airborne segment (state
``"airborne"``) also has a height: the ball's bottom is h(t) = h0 + vz (t - t0) + az (t - t0)^2 / 2
above the cloth (mm), with az = -g; the other segments are on the cloth (h = 0).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from cuesport.events import StrokeEvent
from cuesport.physics.motion import STATE_NAMES

Vec = tuple[float, float]


class Segment(NamedTuple):
    """One ball's motion over [t0, t1] (mm, s).

    A named tuple rather than a frozen dataclass: a stroke builds one per ball and event,
    and a dataclass's ``__init__`` (one ``object.__setattr__`` per field) cost 6 % of an
    8-ball break."""

    t0: float
    t1: float
    p0: Vec
    v0: Vec
    a: Vec
    state: str  # sliding, rolling, spinning, stationary
    w0: tuple[float, float, float] = (0.0, 0.0, 0.0)  # angular velocity at t0, rad/s
    dw: Vec = (0.0, 0.0)  # d(omega_xy)/dt, rad/s^2
    spin_decay: float = 0.0  # |omega_z| decreases at this rate, rad/s^2
    h0: float = 0.0  # height of the ball's bottom above the cloth at t0, mm (airborne only)
    vz: float = 0.0  # its rate, mm/s
    az: float = 0.0  # mm/s^2 (-g in flight)

    def height(self, t: float) -> float:
        """Height of the ball's bottom above the cloth (mm) at time t."""
        dt = min(max(t, self.t0), self.t1) - self.t0
        return self.h0 + (self.vz + 0.5 * self.az * dt) * dt

    def spin(self, t: float) -> tuple[float, float, float]:
        """Angular velocity (rad/s) at time t."""
        dt = min(max(t, self.t0), self.t1) - self.t0
        wz = self.w0[2]
        left = abs(wz) - self.spin_decay * dt
        return (self.w0[0] + self.dw[0] * dt, self.w0[1] + self.dw[1] * dt,
                math.copysign(left, wz) if left > 0.0 else 0.0)

    def at(self, t: float) -> Vec:
        dt = min(max(t, self.t0), self.t1) - self.t0
        return (
            self.p0[0] + (self.v0[0] + 0.5 * self.a[0] * dt) * dt,
            self.p0[1] + (self.v0[1] + 0.5 * self.a[1] * dt) * dt,
        )

    def velocity(self, t: float) -> Vec:
        dt = min(max(t, self.t0), self.t1) - self.t0
        return (self.v0[0] + self.a[0] * dt, self.v0[1] + self.a[1] * dt)

    def to_json(self) -> dict[str, Any]:
        out = {"t0": self.t0, "t1": self.t1, "p0": list(self.p0), "v0": list(self.v0),
               "a": list(self.a), "state": self.state, "w0": list(self.w0), "dw": list(self.dw),
               "spin_decay": self.spin_decay}
        if self.h0 or self.vz or self.az:  # only airborne segments carry a height
            out.update(h0=self.h0, vz=self.vz, az=self.az)
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Segment:
        return cls(d["t0"], d["t1"], tuple(d["p0"]), tuple(d["v0"]), tuple(d["a"]),
                   d["state"], tuple(d.get("w0", (0.0, 0.0, 0.0))),
                   tuple(d.get("dw", (0.0, 0.0))), d.get("spin_decay", 0.0), d.get("h0", 0.0),
                   d.get("vz", 0.0), d.get("az", 0.0))


class Contact(NamedTuple):
    """One internal event, for diagnostics and tests: kind, time, balls and their energy
    (a named tuple, like :class:`Segment`, for the same reason)."""

    t: float
    kind: str  # hit, cushion, jaw, pot, transition, land, off, rail (onto the rail top), drop
    balls: tuple[str, ...]
    energy_before: float  # J, of the balls involved (kinetic, plus m g h in the air)
    energy_after: float
    guarded: bool = False  # the separation floor (numerical guard) was applied


@dataclass(frozen=True, slots=True)
class Shot:
    """What a stroke did.

    - ``events``: referee-protocol events (``hit``, ``cushion``, ``pot``, ``off``, ``cross``,
      and protocol 1.1's ``over``, ``takeoff``, ``land``: :mod:`cuesport.events`), in time
      order.
    - ``final``: positions at rest of the balls still on the table (mm); pocketed and
      off-table balls are absent.
    - ``pocketed``: ball -> pocket name.
    - ``trajectories``: ball -> segments covering [0, ``duration``] (until it stopped or fell;
      empty when ``record`` was off).
    """

    events: tuple[StrokeEvent, ...]
    final: dict[str, Vec]
    pocketed: dict[str, str]
    trajectories: dict[str, tuple[Segment, ...]]
    duration: float
    miscue: bool = False
    truncated: bool = False  # the event or time cap stopped the simulation (never expected)
    event_count: int = 0  # internal events resolved (contacts, pots, motion transitions)
    contacts: tuple[Contact, ...] = field(default=(), repr=False)  # only when recorded

    def position_at(self, t: float) -> dict[str, Vec]:
        """Where every ball on the table is at time t (balls already pocketed or off the table
        are absent)."""
        out: dict[str, Vec] = {}
        for name, segs in self.trajectories.items():
            if not segs:
                if name in self.final:
                    out[name] = self.final[name]
                continue
            if name not in self.final and t > segs[-1].t1:
                continue  # already fallen, or off the table
            seg = next((s for s in segs if t <= s.t1), segs[-1])
            out[name] = seg.at(t)
        return out

    def polyline(self, ball: str, step: float = 0.01) -> list[Vec]:
        """Points along a ball's path every ``step`` seconds (and at every segment end)."""
        pts: list[Vec] = []
        for s in self.trajectories.get(ball, ()):
            if s.state in ("stationary", "spinning") and pts:
                continue
            n = max(1, int((s.t1 - s.t0) / step))
            pts += [s.at(s.t0 + (s.t1 - s.t0) * i / n) for i in range(n + 1)]
        return pts

    def flight_polyline(self, ball: str, step: float = 0.01) -> list[tuple[float, float, float]]:
        """:meth:`polyline` with the height of the ball's bottom above the cloth (mm) as a
        third coordinate (0 on the bed), for drawing flight (render.position_svg)."""
        pts: list[tuple[float, float, float]] = []
        for s in self.trajectories.get(ball, ()):
            if s.state in ("stationary", "spinning") and pts:
                continue
            n = max(1, int((s.t1 - s.t0) / step))
            for i in range(n + 1):
                t = s.t0 + (s.t1 - s.t0) * i / n
                pts.append((*s.at(t), max(s.height(t), 0.0)))  # 0 on the bed
        return pts

    def off_points(self) -> dict[str, Vec]:
        """Where each ball that left the table was last seen (its trajectory's end), mm."""
        out: dict[str, Vec] = {}
        for e in self.events:
            name = e.get("off")
            segs = self.trajectories.get(str(name), ()) if name is not None else ()
            if segs:
                out[str(name)] = segs[-1].at(segs[-1].t1)
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "events": list(self.events),
            "after": {k: list(v) for k, v in self.final.items()},
            "pocketed": dict(self.pocketed),
            "duration": self.duration,
            "miscue": self.miscue,
            "truncated": self.truncated,
            "event_count": self.event_count,
            "trajectories": {k: [s.to_json() for s in v] for k, v in self.trajectories.items()},
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json())

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Shot:
        return cls(
            events=tuple(d["events"]),
            final={k: (v[0], v[1]) for k, v in d["after"].items()},
            pocketed=dict(d["pocketed"]),
            trajectories={k: tuple(Segment.from_json(s) for s in v)
                          for k, v in d["trajectories"].items()},
            duration=d["duration"],
            miscue=d.get("miscue", False),
            truncated=d.get("truncated", False),
            event_count=d.get("event_count", 0),
        )


def make_segment(raw: tuple[float, ...]) -> Segment:
    """From the simulator's internal tuple (m) to a Segment (mm)."""
    t0, t1, x, y, vx, vy, ax, ay, st, wx, wy, wz, dwx, dwy, alpha, h, vz, az = raw
    return _new(Segment, (t0, t1, (x * 1e3, y * 1e3), (vx * 1e3, vy * 1e3),
                          (ax * 1e3, ay * 1e3), STATE_NAMES[int(st)], (wx, wy, wz), (dwx, dwy),
                          alpha, h * 1e3, vz * 1e3, az * 1e3))


_new = tuple.__new__  # Segment's fields in order, without its __new__'s call
