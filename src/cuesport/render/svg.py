"""Placeholder SVG renderer (to be replaced by the full diagram renderer)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cuesport.equipment import TableSpec, ball_set, pockets


def position_svg(
    table: TableSpec,
    position: Mapping[str, tuple[float, float]],
    discipline: str = "snooker",
    trajectories: Mapping[str, Sequence[tuple[float, float]]] | None = None,
) -> str:
    colours = {b.name: b.colour for b in ball_set(discipline)}
    w, h = table.width, table.length
    m = 60.0
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{-m} {-h - m} {w + 2 * m} '
        f'{h + 2 * m}" width="{(w + 2 * m) / 4:.0f}" height="{(h + 2 * m) / 4:.0f}">',
        f'<rect x="{-m}" y="{-h - m}" width="{w + 2 * m}" height="{h + 2 * m}" fill="#5a3a1a"/>',
        f'<rect x="0" y="{-h}" width="{w}" height="{h}" fill="#1f7a3a"/>',
    ]
    for p in pockets(table):
        c = p.capture
        parts.append(f'<circle cx="{c.centre[0]:.2f}" cy="{-c.centre[1]:.2f}" '
                     f'r="{c.radius:.2f}" fill="#111"/>')
    for name, pts in (trajectories or {}).items():
        if len(pts) < 2:
            continue
        d = " ".join(f"{x:.1f},{-y:.1f}" for x, y in pts)
        parts.append(f'<polyline points="{d}" fill="none" stroke="{colours.get(name, "#ccc")}" '
                     f'stroke-width="4" stroke-opacity="0.8"/>')
    for name, (x, y) in position.items():
        parts.append(
            f'<circle cx="{x:.2f}" cy="{-y:.2f}" r="{table.ball_radius}" '
            f'fill="{colours.get(name, "#ccc")}" stroke="#000" stroke-width="1"/>'
        )
    parts.append("</svg>")
    return "\n".join(parts)
