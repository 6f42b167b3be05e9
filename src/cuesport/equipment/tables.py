"""Tables: playing-area size, markings (lines, spots, the D), pockets and cushions.

Coordinates follow ``shared/spec/README.md``: millimetres, origin at the bottom-left corner
of the cushion-nose rectangle seen from the baulk (snooker) or head (pool) end, ``x``
across the width, ``y`` up the length.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Literal

from cuesport.equipment.balls import POOL_RADIUS, SNOOKER_RADIUS
from cuesport.equipment.pockets import (
    POOL_CORNER,
    POOL_MIDDLE,
    SNOOKER_CORNER,
    SNOOKER_MIDDLE,
    Pocket,
    PocketSpec,
    Segment,
    place_pocket,
)

Vec = tuple[float, float]
INCH = 25.4


@dataclass(frozen=True, slots=True)
class TableSpec:
    """A table, frozen and hashable. Derived geometry comes from the functions below."""

    name: str
    kind: Literal["snooker", "pool"]
    length: float  # L, between the top and bottom cushion noses
    width: float  # W, between the side cushion noses
    ball_radius: float
    corner: PocketSpec
    middle: PocketSpec
    nose_height: float  # height of the cushion nose above the cloth
    cushion_width: float = 50.0  # rubber + rail drawn outside the playing area
    rail_width: float = 110.0
    # snooker markings (SNK-1.1); unused on pool tables
    baulk_from_bottom: float = 737.0
    d_radius: float = 292.0
    black_from_top: float = 324.0
    source: str = field(default="", compare=False)

    @property
    def ball_diameter(self) -> float:
        """SNK-1.2: 52.5 mm in snooker; 57.15 mm in pool (WPA)."""
        return 2.0 * self.ball_radius

    def with_pockets(
        self, corner: PocketSpec | None = None, middle: PocketSpec | None = None
    ) -> TableSpec:
        return replace(self, corner=corner or self.corner, middle=middle or self.middle)


SNOOKER = TableSpec(
    name="snooker",
    kind="snooker",
    length=3569.0,  # SNK-1.1: 11 ft 8 1/2 in
    width=1778.0,  # SNK-1.1: 5 ft 10 in
    ball_radius=SNOOKER_RADIUS,
    corner=SNOOKER_CORNER,
    middle=SNOOKER_MIDDLE,
    nose_height=36.75,  # not found in any rule; simulators use 36.75-39 mm (physics.md §7)
    cushion_width=45.0,
    rail_width=120.0,
    source="seed SNK-1.1 (WPBSA)",
)

POOL_9FT = TableSpec(
    name="9ft",
    kind="pool",
    length=100 * INCH,
    width=50 * INCH,
    ball_radius=POOL_RADIUS,
    corner=POOL_CORNER,
    middle=POOL_MIDDLE,
    nose_height=0.635 * 2 * POOL_RADIUS,  # WPA: 62.5-64.5 % of the ball diameter
    source="WPA equipment specifications",
)

POOL_8FT = replace(POOL_9FT, name="8ft", length=92 * INCH, width=46 * INCH)


def pool_table(length_in: float = 78.0, name: str = "7ft") -> TableSpec:
    """A pool table of any playing length (inches); width is half the length.

    The 7-ft "bar box" is not a WPA size: 78 x 39 in is the default, some makers use 76 x 38.
    """
    if not 40.0 <= length_in <= 120.0:
        raise ValueError(f"pool table length {length_in} in is outside 40-120 in")
    return replace(POOL_9FT, name=name, length=length_in * INCH, width=length_in * INCH / 2)


POOL_7FT = pool_table()
POOL_TABLES: dict[str, TableSpec] = {"9ft": POOL_9FT, "8ft": POOL_8FT, "7ft": POOL_7FT}


# Every table by size name; a discipline's descriptor lists the sizes it is played on.
TABLES: dict[str, TableSpec] = {"12ft": SNOOKER, **POOL_TABLES}


# ---------------------------------------------------------------- markings


def baulk_line_y(table: TableSpec) -> float:
    """SNK-1.1(d): the baulk line, 737 mm from the bottom cushion.

    >>> baulk_line_y(SNOOKER)
    737.0
    """
    return table.baulk_from_bottom


def d_centre(table: TableSpec) -> Vec:
    """SNK-1.1(e): the centre of the D, the middle of the baulk line.

    >>> d_centre(SNOOKER)
    (889.0, 737.0)
    """
    return (table.width / 2.0, table.baulk_from_bottom)


def head_string_y(table: TableSpec) -> float:
    """POOL-8.1: the head string bounds the quarter of the table nearest the head rail."""
    return table.length / 4.0


def snooker_spots(table: TableSpec = SNOOKER) -> dict[str, Vec]:
    """SNK-1.1: the six colour spots, keyed by colour."""
    cx = table.width / 2.0
    baulk = table.baulk_from_bottom
    blue = table.length / 2.0
    pink = (blue + table.length) / 2.0
    return {
        "yellow": (cx + table.d_radius, baulk),  # right-hand corner of the D seen from baulk
        "green": (cx - table.d_radius, baulk),
        "brown": (cx, baulk),
        "blue": (cx, blue),
        "pink": (cx, pink),
        "black": (cx, table.length - table.black_from_top),
    }


def pool_spots(table: TableSpec) -> dict[str, Vec]:
    """POOL-8.1: head, centre and foot spots on the long string."""
    cx = table.width / 2.0
    return {
        "head": (cx, table.length / 4.0),
        "centre": (cx, table.length / 2.0),
        "foot": (cx, 3.0 * table.length / 4.0),
    }


def spots(table: TableSpec) -> dict[str, Vec]:
    return snooker_spots(table) if table.kind == "snooker" else pool_spots(table)


def diamonds(table: TableSpec) -> tuple[Vec, ...]:
    """Sights on the rails: quarters of the width, eighths of the length (pool)."""
    if table.kind != "pool":
        return ()
    off = table.cushion_width + table.rail_width / 2.0
    out: list[Vec] = []
    for i in range(1, 4):
        x = table.width * i / 4.0
        out += [(x, -off), (x, table.length + off)]
    for j in range(1, 8):
        if j == 4:
            continue  # the middle pockets stand there
        y = table.length * j / 8.0
        out += [(-off, y), (table.width + off, y)]
    return tuple(out)


# ---------------------------------------------------------------- pockets and cushions


@lru_cache(maxsize=32)
def pockets(table: TableSpec) -> tuple[Pocket, ...]:
    """The six pockets, in the protocol's order (bottom-left ... top-right)."""
    w, ln, c = table.width, table.length, table.cushion_width
    s = 1.0 / math.sqrt(2.0)
    return (
        place_pocket("bottom-left", "corner", (0.0, 0.0), (-s, -s), table.corner, c),
        place_pocket("bottom-right", "corner", (w, 0.0), (s, -s), table.corner, c),
        place_pocket("middle-left", "middle", (0.0, ln / 2.0), (-1.0, 0.0), table.middle, c),
        place_pocket("middle-right", "middle", (w, ln / 2.0), (1.0, 0.0), table.middle, c),
        place_pocket("top-left", "corner", (0.0, ln), (-s, s), table.corner, c),
        place_pocket("top-right", "corner", (w, ln), (s, s), table.corner, c),
    )


def pocket(table: TableSpec, name: str) -> Pocket:
    for p in pockets(table):
        if p.name == name:
            return p
    raise ValueError(f"unknown pocket {name!r}")


def _nearest_end(p: Pocket, target: Vec) -> Vec:
    a, b = p.nose_ends
    da = math.dist(a, target)
    db = math.dist(b, target)
    return a if da < db else b


@lru_cache(maxsize=32)
def cushions(table: TableSpec) -> tuple[Segment, ...]:
    """The six straight cushion noses, each between the knuckles of two pockets.

    Order: bottom, top, left-lower, left-upper, right-lower, right-upper.
    """
    by = {p.name: p for p in pockets(table)}
    pairs = (
        ("bottom-left", "bottom-right"),
        ("top-left", "top-right"),
        ("bottom-left", "middle-left"),
        ("middle-left", "top-left"),
        ("bottom-right", "middle-right"),
        ("middle-right", "top-right"),
    )
    out = []
    for a, b in pairs:
        pa, pb = by[a], by[b]
        out.append(Segment(_nearest_end(pa, pb.nominal), _nearest_end(pb, pa.nominal)))
    return tuple(out)
