"""Positions and shots as SVG diagrams: a table seen from above, baulk/head end at the bottom.

The picture is built with :mod:`xml.etree.ElementTree` only (no dependencies), so names coming
from outside (unknown balls) are escaped and the output is always well-formed XML.

Coordinates: the SVG user unit is the millimetre. A table point ``(x, y)`` (spec README: origin
at the bottom-left cushion-nose corner, ``y`` up the table) is drawn at ``(x, L - y)``, so the
playing area spans ``0..W`` by ``0..L`` in the SVG too and the rails take negative coordinates
and those beyond ``W``/``L``. ``flip=True`` turns the table round (foot/top end at the bottom):
``(W - x, y)``. The ``viewBox`` is the playing area plus cushions and rails on every side.

Layers, back to front: wooden rail, leather pocket rims, cloth, markings, pocket holes,
cushions, diamonds, rack outline, trajectories and ghosts, balls.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cuesport import disciplines
from cuesport.equipment import (
    Ball,
    Pocket,
    TableSpec,
    baulk_line_y,
    cushions,
    d_centre,
    diamonds,
    head_string_y,
    pockets,
    rack_outline,
    spots,
)

__all__ = ["CLOTH", "CUSHION", "WOOD", "position_svg"]

Vec = tuple[float, float]

CLOTH = {"snooker": "#1d7a3e", "pool": "#17744a"}
CUSHION = {"snooker": "#15602f", "pool": "#115c3a"}
WOOD = ("#6e3b1c", "#4a2410")  # light and dark ends of the rail's grain gradient
HOLE = "#0c0c0c"
LEATHER = "#241610"
MARK = "#f4f1e4"  # chalk-white for lines and spots
UNKNOWN_BALL = "#9a9a9a"
LINE_WIDTH = 3.5  # mm; about 1 px at 500 px wide, still crisp when zoomed
TRAJECTORY_WIDTH = 6.0  # mm; thin next to a 52-57 mm ball, still visible at 500 px


def _num(v: float) -> str:
    """A number with at most two decimals and no trailing zeros (deterministic, compact)."""
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _finite(p: Any) -> Vec | None:
    """``p`` as a finite (x, y) pair, or None when it cannot be drawn."""
    try:
        x, y = float(p[0]), float(p[1])
    except (TypeError, ValueError, IndexError, KeyError):
        return None
    if not (math.isfinite(x) and math.isfinite(y)):
        return None
    return (x, y)


class _Canvas:
    """Maps table millimetres to SVG coordinates and writes elements."""

    def __init__(self, table: TableSpec, flip: bool) -> None:
        self.table = table
        self.flip = flip

    def pt(self, p: Vec) -> Vec:
        x, y = p
        if self.flip:
            return (self.table.width - x, y)
        return (x, self.table.length - y)

    def xy(self, p: Vec) -> str:
        x, y = self.pt(p)
        return f"{_num(x)},{_num(y)}"

    def path_xy(self, p: Vec) -> str:
        x, y = self.pt(p)
        return f"{_num(x)} {_num(y)}"


def _sub(parent: ET.Element, tag: str, **attrs: str | float) -> ET.Element:
    # Attribute names use "_" for "-" (stroke_width -> stroke-width); values are formatted.
    clean = {
        k.rstrip("_").replace("_", "-"): (_num(v) if isinstance(v, float | int) else v)
        for k, v in attrs.items()
    }
    return ET.SubElement(parent, tag, clean)


# ---------------------------------------------------------------- colours


def _shade(colour: str, factor: float) -> str:
    """Darken (factor < 1) or lighten (factor > 1) a #rrggbb colour."""
    c = colour.lstrip("#")
    if len(c) != 6:
        return colour
    rgb = [int(c[i : i + 2], 16) for i in (0, 2, 4)]
    if factor <= 1.0:
        out = [round(v * factor) for v in rgb]
    else:
        out = [round(v + (255 - v) * (factor - 1.0)) for v in rgb]
    return "#" + "".join(f"{max(0, min(255, v)):02x}" for v in out)


# ---------------------------------------------------------------- table


def _defs(svg: ET.Element, table: TableSpec) -> None:
    defs = _sub(svg, "defs")
    # The rail's grain runs along the table; a gentle gradient is enough to read as wood.
    wood = _sub(defs, "linearGradient", id="cuesport-wood", x1="0", y1="0", x2="1", y2="1")
    _sub(wood, "stop", offset="0", stop_color=WOOD[0])
    _sub(wood, "stop", offset="0.5", stop_color=WOOD[1])
    _sub(wood, "stop", offset="1", stop_color=WOOD[0])
    # Light falls from the top left: a soft highlight and a darker rim give the balls volume.
    shine = _sub(defs, "radialGradient", id="cuesport-shine", cx="0.36", cy="0.32", r="0.5")
    _sub(shine, "stop", offset="0", stop_color="#ffffff", stop_opacity="0.75")
    _sub(shine, "stop", offset="0.35", stop_color="#ffffff", stop_opacity="0.18")
    _sub(shine, "stop", offset="1", stop_color="#ffffff", stop_opacity="0")
    # Colour-free overlays (white then black, by opacity), so every table shares one set.
    for name, (x1, y1, x2, y2) in _GRADIENT_ENDS.items():
        grad = _sub(defs, "linearGradient", id=f"cuesport-cushion-{name}",
                    x1=x1, y1=y1, x2=x2, y2=y2)
        _sub(grad, "stop", offset="0", stop_color="#ffffff", stop_opacity="0.16")
        _sub(grad, "stop", offset="0.3", stop_color="#ffffff", stop_opacity="0")
        _sub(grad, "stop", offset="1", stop_color="#000000", stop_opacity="0.16")
    shade = _sub(defs, "radialGradient", id="cuesport-shade", cx="0.42", cy="0.38", r="0.62")
    _sub(shade, "stop", offset="0.6", stop_color="#000000", stop_opacity="0")
    _sub(shade, "stop", offset="1", stop_color="#000000", stop_opacity="0.35")


def _drop_point(p: Pocket, side: int) -> Vec:
    """Where the jaw facing on ``side`` crosses the drop edge (the end of the slate shelf)."""
    f = p.facings[side]
    ux, uy = f.b[0] - f.a[0], f.b[1] - f.a[1]
    ax, ay = p.axis
    depth = (f.a[0] - p.mouth_centre[0]) * ax + (f.a[1] - p.mouth_centre[1]) * ay
    along = ux * ax + uy * ay
    t = (p.spec.shelf - depth) / along if along else 0.0
    return (f.a[0] + ux * t, f.a[1] + uy * t)


def _far_end(p: Pocket, side: int) -> Vec:
    """Where the facing on ``side`` leaves the round hole (its far crossing of the circle).

    Ending the throat there keeps the opening round at the back instead of pointed.
    """
    f = p.facings[side]
    ux, uy = f.b[0] - f.a[0], f.b[1] - f.a[1]
    n = math.hypot(ux, uy) or 1.0
    ux, uy = ux / n, uy / n
    cx, cy = p.capture.centre
    ox, oy = f.a[0] - cx, f.a[1] - cy
    b = ox * ux + oy * uy
    disc = b * b - (ox * ox + oy * oy - p.capture.radius**2)
    if disc < 0:  # the facing misses the hole (diverging jaws): keep the whole facing
        return f.b
    t = -b + math.sqrt(disc)
    return (f.a[0] + ux * t, f.a[1] + uy * t)


def _pocket_rim(g: ET.Element, c: _Canvas, p: Pocket) -> None:
    # A leather (or metal) fall around the hole where the pocket is cut into the rail.
    x, y = c.pt(p.capture.centre)
    _sub(g, "circle", cx=x, cy=y, r=p.capture.radius + 14.0, fill=LEATHER)


def _pocket_hole(g: ET.Element, c: _Canvas, p: Pocket) -> None:
    """The opening: the throat between the facings beyond the drop edge, and the round hole."""
    pts = [_drop_point(p, 0), _far_end(p, 0), _far_end(p, 1), _drop_point(p, 1)]
    _sub(g, "polygon", points=" ".join(c.xy(q) for q in pts), fill=HOLE)
    x, y = c.pt(p.capture.centre)
    _sub(g, "circle", cx=x, cy=y, r=p.capture.radius, fill=HOLE)


def _end_at(table: TableSpec, q: Vec) -> tuple[Pocket, int]:
    """The pocket and side whose straight cushion nose ends at ``q``."""
    best: tuple[float, Pocket, int] | None = None
    for p in pockets(table):
        for side in (0, 1):
            d = math.dist(p.nose_ends[side], q)
            if best is None or d < best[0]:
                best = (d, p, side)
    assert best is not None
    return best[1], best[2]


def _facing_to_rail(p: Pocket, side: int, anchor: Vec, normal: Vec, depth: float) -> Vec:
    """Where the facing on ``side`` meets the back of the cushion (``depth`` behind the nose)."""
    f = p.facings[side]
    ux, uy = f.b[0] - f.a[0], f.b[1] - f.a[1]
    n = math.hypot(ux, uy) or 1.0
    ux, uy = ux / n, uy / n
    start = (f.a[0] - anchor[0]) * normal[0] + (f.a[1] - anchor[1]) * normal[1]
    along = ux * normal[0] + uy * normal[1]
    t = (depth - start) / along if along > 1e-9 else n
    return (f.a[0] + ux * t, f.a[1] + uy * t)


def _arc_cmd(c: _Canvas, p: Pocket, side: int, frm: Vec, to: Vec) -> str:
    """SVG arc command along the knuckle on ``side`` from ``frm`` to ``to``."""
    k = p.knuckles[side]
    a_from = math.atan2(frm[1] - k.centre[1], frm[0] - k.centre[0])
    # The knuckle's exposed arc runs ccw from start to end in table coordinates; both
    # table-to-SVG maps (plain and flipped) mirror, so table-ccw is SVG sweep-flag 0.
    ccw = abs(math.remainder(a_from - k.start, 2 * math.pi)) < 1e-6
    sweep = "0" if ccw else "1"
    r = _num(k.radius)
    return f"A {r} {r} 0 0 {sweep} {c.path_xy(to)}"


def _direction(dx: float, dy: float) -> str:
    """The SVG direction (left, right, up, down) nearest to (dx, dy)."""
    if abs(dx) >= abs(dy):
        return "right" if dx > 0 else "left"
    return "down" if dy > 0 else "up"


_GRADIENT_ENDS = {  # objectBoundingBox ends, nose side first
    "down": ("0", "0", "0", "1"),
    "up": ("0", "1", "0", "0"),
    "right": ("0", "0", "1", "0"),
    "left": ("1", "0", "0", "0"),
}


def _cushions(g: ET.Element, c: _Canvas, table: TableSpec, colour: str) -> None:
    """Each straight cushion with its knuckle arcs and jaw facings, cut at the rail."""
    cx, cy = table.width / 2.0, table.length / 2.0
    for seg in cushions(table):
        a, b = seg.a, seg.b
        # Outward normal: perpendicular to the nose, away from the middle of the table.
        dx, dy = b[0] - a[0], b[1] - a[1]
        n = math.hypot(dx, dy) or 1.0
        normal = (dy / n, -dx / n)
        if (a[0] - cx) * normal[0] + (a[1] - cy) * normal[1] < 0:
            normal = (-normal[0], -normal[1])
        pa, sa = _end_at(table, a)
        pb, sb = _end_at(table, b)
        back_a = _facing_to_rail(pa, sa, a, normal, table.cushion_width)
        back_b = _facing_to_rail(pb, sb, a, normal, table.cushion_width)
        edge = " ".join(
            [
                f"M {c.path_xy(back_a)}",
                f"L {c.path_xy(pa.facings[sa].a)}",
                _arc_cmd(c, pa, sa, pa.facings[sa].a, a),
                f"L {c.path_xy(b)}",
                _arc_cmd(c, pb, sb, b, pb.facings[sb].a),
                f"L {c.path_xy(back_b)}",
            ]
        )
        _sub(g, "path", d=edge + " Z", fill=colour)
        # Light catches the rounded nose; the rubber falls into shadow toward the rail.
        nx, ny = c.pt((a[0] + normal[0], a[1] + normal[1]))
        ax, ay = c.pt(a)
        toward = _direction(nx - ax, ny - ay)
        _sub(g, "path", d=edge + " Z", fill=f"url(#cuesport-cushion-{toward})")
        # The nose and jaws get a darker edge so the playing boundary reads crisply.
        _sub(
            g, "path", d=edge, fill="none", stroke=_shade(colour, 0.6),
            stroke_width=2.5, stroke_linejoin="round",
        )


def _markings(g: ET.Element, c: _Canvas, table: TableSpec) -> None:
    line = {"stroke": MARK, "stroke-opacity": "0.8", "stroke-width": _num(LINE_WIDTH)}
    spot_r = 6.0
    if table.kind == "snooker":
        y = baulk_line_y(table)
        x0, y0 = c.pt((0.0, y))
        x1, y1 = c.pt((table.width, y))
        el = _sub(g, "line", class_="baulk-line", x1=x0, y1=y0, x2=x1, y2=y1)
        el.attrib.update(line)
        # The D: the semicircle of radius d_radius on the baulk side of the line.
        dc = d_centre(table)
        r = table.d_radius
        left, right = (dc[0] - r, dc[1]), (dc[0] + r, dc[1])
        mid = (dc[0], dc[1] - r)
        # Two quarter arcs through the bottom of the D; both maps mirror, so sweep 0 either way.
        r_s = _num(r)
        d = (
            f"M {c.path_xy(left)} A {r_s} {r_s} 0 0 0 {c.path_xy(mid)} "
            f"A {r_s} {r_s} 0 0 0 {c.path_xy(right)}"
        )
        el = _sub(g, "path", class_="d", d=d, fill="none")
        el.attrib.update(line)
        for name, p in spots(table).items():
            x, y = c.pt(p)
            _sub(g, "circle", class_=f"spot spot-{name}", cx=x, cy=y, r=spot_r, fill=MARK)
    else:
        y = head_string_y(table)
        x0, y0 = c.pt((0.0, y))
        x1, y1 = c.pt((table.width, y))
        el = _sub(g, "line", class_="head-string", x1=x0, y1=y0, x2=x1, y2=y1)
        el.attrib.update(line)
        el.set("stroke-opacity", "0.45")  # WPA tables often leave it undrawn: keep it faint
        for name, p in spots(table).items():
            x, y = c.pt(p)
            # The foot spot is the real sticker; head and centre spots are small pencil marks.
            r = spot_r if name == "foot" else spot_r * 0.55
            _sub(g, "circle", class_=f"spot spot-{name}", cx=x, cy=y, r=r, fill=MARK)


def _diamonds(g: ET.Element, c: _Canvas, table: TableSpec) -> None:
    for p in diamonds(table):
        x, y = c.pt(p)
        # Long axis along the rail: a rail at the ends (|y| large) runs across the table.
        across = p[1] < 0 or p[1] > table.length
        a, b = (11.0, 6.0) if across else (6.0, 11.0)
        pts = f"{_num(x - a)},{_num(y)} {_num(x)},{_num(y - b)} {_num(x + a)},{_num(y)} " + (
            f"{_num(x)},{_num(y + b)}"
        )
        _sub(g, "polygon", class_="diamond", points=pts, fill="#efe6cf", stroke="#8a7a5a",
             stroke_width=1.0)


def _rack(g: ET.Element, c: _Canvas, table: TableSpec) -> None:
    pts = " ".join(c.xy(p) for p in rack_outline(table))
    _sub(g, "polygon", class_="rack-outline", points=pts, fill="none", stroke=MARK,
         stroke_opacity="0.6", stroke_width=2.5)


# ---------------------------------------------------------------- balls


def _ball(g: ET.Element, c: _Canvas, name: str, ball: Ball | None, p: Vec, r: float,
          labels: bool) -> None:
    x, y = c.pt(p)
    colour = ball.colour if ball else UNKNOWN_BALL
    grp = _sub(g, "g", class_="ball" + (" striped" if ball and ball.striped else ""))
    grp.set("data-ball", name)
    # A soft shadow down and to the right, as if lit from the top left.
    _sub(grp, "circle", class_="shadow", cx=x + r * 0.12, cy=y + r * 0.14, r=r,
         fill="#000000", fill_opacity="0.28")
    _sub(grp, "circle", class_="body", cx=x, cy=y, r=r, fill=colour)
    if ball is not None and ball.striped:
        # A striped ball is white with a band of colour: two white caps over the coloured body.
        band = r * 0.5
        half = math.sqrt(r * r - band * band)
        for sy in (-1.0, 1.0):
            ey = y + sy * band
            sweep = "1" if sy < 0 else "0"
            _sub(
                grp, "path", class_="cap", fill="#f8f6ee",
                d=f"M {_num(x - half)} {_num(ey)} A {_num(r)} {_num(r)} 0 0 {sweep} "
                f"{_num(x + half)} {_num(ey)} Z",
            )
    _sub(grp, "circle", cx=x, cy=y, r=r, fill="url(#cuesport-shade)")
    label = None
    if labels:
        if ball is not None and ball.number is not None:
            label = str(ball.number)
        elif ball is None:
            label = name[:3]
    if label is not None:
        # A white disc behind the number, as printed on real pool balls.
        disc = r * 0.52 if ball is not None else r * 0.62
        _sub(grp, "circle", class_="number-disc", cx=x, cy=y, r=disc, fill="#fbfaf4")
        size = r * (0.62 if len(label) == 1 else 0.52)
        t = _sub(
            grp, "text", class_="number", x=x, y=y + size * 0.36, font_size=size,
            font_family="DejaVu Sans, Arial, Helvetica, sans-serif", font_weight="bold",
            text_anchor="middle", fill="#111111",
        )
        t.text = label
    _sub(grp, "circle", cx=x, cy=y, r=r, fill="url(#cuesport-shine)")
    _sub(grp, "circle", class_="outline", cx=x, cy=y, r=r - 0.5, fill="none",
         stroke="#000000", stroke_opacity="0.55", stroke_width=1.0)


def _on_canvas(table: TableSpec, p: Vec, r: float) -> bool:
    m = table.cushion_width + table.rail_width + r
    return -m <= p[0] <= table.width + m and -m <= p[1] <= table.length + m


def _height(p: Any) -> float:
    """The third coordinate of a point: the bottom's height above the cloth (mm), else 0."""
    try:
        h = float(p[2])
    except (TypeError, ValueError, IndexError, KeyError):
        return 0.0
    return h if math.isfinite(h) and h > 0.0 else 0.0


def _polylines(points: Iterable[Any]) -> list[list[tuple[Vec, float]]]:
    """Split a point sequence at anything that cannot be drawn (NaN, None, junk); each point
    keeps its height (0 unless the point has a positive third coordinate)."""
    runs: list[list[tuple[Vec, float]]] = [[]]
    for q in points:
        v = _finite(q)
        if v is None:
            if runs[-1]:
                runs.append([])
        else:
            runs[-1].append((v, _height(q)))
    return [run for run in runs if run]


def _pieces(run: list[tuple[Vec, float]]) -> list[tuple[bool, list[tuple[Vec, float]]]]:
    """A run cut into bed and flight pieces (airborne: height > 0); neighbours share their
    boundary point (the take-off and landing points belong to the flight), so the drawn path
    stays continuous."""
    out: list[tuple[bool, list[tuple[Vec, float]]]] = []
    for q in run:
        air = q[1] > 0.0
        if out and out[-1][0] == air:
            out[-1][1].append(q)
        elif not out:
            out.append((air, [q]))
        elif air:  # take-off: the flight starts from the last point on the bed
            out.append((air, [out[-1][1][-1], q]))
        else:  # landing: the flight ends where the ball is back on the bed
            out[-1][1].append(q)
            out.append((air, [q]))
    return out


def _flight(g: ET.Element, c: _Canvas, name: str, piece: list[tuple[Vec, float]],
            colour: str, r: float) -> None:
    """A flight: dashed path, and at its apex the ball's shadow on the cloth, offset by the
    height (light from the top left), under an outline that grows with the height."""
    el = _sub(g, "polyline", class_="flight", points=" ".join(c.xy(q[0]) for q in piece),
              fill="none", stroke=colour, stroke_width=TRAJECTORY_WIDTH,
              stroke_dasharray="14 10", stroke_linecap="round", stroke_opacity="0.9")
    el.set("data-ball", name)
    apex, h = max(piece, key=lambda q: q[1])
    if h <= 0.0:
        return
    x, y = c.pt(apex)
    el = _sub(g, "circle", class_="shadow", cx=x + 0.7 * h, cy=y + 0.7 * h, r=r,
              fill="#000000", fill_opacity="0.3")
    el.set("data-ball", name)
    el = _sub(g, "circle", class_="apex", cx=x, cy=y, r=r * (1.0 + h / (8.0 * r)),
              fill="none", stroke=colour, stroke_width=2.5, stroke_opacity="0.85")
    el.set("data-ball", name)
    el.set("data-height", _num(h))


def _trajectories(
    g: ET.Element,
    c: _Canvas,
    trajectories: Mapping[str, Sequence[Any]],
    colours: Mapping[str, str],
    r: float,
    ghosts: bool,
) -> None:
    for name in sorted(trajectories, key=str):
        try:
            runs = _polylines(trajectories[name])
        except TypeError:  # not iterable: nothing to draw
            continue
        if not runs:
            continue
        colour = colours.get(str(name), UNKNOWN_BALL)
        if ghosts:
            x, y = c.pt(runs[0][0][0])
            el = _sub(g, "circle", class_="ghost", cx=x, cy=y, r=r - 1.0, fill="none",
                      stroke=colour, stroke_width=2.5, stroke_dasharray="6 5",
                      stroke_opacity="0.85")
            el.set("data-ball", str(name))
        for run in runs:
            for air, piece in _pieces(run):
                if len(piece) < 2:
                    continue
                if air:
                    _flight(g, c, str(name), piece, colour, r)
                    continue
                el = _sub(g, "polyline", class_="trajectory",
                          points=" ".join(c.xy(q[0]) for q in piece), fill="none",
                          stroke=colour, stroke_width=TRAJECTORY_WIDTH,
                          stroke_linejoin="round", stroke_linecap="round",
                          stroke_opacity="0.9")
                el.set("data-ball", str(name))


def _off_marks(g: ET.Element, c: _Canvas, table: TableSpec, off: Mapping[str, Any],
               r: float) -> None:
    """A cross where each ball left the table."""
    for name in sorted(off, key=str):
        at = _finite(off[name])
        if at is None or not _on_canvas(table, at, 0.0):
            continue
        x, y = c.pt(at)
        el = _sub(g, "path", class_="off", fill="none", stroke="#d01010", stroke_width=5.0,
                  stroke_linecap="round",
                  d=f"M {_num(x - r)} {_num(y - r)} L {_num(x + r)} {_num(y + r)} "
                    f"M {_num(x - r)} {_num(y + r)} L {_num(x + r)} {_num(y - r)}")
        el.set("data-ball", str(name))


# ---------------------------------------------------------------- entry point


def position_svg(
    table: TableSpec,
    position: Mapping[str, Any],
    discipline: str | None = None,
    *,
    trajectories: Mapping[str, Sequence[Any]] | None = None,
    size: int | None = None,
    labels: bool = True,
    flip: bool = False,
    ghosts: bool = True,
    rack: bool | None = None,
    cloth: str | None = None,
    off: Mapping[str, Any] | None = None,
) -> str:
    """Draw ``position`` (ball name -> (x, y) in mm) on ``table`` as an SVG document.

    * ``discipline``: picks the ball set (colours, numbers, stripes); default: snooker on a
      snooker table, eight-ball (all fifteen numbered balls) on a pool table. An unknown
      discipline raises ``ValueError``.
    * ``trajectories``: ball name -> sequence of (x, y) points, drawn as thin polylines in the
      ball's colour under the balls; with ``ghosts`` a dashed circle marks each first point.
      A point (x, y, h) with h > 0 (the bottom's height above the cloth, mm:
      ``Shot.flight_polyline``) is in flight: flight is dashed, and at its apex the ball's
      shadow is drawn offset by h under an outline that grows with h.
    * ``off``: ball name -> (x, y) where it left the table (``Shot.off_points``): a red cross.
    * ``size``: width in pixels (height follows the table); None leaves the size to the page.
    * ``labels``: numbers on pool balls (and a short name on balls the set does not know).
    * ``flip``: look from the top/foot end instead of the baulk/head end.
    * ``rack``: draw the 14.1 rack outline (default: only for straight-pool).
    * ``cloth``: cloth colour (#rrggbb); the cushions take a darker shade of it.

    Balls the set does not know are drawn grey; positions that are not finite numbers or lie
    beyond the rails are left out. The same arguments always give the same bytes.
    """
    facts = disciplines.for_table(table.kind) if discipline is None else \
        disciplines.find(discipline)  # UnknownDiscipline is a ValueError
    discipline = facts.id
    balls = {b.name: b for b in facts.balls}
    order = {name: i for i, name in enumerate(balls)}
    c = _Canvas(table, flip)
    m = table.cushion_width + table.rail_width
    w, h = table.width + 2 * m, table.length + 2 * m

    svg = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "version": "1.1",
            "viewBox": f"{_num(-m)} {_num(-m)} {_num(w)} {_num(h)}",
        },
    )
    if size is not None:
        svg.set("width", _num(float(size)))
        svg.set("height", _num(size * h / w))
    ET.SubElement(svg, "title").text = f"{discipline} on the {table.name} table"
    _defs(svg, table)

    cloth_colour = cloth or CLOTH[table.kind]
    cushion_colour = _shade(cloth_colour, 0.8) if cloth else CUSHION[table.kind]

    # Rail: the wood frame, corners rounded like a real table's.
    rail = _sub(svg, "g", class_="rail")
    _sub(rail, "rect", x=-m, y=-m, width=w, height=h, rx=table.rail_width * 0.45,
         fill="url(#cuesport-wood)", stroke="#2a1408", stroke_width=3.0)
    # A dark lip where the rail meets the cushions (the bed covers its inner half).
    cw = table.cushion_width
    _sub(rail, "rect", x=-cw, y=-cw, width=table.width + 2 * cw, height=table.length + 2 * cw,
         fill="none", stroke="#1b0d05", stroke_width=5.0)
    for p in pockets(table):
        _pocket_rim(rail, c, p)

    # Cloth covers the bed under the cushions too, so the rounded knuckle corners show cloth.
    bed = _sub(svg, "g", class_="cloth")
    # The bed is notched at the corners: behind both cushions there is rail, not cloth.
    wt, lt = table.width, table.length
    notched = [(0, -cw), (wt, -cw), (wt, 0), (wt + cw, 0), (wt + cw, lt), (wt, lt),
               (wt, lt + cw), (0, lt + cw), (0, lt), (-cw, lt), (-cw, 0), (0, 0)]
    _sub(bed, "polygon", class_="bed", fill=cloth_colour,
         points=" ".join(c.xy((float(x), float(y))) for x, y in notched))
    _markings(_sub(svg, "g", class_="markings"), c, table)

    holes = _sub(svg, "g", class_="pockets")
    for p in pockets(table):
        hole = _sub(holes, "g", class_="pocket")
        hole.set("data-pocket", p.name)
        _pocket_hole(hole, c, p)
    _cushions(_sub(svg, "g", class_="cushions"), c, table, cushion_colour)
    if table.kind == "pool":
        _diamonds(_sub(svg, "g", class_="diamonds"), c, table)
        if rack if rack is not None else facts.rack_outline:
            _rack(_sub(svg, "g", class_="rack"), c, table)

    r = table.ball_radius
    if trajectories:
        colours = {name: b.colour for name, b in balls.items()}
        _trajectories(_sub(svg, "g", class_="trajectories"), c, trajectories, colours, r,
                      ghosts)
    if off:
        _off_marks(_sub(svg, "g", class_="off-table"), c, table, off, r)

    layer = _sub(svg, "g", class_="balls")
    # Known balls in set order, then unknown ones by name: independent of mapping order.
    names = sorted(position, key=lambda n: (order.get(n, len(order)), str(n)))
    for name in names:
        at = _finite(position[name])
        if at is None or not _on_canvas(table, at, r):
            continue
        _ball(layer, c, str(name), balls.get(name), at, r, labels)

    ET.indent(svg, space="")
    return ET.tostring(svg, encoding="unicode") + "\n"
