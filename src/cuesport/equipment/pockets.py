"""Pocket geometry: mouths, rounded points (knuckles), jaw facings and the drop (capture) circle.

A pocket is described by a few measured parameters (:class:`PocketSpec`) and placed on a
table as a :class:`Pocket` whose straight and curved pieces the physics can collide with.

Conventions (all lengths in mm, angles in degrees):

* **mouth**: distance between the two *points*, where a cushion-nose line meets the jaw
  facing line (the WPA measures the mouth "from point to point").
* **cut_angle**: angle at a point between the cushion nose and the jaw facing, measured
  through the cushion rubber (WPA: corner 142°, side 103°). 135° (corner) or 90° (side)
  would give parallel facings; larger angles make the throat narrower than the mouth.
* **knuckle_radius**: the point is rounded by an arc of this radius tangent to both the
  nose line and the facing (the "jaw curve").
* **shelf**: depth, along the pocket's axis, from the mouth line to the drop edge of the
  slate. A ball is captured once its centre passes the drop edge: the capture circle is
  tangent to both facings, with its nearest point on the drop edge.
* The facings run from the knuckles to the back of the cushion rubber (``depth``).

Sources: WPA equipment specifications (pool mouths, cut angles); BCA equipment
specifications (shelf depths). Snooker pocket dimensions are set by the WPBSA templates,
which are not public (see ``shared/spec/physics.md`` §6): the snooker values below are
unverified defaults, kept configurable.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

Vec = tuple[float, float]
PocketName = Literal[
    "bottom-left", "bottom-right", "middle-left", "middle-right", "top-left", "top-right"
]
POCKET_NAMES: tuple[str, ...] = (
    "bottom-left",
    "bottom-right",
    "middle-left",
    "middle-right",
    "top-left",
    "top-right",
)


@dataclass(frozen=True, slots=True)
class PocketSpec:
    """Measured parameters of one kind of pocket (corner or middle)."""

    mouth: float
    cut_angle: float
    knuckle_radius: float
    shelf: float
    source: str = ""


# WPA: corner mouth 4.5-4.625 in (114.3-117.5 mm), cut 142°; BCA shelf 1 5/8-1 7/8 in.
POOL_CORNER = PocketSpec(mouth=116.0, cut_angle=142.0, knuckle_radius=8.0, shelf=44.45,
                         source="WPA equipment spec (mouth, angle); BCA (shelf); knuckle: model")
# WPA: side mouth 5-5.125 in (127-130.2 mm), angle 103°; BCA shelf 0-3/8 in.
POOL_MIDDLE = PocketSpec(mouth=128.6, cut_angle=103.0, knuckle_radius=6.0, shelf=4.76,
                         source="WPA equipment spec (mouth, angle); BCA (shelf); knuckle: model")
# Snooker: WPBSA templates are private; unverified defaults (physics.md §6 lists 80-89 mm).
SNOOKER_CORNER = PocketSpec(mouth=86.0, cut_angle=140.0, knuckle_radius=20.0, shelf=12.0,
                            source="unverified default (WPBSA templates not public)")
SNOOKER_MIDDLE = PocketSpec(mouth=90.0, cut_angle=105.0, knuckle_radius=15.0, shelf=4.0,
                            source="unverified default (WPBSA templates not public)")


@dataclass(frozen=True, slots=True)
class Segment:
    a: Vec
    b: Vec


@dataclass(frozen=True, slots=True)
class Arc:
    """A circular arc: centre, radius and the angular range [start, end] in radians (ccw)."""

    centre: Vec
    radius: float
    start: float
    end: float


@dataclass(frozen=True, slots=True)
class Circle:
    centre: Vec
    radius: float


@dataclass(frozen=True, slots=True)
class Pocket:
    """A pocket placed on a table. Pieces are listed for the two sides (s = +1, -1)."""

    name: str
    kind: Literal["corner", "middle"]
    nominal: Vec  # the reference point of the spec README (corner or middle of a side)
    axis: Vec  # unit vector from the table into the pocket
    mouth_centre: Vec
    points: tuple[Vec, Vec]  # where each cushion-nose line meets its jaw facing
    nose_ends: tuple[Vec, Vec]  # where each straight cushion nose ends (knuckle tangency)
    knuckles: tuple[Arc, Arc]
    facings: tuple[Segment, Segment]
    capture: Circle
    spec: PocketSpec


def _add(p: Vec, q: Vec, k: float = 1.0) -> Vec:
    return (p[0] + k * q[0], p[1] + k * q[1])


def _unit(v: Vec) -> Vec:
    n = math.hypot(*v)
    return (v[0] / n, v[1] / n)


def _combo(a: Vec, ka: float, b: Vec, kb: float) -> Vec:
    return (a[0] * ka + b[0] * kb, a[1] * ka + b[1] * kb)


def place_pocket(
    name: str,
    kind: Literal["corner", "middle"],
    nominal: Vec,
    axis: Vec,
    spec: PocketSpec,
    depth: float = 50.0,
) -> Pocket:
    """Build a pocket's pieces from its spec, its nominal point and its axis (into the pocket).

    The mouth line is perpendicular to the axis. For a corner pocket it cuts the two
    cushion-nose lines at 45°, so the points lie ``mouth/√2`` from the nominal corner along
    each cushion; for a middle pocket the mouth lies on the cushion line itself.
    """
    axis = _unit(axis)
    tangent: Vec = (-axis[1], axis[0])
    beta = math.radians(45.0 if kind == "corner" else 0.0)
    half = spec.mouth / 2.0
    if kind == "corner":
        leg = spec.mouth / math.sqrt(2.0)
        mouth_centre = _add(nominal, axis, -leg / math.sqrt(2.0))
    else:
        mouth_centre = nominal
    theta_f = math.radians(spec.cut_angle) - beta  # facing angle in the (s·t, axis) basis
    half_cut = math.radians(spec.cut_angle) / 2.0
    run = spec.knuckle_radius / math.tan(half_cut)  # from point to each tangency
    # Capture circle on the axis, tangent to both facings, nearest point on the drop edge:
    # distance from its centre to a facing line equals its radius.
    sin_f, cos_f = math.sin(theta_f), math.cos(theta_f)
    capture_r = (half * sin_f + spec.shelf * cos_f) / (1.0 - cos_f)
    capture = Circle(_add(mouth_centre, axis, spec.shelf + capture_r), capture_r)
    points, nose_ends, knuckles, facings = [], [], [], []
    for s in (1.0, -1.0):
        st = (tangent[0] * s, tangent[1] * s)
        p = _add(mouth_centre, st, half)
        cushion = _combo(st, math.cos(beta), axis, -math.sin(beta))
        facing = _combo(st, math.cos(theta_f), axis, math.sin(theta_f))
        bisector = _unit(_add(cushion, facing))
        centre = _add(p, bisector, spec.knuckle_radius / math.sin(half_cut))
        t_nose = _add(p, cushion, run)
        t_face = _add(p, facing, run)
        a0 = math.atan2(t_nose[1] - centre[1], t_nose[0] - centre[0])
        a1 = math.atan2(t_face[1] - centre[1], t_face[0] - centre[0])
        # The exposed part of the knuckle faces the table and the pocket: the short way round.
        start, end = (a0, a1) if (a1 - a0) % (2 * math.pi) < math.pi else (a1, a0)
        if end < start:
            end += 2 * math.pi
        points.append(p)
        nose_ends.append(t_nose)
        knuckles.append(Arc(centre, spec.knuckle_radius, start, end))
        # The facing ends at the back of the cushion rubber, ``depth`` behind the nose line.
        outward = (-cushion[1], cushion[0])
        if outward[0] * axis[0] + outward[1] * axis[1] < 0:
            outward = (-outward[0], -outward[1])
        facing_len = depth / (facing[0] * outward[0] + facing[1] * outward[1])
        facings.append(Segment(t_face, _add(p, facing, facing_len)))
    return Pocket(
        name=name,
        kind=kind,
        nominal=nominal,
        axis=axis,
        mouth_centre=mouth_centre,
        points=(points[0], points[1]),
        nose_ends=(nose_ends[0], nose_ends[1]),
        knuckles=(knuckles[0], knuckles[1]),
        facings=(facings[0], facings[1]),
        capture=capture,
        spec=spec,
    )
