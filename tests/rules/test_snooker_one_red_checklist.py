"""The acceptance checklist of snooker-one-red.md, one test per item."""

from __future__ import annotations

from helpers_one_red import (
    BROWN,
    CENTRE,
    D_CORNER,
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
    red_pot,
    safety,
    shot,
)


def test_checklist_01_one_2_3_2_one_2_7_1_opening_pots_red():
    g = Game()
    s = g.state
    assert s["balls"] == {"red": list(SPOT)}
    assert s["to_play"] == 0 and s["in_hand"] == "D"
    r = g.play(shot(0, cross("white"), hit("white", "red"), pot("red"), cue_ball=(889, 700),
                    after={"white": (889, 2900)}))
    assert r["legal"] and r["points"] == [3, 0]
    assert r["respotted"] == {"red": list(SPOT)}
    assert r["to_play"] == 0 and r["in_hand"] is None and r["break"] == 3


def test_checklist_02_one_2_3_3_yellow_enters_from_hand():
    g = Game()
    r = g.play(shot(0, cross("white"), hit("white", "red"), cue_ball=IN_D,
                    after={"white": (889, 2900), "red": (700, 3300)}))
    assert r["legal"] and r["points"] == [0, 0]
    assert r["to_play"] == 1 and r["in_hand"] == "D"
    assert "yellow" not in r["state"]["balls"]
    r = g.play(shot(1, cross("yellow"), hit("yellow", "red"), cue_ball=(950, 650),
                    after={"yellow": (800, 3000)}))
    assert r["legal"] and r["state"]["balls"]["yellow"] == [800, 3000]


def test_checklist_03_one_2_4_4_cannon_scores_two():
    g = Game(position(MID))
    r = g.play(cannon(0))
    assert r["points"] == [2, 0]
    assert r["consecutive_cannons"] == 1 and r["consecutive_hazards"] == 0


def test_checklist_04_one_2_5_3_one_2_5_4_1_red_first_cannon_pot_in_off_is_8():
    g = Game(position(MID))
    r = g.play(shot(0, hit("white", "red"), hit("white", "yellow"), pot("red"), pot("white")))
    assert r["legal"] and r["points"] == [8, 0]
    assert r["in_hand"] == "D" and r["to_play"] == 0


def test_checklist_05_one_2_5_4_3_simultaneous_in_off_is_4():
    g = Game(position(MID))
    r = g.play(shot(0, hit("white", "red", t=0.2), hit("white", "yellow", t=0.2),
                    pot("white", t=0.9)))
    assert r["points"] == [4, 0]


def test_checklist_06_one_2_4_5_potted_opponent_ball_stays_off():
    g = Game(position(MID))
    r = g.play(shot(0, hit("white", "yellow"), pot("yellow", "middle-right")))
    assert r["points"] == [2, 0] and "yellow" not in r["state"]["balls"]
    r = g.play(safety(0))
    assert "yellow" not in r["state"]["balls"]
    assert r["to_play"] == 1 and r["in_hand"] == "D"


def test_checklist_07_one_2_7_2_one_2_7_3_cycle_spot_spot_centre():
    g = Game(position(MID, red_origin="SPOT"))
    assert g.play(red_pot())["respotted"] == {"red": list(SPOT)}
    r = g.play(red_pot())
    assert r["respotted"] == {"red": list(CENTRE)}
    assert r["state"]["red_origin"] == "CENTRE"
    r = g.play(red_pot())
    assert r["respotted"] == {"red": list(SPOT)}
    assert r["state"]["red_count"] == 0


def test_checklist_08_one_2_7_2_1_one_2_7_2_2_centre_covered():
    start = {"white": (600.0, 1500.0), "yellow": CENTRE, "red": SPOT}
    g = Game(position(start, red_origin="SPOT"))
    g.play(red_pot())
    r = g.play(red_pot())
    assert r["respotted"] == {"red": list(PYRAMID)}  # ONE-2.7.2(1)
    # centre and pyramid both covered by the two cue balls: the spot, "uncounted"
    start = {"white": PYRAMID, "yellow": CENTRE, "red": SPOT}
    g = Game(position(start, red_origin="SPOT", red_count=1))
    r = g.play(red_pot())
    assert r["respotted"] == {"red": list(SPOT)}  # ONE-2.7.2(2)
    assert r["state"]["red_origin"] == "SPOT_UNCOUNTED"
    r = g.play(red_pot())
    assert r["respotted"] == {"red": list(SPOT)}
    assert r["state"]["red_count"] == 0 and r["state"]["red_origin"] == "SPOT"


def test_checklist_09_one_2_6_6_direct_play_at_ball_in_baulk():
    g = Game(position({"red": (889, 730), "yellow": (1200, 2200)}))
    r = g.play(shot(0, hit("white", "red"), cue_ball=(889, 600)))
    assert not r["legal"] and r["points"] == [0, 2]
    assert [f["rule"] for f in r["fouls"]] == ["ONE-2.11(6)"]
    assert r["fouls"][0]["name"] == "ball-in-baulk-played-directly"


def test_checklist_10_one_2_6_4_out_cushion_back_then_ball_in_baulk_is_legal():
    g = Game(position({"red": (700, 500), "yellow": (1200, 2200)}))
    r = g.play(shot(0, cross("white"), cushion("white"), cross("white"), hit("white", "red"),
                    cue_ball=IN_D))
    assert r["legal"] and r["fouls"] == []


def test_checklist_11_one_2_6_4_straight_back_into_baulk_is_a_foul():
    g = Game(position({"red": (700, 500), "yellow": (1200, 2200)}))
    r = g.play(shot(0, cross("white"), cross("white"), hit("white", "red"), cue_ball=IN_D))
    assert not r["legal"] and r["fouls"][0]["rule"] == "ONE-2.11(6)"
    assert r["points"] == [0, 2]


def test_checklist_12_one_2_6_5_baulk_cushion_first_is_legal():
    g = Game(position({"red": (889, 2000), "yellow": (1200, 2200)}))
    r = g.play(shot(0, cushion("white"), cross("white"), hit("white", "red"), cue_ball=IN_D))
    assert r["legal"]


def test_checklist_13_one_2_9_2_one_2_11_11_sixteenth_hazard_is_a_foul():
    g = Game(position(MID, red_origin="SPOT"))
    for i in range(15):
        r = g.play(red_pot())
        assert r["legal"] and r["consecutive_hazards"] == i + 1
    r = g.play(red_pot())
    assert not r["legal"] and [f["rule"] for f in r["fouls"]] == ["ONE-2.11(11)"]
    assert r["points"] == [0, 2] and r["score"] == [45, 2]


def test_checklist_14_one_2_8_1_one_2_11_12_seventy_sixth_cannon_is_a_foul():
    start = position(MID, score=(150, 0), brk=150, consecutive_cannons=74,
                     cannons_announced=70)
    g = Game(start, rules={"target": 1000})
    r = g.play(cannon())
    assert r["legal"] and r["consecutive_cannons"] == 75
    r = g.play(cannon())
    assert not r["legal"] and [f["rule"] for f in r["fouls"]] == ["ONE-2.11(12)"]
    assert r["points"] == [0, 2] and r["consecutive_cannons"] == 0


def test_checklist_15_one_2_9_3_late_ten_hazards_call():
    g = Game(position(MID, red_origin="SPOT"))
    for i in range(1, 18):
        late = i in (10, 11)
        r = g.play(red_pot() if not late else
                   shot(0, hit("white", "red"), pot("red"), announcement_late=True))
        assert r["legal"], i
        assert ("Ten hazards" in r["announce"]) == (i == 12), i
    r = g.play(red_pot())
    assert not r["legal"] and r["fouls"][0]["rule"] == "ONE-2.11(11)"


def test_checklist_16_one_2_9_4_opponent_ball_back_after_fifteenth_hazard():
    # the first visit: the yellow has never been on the table
    g = Game(position({"white": (600, 1500), "red": SPOT}, consecutive_hazards=14,
                      hazards_announced=10, score=(42, 0), brk=42))
    r = g.play(red_pot())
    assert r["legal"] and r["respotted"]["yellow"] == list(BROWN)
    # the middle of the baulk line is occupied by the white: the D's right-hand corner
    g = Game(position({"white": (889, 700), "red": SPOT}, consecutive_hazards=14,
                      hazards_announced=10, score=(42, 0), brk=42))
    r = g.play(red_pot())
    assert r["respotted"]["yellow"] == list(D_CORNER)


def test_checklist_17_one_2_12_3_three_infringements_cost_two():
    g = Game(position(MID))
    r = g.play(shot(0, hit("white", "red"), off("red"), push_stroke=True, feet_off_floor=True))
    assert len(r["fouls"]) == 3 and r["points"] == [0, 2]
    assert r["respotted"] == {"red": list(SPOT)}


def test_checklist_18_one_2_12_3_in_hand_then_play_rejected():
    g = Game(position(MID))
    r = g.play(nothing(0))
    assert r["options"] == ["play", "in-hand"] and r["to_play"] == 1
    r = g.play(decide(1, "in-hand"))
    balls = r["state"]["balls"]
    assert balls == {"red": list(SPOT), "white": list(CENTRE)}
    assert r["in_hand"] == "D" and r["options"] == []
    assert "no decision" in g.bad(decide(1, "play"))


def test_checklist_19_one_2_10_touching_ball_after_scoring_stroke():
    g = Game(position(MID))
    r = g.play(cannon(0, after={"red": (400, 2500), "white": (400, 2552.6)}))
    assert "Touching ball" in r["announce"]
    assert r["state"]["balls"] == {"red": list(SPOT), "yellow": list(CENTRE)}
    assert r["to_play"] == 0 and r["in_hand"] == "D" and r["points"] == [2, 0]


def test_checklist_20_one_2_13_4_hundred_passed_without_crossing():
    g = Game(position(MID, score=(93, 20), brk=93), rules={"target": 300})
    r = g.play(shot(0, hit("white", "red"), hit("white", "yellow"), pot("red"),
                    pot("yellow", "top-right"), pot("white", "bottom-left")))
    assert not r["legal"] and [f["rule"] for f in r["fouls"]] == ["ONE-2.13.4"]
    assert r["points"] == [0, 2] and r["score"] == [93, 22]
    assert r["to_play"] == 1 and r["options"] == ["play", "in-hand"]


def test_checklist_21_one_2_13_1_one_2_13_2_crossing_satisfies_the_hundred():
    g = Game(position(MID, score=(85, 0), brk=85), rules={"target": 300})
    r = g.play(shot(0, hit("white", "red"), pot("red"), cross("white"),
                    after={"white": (600, 720)}))
    assert r["legal"] and r["announce"][-1] == "Baulk line crossed"
    assert r["announce"][0] == "eighty-eight"
    assert "baulk-line" not in r["warning"]
    g2 = Game(r["state"], rules={"target": 300})
    while True:
        r = g2.play(cannon())
        assert r["legal"]
        if r["break"] >= 120:
            break
    assert r["state"]["baulk_window"] == 0


def test_checklist_22_one_2_5_5_penalty_reaches_target():
    g = Game(position(MID, to_play=1, score=(98, 50)))
    r = g.play(nothing(1))
    assert r["score"] == [100, 50] and r["frame_over"] and r["winner"] == 0


def test_checklist_23_one_2_11_15_one_2_12_3_miss_both():
    g = Game(position(MID))
    r = g.play(nothing(0))
    assert [f["rule"] for f in r["fouls"]] == ["ONE-2.11(15)"]
    assert r["points"] == [0, 2] and r["options"] == ["play", "in-hand"]


def test_checklist_24_one_2_11_3_one_2_12_2_balls_moving_voids_score():
    g = Game(position(MID, score=(10, 0), brk=10))
    r = g.play(shot(0, hit("white", "red"), hit("white", "yellow"), pot("red"),
                    balls_moving=True))
    assert [f["rule"] for f in r["fouls"]] == ["ONE-2.11(3)"]
    assert r["points"] == [0, 2] and r["score"] == [10, 2]
