"""Placeholder SVG renderer (to be replaced by the full diagram renderer)."""

from __future__ import annotations

from collections.abc import Mapping

from cuesport.equipment import TableSpec, ball_set


def position_svg(
    table: TableSpec, position: Mapping[str, tuple[float, float]], discipline: str = "snooker"
) -> str:
    colours = {b.name: b.colour for b in ball_set(discipline)}
    w, h = table.width, table.length
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 {-h} {w} {h}">',
        f'<rect x="0" y="{-h}" width="{w}" height="{h}" fill="#1f7a3a"/>',
    ]
    for name, (x, y) in position.items():
        parts.append(
            f'<circle cx="{x:.2f}" cy="{-y:.2f}" r="{table.ball_radius}" '
            f'fill="{colours.get(name, "#ccc")}"/>'
        )
    parts.append("</svg>")
    return "\n".join(parts)
