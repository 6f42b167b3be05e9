"""The in-hand areas: the D (SNK-1.1(e)), baulk (SNK-1.1(d)) and the kitchen (POOL-8.1)."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cuesport.equipment import (
    LINE_TOL,
    POOL_8FT,
    POOL_9FT,
    SNOOKER,
    on_table,
)
from cuesport.rules.in_hand import (
    behind_head_string,
    in_baulk,
    in_d,
    on_head_string,
    playable_from_kitchen,
)
from cuesport.rules.rack_interference import (
    inside_rack_outline,
    interferes_with_rack,
)

R = 26.25  # snooker
D = 52.5
PR = 28.575  # pool
coord = st.floats(min_value=30.0, max_value=1700.0, allow_nan=False)
pt = st.tuples(coord, coord)
near_pocket = st.sampled_from([(-5.0, 1784.5), (10.0, 1800.0), (1783.0, 1770.0), (5.0, 3560.0)])
anywhere = st.tuples(st.floats(30.0, 1748.0), st.floats(30.0, 3539.0))


@pytest.mark.parametrize(
    ("p", "inside"),
    [
        ((889.0, 737.0), True),  # brown spot, on the straight edge
        ((1181.0, 737.0), True),  # yellow spot: corner of the D
        ((597.0, 737.0), True),
        ((889.0, 445.0), True),  # bottom of the arc
        ((889.0, 444.6), True),  # on the arc within LINE_TOL
        ((889.0, 444.4), False),
        ((889.0, 737.4), True),  # on the baulk line within LINE_TOL
        ((889.0, 745.0), False),  # SNK checklist 1: centre outside the D
        ((889.0, 700.0), True),  # SNK checklist 2
        ((1181.6, 737.0), False),
        ((889.0 + 292 * math.cos(1.0), 737.0 - 292 * math.sin(1.0)), True),
    ],
)
def test_snk_1_1_e_in_the_d(p, inside):
    assert in_d(p) is inside



def test_snk_1_1_e_in_the_d_tolerance_overridable():
    assert not in_d((889.0, 444.6), tol=0.0)
    assert in_d((889.0, 443.0), tol=2.5)



def test_snk_1_1_d_in_baulk():
    assert in_baulk((100.0, 737.0))
    assert in_baulk((100.0, 737.5))
    assert not in_baulk((100.0, 737.6))
    assert in_baulk((100.0, 26.25))
    assert not in_baulk((889.0, 1784.5))



def test_pool_8_1_behind_head_string_is_strict():
    assert behind_head_string((635.0, 600.0), POOL_9FT)
    assert behind_head_string((635.0, 634.4), POOL_9FT)
    assert not behind_head_string((635.0, 635.0), POOL_9FT)  # on the string: not behind
    assert not behind_head_string((635.0, 634.6), POOL_9FT)  # within LINE_TOL: on it
    assert not behind_head_string((635.0, 900.0), POOL_9FT)
    assert behind_head_string((584.2, 584.0), POOL_8FT, tol=0.0)



def test_pool_6_10_cue_ball_on_the_string_is_a_bad_placement():
    # POOL-6.10: foul iff cue_ball.y >= L/4 - LINE_TOL
    assert not behind_head_string((635.0, 635.0 - LINE_TOL), POOL_9FT)
    assert behind_head_string((635.0, 635.0 - LINE_TOL - 1e-6), POOL_9FT)



def test_pool_1_5_ball_on_the_head_string_is_playable_from_the_kitchen():
    assert on_head_string((300.0, 635.3), POOL_9FT)
    assert playable_from_kitchen((300.0, 635.3), POOL_9FT)
    assert not behind_head_string((300.0, 635.3), POOL_9FT)
    assert playable_from_kitchen((300.0, 100.0), POOL_9FT)
    assert not playable_from_kitchen((300.0, 636.0), POOL_9FT)
    assert not on_head_string((300.0, 636.0), POOL_9FT)



@given(st.tuples(st.floats(-100.0, 1900.0), st.floats(-100.0, 3700.0)))
def test_prop_in_d_implies_in_baulk_and_on_table(p):
    if in_d(p):
        assert in_baulk(p)
        assert on_table(p, SNOOKER)



@given(st.tuples(st.floats(0.0, 1270.0), st.floats(0.0, 2540.0)))
def test_prop_behind_head_string_implies_playable(p):
    if behind_head_string(p, POOL_9FT):
        assert playable_from_kitchen(p, POOL_9FT)
    if inside_rack_outline(p, POOL_9FT):
        assert interferes_with_rack(p, POOL_9FT)
