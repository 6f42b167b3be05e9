"""Every table coordinate and dimension of shared/spec/README.md."""

import itertools
import math

import pytest

from cuesport.disciplines import table_for
from cuesport.equipment import (
    POOL_7FT,
    POOL_8FT,
    POOL_9FT,
    POOL_RADIUS,
    SNOOKER,
    SNOOKER_RADIUS,
    baulk_line_y,
    d_centre,
    diamonds,
    head_string_y,
    pocket,
    pool_spots,
    pool_table,
    snooker_spots,
)

# ---------------------------------------------------------------- snooker (SNK-1.1)


def test_snk_1_1_a_playing_area():
    assert (SNOOKER.length, SNOOKER.width) == (3569.0, 1778.0)
    assert SNOOKER.width / 2 == 889.0  # long centre line


def test_snk_1_2_ball_diameter():
    assert SNOOKER_RADIUS == 26.25
    assert SNOOKER.ball_diameter == 52.5


def test_snk_1_1_d_baulk_line():
    assert baulk_line_y(SNOOKER) == 737.0


def test_snk_1_1_e_d_centre_and_radius():
    assert d_centre(SNOOKER) == (889.0, 737.0)
    assert SNOOKER.d_radius == 292.0


@pytest.mark.parametrize(
    ("colour", "xy"),
    [
        ("yellow", (1181.0, 737.0)),
        ("green", (597.0, 737.0)),
        ("brown", (889.0, 737.0)),
        ("blue", (889.0, 1784.5)),
        ("pink", (889.0, 2676.75)),
        ("black", (889.0, 3245.0)),
    ],
)
def test_snk_1_1_f_spots(colour, xy):
    assert snooker_spots(SNOOKER)[colour] == pytest.approx(xy, abs=1e-9)


def test_snk_1_1_f_spot_to_cushion_checks():
    s = snooker_spots(SNOOKER)
    assert SNOOKER.length - s["black"][1] == pytest.approx(324.0)
    assert SNOOKER.length - s["pink"][1] == pytest.approx(892.25)
    assert s["blue"][1] == pytest.approx(1784.5)
    assert SNOOKER.length - s["blue"][1] == pytest.approx(1784.5)


def test_snk_1_1_f_yellow_is_right_hand_corner_of_the_d():
    s = snooker_spots(SNOOKER)
    assert s["yellow"][0] > s["brown"][0] > s["green"][0]
    assert s["yellow"][0] - s["brown"][0] == SNOOKER.d_radius


def test_snooker_disciplines_use_the_snooker_table():
    assert table_for("snooker") is SNOOKER
    assert table_for("snooker-one-red") is SNOOKER
    with pytest.raises(ValueError):
        table_for("snooker", "9ft")


def test_pocket_nominal_points_snooker():
    w, ln = SNOOKER.width, SNOOKER.length
    expected = {
        "bottom-left": (0, 0),
        "bottom-right": (w, 0),
        "middle-left": (0, ln / 2),
        "middle-right": (w, ln / 2),
        "top-left": (0, ln),
        "top-right": (w, ln),
    }
    for name, xy in expected.items():
        assert pocket(SNOOKER, name).nominal == pytest.approx(xy)


# ---------------------------------------------------------------- pool (WPA)

POOL_ROWS = [
    # table, W, L, head string, head spot, centre spot, foot spot
    (POOL_9FT, 1270.0, 2540.0, 635.0, (635.0, 635.0), (635.0, 1270.0), (635.0, 1905.0)),
    (POOL_8FT, 1168.4, 2336.8, 584.2, (584.2, 584.2), (584.2, 1168.4), (584.2, 1752.6)),
    (POOL_7FT, 990.6, 1981.2, 495.3, (495.3, 495.3), (495.3, 990.6), (495.3, 1485.9)),
]


@pytest.mark.parametrize(("table", "w", "ln", "head", "hs", "cs", "fs"), POOL_ROWS)
def test_pool_8_1_table_strings_and_spots(table, w, ln, head, hs, cs, fs):
    assert table.width == pytest.approx(w)
    assert table.length == pytest.approx(ln)
    assert table.length == pytest.approx(2 * table.width)
    assert head_string_y(table) == pytest.approx(head)
    spots = pool_spots(table)
    assert spots["head"] == pytest.approx(hs)
    assert spots["centre"] == pytest.approx(cs)
    assert spots["foot"] == pytest.approx(fs)


def test_pool_ball_diameter():
    assert POOL_RADIUS == 28.575
    assert POOL_9FT.ball_diameter == pytest.approx(57.15)


@pytest.mark.parametrize(("table", "spacing"), [(POOL_9FT, 317.5), (POOL_8FT, 292.1)])
def test_pool_diamonds_spacing(table, spacing):
    d = diamonds(table)
    across = sorted({x for x, y in d if y < 0})
    along = sorted({y for x, y in d if x < 0} | {table.length / 2})
    assert len(across) == 3
    assert len(along) == 7
    for seq in (across, along):
        gaps = [b - a for a, b in itertools.pairwise(seq)]
        assert gaps == pytest.approx([spacing] * len(gaps))
    assert across[0] == pytest.approx(spacing)
    assert along[0] == pytest.approx(spacing)


def test_pool_7ft_is_configurable():
    t = pool_table(76.0)
    assert (t.length, t.width) == pytest.approx((76 * 25.4, 38 * 25.4))
    with pytest.raises(ValueError):
        pool_table(20.0)


def test_pool_table_lookup():
    assert table_for("nine-ball") is POOL_9FT
    assert table_for("eight-ball", "8ft") is POOL_8FT
    assert table_for("straight-pool", "7ft") is POOL_7FT
    with pytest.raises(ValueError):
        table_for("ten-ball", "6ft")


def test_pool_tables_have_wpa_nose_height():
    assert POOL_9FT.nose_height / POOL_9FT.ball_diameter == pytest.approx(0.635)
    assert math.isclose(POOL_8FT.nose_height, POOL_9FT.nose_height)
