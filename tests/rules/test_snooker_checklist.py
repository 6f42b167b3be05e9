"""The snooker acceptance checklist (shared/spec/snooker.md), one test per item."""

from __future__ import annotations

import pytest
from helpers_snooker import (
    FAR,
    SPOTS,
    colours,
    decision,
    error,
    last,
    position,
    reds,
    run,
    shot,
)

from cuesport.equipment.geometry import TOUCH_TOL

FULL = {**reds(), **colours(), "cue": FAR}


def sparse(**extra):
    """One red straight up the table from the cue ball, colours on their spots except the
    blue, which is moved off the line."""
    balls = {"red1": (889.0, 2200.0), **colours(), "cue": (889.0, 1200.0)}
    balls["blue"] = (1300.0, 1784.5)
    balls.update(extra)
    return balls


# The checklist's (889, 745) and (889, 700) overlap the brown on its spot (889, 737);
# x = 950 keeps the intent (centre just above the baulk line / inside the D).


def test_checklist_01_snk_3_12_a_iv_opening_outside_the_d():
    r = last([shot(0, ["red1"], cue_ball=(950, 745))])
    assert not r["legal"]
    assert [f["rule"] for f in r["fouls"]] == ["SNK-3.12(a)(iv)"]
    assert r["points"] == [0, 4] and r["to_play"] == 1
    assert r["options"] == ["play", "pass"]


def test_checklist_02_snk_3_12_a_v_opening_misses_everything():
    r = last([shot(0, [], cue_ball=(950, 700))])
    assert [f["rule"] for f in r["fouls"]] == ["SNK-3.12(a)(v)"]
    assert r["points"] == [0, 4]
    assert r["free_ball"] is False  # reds in full view from (889, 700)
    # a clear path to the reds: also FOUL AND A MISS (SNK-3.14(c))
    assert r["announce"][:2] == ["Foul and a miss", "Four away"]


def test_checklist_03_snk_3_12_b_iv_red_on_black_first():
    r = last([shot(0, ["black"])], start=position(FULL))
    assert [f["rule"] for f in r["fouls"]] == ["SNK-3.12(b)(iv)"]
    assert r["points"] == [0, 7] and r["score"] == [0, 7]


def test_checklist_04_snk_3_3_e_snk_3_3_f_two_reds_in_one_stroke():
    r = last([shot(0, ["red1"], ["red1", "red2"])], start=position(FULL))
    assert r["legal"] and r["points"] == [2, 0] and r["to_play"] == 0
    assert r["phase"] == "colour" and r["ball_on"] == ["any-colour"]


def test_checklist_05_snk_3_11_e_snk_3_3_g_red_and_blue_potted():
    r = last([shot(0, ["red1"], ["red1", "blue"])], start=position(FULL))
    assert r["points"] == [0, 5] and r["score"] == [0, 5]
    assert r["fouls"][0]["rule"] == "SNK-3.12(b)(iii)"
    assert "red1" not in r["state"]["balls"]
    assert r["respotted"] == {"blue": list(SPOTS["blue"])}


def test_checklist_06_snk_3_3_f_i_green_after_a_red():
    r = run([shot(0, ["red1"], ["red1"]), shot(0, ["green"], ["green"], nominate="green")],
            start=position(FULL))[-1]
    assert r["points"] == [3, 0] and r["score"] == [4, 0] and r["break"] == 4
    assert r["respotted"] == {"green": [597.0, 737.0]}
    assert r["ball_on"] == ["red"]


def test_checklist_07_snk_3_12_d_i_sleeve_touches_blue_before_nomination():
    r = run([shot(0, ["red1"], ["red1"]), shot(0, stroke=False, touched=["blue"])],
            start=position(FULL))[-1]
    assert "SNK-3.12(d)(i)" in [f["rule"] for f in r["fouls"]]
    assert r["points"] == [0, 7] and r["to_play"] == 1


def test_checklist_08_snk_3_12_b_iv_blue_nominated_pink_first():
    r = run([shot(0, ["red1"], ["red1"]), shot(0, ["pink"], nominate="blue")],
            start=position(FULL))[-1]
    assert r["points"] == [0, 6]


def test_checklist_09_snk_3_12_d_iii_reds_in_successive_strokes():
    r = run([shot(0, ["red1"], ["red1"]), shot(0, ["red2"], ["red2"])],
            start=position(FULL))[-1]
    assert r["fouls"][0]["rule"] == "SNK-3.12(d)(iii)"
    assert r["points"] == [0, 7] and "red2" not in r["state"]["balls"]


def test_checklist_10_snk_3_12_b_iii_yellow_and_green_in_sequence():
    start = position({**colours(), "cue": FAR})
    r = last([shot(0, ["yellow"], ["yellow", "green"])], start=start)
    assert r["points"] == [0, 4]
    assert set(r["respotted"]) == {"yellow", "green"}
    assert r["to_play"] == 1 and r["ball_on"] == ["yellow"]


def test_checklist_11_snk_3_12_a_vi_red_potted_and_in_off():
    r = last([shot(0, ["red1"], ["red1", "cue"])], start=position(FULL))
    assert r["points"] == [0, 4] and r["fouls"][0]["rule"] == "SNK-3.12(a)(vi)"
    assert "red1" not in r["state"]["balls"] and "cue" not in r["state"]["balls"]
    assert r["in_hand"] == "D" and r["to_play"] == 1


def test_checklist_12_snk_3_10_c_free_ball_green_potted():
    start = position(FULL, to_play=1, free_ball=True)
    r = last([shot(1, ["green"], ["green"], nominate="green")], start=start)
    assert r["legal"] and r["points"] == [0, 1]
    assert r["respotted"] == {"green": list(SPOTS["green"])}
    assert r["phase"] == "colour" and r["to_play"] == 1


def test_checklist_13_snk_3_10_e_free_ball_green_and_a_red():
    start = position(FULL, to_play=1, free_ball=True)
    r = last([shot(1, ["green"], ["green", "red1"], nominate="green")], start=start)
    assert r["points"] == [0, 2]
    assert "green" in r["respotted"] and "red1" not in r["state"]["balls"]


def test_checklist_14_snk_3_10_e_free_ball_blue_and_yellow_in_sequence():
    start = position({**colours(), "cue": FAR}, to_play=1, free_ball=True)
    r = last([shot(1, ["blue"], ["blue", "yellow"], nominate="blue")], start=start)
    assert r["points"] == [0, 2]
    assert list(r["respotted"]) == ["blue"] and "yellow" not in r["state"]["balls"]
    assert r["ball_on"] == ["green"]


def test_checklist_15_snk_3_10_b_i_free_ball_green_red_first():
    start = position(FULL, to_play=1, free_ball=True)
    r = last([shot(1, ["red1"], nominate="green")], start=start)
    assert r["fouls"][0]["rule"] == "SNK-3.10(b)(i)" and r["points"] == [4, 0]


def test_checklist_16_snk_3_10_b_ii_snk_3_12_a_vii_free_ball_snooker():
    balls = {"red1": (889.0, 2200.0), "red2": (950.0, 2260.0), **colours(),
             "cue": (889.0, 1000.0)}
    start = position(balls, to_play=1, free_ball=True)
    after = {"cue": (889.0, 1600.0), "blue": (889.0, 1700.0)}
    r = last([shot(1, ["blue"], nominate="blue", after=after)], start=start)
    assert [f["rule"] for f in r["fouls"]] == ["SNK-3.12(a)(vii)"]
    assert r["points"] == [4, 0]
    # only pink and black left: the same kind of snooker is allowed
    balls = {"pink": (889.0, 2000.0), "black": SPOTS["black"], "cue": (889.0, 1000.0)}
    start = position(balls, to_play=1, free_ball=True)
    after = {"cue": (889.0, 1600.0), "black": (889.0, 1700.0)}
    r = last([shot(1, ["black"], nominate="black", after=after)], start=start)
    assert r["legal"] and r["to_play"] == 0


@pytest.mark.parametrize(("pink_x", "free"), [(949.0, True), (999.0, False)])
def test_checklist_17_snk_2_16_worked_example_free_ball(pink_x, free):
    balls = {"red1": (889.0, 2200.0), "pink": (pink_x, 1700.0), "black": SPOTS["black"],
             "cue": FAR}
    r = last([shot(0, ["black"], after={"cue": (889.0, 1200.0)})], start=position(balls))
    assert not r["legal"]
    assert r["free_ball"] is free
    assert ("Free ball" in r["announce"]) is free


def test_checklist_18_snk_2_16_a_in_hand_not_snookered():
    r = last([shot(0, ["red1"], ["red1", "cue"])], start=position(FULL))
    assert r["in_hand"] == "D" and r["free_ball"] is False


def test_checklist_19_snk_3_8_c_i_touching_red_play_away_hit_blue():
    balls = sparse(cue=(889.0, 2147.5))
    r = last([shot(0, ["blue"], after={"cue": (700.0, 1500.0)})], start=position(balls))
    assert r["legal"] and r["fouls"] == [] and r["to_play"] == 1


def test_checklist_20_snk_3_8_b_snk_3_12_b_v_touching_ball_moves():
    balls = sparse(cue=(1300.0, 1732.0))  # touching the blue at (1300, 1784.5)
    after = {"cue": (900.0, 2100.0), "blue": (1300.0, 1800.0)}
    r = last([shot(0, ["red1"], after=after)], start=position(balls))
    assert [f["rule"] for f in r["fouls"]] == ["SNK-3.12(b)(v)"]
    assert r["points"] == [0, 5]


def test_checklist_21_snk_3_7_d_black_to_the_pink_spot():
    balls = {"red1": SPOTS["black"], "red2": (300.0, 3000.0), **colours(),
             "cue": FAR}
    balls["black"] = (600.0, 3100.0)
    balls["pink"] = (1300.0, 2500.0)
    r = run([shot(0, ["red2"], ["red2"]), shot(0, ["black"], ["black"], nominate="black")],
            start=position(balls))[-1]
    assert r["respotted"] == {"black": list(SPOTS["pink"])}


def test_checklist_22_snk_3_7_d_snk_3_7_e_pink_and_black_in_a_foul():
    balls = {"red1": SPOTS["black"], **colours(), "cue": FAR}
    balls["black"] = (1000.0, 3000.0)
    balls["pink"] = (700.0, 2900.0)
    balls["blue"] = (1300.0, 1500.0)
    r = last([shot(0, ["pink"], ["pink", "black"])], start=position(balls))
    assert r["points"] == [0, 7]
    assert r["respotted"] == {"pink": list(SPOTS["pink"]), "black": list(SPOTS["blue"])}


def test_checklist_23_snk_3_7_f_snk_3_7_h_pink_above_its_spot():
    balls = {"red1": (889.0, 2690.0), "red2": (300.0, 3000.0), **colours(), "cue": FAR}
    balls["pink"] = (1300.0, 2300.0)
    balls["red3"] = SPOTS["pink"][0] - 400.0, 2676.75  # keeps nothing else on the line
    r = run([shot(0, ["red2"], ["red2"]), shot(0, ["pink"], ["pink"], nominate="pink")],
            start=position(balls))[-1]
    x, y = r["respotted"]["pink"]
    assert x == 889.0 and y == pytest.approx(2690.0 + 52.5 + TOUCH_TOL)


def test_checklist_24_snk_3_4_b_respotted_black_and_lots():
    start = position({"black": SPOTS["black"], "cue": FAR}, to_play=1, score=[60, 53])
    out = run([shot(1, ["black"], ["black"]), {"lots": {"to_play": 1}},
               shot(1, ["black"], ["black", "cue"], cue_ball=(889, 650))], start=start)
    assert out[0]["respotted"] == {"black": list(SPOTS["black"])}
    assert out[0]["respotted_black"] and out[0]["lots"] and not out[0]["frame_over"]
    assert "Re-spotted black" in out[0]["announce"]
    assert out[1]["to_play"] == 1 and out[1]["in_hand"] == "D"
    assert out[2]["points"] == [7, 0] and out[2]["frame_over"] and out[2]["winner"] == 0


def test_checklist_25_snk_2_1_b_claim():
    start = position({"black": SPOTS["black"], "cue": FAR}, score=[61, 53])
    r = last([{"claim": {"player": 0}}], start=start)
    assert r["frame_over"] and r["winner"] == 0
    start = position({"black": SPOTS["black"], "cue": FAR}, score=[60, 53])
    assert "more than seven" in error([{"claim": {"player": 0}}], start=start)


def test_checklist_26_snk_3_4_a_foul_levels_the_scores():
    start = position({"black": SPOTS["black"], "cue": FAR}, score=[60, 53])
    r = last([shot(0, [])], start=start)
    assert r["score"] == [60, 60] and not r["frame_over"] and not r["legal"]
    assert r["fouls"][0]["penalty"] == 7
    assert r["respotted_black"] and r["lots"]


def test_checklist_27_snk_3_6_simultaneous_hits():
    r = last([shot(0, simul=["red1", "yellow"])], start=position(FULL))
    assert r["fouls"][0]["rule"] == "SNK-3.12(c)" and r["points"] == [0, 4]
    r = last([shot(0, simul=["red1", "black"])], start=position(FULL))
    assert r["points"] == [0, 7]
    r = last([shot(0, simul=["red1", "red2"])], start=position(FULL))
    assert r["legal"]


def test_checklist_28_snk_3_12_a_viii_jump_shot():
    r = last([shot(0, ["red1"], jump=True)], start=position(FULL))
    assert r["fouls"][0]["rule"] == "SNK-3.12(a)(viii)" and r["points"] == [0, 4]


def test_checklist_29_snk_3_12_b_vii_snk_2_14_yellow_off_the_table():
    r = last([shot(0, ["red1", ("red1", "yellow")], off=["yellow"])], start=position(FULL))
    assert r["fouls"][0]["rule"] == "SNK-3.12(b)(vii)" and r["points"] == [0, 4]
    assert r["respotted"] == {"yellow": list(SPOTS["yellow"])}


def test_checklist_30_snk_3_12_b_i_balls_moving_pink_first():
    r = run([shot(0, ["red1"], ["red1"]), shot(0, ["pink"], nominate="pink",
                                                balls_moving=True)],
            start=position(FULL))[-1]
    assert r["fouls"][0]["rule"] == "SNK-3.12(b)(i)" and r["points"] == [0, 6]


def test_checklist_31_snk_3_9_a_red_falls_by_itself():
    balls = {**FULL, "red2": (40.0, 3530.0)}
    events = [{"t": 0.0, "hit": ["cue", "red1"]}, {"t": 0.5, "pot": "red1", "pocket": "top-left"},
              {"t": 10.5, "pot": "red2", "pocket": "top-left"}]
    r = last([shot(0, events=events)], start=position(balls))
    assert r["legal"] and r["points"] == [1, 0] and r["to_play"] == 0
    assert r["state"]["balls"]["red2"] == [40.0, 3530.0]


def test_checklist_32_snk_3_14_b_snk_3_14_c_snk_3_14_f_miss_and_replace():
    balls = sparse(red2=(1400.0, 2300.0))
    start = position(balls)
    out = run([shot(0, ["blue", ("blue", "red2")], ["red2"]), decision(1, "replace")],
              start=start)
    assert out[0]["miss"] and out[0]["announce"][0] == "Foul and a miss"
    assert out[0]["options"] == ["play", "pass", "replace"]
    assert out[1]["to_play"] == 0
    assert out[1]["state"]["balls"] == start["balls"]


def test_checklist_33_snk_3_14_c_three_misses_award_the_frame():
    start = position(sparse())
    miss = shot(0, [])
    out = run([miss, decision(1, "replace"), miss, decision(1, "replace"), miss],
              start=start)
    assert [o.get("miss") for o in out[::2]] == [True, True, True]
    assert not out[1]["warning"] and out[3]["warning"]
    assert any("third failure" in a for a in out[3]["announce"])
    assert out[4]["frame_over"] and out[4]["winner"] == 1


def test_checklist_34_snk_3_14_c_needing_snookers_no_miss():
    start = position(sparse(), score=[0, 100])
    r = last([shot(0, [])], start=start)
    assert not r["legal"] and not r["miss"] and r["options"] == ["play", "pass"]
    r = last([shot(0, [], miss=True)], start=start)
    assert r["miss"] and "replace" in r["options"]


def test_checklist_35_snk_3_10_f_snk_3_13_pass_cancels_free_ball():
    balls = {"red1": (889.0, 2200.0), "pink": (949.0, 1700.0), "black": SPOTS["black"],
             "cue": FAR}
    out = run([shot(0, ["black"], after={"cue": (889.0, 1200.0)}), decision(1, "pass")],
              start=position(balls))
    assert out[0]["free_ball"] is True
    assert out[1]["to_play"] == 0 and out[1]["free_ball"] is False


def test_checklist_36_snk_3_4_d_four_snookers_rule():
    balls = {**colours(), "cue": FAR}
    start = position(balls, score=[10, 100])
    actions = [shot(0, ["yellow"])]
    r = last(actions, start=start, rules={"four_snookers_rule": True})
    assert r["frame_over"] and r["winner"] == 1
    r = last(actions, start=start)
    assert not r["frame_over"] and r["to_play"] == 1


def test_checklist_37_snk_3_3_b_wrong_breaker():
    r = last([shot(0, ["red1"], cue_ball=(889, 650))], rules={"frame": 2})
    assert [f["rule"] for f in r["fouls"]] == ["SNK-3.12(a)(iii)"]
    assert r["points"] == [0, 4]
