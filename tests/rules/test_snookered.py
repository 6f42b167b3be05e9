"""Snookered (SNK-2.16, SNK-X.2), the jaws (SNK-2.16(e)), in hand (SNK-2.16(a)) and the
clear paths of foul and a miss (SNK-3.14(c))."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cuesport.equipment import (
    SNOOKER,
    edge_contacts,
    full_ball_contact,
    point_segment_distance,
)
from cuesport.rules.in_hand import (
    in_d,
)
from cuesport.rules.snookered import (
    any_part_available,
    central_contact_available,
    clear_path_any_part,
    cue_ball_snookered,
    d_sample_points,
    effective_snookering_balls,
    full_ball_available,
    fully_available,
    jaw_obstruction,
    obstructing_balls,
    partition_balls,
    snookered,
    snookered_in_hand,
)

R = 26.25  # snooker
D = 52.5
coord = st.floats(min_value=30.0, max_value=1700.0, allow_nan=False)
pt = st.tuples(coord, coord)
near_pocket = st.sampled_from([(-5.0, 1784.5), (10.0, 1800.0), (1783.0, 1770.0), (5.0, 3560.0)])
anywhere = st.tuples(st.floats(30.0, 1748.0), st.floats(30.0, 3539.0))


def test_snk_2_16_worked_example_distances():
    cue = (889.0, 1200.0)
    left, right = edge_contacts(cue, (889.0, 2200.0), R)
    full = full_ball_contact(cue, (889.0, 2200.0), R)
    q = (949.0, 1700.0)
    assert point_segment_distance(q, cue, left) == pytest.approx(86.2, abs=0.05)
    assert point_segment_distance(q, cue, full) == pytest.approx(60.0, abs=0.05)
    assert point_segment_distance(q, cue, right) == pytest.approx(33.7, abs=0.05)
    q = (999.0, 1700.0)
    assert point_segment_distance(q, cue, left) == pytest.approx(136.1, abs=0.05)
    assert point_segment_distance(q, cue, right) == pytest.approx(83.6, abs=0.05)



def test_snk_2_16_example_a_snookered_pink_blocks_right_edge():
    cue, on = (889.0, 1200.0), {"red1": (889.0, 2200.0)}
    not_on = {"pink": (949.0, 1700.0)}
    assert full_ball_available(cue, on["red1"], not_on, R)
    assert not fully_available(cue, on["red1"], not_on, R)
    assert snookered(cue, on, not_on, R)
    assert snookered(cue, on, not_on, R, table=SNOOKER)
    assert effective_snookering_balls(cue, on, not_on, R) == {"pink"}



def test_snk_2_16_example_b_not_snookered():
    cue, on = (889.0, 1200.0), {"red1": (889.0, 2200.0)}
    not_on = {"pink": (999.0, 1700.0)}
    assert fully_available(cue, on["red1"], not_on, R)
    assert not snookered(cue, on, not_on, R)
    assert effective_snookering_balls(cue, on, not_on, R) == frozenset()



def test_snk_2_16_balls_on_never_obstruct():
    cue = (889.0, 1200.0)
    on = {"red1": (889.0, 2200.0), "red2": (889.0, 1700.0)}
    assert not snookered(cue, on, {}, R)



def test_snk_2_16_one_ball_on_available_is_enough():
    cue = (889.0, 1200.0)
    on = {"red1": (889.0, 2200.0), "red2": (300.0, 1200.0)}
    not_on = {"pink": (889.0, 1700.0)}
    assert not snookered(cue, on, not_on, R)



def test_snk_2_16_touching_ball_on_is_not_snookered():
    cue = (500.0, 500.0)
    not_on = {"blue": (500.0, 500.0 - D)}
    frozen = {"red1": (500.0, 500.0 + D)}
    assert edge_contacts(cue, frozen["red1"], R) is None
    assert not snookered(cue, frozen, not_on, R)
    # SNK-3.8: within TOUCH_TOL the ball on counts as hit at once
    near = {"red1": (500.0, 552.6), "red2": (500.0, 3000.0)}
    wall = {"blue": (500.0, 500.0 - D), "pink": (500.0, 1500.0)}
    assert not snookered(cue, near, wall, R)
    assert effective_snookering_balls(cue, near, wall, R) == frozenset()



def test_snk_2_16_no_ball_on_is_not_snookered():
    assert not snookered((500.0, 500.0), {}, {"blue": (500.0, 600.0)}, R)



def test_snk_2_16_b_i_nearest_obstructing_ball_is_effective():
    cue, on = (889.0, 1200.0), {"black": (889.0, 2200.0)}
    not_on = {"pink": (889.0, 1700.0), "blue": (889.0, 1400.0)}
    assert snookered(cue, on, not_on, R)
    assert obstructing_balls(cue, on["black"], not_on, R) == ["blue", "pink"]
    assert effective_snookering_balls(cue, on, not_on, R) == {"blue"}



def test_snk_2_16_b_ii_equally_near_balls_are_all_effective():
    cue, on = (889.0, 1200.0), {"black": (889.0, 2200.0)}
    not_on = {"pink": (889.0 - 30.0, 1600.0), "blue": (889.0 + 30.0, 1600.0)}
    assert effective_snookering_balls(cue, on, not_on, R) == {"pink", "blue"}



def test_snk_2_16_c_different_reds_hidden_by_different_balls():
    cue = (889.0, 1000.0)
    on = {"red1": (500.0, 2000.0), "red2": (1300.0, 2000.0)}
    not_on = {"blue": (695.0, 1500.0), "pink": (1095.0, 1500.0)}
    assert snookered(cue, on, not_on, R)
    assert effective_snookering_balls(cue, on, not_on, R) == frozenset()



def test_snk_3_10_b_ii_free_ball_nearest_hides_every_red():
    cue = (889.0, 1000.0)
    on = {"red1": (860.0, 2400.0), "red2": (918.0, 2400.0)}
    not_on = {"blue": (889.0, 1300.0)}
    assert effective_snookering_balls(cue, on, not_on, R) == {"blue"}
    # a nearer brown that also hides every red is the effective snookering ball
    not_on = {"blue": (889.0, 1300.0), "brown": (889.0, 1100.0)}
    assert effective_snookering_balls(cue, on, not_on, R) == {"brown"}



def test_snk_3_14_c_any_part_vs_full_ball_vs_both_edges():
    cue, target = (889.0, 1200.0), (889.0, 2200.0)
    # blocks the full-ball path but leaves the left edge clear
    centre_block = {"pink": (889.0 + 30.0, 1700.0)}
    assert not full_ball_available(cue, target, centre_block, R)
    assert any_part_available(cue, target, centre_block, R)
    assert not fully_available(cue, target, centre_block, R)
    wall = {"pink": (889.0, 1700.0), "blue": (835.0, 1700.0), "brown": (943.0, 1700.0)}
    assert not any_part_available(cue, target, wall, R)
    assert not full_ball_available(cue, target, wall, R)
    assert any_part_available(cue, target, {}, R)



def _jaw_position():
    """A red in the middle-left pocket mouth; its far-side edge path meets the knuckle."""
    cue = (150.0, 1784.5 + 400.0)
    red = (-5.0, 1784.5)
    right, left = edge_contacts(cue, red, R)  # ``left`` here: the one into the jaw
    ln = math.dist(cue, left)
    u = ((left[0] - cue[0]) / ln, (left[1] - cue[1]) / ln)
    late_blocker = (cue[0] + 400.0 * u[0], cue[1] + 400.0 * u[1])  # beyond the jaw
    rn = math.dist(cue, right)
    v = ((right[0] - cue[0]) / rn, (right[1] - cue[1]) / rn)
    side = (cue[0] + 200.0 * v[0] - 45.0 * v[1], cue[1] + 200.0 * v[1] + 45.0 * v[0])
    return cue, {"red1": red}, {"blue": late_blocker, "brown": side}, left



def test_snk_2_16_e_jaw_nearer_than_snookering_ball_means_not_snookered():
    cue, on, not_on, left = _jaw_position()
    assert jaw_obstruction(cue, left, SNOOKER, R) is not None
    assert snookered(cue, on, not_on, R)  # balls only
    assert not snookered(cue, on, not_on, R, table=SNOOKER)



def test_snk_2_16_e_cushions_never_obstruct_in_open_table():
    assert jaw_obstruction((100.0, 100.0), (1700.0, 3400.0), SNOOKER, R) is None



def test_d_sample_points_cover_the_d():
    pts = d_sample_points(SNOOKER, step=8.0)
    assert len(pts) > 1000
    assert all(in_d((float(x), float(y)), tol=1e-6) for x, y in pts)



def test_snk_2_16_a_in_hand_one_red_available_from_some_point():
    # checklist 18: a red hidden from the middle of the D but visible from its corner
    on = {"red1": (889.0, 2200.0)}
    not_on = {"blue": (889.0, 1400.0)}
    assert snookered((889.0, 737.0), on, not_on, R)
    assert not snookered_in_hand(on, not_on, R)



def test_snk_2_16_a_in_hand_snookered_from_every_point():
    on = {"red1": (889.0, 3400.0)}
    wall = {f"c{i}": (600.0 + i * 53.0, 1200.0) for i in range(11)}
    assert snookered_in_hand(on, wall, R)



def test_snk_2_16_a_in_hand_with_custom_points():
    on = {"red1": (889.0, 2200.0)}
    not_on = {"blue": (889.0, 1400.0)}
    assert snookered_in_hand(on, not_on, R, points=np.array([[889.0, 737.0], [889.0, 700.0]]))



@settings(max_examples=60)
@given(pt, pt, st.dictionaries(st.sampled_from("abcdef"), pt, max_size=5))
def test_prop_availability_implications(cue, target, obstacles):
    if math.dist(cue, target) <= D:
        return
    obstacles = {n: p for n, p in obstacles.items()
                 if math.dist(p, cue) >= D and math.dist(p, target) >= D}
    full = fully_available(cue, target, obstacles, R)
    if full:
        assert any_part_available(cue, target, obstacles, R)
        assert not snookered(cue, {"t": target}, obstacles, R)
    if full_ball_available(cue, target, obstacles, R):
        assert any_part_available(cue, target, obstacles, R)
    if not obstacles:
        assert full



def test_snk_2_16_e_jaw_rule_in_the_vectorised_test():
    cue, on, not_on, _ = _jaw_position()
    pts = np.array([cue])
    assert not snookered_in_hand(on, not_on, R, points=pts)
    assert snookered_in_hand(on, not_on, R, points=pts, jaws=False)



@settings(max_examples=60, deadline=None)
@given(
    st.tuples(st.floats(597.0, 1181.0), st.floats(445.0, 737.0)),
    st.one_of(near_pocket, anywhere),
    st.lists(anywhere, max_size=8),
)
def test_prop_vectorised_in_hand_agrees_with_scalar(cue, target, others):
    not_on = {f"b{i}": p for i, p in enumerate(others)
              if math.dist(p, cue) >= D and math.dist(p, target) >= D}
    if math.dist(cue, target) < D:
        return
    on = {"t": target}
    scalar = snookered(cue, on, not_on, R, table=SNOOKER)
    assert snookered_in_hand(on, not_on, R, points=np.array([cue])) == scalar
    if snookered_in_hand(on, not_on, R, step=40.0):
        assert snookered((889.0, 737.0), on, not_on, R, table=SNOOKER) or any(
            math.dist((889.0, 737.0), p) < D for p in not_on.values()
        )



def test_partition_balls_leaves_the_cue_ball_out():
    pos = {"cue": (1.0, 1.0), "red1": (2.0, 2.0), "red2": (3.0, 3.0), "blue": (4.0, 4.0)}
    on, not_on = partition_balls(pos, {"red1", "red2"})
    assert on == {"red1": (2.0, 2.0), "red2": (3.0, 3.0)}
    assert not_on == {"blue": (4.0, 4.0)}



def test_snk_3_14_c_clear_path_and_central_contact_for_reds():
    cue = (889.0, 1200.0)
    on = {"red1": (889.0, 2200.0)}
    # example A of SNK-2.16: full ball available, right edge blocked
    not_on = {"pink": (949.0, 1700.0)}
    assert clear_path_any_part(cue, on, not_on, R)
    assert central_contact_available(cue, on, not_on, R, reds=False)
    assert not central_contact_available(cue, on, not_on, R, reds=True)  # full diameter
    assert central_contact_available(cue, on, {"pink": (999.0, 1700.0)}, R, reds=True)
    wall = {"a": (835.0, 1700.0), "b": (889.0, 1700.0), "c": (943.0, 1700.0)}
    assert not clear_path_any_part(cue, on, wall, R)



def test_snk_3_10_free_ball_test_dispatches_on_in_hand():
    on = {"red1": (889.0, 2200.0)}
    not_on = {"blue": (889.0, 1400.0)}
    assert cue_ball_snookered((889.0, 737.0), on, not_on, R)
    assert not cue_ball_snookered(None, on, not_on, R)  # checklist 18
    assert not cue_ball_snookered((889.0, 737.0), on, {"blue": (999.0, 1700.0)}, R)
