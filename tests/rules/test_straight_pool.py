"""14.1 continuous (P141-4.x) and checklist items 31-41."""

from __future__ import annotations

import math

from helpers_pool import FOOT, KITCHEN, decide, fouls, last, pos, rule, shot

from cuesport.equipment.tables import POOL_9FT
from cuesport.protocol import RefereeSession
from cuesport.rules.rack_interference import interferes_with_rack

SP = "straight-pool"
MID = pos({"cue": (635, 800), "3": (300, 1500), "5": (1000, 1200), "9": (900, 2000),
           "12": (300, 2300)}, breaking=False)
R = 28.575


def lone(last_ball: tuple[float, float], cue: tuple[float, float] = (635, 1000)) -> dict:
    """Two object balls left: the 7 (to be the 14th pocketed) and the 15 (``last_ball``)."""
    return pos({"cue": cue, "7": (300, 1500), "15": last_ball}, breaking=False)


def pot7(after_cue: tuple[float, float] | None = None, **kw) -> dict:
    return shot(0, hits=["7"], pots={"7": "top-left"}, call=("7", "top-left"),
                after={"cue": after_cue} if after_cue else None, **kw)


def test_p141_4_2_rack_fifteen_apex_on_foot_spot() -> None:
    balls = RefereeSession({"discipline": SP}).state.balls
    assert len(balls) == 15 and FOOT in balls.values()
    assert all(interferes_with_rack(p, POOL_9FT) for p in balls.values())


def test_checklist_31_p141_4_7_called_ball_plus_extra_scores_two() -> None:
    r = last(SP, [shot(0, hits=["3", ("3", "5")], pots={"3": "top-left", "5": "top-right"},
                       call=("3", "top-left"))], start=MID)
    assert r["points"] == [2, 0] and r["score"] == [2, 0] and r["to_play"] == 0
    assert r["break"] == 2 and r["legal"]


def test_checklist_32_p141_4_6_uncalled_ball_spotted_no_score() -> None:
    r = last(SP, [shot(0, hits=["3", ("3", "5")], pots={"5": "top-right"},
                       call=("3", "top-left"))], start=MID)
    assert r["points"] == [0, 0] and r["to_play"] == 1 and r["respotted"]["5"] == [635.0, 1905.0]


def test_p141_4_5_safety_pocketed_balls_spotted_turn_passes() -> None:
    r = last(SP, [shot(0, hits=["3"], pots={"3": "top-right"}, call="safety")], start=MID)
    assert r["legal"] and r["to_play"] == 1 and "3" in r["respotted"] and r["points"] == [0, 0]


def test_checklist_33_p141_4_3_p141_4_10_breaking_foul_and_re_break() -> None:
    weak = shot(0, cue_ball=KITCHEN, hits=["1"], rails=["2"])
    r = last(SP, [weak])
    assert "P141-4.3" in fouls(r) and r["points"] == [-2, 0] and r["score"] == [-2, 0]
    assert r["to_play"] == 1 and r["options"] == ["play", "re-break"]
    out = rule(SP, [weak, decide(1, "re-break"), weak])
    assert out[1]["to_play"] == 0 and out[1]["breaking"] and out[1]["in_hand"] == "kitchen"
    assert out[2]["score"] == [-4, 0] and out[2]["fouls_in_a_row"] == [0, 0]
    accepted = last(SP, [weak, decide(1, "play"), shot(1, hits=["2"], rails=["2"],
                                                       call="safety")])
    assert accepted["legal"] and accepted["to_play"] == 0


def test_p141_4_3_2_requirements_met_or_called_ball_on_break() -> None:
    ok = shot(0, cue_ball=KITCHEN, hits=["1"], rails=["cue", "2", "3"], after={"cue": (635, 900)})
    r = last(SP, [ok])
    assert r["legal"] and r["to_play"] == 1 and not r["breaking"]
    called = shot(0, cue_ball=KITCHEN, hits=["1", ("1", "6")], pots={"6": "top-left"},
                  call=("6", "top-left"))
    r = last(SP, [called])
    assert r["legal"] and r["score"] == [1, 0] and r["to_play"] == 0


def test_checklist_34_p141_4_9_p141_4_10_scratch_on_good_break_is_standard_foul() -> None:
    brk = shot(0, cue_ball=KITCHEN, hits=["1"], rails=["cue", "2", "3"],
               pots={"cue": "top-left"})
    r = last(SP, [brk])
    assert r["points"] == [-1, 0] and r["in_hand"] == "kitchen" and r["options"] == []
    assert "P141-4.3" not in fouls(r) and r["fouls_in_a_row"] == [1, 0]


def test_checklist_35_p141_4_11_third_foul_minus_sixteen_and_re_rack() -> None:
    start = pos(MID["balls"], fouls_in_a_row=[2, 0], warned=[True, False], score=[10, 3])
    r = last(SP, [shot(0, hits=["3"], call=("3", "top-left"), after={"3": (310, 1550)})],
             start=start)
    assert "P141-4.11" in fouls(r) and r["points"] == [-16, 0] and r["score"] == [-6, 3]
    assert r["fouls_in_a_row"] == [0, 0] and r["to_play"] == 0 and r["breaking"]
    assert r["in_hand"] == "kitchen" and len(r["respotted"]) == 15
    assert len([b for b in r["state"]["balls"] if b != "cue"]) == 15


def test_p141_4_11_breaking_fouls_do_not_count_toward_three() -> None:
    start = pos({"1": FOOT, "2": (700, 2000)}, fouls_in_a_row=[2, 0], warned=[True, False],
                breaking=True, in_hand="kitchen")
    r = last(SP, [shot(0, cue_ball=KITCHEN, hits=["1"])], start=start)
    assert r["points"] == [-2, 0] and r["fouls_in_a_row"] == [2, 0] and not r["frame_over"]


def test_checklist_36_p141_4_8_3_only_fifteenth_interferes_goes_to_head_spot() -> None:
    r = last(SP, [pot7()], start=lone((635, 2000)))
    assert r["respotted"]["15"] == [635.0, 635.0]
    assert len(r["respotted"]) == 15 and r["to_play"] == 0 and r["score"] == [1, 0]
    assert r["state"]["balls"]["cue"] == [635.0, 1000.0]
    assert FOOT not in [tuple(v) for k, v in r["respotted"].items() if k != "15"]


def test_p141_4_8_3_centre_spot_when_cue_ball_on_head_spot() -> None:
    r = last(SP, [pot7()], start=lone((635, 2000), cue=(635, 635)))
    assert r["respotted"]["15"] == [635.0, 1270.0]


def test_checklist_37_p141_4_8_4_cue_interferes_fifteenth_in_front_of_head_string() -> None:
    r = last(SP, [pot7(after_cue=(635, 2000))], start=lone((300, 900)))
    assert r["in_hand"] == "kitchen" and r["state"]["balls"]["cue"] is None
    assert r["state"]["balls"]["15"] == [300.0, 900.0] and "15" not in r["respotted"]


def test_checklist_38_p141_4_8_4_cue_interferes_fifteenth_behind_head_string() -> None:
    r = last(SP, [pot7(after_cue=(635, 2000))], start=lone((300, 400)))
    assert r["state"]["balls"]["cue"] == [635.0, 635.0] and r["in_hand"] is None


def test_checklist_39_p141_4_8_1_fourteenth_and_fifteenth_together_rack_fifteen() -> None:
    s = shot(0, hits=["7", ("7", "15")], pots={"7": "top-left", "15": "top-right"},
             call=("7", "top-left"))
    r = last(SP, [s], start=lone((600, 1500)))
    assert len(r["respotted"]) == 15 and r["score"] == [2, 0]
    assert r["state"]["balls"]["cue"] == [635.0, 1000.0] and r["to_play"] == 0


def test_checklist_40_p141_4_8_2_both_interfere_rack_fifteen_in_hand() -> None:
    r = last(SP, [pot7(after_cue=(560, 2050))], start=lone((635, 1950)))
    assert len(r["respotted"]) == 15 and r["in_hand"] == "kitchen"


def test_p141_4_8_nothing_interferes_fourteen_racked_apex_empty() -> None:
    r = last(SP, [pot7()], start=lone((300, 1200)))
    assert len(r["respotted"]) == 14 and "15" not in r["respotted"]
    assert all(math.dist(p, FOOT) > 1 for p in r["respotted"].values())
    assert r["state"]["reracks"] == 1


def test_p141_4_6_fifteenth_spotted_on_apex_of_undisturbed_rack() -> None:
    r1 = last(SP, [pot7()], start=lone((300, 1200)))
    r = last(SP, [shot(0, hits=["15"], pots={"15": "bottom-left"}, call=("15", "top-left"))],
             start=r1["state"])
    assert r["respotted"]["15"] == [635.0, 1905.0] and r["to_play"] == 1


def test_checklist_41_p141_4_7_negative_score() -> None:
    r = last(SP, [shot(0, hits=["3"], rails=["3"], pots={"cue": "top-left"},
                       call=("3", "top-left"))], start=MID)
    assert r["score"] == [-1, 0] and r["points"] == [-1, 0]


def test_p141_4_9_foul_cue_ball_stays_where_it_lies() -> None:
    r = last(SP, [shot(0, hits=["3"], call=("3", "top-left"), after={"cue": (700, 900)})],
             start=MID)
    assert fouls(r) == ["POOL-6.3"] and r["in_hand"] is None
    assert r["state"]["balls"]["cue"] == [700.0, 900.0] and r["to_play"] == 1


def test_p141_4_9_object_balls_off_table_spotted_any_ball_first() -> None:
    r = last(SP, [shot(0, hits=["12", ("12", "9")], rails=["12"], off=["9"],
                       call=("12", "top-left"))], start=MID)
    assert fouls(r) == ["POOL-6.5"] and "9" in r["respotted"]


def test_p141_4_4_target_reached_wins() -> None:
    start = pos(MID["balls"], score=[49, 20])
    r = last(SP, [shot(0, hits=["3"], pots={"3": "top-left"}, call=("3", "top-left"))],
             start=start, rules={"target": 50})
    assert r["frame_over"] and r["winner"] == 0 and r["target"] == 50
    assert "Game to Ann" in r["announce"]


def test_p141_4_12_stalemate_restarts_game() -> None:
    r = last(SP, [{"stalemate": {}}], start=pos(MID["balls"], score=[20, 30]))
    assert r["breaking"] and r["score"] == [0, 0] and len(r["respotted"]) == 15
    r = last(SP, [{"stalemate": {}}, {"lag": {"winner": 1}}], start=MID)
    assert r["to_play"] == 1


def test_straight_pool_russian_announcements() -> None:
    r = rule(SP, [shot(0, cue_ball=KITCHEN, hits=["1"], rails=["2"])], lang="ru")[-1]
    assert r["announce"][:2] == ["Фол при разбое", "Минус два"]
