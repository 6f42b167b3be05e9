"""``pool.crowded`` and ``pool.any_crowded``, the fast position check's overlap tests,
give the verdict of measuring every ball (for ``crowded`` the second-nearest centre, the
first being the ball's own; for ``any_crowded`` every pair)."""

from __future__ import annotations

import math
from itertools import repeat

from hypothesis import given
from hypothesis import strategies as st

from cuesport.rules.pool import any_crowded, crowded

LIMIT = 2 * 28.575 - 1.0  # two radii less the overlap tolerance, as the check uses


def every_ball(p: tuple[float, float], centres: list[tuple[float, float]]) -> bool:
    return len(centres) > 1 and sorted(map(math.dist, repeat(p), centres))[1] < LIMIT


coord = st.floats(0.0, 400.0, allow_nan=False)
# offsets of exactly the limit (and next to it) across or along, where rounding could tell
edge = st.sampled_from([LIMIT, -LIMIT, math.nextafter(LIMIT, 0.0), -math.nextafter(LIMIT, 0.0),
                        0.0, LIMIT / math.sqrt(2.0)])


@given(st.lists(st.tuples(coord, coord), min_size=1, max_size=16), st.integers(0, 15),
       st.lists(st.tuples(edge, edge), max_size=4))
def test_crowded_is_the_nearest_other_ball_measured(
        others: list[tuple[float, float]], i: int, offsets: list[tuple[float, float]]) -> None:
    p = others[i % len(others)]
    centres = others + [(p[0] + dx, p[1] + dy) for dx, dy in offsets]
    assert crowded(p, centres, LIMIT) == every_ball(p, centres)


def test_crowded_counts_a_ball_on_the_same_centre() -> None:
    assert crowded((100.0, 100.0), [(100.0, 100.0), (100.0, 100.0)], LIMIT)
    assert not crowded((100.0, 100.0), [(100.0, 100.0)], LIMIT)
    assert not crowded((100.0, 100.0), [(100.0, 100.0), (100.0 + LIMIT, 100.0)], LIMIT)
    assert crowded((100.0, 100.0), [(100.0, 100.0), (100.0 + LIMIT * 0.99, 100.0)], LIMIT)


@given(st.lists(st.tuples(coord, coord), min_size=0, max_size=16),
       st.lists(st.tuples(st.integers(0, 15), edge, edge), max_size=4))
def test_any_crowded_is_every_pair_measured(
        centres: list[tuple[float, float]], offsets: list[tuple[int, float, float]]) -> None:
    for i, dx, dy in offsets:
        if centres:
            p = centres[i % len(centres)]
            centres.append((p[0] + dx, p[1] + dy))
    pairs = any(math.dist(a, b) < LIMIT for i, a in enumerate(centres) for b in centres[i + 1:])
    assert any_crowded(centres, LIMIT) == pairs
