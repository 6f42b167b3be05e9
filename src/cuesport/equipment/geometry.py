"""Plain geometry on ball centres: distances, touching, spots, the table bed, straight
paths and contact points.

Pure functions on ball centres (mm, README coordinates). A *position* maps ball names to
centres; nothing here mutates its inputs. Tolerances are module constants that every
function lets the caller override by keyword (spec README, "Tolerances"). The rule
procedures built on them (snookered, the in-hand areas, rack interference, respotting)
live in :mod:`cuesport.rules`.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping

from cuesport.equipment.tables import TableSpec

Vec = tuple[float, float]
Positions = Mapping[str, Vec]

TOUCH_TOL = 0.5  # README: touching when centre distance < 2r + TOUCH_TOL
LINE_TOL = 0.5  # README: a centre within this of a line is on the line
OVERLAP_EPS = 1e-6  # float slack so that two balls placed exactly frozen do not "overlap"

# ---------------------------------------------------------------- balls


def distance(a: Vec, b: Vec) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def balls_touching(a: Vec, b: Vec, radius: float, *, tol: float = TOUCH_TOL) -> bool:
    """README TOUCH_TOL: touching iff centre distance < 2r + tol (exactly 2r + tol is not)."""
    return distance(a, b) < 2.0 * radius + tol


def balls_overlap(a: Vec, b: Vec, radius: float, *, eps: float = OVERLAP_EPS) -> bool:
    """Two balls interpenetrate: centre distance below 2r (frozen balls do not overlap)."""
    return distance(a, b) < 2.0 * radius - eps


def touching_balls(
    name: str, positions: Positions, radius: float, *, tol: float = TOUCH_TOL
) -> list[str]:
    """SNK-3.8, ONE-2.10, POOL-6.7: the balls touching ``name``, nearest first."""
    centre = positions[name]
    hits = [
        (distance(centre, p), other)
        for other, p in positions.items()
        if other != name and balls_touching(centre, p, radius, tol=tol)
    ]
    return [other for _, other in sorted(hits)]


def overlapping_pairs(
    positions: Positions, radius: float, *, eps: float = OVERLAP_EPS
) -> list[tuple[str, str]]:
    """Every pair of balls that interpenetrate (an impossible position)."""
    items = list(positions.items())
    return [
        (a, b)
        for i, (a, pa) in enumerate(items)
        for b, pb in items[i + 1 :]
        if balls_overlap(pa, pb, radius, eps=eps)
    ]


def spot_occupied(
    spot: Vec,
    positions: Positions,
    radius: float,
    *,
    ignore: Collection[str] = (),
    tol: float = TOUCH_TOL,
) -> bool:
    """SNK-2.17: occupied iff a ball placed on it would touch a ball (centre < 2r + tol)."""
    return any(
        balls_touching(spot, p, radius, tol=tol)
        for name, p in positions.items()
        if name not in ignore
    )


def first_free_spot(
    candidates: Iterable[Vec],
    positions: Positions,
    radius: float,
    *,
    ignore: Collection[str] = (),
    tol: float = TOUCH_TOL,
) -> Vec | None:
    """The first of ``candidates`` that is not occupied (SNK-2.17), or None."""
    for spot in candidates:
        if not spot_occupied(spot, positions, radius, ignore=ignore, tol=tol):
            return spot
    return None


# ---------------------------------------------------------------- the bed


def on_table(p: Vec, table: TableSpec, *, eps: float = 1e-9) -> bool:
    """The whole ball lies within the cushion-nose rectangle (a legal resting place)."""
    r = table.ball_radius
    return r - eps <= p[0] <= table.width - r + eps and r - eps <= p[1] <= table.length - r + eps


def clear_of_cushions(p: Vec, table: TableSpec, *, tol: float = 0.5) -> bool:
    """A ball centred at ``p`` within the nose rectangle touches no cushion piece by more
    than ``tol``: noses, knuckles and jaw facings. Beside a pocket's points the knuckle
    curves away from the nose line, so a ball resting against it may reach a little past
    that line (``on_table`` says no)."""
    from cuesport.equipment.tables import cushions, pockets  # (tables imports this module)

    if not (0.0 <= p[0] <= table.width and 0.0 <= p[1] <= table.length):
        return False
    r = table.ball_radius - tol
    if any(_point_segment_distance(p, s.a, s.b) < r for s in cushions(table)):
        return False
    for pk in pockets(table):
        if any(distance(p, k.centre) - k.radius < r for k in pk.knuckles):
            return False
        if any(_point_segment_distance(p, f.a, f.b) < r for f in pk.facings):
            return False
    return True


def _point_segment_distance(p: Vec, a: Vec, b: Vec) -> float:
    ax, ay = b[0] - a[0], b[1] - a[1]
    n2 = ax * ax + ay * ay
    if n2 == 0.0:
        return distance(p, a)
    t = max(0.0, min(1.0, ((p[0] - a[0]) * ax + (p[1] - a[1]) * ay) / n2))
    return distance(p, (a[0] + t * ax, a[1] + t * ay))


def point_segment_distance(p: Vec, a: Vec, b: Vec) -> float:
    """Distance from ``p`` to the segment ``a``-``b``."""
    return _point_segment_distance(p, a, b)


# ---------------------------------------------------------------- straight paths


def path_blockers(
    start: Vec,
    end: Vec,
    balls: Positions,
    radius: float,
    *,
    ignore: Collection[str] = (),
) -> list[str]:
    """SNK-2.16, SNK-X.2: balls in the corridor of a ball rolling from centre ``start`` to
    centre ``end`` (centre nearer than 2r to the segment), nearest to ``start`` first."""
    hits = [
        (distance(start, p), name)
        for name, p in balls.items()
        if name not in ignore and _point_segment_distance(p, start, end) < 2.0 * radius
    ]
    return [name for _, name in sorted(hits)]


def path_clear(
    start: Vec, end: Vec, balls: Positions, radius: float, *, ignore: Collection[str] = ()
) -> bool:
    return not path_blockers(start, end, balls, radius, ignore=ignore)


def edge_contacts(cue: Vec, target: Vec, radius: float) -> tuple[Vec, Vec] | None:
    """SNK-X.2: where the cue-ball centre is when it grazes the left and the right extreme
    edge of ``target`` (tangent points from ``cue`` to the circle of radius 2r around it).

    None when the balls touch or overlap (no straight approach is needed)."""
    dx, dy = target[0] - cue[0], target[1] - cue[1]
    dist = math.hypot(dx, dy)
    reach = 2.0 * radius
    if dist <= reach:
        return None
    alpha = math.asin(reach / dist)
    length = math.sqrt(dist * dist - reach * reach)
    base = math.atan2(dy, dx)
    left = base + alpha
    right = base - alpha
    return (
        (cue[0] + length * math.cos(left), cue[1] + length * math.sin(left)),
        (cue[0] + length * math.cos(right), cue[1] + length * math.sin(right)),
    )


def full_ball_contact(cue: Vec, target: Vec, radius: float) -> Vec:
    """The cue-ball centre at a full-ball (centre-line) contact with ``target``."""
    dx, dy = target[0] - cue[0], target[1] - cue[1]
    dist = math.hypot(dx, dy) or 1.0
    k = 2.0 * radius / dist
    return (target[0] - k * dx, target[1] - k * dy)


def contact_fan(cue: Vec, target: Vec, radius: float, samples: int = 61) -> list[Vec]:
    """Cue-ball centres at contact across the visible face of ``target``, left edge to
    right edge (``samples`` points, both edges included)."""
    edges = edge_contacts(cue, target, radius)
    if edges is None:
        return [cue]
    a0 = math.atan2(edges[0][1] - target[1], edges[0][0] - target[0])
    a1 = math.atan2(edges[1][1] - target[1], edges[1][0] - target[0])
    sweep = (a1 - a0) % (2.0 * math.pi)
    if sweep > math.pi:  # the near face is the shorter arc between the two edges
        sweep -= 2.0 * math.pi
    reach = 2.0 * radius
    out = []
    for i in range(samples):
        a = a0 + sweep * i / (samples - 1)
        out.append((target[0] + reach * math.cos(a), target[1] + reach * math.sin(a)))
    return out


