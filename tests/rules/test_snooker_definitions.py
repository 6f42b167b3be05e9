"""Snooker equipment and definitions (sections 1 and 2) and the remaining software rules."""

from __future__ import annotations

import pytest
from helpers_snooker import FAR, SPOTS, colours, decision, error, last, position, reds, run, shot

from cuesport.equipment import SNOOKER, pockets
from cuesport.rules.in_hand import in_d
from cuesport.rules.snooker_free_ball import free_ball_snooker, is_snookered

FULL = {**reds(), **colours(), "cue": FAR}


def test_snk_1_1_a_snk_1_1_c_table_and_pockets():
    assert (SNOOKER.width, SNOOKER.length) == (1778.0, 3569.0)
    names = {p.name for p in pockets(SNOOKER)}
    assert names == {"bottom-left", "bottom-right", "middle-left", "middle-right", "top-left",
                     "top-right"}
    for pocket in sorted(names):  # every pocket name is accepted in a pot event
        r = last([shot(0, ["red1"], [("red1", pocket)])], start=position(FULL))
        assert r["points"] == [1, 0]


def test_snk_1_1_d_snk_1_1_e_baulk_line_and_the_d():
    assert in_d((889.0, 737.0)) and in_d((889.0, 445.0)) and in_d((889.0 + 292.0, 737.0))
    assert not in_d((889.0, 740.0)) and not in_d((889.0, 444.0))


def test_snk_1_1_f_spots():
    assert SPOTS == {"yellow": (1181.0, 737.0), "green": (597.0, 737.0),
                     "brown": (889.0, 737.0), "blue": (889.0, 1784.5),
                     "pink": (889.0, 2676.75), "black": (889.0, 3245.0)}


def test_snk_2_1_d_snk_3_1_f_iii_frame_awarded():
    r = last([{"foul": {"player": 1, "rule": "SNK-4.2"}}], start=position(FULL))
    assert r["frame_over"] and r["winner"] == 0
    assert "frame is over" in error([{"foul": {"player": 1, "rule": "SNK-4.2"}},
                                     shot(0, ["red1"])], start=position(FULL))


def test_snk_2_4_snk_2_10_colours_back_in_play_when_respotted():
    out = run([shot(0, ["red1"], ["red1"]), shot(0, ["blue"], ["blue"], nominate="blue"),
               shot(0, ["red2"], ["red2"]), shot(0, ["blue"], ["blue"], nominate="blue")],
              start=position(FULL))
    assert out[-1]["score"] == [12, 0]


def test_snk_2_5_snk_3_3_a_order_of_play():
    out = run([shot(0, ["red1"]), shot(1, ["red2"]), shot(0, ["red3"])], start=position(FULL))
    assert [o["to_play"] for o in out] == [1, 0, 1]


def test_snk_2_7_ball_pocketed_in_a_foul_is_not_potted():
    r = last([shot(0, ["red1"], ["red1", "cue"])], start=position(FULL))
    assert r["points"] == [0, 4] and r["score"] == [0, 4]


def test_snk_2_11_ball_on_in_the_ruling():
    out = run([shot(0, ["red1"], ["red1"])], start=position(FULL))
    assert out[0]["ball_on"] == ["any-colour"]
    r = last([shot(0, ["yellow"], ["yellow"])], start=position({**colours(), "cue": FAR}))
    assert r["ball_on"] == ["green"]


def test_snk_2_13_nominating_the_ball_on_is_playing_it():
    start = position({**colours(), "cue": FAR}, to_play=1, free_ball=True)
    r = last([shot(1, ["yellow"], ["yellow"], nominate="yellow")], start=start)
    assert r["points"] == [0, 2] and "yellow" not in r["state"]["balls"]


def test_snk_2_15_snk_3_3_d_fair_and_foul_strokes():
    assert last([shot(0, ["red1"])], start=position(FULL))["legal"]
    assert not last([shot(0, ["red1"], double_hit=True)], start=position(FULL))["legal"]


def test_snk_2_16_c_snk_2_16_d_different_reds_hidden_by_different_balls():
    # red1 is hidden by the blue only, red2 by the brown only: no effective snookering ball
    balls = {"cue": (889.0, 1000.0), "red1": (889.0, 2000.0), "red2": (400.0, 1000.0),
             "blue": (889.0, 1100.0), "brown": (650.0, 1000.0)}
    assert is_snookered(balls, ["red1", "red2"], SNOOKER)
    assert not free_ball_snooker(balls, ["red1", "red2"], "blue", SNOOKER)
    # with red2 gone, the blue is the effective snookering ball (SNK-2.16(b), SNK-2.16(d))
    del balls["red2"]
    assert free_ball_snooker(balls, ["red1"], "blue", SNOOKER)


def test_snk_2_17_spot_occupied_by_a_near_ball():
    balls = {**FULL, "red1": (889.0, 3245.0 + 52.0)}  # not on the spot, but too close
    out = run([shot(0, ["red2"], ["red2"]), shot(0, ["black"], ["black"], nominate="black")],
              start=position(balls))
    # every spot is occupied (the other colours are on theirs): above, clear of the red
    x, y = out[-1]["respotted"]["black"]
    assert x == 889.0 and y == pytest.approx(3245.0 + 52.0 + 53.0)


def test_snk_2_18_snk_2_19_snk_2_20_judged_strokes():
    for flag, rule in (("push_stroke", "SNK-3.12(b)(v)"), ("jump", "SNK-3.12(a)(viii)")):
        r = last([shot(0, ["red1"], **{flag: True})], start=position(FULL))
        assert [f["rule"] for f in r["fouls"]] == [rule]
    # a miss is a judgement; without a clear path it is called only when judged
    balls = {"red1": (889.0, 2200.0), "blue": (889.0, 1400.0), "cue": (889.0, 1200.0)}
    assert last([shot(0, ["blue"], miss=True)], start=position(balls))["miss"]


def test_snk_3_1_b_reds_and_colours_alternately_then_in_order():
    start = position({"red1": (889.0, 2200.0), **colours(), "cue": FAR})
    out = run([shot(0, ["red1"], ["red1"]), shot(0, ["black"], ["black"], nominate="black"),
               *[shot(0, [c], [c]) for c in ("yellow", "green", "brown", "blue", "pink",
                                             "black")]], start=start)
    assert out[-1]["score"] == [35, 0] and out[-1]["frame_over"]


def test_snk_3_5_b_touch_while_placing_is_not_a_stroke():
    r = last([shot(0, stroke=False)])
    assert r["legal"] and r["in_hand"] == "D" and r["to_play"] == 0 and r["points"] == [0, 0]
    # once the frame has started too: in hand after an in-off, a touch while placing
    started = position({**reds(), **colours(), "cue": None}, started=True)
    r = last([shot(0, stroke=False)], start=started)
    assert r["legal"] and r["in_hand"] == "D" and r["to_play"] == 0 and r["points"] == [0, 0]


def test_snk_3_8_c_iii_touching_colour_another_nominated_and_hit():
    balls = {"red1": (400.0, 3000.0), **colours(), "cue": (889.0, 1732.0)}  # touching blue
    r = last([shot(0, ["pink"], nominate="pink", after={"cue": (700.0, 1500.0)})],
             start=position(balls, phase="colour"))
    assert r["legal"]


def test_snk_3_9_b_ii_foul_and_a_ball_falling_by_itself():
    balls = {**FULL, "red2": (40.0, 3530.0)}
    events = [{"t": 0.0, "hit": ["cue", "pink"]}, {"t": 10.5, "pot": "red2",
                                                    "pocket": "top-left"}]
    r = last([shot(0, events=events, would_have_been_hit=True)], start=position(balls))
    assert r["points"] == [0, 6] and r["state"]["balls"]["red2"] == [40.0, 3530.0]
    assert r["options"] == ["play", "pass"]


def test_snk_3_11_c_no_ruling_on_earlier_actions():
    out = run([shot(0, ["red1"]), shot(1, ["red2"])], start=position(FULL))
    assert out[0]["legal"] and out[1]["legal"]


def test_snk_3_11_h_offender_plays_again_if_asked():
    out = run([shot(0, ["black"]), decision(1, "pass"), shot(0, ["red1"], ["red1"])],
              start=position(FULL))
    assert out[1]["to_play"] == 0 and out[2]["score"] == [1, 7]


@pytest.mark.parametrize("choice", ["replace", "re-rack"])
def test_snk_3_11_decisions_not_on_offer_are_errors(choice):
    msg = error([shot(0, ["red1"], ["cue"]), decision(1, choice)], start=position(FULL))
    assert "not on offer" in msg



def test_snk_3_8_g_touch_discovered_later_balls_repositioned():
    balls = {**FULL, "cue": (889.0, 2060.0)}  # not touching red1 at (889, 2730.25)
    r = last([shot(0, stroke=False, outside_interference=True,
                   after={"cue": (889.0, 2000.0)})], start=position(balls))
    assert r["legal"] and r["state"]["balls"]["cue"] == [889.0, 2000.0]


def test_snk_3_11_b_foul_in_a_stroke_announced_when_it_is_complete():
    r = last([shot(0, ["red1"], ["red1", "cue"])], start=position(FULL))
    assert r["announce"][:2] == ["Foul", "Four away"] and r["in_hand"] == "D"
