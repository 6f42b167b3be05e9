"""ONE-2.6.2 (a touch while positioning) and ONE-2.12.4 (a condoned foul): the referee's
opinion carried as judgement flags."""

from __future__ import annotations

from helpers_one_red import MID, SPOT, Game, cannon, hit, position, shot


def in_hand_start() -> dict:
    return position({"red": SPOT, "yellow": (1200.0, 2200.0)})  # the white in hand


def test_one_2_6_2_touch_while_positioning_is_not_in_play() -> None:
    g = Game(in_hand_start())
    before = g.state
    r = g.play(shot(0, stroke=False, positioning=True))
    assert r["legal"] and r["fouls"] == [] and r["points"] == [0, 0]
    assert r["announce"] == ["The cue ball is not in play"]
    assert g.state == before and r["to_play"] == 0 and r["in_hand"] == "D"


def test_one_2_6_2_without_the_opinion_the_touch_is_a_foul() -> None:
    r = Game(in_hand_start()).play(shot(0, stroke=False))
    assert [f["rule"] for f in r["fouls"]] == ["ONE-2.12.1"] and r["points"] == [0, 2]


def test_one_2_6_2_only_for_a_cue_ball_in_hand_and_without_a_stroke() -> None:
    assert "positioning" in Game(position(MID)).bad(shot(0, stroke=False, positioning=True))
    assert "positioning" in Game(in_hand_start()).bad(
        shot(0, hit("white", "red"), cue_ball=(889.0, 700.0), positioning=True))


def test_one_2_6_2_another_ball_touched_is_still_a_foul() -> None:
    r = Game(in_hand_start()).play(shot(0, stroke=False, positioning=True, touched=["red"]))
    assert [f["rule"] for f in r["fouls"]] == ["ONE-2.11(13)"]


def test_one_2_12_4_condoned_foul_is_treated_as_not_having_happened() -> None:
    foul = Game(position(MID)).play(shot(0, hit("white", "red"), hit("white", "yellow"),
                                         double_hit=True))
    assert not foul["legal"] and foul["points"] == [0, 2] and foul["to_play"] == 1
    r = Game(position(MID)).play(shot(0, hit("white", "red"), hit("white", "yellow"),
                                      double_hit=True, condoned=True))
    assert r == Game(position(MID)).play(cannon())  # scored as the fair cannon
    assert r["legal"] and r["points"] == [2, 0] and r["to_play"] == 0


def test_one_2_12_4_condoned_touch_without_a_stroke_changes_nothing() -> None:
    g = Game(position(MID))
    before = g.state
    r = g.play(shot(0, stroke=False, touched=["red"], condoned=True))
    assert r["legal"] and r["points"] == [0, 0] and g.state == before


def test_one_2_12_4_nothing_to_condone_is_refused() -> None:
    assert "condoned" in Game(position(MID)).bad(
        shot(0, hit("white", "red"), hit("white", "yellow"), condoned=True))
