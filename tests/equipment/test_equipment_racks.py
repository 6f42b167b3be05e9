"""Racks and set-ups of shared/spec/README.md: coordinates, tightness, seeded randomness."""

import math
import random
from itertools import combinations

import pytest

from cuesport.disciplines import setup
from cuesport.equipment import (
    POOL_7FT,
    POOL_8FT,
    POOL_9FT,
    REDS,
    SNOOKER,
    eight_ball_rack,
    nine_ball_rack,
    one_red_setup,
    overlapping_pairs,
    rack_outline,
    snooker_reds,
    snooker_setup,
    snooker_spots,
    straight_pool_rack,
    ten_ball_rack,
    triangle_slots,
)

POOL_TABLES = [POOL_9FT, POOL_8FT, POOL_7FT]
SOLIDS = {str(n) for n in range(1, 8)}
STRIPES = {str(n) for n in range(9, 16)}


def assert_tight(position, d, expected_touching_pairs):
    """No overlaps; the neighbours (centre distance within 0.01 of d) number as expected."""
    touching = 0
    for a, b in combinations(position.values(), 2):
        dist = math.dist(a, b)
        assert dist >= d - 0.01, (a, b, dist)
        if dist <= d + 0.01:
            touching += 1
    assert touching == expected_touching_pairs


# ---------------------------------------------------------------- snooker


def test_snk_3_2_a_i_reds_triangle_with_gap_1():
    reds = snooker_reds(SNOOKER, gap=1.0)
    assert list(reds) == list(REDS)
    assert reds["red1"] == pytest.approx((889.0, 2730.25))
    back = [reds[f"red{i}"] for i in range(11, 16)]
    assert [x for x, _ in back] == pytest.approx([784.0, 836.5, 889.0, 941.5, 994.0])
    assert all(y == pytest.approx(2912.115, abs=5e-4) for _, y in back)


def test_snk_3_2_a_i_reds_rows_formula():
    h = 52.5 * math.sqrt(3) / 2
    assert h == pytest.approx(45.4663, abs=1e-4)
    reds = list(snooker_reds(SNOOKER, gap=1.0).values())
    i = 0
    for k in range(5):
        for j in range(k + 1):
            assert reds[i] == pytest.approx((889 + (j - k / 2) * 52.5, 2729.25 + 1 + k * h))
            i += 1


def test_snk_3_2_a_i_reds_tight_and_apex_not_touching_pink():
    reds = snooker_reds(SNOOKER, gap=1.0)
    assert_tight(reds, 52.5, expected_touching_pairs=30)  # 3 x T(4) edges of a 5-row triangle
    pink = snooker_spots()["pink"]
    assert math.dist(reds["red1"], pink) == pytest.approx(53.5)
    assert all(y > pink[1] for _, y in reds.values())
    assert max(y for _, y in reds.values()) + 26.25 < SNOOKER.length


@pytest.mark.parametrize("gap", [0.0, -1.0, 51.0])
def test_snk_3_2_a_i_gap_out_of_range(gap):
    with pytest.raises(ValueError):
        snooker_reds(SNOOKER, gap=gap)


def test_snk_3_2_setup_colours_on_spots_cue_in_hand():
    pos = snooker_setup()
    for c, xy in snooker_spots().items():
        assert pos[c] == xy
    assert "cue" not in pos
    assert len(pos) == 21
    assert overlapping_pairs(pos, 26.25) == []


def test_one_2_2_setup_red_on_black_spot():
    assert one_red_setup() == {"red": (889.0, 3245.0)}


# ---------------------------------------------------------------- pool rows

ROWS_9FT = [
    (1905.000, [635.0]),
    (1954.493, [606.425, 663.575]),
    (2003.987, [577.85, 635.0, 692.15]),
    (2053.480, [549.275, 606.425, 663.575, 720.725]),
    (2102.973, [520.7, 577.85, 635.0, 692.15, 749.3]),
]


def test_pool_rack_rows_9ft():
    assert 57.15 * math.sqrt(3) / 2 == pytest.approx(49.4934, abs=1e-4)
    rows = triangle_slots(POOL_9FT, (1, 2, 3, 4, 5))
    for row, (y, xs) in zip(rows, ROWS_9FT, strict=True):
        assert [p[0] for p in row] == pytest.approx(xs)
        assert all(p[1] == pytest.approx(y, abs=5e-4) for p in row)


@pytest.mark.parametrize("table", POOL_TABLES)
def test_pool_rack_rows_scale_with_table(table):
    rows = triangle_slots(table, (1, 2, 3, 4, 5))
    h = 57.15 * math.sqrt(3) / 2
    for k, row in enumerate(rows):
        for j, (x, y) in enumerate(row):
            assert x == pytest.approx(table.width / 2 + (j - k / 2) * 57.15)
            assert y == pytest.approx(0.75 * table.length + k * h)


# ---------------------------------------------------------------- racks by game


@pytest.mark.parametrize("seed", range(5))
def test_p9_2_2_nine_ball_diamond(seed):
    rack = nine_ball_rack(POOL_9FT, rng=seed)
    assert set(rack) == {str(n) for n in range(1, 10)}
    assert rack["1"] == pytest.approx((635.0, 1905.0))
    assert rack["9"] == pytest.approx((635.0, 2003.987), abs=5e-4)
    by_row = sorted(rack.values(), key=lambda p: p[1])
    assert [p[0] for p in by_row[6:8]] == pytest.approx([606.425, 663.575])
    assert by_row[6][1] == pytest.approx(2053.480, abs=5e-4)
    assert by_row[8] == pytest.approx((635.0, 2102.973), abs=5e-4)
    assert_tight(rack, 57.15, expected_touching_pairs=16)


@pytest.mark.parametrize("seed", range(5))
def test_p10_9_2_ten_ball_triangle(seed):
    rack = ten_ball_rack(POOL_9FT, rng=seed)
    assert set(rack) == {str(n) for n in range(1, 11)}
    assert rack["1"] == pytest.approx((635.0, 1905.0))
    assert rack["10"] == pytest.approx((635.0, 2003.987), abs=5e-4)
    assert_tight(rack, 57.15, expected_touching_pairs=18)


@pytest.mark.parametrize("seed", range(10))
def test_p8_3_2_eight_ball_triangle(seed):
    rack = eight_ball_rack(POOL_9FT, rng=seed)
    assert set(rack) == {str(n) for n in range(1, 16)}
    assert rack["8"] == pytest.approx((635.0, 2003.987), abs=5e-4)
    apex = [n for n, p in rack.items() if p == pytest.approx((635.0, 1905.0))]
    assert len(apex) == 1
    corners = {
        n
        for n, p in rack.items()
        if p == pytest.approx((520.7, 2102.973), abs=5e-4)
        or p == pytest.approx((749.3, 2102.973), abs=5e-4)
    }
    assert len(corners) == 2
    assert len(corners & SOLIDS) == 1
    assert len(corners & STRIPES) == 1
    assert_tight(rack, 57.15, expected_touching_pairs=30)


def test_p8_3_2_both_corner_arrangements_occur():
    sides = set()
    for s in range(40):
        rack = eight_ball_rack(POOL_9FT, rng=s)
        left = next(n for n, p in rack.items() if p == pytest.approx((520.7, 2102.973), abs=5e-4))
        sides.add(left in SOLIDS)
    assert sides == {True, False}


@pytest.mark.parametrize("seed", range(5))
def test_p141_4_2_straight_pool_full_rack(seed):
    rack = straight_pool_rack(POOL_9FT, rng=seed)
    assert set(rack) == {str(n) for n in range(1, 16)}
    slots = {p for row in triangle_slots(POOL_9FT, (1, 2, 3, 4, 5)) for p in row}
    assert set(rack.values()) == slots
    assert_tight(rack, 57.15, expected_touching_pairs=30)


def test_p141_4_8_rerack_of_14_leaves_apex_empty():
    balls = [str(n) for n in range(2, 16)]
    rack = straight_pool_rack(POOL_9FT, rng=3, balls=balls)
    assert set(rack) == set(balls)
    assert all(p != pytest.approx((635.0, 1905.0)) for p in rack.values())
    assert_tight(rack, 57.15, expected_touching_pairs=28)


def test_p141_4_2_rack_rejects_wrong_counts():
    with pytest.raises(ValueError):
        straight_pool_rack(POOL_9FT, balls=["1", "2"])
    with pytest.raises(ValueError):
        straight_pool_rack(POOL_9FT, balls=["1"] * 15)


@pytest.mark.parametrize(
    "make", [nine_ball_rack, ten_ball_rack, eight_ball_rack, straight_pool_rack]
)
def test_racks_are_seedable(make):
    assert make(POOL_9FT, rng=42) == make(POOL_9FT, rng=42)
    assert make(POOL_9FT, rng=random.Random(7)) == make(POOL_9FT, rng=random.Random(7))
    assert len({tuple(sorted(make(POOL_9FT, rng=s).items())) for s in range(20)}) > 1


@pytest.mark.parametrize("discipline", ["nine-ball", "ten-ball", "eight-ball", "straight-pool"])
@pytest.mark.parametrize("table", POOL_TABLES)
def test_racks_on_every_table_apex_on_foot_spot(discipline, table):
    rack = setup(discipline, table, rng=1)
    foot = (table.width / 2, 0.75 * table.length)
    assert any(p == pytest.approx(foot) for p in rack.values())
    assert overlapping_pairs(rack, table.ball_radius) == []
    assert all(p[1] + table.ball_radius < table.length for p in rack.values())


# ---------------------------------------------------------------- rack outline


def test_p141_4_2_rack_outline_9ft():
    apex, left, right = rack_outline(POOL_9FT)
    assert apex == pytest.approx((635.0, 1847.85))
    assert left[1] == pytest.approx(2131.548, abs=5e-4)
    assert right[1] == pytest.approx(2131.548, abs=5e-4)
    side = 57.15 * (4 + math.sqrt(3))
    assert side == pytest.approx(327.587, abs=5e-4)
    assert right[0] - left[0] == pytest.approx(side)
    assert math.dist(apex, left) == pytest.approx(side)
    assert math.dist(apex, right) == pytest.approx(side)


@pytest.mark.parametrize("table", POOL_TABLES)
def test_p141_4_2_rack_outline_tangent_to_outer_balls(table):
    tri = rack_outline(table)
    r = table.ball_radius
    rack = straight_pool_rack(table, rng=0)

    def dist_to_line(p, a, b):
        return abs((b[0] - a[0]) * (a[1] - p[1]) - (a[0] - p[0]) * (b[1] - a[1])) / math.dist(a, b)

    for i in range(3):
        a, b = tri[i], tri[(i + 1) % 3]
        dists = [dist_to_line(p, a, b) for p in rack.values()]
        assert min(dists) == pytest.approx(r)  # the outer balls touch each side
        assert sum(abs(d - r) < 1e-6 for d in dists) == 5
