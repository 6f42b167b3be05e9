"""Ten-ball (P10-9.x) and checklist items 42-48."""

from __future__ import annotations

from helpers_pool import FOOT, break_shot, decide, fouls, last, pos, rule, shot

from cuesport.protocol import RefereeSession

TB = "ten-ball"
FOUR = ["2", "3", "4", "5"]
MID = pos({"cue": (635, 800), "2": (300, 1500), "4": (1000, 1200), "9": (900, 2000),
           "10": (900, 2300)}, breaking=False)


def test_p10_9_2_rack_one_at_apex_ten_in_middle_of_third_row() -> None:
    balls = RefereeSession({"discipline": TB}).state.balls
    assert len(balls) == 10 and balls["1"] == FOOT
    assert balls["10"][0] == 635.0 and balls["10"][1] > FOOT[1] + 90


def test_checklist_42_p10_9_0_p10_9_3_ten_on_legal_break_spotted_breaker_continues() -> None:
    r = last(TB, [break_shot(pots={"10": "top-left"})])
    assert r["legal"] and not r["frame_over"] and r["to_play"] == 0
    assert "10" in r["respotted"] and r["push_out"]


def test_p10_9_3_2_break_needs_four_rails_or_a_pot() -> None:
    r = last(TB, [break_shot(rails=["2", "3", "4"])])
    assert fouls(r) == ["P10-9.3"] and r["in_hand"] == "table"
    assert last(TB, [break_shot(rails=FOUR)])["legal"]


def test_checklist_43_p10_9_7_wrong_pocket_opponent_plays_or_passes() -> None:
    s = shot(0, hits=["2"], pots={"2": "top-left"}, call=("2", "middle-left"))
    r = last(TB, [s], start=MID)
    assert r["legal"] and r["to_play"] == 1 and r["options"] == ["play", "pass"]
    assert "2" not in r["state"]["balls"]  # stays down
    r = last(TB, [s, decide(1, "pass")], start=MID)
    assert r["to_play"] == 0 and r["options"] == []
    r = last(TB, [s, shot(1, hits=["4"], rails=["4"], call="safety")], start=MID)
    assert r["legal"] and r["to_play"] == 0  # a shot means "play"


def test_p10_9_7_other_ball_pocketed_opponent_option_and_ten_spotted() -> None:
    r = last(TB, [shot(0, hits=["2", ("2", "10")], pots={"10": "top-left"},
                       call=("2", "middle-left"))], start=MID)
    assert r["options"] == ["play", "pass"] and "10" in r["respotted"]


def test_checklist_44_p10_9_8_called_ten_with_balls_left_spotted_continue() -> None:
    r = last(TB, [shot(0, hits=["2", ("2", "9"), ("9", "10")], pots={"10": "bottom-right"},
                       call=("10", "bottom-right"))], start=MID)
    assert r["legal"] and not r["frame_over"] and r["to_play"] == 0
    assert "10" in r["respotted"]


def test_p10_9_8_legal_called_pot_continues_other_balls_stay_down() -> None:
    r = last(TB, [shot(0, hits=["2", ("2", "4")], pots={"2": "top-left", "4": "top-right"},
                       call=("2", "top-left"))], start=MID)
    assert r["to_play"] == 0 and "4" not in r["state"]["balls"] and r["break"] == 2


def test_checklist_45_p10_9_0_last_ball_ten_called_wins() -> None:
    start = pos({"cue": (635, 800), "10": (900, 2300)})
    r = last(TB, [shot(0, hits=["10"], pots={"10": "top-right"}, call=("10", "top-right"))],
             start=start)
    assert r["frame_over"] and r["winner"] == 0


def test_p10_9_0_ten_uncalled_as_last_ball_does_not_win() -> None:
    start = pos({"cue": (635, 800), "10": (900, 2300)})
    r = last(TB, [shot(0, hits=["10"], pots={"10": "top-left"}, call=("10", "top-right"))],
             start=start)
    assert not r["frame_over"] and "10" in r["respotted"] and r["options"] == ["play", "pass"]


def test_checklist_46_p10_9_6_safety_with_pot_play_or_pass() -> None:
    start = pos({"cue": (635, 800), "4": (300, 1500), "10": (900, 2300)})
    r = last(TB, [shot(0, hits=["4"], pots={"4": "top-left"}, call="safety")], start=start)
    assert r["legal"] and r["to_play"] == 1 and r["options"] == ["play", "pass"]
    r = last(TB, [shot(0, hits=["4"], rails=["4"], call="safety")], start=start)
    assert r["to_play"] == 1 and r["options"] == [] and "Safety" in r["announce"]


def test_checklist_47_p10_9_4_ten_on_push_out_spotted_no_foul() -> None:
    r = last(TB, [break_shot(rails=FOUR), shot(1, push_out=True, hits=["10"],
                                               pots={"10": "top-left"})])
    assert r["legal"] and "10" in r["respotted"] and r["options"] == ["play", "pass"]
    assert r["to_play"] == 0


def test_checklist_48_p10_9_9_p10_9_10_wrong_ball_first_foul_ten_spotted() -> None:
    start = pos({"cue": (635, 800), "1": (300, 1500), "2": (1000, 1200), "10": (900, 2300)})
    r = last(TB, [shot(0, hits=["2", ("2", "10")], pots={"10": "top-left"},
                       call=("10", "top-left"))], start=start)
    assert fouls(r) == ["POOL-6.2"] and r["in_hand"] == "table" and "10" in r["respotted"]


def test_p10_9_5_call_counts_only_ball_and_pocket_pool_1_6() -> None:
    miss = shot(0, hits=["2", ("2", "4")], pots={"4": "top-left"}, call=("2", "top-left"))
    r = last(TB, [miss], start=MID)
    assert r["options"] == ["play", "pass"]  # not the called ball: inning over
    nocall = shot(0, hits=["2"], pots={"2": "top-left"})
    assert last(TB, [nocall], start=MID)["options"] == ["play", "pass"]


def test_p10_9_11_three_fouls_lose_the_rack() -> None:
    start = pos(MID["balls"], fouls_in_a_row=[2, 0], warned=[True, False], breaking=False)
    r = last(TB, [shot(0, hits=["4"], rails=["4"], call="safety")], start=start)
    assert r["frame_over"] and r["winner"] == 1


def test_p10_9_12_stalemate_breaker_breaks_again() -> None:
    out = rule(TB, [{"lag": {"winner": 1}}, break_shot(1, rails=FOUR), {"stalemate": {}}])
    assert out[-1]["to_play"] == 1 and out[-1]["breaking"] and len(out[-1]["respotted"]) == 10
