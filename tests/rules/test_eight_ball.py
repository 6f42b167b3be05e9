"""Eight-ball (P8-3.x) and checklist items 20-30."""

from __future__ import annotations

import pytest
from helpers_pool import (
    FOOT,
    KITCHEN,
    break_shot,
    decide,
    error,
    fouls,
    last,
    pos,
    record,
    rule,
    shot,
)

from cuesport.protocol import RefereeSession, referee
from cuesport.record import RecordError

EB = "eight-ball"
FOUR = ["2", "3", "4", "5"]
# groups decided: Ann (0) on solids, Bob (1) on stripes
MID = pos({"cue": (635, 800), "3": (300, 1500), "5": (1000, 1200), "8": (900, 2200),
           "12": (300, 2000), "14": (1000, 2300)}, groups=["solids", "stripes"])
OPEN = pos(MID["balls"])
LAST_SOLID = pos({"cue": (635, 800), "3": (300, 1500), "8": (900, 2200), "12": (300, 2000)},
                 groups=["solids", "stripes"])
ON_EIGHT = pos({"cue": (635, 800), "8": (900, 2200), "12": (300, 2000)},
               groups=["solids", "stripes"])


def test_p8_3_2_rack_eight_in_middle_solid_and_stripe_in_back_corners() -> None:
    balls = RefereeSession({"discipline": EB}).state.balls
    assert len(balls) == 15 and balls["8"][1] > FOOT[1]
    corners = [n for n, p in balls.items() if abs(p[1] - max(q[1] for q in balls.values())) < 1
               and abs(p[0] - 635) > 100]
    assert sorted(int(n) < 8 for n in corners) == [False, True]


def test_checklist_20_p8_3_3_4_illegal_break_options() -> None:
    r = last(EB, [break_shot(rails=["2", "3", "4"])])
    assert fouls(r) == ["P8-3.3(4)"] and r["to_play"] == 1
    assert r["options"] == ["play", "re-rack", "re-rack-opponent"]
    r2 = last(EB, [break_shot(rails=["2", "3", "4"]), decide(1, "re-rack")])
    assert r2["to_play"] == 1 and r2["breaking"] and r2["in_hand"] == "kitchen"
    assert len(r2["respotted"]) == 15
    r3 = last(EB, [break_shot(rails=["2", "3", "4"]), decide(1, "re-rack-opponent")])
    assert r3["to_play"] == 0 and r3["breaking"]
    r4 = last(EB, [break_shot(rails=["2", "3", "4"]), decide(1, "play")])
    assert r4["to_play"] == 1 and not r4["breaking"] and r4["ball_on"] == ["open"]


def test_checklist_21_p8_3_3_5_eight_on_legal_break_breaker_chooses() -> None:
    r = last(EB, [break_shot(pots={"8": "top-left"})])
    assert r["legal"] and r["to_play"] == 0 and r["options"] == ["spot-eight", "re-rack"]
    assert "must first choose" in error(EB, [break_shot(pots={"8": "top-left"}),
                                             shot(0, hits=["3"], rails=["3"])])
    r = last(EB, [break_shot(pots={"8": "top-left"}), decide(0, "spot-eight")])
    assert "8" in r["respotted"] and r["to_play"] == 0 and not r["breaking"]
    r = last(EB, [break_shot(pots={"8": "top-left"}), decide(0, "re-rack")])
    assert r["to_play"] == 0 and r["breaking"]


def test_checklist_22_p8_3_3_6_eight_and_scratch_on_break() -> None:
    brk = break_shot(pots={"8": "top-left", "cue": "bottom-left"})
    r = last(EB, [brk])
    assert r["to_play"] == 1 and r["options"] == ["spot-eight", "re-rack"] and not r["legal"]
    r = last(EB, [brk, decide(1, "spot-eight")])
    assert r["respotted"]["8"] == [635.0, r["respotted"]["8"][1]] and r["in_hand"] == "kitchen"
    r = last(EB, [brk, decide(1, "re-rack")])
    assert r["breaking"] and r["to_play"] == 1


def test_checklist_23_p8_3_3_7_ball_off_table_on_break() -> None:
    brk = break_shot(rails=FOUR, off=["11"])
    r = last(EB, [brk])
    assert set(fouls(r)) == {"POOL-6.5", "P8-3.3(7)"}
    assert "11" not in r["state"]["balls"] and r["options"] == ["play", "in-hand"]
    r = last(EB, [brk, decide(1, "in-hand")])
    assert r["in_hand"] == "kitchen" and r["state"]["balls"]["cue"] is None
    r = last(EB, [brk, decide(1, "play")])
    assert r["in_hand"] is None and r["state"]["balls"]["cue"] is not None


def test_p8_3_7_eight_off_table_on_break_is_spotted() -> None:
    r = last(EB, [break_shot(rails=FOUR, off=["8"])])
    assert "8" in r["respotted"] and not r["frame_over"]


def test_p8_3_3_8_other_break_fouls_accept_or_in_hand() -> None:
    r = last(EB, [break_shot(rails=FOUR, judgement={"feet_off_floor": True})])
    assert fouls(r) == ["POOL-6.4"] and r["options"] == ["play", "in-hand"]
    r = last(EB, [break_shot(rails=FOUR, pots={"cue": "top-left", "3": "top-right"})])
    assert r["in_hand"] == "kitchen" and r["options"] == []  # no cue ball to accept


def test_p8_3_3_2_p8_3_3_3_break_any_ball_first_pot_continues_open() -> None:
    r = last(EB, [break_shot(first="7", pots={"3": "top-left"})])
    assert r["legal"] and r["to_play"] == 0 and r["groups"] == [None, None]
    assert r["ball_on"] == ["open"]


def test_checklist_24_p8_3_4_called_ball_decides_group() -> None:
    r = last(EB, [shot(0, hits=["3", ("3", "12")], pots={"3": "top-left", "12": "top-right"},
                       call=("3", "top-left"))], start=OPEN)
    assert r["groups"] == ["solids", "stripes"] and r["to_play"] == 0
    assert r["ball_on"] == ["solids"] and "Ann is on solids" in r["announce"]
    r = last(EB, [shot(1, hits=["12"], pots={"12": "top-left"}, call=("12", "top-left"))],
             start=pos(OPEN["balls"], to_play=1))
    assert r["groups"] == ["solids", "stripes"]


def test_p8_3_4_group_not_decided_by_uncalled_ball() -> None:
    r = last(EB, [shot(0, hits=["3", ("3", "12")], pots={"12": "top-right"},
                       call=("3", "top-left"))], start=OPEN)
    assert r["groups"] == [None, None] and r["to_play"] == 1


def test_checklist_25_p8_3_4_pool_6_2_eight_first_on_open_table() -> None:
    r = last(EB, [shot(0, hits=["8"], rails=["8"], call=("3", "top-left"))], start=OPEN)
    assert fouls(r) == ["POOL-6.2"] and r["in_hand"] == "table"


def test_checklist_26_p8_3_8_2_last_group_ball_and_eight_together_loses() -> None:
    r = last(EB, [shot(0, hits=["3", ("3", "8")], pots={"3": "top-left", "8": "top-right"},
                       call=("3", "top-left"))], start=LAST_SOLID)
    assert r["frame_over"] and r["winner"] == 1 and "P8-3.8(2)" in fouls(r)


def test_checklist_27_p8_3_8_3_eight_in_wrong_pocket_loses() -> None:
    r = last(EB, [shot(0, hits=["8"], pots={"8": "bottom-right"}, call=("8", "top-right"))],
             start=ON_EIGHT)
    assert r["frame_over"] and r["winner"] == 1 and fouls(r) == ["P8-3.8(3)"]


def test_checklist_28_p8_3_8_1_eight_with_scratch_loses() -> None:
    r = last(EB, [shot(0, hits=["8"], pots={"8": "top-right", "cue": "bottom-left"},
                       call=("8", "top-right"))], start=ON_EIGHT)
    assert r["frame_over"] and r["winner"] == 1 and "P8-3.8(1)" in fouls(r)


def test_p8_3_8_4_eight_off_table_loses() -> None:
    r = last(EB, [shot(0, hits=["8"], off=["8"], call=("8", "top-right"))], start=ON_EIGHT)
    assert r["winner"] == 1 and "P8-3.8(4)" in fouls(r)


def test_p8_3_5_legal_called_eight_wins() -> None:
    r = last(EB, [shot(0, hits=["8"], pots={"8": "top-right"}, call=("8", "top-right"))],
             start=ON_EIGHT)
    assert r["frame_over"] and r["winner"] == 0 and r["legal"]


def test_checklist_29_p8_3_6_safety_pocketed_ball_stays_down_turn_passes() -> None:
    r = last(EB, [shot(0, hits=["3"], pots={"3": "top-left"}, call="safety")], start=MID)
    assert r["legal"] and r["to_play"] == 1 and "3" not in r["state"]["balls"]
    assert r["respotted"] == {}


def test_p8_3_6_uncalled_or_opponent_ball_does_not_continue() -> None:
    r = last(EB, [shot(0, hits=["3"], pots={"3": "top-left"})], start=MID)  # no call
    assert r["legal"] and r["to_play"] == 1
    r = last(EB, [shot(0, hits=["3"], pots={"3": "top-left"}, call=("3", "top-left"))],
             start=MID)
    assert r["to_play"] == 0


def test_checklist_30_p8_3_10_pool_6_14_three_fouls_do_not_lose() -> None:
    out = rule(EB, [shot(0, hits=["12"], rails=["12"]),
                    shot(1, cue_ball=(635, 900), hits=["14"], rails=["14"], call="safety"),
                    shot(0, hits=["12"], rails=["12"], call="safety"),
                    shot(1, cue_ball=(635, 900), hits=["14"], rails=["14"], call="safety"),
                    shot(0, hits=["12"], rails=["12"], call="safety")], start=MID)
    assert all(not r["frame_over"] for r in out)
    assert [r["legal"] for r in out] == [False, True, False, True, False]
    assert not out[3]["warning"]


def test_p8_3_9_wrong_group_first_ball_in_hand_anywhere() -> None:
    r = last(EB, [shot(0, hits=["12"], rails=["12"], call=("3", "top-left"))], start=MID)
    assert fouls(r) == ["POOL-6.2"] and r["in_hand"] == "table" and r["to_play"] == 1
    r = last(EB, [shot(0, hits=["12"], rails=["12"], call="safety")], start=ON_EIGHT)
    assert fouls(r) == ["POOL-6.2"]  # only the 8 is on


def test_p8_3_11_stalemate_breaker_breaks_again() -> None:
    r = last(EB, [{"stalemate": {}}], start=pos(MID["balls"], breaker=1,
                                                  groups=["solids", "stripes"]))
    assert r["to_play"] == 1 and r["breaking"] and r["groups"] == [None, None]


def test_eight_ball_bad_input() -> None:
    with pytest.raises(RecordError, match="groups"):
        referee(record(EB, [], pos(MID["balls"], groups=["solids", "solids"])))
    assert "not an object ball on the table" in error(
        EB, [shot(0, hits=["3"], call=("6", "top-left"))], start=MID)
    assert "push out" in error(EB, [shot(0, hits=["3"], push_out=True)], start=MID)
    assert KITCHEN
