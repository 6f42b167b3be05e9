"""Geometric predicates the referee needs: touching, spots, zones, paths and snookers.

Pure functions on ball centres (mm, README coordinates). A *position* maps ball names to
centres; nothing here mutates its inputs. Tolerances are module constants that every
function lets the caller override by keyword (spec README, "Tolerances").
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping, Sequence

import numpy as np

from cuesport.equipment.racks import rack_outline
from cuesport.equipment.tables import SNOOKER, TableSpec, d_centre, head_string_y, pockets

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


# ---------------------------------------------------------------- zones


def on_table(p: Vec, table: TableSpec, *, eps: float = 1e-9) -> bool:
    """The whole ball lies within the cushion-nose rectangle (a legal resting place)."""
    r = table.ball_radius
    return r - eps <= p[0] <= table.width - r + eps and r - eps <= p[1] <= table.length - r + eps


def in_d(p: Vec, table: TableSpec = SNOOKER, *, tol: float = LINE_TOL) -> bool:
    """SNK-1.1(e), SNK-3.5: centre inside the D or on its arc or straight edge (within tol)."""
    cx, cy = d_centre(table)
    return p[1] <= cy + tol and distance(p, (cx, cy)) <= table.d_radius + tol


def in_baulk(p: Vec, table: TableSpec = SNOOKER, *, tol: float = LINE_TOL) -> bool:
    """SNK-1.1(d): centre on the baulk line (within tol) or between it and the bottom cushion."""
    return p[1] <= table.baulk_from_bottom + tol


def on_head_string(p: Vec, table: TableSpec, *, tol: float = LINE_TOL) -> bool:
    return abs(p[1] - head_string_y(table)) <= tol


def behind_head_string(p: Vec, table: TableSpec, *, tol: float = LINE_TOL) -> bool:
    """POOL-8.1, POOL-6.10: strictly behind (kitchen); a centre on the string is not behind."""
    return p[1] < head_string_y(table) - tol


def playable_from_kitchen(p: Vec, table: TableSpec, *, tol: float = LINE_TOL) -> bool:
    """POOL-1.5: a ball behind the head string or on it may be played from the kitchen."""
    return p[1] <= head_string_y(table) + tol


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


def _inside_triangle(p: Vec, tri: Sequence[Vec]) -> bool:
    def side(a: Vec, b: Vec) -> float:
        return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])

    s = [side(tri[i], tri[(i + 1) % 3]) for i in range(3)]
    return all(v >= 0.0 for v in s) or all(v <= 0.0 for v in s)


def rack_outline_distance(p: Vec, table: TableSpec) -> float:
    """Distance from a centre to the 14.1 rack outline triangle (0 inside or on it)."""
    tri = rack_outline(table)
    if _inside_triangle(p, tri):
        return 0.0
    return min(_point_segment_distance(p, tri[i], tri[(i + 1) % 3]) for i in range(3))


def inside_rack_outline(p: Vec, table: TableSpec) -> bool:
    """The ball's centre lies inside (or on) the marked rack triangle."""
    return rack_outline_distance(p, table) == 0.0


def interferes_with_rack(p: Vec, table: TableSpec) -> bool:
    """P141-4.8: a ball interferes with racking when it lies inside the outline or its
    projection overlaps it, i.e. its centre is nearer than r to the triangle."""
    return rack_outline_distance(p, table) < table.ball_radius


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


def fully_available(cue: Vec, target: Vec, obstacles: Positions, radius: float) -> bool:
    """SNK-2.16: both extreme edges of ``target`` can be hit in a straight line without
    obstruction by any of ``obstacles`` (pass only the balls not on)."""
    edges = edge_contacts(cue, target, radius)
    if edges is None:
        return True  # touching: the ball is reached without travelling
    return all(path_clear(cue, e, obstacles, radius) for e in edges)


def full_ball_available(cue: Vec, target: Vec, obstacles: Positions, radius: float) -> bool:
    """SNK-3.14(c), SNK-X.2: the centre-line (full-ball) path to ``target`` is clear."""
    if edge_contacts(cue, target, radius) is None:
        return True
    return path_clear(cue, full_ball_contact(cue, target, radius), obstacles, radius)


def any_part_available(
    cue: Vec, target: Vec, obstacles: Positions, radius: float, *, samples: int = 181
) -> bool:
    """SNK-3.14(c), SNK-X.2 `clear_path_any_part`: some straight path reaches some part
    of ``target`` unobstructed (the contact point swept between the two edges)."""
    return any(
        path_clear(cue, c, obstacles, radius) for c in contact_fan(cue, target, radius, samples)
    )


def obstructing_balls(cue: Vec, target: Vec, obstacles: Positions, radius: float) -> list[str]:
    """SNK-2.16(b): the balls of ``obstacles`` that obstruct some straight path to any part
    of ``target``, nearest to the cue ball first."""
    found: set[str] = set()
    for c in contact_fan(cue, target, radius, samples=31):
        found.update(path_blockers(cue, c, obstacles, radius))
    return sorted(found, key=lambda n: (distance(cue, obstacles[n]), n))


def _first_touch_along(start: Vec, end: Vec, centre: Vec, reach: float) -> float | None:
    """Distance along start->end at which a point first comes within ``reach`` of
    ``centre``, or None if it never does."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length == 0.0:
        return 0.0 if distance(start, centre) < reach else None
    ux, uy = dx / length, dy / length
    px, py = centre[0] - start[0], centre[1] - start[1]
    along = px * ux + py * uy
    perp2 = px * px + py * py - along * along
    if perp2 >= reach * reach:
        return None
    s = along - math.sqrt(reach * reach - perp2)
    if s > length:
        return None
    if along + math.sqrt(reach * reach - perp2) < 0.0:
        return None
    return max(0.0, s)


def _first_touch_segment(start: Vec, end: Vec, seg: tuple[Vec, Vec], reach: float) -> float | None:
    """Same as _first_touch_along for a segment obstacle (distance is convex along a line)."""
    length = distance(start, end)

    def at(s: float) -> float:
        k = s / length if length else 0.0
        q = (start[0] + k * (end[0] - start[0]), start[1] + k * (end[1] - start[1]))
        return _point_segment_distance(q, seg[0], seg[1])

    lo, hi = 0.0, length
    for _ in range(80):  # ternary search for the nearest approach
        m1, m2 = lo + (hi - lo) / 3.0, hi - (hi - lo) / 3.0
        if at(m1) < at(m2):
            hi = m2
        else:
            lo = m1
    best = (lo + hi) / 2.0
    if at(best) >= reach:
        return None
    if at(0.0) < reach:
        return 0.0
    lo, hi = 0.0, best
    for _ in range(60):  # the first crossing lies before the nearest approach
        mid = (lo + hi) / 2.0
        if at(mid) < reach:
            hi = mid
        else:
            lo = mid
    return hi


def _inside_nose_rectangle(p: Vec, table: TableSpec, radius: float) -> bool:
    r = radius
    return r <= p[0] <= table.width - r and r <= p[1] <= table.length - r


def jaw_obstruction(start: Vec, end: Vec, table: TableSpec, radius: float) -> float | None:
    """SNK-2.16(e): distance along the path at which the rolling ball first meets a pocket
    jaw (knuckle or facing), or None. Knuckles are taken as full circles (conservative)."""
    if _inside_nose_rectangle(start, table, radius) and _inside_nose_rectangle(
        end, table, radius
    ):
        return None  # the jaws lie outside the nose rectangle, which is convex
    hits: list[float] = []
    for p in pockets(table):
        for arc in p.knuckles:
            s = _first_touch_along(start, end, arc.centre, radius + arc.radius)
            if s is not None:
                hits.append(s)
        for f in p.facings:
            s = _first_touch_segment(start, end, (f.a, f.b), radius)
            if s is not None:
                hits.append(s)
    return min(hits) if hits else None


def _ball_obstruction(start: Vec, end: Vec, obstacles: Positions, radius: float) -> float | None:
    hits = [
        s
        for p in obstacles.values()
        if (s := _first_touch_along(start, end, p, 2.0 * radius)) is not None
    ]
    return min(hits) if hits else None


def snookered(
    cue: Vec,
    balls_on: Positions,
    balls_not_on: Positions,
    radius: float,
    *,
    table: TableSpec | None = None,
    touch_tol: float = TOUCH_TOL,
) -> bool:
    """SNK-2.16, SNK-X.2: no ball on can be hit at both extreme edges without obstruction
    by a ball not on. Balls on and cushions never obstruct; with ``table`` given, a pocket
    jaw met before the first obstructing ball on some path means not snookered (2.16(e)).
    A ball on touching the cue ball counts as hit at once (SNK-3.8(b) commentary)."""
    if not balls_on:
        return False
    if any(balls_touching(cue, p, radius, tol=touch_tol) for p in balls_on.values()):
        return False
    if any(fully_available(cue, p, balls_not_on, radius) for p in balls_on.values()):
        return False
    if table is None:
        return True
    for target in balls_on.values():
        edges = edge_contacts(cue, target, radius) or ()
        for e in edges:
            by_ball = _ball_obstruction(cue, e, balls_not_on, radius)
            by_jaw = jaw_obstruction(cue, e, table, radius)
            if by_ball is not None and by_jaw is not None and by_jaw < by_ball:
                return False
    return True


def effective_snookering_balls(
    cue: Vec,
    balls_on: Positions,
    balls_not_on: Positions,
    radius: float,
    *,
    tie: float = 1e-6,
    touch_tol: float = TOUCH_TOL,
) -> frozenset[str]:
    """SNK-2.16(b),(c): the nearest ball(s) to the cue ball among those obstructing every
    ball on. Empty when the cue ball is not snookered by balls (a ball on available or
    touching), or when no single ball obstructs all the balls on (2.16(c))."""
    if any(balls_touching(cue, p, radius, tol=touch_tol) for p in balls_on.values()):
        return frozenset()
    common: set[str] | None = None
    for target in balls_on.values():
        if fully_available(cue, target, balls_not_on, radius):
            return frozenset()
        blockers = set(obstructing_balls(cue, target, balls_not_on, radius))
        common = blockers if common is None else common & blockers
    if not common:
        return frozenset()
    dists = {n: distance(cue, balls_not_on[n]) for n in common}
    nearest = min(dists.values())
    return frozenset(n for n, d in dists.items() if d <= nearest + tie)


# ---------------------------------------------------------------- the D, in hand


def d_sample_points(table: TableSpec = SNOOKER, step: float = 4.0) -> np.ndarray:
    """Cue-ball placements covering the D: a square grid of ``step`` mm plus its arc and
    straight edge sampled at ``step``/4 (where snooker decisions usually flip)."""
    cx, cy = d_centre(table)
    rad = table.d_radius
    xs = np.arange(cx - rad, cx + rad + step / 2.0, step)
    ys = np.arange(cy - rad, cy + step / 2.0, step)
    gx, gy = np.meshgrid(xs, ys)
    inside = (gx - cx) ** 2 + (gy - cy) ** 2 <= rad * rad
    grid = np.column_stack([gx[inside], gy[inside]])
    n_arc = max(8, int(math.pi * rad / (step / 4.0)))
    ang = np.linspace(math.pi, 2.0 * math.pi, n_arc)
    arc = np.column_stack([cx + rad * np.cos(ang), cy + rad * np.sin(ang)])
    line_x = np.arange(cx - rad, cx + rad + 1e-9, step / 4.0)
    line = np.column_stack([line_x, np.full_like(line_x, cy)])
    return np.vstack([grid, arc, line])


def _segments_clear(
    starts: np.ndarray, ends: np.ndarray, obstacles: np.ndarray, reach: float
) -> np.ndarray:
    """Vectorised path_clear: for N segments and M obstacle centres, True where no centre
    is nearer than ``reach`` to the segment."""
    clear = np.ones(len(starts), dtype=bool)
    d = ends - starts
    n2 = np.maximum((d * d).sum(axis=1), 1e-12)
    for q in obstacles:
        w = q[None, :] - starts
        t = np.clip((w * d).sum(axis=1) / n2, 0.0, 1.0)
        closest = starts + t[:, None] * d
        dist2 = ((q[None, :] - closest) ** 2).sum(axis=1)
        clear &= dist2 >= reach * reach
    return clear


def _fully_available_many(
    cues: np.ndarray, target: Vec, obstacles: np.ndarray, radius: float
) -> np.ndarray:
    reach = 2.0 * radius
    tgt = np.asarray(target, dtype=float)
    d = tgt[None, :] - cues
    dist = np.hypot(d[:, 0], d[:, 1])
    touching = dist <= reach
    safe = np.maximum(dist, reach * (1.0 + 1e-12))
    alpha = np.arcsin(reach / safe)
    length = np.sqrt(np.maximum(safe * safe - reach * reach, 0.0))
    base = np.arctan2(d[:, 1], d[:, 0])
    ok = np.ones(len(cues), dtype=bool)
    for sgn in (1.0, -1.0):
        ang = base + sgn * alpha
        ends = cues + length[:, None] * np.column_stack([np.cos(ang), np.sin(ang)])
        ok &= _segments_clear(cues, ends, obstacles, reach)
    return ok | touching


def snookered_in_hand(
    balls_on: Positions,
    balls_not_on: Positions,
    radius: float,
    *,
    table: TableSpec = SNOOKER,
    step: float = 4.0,
    points: np.ndarray | None = None,
) -> bool:
    """SNK-2.16(a): in hand, snookered only if snookered from every position in or on the
    lines of the D (sampled by :func:`d_sample_points`; pass ``points`` to refine).

    Placements where the cue ball would overlap a ball are skipped (it cannot go there)."""
    if not balls_on:
        return False
    cues = d_sample_points(table, step) if points is None else np.asarray(points, float)
    everyone = np.array(
        [*balls_on.values(), *balls_not_on.values()], dtype=float
    ).reshape(-1, 2)
    if len(everyone):
        gaps = np.hypot(cues[:, None, 0] - everyone[None, :, 0],
                        cues[:, None, 1] - everyone[None, :, 1])
        cues = cues[(gaps >= 2.0 * radius - OVERLAP_EPS).all(axis=1)]
    obstacles = np.array(list(balls_not_on.values()), dtype=float).reshape(-1, 2)
    available = np.zeros(len(cues), dtype=bool)
    for target in balls_on.values():
        available |= _fully_available_many(cues, target, obstacles, radius)
        if available.all():
            return False
    if available.any():
        return False
    # Only pocket jaws can still save the striker (2.16(e)); check the rare cases exactly.
    if any(not _inside_nose_rectangle(p, table, radius) for p in balls_on.values()):
        return all(
            snookered((float(c[0]), float(c[1])), balls_on, balls_not_on, radius, table=table)
            for c in cues
        )
    return True
