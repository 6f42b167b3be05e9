"""Plain geometry: touching, spots, the bed, straight paths and contact points."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cuesport.equipment import (
    LINE_TOL,
    POOL_9FT,
    SNOOKER,
    TOUCH_TOL,
    balls_overlap,
    balls_touching,
    contact_fan,
    edge_contacts,
    first_free_spot,
    full_ball_contact,
    on_table,
    overlapping_pairs,
    path_blockers,
    path_clear,
    point_segment_distance,
    snooker_spots,
    spot_occupied,
    touching_balls,
)

R = 26.25  # snooker
D = 52.5
PR = 28.575  # pool
coord = st.floats(min_value=30.0, max_value=1700.0, allow_nan=False)
pt = st.tuples(coord, coord)


def test_tolerances_defaults():
    assert TOUCH_TOL == 0.5
    assert LINE_TOL == 0.5



def test_touching_boundary_exactly_2r_plus_tol_is_not_touching():
    a = (100.0, 100.0)
    assert balls_touching(a, (100.0 + D + 0.4999, 100.0), R)
    assert not balls_touching(a, (100.0 + D + TOUCH_TOL, 100.0), R)
    assert balls_touching(a, (100.0 + D + 0.9, 100.0), R, tol=1.0)  # overridable



def test_overlap_only_when_interpenetrating():
    a = (0.0, 0.0)
    assert balls_overlap(a, (D - 0.01, 0.0), R)
    assert not balls_overlap(a, (D, 0.0), R)  # frozen balls do not overlap
    assert not balls_overlap(a, (D + 0.2, 0.0), R)



def test_snk_3_8_touching_balls_nearest_first():
    pos = {"cue": (500.0, 500.0), "red1": (500.0, 552.6), "red2": (552.8, 500.0),
           "blue": (500.0, 400.0)}
    assert touching_balls("cue", pos, R) == ["red1", "red2"]
    assert touching_balls("blue", pos, R) == []
    assert touching_balls("red1", pos, R) == ["cue"]



def test_overlapping_pairs():
    pos = {"a": (0.0, 0.0), "b": (50.0, 0.0), "c": (200.0, 0.0), "d": (252.5, 0.0)}
    assert overlapping_pairs(pos, R) == [("a", "b")]



def test_snk_2_17_spot_occupied_definition():
    spot = snooker_spots()["pink"]
    near = {"red1": (spot[0], spot[1] + D + 0.2)}
    far = {"red1": (spot[0], spot[1] + D + TOUCH_TOL)}
    assert spot_occupied(spot, near, R)
    assert not spot_occupied(spot, far, R)
    assert not spot_occupied(spot, {}, R)



def test_snk_2_17_spot_occupied_ignore_set():
    spot = snooker_spots()["black"]
    pos = {"black": spot, "red3": (spot[0] + 30.0, spot[1])}
    assert spot_occupied(spot, pos, R)
    assert spot_occupied(spot, pos, R, ignore={"black"})
    assert not spot_occupied(spot, pos, R, ignore={"black", "red3"})



def test_first_free_spot_in_order():
    s = snooker_spots()
    pos = {"cue": s["black"]}
    assert first_free_spot([s["black"], s["pink"]], pos, R) == s["pink"]
    assert first_free_spot([s["black"]], pos, R) is None



def test_on_table_ball_fully_within_cushion_noses():
    assert on_table((R, R), SNOOKER)
    assert on_table((1778.0 - R, 3569.0 - R), SNOOKER)
    assert not on_table((R - 0.01, 500.0), SNOOKER)
    assert not on_table((500.0, 3569.0 - R + 0.01), SNOOKER)
    assert not on_table((-10.0, 1784.5), SNOOKER)
    assert on_table((PR, 2540.0 - PR), POOL_9FT)



def test_point_segment_distance():
    assert point_segment_distance((5.0, 5.0), (0.0, 0.0), (10.0, 0.0)) == 5.0
    assert point_segment_distance((-3.0, 4.0), (0.0, 0.0), (10.0, 0.0)) == 5.0
    assert point_segment_distance((1.0, 1.0), (0.0, 0.0), (0.0, 0.0)) == pytest.approx(2**0.5)



def test_path_blockers_corridor_is_one_ball_diameter_each_side():
    balls = {"a": (52.4, 500.0), "b": (-52.5, 600.0), "c": (10.0, 300.0), "d": (0.0, 1100.0)}
    assert path_blockers((0.0, 0.0), (0.0, 1000.0), balls, R) == ["c", "a"]
    assert path_blockers((0.0, 0.0), (0.0, 1000.0), balls, R, ignore={"c"}) == ["a"]
    assert path_clear((0.0, 0.0), (0.0, 100.0), balls, R)



def test_snk_2_16_worked_example_edge_contacts():
    left, right = edge_contacts((889.0, 1200.0), (889.0, 2200.0), R)
    assert left == pytest.approx((836.57, 2197.24), abs=0.01)
    assert right == pytest.approx((941.43, 2197.24), abs=0.01)
    assert full_ball_contact((889.0, 1200.0), (889.0, 2200.0), R) == pytest.approx((889.0, 2147.5))



def test_contact_fan_lies_on_the_near_face():
    cue, target = (300.0, 400.0), (900.0, 1300.0)
    fan = contact_fan(cue, target, R, samples=21)
    left, right = edge_contacts(cue, target, R)
    assert fan[0] == pytest.approx(left)
    assert fan[-1] == pytest.approx(right)
    assert fan[10] == pytest.approx(full_ball_contact(cue, target, R))
    for p in fan:
        assert math.dist(p, target) == pytest.approx(D)
        assert math.dist(p, cue) <= math.dist(cue, target)



@given(pt, pt, st.floats(min_value=0.0, max_value=5.0))
def test_prop_touching_and_overlap_are_symmetric(a, b, tol):
    assert balls_touching(a, b, R, tol=tol) == balls_touching(b, a, R, tol=tol)
    assert balls_overlap(a, b, R) == balls_overlap(b, a, R)
    if balls_overlap(a, b, R):
        assert balls_touching(a, b, R, tol=tol)



@given(pt, pt, st.dictionaries(st.sampled_from("abcdef"), pt, max_size=6),
       st.floats(min_value=0.05, max_value=1.0))
def test_prop_blocked_path_monotonic(start, end, balls, frac):
    blockers = set(path_blockers(start, end, balls, R))
    shorter = (start[0] + frac * (end[0] - start[0]), start[1] + frac * (end[1] - start[1]))
    assert set(path_blockers(start, shorter, balls, R)) <= blockers  # a prefix hits fewer
    more = {**balls, "z": ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)}
    assert blockers <= set(path_blockers(start, end, more, R))  # adding never clears
    assert "z" in path_blockers(start, end, more, R)



@given(st.dictionaries(st.sampled_from("abcdefgh"), pt, min_size=1, max_size=8))
def test_prop_touching_lists_are_symmetric(pos):
    for a in pos:
        for b in touching_balls(a, pos, R):
            assert a in touching_balls(b, pos, R)


def test_a_ball_against_a_middle_pockets_knuckle_rests_a_little_past_the_nose_line() -> None:
    from cuesport.equipment import SNOOKER, clear_of_cushions, on_table

    # where a 1-red match left the white (seed 3): 0.68 mm past the right nose line, beside
    # the middle pocket's point, where the knuckle curves away from that line
    jaw = (1752.43, 1740.56)
    assert not on_table(jaw, SNOOKER, eps=0.5) and clear_of_cushions(jaw, SNOOKER)
    # the same overhang away from the pocket is inside the cushion rubber
    assert not clear_of_cushions((1752.43, 1600.0), SNOOKER)
    # so is a ball pressed into the knuckle, and one behind the nose line
    assert not clear_of_cushions((1752.43, 1728.0), SNOOKER)
    assert not clear_of_cushions((1760.0, 1700.0), SNOOKER)
    assert clear_of_cushions((900.0, 1700.0), SNOOKER)
