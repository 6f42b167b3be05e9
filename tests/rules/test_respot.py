"""Respotting: every worked case of snooker.md, snooker-one-red.md and pool.md."""

import copy
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cuesport.equipment import (
    POOL_8FT,
    POOL_9FT,
    SNOOKER,
    TOUCH_TOL,
    balls_touching,
    on_table,
    overlapping_pairs,
    pool_spots,
    snooker_spots,
    straight_pool_rack,
)
from cuesport.rules.respot import (
    NoRoomError,
    free_on_line,
    head_or_centre_spot,
    nearest_to_head_string,
    one_red_opponent_ball,
    one_red_touching_reset,
    respot_colours,
    respot_one_red,
    spot_pool_balls,
)

R, D = 26.25, 52.5
PR, PD = 28.575, 57.15
S = snooker_spots()
P = pool_spots(POOL_9FT)
COLOURS = ("yellow", "green", "brown", "blue", "pink", "black")


def colours_except(*names):
    return {c: S[c] for c in COLOURS if c not in names}


# ---------------------------------------------------------------- helpers


def test_free_on_line_exact_intervals():
    obstacles = [((0.0, 10.0), 5.0), ((3.0, 17.0), 5.0)]
    y = free_on_line(0.0, 10.0, +1.0, 100.0, obstacles)
    assert y == pytest.approx(17.0 + 4.0)
    assert free_on_line(0.0, 30.0, +1.0, 100.0, obstacles) == 30.0
    assert free_on_line(0.0, 10.0, -1.0, 0.0, obstacles) == pytest.approx(5.0)
    assert free_on_line(0.0, 10.0, +1.0, 20.0, obstacles) is None


# ---------------------------------------------------------------- snooker colours (SNK-3.7)


def test_snk_3_7_own_spot_free():
    pos = {**colours_except("green"), "cue": (300.0, 300.0)}
    out = respot_colours(["green"], pos)
    assert out["green"] == (597.0, 737.0)  # checklist 6


def test_snk_3_7_d_black_on_pink_spot_when_own_spot_taken_by_red():
    pos = {**colours_except("black"), "red1": (889.0, 3245.0)}
    pos.pop("pink")
    out = respot_colours(["black"], pos)
    assert out["black"] == pytest.approx((889.0, 2676.75))  # checklist 21


def test_snk_3_7_d_colour_on_highest_free_spot():
    # black and pink spots occupied, blue spot free
    pos = {**colours_except("black", "blue"), "red1": (889.0 + 10.0, 3245.0)}
    out = respot_colours(["black"], pos)
    assert out["black"] == pytest.approx((889.0, 1784.5))


def test_snk_3_7_e_pink_own_spot_black_on_blue_spot():
    # foul pots pink and black; black spot occupied by the cue ball (checklist 22)
    pos = {**colours_except("pink", "black", "blue"), "cue": (889.0, 3245.0)}
    out = respot_colours(["black", "pink"], pos)
    assert out["pink"] == pytest.approx((889.0, 2676.75))
    assert out["black"] == pytest.approx((889.0, 1784.5))
    assert out["cue"] == (889.0, 3245.0)


def test_snk_3_7_e_higher_value_first_when_own_spots_taken():
    pos = {
        **colours_except("pink", "black", "blue", "brown"),
        "red1": (889.0, 3245.0 + 5.0),
        "red2": (889.0 - 5.0, 2676.75),
    }
    out = respot_colours(["pink", "black"], pos)
    assert out["black"] == pytest.approx(S["blue"])
    assert out["pink"] == pytest.approx(S["brown"])


def test_snk_3_7_e_colour_with_free_own_spot_is_not_displaced():
    # ambiguity 5: black would otherwise take the pink's free spot
    pos = {**colours_except("pink", "black"), "red1": (889.0, 3245.0)}
    out = respot_colours(["black", "pink"], pos)
    assert out["pink"] == pytest.approx(S["pink"])
    # every spot now occupied: black goes above its own spot, clear of red1
    assert out["black"] == pytest.approx((889.0, 3245.0 + D + TOUCH_TOL))


def test_snk_3_7_f_pink_above_its_spot_clear_of_red():
    # every spot occupied, red at (889, 2690) on the pink spot (checklist 23)
    pos = {**colours_except("pink"), "red1": (889.0, 2690.0)}
    out = respot_colours(["pink"], pos)
    assert out["pink"] == pytest.approx((889.0, 2742.5 + TOUCH_TOL))
    assert not balls_touching(out["pink"], (889.0, 2690.0), R)


def test_snk_3_7_f_pink_skips_a_gap_too_small():
    pos = {**colours_except("pink"), "red1": (889.0, 2690.0), "red2": (889.0, 2780.0)}
    out = respot_colours(["pink"], pos)
    assert out["pink"] == pytest.approx((889.0, 2832.5 + TOUCH_TOL))


def test_snk_3_7_f_yellow_above_its_own_spot():
    pos = {**colours_except("yellow"), "cue": (1181.0, 737.0 - 20.0)}
    out = respot_colours(["yellow"], pos)
    x, y = out["yellow"]
    assert x == 1181.0
    expected = 737.0 - 20.0 + D + TOUCH_TOL
    assert y == pytest.approx(expected)


def test_snk_3_7_f_off_line_ball_leaves_the_nearest_gap():
    # a red beside the line blocks only a chord of it
    pos = {**colours_except("pink"), "red1": (889.0 + 30.0, 2676.75)}
    out = respot_colours(["pink"], pos)
    chord = math.sqrt((D + TOUCH_TOL) ** 2 - 30.0**2)
    assert out["pink"] == pytest.approx((889.0, 2676.75 + chord))


def _black_line_blocked():
    """All spots occupied; reds fill x = 889 from the black spot to the top cushion."""
    pos = colours_except("black")
    ys = [3245.0 + 5.0 + k * D for k in range(6)]  # up to 3517.5: no room for 3542.75 beyond
    for i, y in enumerate(ys, start=1):
        pos[f"red{i}"] = (889.0, y)
    return pos


def test_snk_3_7_g_black_below_its_spot_when_no_room_above():
    pos = _black_line_blocked()
    out = respot_colours(["black"], pos)
    x, y = out["black"]
    assert x == 889.0
    assert y == pytest.approx(3250.0 - D - TOUCH_TOL)
    assert y < 3245.0


def test_snk_3_7_g_pink_below_when_line_above_blocked():
    pos = colours_except("pink")
    pos.pop("black")
    for i, y in enumerate([2676.75 + 3.0 + k * 53.0 for k in range(17)], start=1):
        pos[f"red{i}"] = (889.0, y)
    pos["cue"] = S["black"]
    out = respot_colours(["pink"], pos)
    assert out["pink"] == pytest.approx((889.0, 2679.75 - D - TOUCH_TOL))


def test_snk_3_7_blue_fallback_below_its_spot():
    # spec: the rules give no fallback for the blue; this spec searches below (flagged)
    pos = colours_except("blue", "pink", "black")
    for i, y in enumerate([1784.5 + 1.0 + k * 53.0 for k in range(34)], start=1):
        if y > SNOOKER.length - R:
            break
        pos[f"r{i}"] = (889.0, y)
    out = respot_colours(["blue"], pos)
    assert out["blue"][1] < 1784.5
    assert overlapping_pairs(out, R) == []


def test_snk_3_7_h_respotted_colour_touches_no_ball():
    pos = {**colours_except("pink"), "red1": (889.0, 2690.0)}
    out = respot_colours(["pink"], pos)
    for name, p in out.items():
        if name != "pink":
            assert not balls_touching(out["pink"], p, R)


def test_snk_3_7_input_not_mutated_and_stale_position_ignored():
    pos = {**colours_except(), "red1": (889.0, 2690.0)}
    before = copy.deepcopy(pos)
    out = respot_colours(["pink"], pos)  # the pink's old entry is ignored
    assert pos == before
    assert out is not pos
    assert out["pink"] == pytest.approx((889.0, 2742.5 + TOUCH_TOL))


def test_snk_3_7_rejects_non_colours():
    with pytest.raises(ValueError):
        respot_colours(["red1"], {})


def test_snk_3_7_no_room_anywhere_raises():
    pos = {"yellow": S["yellow"], "green": S["green"]}
    for i, y in enumerate([R + k * D for k in range(68)]):
        if y > SNOOKER.length - R:
            break
        pos[f"r{i}"] = (889.0, y)
    with pytest.raises(NoRoomError):
        respot_colours(["black"], pos)


# ---------------------------------------------------------------- snooker 1-red (ONE-2.7)


def test_one_2_7_1_red_on_the_spot():
    out, origin = respot_one_red({"white": (300.0, 300.0)})
    assert out["red"] == (889.0, 3245.0)
    assert origin == "SPOT"


def test_one_2_7_1_1_spot_occupied_red_on_pyramid_spot():
    # worked example, stroke 6: the striker's cue ball rests on the spot
    out, origin = respot_one_red({"white": (889.0, 3245.0), "yellow": (300.0, 300.0)})
    assert out["red"] == (889.0, 2676.75)
    assert origin == "PYRAMID"


def test_one_2_7_1_2_spot_and_pyramid_occupied_red_on_centre_spot():
    out, origin = respot_one_red({"white": (889.0, 3245.0), "yellow": (889.0, 2676.75)})
    assert out["red"] == (889.0, 1784.5)
    assert origin == "CENTRE"


def test_one_2_7_2_two_plain_pots_red_on_centre_spot():
    out, origin = respot_one_red({"white": (500.0, 3000.0)}, succession=True)
    assert out["red"] == (889.0, 1784.5)
    assert origin == "CENTRE"


def test_one_2_7_2_1_centre_occupied_red_on_pyramid_spot():
    out, origin = respot_one_red({"yellow": (889.0, 1784.5)}, succession=True)
    assert out["red"] == (889.0, 2676.75)
    assert origin == "PYRAMID"


def test_one_2_7_2_2_centre_and_pyramid_occupied_red_on_spot_uncounted():
    pos = {"white": (889.0, 1784.5), "yellow": (889.0, 2676.75)}
    out, origin = respot_one_red(pos, succession=True)
    assert out["red"] == (889.0, 3245.0)
    assert origin == "SPOT_UNCOUNTED"


def test_one_2_7_all_spots_occupied_fallback_not_overlapping():
    pos = {"white": (889.0, 3245.0), "yellow": (889.0, 2676.75), "x": (889.0, 1784.5)}
    out, origin = respot_one_red(pos)
    assert origin == "NONE"
    assert out["red"] == pytest.approx((889.0, 3245.0 + D + TOUCH_TOL))


def test_one_2_7_red_old_position_ignored_and_input_kept():
    pos = {"red": (889.0, 3245.0), "white": (400.0, 400.0)}
    out, origin = respot_one_red(pos)
    assert (out["red"], origin) == ((889.0, 3245.0), "SPOT")
    assert pos == {"red": (889.0, 3245.0), "white": (400.0, 400.0)}


def test_one_2_9_4_opponent_ball_on_middle_of_baulk_line():
    out = one_red_opponent_ball({"white": (500.0, 2000.0), "red": (889.0, 3245.0)}, "yellow")
    assert out["yellow"] == (889.0, 737.0)


def test_one_2_9_4_middle_occupied_right_hand_corner_of_d():
    out = one_red_opponent_ball({"white": (889.0, 737.0), "red": (889.0, 3245.0)}, "yellow")
    assert out["yellow"] == (1181.0, 737.0)


def test_one_2_10_touching_reset():
    pos = {"white": (500.0, 1000.0), "red": (500.0, 1052.6), "yellow": (1200.0, 2000.0)}
    out = one_red_touching_reset(pos, "white")
    assert out == {"red": (889.0, 3245.0), "yellow": (889.0, 1784.5)}
    out = one_red_touching_reset({"white": (500.0, 1000.0), "red": (500.0, 1052.6)}, "white")
    assert out == {"red": (889.0, 3245.0)}


# ---------------------------------------------------------------- pool (POOL-1.4)


def test_pool_1_4_spot_on_foot_spot_when_free():
    out = spot_pool_balls(["9"], {"cue": (635.0, 300.0), "3": (200.0, 2200.0)})
    assert out["9"] == (635.0, 1905.0)


def test_pool_1_4_spot_frozen_behind_interfering_ball():
    out = spot_pool_balls(["9"], {"cue": (635.0, 300.0), "3": (635.0, 1905.0)})
    assert out["9"] == pytest.approx((635.0, 1905.0 + PD))
    assert overlapping_pairs(out, PR) == []


def test_pool_1_4_spot_frozen_to_off_line_interfering_ball():
    out = spot_pool_balls(["9"], {"3": (635.0 + 40.0, 1905.0 + 10.0)})
    chord = math.sqrt(PD**2 - 40.0**2)
    assert out["9"] == pytest.approx((635.0, 1915.0 + chord))


def test_pool_1_4_small_gap_to_the_cue_ball():
    out = spot_pool_balls(["9"], {"cue": (635.0, 1905.0)})
    assert out["9"] == pytest.approx((635.0, 1905.0 + PD + TOUCH_TOL))
    assert not balls_touching(out["9"], out["cue"], PR)


def test_pool_1_4_whole_string_blocked_spot_toward_centre():
    pos = {str(n): (635.0, 1905.0 + k * PD) for k, n in enumerate(range(1, 12))}
    assert max(y for _, y in pos.values()) + 2 * PD > 2540.0 - PR  # no room left behind
    out = spot_pool_balls(["15"], pos)
    assert out["15"] == pytest.approx((635.0, 1905.0 - PD))


def test_pool_1_4_several_balls_lowest_number_first():
    out = spot_pool_balls(["9", "3"], {"cue": (635.0, 300.0)})
    assert out["3"] == (635.0, 1905.0)
    assert out["9"] == pytest.approx((635.0, 1905.0 + PD))


def test_pool_1_4_other_tables_use_their_foot_spot():
    out = spot_pool_balls(["8"], {}, POOL_8FT)
    assert out["8"] == pytest.approx((584.2, 1752.6))


def test_p141_4_6_fifteenth_ball_at_apex_of_undisturbed_rack():
    balls = [str(n) for n in range(1, 15)]
    rack = straight_pool_rack(POOL_9FT, rng=2, balls=balls)
    out = spot_pool_balls(["15"], {**rack, "cue": (635.0, 400.0)})
    assert out["15"] == pytest.approx((635.0, 1905.0), abs=1e-5)
    assert overlapping_pairs(out, PR) == []


def test_p141_4_8_3_fifteenth_ball_on_head_spot():
    out = head_or_centre_spot({"cue": (300.0, 1200.0), "7": (635.0, 2000.0)}, "7")
    assert out["7"] == (635.0, 635.0)  # checklist 36


def test_p141_4_8_3_head_spot_occupied_by_cue_ball_centre_spot():
    out = head_or_centre_spot({"cue": (635.0, 640.0), "7": (635.0, 2000.0)}, "7")
    assert out["7"] == (635.0, 1270.0)


def test_p141_4_8_4_cue_ball_on_head_spot():
    out = head_or_centre_spot({"cue": (635.0, 2000.0), "7": (600.0, 400.0)}, "cue")
    assert out["cue"] == (635.0, 635.0)  # checklist 38


def test_pool_1_5_nearest_object_ball_to_head_string():
    pos = {"cue": (600.0, 630.0), "3": (100.0, 500.0), "5": (900.0, 560.0), "6": (300.0, 710.0)}
    assert nearest_to_head_string(pos, POOL_9FT) == ["5", "6"]
    assert nearest_to_head_string({"cue": (1.0, 1.0)}, POOL_9FT) == []


def test_pool_1_4_input_not_mutated():
    pos = {"cue": (635.0, 1905.0), "3": (635.0, 1962.15)}
    before = dict(pos)
    spot_pool_balls(["9"], pos)
    assert pos == before


# ---------------------------------------------------------------- properties


def _spread(points, radius, keep=()):
    """Greedy non-overlapping subset of ``points``, named b0, b1, ..."""
    out: dict[str, tuple[float, float]] = dict(keep)
    for i, p in enumerate(points):
        if all(math.dist(p, q) >= 2 * radius for q in out.values()):
            out[f"b{i}"] = p
    return out


def snooker_points():
    x = st.one_of(st.just(889.0), st.floats(850.0, 928.0), st.floats(R, 1778.0 - R))
    y = st.one_of(st.floats(2600.0, 3569.0 - R), st.floats(R, 3569.0 - R))
    return st.lists(st.tuples(x, y), max_size=30)


@settings(max_examples=80, deadline=None)
@given(snooker_points(), st.sets(st.sampled_from(COLOURS), min_size=1, max_size=6))
def test_prop_respotted_colours_never_overlap_nor_touch(points, todo):
    pos = _spread(points, R)
    before = dict(pos)
    try:
        out = respot_colours(todo, pos)
    except NoRoomError:
        return
    assert pos == before
    assert overlapping_pairs(out, R) == []
    for c in todo:
        assert on_table(out[c], SNOOKER)
        assert not any(balls_touching(out[c], p, R) for n, p in out.items() if n != c)
    for n, p in pos.items():
        assert out[n] == p  # nothing else moves


@settings(max_examples=60, deadline=None)
@given(snooker_points(), st.booleans())
def test_prop_one_red_respot_never_overlaps(points, succession):
    pos = _spread(points, R)
    out, origin = respot_one_red(pos, succession=succession)
    assert origin in {"SPOT", "PYRAMID", "CENTRE", "SPOT_UNCOUNTED", "NONE"}
    assert overlapping_pairs(out, R) == []
    assert on_table(out["red"], SNOOKER)


def pool_points():
    x = st.one_of(st.just(635.0), st.floats(600.0, 670.0), st.floats(PR, 1270.0 - PR))
    y = st.one_of(st.floats(1800.0, 2540.0 - PR), st.floats(PR, 2540.0 - PR))
    return st.lists(st.tuples(x, y), max_size=20)


@settings(max_examples=80, deadline=None)
@given(pool_points(), st.sets(st.sampled_from(["1", "5", "8", "9", "10", "15"]), min_size=1))
def test_prop_spotted_pool_balls_never_overlap(points, todo):
    named = _spread(points, PR)
    if named:
        first = next(iter(named))
        named["cue"] = named.pop(first)
    try:
        out = spot_pool_balls(todo, named)
    except NoRoomError:
        return
    assert overlapping_pairs(out, PR) == []
    for b in todo:
        assert out[b][0] == 635.0  # on the long string
        assert on_table(out[b], POOL_9FT)
        if "cue" in out:
            assert math.dist(out[b], out["cue"]) >= 2 * PR + TOUCH_TOL - 1e-9


# ---------------------------------------------------------------- checklist items


def test_snk_3_7_d_the_re_spotted_black_goes_to_the_pink_spot_when_its_own_is_taken():
    # only the black remains, levelled scores: the black is spotted (cue ball on its spot)
    out = respot_colours(["black"], {"cue": (889.0 + 20.0, 3245.0)})
    assert out["black"] == pytest.approx(S["pink"])


def test_one_2_7_1_checklist_1_opening_pot_red_back_on_spot():
    out, origin = respot_one_red({"white": (700.0, 2600.0)})
    assert (out["red"], origin) == ((889.0, 3245.0), "SPOT")


def test_one_2_7_3_checklist_7_cycle_spot_spot_centre_spot():
    places = []
    succession = [False, True, False]  # after pot 1: c=1; pot 2: c=2; pot 3 from centre: c=0
    for succ in succession:
        out, origin = respot_one_red({"white": (300.0, 300.0)}, succession=succ)
        places.append((origin, out["red"]))
    assert places == [
        ("SPOT", (889.0, 3245.0)),
        ("CENTRE", (889.0, 1784.5)),
        ("SPOT", (889.0, 3245.0)),
    ]


def test_one_2_7_2_checklist_8_centre_covered_by_yellow():
    out, origin = respot_one_red({"yellow": (889.0, 1784.5 + 10.0)}, succession=True)
    assert (out["red"], origin) == ((889.0, 2676.75), "PYRAMID")
    both = {"yellow": (889.0, 1784.5), "white": (889.0, 2676.75)}
    out, origin = respot_one_red(both, succession=True)
    assert (out["red"], origin) == ((889.0, 3245.0), "SPOT_UNCOUNTED")


def test_one_2_9_4_checklist_16_brown_spot_position_occupied():
    out = one_red_opponent_ball({"white": (889.0 + 30.0, 737.0 + 10.0)}, "yellow")
    assert out["yellow"] == (1181.0, 737.0)


def test_one_2_12_3_2_checklist_18_in_hand_option_places_red_and_offender_ball():
    # the incoming player's ball goes in hand; red on the spot, the offender's ball centre
    pos = {"white": (400.0, 2000.0), "yellow": (889.0, 1784.5 + 5.0), "red": (100.0, 100.0)}
    out = one_red_touching_reset(pos, "white")
    assert out == {"red": (889.0, 3245.0), "yellow": (889.0, 1784.5)}


def test_one_2_10_checklist_19_touching_ball_red_to_spot_opponent_to_centre():
    pos = {"yellow": (700.0, 2500.0), "red": (700.0, 2552.6), "white": (200.0, 300.0)}
    out = one_red_touching_reset(pos, "yellow")
    assert out == {"red": (889.0, 3245.0), "white": (889.0, 1784.5)}


def test_pool_1_4_checklist_2_nine_frozen_behind_three_on_foot_spot():
    out = spot_pool_balls(["9"], {"3": P["foot"], "cue": (635.0, 400.0)})
    assert out["9"] == pytest.approx((635.0, 1905.0 + PD))
    assert math.dist(out["9"], out["3"]) == pytest.approx(PD)


def test_pool_1_4_checklist_3_cue_ball_behind_foot_spot_blocks_string():
    out = spot_pool_balls(["9"], {"cue": (635.0, 1905.0 + 30.0)})
    assert out["9"] == pytest.approx((635.0, 1935.0 + PD + TOUCH_TOL))
    assert not balls_touching(out["9"], out["cue"], PR)
    assert math.dist(out["9"], out["cue"]) == pytest.approx(PD + TOUCH_TOL)


def test_pool_1_5_checklist_4_nearest_ball_behind_head_string_spotted():
    pos = {"cue": (635.0, 200.0), "4": (300.0, 600.0), "6": (900.0, 300.0)}
    nearest = nearest_to_head_string(pos, POOL_9FT)
    assert nearest == ["4"]
    out = spot_pool_balls(nearest, pos)
    assert out["4"] == (635.0, 1905.0)
