"""P141-4.8: does a ball interfere with racking the fourteen balls of straight pool?

The marked rack outline is the triangle of :func:`cuesport.equipment.racks.rack_outline`.
"""

from __future__ import annotations

from collections.abc import Sequence

from cuesport.equipment.geometry import point_segment_distance
from cuesport.equipment.racks import rack_outline
from cuesport.equipment.tables import TableSpec

Vec = tuple[float, float]


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
    return min(point_segment_distance(p, tri[i], tri[(i + 1) % 3]) for i in range(3))


def inside_rack_outline(p: Vec, table: TableSpec) -> bool:
    """The ball's centre lies inside (or on) the marked rack triangle."""
    return rack_outline_distance(p, table) == 0.0


def interferes_with_rack(p: Vec, table: TableSpec) -> bool:
    """P141-4.8: a ball interferes with racking when it lies inside the outline or its
    projection overlaps it, i.e. its centre is nearer than r to the triangle."""
    return rack_outline_distance(p, table) < table.ball_radius
