"""Validation of a position before a stroke (clear errors instead of strange physics)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from cuesport.equipment.tables import TableSpec
from cuesport.physics.detect import Geometry, Line, geometry, interior
from cuesport.physics.stroke import PositionError

OVERLAP_TOL = 1e-6  # m (1 micron): rounding in a tight rack is accepted, real overlaps are not


def check_position(table: TableSpec, position: Mapping[str, Sequence[float]], cue: str | None
                   ) -> list[tuple[str, float, float]]:
    """The balls as (name, x, y) in metres, after checking the position.

    The cue ball must be on the bed (its centre at least R inside the cushion noses); other
    balls may also hang in a pocket's mouth. No ball may overlap the cushion rubber (a nose, a
    jaw facing or a knuckle), and no two balls may overlap (beyond rounding). ``cue`` None
    checks a position without a cue ball (one being set up, in practice).
    """
    if cue is not None and cue not in position:
        raise PositionError(f"the cue ball {cue!r} is not on the table (not in the position)")
    out = []
    r = table.ball_radius
    geo = geometry(table)  # once: its cache hashes the table on every call
    for name, xy in position.items():
        try:
            x, y = float(xy[0]), float(xy[1])
        except (TypeError, ValueError, IndexError) as exc:
            raise PositionError(f"ball {name!r}: position {xy!r} is not (x, y)") from exc
        if not (math.isfinite(x) and math.isfinite(y)):
            raise PositionError(f"ball {name!r}: position {xy!r} is not finite")
        tol = 1e-6
        inside = r - tol <= x <= table.width - r + tol and r - tol <= y <= table.length - r + tol
        if name == cue and not inside:
            raise PositionError(
                f"cue ball {name!r} at ({x:g}, {y:g}) mm is off the table: its centre must be "
                f"at least R = {r} mm inside the cushion noses")
        if not inside and not (-3 * r <= x <= table.width + 3 * r
                               and -3 * r <= y <= table.length + 3 * r):
            raise PositionError(f"ball {name!r} at ({x:g}, {y:g}) mm is off the table")
        where = _in_cushion(geo, x / 1e3, y / 1e3)
        if where:
            raise PositionError(
                f"ball {name!r} at ({x:g}, {y:g}) mm overlaps the {where}: its centre must be at "
                f"least R = {r} mm from the cushion rubber")
        out.append((name, x / 1e3, y / 1e3))
    lim = 2.0 * r / 1e3 - OVERLAP_TOL
    if _any_overlap(out, lim):  # cheaply first; then the first pair in order, for the message
        for a in range(len(out)):
            for b in range(a + 1, len(out)):
                if math.hypot(out[a][1] - out[b][1], out[a][2] - out[b][2]) < lim:
                    raise PositionError(f"balls {out[a][0]!r} and {out[b][0]!r} overlap")
    return out


def _any_overlap(balls: list[tuple[str, float, float]], lim: float) -> bool:
    """Whether two centres are closer than lim: sorted by x, each against the next ones
    until x is lim apart (with a margin: hypot is at least |dx| up to round-off)."""
    pts = sorted((x, y) for _, x, y in balls)
    reach = lim * (1.0 + 1e-9)
    for k, (x, y) in enumerate(pts):
        for x2, y2 in pts[k + 1:]:
            if x2 - x >= reach:
                break
            if math.hypot(x - x2, y - y2) < lim:
                return True
    return False


_LINES: dict[int, tuple[Geometry, tuple[Line, ...]]] = {}


def _lines(geo: Geometry) -> tuple[Line, ...]:
    """The noses, then every pocket's jaw facings (cached per geometry object, which
    detect.geometry caches per table: hashing a Geometry would cost more than this saves)."""
    hit = _LINES.get(id(geo))
    if hit is not None and hit[0] is geo:
        return hit[1]
    lines = geo.cushions + tuple(f for pg in geo.pockets for f in pg.facings)
    if len(_LINES) >= 64:  # bounded, like detect.geometry's cache
        _LINES.clear()
    _LINES[id(geo)] = (geo, lines)
    return lines


_CLEAR: dict[int, tuple[Geometry, tuple[float, float, float, float]]] = {}


def _clear(geo: Geometry) -> tuple[float, float, float, float]:
    """A rectangle (x0, x1, y0, y1) of centres that overlap no cushion piece, proven piece by
    piece (cached per geometry object): the table's interior that clears every nose's and
    pocket's box (detect.interior), kept only if it is disjoint from the centres each line
    matches (separating axes) and every knuckle's circle is farther than its limit from it,
    each by a nanometre more, for round-off. Empty if any check fails."""
    hit = _CLEAR.get(id(geo))
    if hit is not None and hit[0] is geo:
        return hit[1]
    x0, x1, y0, y1 = interior(geo)
    lim = geo.radius - OVERLAP_TOL + 1e-9
    corners = ((x0, y0), (x0, y1), (x1, y0), (x1, y1))
    ok = x0 < x1 and y0 < y1
    for ln in _lines(geo) if ok else ():
        # The line matches the centres with 0 <= along <= length and s < lim; within the
        # table (|s| < 10 m) that is a quadrilateral. Two convex polygons are disjoint when
        # their projections on one of their edges' normals are (x, y, the line's n and d).
        s = [ln.nx * (x - ln.ax) + ln.ny * (y - ln.ay) for x, y in corners]
        along = [(x - ln.ax) * ln.dx + (y - ln.ay) * ln.dy for x, y in corners]
        quad = [(ln.ax + a * ln.dx + h * ln.nx, ln.ay + a * ln.dy + h * ln.ny)
                for a in (-1e-9, ln.length + 1e-9) for h in (-10.0, lim)]
        if not (min(s) > -10.0 and (
                min(s) >= lim or max(s) < -10.0
                or max(along) < -1e-9 or min(along) > ln.length + 1e-9
                or max(q[0] for q in quad) < x0 - 1e-9 or min(q[0] for q in quad) > x1 + 1e-9
                or max(q[1] for q in quad) < y0 - 1e-9 or min(q[1] for q in quad) > y1 + 1e-9)):
            ok = False
            break
    for pg in geo.pockets if ok else ():
        for arc in pg.arcs:
            dx = max(x0 - arc.cx, 0.0, arc.cx - x1)
            dy = max(y0 - arc.cy, 0.0, arc.cy - y1)
            if math.hypot(dx, dy) < arc.rho + lim:
                ok = False
    out = (x0, x1, y0, y1) if ok else (math.inf, -math.inf, math.inf, -math.inf)
    if len(_CLEAR) >= 64:  # bounded, like detect.geometry's cache
        _CLEAR.clear()
    _CLEAR[id(geo)] = (geo, out)
    return out


def _in_cushion(geo: Geometry, x: float, y: float) -> str:
    """What cushion piece a ball centred at (x, y) (m) overlaps: "" if none."""
    x0, x1, y0, y1 = _clear(geo)
    if x0 <= x <= x1 and y0 <= y <= y1:
        return ""  # most balls: clear of every piece (_clear), without the loops
    return _piece_overlapped(geo, x, y)


def _piece_overlapped(geo: Geometry, x: float, y: float) -> str:
    """_in_cushion's test of every piece in turn."""
    lim = geo.radius - OVERLAP_TOL
    for ln in _lines(geo):
        along = (x - ln.ax) * ln.dx + (y - ln.ay) * ln.dy
        if 0.0 <= along <= ln.length and ln.nx * (x - ln.ax) + ln.ny * (y - ln.ay) < lim:
            return "cushion" if ln.pocket is None else f"{ln.pocket} jaw"
    for pg in geo.pockets:
        for arc in pg.arcs:
            if math.hypot(x - arc.cx, y - arc.cy) < arc.rho + lim:
                return f"{pg.name} jaw"
    return ""
