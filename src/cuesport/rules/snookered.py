"""Snookered (SNK-2.16, SNK-X.2) and the clear paths of foul and a miss (SNK-3.14(c)).

The rule procedures over :mod:`cuesport.equipment.geometry`'s straight paths: whether a
ball on can be hit at both extreme edges, which balls snooker the cue ball, whether the
pocket jaws obstruct first (SNK-2.16(e)), and the same from every placement in the D
(SNK-2.16(a)), vectorised with numpy. :mod:`cuesport.rules.snooker_free_ball` asks these
questions for the snooker referee.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from functools import lru_cache

import numpy as np

from cuesport.equipment.geometry import (
    OVERLAP_EPS,
    TOUCH_TOL,
    Positions,
    Vec,
    balls_touching,
    contact_fan,
    distance,
    edge_contacts,
    full_ball_contact,
    path_blockers,
    path_clear,
)
from cuesport.equipment.tables import SNOOKER, TableSpec, d_centre, pockets


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
    first: np.ndarray = np.where(hit, np.maximum(along - half, 0.0), np.inf).min(axis=1)
    return first


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
    near: np.ndarray = discs[keep]
    return near


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
