"""Geometric predicates the referee needs: touching, spots, zones, paths and snookers.

Pure functions on ball centres (mm, README coordinates). A *position* maps ball names to
centres; nothing here mutates its inputs. Tolerances are module constants that every
function lets the caller override by keyword (spec README, "Tolerances").
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from functools import lru_cache

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


def _first_touch_many(
    starts: np.ndarray, ends: np.ndarray, centres: np.ndarray, reach: np.ndarray
) -> np.ndarray:
    """For N segments and M discs: the distance along each segment at which it first comes
    within ``reach`` of a disc centre (inf if never). Vectorised _first_touch_along."""
    n = len(starts)
    if len(centres) == 0 or n == 0:
        return np.full(n, np.inf)
    d = ends - starts
    length = np.hypot(d[:, 0], d[:, 1])
    u = d / np.where(length > 0.0, length, 1.0)[:, None]
    p = centres[None, :, :] - starts[:, None, :]
    along = (p * u[:, None, :]).sum(axis=2)
    perp2 = (p * p).sum(axis=2) - along * along
    r2 = (reach * reach)[None, :]
    half = np.sqrt(np.maximum(r2 - perp2, 0.0))
    hit = (perp2 < r2) & (along - half <= length[:, None]) & (along + half >= 0.0)
    return np.where(hit, np.maximum(along - half, 0.0), np.inf).min(axis=1)


@lru_cache(maxsize=16)
def _jaw_discs(table: TableSpec, spacing: float = 2.0) -> np.ndarray:
    """Pocket jaws as discs (x, y, radius): each knuckle, and points every ``spacing`` mm
    along each facing. Knuckles are taken as full circles (conservative)."""
    rows: list[tuple[float, float, float]] = []
    for p in pockets(table):
        rows += [(a.centre[0], a.centre[1], a.radius) for a in p.knuckles]
        for f in p.facings:
            n = max(2, int(distance(f.a, f.b) / spacing) + 1)
            for k in range(n):
                t = k / (n - 1)
                rows.append((f.a[0] + t * (f.b[0] - f.a[0]), f.a[1] + t * (f.b[1] - f.a[1]), 0.0))
    return np.array(rows, dtype=float)


def _inside_nose_rectangle(p: Vec, table: TableSpec, radius: float) -> bool:
    r = radius
    return r <= p[0] <= table.width - r and r <= p[1] <= table.length - r


def _discs_near(discs: np.ndarray, points: np.ndarray, radius: float) -> np.ndarray:
    """The discs that can touch a ball whose centre stays in the bounding box of points."""
    lo, hi = points.min(axis=0), points.max(axis=0)
    margin = radius + discs[:, 2]
    keep = ((discs[:, :2] >= lo - margin[:, None]) & (discs[:, :2] <= hi + margin[:, None])).all(
        axis=1
    )
    return discs[keep]


def jaw_obstruction(start: Vec, end: Vec, table: TableSpec, radius: float) -> float | None:
    """SNK-2.16(e): distance along the path at which the rolling ball first meets a pocket
    jaw (knuckle or facing), or None."""
    if _inside_nose_rectangle(start, table, radius) and _inside_nose_rectangle(
        end, table, radius
    ):
        return None  # the jaws lie outside the nose rectangle, which is convex
    discs = _jaw_discs(table)
    s = _first_touch_many(
        np.array([start], float), np.array([end], float), discs[:, :2], radius + discs[:, 2]
    )[0]
    return None if math.isinf(s) else float(s)


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
    touching), or when no single ball obstructs all the balls on (2.16(c)). The free-ball
    foul SNK-3.10(b)(ii) asks whether the nominated ball is one of them."""
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


def partition_balls(
    positions: Positions, on: Collection[str], *, cue: str = "cue"
) -> tuple[dict[str, Vec], dict[str, Vec]]:
    """Split a position into (balls on, balls not on), leaving the cue ball out."""
    balls_on = {n: p for n, p in positions.items() if n in on and n != cue}
    not_on = {n: p for n, p in positions.items() if n not in on and n != cue}
    return balls_on, not_on


def clear_path_any_part(
    cue: Vec, balls_on: Positions, balls_not_on: Positions, radius: float
) -> bool:
    """SNK-3.14(c): a clear straight path from the cue ball to any part of any ball on."""
    return any(any_part_available(cue, p, balls_not_on, radius) for p in balls_on.values())


def central_contact_available(
    cue: Vec, balls_on: Positions, balls_not_on: Positions, radius: float, *, reds: bool
) -> bool:
    """SNK-3.14(c), SNK-X.2 ``full_ball_available``: central full-ball contact on some ball
    on; when reds are on, some red must be clear across its full diameter (both edges)."""
    test = fully_available if reds else full_ball_available
    return any(test(cue, p, balls_not_on, radius) for p in balls_on.values())


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


def _edge_ends(cues: np.ndarray, target: Vec, radius: float) -> tuple[np.ndarray, ...]:
    """Vectorised edge_contacts: left ends, right ends and the cue-target distances."""
    reach = 2.0 * radius
    d = np.asarray(target, dtype=float)[None, :] - cues
    dist = np.hypot(d[:, 0], d[:, 1])
    safe = np.maximum(dist, reach * (1.0 + 1e-12))
    alpha = np.arcsin(reach / safe)
    length = np.sqrt(safe * safe - reach * reach)
    base = np.arctan2(d[:, 1], d[:, 0])
    left, right = base + alpha, base - alpha
    return (
        cues + length[:, None] * np.column_stack([np.cos(left), np.sin(left)]),
        cues + length[:, None] * np.column_stack([np.cos(right), np.sin(right)]),
        dist,
    )


def snookered_in_hand(
    balls_on: Positions,
    balls_not_on: Positions,
    radius: float,
    *,
    table: TableSpec = SNOOKER,
    step: float = 4.0,
    points: np.ndarray | None = None,
    jaws: bool = True,
    touch_tol: float = TOUCH_TOL,
) -> bool:
    """SNK-2.16(a): in hand, snookered only if snookered (as :func:`snookered`) from every
    position in or on the lines of the D (sampled by :func:`d_sample_points`; pass
    ``points`` to refine). Placements where the cue ball would overlap a ball are skipped."""
    if not balls_on:
        return False
    cues = d_sample_points(table, step) if points is None else np.asarray(points, float)
    everyone = np.array([*balls_on.values(), *balls_not_on.values()], float).reshape(-1, 2)
    if len(everyone):
        gaps = np.hypot(
            cues[:, None, 0] - everyone[None, :, 0], cues[:, None, 1] - everyone[None, :, 1]
        )
        cues = cues[(gaps >= 2.0 * radius - OVERLAP_EPS).all(axis=1)]
    obstacles = np.array(list(balls_not_on.values()), float).reshape(-1, 2)
    reach = np.full(len(obstacles), 2.0 * radius)
    discs = _jaw_discs(table)
    for target in balls_on.values():
        left, right, dist = _edge_ends(cues, target, radius)
        ok = dist < 2.0 * radius + touch_tol  # a touching ball on (SNK-3.8)
        both_clear = np.ones(len(cues), dtype=bool)
        near_jaw = jaws and not _inside_nose_rectangle(target, table, radius)
        for ends in (left, right):
            by_ball = _first_touch_many(cues, ends, obstacles, reach)
            both_clear &= np.isinf(by_ball)
            if near_jaw:  # SNK-2.16(e): a jaw nearer than the first obstructing ball
                near = _discs_near(discs, np.vstack([cues, ends]), radius)
                by_jaw = _first_touch_many(cues, ends, near[:, :2], radius + near[:, 2])
                ok |= np.isfinite(by_ball) & (by_jaw < by_ball)
        # One free placement anywhere in the D is enough: not snookered.
        if (ok | both_clear).any():
            return False
    return True


def cue_ball_snookered(
    cue: Vec | None,
    balls_on: Positions,
    balls_not_on: Positions,
    radius: float,
    *,
    table: TableSpec = SNOOKER,
) -> bool:
    """SNK-3.10: the free-ball test after a foul: from the cue ball's position, or, when it
    is in hand (``cue`` None), from every position of the D (SNK-2.16(a)). Jaws count."""
    if cue is None:
        return snookered_in_hand(balls_on, balls_not_on, radius, table=table)
    return snookered(cue, balls_on, balls_not_on, radius, table=table)
