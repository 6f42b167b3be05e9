"""Geometry services: touching, spots, zones, straight paths and snookers."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cuesport.equipment import (
    LINE_TOL,
    POOL_8FT,
    POOL_9FT,
    SNOOKER,
    TOUCH_TOL,
    any_part_available,
    balls_overlap,
    balls_touching,
    behind_head_string,
    central_contact_available,
    clear_path_any_part,
    contact_fan,
    cue_ball_snookered,
    d_sample_points,
    edge_contacts,
    effective_snookering_balls,
    first_free_spot,
    full_ball_available,
    full_ball_contact,
    fully_available,
    in_baulk,
    in_d,
    inside_rack_outline,
    interferes_with_rack,
    jaw_obstruction,
    obstructing_balls,
    on_head_string,
    on_table,
    overlapping_pairs,
    partition_balls,
    path_blockers,
    path_clear,
    playable_from_kitchen,
    point_segment_distance,
    rack_outline,
    rack_outline_distance,
    snooker_spots,
    snookered,
    snookered_in_hand,
    spot_occupied,
    touching_balls,
)

R = 26.25  # snooker
D = 52.5
PR = 28.575  # pool

# ---------------------------------------------------------------- touching


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


# ---------------------------------------------------------------- spots (SNK-2.17)


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


# ---------------------------------------------------------------- zones


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


def test_on_table_ball_fully_within_cushion_noses():
    assert on_table((R, R), SNOOKER)
    assert on_table((1778.0 - R, 3569.0 - R), SNOOKER)
    assert not on_table((R - 0.01, 500.0), SNOOKER)
    assert not on_table((500.0, 3569.0 - R + 0.01), SNOOKER)
    assert not on_table((-10.0, 1784.5), SNOOKER)
    assert on_table((PR, 2540.0 - PR), POOL_9FT)


# ---------------------------------------------------------------- 14.1 rack area


def test_p141_4_8_rack_outline_inside_and_distance():
    apex, left, right = rack_outline(POOL_9FT)
    assert inside_rack_outline((635.0, 2000.0), POOL_9FT)
    assert all(inside_rack_outline(v, POOL_9FT) for v in (apex, left, right))
    assert rack_outline_distance((635.0, 2000.0), POOL_9FT) == 0.0
    assert rack_outline_distance((635.0, 1847.85 - 10.0), POOL_9FT) == pytest.approx(10.0)
    below_base = rack_outline_distance((635.0, 2131.548 + 20.0), POOL_9FT)
    assert below_base == pytest.approx(20.0, abs=1e-3)
    assert not inside_rack_outline((635.0, 1800.0), POOL_9FT)


def test_p141_4_8_every_rack_ball_interferes():
    from cuesport.equipment import straight_pool_rack

    for p in straight_pool_rack(POOL_9FT, rng=0).values():
        assert interferes_with_rack(p, POOL_9FT)


def test_p141_4_8_interferes_when_projection_overlaps_outline():
    apex_y = 1847.85
    assert interferes_with_rack((635.0, apex_y - PR + 0.01), POOL_9FT)
    assert not interferes_with_rack((635.0, apex_y - PR), POOL_9FT)  # just tangent
    base_y = 2131.548
    assert interferes_with_rack((635.0, base_y + PR - 0.01), POOL_9FT)
    assert not interferes_with_rack((635.0, base_y + PR + 0.01), POOL_9FT)


def test_p141_checklist_36_to_38_positions():
    # 36: 15th ball inside the outline; cue ball outside
    assert interferes_with_rack((635.0, 2000.0), POOL_9FT)
    assert not interferes_with_rack((635.0, 1200.0), POOL_9FT)
    # 37/38: 15th ball at y = 900 is in front of the string, at y = 400 behind it
    assert not behind_head_string((635.0, 900.0), POOL_9FT)
    assert behind_head_string((635.0, 400.0), POOL_9FT)


# ---------------------------------------------------------------- straight paths


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


# ---------------------------------------------------------------- pocket jaws


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


# ---------------------------------------------------------------- in hand (SNK-2.16(a))


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


# ---------------------------------------------------------------- properties

coord = st.floats(min_value=30.0, max_value=1700.0, allow_nan=False)
pt = st.tuples(coord, coord)


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


def test_snk_2_16_e_jaw_rule_in_the_vectorised_test():
    cue, on, not_on, _ = _jaw_position()
    pts = np.array([cue])
    assert not snookered_in_hand(on, not_on, R, points=pts)
    assert snookered_in_hand(on, not_on, R, points=pts, jaws=False)


near_pocket = st.sampled_from([(-5.0, 1784.5), (10.0, 1800.0), (1783.0, 1770.0), (5.0, 3560.0)])
anywhere = st.tuples(st.floats(30.0, 1748.0), st.floats(30.0, 3539.0))


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


# ---------------------------------------------------------------- aggregate helpers


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


@given(st.dictionaries(st.sampled_from("abcdefgh"), pt, min_size=1, max_size=8))
def test_prop_touching_lists_are_symmetric(pos):
    for a in pos:
        for b in touching_balls(a, pos, R):
            assert a in touching_balls(b, pos, R)
