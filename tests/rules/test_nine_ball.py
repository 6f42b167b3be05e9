"""Nine-ball (P9-2.x) and checklist items 12-19."""

from __future__ import annotations

from helpers_pool import FOOT, KITCHEN, break_shot, decide, error, fouls, last, pos, rule, shot

from cuesport.equipment.racks import nine_ball_rack
from cuesport.protocol import RefereeSession
from cuesport.rules.pool import PoolState

NB = "nine-ball"
FOUR = ["2", "3", "4", "5"]
MID = pos({"cue": (635, 800), "3": (300, 1500), "5": (900, 1700), "9": (900, 2200)},
          breaking=False)


def test_p9_2_2_rack_diamond_one_on_foot_spot_nine_in_centre() -> None:
    s = RefereeSession({"discipline": NB})
    assert s.state.balls["1"] == FOOT and s.state.balls["9"][1] > FOOT[1]
    assert dict(s.state.balls) == nine_ball_rack(rng=__import__("random").Random(0))
    assert isinstance(s.state, PoolState) and s.state.in_hand == "kitchen"


def test_checklist_12_p9_2_3_p9_2_4_legal_break_then_push_out_allowed() -> None:
    r = last(NB, [break_shot(rails=FOUR)])
    assert r["legal"] and r["to_play"] == 1 and r["push_out"]
    assert r["ball_on"] == ["1"]


def test_checklist_13_p9_2_3_2_p9_2_7_three_rails_is_illegal_break() -> None:
    r = last(NB, [break_shot(rails=["2", "3", "4"])])
    assert fouls(r) == ["P9-2.3(2)"] and r["in_hand"] == "table" and r["to_play"] == 1
    assert not r["push_out"]


def test_p9_2_3_3_three_ball_break_rule_option() -> None:
    crossing = break_shot(rails=FOUR, cross=["2", "3"])
    assert last(NB, [crossing])["legal"]
    r = last(NB, [crossing], rules={"three_ball_break_rule": True})
    assert fouls(r) == ["P9-2.3(3)"]
    three = break_shot(rails=FOUR, cross=["2", "3", "4"])
    assert last(NB, [three], rules={"three_ball_break_rule": True})["legal"]


def test_p9_2_3_break_must_hit_one_first() -> None:
    r = last(NB, [break_shot(first="2", rails=FOUR)])
    assert "POOL-6.2" in fouls(r)


def test_checklist_14_p9_2_5_nine_on_legal_break_wins() -> None:
    r = last(NB, [break_shot(pots={"9": "top-left"})])
    assert r["frame_over"] and r["winner"] == 0 and r["announce"] == ["Rack to Ann"]


def test_checklist_15_p9_2_4_push_out_no_contact_no_rail_no_foul() -> None:
    out = rule(NB, [break_shot(rails=FOUR),
                    shot(1, push_out=True, after={"cue": (300, 1000)})])
    r = out[-1]
    assert r["legal"] and r["fouls"] == []
    assert r["to_play"] == 0 and r["options"] == ["play", "pass"]
    assert r["announce"] == ["Push out", "Play or pass?"]
    played = last(NB, [break_shot(rails=FOUR), shot(1, push_out=True, after={"cue": (300, 1000)}),
                       decide(0, "play")])
    assert played["to_play"] == 0 and played["options"] == []


def test_p9_2_4_push_out_only_right_after_legal_break() -> None:
    assert "push out" in error(NB, [break_shot(rails=FOUR), shot(1, hits=["1"], rails=["1"]),
                                    shot(0, push_out=True)])
    assert "push out" in error(NB, [break_shot(rails=["2"]), shot(1, push_out=True,
                                                                  cue_ball=(635, 900))])
    # a foul on a push out is a standard foul
    r = last(NB, [break_shot(rails=FOUR), shot(1, push_out=True, pots={"cue": "top-left"})])
    assert fouls(r) == ["POOL-6.1"] and r["in_hand"] == "table" and r["to_play"] == 0


def test_p9_2_4_shot_by_chooser_means_play_and_pusher_shooting_first_is_out_of_turn() -> None:
    push = [break_shot(rails=FOUR), shot(1, push_out=True, after={"cue": (300, 1000)})]
    r = last(NB, [*push, shot(0, hits=["1"], rails=["1"])])
    assert r["legal"] and r["to_play"] == 1
    r = last(NB, [*push, shot(1, hits=["1"], rails=["1"])])
    assert fouls(r) == ["POOL-6.13"]


def test_checklist_16_p9_2_6_nine_on_push_out_spotted_no_win() -> None:
    r = last(NB, [break_shot(rails=FOUR),
                  shot(1, push_out=True, hits=["9"], pots={"9": "top-left"})])
    assert not r["frame_over"] and r["legal"]
    assert "9" in r["respotted"] and r["state"]["balls"]["9"] == list(r["respotted"]["9"])


def test_checklist_17_p9_2_5_combination_on_nine_wins() -> None:
    r = last(NB, [shot(0, hits=["3", ("3", "9")], pots={"9": "top-right"})], start=MID)
    assert r["frame_over"] and r["winner"] == 0


def test_checklist_18_p9_2_6_p9_2_7_nine_on_foul_spotted_ball_in_hand() -> None:
    r = last(NB, [shot(0, hits=["5", ("5", "9")], pots={"9": "top-right"})], start=MID)
    assert fouls(r) == ["POOL-6.2"] and not r["frame_over"]
    assert r["respotted"]["9"] == [635.0, 1905.0]
    assert r["in_hand"] == "table" and r["to_play"] == 1


def test_checklist_19_p9_2_6_object_ball_off_table_not_spotted() -> None:
    start = pos({"cue": (635, 800), "3": (300, 1500), "7": (900, 1700), "9": (900, 2200)})
    r = last(NB, [shot(0, hits=["3", ("3", "7")], rails=["3"], off=["7"])], start=start)
    assert "POOL-6.5" in fouls(r) and "7" not in r["state"]["balls"] and r["respotted"] == {}
    r = last(NB, [shot(0, hits=["3", ("3", "9")], rails=["3"], off=["9"])], start=start)
    assert r["respotted"]["9"] == [635.0, 1905.0]  # only the 9 is spotted


def test_p9_2_5_legal_pot_continues_miss_passes() -> None:
    r = last(NB, [shot(0, hits=["3"], pots={"3": "top-left"})], start=MID)
    assert r["to_play"] == 0 and r["break"] == 1 and r["ball_on"] == ["5"]
    r = last(NB, [shot(0, hits=["3"], rails=["3"], after={"cue": (700, 900)})], start=MID)
    assert r["to_play"] == 1 and r["in_hand"] is None and r["break"] == 0


def test_p9_2_7_standard_foul_ball_in_hand_anywhere() -> None:
    r = last(NB, [shot(0, hits=["5"], rails=["5"])], start=MID)
    assert r["in_hand"] == "table" and "cue" not in {k for k, v in r["state"]["balls"].items()
                                                       if v is not None}
    nxt = last(NB, [shot(0, hits=["5"], rails=["5"]),
                    shot(1, cue_ball=(1000, 2400), hits=["3"], rails=["3"])], start=MID)
    assert nxt["legal"]


def test_p9_2_8_three_successive_fouls_lose_the_rack() -> None:
    start = pos(MID["balls"], fouls_in_a_row=[2, 0], warned=[True, False])
    r = last(NB, [shot(0, hits=["3"], pots={"cue": "top-left"})], start=start)
    assert r["frame_over"] and r["winner"] == 1
    assert r["announce"][-2:] == ["Three successive fouls by Ann", "Rack to Bob"]


def test_p9_2_9_stalemate_same_breaker_breaks_again() -> None:
    out = rule(NB, [break_shot(rails=FOUR), {"stalemate": {}}])
    r = out[-1]
    assert r["to_play"] == 0 and r["breaking"] and r["in_hand"] == "kitchen"
    assert r["state"]["reracks"] == 1 and len(r["respotted"]) == 9
    again = rule(NB, [break_shot(rails=FOUR), {"stalemate": {}}])[-1]
    assert again["respotted"] == r["respotted"]  # reproducible from the seed
    given = {str(n): p for n, p in nine_ball_rack(rng=7).items()}
    r = last(NB, [break_shot(rails=FOUR), {"stalemate": {}}], rules={"racks": [given]})
    assert r["respotted"] == {k: list(v) for k, v in given.items()}


def test_p9_2_1_lag_winner_chooses_breaker() -> None:
    r = last(NB, [{"lag": {"winner": 0, "breaks": 1}}, break_shot(1, rails=FOUR)])
    assert r["legal"] and r["to_play"] == 0


def test_nine_ball_break_placement_in_front_of_head_string_is_foul() -> None:
    r = last(NB, [shot(0, cue_ball=(635, 700), hits=["1"], rails=FOUR)])
    assert "POOL-6.10" in fouls(r)
    assert last(NB, [shot(0, cue_ball=KITCHEN, hits=["1"], rails=FOUR)])["legal"]
