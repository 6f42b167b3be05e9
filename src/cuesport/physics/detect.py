"""Event-time prediction for each kind of pair [LG; shared/spec/physics.md §2].

Between events a ball's centre is r(t) = p0 + p1 t + p2 t^2 (t from "now"), so

- ball-ball contact, |dr(t)|^2 = (2R)^2, is a quartic;
- ball-line contact (straight cushion nose, jaw facing), n.r(t) - d = R, is a quadratic;
- ball-circle contact (knuckle arc: rho = r_knuckle + R; capture circle: rho = r_capture, the
  centre enters), |r(t) - c|^2 = rho^2, is a quartic.

Each is answered by :func:`cuesport.physics.roots.first_entry`: the first time the distance
function reaches contact *while decreasing*, within a horizon no later than the next event of
either ball (roots beyond it are artefacts of the polynomials, which stop being valid).
Geometry is in metres, built once per table and cached.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from cuesport import events as ev
from cuesport.equipment.tables import TableSpec, cushions, pockets
from cuesport.physics.roots import INF, first_entry_quadratic, first_entry_quartic

Kin = tuple[float, float, float, float, float, float]  # x, y, vx, vy, ax, ay at "now"


@dataclass(frozen=True, slots=True)
class Line:
    """A straight contact piece: cushion nose or jaw facing (metres)."""

    ax: float
    ay: float
    dx: float  # unit vector a -> b
    dy: float
    length: float
    nx: float  # unit normal into the playing side
    ny: float
    pocket: str | None  # None for a cushion nose, else the pocket whose jaw this is
    # the segment's box grown by the ball radius (and a hair): a centre outside it never
    # touches the piece (for pruning; geometry() sets it)
    bxl: float = -math.inf
    bxh: float = math.inf
    byl: float = -math.inf
    byh: float = math.inf


@dataclass(frozen=True, slots=True)
class ArcPiece:
    """A knuckle (rounded pocket point): circle of radius rho, exposed over [start, start+span]."""

    cx: float
    cy: float
    rho: float
    start: float
    span: float
    pocket: str
    bxl: float = -math.inf  # the circle's box grown by the ball radius, as for Line
    bxh: float = math.inf
    byl: float = -math.inf
    byh: float = math.inf


@dataclass(frozen=True, slots=True)
class PocketGeo:
    name: str
    cx: float  # capture circle (the drop edge): the ball falls once its centre enters
    cy: float
    radius: float
    bx: float  # bounding circle of all of the pocket's pieces, for pruning
    by: float
    brad: float
    facings: tuple[Line, Line]
    arcs: tuple[ArcPiece, ArcPiece]
    # the bounding circle's box grown by the ball radius: a centre outside it touches none
    # of the pieces and is not captured
    xlo: float = -math.inf
    xhi: float = math.inf
    ylo: float = -math.inf
    yhi: float = math.inf
    # the capture circle's box: a centre outside it is not captured
    cxl: float = -math.inf
    cxh: float = math.inf
    cyl: float = -math.inf
    cyh: float = math.inf


@dataclass(frozen=True, slots=True)
class Geometry:
    width: float
    length: float
    radius: float
    nose_height: float
    cushions: tuple[Line, ...]
    pockets: tuple[PocketGeo, ...]
    outer: float = 0.0  # from the cushion noses to the rail's outer edge (drawing values)


def _line(a: tuple[float, float], b: tuple[float, float], towards: tuple[float, float],
          pocket: str | None, radius: float) -> Line:
    ax, ay, bx, by = a[0] / 1e3, a[1] / 1e3, b[0] / 1e3, b[1] / 1e3
    length = math.hypot(bx - ax, by - ay)
    dx, dy = (bx - ax) / length, (by - ay) / length
    nx, ny = -dy, dx
    if nx * (towards[0] / 1e3 - ax) + ny * (towards[1] / 1e3 - ay) < 0.0:
        nx, ny = -nx, -ny
    g = _grow(radius)
    return Line(ax, ay, dx, dy, length, nx, ny, pocket, min(ax, bx) - g, max(ax, bx) + g,
                min(ay, by) - g, max(ay, by) + g)


def _grow(rho: float) -> float:
    """A pruning box's margin around a distance rho (m): the contact tests' slack (line_time
    accepts 1e-9 m past a segment's ends) and more, for round-off."""
    return rho * (1.0 + 1e-9) + 1e-8


@lru_cache(maxsize=32)
def geometry(table: TableSpec) -> Geometry:
    """The table's contact pieces in metres (cached: tables are frozen)."""
    centre = (table.width / 2.0, table.length / 2.0)
    r = table.ball_radius / 1e3
    lines = tuple(_line(s.a, s.b, centre, None, r) for s in cushions(table))
    pgs = []
    for p in pockets(table):
        cap = p.capture
        facings = tuple(_line(f.a, f.b, cap.centre, p.name, r) for f in p.facings)
        arcs = []
        for k in p.knuckles:
            kx, ky, g = k.centre[0] / 1e3, k.centre[1] / 1e3, _grow(k.radius / 1e3 + r)
            arcs.append(ArcPiece(kx, ky, k.radius / 1e3, k.start, k.end - k.start, p.name,
                                 kx - g, kx + g, ky - g, ky + g))
        pts = [cap.centre, *(f.a for f in p.facings), *(f.b for f in p.facings)]
        bx = sum(q[0] for q in pts) / len(pts)
        by = sum(q[1] for q in pts) / len(pts)
        brad = max(math.dist((bx, by), q) for q in pts) + cap.radius
        brad = max(brad, *(math.dist((bx, by), k.centre) + k.radius for k in p.knuckles))
        grow = (brad + table.ball_radius) / 1e3
        ccx, ccy, gc = cap.centre[0] / 1e3, cap.centre[1] / 1e3, _grow(cap.radius / 1e3)
        pgs.append(PocketGeo(p.name, ccx, ccy, cap.radius / 1e3,
                             bx / 1e3, by / 1e3, brad / 1e3, facings,  # type: ignore[arg-type]
                             tuple(arcs),  # type: ignore[arg-type]
                             bx / 1e3 - grow, bx / 1e3 + grow, by / 1e3 - grow, by / 1e3 + grow,
                             ccx - gc, ccx + gc, ccy - gc, ccy + gc))
    return Geometry(table.width / 1e3, table.length / 1e3, table.ball_radius / 1e3,
                    table.nose_height / 1e3, lines, tuple(pgs),
                    (table.cushion_width + table.rail_width) / 1e3)


def interior(geo: Geometry) -> tuple[float, float, float, float]:
    """An open rectangle (x0, x1, y0, y1) disjoint from every nose's box and every pocket's
    box (each box lies wholly on one side of it): a centre, or a path's box, inside it is
    farther than R from every piece and is not captured (the pruning of simulate.predict_own
    and position's cushion check). Empty if some box lies across the table's centre."""
    cx, cy = 0.5 * geo.width, 0.5 * geo.length
    x0, x1, y0, y1 = -math.inf, math.inf, -math.inf, math.inf
    boxes = [(ln.bxl, ln.bxh, ln.byl, ln.byh) for ln in geo.cushions]
    boxes += [(pg.xlo, pg.xhi, pg.ylo, pg.yhi) for pg in geo.pockets]
    for xl, xh, yl, yh in boxes:
        if xh < cx:
            x0 = max(x0, xh)
        elif xl > cx:
            x1 = min(x1, xl)
        elif yh < cy:
            y0 = max(y0, yh)
        elif yl > cy:
            y1 = min(y1, yl)
        else:  # a box across the centre: no such rectangle (never on a real table)
            return math.inf, -math.inf, math.inf, -math.inf
    return x0, x1, y0, y1


def reach(k: Kin, h: float) -> float:
    """An upper bound on how far the centre can move in the next h seconds."""
    v = math.hypot(k[2], k[3])
    a = math.hypot(k[4], k[5])
    return v * h + 0.5 * a * h * h


def _cannot_reach(dx: float, dy: float, ux: float, uy: float, ax: float, ay: float,
                  rho: float, h: float) -> bool:
    """True if |d + u t + a t^2| > rho on all of [0, h] (a cheap, safe rejection).

    The path stays within |a| t (h - t) <= |a| h^2 / 4 of its chord d + (u + a h) t, so
    |d + u t + a t^2| >= min over [0, h] of |d + (u + a h) t| - |a| h^2 / 4, and the first
    term is a projection in closed form.
    """
    ex, ey = ux + ax * h, uy + ay * h
    ee = ex * ex + ey * ey
    tm = 0.0
    if ee > 0.0:
        tm = min(max(-(dx * ex + dy * ey) / ee, 0.0), h)
    qx, qy = dx + ex * tm, dy + ey * tm
    return math.hypot(qx, qy) - 0.25 * math.hypot(ax, ay) * h * h > rho * (1.0 + 1e-12)


def pair_time(k1: Kin, k2: Kin, contact: float, horizon: float) -> float:
    """First contact of two balls (centres ``contact`` apart) within ``horizon`` [LG quartic]."""
    dx, dy = k1[0] - k2[0], k1[1] - k2[1]
    ux, uy = k1[2] - k2[2], k1[3] - k2[3]
    ax, ay = 0.5 * (k1[4] - k2[4]), 0.5 * (k1[5] - k2[5])
    if _cannot_reach(dx, dy, ux, uy, ax, ay, contact, horizon):
        return INF
    c0 = dx * dx + dy * dy - contact * contact
    c1 = 2.0 * (dx * ux + dy * uy)
    c2 = ux * ux + uy * uy + 2.0 * (dx * ax + dy * ay)
    c3 = 2.0 * (ux * ax + uy * ay)
    c4 = ax * ax + ay * ay
    return first_entry_quartic(c4, c3, c2, c1, c0, horizon)


def pair_time3(k1: Kin, z1: tuple[float, float, float], k2: Kin, z2: tuple[float, float, float],
               contact: float, horizon: float) -> float:
    """:func:`pair_time` with heights (physics-airborne.md §9.4): ``z`` = (height, vz, az) of
    each ball's bottom; the same quartic with the vertical terms added."""
    dx, dy, dz = k1[0] - k2[0], k1[1] - k2[1], z1[0] - z2[0]
    ux, uy, uz = k1[2] - k2[2], k1[3] - k2[3], z1[1] - z2[1]
    ax, ay, az = 0.5 * (k1[4] - k2[4]), 0.5 * (k1[5] - k2[5]), 0.5 * (z1[2] - z2[2])
    # plan-view rejection first: the horizontal distance bounds the 3-D one from below
    if _cannot_reach(dx, dy, ux, uy, ax, ay, contact, horizon):
        return INF
    c0 = dx * dx + dy * dy + dz * dz - contact * contact
    c1 = 2.0 * (dx * ux + dy * uy + dz * uz)
    c2 = ux * ux + uy * uy + uz * uz + 2.0 * (dx * ax + dy * ay + dz * az)
    c3 = 2.0 * (ux * ax + uy * ay + uz * az)
    c4 = ax * ax + ay * ay + az * az
    return first_entry_quartic(c4, c3, c2, c1, c0, horizon)


def line_time(k: Kin, ln: Line, radius: float, horizon: float) -> float:
    """First contact with a straight piece (quadratic); inf if it misses the segment."""
    n0 = ln.nx * (k[0] - ln.ax) + ln.ny * (k[1] - ln.ay) - radius
    n1 = ln.nx * k[2] + ln.ny * k[3]
    n2 = 0.5 * (ln.nx * k[4] + ln.ny * k[5])
    t = first_entry_quadratic(n2, n1, n0, horizon)
    if t == INF:
        return INF
    x = k[0] + (k[2] + 0.5 * k[4] * t) * t
    y = k[1] + (k[3] + 0.5 * k[5] * t) * t
    s = (x - ln.ax) * ln.dx + (y - ln.ay) * ln.dy
    # A little slack: at the knuckle tangency the arc takes over with the same normal.
    return t if -1e-9 <= s <= ln.length + 1e-9 else INF


def circle_time(k: Kin, cx: float, cy: float, rho: float, horizon: float) -> float:
    """First time the centre enters the circle (c, rho) from outside (quartic)."""
    dx, dy = k[0] - cx, k[1] - cy
    ux, uy = k[2], k[3]
    ax, ay = 0.5 * k[4], 0.5 * k[5]
    if _cannot_reach(dx, dy, ux, uy, ax, ay, rho, horizon):
        return INF
    c0 = dx * dx + dy * dy - rho * rho
    c1 = 2.0 * (dx * ux + dy * uy)
    c2 = ux * ux + uy * uy + 2.0 * (dx * ax + dy * ay)
    c3 = 2.0 * (ux * ax + uy * ay)
    c4 = ax * ax + ay * ay
    return first_entry_quartic(c4, c3, c2, c1, c0, horizon)


def arc_time(k: Kin, arc: ArcPiece, radius: float, horizon: float) -> float:
    """First contact with a knuckle; inf if the contact falls outside its exposed part."""
    t = circle_time(k, arc.cx, arc.cy, arc.rho + radius, horizon)
    if t == INF:
        return INF
    x = k[0] + (k[2] + 0.5 * k[4] * t) * t
    y = k[1] + (k[3] + 0.5 * k[5] * t) * t
    ang = math.atan2(y - arc.cy, x - arc.cx)
    off = (ang - arc.start + 1e-7) % (2.0 * math.pi)
    return t if off <= arc.span + 2e-7 else INF


def line_crossings(name: str, segs: list[tuple[float, ...]], line_y: float,
                   label: ev.LineName) -> list[ev.CrossEvent]:
    """Times the centre crosses y = line_y, from the analytic segments."""
    out: list[ev.CrossEvent] = []
    if not segs:
        return out
    above = segs[0][3] > line_y
    for seg in segs:
        t0, t1, y, vy, ay = seg[0], seg[1], seg[3], seg[5], seg[7]
        dur = t1 - t0
        a, b, c = 0.5 * ay, vy, y - line_y
        # A segment whose ends and vertex all lie on one side of the line, by more than a
        # nanometre (far above round-off), has no root in [0, dur]: skip it cheaply.
        c1 = c + (b + a * dur) * dur
        if (c > 1e-9 and c1 > 1e-9) or (c < -1e-9 and c1 < -1e-9):
            if a == 0.0 or not 0.0 < -b / ay < dur:
                continue
            s = -b / ay
            cv = c + (b + a * s) * s
            if (cv > 1e-9) if c > 0.0 else (cv < -1e-9):
                continue
        roots: list[float] = []
        if a != 0.0:
            disc = b * b - 4 * a * c
            if disc >= 0.0:
                # the stable form: with a round-off acceleration (|a| ~ 1e-13) the textbook
                # (-b + s) / 2a cancels to a false root near the segment's start
                q = -0.5 * (b + math.copysign(math.sqrt(disc), b))
                if q == 0.0:
                    roots = [0.0]
                else:
                    r1, r2 = q / a, c / q
                    roots = [r1, r2] if r1 <= r2 else [r2, r1]  # sorted, without the call
        elif b != 0.0:
            roots = [-c / b]
        for r in roots:
            if 0.0 <= r <= dur:
                slope = b + 2 * a * r
                now_above = slope > 0.0 if slope != 0.0 else above
                if now_above != above:
                    above = now_above
                    out.append(ev.cross(t0 + r, name, label))
    return out
