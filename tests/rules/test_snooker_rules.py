"""Snooker rules by ID (shared/spec/snooker.md), beyond the acceptance checklist."""

from __future__ import annotations

import pytest
from helpers_snooker import (
    FAR,
    SETUP,
    SPOTS,
    colours,
    decision,
    error,
    last,
    position,
    reds,
    run,
    session,
    shot,
)

from cuesport.equipment import SNOOKER, pocket
from cuesport.protocol import referee
from cuesport.rules.snooker_free_ball import is_snookered
from cuesport.rules.snooker_penalties import penalty
from cuesport.rules.snooker_state import points_remaining, snookers_needed, value

FULL = {**reds(), **colours(), "cue": FAR}


def sparse(**extra):
    balls = {"red1": (889.0, 2200.0), **colours(), "cue": (889.0, 1200.0)}
    balls["blue"] = (1300.0, 1784.5)
    balls.update(extra)
    return balls


def rules_of(r):
    return [f["rule"] for f in r["fouls"]]


# ---------------------------------------------------------------- section 1 and 2


def test_snk_1_2_values():
    assert [value(b) for b in ("red7", "yellow", "green", "brown", "blue", "pink", "black")] \
        == [1, 2, 3, 4, 5, 6, 7]
    assert value("cue") == 0


def test_snk_2_1_nothing_is_a_foul_before_the_opening_stroke():
    out = run([shot(0, stroke=False, touched=["yellow"]),
               shot(0, ["yellow"], cue_ball=(889, 650), struck_ball="yellow")])
    for r in out:
        assert r["legal"] and r["points"] == [0, 0] and r["to_play"] == 0
        assert r["in_hand"] == "D" and r["announce"][0].startswith("Strike the cue ball")


def test_snk_2_6_a_snk_3_12_d_iv_other_ball_struck_with_the_tip():
    r = last([shot(0, ["red1"], struck_ball="brown")], start=position(FULL))
    assert "SNK-3.12(d)(iv)" in rules_of(r) and r["points"] == [0, 7]


def test_snk_3_12_b_vi_touching_a_ball_during_a_stroke_costs_its_value():
    black = last([shot(0, ["red1"], touched=["black"])], start=position(FULL))
    assert "SNK-3.12(b)(vi)" in rules_of(black) and black["points"] == [0, 7]
    assert not black["legal"] and black["to_play"] == 1
    red = last([shot(0, ["red1"], touched=["red5"])], start=position(FULL))
    assert "SNK-3.12(b)(vi)" in rules_of(red) and red["points"] == [0, 4]


def test_snk_2_9_snk_2_9_a_cue_ball_in_hand_after_a_touch_while_placing():
    held = last([shot(0, stroke=False, touched=["yellow"])], start=position(FULL | {"cue": None},
                                                                             started=True))
    assert held["in_hand"] == "D" and held["points"] == [0, 4]
    placed = last([shot(0, stroke=False, touched=["yellow"], cue_ball=(889, 650))],
                  start=position({k: v for k, v in FULL.items() if k != "cue"}))
    assert placed["in_hand"] is None and placed["state"]["balls"]["cue"] == [889.0, 650.0]
    potted = last([shot(0, ["red1"], ["cue"])], start=position(FULL))
    assert potted["in_hand"] == "D"  # SNK-2.9(a)(ii)


def test_snk_2_12_obvious_and_unclear_nomination():
    fair = run([shot(0, ["red1"], ["red1"]), shot(0, ["pink"], ["pink"])],
               start=position(FULL))[-1]
    assert fair["legal"] and fair["points"] == [6, 0]
    unclear = run([shot(0, ["red1"], ["red1"]), shot(0, [])], start=position(FULL))[-1]
    assert "SNK-3.12(d)(v)" in rules_of(unclear) and unclear["points"] == [0, 7]


def test_snk_2_16_b_nearer_ball_is_the_effective_snookering_ball():
    # the brown, nearer the cue ball than the free ball blue, also hides every red
    balls = {"red1": (889.0, 2200.0), "red2": (950.0, 2260.0), **colours(),
             "cue": (889.0, 1000.0)}
    start = position(balls, to_play=1, free_ball=True)
    after = {"cue": (889.0, 1500.0), "blue": (889.0, 1700.0), "brown": (889.0, 1580.0)}
    r = last([shot(1, ["blue"], nominate="blue", after=after)], start=start)
    assert r["legal"]


def test_snk_x_2_worked_example_geometry():
    base = {"cue": (889.0, 1200.0), "red1": (889.0, 2200.0)}
    assert is_snookered(base | {"pink": (949.0, 1700.0)}, ["red1"], SNOOKER)
    assert not is_snookered(base | {"pink": (999.0, 1700.0)}, ["red1"], SNOOKER)
    # in hand: snookered only if snookered from every point of the D (SNK-2.16(a))
    assert not is_snookered({"red1": (889.0, 2200.0), "pink": (949.0, 1700.0)}, ["red1"],
                            SNOOKER)


# ---------------------------------------------------------------- section 3


def test_snk_3_1_d_penalty_points_go_to_the_opponent():
    r = last([shot(1, [])], start=position(FULL, to_play=1, score=[3, 9]))
    assert r["score"] == [7, 9] and r["points"] == [4, 0]


def test_snk_3_1_g_ii_snk_3_4_c_aggregates():
    start = position({"black": SPOTS["black"], "cue": FAR}, to_play=1, score=[60, 53])
    r = last([shot(1, ["black"], ["black"])], start=start, rules={"total_points": True})
    assert r["frame_over"] and not r["respotted_black"]
    rules = {"total_points": True, "deciding_frame": True, "aggregate": [100, 100]}
    r = last([shot(1, ["black"], ["black"])], start=start, rules=rules)
    assert r["respotted_black"] and not r["frame_over"]
    rules = {"total_points": True, "deciding_frame": True, "aggregate": [100, 107]}
    r = last([shot(1, ["black"], ["black"])], start=start, rules=rules)
    assert r["frame_over"] and r["winner"] == 1  # level frame: the higher aggregate


def test_snk_3_2_a_set_up():
    r = last([shot(0, ["red1"], cue_ball=(889, 650))])
    balls = r["state"]["balls"]
    assert balls["red1"] == [889.0, pytest.approx(2730.25)]
    assert balls["red11"] == [pytest.approx(784.0), pytest.approx(2912.115, abs=1e-3)]
    assert all(balls[c] == list(SPOTS[c]) for c in SPOTS)


def test_snk_3_2_b_ii_snk_3_14_h_non_striker_touches():
    for rule in ("SNK-3.2(b)(ii)", "SNK-3.14(h)"):
        r = last([{"foul": {"player": 1, "rule": rule, "ball": "pink"}}], start=position(FULL))
        assert r["points"] == [6, 0] and r["to_play"] == 0 and r["options"] == []


def test_snk_3_3_c_addressing_contact_is_a_stroke():
    r = last([shot(0, [], cue_ball=(889, 650))])
    assert rules_of(r) == ["SNK-3.12(a)(v)"] and r["state"]["started"]


def test_snk_3_3_f_ii_snk_3_3_f_iii_last_red_then_colours_in_order():
    balls = {"red1": (889.0, 2200.0), **colours(), "cue": FAR}
    out = run([shot(0, ["red1"], ["red1"]), shot(0, ["pink"], ["pink"], nominate="pink"),
               shot(0, ["yellow"], ["yellow"]), shot(0, ["green"], ["green"])],
              start=position(balls))
    assert out[0]["ball_on"] == ["any-colour"]  # a colour is still on after the last red
    assert out[1]["respotted"] == {"pink": list(SPOTS["pink"])} and out[1]["ball_on"] == ["yellow"]
    assert out[2]["respotted"] == {} and out[2]["ball_on"] == ["green"]
    assert out[3]["score"] == [1 + 6 + 2 + 3, 0] and out[3]["ball_on"] == ["brown"]


def test_snk_3_3_h_no_score_ends_the_turn():
    r = last([shot(0, ["red1"])], start=position(FULL, break_=0))
    assert r["legal"] and r["to_play"] == 1 and r["break"] == 0


def test_snk_3_4_a_i_last_black_ends_the_frame():
    start = position({"black": SPOTS["black"], "cue": FAR}, score=[40, 45])
    r = last([shot(0, ["black"], ["black"])], start=start)
    assert r["frame_over"] and r["winner"] == 0 and r["score"] == [47, 45]
    r = last([shot(0, [])], start=position({"black": SPOTS["black"], "cue": FAR},
                                           score=[61, 53]))
    assert r["frame_over"] and r["winner"] == 0  # worked example 3


def test_snk_3_4_b_ii_lots_first():
    start = position({"black": SPOTS["black"], "cue": FAR}, to_play=1, score=[60, 53])
    assert "lots" in error([shot(1, ["black"], ["black"]), shot(0, ["black"])], start=start)
    assert "lots" in error([{"lots": {"to_play": 0}}], start=start)


def test_snk_3_4_a_ii_level_frame_scores_do_not_count_when_aggregates_do():
    start = position({"black": SPOTS["black"], "cue": FAR}, to_play=1, score=[60, 53])
    r = last([shot(1, ["black"], ["black"])], start=start, rules={"total_points": True})
    assert r["frame_over"] and r["score"] == [60, 60] and not r["lots"]
    r = last([shot(1, ["black"], ["black"])], start=start)
    assert not r["frame_over"] and r["lots"]


def test_snk_3_4_b_iii_the_player_chosen_by_lot_plays_from_hand():
    start = position({"black": SPOTS["black"], "cue": FAR}, to_play=1, score=[60, 53])
    r = run([shot(1, ["black"], ["black"]), {"lots": {"to_play": 0}}], start=start)[-1]
    assert r["to_play"] == 0 and r["in_hand"] == "D" and r["ball_on"] == ["black"]


def test_snk_3_4_d_ii_not_in_the_deciding_frame():
    start = position({**colours(), "cue": FAR}, score=[10, 100])
    r = last([shot(0, ["yellow"])], start=start,
             rules={"four_snookers_rule": True, "deciding_frame": True})
    assert not r["frame_over"]


def test_snk_3_5_placing_the_cue_ball_in_the_d():
    assert last([shot(0, ["red1"], cue_ball=(889, 737 - 292))])["legal"]  # on the arc
    r = last([shot(0, ["red1"], cue_ball=(889, 737 - 295))])
    assert rules_of(r) == ["SNK-3.12(a)(iv)"]
    assert "cue_ball" in error([shot(0, ["red1"])])
    assert "not in hand" in error([shot(0, ["red1"], cue_ball=(889, 650))],
                                  start=position(FULL))


def test_snk_3_7_c_ii_snk_3_12_b_ii_struck_before_the_respot():
    r = last([shot(0, ["red1"], before_respot=True)], start=position(FULL))
    assert rules_of(r) == ["SNK-3.12(b)(ii)"] and r["points"] == [0, 4]


def test_snk_3_8_a_touching_ball_called():
    balls = sparse()
    r = last([shot(0, ["blue"], after={"cue": (889.0, 2147.5)})], start=position(balls))
    assert r["touching"] == ["red1"] and "Touching ball" in r["announce"]
    ru = last([shot(0, ["blue"], after={"cue": (889.0, 2147.5)})], start=position(balls),
              lang="ru")
    assert "Соприкасающийся шар" in ru["announce"]


def test_snk_3_8_c_ii_touching_nominated_colour():
    balls = sparse(cue=(889.0, 2147.5))
    balls["red1"] = (400.0, 3000.0)
    balls["blue"] = (889.0, 2200.0)  # touching the cue ball
    start = position(balls, phase="colour")
    r = last([shot(0, [("cue", "pink")], nominate="blue", after={"cue": (700.0, 1500.0)})],
             start=start)
    assert r["legal"]


def test_snk_3_8_f_movement_not_caused_by_the_striker():
    balls = sparse(cue=(1300.0, 1732.0))
    after = {"cue": (900.0, 2100.0), "blue": (1300.0, 1800.0)}
    r = last([shot(0, ["red1"], after=after, outside_interference=True)],
             start=position(balls))
    assert r["legal"]


def test_snk_3_9_b_snk_3_9_b_i_would_have_been_hit_replay():
    balls = {**FULL, "red2": (40.0, 3530.0)}
    start = position(balls)
    events = [{"t": 0.0, "hit": ["cue", "red1"]}, {"t": 0.5, "pot": "red1", "pocket": "top-left"},
              {"t": 10.5, "pot": "red2", "pocket": "top-left"}]
    r = last([shot(0, events=events, would_have_been_hit=True)], start=start)
    assert r["legal"] and r["points"] == [0, 0] and r["to_play"] == 0
    assert r["state"]["balls"] == start["balls"]
    events2 = [{"t": 0.0, "hit": ["cue", "black"]}, {"t": 10.5, "pot": "red2",
                                                      "pocket": "top-left"}]
    r = last([shot(0, events=events2, would_have_been_hit=True)], start=start)
    assert r["points"] == [0, 7] and r["state"]["balls"] == start["balls"]  # SNK-3.9(b)(ii)


def test_snk_3_9_c_ball_dropping_in_time_is_potted():
    events = [{"t": 0.0, "hit": ["cue", "red1"]}, {"t": 4.0, "pot": "red1", "pocket": "top-left"}]
    r = last([shot(0, events=events)], start=position(FULL))
    assert r["points"] == [1, 0] and "red1" not in r["state"]["balls"]


def test_snk_3_9_c_ball_rolling_off_cushions_past_the_hang_time_is_potted():
    # the red's own cushions show it rolling until it drops: it never balanced on the lip,
    # though the other balls' last contact was 6 s earlier
    events = [{"t": 0.3, "hit": ["cue", "red1"]}, {"t": 0.5, "hit": ["cue", "red2"]},
              {"t": 5.8, "cushion": "red1"}, {"t": 6.1, "cushion": "red1"},
              {"t": 6.2, "pot": "red1", "pocket": "top-left"}]
    r = last([shot(0, events=events)], start=position(FULL))
    assert r["points"] == [1, 0] and "red1" not in r["state"]["balls"]


def test_snk_3_9_c_a_slow_red_dropping_long_after_every_contact_is_potted():
    # a dead-weight red rolls 6.5 s with no event of its own: the events cannot show it
    # stopping on the lip, so it is potted (a hang is the referee's to declare)
    late = [{"t": 0.3, "hit": ["cue", "red1"]}, {"t": 0.5, "hit": ["cue", "red2"]},
            {"t": 6.8, "pot": "red1", "pocket": "top-left"}]
    r = last([shot(0, events=late)], start=position(FULL))
    assert r["points"] == [1, 0] and "red1" not in r["state"]["balls"]


def referee_1_1(actions: list[dict], start: dict) -> list[dict]:
    return referee({"protocol": "1.1", "discipline": "snooker", "players": ["Ann", "Bob"],
                    "start": start, "actions": actions})


def test_snk_3_9_c_snk_3_9_a_a_hung_ball_declared_fallen_with_positions_goes_back_on_its_lip():
    # SNK-3.9(c) past the wait, then (a): the red hung on the lip, fell by itself, and is
    # put back on the lip it fell from (not where the stroke found it)
    pot = pocket(SNOOKER, "top-left")
    events = [{"t": 0.3, "hit": ["cue", "red1"]}, {"t": 9.0, "pot": "red1", "pocket": "top-left"}]
    out = referee_1_1([shot(0, events=events, fell=["red1"])], position(FULL))
    r = out[-1]
    assert "error" not in r, r
    assert r["points"] == [0, 0] and r["to_play"] == 1  # nothing scored: the turn ends
    assert r["respotted"]["red1"] == pytest.approx(list(pot.mouth_centre))
    assert r["state"]["balls"]["red1"] == pytest.approx(list(pot.mouth_centre))
    # declared empty, the same drop is potted
    r = referee_1_1([shot(0, events=events, fell=[])], position(FULL))[-1]
    assert r["points"] == [1, 0] and "red1" not in r["state"]["balls"]


def test_snk_3_9_a_an_untouched_ball_declared_fallen_with_positions_goes_back_where_it_stood():
    balls = {**FULL, "red2": (60.0, 3500.0)}
    events = [{"t": 0.0, "hit": ["cue", "red1"]}, {"t": 0.5, "pot": "red1", "pocket": "top-left"},
              {"t": 2.0, "pot": "red2", "pocket": "top-left"}]
    r = referee_1_1([shot(0, events=events, fell=["red2"])], position(balls))[-1]
    assert r["points"] == [1, 0] and r["to_play"] == 0
    assert r["state"]["balls"]["red2"] == [60.0, 3500.0]


def test_snk_3_9_judgement_fell_is_refused_where_it_does_not_belong():
    events = [{"t": 0.3, "hit": ["cue", "red1"]}, {"t": 0.9, "pot": "red1", "pocket": "top-left"}]
    start = position(FULL)
    # a version 1.1 input
    assert "version 1.1" in error([shot(0, events=events, fell=["red1"])], start=start)
    # a ball that was not potted
    r = referee_1_1([shot(0, events=events, fell=["red2"])], start)[-1]
    assert "not potted" in r["error"]
    # not a judgement of pool
    rec = {"protocol": "1.1", "discipline": "nine-ball", "players": ["Ann", "Bob"],
           "actions": [{"shot": {"player": 0, "events": [{"t": 0.1, "hit": ["cue", "1"]}],
                                 "judgement": {"fell": []}}}]}
    assert "not a judgement of nine-ball" in referee(rec)[-1]["error"]


def test_snk_3_10_a_snk_3_10_a_i_snk_3_10_a_ii_nominating_a_free_ball():
    start = position(FULL, to_play=1, free_ball=True)
    r = last([shot(1, ["black"], ["black"], nominate="black")], start=start)
    assert r["points"] == [0, 1]  # the free ball takes the value of the ball on
    r = last([shot(1, [], nominate="black")], start=start)
    assert r["points"] == [4, 0]
    assert "no free ball" in error([shot(0, ["black"], nominate="black")],
                                   start=position(FULL))


def test_snk_3_10_d_ball_on_potted_after_the_free_ball():
    start = position({**colours(), "cue": FAR}, to_play=1, free_ball=True)
    r = last([shot(1, ["brown", ("brown", "yellow")], ["yellow"], nominate="brown")],
             start=start)
    assert r["points"] == [0, 2] and r["ball_on"] == ["green"]


def test_snk_3_11_a_foul_without_a_stroke_ends_the_turn():
    r = last([shot(0, stroke=False, touched=["red3"])], start=position(FULL))
    assert r["points"] == [0, 4] and r["to_play"] == 1 and r["options"] == ["play", "pass"]
    assert "stroke false" in error([shot(0, stroke=False)], start=position(FULL))


def test_snk_3_11_f_next_stroke_from_where_the_cue_ball_lies():
    r = last([shot(0, ["black"], after={"cue": (500.0, 1000.0)})], start=position(FULL))
    assert r["state"]["balls"]["cue"] == [500.0, 1000.0] and r["in_hand"] is None


def test_snk_3_11_g_highest_penalty_applies():
    r = last([shot(0, ["pink"], ["cue"])], start=position(FULL))
    assert sorted(f["penalty"] for f in r["fouls"]) == [4, 6] and r["points"] == [0, 6]


def test_snk_3_12_a_i_snk_3_12_a_ii_judged_fouls():
    r = last([shot(0, ["red1"], double_hit=True, feet_off_floor=True)], start=position(FULL))
    assert set(rules_of(r)) == {"SNK-3.12(a)(i)", "SNK-3.12(a)(ii)"}
    assert r["points"] == [0, 4]


def test_snk_3_12_a_iii_out_of_turn_mid_frame():
    out = run([shot(0, ["black"]), shot(0, ["red1"])], start=position(FULL))
    assert rules_of(out[1]) == ["SNK-3.12(a)(iii)"] and out[1]["points"] == [0, 4]
    # the offender plays on before the opponent chose (SNK-3.11(a) commentary)
    out = run([shot(0, ["red1"], ["cue"]), shot(0, ["red2"], cue_ball=(889, 650))],
              start=position(FULL))
    assert out[0]["options"] == ["play", "pass"]
    assert rules_of(out[1]) == ["SNK-3.12(a)(iii)"] and out[1]["score"] == [0, 8]
    assert out[1]["to_play"] == 1


@pytest.mark.parametrize("rule", ["SNK-3.12(a)(ix)", "SNK-3.12(a)(x)", "SNK-3.12(d)(ii)",
                                  "SNK-3.12(d)(v)"])
def test_snk_3_12_a_ix_snk_3_12_a_x_snk_3_12_d_ii_snk_3_12_d_v_foul_actions(rule):
    r = last([{"foul": {"player": 0, "rule": rule}}], start=position(FULL))
    assert r["points"] == [0, 7 if "(d)" in rule else 4] and r["to_play"] == 1


def test_snk_3_12_c_free_ball_and_ball_on_together_is_fair():
    start = position(FULL, to_play=1, free_ball=True)
    r = last([shot(1, simul=["green", "red1"], nominate="green")], start=start)
    assert r["legal"]
    r = last([shot(1, simul=["green", "pink"], nominate="green")], start=start)
    assert rules_of(r) == ["SNK-3.12(c)"] and r["points"] == [6, 0]


def test_snk_3_14_a_no_miss_with_only_the_black():
    start = position({"black": SPOTS["black"], "cue": FAR}, score=[10, 0])
    r = last([shot(0, [])], start=start)
    assert not r["miss"]


def test_snk_3_14_b_replace_after_a_colour_miss():
    balls = sparse()
    out = run([shot(0, ["red1"], ["red1"], after={"cue": (889.0, 1700.0)}),
               shot(0, [], nominate="black"), decision(1, "replace")],
              start=position(balls | {"red2": (400.0, 2600.0)}))
    assert out[1]["miss"]
    assert out[2]["phase"] == "colour" and out[2]["to_play"] == 0


def test_snk_3_14_c_i_second_miss_regardless_of_scores():
    start = position(sparse(), score=[0, 10])
    out = run([shot(0, []), decision(1, "replace"), shot(0, [])], start=start)
    assert out[0]["miss"] and out[2]["miss"] and out[2]["miss_count"] == 2


def test_snk_3_14_c_ii_warning_and_award():
    start = position(sparse())
    miss = shot(0, [])
    out = run([miss, decision(1, "replace"), miss, decision(1, "replace")], start=start)
    assert out[3]["warning"] and "Bob" in out[3]["announce"][-1]


def test_snk_3_14_d_foul_without_stroke_after_replacement():
    start = position(sparse())
    out = run([shot(0, []), decision(1, "replace"), shot(0, []), decision(1, "replace"),
               shot(0, stroke=False, touched=["red1"])], start=start)
    assert not out[4]["miss"] and out[4]["options"] == ["play", "pass"]
    assert out[4]["warning"]


def test_snk_3_14_e_miss_at_the_referees_discretion():
    # every path to the red is blocked by the blue: a miss only when the referee says so
    balls = sparse(blue=(889.0, 1400.0))
    r = last([shot(0, ["blue"])], start=position(balls))
    assert not r["miss"]
    r = last([shot(0, ["blue"], miss=True)], start=position(balls))
    assert r["miss"]


def test_snk_3_15_ball_moved_by_other_than_the_striker():
    balls = {**FULL}
    del balls["red5"]
    r = last([shot(0, stroke=False, outside_interference=True, after={"red5": SETUP["red5"]})],
             start=position(balls))
    assert r["legal"] and r["state"]["balls"]["red5"] == list(SETUP["red5"])
    assert r["to_play"] == 0


def test_snk_3_16_stalemate_restarts_with_the_same_breaker():
    out = run([shot(1, ["red1"], cue_ball=(889, 650)), {"stalemate": {}}],
              rules={"frame": 2})
    assert out[-1]["score"] == [0, 0] and out[-1]["to_play"] == 1
    assert out[-1]["in_hand"] == "D" and len(out[-1]["state"]["balls"]) == 21


def test_snk_4_2_unfair_conduct_awards_the_frame():
    r = last([{"foul": {"player": 0, "rule": "SNK-4.2"}}], start=position(FULL))
    assert r["frame_over"] and r["winner"] == 1


def test_snk_4_6_a_snk_4_6_b_conceding():
    assert "only the player to play" in error([{"concede": {"player": 1}}])
    r = last([{"concede": {"player": 0}}])
    assert r["frame_over"] and r["winner"] == 1 and r["points"] == [0, 0]
    r = last([{"concede": {"player": 0}}], rules={"total_points": True})
    assert r["points"] == [0, 147]


# ---------------------------------------------------------------- cross-cutting


def test_snk_x_1_ball_on_state_machine():
    out = run([shot(0, ["red1"], ["red1"]), shot(0, ["blue"], ["blue"], nominate="blue"),
               shot(0, ["red2"])], start=position(FULL))
    assert [o["ball_on"] for o in out] == [["any-colour"], ["red"], ["red"]]
    assert [o["to_play"] for o in out] == [0, 0, 1]


def test_snk_x_3_points_remaining_and_snookers():
    assert points_remaining(FULL, "reds") == 147
    assert points_remaining(FULL, "colour") == 154
    assert points_remaining(colours("pink", "black"), "sequence") == 13
    assert snookers_needed(40, 13, 6) == 5 and snookers_needed(10, 13, 6) == 0


def _cue_only(*names):
    return {**{n: SPOTS[n] for n in names}, "cue": FAR}


def _after_red():
    return [shot(0, ["red1"], ["red1"])]


X4 = [
    ("misses everything", FULL, [shot(0, [])], 4),
    ("black first", FULL, [shot(0, ["black"])], 7),
    ("red potted, in-off", FULL, [shot(0, ["red1"], ["red1", "cue"])], 4),
    ("pink first then in-off", FULL, [shot(0, ["pink"], ["cue"])], 6),
    ("red and yellow together", FULL, [shot(0, simul=["red1", "yellow"])], 4),
    ("red and black together", FULL, [shot(0, simul=["red1", "black"])], 7),
    ("blue nominated, pink first", FULL, [*_after_red(), shot(0, ["pink"], nominate="blue")], 6),
    ("green with yellow", FULL,
     [*_after_red(), shot(0, ["green"], ["green", "yellow"], nominate="green")], 4),
    ("brown on, black too", _cue_only("brown", "blue", "pink", "black"),
     [shot(0, ["brown"], ["brown", "black"])], 7),
    ("pink on, misses", _cue_only("pink", "black"), [shot(0, [])], 6),
    ("sleeve before nominating", FULL, [*_after_red(), shot(0, stroke=False, touched=["green"])],
     7),
    ("push stroke on a red", FULL, [shot(0, ["red1"], push_stroke=True)], 4),
    ("black forced off", FULL, [shot(0, ["red1", ("red1", "black")], off=["black"])], 7),
    ("black on, any foul", _cue_only("black"), [shot(0, ["black"], ["cue"])], 7),
]


@pytest.mark.parametrize(("what", "balls", "actions", "pen"), X4, ids=[x[0] for x in X4])
def test_snk_x_4_snk_3_12_worked_examples(what, balls, actions, pen):
    r = last(actions, start=position(balls, score=[0, 30]))
    assert not r["legal"] and r["points"][1] == pen, what


def test_snk_x_4_free_ball_black_misses_all():
    r = last([shot(1, [], nominate="black")], start=position(FULL, to_play=1, free_ball=True))
    assert r["points"] == [4, 0]
    assert [penalty(v) for v in (1, 4, 6, 9)] == [4, 4, 6, 7]


def test_session_state_unchanged_after_an_error():
    s = session(start=position(FULL))
    bad = s.feed(shot(0, ["red99"]))
    assert "error" in bad
    good = s.feed(shot(0, ["red1"], ["red1"]))
    assert good["score"] == [1, 0]


def test_snk_3_18_b_snk_3_7_c_i_referee_repositions_without_penalty():
    balls = {**FULL}
    del balls["pink"]  # wrongly missing
    r = last([shot(0, stroke=False, outside_interference=True,
                   after={"pink": SPOTS["pink"]})], start=position(balls))
    assert r["legal"] and r["points"] == [0, 0]
    assert r["state"]["balls"]["pink"] == list(SPOTS["pink"])


def test_snk_3_7_g_black_below_its_spot():
    line = {f"red{i + 1}": (889.0, 3260.0 + 53.0 * i) for i in range(6)}
    balls = {**line, **colours(), "cue": FAR}
    balls["black"] = (1300.0, 3000.0)
    r = last([shot(0, ["black"], ["black"], nominate="black")],
             start=position(balls, phase="colour"))
    x, y = r["respotted"]["black"]
    assert x == 889.0 and y == pytest.approx(3260.0 - 53.0)
    assert r["review"] == []


def test_snk_3_8_d_snk_3_8_e_touching_a_ball_not_on():
    balls = sparse(cue=(889.0, 2147.5), pink=(941.0, 2140.0))
    del balls["red1"]
    balls["red1"] = (889.0, 2200.0)
    # the cue ball touches red1 (on) and the pink (not on): only the red is indicated
    r = last([shot(1, ["blue"], after={"cue": (889.0, 2147.5)})],
             start=position(sparse(pink=(941.0, 2140.0)), to_play=1))
    assert r["touching"] == ["red1"]
    # touching only the pink: play away and hit a red first, no foul
    balls = sparse(cue=(1300.0, 2147.5), pink=(1300.0, 2200.0))
    r = last([shot(0, ["red1"], after={"cue": (700.0, 1500.0)})], start=position(balls))
    assert r["legal"]
    # ... but hitting the touching pink first is a push and a wrong ball
    r = last([shot(0, ["pink"], after={"cue": (700.0, 1500.0)})], start=position(balls))
    assert set(rules_of(r)) == {"SNK-3.12(b)(v)", "SNK-3.12(b)(iv)"} and r["points"] == [0, 6]


def test_snk_4_3_a_forfeit_with_aggregates():
    r = last([{"foul": {"player": 0, "rule": "SNK-4.2"}}],
             start=position(FULL, score=[20, 10]), rules={"total_points": True})
    assert r["frame_over"] and r["winner"] == 1
    assert r["score"] == [0, 10 + 147]


def test_snk_2_14_ball_picked_up():
    r = last([shot(0, stroke=False, events=[{"off": "red4"}], touched=["red4"])],
             start=position(FULL))
    assert not r["legal"] and "red4" not in r["state"]["balls"] and r["points"] == [0, 4]
    r = last([shot(0, stroke=False, events=[{"off": "blue"}], touched=["blue"])],
             start=position(FULL))
    assert r["respotted"] == {"blue": list(SPOTS["blue"])} and r["points"] == [0, 5]


def test_snk_x_3_equal_points_exemption_option():
    # deficit 35 == points remaining 35 (one red): no snookers needed by default
    start = position(sparse(), score=[35, 0])
    assert last([shot(0, [])], start=start)["miss"]
    r = last([shot(0, [])], start=start, rules={"miss_equal_points_exempt": True})
    assert not r["miss"]


def test_calls_have_english_and_russian():
    from cuesport.rules.calls import Call
    from cuesport.rules.snooker_calls import CATALOG

    for key, entry in CATALOG.items():
        assert entry.get("en") and entry.get("ru"), key
        call = Call.of(key, player="Ann", ball="red1", n=5, a=1, b=2)
        assert call.render(CATALOG, "en") and call.render(CATALOG, "ru")
    assert Call.of("free-ball").render(CATALOG, "ru") == "Свободный шар"
    assert Call.of("foul-and-a-miss").render(CATALOG, "ru") == "Фол и промах"
    r = last([shot(0, ["black"])], start=position(FULL), lang="ru")
    assert r["announce"][:2] == ["Фол и промах", "Семь очков сопернику"]
