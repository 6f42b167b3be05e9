"""Standard set-ups: one function per discipline, each returning a position.

A position maps ball names (as in the referee protocol) to centres in mm. A ball that is
not listed is not on the table: cue balls in hand are absent. Random placement, where the
rules leave it free, comes from a seedable generator (``rng``: a ``random.Random``, an int
seed, or None for a fresh generator).
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Sequence

from cuesport.equipment.balls import REDS
from cuesport.equipment.tables import (
    POOL_9FT,
    SNOOKER,
    TableSpec,
    pool_spots,
    snooker_spots,
)

Vec = tuple[float, float]
Position = dict[str, Vec]
Rng = random.Random | int | None

DEFAULT_PINK_GAP = 1.0  # SNK-3.2(a)(i): "as close as possible" without touching; 1-5 mm in practice


def _rng(rng: Rng) -> random.Random:
    return rng if isinstance(rng, random.Random) else random.Random(rng)


def row_spacing(table: TableSpec) -> float:
    """Distance between the rows of a tight triangle: d·√3/2."""
    return table.ball_diameter * math.sqrt(3.0) / 2.0


def snooker_reds(table: TableSpec = SNOOKER, gap: float = DEFAULT_PINK_GAP) -> Position:
    """SNK-3.2(a)(i): 15 reds in a tight triangle, apex ``gap`` mm from the pink.

    Reds are named row by row from the apex: red1 is the apex, red11-red15 the back row.
    """
    if not 0.0 < gap <= 50.0:
        raise ValueError(f"pink gap must be in (0, 50] mm, not {gap}")
    d = table.ball_diameter
    cx, pink_y = snooker_spots(table)["pink"]
    h = row_spacing(table)
    out: Position = {}
    names = iter(REDS)
    for k in range(5):
        y = pink_y + d + gap + k * h
        for j in range(k + 1):
            out[next(names)] = (cx + (j - k / 2.0) * d, y)
    return out


def snooker_setup(table: TableSpec = SNOOKER, gap: float = DEFAULT_PINK_GAP) -> Position:
    """SNK-3.2: reds in the triangle, colours on their spots, cue ball in hand (absent)."""
    return {**snooker_reds(table, gap), **snooker_spots(table)}


def one_red_setup(table: TableSpec = SNOOKER) -> Position:
    """ONE-2.2: the red on the black spot; both cue balls in hand (absent)."""
    return {"red": snooker_spots(table)["black"]}


def triangle_slots(table: TableSpec, rows: Sequence[int]) -> list[list[Vec]]:
    """Centres of a tight rack grown from the foot spot: ``rows[k]`` balls in row ``k``."""
    d = table.ball_diameter
    h = row_spacing(table)
    cx, foot_y = pool_spots(table)["foot"]
    return [
        [(cx + (j - (n - 1) / 2.0) * d, foot_y + k * h) for j in range(n)]
        for k, n in enumerate(rows)
    ]


def _fill(slots: list[Vec], fixed: dict[int, str], others: list[str], rng: random.Random
          ) -> Position:
    """Put ``fixed`` balls in their slot indices and the rest, shuffled, in the others."""
    rng.shuffle(others)
    free = iter(others)
    return {
        fixed[i] if i in fixed else next(free): slot
        for i, slot in enumerate(slots)
    }


def nine_ball_rack(table: TableSpec = POOL_9FT, rng: Rng = None) -> Position:
    """P9-2.2: diamond 1-2-3-2-1, the 1 on the foot spot, the 9 in the centre, rest random."""
    slots = [s for row in triangle_slots(table, (1, 2, 3, 2, 1)) for s in row]
    return _fill(slots, {0: "1", 4: "9"}, [str(n) for n in range(2, 9)], _rng(rng))


def ten_ball_rack(table: TableSpec = POOL_9FT, rng: Rng = None) -> Position:
    """P10-9.2: triangle 1-2-3-4, the 1 at the apex, the 10 in the middle of row 3."""
    slots = [s for row in triangle_slots(table, (1, 2, 3, 4)) for s in row]
    return _fill(slots, {0: "1", 4: "10"}, [str(n) for n in range(2, 10)], _rng(rng))


def eight_ball_rack(table: TableSpec = POOL_9FT, rng: Rng = None) -> Position:
    """P8-3.2: 15-ball triangle, the 8 in the middle of row 3, a solid and a stripe in the
    back corners (which corner gets which is random), the rest random."""
    r = _rng(rng)
    slots = [s for row in triangle_slots(table, (1, 2, 3, 4, 5)) for s in row]
    solid = str(r.choice([1, 2, 3, 4, 5, 6, 7]))
    stripe = str(r.choice(range(9, 16)))
    left, right = (solid, stripe) if r.random() < 0.5 else (stripe, solid)
    rest = [str(n) for n in range(1, 16) if str(n) not in ("8", solid, stripe)]
    return _fill(slots, {4: "8", 10: left, 14: right}, rest, r)


def straight_pool_rack(
    table: TableSpec = POOL_9FT, rng: Rng = None, balls: Sequence[str] | None = None
) -> Position:
    """P141-4.2: the 15-ball triangle, apex on the foot spot, balls at random.

    With 14 ``balls`` (a re-rack, P141-4.8) the apex position is left empty.
    """
    names = [str(n) for n in range(1, 16)] if balls is None else list(balls)
    if len(set(names)) != len(names):
        raise ValueError("a rack cannot hold the same ball twice")
    slots = list(_triangle(table))
    if len(names) == 14:
        slots = slots[1:]
    elif len(names) != 15:
        raise ValueError(f"a 14.1 rack holds 15 balls, or 14 on a re-rack, not {len(names)}")
    return _fill(slots, {}, names, _rng(rng))


@functools.cache  # a table is frozen and hashable; 14.1 re-racks every fourteen balls
def _triangle(table: TableSpec) -> tuple[Vec, ...]:
    return tuple(s for row in triangle_slots(table, (1, 2, 3, 4, 5)) for s in row)


@functools.cache  # read on every re-rack of 14.1 (P141-4.8), for each ball in the way
def rack_outline(table: TableSpec = POOL_9FT) -> tuple[Vec, Vec, Vec]:
    """P141-4.2: the triangle tangent to the outer balls of a tight 15-ball rack.

    Returns (apex, base-left, base-right).
    """
    d, r = table.ball_diameter, table.ball_radius
    cx, foot_y = pool_spots(table)["foot"]
    base_y = foot_y + 4.0 * row_spacing(table) + r
    side = d * (4.0 + math.sqrt(3.0))
    return ((cx, foot_y - d), (cx - side / 2.0, base_y), (cx + side / 2.0, base_y))
