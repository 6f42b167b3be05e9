"""General pool rules (POOL-1.x, POOL-6.x, POOL-8.x) and checklist items 1-11."""

from __future__ import annotations

import math

import pytest
from helpers_pool import FOOT, KITCHEN, decide, error, fouls, last, pos, record, rule, shot

from cuesport.protocol import referee
from cuesport.rules.pool import LagBall, lag_winner

NB = "nine-ball"
R = 28.575
# a mid-rack nine-ball position: player 0 to play, cue ball on the table
MID = pos({"cue": (635, 800), "1": (300, 1500), "5": (900, 1700), "9": (900, 2200)},
          breaking=False)


def legal_hit(player: int = 0, ball: str = "1", **kw) -> dict:
    return shot(player, hits=[ball], rails=[ball], **kw)


# ---------------------------------------------------------------- checklist 1-11


def test_checklist_01_pool_1_2_lag_ball_touching_foot_rail_twice_loses() -> None:
    a = LagBall(y=50.0, foot_rail=2)  # nearer the head rail, but faulty
    b = LagBall(y=400.0)
    assert lag_winner(a, b) == 1
    assert lag_winner(b, a) == 0


def test_pool_1_2_lag_conditions_and_lag_action() -> None:
    assert lag_winner(LagBall(y=100), LagBall(y=200)) == 0
    assert lag_winner(LagBall(y=100, long_rail=True), LagBall(y=200, crossed=True)) is None
    assert lag_winner(LagBall(y=100, foot_rail=0), LagBall(y=200)) == 1
    assert lag_winner(LagBall(y=100), LagBall(y=100.2)) is None
    assert lag_winner(LagBall(y=100, late=True), LagBall(y=300)) is None
    r = last(NB, [{"lag": {"winner": 1, "breaks": 1}}])
    assert r["to_play"] == 1 and r["state"]["breaker"] == 1 and r["in_hand"] == "kitchen"
    assert "lag" in error(NB, [legal_hit(), {"lag": {"winner": 1}}], start=MID)


def test_checklist_02_pool_1_4_nine_spotted_frozen_behind_ball_on_foot_spot() -> None:
    start = pos({"cue": (635, 800), "1": (300, 1500), "3": FOOT, "9": (900, 2200)})
    # wrong ball first: the cue ball hits the 9, which falls: foul, the 9 is spotted
    r = last(NB, [shot(0, hits=["9"], pots={"9": "top-right"}, after={"cue": (800, 1200)})],
             start=start)
    assert fouls(r) == ["POOL-6.2"]
    x, y = r["respotted"]["9"]
    assert x == pytest.approx(635)
    assert y == pytest.approx(FOOT[1] + 2 * R, abs=1e-3)  # frozen to the 3, toward the foot rail


def test_checklist_03_pool_1_4_spotted_ball_does_not_touch_cue_ball() -> None:
    start = pos({"cue": (635, 800), "1": (300, 1500), "3": FOOT, "9": (900, 2200)})
    cue_after = (635.0, 2000.0)  # right behind the foot spot, on the long string
    r = last(NB, [shot(0, hits=["9"], pots={"9": "top-right"}, after={"cue": cue_after})],
             start=start)
    nine = r["respotted"]["9"]
    assert nine[0] == pytest.approx(635)
    assert math.dist(nine, cue_after) >= 2 * R + 0.5 - 1e-6  # a small gap to the cue ball
    assert math.dist(nine, FOOT) >= 2 * R - 1e-6
    assert nine[1] == pytest.approx(2000 + 2 * R + 0.5, abs=1e-3)  # as close as possible


def test_pool_1_4_whole_string_blocked_spots_toward_centre() -> None:
    # the foot spot and the string to the foot rail are blocked: spot below the foot spot
    names = [n for n in range(2, 14) if n != 9]
    blockers = {str(n): (635.0, FOOT[1] + k * 2 * R) for k, n in enumerate(names)}
    start = pos({"cue": (635, 800), "1": (300, 1200), **blockers, "9": (900, 1500)},
                breaking=False)
    r = last("straight-pool", [shot(0, hits=["9"], pots={"9": "middle-right"},
                                    call=("9", "top-left"), after={"cue": (800, 1000)})],
             start=start)
    nine = r["respotted"]["9"]
    assert nine[0] == pytest.approx(635) and nine[1] < FOOT[1]
    assert nine[1] == pytest.approx(FOOT[1] - 2 * R, abs=1e-3)


def test_checklist_04_pool_1_5_all_balls_behind_head_string_spot_request() -> None:
    start = pos({"cue": (635, 1000), "3": (300, 300), "12": (900, 500)}, breaking=False)
    # a scratch in 14.1 gives ball in hand behind the head string, all balls are behind it
    out = rule("straight-pool", [
        shot(0, hits=["3"], pots={"cue": "bottom-left"}, call=("3", "bottom-left")),
        decide(1, "spot-ball"),
        shot(1, cue_ball=KITCHEN, hits=["12"], rails=["12"], call="safety"),
    ], start=start)
    assert out[0]["in_hand"] == "kitchen"
    assert out[0]["options"] == ["play", "spot-ball"]
    assert out[0]["state"]["spot"] == ["12"]  # the nearest to the head string
    assert out[1]["respotted"] == {"12": [635.0, 1905.0]}
    assert out[1]["in_hand"] == "kitchen" and out[1]["options"] == []
    assert out[2]["legal"]
    declined = rule("straight-pool", [
        shot(0, hits=["3"], pots={"cue": "bottom-left"}, call=("3", "bottom-left")),
        decide(1, "play")], start=start)[-1]
    assert declined["options"] == [] and declined["in_hand"] == "kitchen"


def test_pool_1_5_ball_in_hand_anywhere_and_placement_required() -> None:
    start = pos({"1": (300, 1500), "9": (900, 2200)}, in_hand="table", breaking=False)
    r = last(NB, [shot(0, cue_ball=(1000, 2400), hits=["1"], rails=["1"])], start=start)
    assert r["legal"]
    assert "cue_ball" in error(NB, [legal_hit()], start=start)
    assert "not in hand" in error(NB, [legal_hit(cue_ball=(600, 600))], start=MID)
    assert "overlap" in error(NB, [shot(0, cue_ball=(300, 1510), hits=["1"])], start=start)


def test_checklist_05_pool_1_7_settled_ball_put_back() -> None:
    # between strokes the 5 drops in by settling: put back, no foul, same player to play
    r = last(NB, [{"shot": {"player": 0, "stroke": False,
                            "events": [{"pot": "5", "pocket": "top-right"}]}}], start=MID)
    assert r["legal"] and r["fouls"] == [] and r["to_play"] == 0
    assert r["state"]["balls"]["5"] == [900.0, 1700.0]
    assert r["respotted"] == {"5": [900.0, 1700.0]}
    assert "The 5 is put back" in r["announce"]
    # just before the cue ball touched anything: put back, the stroke is judged as played
    s = shot(0, events=[{"t": 0.0, "pot": "5", "pocket": "top-right"},
                        {"t": 0.2, "hit": ["cue", "1"]}, {"t": 0.6, "cushion": "1"}])
    r = last(NB, [s], start=MID)
    assert r["legal"] and r["state"]["balls"]["5"] == [900.0, 1700.0] and r["to_play"] == 1


def test_pool_1_7_ball_falling_during_stroke_counts_as_pocketed() -> None:
    # once the balls are moving an unrecorded kiss may have sent it in: it is pocketed
    r = last(NB, [shot(0, hits=["1"], rails=["1"], pots={"5": "top-right"})], start=MID)
    assert "5" not in r["state"]["balls"] and r["to_play"] == 0


def test_pool_1_7_settling_ball_affecting_shot_is_replayed() -> None:
    s = shot(0, events=[{"pot": "5", "pocket": "top-right"}, {"hit": ["cue", "1"]},
                        {"pot": "1", "pocket": "top-left"}],
             after={"cue": (400, 1000)}, judgement={"would_have_been_hit": True})
    r = last(NB, [s], start=MID)
    assert r["to_play"] == 0 and r["state"]["balls"]["cue"] == [635.0, 800.0]
    assert r["state"]["balls"]["1"] == [300.0, 1500.0]
    assert "Replay the shot" in r["announce"]


def test_checklist_06_pool_6_3_no_rail_after_contact_is_foul() -> None:
    r = last(NB, [shot(0, hits=["1"], after={"1": (300, 1550)})], start=MID)
    assert fouls(r) == ["POOL-6.3"] and r["in_hand"] == "table" and r["to_play"] == 1


def test_pool_6_3_no_contact_at_all_is_foul() -> None:
    r = last(NB, [shot(0, rails=["cue"], after={"cue": (635, 1000)})], start=MID)
    assert "POOL-6.3" in fouls(r)


def test_checklist_07_pool_6_7_frozen_ball_moved_counts_as_contact() -> None:
    start = pos({"cue": (635, 800), "4": (635, 800 + 2 * R), "9": (900, 2200)})
    s = shot(0, rails=["4"], after={"4": (635, 1400), "cue": (635, 900)},
             declare={"touching": ["4"]})
    assert last(NB, [s], start=start)["legal"]
    undeclared = shot(0, rails=["4"], after={"4": (635, 1400), "cue": (635, 900)})
    assert "POOL-6.3" in fouls(last(NB, [undeclared], start=start))


def test_pool_6_7_double_hit() -> None:
    r = last(NB, [legal_hit(judgement={"double_hit": True})], start=MID)
    assert fouls(r) == ["POOL-6.7"]


def test_checklist_08_pool_6_10_cue_ball_on_head_string_is_foul() -> None:
    r = last(NB, [shot(0, cue_ball=(635, 635), hits=["1"], rails=["2", "3", "4", "5"])])
    assert "POOL-6.10" in fouls(r) and r["in_hand"] == "table"


def test_checklist_09_pool_6_11_kitchen_ball_first_without_crossing() -> None:
    start = pos({"5": (300, 400), "7": (635, 1500)}, in_hand="kitchen", breaking=False)
    r = last("straight-pool", [shot(0, cue_ball=(635, 300), hits=["5"], rails=["5"],
                                    call=("5", "top-left"))], start=start)
    assert fouls(r) == ["POOL-6.11"] and r["points"] == [-1, 0]


def test_pool_6_11_crossing_first_is_legal_and_staying_in_kitchen_is_foul() -> None:
    start = pos({"5": (300, 400), "7": (635, 1500)}, in_hand="kitchen", breaking=False)
    crossed = shot(0, cue_ball=(635, 300), call="safety", events=[
        {"cross": "cue", "line": "head-string"}, {"cushion": "cue"},
        {"cross": "cue", "line": "head-string"}, {"hit": ["cue", "5"]}, {"cushion": "5"}])
    assert last("straight-pool", [crossed], start=start)["legal"]
    stayed = shot(0, cue_ball=(635, 300), call="safety", rails=["cue"], after={"cue": (600, 500)})
    r = last("straight-pool", [stayed], start=start)
    assert "POOL-6.11" in fouls(r)
    assert r["in_hand"] == "kitchen"  # P141-4.9: the second paragraph gives the kitchen


def test_checklist_10_pool_6_14_three_fouls_lose_only_after_warning() -> None:
    warned = pos(MID["balls"], fouls_in_a_row=[2, 0], warned=[True, False])
    r = last(NB, [shot(0, hits=["5"], rails=["5"])], start=warned)
    assert r["frame_over"] and r["winner"] == 1 and "POOL-6.14" in fouls(r)
    unwarned = pos(MID["balls"], fouls_in_a_row=[2, 0], warned=[False, False])
    r = last(NB, [shot(0, hits=["5"], rails=["5"])], start=unwarned)
    assert not r["frame_over"] and r["fouls_in_a_row"] == [2, 0]  # counts as the second


def test_pool_6_14_warning_given_at_start_of_next_inning() -> None:
    foul0 = shot(0, hits=["5"], rails=["5"], cue_ball=None)
    out = rule(NB, [
        foul0,
        shot(1, cue_ball=(635, 900), hits=["5"], rails=["5"]),  # Bob fouls too
        shot(0, cue_ball=(635, 900), hits=["5"], rails=["5"]),  # Ann's second foul
        shot(1, cue_ball=(635, 900), hits=["1"], rails=["1"]),  # Bob: a legal miss
        shot(0, hits=["5"], rails=["5"]),  # Ann's third foul, after the warning
    ], start=MID)
    assert out[2]["fouls_in_a_row"] == [2, 1] and not out[2]["warning"]
    assert out[3]["to_play"] == 0 and out[3]["warning"]
    assert "Warning: Ann is on two fouls" in out[3]["announce"]
    assert out[4]["frame_over"] and out[4]["winner"] == 1


def test_pool_6_14_legal_shot_resets_count() -> None:
    start = pos(MID["balls"], fouls_in_a_row=[2, 1], warned=[True, False])
    r = last(NB, [shot(0, hits=["1"], pots={"1": "top-left"}, events=None)], start=start)
    assert r["fouls_in_a_row"] == [0, 1] and r["to_play"] == 0


def test_checklist_11_pool_6_9_shot_while_ball_moving_is_foul() -> None:
    r = last(NB, [legal_hit(judgement={"balls_moving": True})], start=MID)
    assert fouls(r) == ["POOL-6.9"] and r["in_hand"] == "table"


# ---------------------------------------------------------------- the other fouls


def test_pool_6_1_scratch_and_pool_8_6() -> None:
    r = last(NB, [shot(0, hits=["1"], rails=["1"], pots={"cue": "top-left"})], start=MID)
    assert fouls(r) == ["POOL-6.1"] and r["fouls"][0]["name"] == "scratch"
    assert r["in_hand"] == "table" and "cue" in r["state"]["balls"]
    assert r["state"]["balls"]["cue"] is None


def test_pool_8_6_scratch_announced() -> None:
    r = last(NB, [shot(0, hits=["1"], rails=["1"], pots={"cue": "top-left"})], start=MID)
    assert r["announce"][0] == "Scratch"


def test_pool_8_5_cue_ball_off_table_is_pool_6_1() -> None:
    r = last(NB, [shot(0, hits=["1"], rails=["1"], off=["cue"])], start=MID)
    assert r["fouls"][0] == {"rule": "POOL-6.1", "name": "cue-ball-off-table", "penalty": 0}


def test_pool_6_2_wrong_ball_first_and_split_hit_is_legal() -> None:
    assert fouls(last(NB, [legal_hit(ball="5")], start=MID)) == ["POOL-6.2"]
    split = shot(0, events=[{"t": 0.1, "hit": ["cue", "5"]}, {"t": 0.1, "hit": ["cue", "1"]},
                            {"t": 0.5, "cushion": "5"}])
    assert last(NB, [split], start=MID)["legal"]


def test_pool_6_4_no_foot_on_floor() -> None:
    assert fouls(last(NB, [legal_hit(judgement={"feet_off_floor": True})], start=MID)) == [
        "POOL-6.4"]


def test_pool_6_5_object_ball_off_table() -> None:
    r = last(NB, [shot(0, hits=["1", ("1", "5")], off=["5"])], start=MID)
    assert "POOL-6.5" in fouls(r) and "5" not in r["state"]["balls"]


def test_pool_6_6_touched_ball_and_foul_while_not_striking() -> None:
    r = last(NB, [legal_hit(judgement={"touched": ["5"]})], start=MID)
    assert fouls(r) == ["POOL-6.6"]
    r = last(NB, [shot(0, stroke=False, after={"5": (905, 1700)})], start=MID)
    assert fouls(r) == ["POOL-6.6"] and r["to_play"] == 1 and r["in_hand"] == "table"
    r = last(NB, [{"foul": {"player": 0, "rule": "POOL-6.6"}}], start=MID)
    assert fouls(r) == ["POOL-6.6"] and r["to_play"] == 1
    assert "not a standard foul" in error(NB, [{"foul": {"player": 0, "rule": "SNK-3.12"}}],
                                          start=MID)


def test_pool_6_8_push_shot() -> None:
    assert fouls(last(NB, [legal_hit(judgement={"push_stroke": True})], start=MID)) == [
        "POOL-6.8"]


def test_pool_6_12_cue_on_table() -> None:
    assert fouls(last(NB, [legal_hit(judgement={"cue_on_table": True})], start=MID)) == [
        "POOL-6.12"]


def test_pool_6_13_out_of_turn_result_stands_offender_penalised() -> None:
    r = last(NB, [shot(1, hits=["1", ("1", "5")], pots={"5": "top-right"})], start=MID)
    assert fouls(r) == ["POOL-6.13"]
    assert "5" not in r["state"]["balls"]  # the shot's result stands
    assert r["to_play"] == 0 and r["in_hand"] == "table"  # the non-offender gets ball in hand


def test_pool_6_15_slow_play() -> None:
    assert fouls(last(NB, [legal_hit(judgement={"slow_play": True})], start=MID)) == [
        "POOL-6.15"]


def test_pool_6_16_ball_on_template() -> None:
    assert fouls(last(NB, [legal_hit(judgement={"template_present": True})], start=MID)) == [
        "POOL-6.16"]


def test_pool_6_only_most_serious_foul_applied() -> None:
    # 14.1: a breaking foul and a scratch on the same break is one breaking foul (-2)
    r = last("straight-pool", [shot(0, cue_ball=KITCHEN, hits=["1"], pots={"cue": "top-left"},
                                    call=None)])
    assert set(fouls(r)) == {"POOL-6.1", "P141-4.3"}
    assert r["points"] == [-2, 0]


def test_pool_8_4_ball_frozen_to_rail_first_cushion_does_not_count() -> None:
    start = pos({"cue": (635, 800), "1": (R, 1500), "9": (900, 2200)})
    s = shot(0, hits=["1"], rails=["1"], after={"1": (R, 1520)}, declare={"frozen": ["1"]})
    assert "POOL-6.3" in fouls(last(NB, [s], start=start))
    s2 = shot(0, hits=["1"], rails=["1", "1"], after={"1": (R, 1700)}, declare={"frozen": ["1"]})
    assert last(NB, [s2], start=start)["legal"]


def test_pool_1_11_concession_loses() -> None:
    r = last(NB, [{"concede": {"player": 0}}], start=MID)
    assert r["frame_over"] and r["winner"] == 1


def test_pool_1_12_stalemate_breaker_breaks_again() -> None:
    start = pos(MID["balls"], breaker=1, to_play=0)
    r = last(NB, [{"stalemate": {}}], start=start)
    assert r["to_play"] == 1 and r["breaking"] and r["in_hand"] == "kitchen"
    assert len(r["respotted"]) == 9 and not r["frame_over"]


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(("action", "message"), [
    (shot(0, hits=["12"]), "unknown ball"),
    (shot(0, hits=["2"]), "not on the table"),
    (shot(0, hits=["1"], after={"1": (900, 1700)}), "overlap"),
    (shot(0, hits=["1"], after={"1": (5000, 1700)}), "not on the table"),
    (decide(0, "pass"), "no decision"),
    (shot(0, hits=["1"], push_out=True), "push out"),
    (shot(0, hits=["1"], call=("6", "top-left")), "call: shots are not called"),
    ({"shot": {"player": 0, "nominate": "1"}}, "nominate"),
    ({"claim": {"player": 0}}, "claim"),
])
def test_pool_bad_input_is_an_error_and_changes_nothing(action: dict, message: str) -> None:
    assert message in error(NB, [action], start=MID)


def test_pool_1_6_call_is_refused_in_nine_ball() -> None:
    # POOL-1.6 applies "in games requiring called shots": nine-ball is not one, so a call
    # there is bad input (issue 12: a field that does not belong is refused, not ignored)
    msg = error(NB, [shot(0, hits=["1"], pots={"1": "middle-left"}, call=("1", "top-left"))],
                start=MID)
    assert "call: shots are not called in Nine-ball" in msg
    r = last(NB, [shot(0, hits=["1"], pots={"1": "middle-left"})], start=MID)
    assert r["legal"] and r["to_play"] == 0


def test_pool_decision_by_wrong_player_or_not_on_offer() -> None:
    push = [shot(0, cue_ball=KITCHEN, hits=["1"], rails=["2", "3", "4", "5"]),
            shot(1, hits=["1"], push_out=True, after={"cue": (400, 1000)})]
    assert "belongs to player 0" in error(NB, [*push, decide(1, "play")])
    assert "not on offer" in error(NB, [*push, decide(0, "re-rack")])
    r = last(NB, [*push, decide(0, "pass")])
    assert r["to_play"] == 1 and r["options"] == []


def test_pool_state_round_trip_is_a_valid_start() -> None:
    out = rule(NB, [shot(0, cue_ball=KITCHEN, hits=["1"], rails=["2", "3", "4", "5"])])
    again = last(NB, [shot(1, hits=["1"], rails=["1"])], start=out[-1]["state"])
    assert again["legal"]


def test_pool_bad_start_is_refused() -> None:
    from helpers_pool import record

    from cuesport.protocol import referee
    from cuesport.record import RecordError

    for start in ({"balls": {"1": [1, 2, 3]}}, {"balls": {"cue": [600, 600]}, "in_hand": "x"},
                  {"balls": {}, "fouls_in_a_row": [5, 0]}, {"to_play": 0},
                  {"balls": {"1": [600, 600]}, "to_play": 3}):
        with pytest.raises(RecordError):
            referee(record(NB, [], start))


def test_pool_table_option_picks_table_and_unknown_option_refused() -> None:
    from helpers_pool import record

    from cuesport.protocol import RefereeSession
    from cuesport.record import RecordError

    s = RefereeSession(record(NB, [], None, {"table": "7ft"}))
    assert s.referee.table.name == "7ft"
    assert max(p[1] for p in s.state.balls.values()) < 1981.2
    with pytest.raises(RecordError):
        RefereeSession(record(NB, [], None, {"table": "12ft"}))
    with pytest.raises(RecordError):
        RefereeSession(record(NB, [], None, {"colour": "red"}))


def test_pool_announcements_in_russian() -> None:
    from helpers_pool import rule as rule_

    r = rule_(NB, [shot(0, hits=["1"], rails=["1"], pots={"cue": "top-left"})], start=MID,
              lang="ru")[-1]
    assert r["announce"] == ["Скрэтч", "Биток с руки"]


def test_pool_1_9_pool_1_8_outside_interference_restores_and_replays() -> None:
    r = last(NB, [shot(0, hits=["1"], pots={"1": "top-left"}, after={"cue": (700, 1000)},
                       judgement={"outside_interference": True})], start=MID)
    assert r["state"]["balls"]["1"] == [300.0, 1500.0] and r["to_play"] == 0
    assert r["announce"] == ["Replay the shot"]


def test_pool_6_17_unsportsmanlike_conduct_loses_the_rack() -> None:
    r = last(NB, [{"foul": {"player": 1, "rule": "POOL-6.17"}}], start=MID)
    assert r["frame_over"] and r["winner"] == 0 and fouls(r) == ["POOL-6.17"]
    r = last("straight-pool", [{"foul": {"player": 0, "rule": "POOL-6.17"}}],
             start=pos(MID["balls"], breaking=False))
    assert r["winner"] == 1 and r["announce"] == ["Foul by Ann", "Game to Bob"]


def test_pool_every_announcement_has_english_and_russian() -> None:
    from cuesport.rules.registry import referee_class

    for game in ("nine-ball", "ten-ball", "eight-ball", "straight-pool"):
        for key, entry in referee_class(game).catalog.items():
            assert entry.get("en") and entry.get("ru"), (game, key)


def test_pool_6_7_frozen_declaration_next_to_cue_ball_counts_as_touching() -> None:
    start = pos({"cue": (635, 800), "4": (635, 800 + 2 * R), "9": (900, 2200)})
    s = shot(0, rails=["4"], after={"4": (635, 1400), "cue": (635, 900)},
             declare={"frozen": ["4"]})
    assert last(NB, [s], start=start)["legal"]


def test_pool_6_14_start_accepts_warning_flag_and_default_in_hand() -> None:
    start = pos(MID["balls"], fouls_in_a_row=[2, 0], warning=True)
    r = last(NB, [shot(0, hits=["5"], rails=["5"])], start=start)
    assert r["frame_over"] and r["winner"] == 1
    from helpers_pool import record

    from cuesport.protocol import RefereeSession

    s = RefereeSession(record("straight-pool", [], pos({"3": (300, 1500)})))
    assert s.state.in_hand == "kitchen"
    s = RefereeSession(record(NB, [], pos({"3": (300, 1500)})))
    assert s.state.in_hand == "table"


def test_pool_1_5_equally_near_balls_the_shooter_chooses() -> None:
    scratch = shot(0, hits=["3"], pots={"cue": "bottom-left"}, call=("3", "bottom-left"))
    choose = {"decision": {"player": 1, "choice": "spot-ball", "ball": "12"}}

    def ruled(balls: dict) -> list[dict]:  # decision.ball is an input of protocol 1.1
        rec = record("straight-pool", [scratch, choose], pos(balls, breaking=False))
        return referee(rec | {"protocol": "1.1"})

    out = ruled({"cue": (635, 1000), "3": (300, 500), "12": (900, 500)})
    assert out[0]["state"]["spot"] == ["3", "12"]  # a tie: both may be spotted
    assert out[1]["respotted"] == {"12": [635.0, 1905.0]}
    choose["decision"]["ball"] = "3"
    refused = ruled({"cue": (635, 1000), "3": (300, 300), "12": (900, 500)})[-1]
    assert refused["error"] == ("decision.ball: '3' is not the ball nearest the head string "
                                "(12)")
