"""Snooker 1-red rules, one or more tests per rule ID of snooker-one-red.md."""

from __future__ import annotations

import pytest
from helpers_one_red import (
    BROWN,
    CENTRE,
    IN_D,
    MID,
    PYRAMID,
    SPOT,
    Game,
    cannon,
    cross,
    cushion,
    decide,
    hit,
    nothing,
    off,
    position,
    pot,
    record,
    red_pot,
    safety,
    shot,
)

from cuesport.protocol import RefereeSession, referee
from cuesport.record import RecordError


def rules_of(r):
    return [f["rule"] for f in r["fouls"]]


# ---------------------------------------------------------------- 2.0 - 2.3


def test_one_2_0_no_miss_no_free_ball_no_ball_on():
    g = Game(position(MID))
    r = g.play(nothing(0) | {})
    assert r["options"] == ["play", "in-hand"]  # no "replace": no foul and a miss
    assert r["free_ball"] is False and "ball_on" not in r
    r = Game(position(MID)).play(shot(0, hit("white", "red"), miss=True))
    assert r["legal"] and r["fouls"] == []


def test_one_2_1_target_option():
    assert Game().session.referee.options.target == 100
    g = Game(position(MID, score=(48, 0), brk=0), rules={"target": 50})
    r = g.play(cannon())
    assert r["frame_over"] and r["winner"] == 0
    with pytest.raises(RecordError):
        RefereeSession(record(rules={"target": 0}))
    with pytest.raises(RecordError):
        RefereeSession(record(rules={"colours": True}))


def test_one_2_2_1_three_balls_only():
    g = Game(position(MID))
    assert "unknown ball" in g.bad(shot(0, hit("white", "black")))
    with pytest.raises(RecordError):
        RefereeSession(record(start=position({"red": SPOT, "cue": (500, 500)})))


def test_one_2_2_2_striker_plays_his_own_ball():
    g = Game(position(MID, to_play=1))
    # the white is an object ball for player 1: the white moving does not help him
    r = g.play(shot(1, hit("white", "red")))
    assert rules_of(r) == ["ONE-2.11(15)"]
    g = Game(position(MID, to_play=1))
    r = g.play(shot(1, hit("yellow", "red"), hit("yellow", "white")))
    assert r["points"] == [0, 2]


def test_one_2_3_1_player_0_has_the_white_and_starts():
    g = Game()
    assert g.state["to_play"] == 0
    r = g.play(shot(0, cross("white"), hit("white", "red"), cue_ball=IN_D))
    assert r["legal"]
    assert "not on the table" in Game().bad(shot(0, hit("yellow", "red"), cue_ball=IN_D))


def test_one_2_3_2_opening_stroke_is_from_hand():
    g = Game()
    assert "cue_ball" in g.bad(shot(0, hit("white", "red")))
    r = g.play(shot(0, hit("white", "red"), cue_ball=(889, 1000)))
    assert rules_of(r) == ["ONE-2.11(6)"] and r["fouls"][0]["name"] == "cue-ball-not-in-d"


def test_one_2_3_3_yellow_absent_until_its_owner_plays():
    g = Game()
    assert "yellow" in g.bad(shot(0, cross("white"), hit("white", "yellow"), cue_ball=IN_D))
    r = g.play(shot(0, cross("white"), hit("white", "red"), pot("red"), cue_ball=IN_D,
                    after={"white": (889, 2500)}))
    assert r["to_play"] == 0 and "yellow" not in r["state"]["balls"]
    r = g.play(safety(0))
    assert r["to_play"] == 1 and r["in_hand"] == "D"


# ---------------------------------------------------------------- 2.4 scoring


def test_one_2_4_1_points_alone_or_combined():
    assert Game(position(MID)).play(cannon())["points"] == [2, 0]
    r = Game(position(MID)).play(shot(0, hit("white", "red"), hit("white", "yellow"),
                                      pot("red")))
    assert r["points"] == [5, 0]


def test_one_2_4_2_object_ball_potted_by_the_other_object_ball():
    # ONE-X.1 example: the white hits the yellow, which pots the red
    g = Game(position(MID))
    r = g.play(shot(0, hit("white", "yellow"), hit("yellow", "red"), pot("red")))
    assert r["points"] == [3, 0]


def test_one_2_4_2_ball_falling_without_contact_does_not_score():
    g = Game(position(MID))
    r = g.play(shot(0, hit("white", "yellow"), pot("red")))
    assert r["points"] == [0, 0] and r["respotted"] == {"red": list(SPOT)}


def test_one_2_4_3_in_off_valued_by_first_object_ball():
    r = Game(position(MID)).play(shot(0, hit("white", "yellow"), hit("white", "red"),
                                      pot("white")))
    assert r["points"] == [2 + 2, 0]  # cannon + in-off the yellow
    r = Game(position(MID)).play(shot(0, hit("white", "red"), pot("white")))
    assert r["points"] == [3, 0]
    r = Game(position(MID)).play(shot(0, hit("white", "yellow"), pot("white")))
    assert r["points"] == [2, 0]


def test_one_2_4_4_contact_between_object_balls_is_no_cannon():
    g = Game(position(MID))
    r = g.play(shot(0, hit("white", "red"), hit("red", "yellow")))
    assert r["points"] == [0, 0] and r["to_play"] == 1


def test_one_2_4_4_only_one_cannon_per_stroke():
    g = Game(position(MID))
    r = g.play(shot(0, hit("white", "red"), hit("white", "yellow"), hit("white", "red"),
                    hit("white", "yellow")))
    assert r["points"] == [2, 0]


def test_one_2_4_5_continue_after_scoring_from_hand_after_in_off():
    g = Game(position(MID))
    r = g.play(shot(0, hit("white", "red"), pot("white")))
    assert r["to_play"] == 0 and r["in_hand"] == "D" and r["break"] == 3
    r = g.play(shot(0, cross("white"), hit("white", "red"), cue_ball=IN_D,
                    after={"white": (900, 2000)}))
    assert r["to_play"] == 1 and r["in_hand"] is None and r["break"] == 0


# ---------------------------------------------------------------- 2.5 values


def test_one_2_5_1_points_to_striker_penalty_to_opponent():
    g = Game(position(MID, to_play=1))
    assert g.play(shot(1, hit("yellow", "white"), hit("yellow", "red")))["points"] == [0, 2]
    assert g.play(nothing(1))["points"] == [2, 0]


def test_one_2_5_2_1_two_point_scores():
    assert Game(position(MID)).play(cannon())["points"] == [2, 0]
    assert Game(position(MID)).play(shot(0, hit("white", "yellow"), pot("yellow")))[
        "points"] == [2, 0]
    assert Game(position(MID)).play(shot(0, hit("white", "yellow"), pot("white")))[
        "points"] == [2, 0]
    g = Game(position(MID, to_play=1))
    assert g.play(shot(1, hit("yellow", "white"), pot("white")))["points"] == [0, 2]


def test_one_2_5_2_2_three_point_scores():
    assert Game(position(MID)).play(red_pot())["points"] == [3, 0]
    assert Game(position(MID)).play(shot(0, hit("white", "red"), pot("white")))[
        "points"] == [3, 0]


def test_one_2_5_2_maximum_stroke_is_ten():
    r = Game(position(MID)).play(shot(0, hit("white", "red"), hit("white", "yellow"),
                                      pot("red"), pot("yellow"), pot("white", "middle-left")))
    assert r["points"] == [10, 0]


def test_one_2_5_3_all_balls_potted_with_cannon_score():
    r = Game(position(MID)).play(shot(0, hit("white", "yellow"), hit("white", "red"),
                                      pot("red"), pot("yellow", "top-right")))
    assert r["points"] == [7, 0]


def test_one_2_5_4_1_in_off_red_first_with_cannon():
    r = Game(position(MID)).play(shot(0, hit("white", "red"), hit("white", "yellow"),
                                      pot("white")))
    assert r["points"] == [5, 0]


def test_one_2_5_4_2_in_off_opponent_first_with_cannon():
    r = Game(position(MID)).play(shot(0, hit("white", "yellow"), hit("white", "red"),
                                      pot("white")))
    assert r["points"] == [4, 0]


def test_one_2_5_4_3_in_off_both_simultaneous():
    r = Game(position(MID)).play(shot(0, hit("white", "red", t=0.3),
                                      hit("white", "yellow", t=0.3), pot("red", t=1.0),
                                      pot("white", t=1.2)))
    assert r["points"] == [2 + 3 + 2, 0]


def test_one_2_5_5_game_over_and_nothing_more():
    g = Game(position(MID, score=(99, 3), brk=9))
    r = g.play(cannon())
    assert r["frame_over"] and r["winner"] == 0 and r["score"] == [101, 3]
    assert "Game to Ann" in r["announce"]
    assert "over" in g.bad(cannon())


# ---------------------------------------------------------------- 2.6 from hand


HAND = {"red": (889.0, 2000.0), "yellow": (1200.0, 2200.0)}


def test_one_2_6_1_placement_must_be_in_the_d():
    g = Game(position(HAND))
    r = g.play(shot(0, cross("white"), hit("white", "red"), cue_ball=(889 + 292.3, 737)))
    assert r["legal"]  # on the line of the D
    g = Game(position(HAND))
    r = g.play(shot(0, cross("white"), hit("white", "red"), cue_ball=(889, 760)))
    assert rules_of(r) == ["ONE-2.11(6)"]


def test_one_2_6_3_hitting_ball_out_of_baulk_counts_as_out():
    g = Game(position({"red": (889, 760), "yellow": (1200, 2200)}))
    r = g.play(shot(0, hit("white", "red"), cue_ball=IN_D))  # no cross event
    assert r["legal"]


def test_one_2_6_3_cue_ball_must_leave_baulk():
    g = Game(position(HAND))
    r = g.play(shot(0, cushion("white"), cue_ball=IN_D))
    assert "ONE-2.11(6)" in rules_of(r)
    assert r["fouls"][0]["name"] == "not-played-out-of-baulk"


def test_one_2_6_4_returning_needs_cushion_or_ball_out_of_baulk():
    start = {"red": (700, 500), "yellow": (1200, 2200)}
    r = Game(position(start)).play(shot(0, cross("white"), cross("white"), hit("white", "red"),
                                        cue_ball=IN_D))
    assert r["fouls"][0]["name"] == "returned-to-baulk"
    r = Game(position(start)).play(shot(0, cross("white"), cushion("white"), cross("white"),
                                        hit("white", "red"), cue_ball=IN_D))
    assert r["legal"]
    # a ball out of baulk first, then back into baulk to the red: legal (and ONE-2.13.3)
    start = {"red": (700, 500), "yellow": (1200, 1200)}
    r = Game(position(start)).play(shot(0, cross("white"), hit("white", "yellow"),
                                        cross("white"), hit("white", "red"), cue_ball=IN_D))
    assert r["legal"] and r["points"] == [2, 0]


def test_one_2_6_5_baulk_cushion_before_leaving_is_allowed():
    r = Game(position(HAND)).play(shot(0, cushion("white"), cushion("white"), cross("white"),
                                       hit("white", "red"), cue_ball=IN_D))
    assert r["legal"]


def test_one_2_6_6_ball_on_baulk_line_cannot_be_played_directly():
    start = {"red": (889, 737.3), "yellow": (1200, 2200)}  # on the line (LINE_TOL)
    r = Game(position(start)).play(shot(0, hit("white", "red"), cue_ball=(889, 600)))
    assert r["fouls"][0]["name"] == "ball-in-baulk-played-directly"


# ---------------------------------------------------------------- 2.7 red respotting


def test_one_2_7_1_red_on_the_spot():
    r = Game(position(MID)).play(red_pot())
    assert r["respotted"] == {"red": list(SPOT)}


def test_one_2_7_1_1_spot_occupied_pyramid():
    start = {"white": (889, 3200), "yellow": (1200, 2200), "red": (400, 2000)}
    r = Game(position(start)).play(red_pot())
    assert r["respotted"] == {"red": list(PYRAMID)}


def test_one_2_7_1_2_spot_and_pyramid_occupied_centre():
    start = {"white": (889, 3200), "yellow": (889, 2700), "red": (400, 2000)}
    r = Game(position(start)).play(red_pot())
    assert r["respotted"] == {"red": list(CENTRE)}


def test_one_2_7_2_pots_from_pyramid_count():
    start = {"white": (889, 3200), "yellow": (1200, 2200), "red": PYRAMID}
    g = Game(position(start, red_origin="PYRAMID", red_count=1))
    r = g.play(red_pot())
    assert r["respotted"] == {"red": list(CENTRE)} and r["state"]["red_count"] == 2


def test_one_2_7_2_other_points_break_the_succession():
    g = Game(position(MID, red_origin="SPOT", red_count=1))
    r = g.play(shot(0, hit("white", "red"), hit("white", "yellow"), pot("red")))
    assert r["respotted"] == {"red": list(SPOT)} and r["state"]["red_count"] == 0


def test_one_2_7_2_succession_ends_with_the_break():
    g = Game(position(MID, red_origin="SPOT", red_count=1))
    r = g.play(safety(0))
    assert r["state"]["red_count"] == 0


def test_one_2_7_2_1_centre_occupied_pyramid():
    start = {"white": (600, 1500), "yellow": (889, 1790), "red": SPOT}
    r = Game(position(start, red_origin="SPOT", red_count=1)).play(red_pot())
    assert r["respotted"] == {"red": list(PYRAMID)}
    assert r["state"]["red_origin"] == "PYRAMID"


def test_one_2_7_2_2_uncounted_pot_resets():
    start = {"white": PYRAMID, "yellow": CENTRE, "red": SPOT}
    g = Game(position(start, red_origin="SPOT", red_count=1))
    r = g.play(red_pot())
    assert r["state"]["red_origin"] == "SPOT_UNCOUNTED"
    r = g.play(red_pot())
    assert r["state"]["red_count"] == 0 and r["respotted"] == {"red": list(SPOT)}


def test_one_2_7_3_cycle_twice_spot_once_centre():
    g = Game(position(MID, red_origin="SPOT"))
    places = [g.play(red_pot())["respotted"]["red"] for _ in range(6)]
    assert places == [list(SPOT), list(CENTRE), list(SPOT)] * 2


def test_one_x_3_moved_red_loses_its_origin():
    g = Game(position(MID, red_origin="SPOT", red_count=1))
    r = g.play(cannon(after={"red": (500, 3000)}))
    assert r["state"]["red_origin"] == "NONE" and r["state"]["red_count"] == 0
    r = g.play(red_pot())
    assert r["state"]["red_count"] == 0 and r["respotted"] == {"red": list(SPOT)}


def test_one_x_3_variant_pyramid_instead_of_centre_then_count_three():
    # spec variant: centre covered at stroke 2 -> pyramid; a plain pot from there makes
    # c = 3, and the centre (still covered) gives the pyramid again
    start = {"white": (600.0, 1500.0), "yellow": CENTRE, "red": SPOT}
    g = Game(position(start, red_origin="SPOT"))
    g.play(red_pot())
    assert g.play(red_pot())["respotted"] == {"red": list(PYRAMID)}
    r = g.play(red_pot())
    assert r["state"]["red_count"] == 3 and r["respotted"] == {"red": list(PYRAMID)}
    # the yellow moves off the centre spot in a cannon: the succession ends
    r = g.play(cannon(after={"yellow": (1200, 2200)}))
    assert r["state"]["red_count"] == 0


def test_one_x_3_red_potted_in_foul_goes_to_the_spot():
    g = Game(position(MID, red_origin="SPOT", red_count=1))
    r = g.play(shot(0, hit("white", "red"), pot("red"), jump=True))
    assert r["respotted"] == {"red": list(SPOT)} and r["state"]["red_count"] == 0
    assert r["state"]["red_origin"] == "SPOT"


# ---------------------------------------------------------------- 2.8, 2.9 series


def test_one_2_8_1_cannon_run_counts_and_pot_resets():
    g = Game(position(MID, score=(20, 0), brk=20, consecutive_cannons=5))
    assert g.play(cannon())["consecutive_cannons"] == 6
    r = g.play(shot(0, hit("white", "red"), hit("white", "yellow"), pot("red")))
    assert r["consecutive_cannons"] == 0 and r["consecutive_hazards"] == 0


def test_one_2_8_2_seventy_cannons_announced():
    g = Game(position(MID, score=(138, 0), brk=138, consecutive_cannons=69),
             rules={"target": 1000})
    r = g.play(cannon())
    assert "Seventy cannons" in r["announce"] and "seventy-cannons" in r["warning"]
    assert r["state"]["cannons_announced"] == 70
    r = Game(r["state"], rules={"target": 1000}, lang="ru").play(cannon())
    assert r["consecutive_cannons"] == 71


def test_one_2_8_2_late_announcement_allows_five_more():
    g = Game(position(MID, score=(140, 0), brk=140, consecutive_cannons=70),
             rules={"target": 1000})
    r = g.play(shot(0, hit("white", "red"), hit("white", "yellow"), announcement_late=True))
    assert "Seventy cannons" not in r["announce"] and r["state"]["cannons_announced"] is None
    r = g.play(cannon())
    assert "Seventy cannons" in r["announce"] and r["state"]["cannons_announced"] == 72
    for _ in range(5):
        assert g.play(cannon())["legal"]
    r = g.play(cannon())
    assert rules_of(r) == ["ONE-2.11(12)"]


def test_one_2_9_1_hazard_strokes_include_in_offs():
    g = Game(position(MID))
    r = g.play(shot(0, hit("white", "red"), pot("white")))
    assert r["consecutive_hazards"] == 1
    r = g.play(shot(0, cross("white"), hit("white", "yellow"), pot("yellow"), pot("white"),
                    cue_ball=IN_D))
    assert r["consecutive_hazards"] == 2 and r["consecutive_cannons"] == 0


def test_one_2_9_2_hazard_run_reset_by_cannon():
    g = Game(position(MID, consecutive_hazards=14, hazards_announced=10, score=(42, 0),
                      brk=42))
    r = g.play(cannon())
    assert r["consecutive_hazards"] == 0 and r["consecutive_cannons"] == 1
    assert r["warning"] == []


def test_one_2_9_3_ten_hazards_announced_on_time():
    g = Game(position(MID, consecutive_hazards=9, score=(27, 0), brk=27))
    r = g.play(red_pot())
    assert "Ten hazards" in r["announce"] and "ten-hazards" in r["warning"]
    r = Game(position(MID, consecutive_hazards=9, score=(27, 0), brk=27), lang="ru").play(
        red_pot())
    assert "Десять сыгрываний!" in r["announce"]


def test_one_2_9_4_opponent_ball_potted_in_fifteenth_hazard_comes_back():
    g = Game(position(MID, consecutive_hazards=14, hazards_announced=10, score=(42, 0),
                      brk=42))
    r = g.play(shot(0, hit("white", "yellow"), pot("yellow")))
    assert r["respotted"] == {"yellow": list(BROWN)}
    assert r["state"]["balls"]["yellow"] == list(BROWN)


# ---------------------------------------------------------------- 2.10 touching ball


TOUCH = {"red": (400.0, 2500.0), "white": (400.0, 2552.6)}


def test_one_2_10_touching_respot_with_consent():
    r = Game(position(MID)).play(cannon(after=TOUCH))
    assert r["respotted"] == {"red": list(SPOT), "yellow": list(CENTRE)}
    assert r["in_hand"] == "D" and r["state"]["red_origin"] == "SPOT"


def test_one_2_10_incoming_player_ball_touching():
    # a non-scoring stroke leaves the yellow touching the red: player 1 comes in from hand
    g = Game(position(MID))
    r = g.play(shot(0, hit("white", "red"), after={"red": (1200, 2252.6)}))
    assert "Touching ball" in r["announce"]
    assert r["to_play"] == 1 and r["in_hand"] == "D"
    assert r["state"]["balls"] == {"red": list(SPOT), "white": list(CENTRE)}


def test_one_2_10_snk_3_8_refused_consent_moving_touching_ball_is_push():
    g = Game(position(MID))
    r = g.play(shot(0, hit("white", "red"), hit("white", "yellow"), after=TOUCH,
                    touching_respot_agreed=False))
    assert r["state"]["touching"] == ["red"] and r["in_hand"] is None
    r = g.play(shot(0, hit("white", "red"), hit("white", "yellow")))
    assert rules_of(r) == ["ONE-2.11(9)"]
    g = Game(r["state"] | {"to_play": 0, "options": [], "touching": ["red"], "score": [2, 2]})
    r = g.play(shot(0, hit("white", "yellow"), hit("white", "red")))
    assert r["legal"]  # played away from the red first


# ---------------------------------------------------------------- 2.11 fouls


@pytest.mark.parametrize(("flag", "value", "rule"), [
    ("struck_ball", "red", "ONE-2.11(1)"),
    ("double_hit", True, "ONE-2.11(2)"),
    ("balls_moving", True, "ONE-2.11(3)"),
    ("feet_off_floor", True, "ONE-2.11(4)"),
    ("jump", True, "ONE-2.11(8)"),
    ("push_stroke", True, "ONE-2.11(9)"),
    ("touched", ["red"], "ONE-2.11(13)"),
    ("before_respot", True, "ONE-2.11(14)"),
])
def test_one_2_11_judged_fouls(flag, value, rule):
    r = Game(position(MID)).play(shot(0, hit("white", "red"), hit("white", "yellow"),
                                      **{flag: value}))
    assert rules_of(r) == [rule] and r["points"] == [0, 2]


def test_one_2_11_1_struck_the_red_with_the_tip():
    r = Game(position(MID)).play(shot(0, hit("white", "red"), struck_ball="red"))
    assert rules_of(r) == ["ONE-2.11(1)"]
    assert "cue ball" in Game(position(MID)).bad(shot(0, hit("white", "red"),
                                                      struck_ball="white"))


def test_one_2_11_2_double_hit():
    assert rules_of(Game(position(MID)).play(shot(0, hit("white", "red"), double_hit=True))) \
        == ["ONE-2.11(2)"]


def test_one_2_11_3_balls_moving():
    assert rules_of(Game(position(MID)).play(shot(0, hit("white", "red"),
                                                  balls_moving=True))) == ["ONE-2.11(3)"]


def test_one_2_11_4_feet_off_floor():
    assert rules_of(Game(position(MID)).play(shot(0, hit("white", "red"),
                                                  feet_off_floor=True))) == ["ONE-2.11(4)"]


def test_one_2_11_5_out_of_turn():
    g = Game(position(MID))
    r = g.play(cannon(1))
    assert rules_of(r) == ["ONE-2.11(5)"] and r["points"] == [2, 0]
    assert r["to_play"] == 0 and r["options"] == ["play", "in-hand"]


def test_one_2_11_6_improper_play_from_hand():
    r = Game(position(HAND)).play(shot(0, cushion("white"), cue_ball=(889, 800)))
    assert "ONE-2.11(6)" in rules_of(r)


def test_one_2_11_7_in_off_from_hand_with_all_balls_in_baulk():
    start = {"red": (400, 500), "yellow": (1300, 600)}
    r = Game(position(start)).play(shot(0, pot("white", "bottom-left"), cue_ball=IN_D))
    assert "ONE-2.11(7)" in rules_of(r) and r["points"] == [0, 2]
    start = {"red": (400, 500), "yellow": (1300, 1600)}
    r = Game(position(start)).play(shot(0, pot("white", "bottom-left"), cue_ball=IN_D))
    assert "ONE-2.11(7)" not in rules_of(r) and not r["legal"]


def test_one_2_11_8_jump():
    assert rules_of(Game(position(MID)).play(shot(0, hit("white", "red"), jump=True))) == [
        "ONE-2.11(8)"]


def test_one_2_11_9_push_stroke():
    assert rules_of(Game(position(MID)).play(shot(0, hit("white", "red"),
                                                  push_stroke=True))) == ["ONE-2.11(9)"]


def test_one_2_11_10_ball_forced_off_the_table():
    r = Game(position(MID)).play(shot(0, hit("white", "yellow"), off("yellow")))
    assert rules_of(r) == ["ONE-2.11(10)"]
    assert "yellow" not in r["state"]["balls"]
    r = Game(position(MID)).play(shot(0, hit("white", "red"), off("white")))
    assert rules_of(r) == ["ONE-2.11(10)"] and "white" not in r["state"]["balls"]


def test_one_2_11_11_hazard_limit():
    r = Game(position(MID, consecutive_hazards=15, hazards_announced=10, score=(45, 0),
                      brk=45)).play(red_pot())
    assert rules_of(r) == ["ONE-2.11(11)"] and r["respotted"] == {"red": list(SPOT)}


def test_one_2_11_12_cannon_limit():
    r = Game(position(MID, consecutive_cannons=75, cannons_announced=70, score=(150, 0),
                      brk=150), rules={"target": 500}).play(cannon())
    assert rules_of(r) == ["ONE-2.11(12)"]


def test_one_2_11_13_touched_ball():
    r = Game(position(MID)).play(shot(0, hit("white", "red"), touched=["yellow"]))
    assert rules_of(r) == ["ONE-2.11(13)"]
    assert "unknown" in Game(position(MID)).bad(shot(0, hit("white", "red"), touched=["pink"]))


def test_one_2_11_14_before_respot():
    assert rules_of(Game(position(MID)).play(shot(0, hit("white", "red"),
                                                  before_respot=True))) == ["ONE-2.11(14)"]


def test_one_2_11_15_missed_all():
    r = Game(position(MID)).play(shot(0))
    assert rules_of(r) == ["ONE-2.11(15)"]


def test_one_2_11_foul_action_while_not_striking():
    g = Game(position(MID, to_play=1, score=(10, 0)))
    r = g.play({"foul": {"player": 1, "rule": "ONE-2.11(13)"}})
    assert r["points"] == [2, 0] and r["to_play"] == 0 and r["options"] == ["play", "in-hand"]
    r = g.play({"foul": {"player": 1, "rule": "ONE-2.11(13)"}})  # by the non-striker
    assert r["points"] == [2, 0] and r["to_play"] == 0 and r["options"] == ["play", "in-hand"]
    assert "not a foul" in g.bad({"foul": {"player": 0, "rule": "SNK-3.12"}})


# ---------------------------------------------------------------- 2.12 after a foul


def test_one_2_12_1_foul_before_stroke_ends_visit():
    g = Game(position(MID, score=(10, 0), brk=10))
    r = g.play(shot(0, stroke=False, touched=["red"]))
    assert rules_of(r) == ["ONE-2.11(13)"] and r["to_play"] == 1
    r2 = Game(position(MID)).play(shot(0, stroke=False))
    assert rules_of(r2) == ["ONE-2.12.1"]
    r = g.play(cannon(0))  # striking after the penalty: out of turn
    assert rules_of(r) == ["ONE-2.11(5)"]
    assert "no events" in Game(position(MID)).bad(shot(0, hit("white", "red"), stroke=False))


def test_one_2_12_1_non_striker_touching_a_ball_does_not_end_the_break():
    g = Game(position(MID, score=(10, 0), brk=10))
    r = g.play(shot(1, stroke=False, touched=["red"]))
    assert rules_of(r) == ["ONE-2.11(13)"] and r["points"] == [2, 0]
    assert r["to_play"] == 0 and r["break"] == 10 and r["options"] == []


def test_one_2_12_3_foul_calls_in_both_languages():
    assert Game(position(MID)).play(nothing(0))["announce"] == ["Foul", "Two away"]
    r = Game(position(MID), lang="ru").play(nothing(0))
    assert r["announce"] == ["Фол", "Два очка сопернику"]


def test_one_2_12_2_points_before_the_foul_stand():
    g = Game(position(MID))
    g.play(cannon())
    g.play(red_pot())
    r = g.play(shot(0, hit("white", "red"), hit("white", "yellow"), pot("red"), jump=True))
    assert r["score"] == [5, 2] and r["points"] == [0, 2] and r["break"] == 0


def test_one_2_12_3_one_penalty_whatever_the_fouls():
    r = Game(position(MID)).play(shot(0, off("white"), struck_ball="red", jump=True,
                                      double_hit=True))
    assert len(r["fouls"]) >= 4 and r["points"] == [0, 2]


def test_one_2_12_3_1_play_from_the_position():
    g = Game(position(MID))
    g.play(shot(0, hit("white", "red"), off("red")))
    r = g.play(decide(1, "play"))
    assert r["options"] == [] and r["state"]["balls"]["red"] == list(SPOT)
    assert g.play(cannon(1))["points"] == [0, 2]


def test_one_2_12_3_1_shot_without_decision_means_play():
    g = Game(position(MID))
    g.play(nothing(0))
    r = g.play(cannon(1))
    assert r["legal"] and r["points"] == [0, 2]


def test_one_2_12_3_2_in_hand_places_offender_ball_even_if_off():
    g = Game(position(MID))
    r = g.play(shot(0, hit("white", "red"), off("white")))
    assert "white" not in r["state"]["balls"]
    r = g.play(decide(1, "in-hand"))
    assert r["state"]["balls"] == {"red": list(SPOT), "white": list(CENTRE)}
    assert r["respotted"] == {"red": list(SPOT), "white": list(CENTRE)}
    assert r["in_hand"] == "D" and "Ball in hand" in r["announce"]
    assert "no decision" in g.bad(decide(1, "play"))


def test_one_2_12_3_decision_by_wrong_player_rejected():
    g = Game(position(MID))
    g.play(nothing(0))
    assert "belongs to player 1" in g.bad(decide(0, "in-hand"))
    assert "not on offer" in g.bad(decide(1, "pass"))


# ---------------------------------------------------------------- 2.13 baulk line


def test_one_2_13_1_window_opens_at_eighty():
    g = Game(position(MID, score=(78, 0), brk=78), rules={"target": 300})
    r = g.play(red_pot())
    assert "Baulk line to be crossed" in r["announce"] and "baulk-line" in r["warning"]


def test_one_2_13_1_crossing_begun_before_eighty_does_not_count():
    # spec example 5
    g = Game(position(MID, score=(78, 0), brk=78), rules={"target": 300})
    r = g.play(shot(0, hit("white", "red"), pot("red"), cross("white"),
                    after={"white": (600, 700)}))
    assert r["break"] == 81 and "baulk-line" in r["warning"]
    assert "Baulk line crossed" not in r["announce"]


def test_one_2_13_1_rest_on_the_line_counts():
    # spec example 3: 96 -> 99 without crossing, then 101 resting on the line
    g = Game(position(MID, score=(96, 0), brk=96), rules={"target": 300})
    g.play(red_pot())
    r = g.play(cannon(after={"white": (600, 737)}))
    assert r["legal"] and r["break"] == 101 and "Baulk line crossed" in r["announce"]


def test_one_2_13_1_potted_cue_ball_does_not_satisfy():
    g = Game(position(MID, score=(95, 0), brk=95), rules={"target": 300})
    r = g.play(shot(0, hit("white", "red"), cross("white"), pot("red"),
                    pot("white", "bottom-left")))
    assert rules_of(r) == ["ONE-2.13.4"]


def test_one_2_13_2_announcements_in_both_languages():
    stroke = shot(0, hit("white", "red"), hit("white", "yellow"), cross("white"),
                  after={"white": (600, 700)})
    r = Game(position(MID, score=(85, 0), brk=85), rules={"target": 300}).play(stroke)
    assert r["announce"] == ["eighty-seven", "Baulk line crossed"]
    r = Game(position(MID, score=(85, 0), brk=85), rules={"target": 300}, lang="ru").play(
        stroke)
    assert r["announce"] == ["восемьдесят семь", "Линия дома пересечена"]


def test_one_2_13_3_from_hand_back_into_baulk_satisfies():
    start = {"red": (889, 2000), "yellow": (900, 2060)}
    g = Game(position(start, score=(90, 0), brk=90), rules={"target": 300})
    r = g.play(shot(0, cross("white"), hit("white", "red"), hit("white", "yellow"),
                    cross("white"), cue_ball=IN_D, after={"white": (889, 500)}))
    assert r["legal"] and "Baulk line crossed" in r["announce"]


def test_one_2_13_4_non_scoring_stroke_in_window_is_no_foul():
    # spec example 4
    g = Game(position(MID, score=(97, 0), brk=97), rules={"target": 300})
    r = g.play(safety(0))
    assert r["legal"] and r["points"] == [0, 0] and r["to_play"] == 1


def test_one_2_13_4_second_hundred_is_a_new_window():
    # spec example 6
    g = Game(position(MID, score=(185, 0), brk=185, baulk_window=0), rules={"target": 300})
    r = g.play(red_pot())
    assert "baulk-line" in r["warning"] and r["break"] == 188
    for brk in (190, 192, 194, 196, 198):
        r = g.play(cannon())
        assert r["legal"] and r["break"] == brk
    r = g.play(cannon())
    assert rules_of(r) == ["ONE-2.13.4"] and r["score"] == [198, 2]


def test_one_x_4_window_state_resets_with_the_break():
    g = Game(position(MID, score=(90, 0), brk=90, baulk_window=0), rules={"target": 300})
    r = g.play(safety(0))
    assert r["state"]["baulk_window"] is None


# ---------------------------------------------------------------- ONE-X algorithms


def test_one_x_1_examples():
    r = Game(position(MID)).play(shot(0, hit("white", "red"), hit("white", "yellow"),
                                      pot("red"), pot("white")))
    assert r["points"] == [8, 0]
    r = Game(position(MID)).play(shot(0, hit("white", "red", t=0.1),
                                      hit("white", "yellow", t=0.1), pot("white", t=0.5)))
    assert r["points"] == [4, 0]


def test_one_x_1_mixed_stroke_resets_both_counters():
    g = Game(position(MID, consecutive_cannons=3, score=(10, 0), brk=10))
    r = g.play(shot(0, hit("white", "red"), hit("white", "yellow"), pot("yellow")))
    assert r["consecutive_cannons"] == 0 and r["consecutive_hazards"] == 0


def test_one_x_2_released_then_ball_in_baulk_before_clearing():
    start = {"red": (700, 500), "yellow": (1200, 2200)}
    r = Game(position(start)).play(shot(0, cross("white"), hit("white", "red"),
                                        cue_ball=IN_D))
    assert r["fouls"][0]["name"] == "returned-to-baulk"


# ---------------------------------------------------------------- input errors, state


@pytest.mark.parametrize(("action", "words"), [
    (shot(0, hit("white", "red"), cue_ball=IN_D), "not in hand"),
    (shot(0, hit("white", "red"), after={"red": (600, 1510)}), "overlap"),
    (shot(0, hit("white", "red"), after={"red": (5000, 1510)}), "not on the table"),
    (shot(0, pot("red"), after={"red": (600, 2500)}), "potted"),
    (shot(0, hit("white", "red"), struck_ball="blue"), "unknown"),
    (decide(0, "in-hand"), "no decision"),
    ({"shot": {"player": 0, "nominate": "red", "events": [{"hit": ["white", "red"]}]}},
     "nominate"),
    ({"shot": {"player": 0, "push_out": True}}, "push_out"),
    ({"claim": {"player": 0}}, "claim"),
    ({"shot": {"player": 2}}, "player"),
])
def test_bad_input_gives_error_and_changes_nothing(action, words):
    g = Game(position(MID))
    before = g.state
    assert words in g.bad(action)
    assert g.state == before
    assert g.play(cannon())["points"] == [2, 0]


@pytest.mark.parametrize("start", [
    {"balls": {"white": [600, 1500]}},
    {"balls": {"red": [889, 3245], "white": [889, 3260]}},
    {"balls": {"red": [889, 3245]}, "score": [-1, 0]},
    {"balls": {"red": [889, 3245], "white": [600, 1500]}, "in_hand": "D"},
    {"balls": {"red": [889, 3245]}, "break": 5},
    {"balls": {"red": [889, 3245]}, "winner": 1},
    {"balls": {"red": [889, 3245]}, "touching": ["white"]},
    {"balls": {"red": [889, 3245]}, "red_origin": "TOP"},
    {"balls": {"red": [889, 3245]}, "nonsense": 1},
    {"balls": "none"},
])
def test_bad_start_is_a_record_error(start):
    with pytest.raises(RecordError):
        RefereeSession(record(start=start))


def test_state_round_trip_every_ruling():
    g = Game(position(MID, red_origin="SPOT"), rules={"target": 300})
    actions = [red_pot(), red_pot(), cannon(), shot(0, hit("white", "red"), pot("white")),
               shot(0, cross("white"), hit("white", "red"), cue_ball=IN_D,
                    after={"white": (900, 2600)}),
               nothing(1), decide(0, "in-hand"),
               shot(0, cross("white"), hit("white", "yellow"), cue_ball=IN_D)]
    for a in actions:
        r = g.play(a)
        again = Game(r["state"], rules={"target": 300})
        assert again.state == r["state"]


def test_whole_record_api_and_cli_round():
    rec = record([cannon(), nothing(0), decide(1, "in-hand")], start=position(MID))
    out = referee(rec)
    assert [r["action"] for r in out] == [0, 1, 2]
    assert out[-1]["score"] == [2, 2]


def test_a_ball_resting_against_a_pockets_knuckle_is_on_the_table_and_one_in_the_rubber_is_not(
        ) -> None:
    # a stroke's result the simulator gave (seed 3, game 7) that the referee refused
    from cuesport.protocol import referee as ruled

    def after(white: list[float]) -> dict:
        rec = {"discipline": "snooker-one-red", "players": ["Ann", "Bob"], "actions": [
            {"shot": {"player": 0, "cue_ball": [889.0, 600.0],
                      "events": [{"t": 0.1, "hit": ["white", "red"]}],
                      "after": {"white": white}}}]}
        return ruled(rec)[-1]

    assert "error" not in after([1752.43, 1740.56])
    assert "is not on the table" in after([1752.43, 1600.0])["error"]
