"""Records without positions (protocol 1.1, ``rules.positions: false``): the referee rules
from what a marker knows; geometry's questions are answered by ``shot.rest`` and the
``judgement`` flags (shared/spec/referee-protocol-1.1.md, section 2)."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from cuesport.protocol import RefereeSession, referee
from cuesport.record import RecordError
from record_builders import cushion, hit, pot, ruled, shot
from record_builders import positions_free as record

# ---------------------------------------------------------------- the issue's case

ISSUE_RECORD = record("snooker", [
    shot(0, hit("cue", "red"), cushion("cue")),  # break-off
    shot(1, hit("cue", "red"), pot("red")),  # a red
    shot(1, hit("cue", "black"), pot("black", "top-right"), nominate="black"),  # the black
    shot(1, cushion("cue", 0.6)),  # a stroke that hits nothing
])


def test_cli_referees_a_snooker_record_without_coordinates(tmp_path):
    path = tmp_path / "frame.json"
    path.write_text(json.dumps(ISSUE_RECORD), encoding="utf-8")
    res = subprocess.run([sys.executable, "-m", "cuesport", "referee", str(path)],
                         capture_output=True, text=True, check=True)
    rulings = [json.loads(line) for line in res.stdout.splitlines()]
    assert [r["score"] for r in rulings] == [[0, 0], [0, 1], [0, 8], [4, 8]]
    assert rulings[2]["respotted"] == {"black": "black-spot"}
    assert rulings[3]["fouls"] == [
        {"rule": "SNK-3.12(a)(v)", "name": "missed-all-balls", "penalty": 4}]
    assert rulings[3]["to_play"] == 0 and rulings[3]["options"] == ["play", "pass"]
    balls = rulings[1]["state"]["balls"]
    assert isinstance(balls, list) and "red15" not in balls and "red14" in balls
    assert all(isinstance(b, str) for b in balls)


def test_the_docs_example_runs_as_written():
    from pathlib import Path
    page = Path(__file__).resolve().parents[2] / "docs" / "positions-free.md"
    text = page.read_text(encoding="utf-8")
    block = text.split("```json\n", 1)[1].split("```", 1)[0]
    assert [r["score"] for r in ruled(json.loads(block))] == [[0, 0], [0, 1], [0, 8], [4, 8]]


# ---------------------------------------------------------------- version and input checks

def test_a_version_1_record_refuses_rules_positions():
    with pytest.raises(RecordError, match=r"rules\.positions: a version 1\.1 input"):
        referee({"discipline": "snooker", "rules": {"positions": False}, "actions": []})


@pytest.mark.parametrize("extra, field", [
    ({"rest": {"snookered": True}}, "shot.rest"),
    ({"judgement": {"clear_path": True}}, "shot.judgement.clear_path"),
    ({"judgement": {"misplaced": False}}, "shot.judgement.misplaced"),
    ({"judgement": {"fell": []}}, "shot.judgement.fell"),
])
def test_a_version_1_record_refuses_positions_free_shot_inputs(extra, field):
    rec = {"discipline": "snooker", "players": ["Ann", "Bob"], "actions": [
        {"shot": {"player": 0, "cue_ball": [300.0, 600.0], "events": [], **extra}}]}
    out = referee(rec)
    assert "error" in out[0] and out[0]["error"].startswith(field)
    assert "version 1.1" in out[0]["error"]


def test_the_version_is_1_or_the_string_1_1():
    for bad in (1.1, "1", 2, True):
        with pytest.raises(RecordError, match="integer 1 or the string"):
            referee({"protocol": bad, "discipline": "snooker", "actions": []})


def _without_order(ruling: dict[str, Any]) -> dict[str, Any]:
    """A 1.1 ruling less the order of play of sides (member, pass_to, lost_turn, up)."""
    out = {k: v for k, v in ruling.items() if k not in ("member", "pass_to", "lost_turn")}
    if "state" in out:
        out["state"] = {k: v for k, v in out["state"].items()
                        if k not in ("member", "up", "pass_to")}
    return out


def test_protocol_1_1_without_new_inputs_rules_as_version_1():
    """The draft: version 1 rulings plus the order of play fields (section 1)."""
    from pathlib import Path
    example = Path(__file__).resolve().parents[2] / "examples"
    recs = sorted(example.rglob("*.json"))
    assert recs
    checked = 0
    for path in recs:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or "discipline" not in data or "actions" not in data:
            continue
        v1 = referee(data)
        v11 = [_without_order(r) for r in referee(data | {"protocol": "1.1"})]
        assert v11 == v1, path.name
        checked += 1
    assert checked >= 3


def test_flags_with_positions_are_refused():
    rec = record("snooker", [shot(0, hit("cue", "red"), judgement={"clear_path": True},
                                  cue_ball=[300.0, 600.0])])
    rec["rules"] = {"positions": True}
    out = referee(rec)
    assert "only a record without positions" in out[0]["error"]


@pytest.mark.parametrize("extra, words", [
    ({"cue_ball": [300.0, 600.0]}, "shot.cue_ball: a record without positions"),
    ({"after": {"cue": [300.0, 900.0]}}, "shot.after: a record without positions"),
    ({"judgement": {"baulk_crossed": True}}, "judgement.baulk_crossed: not a judgement "
                                             "of snooker"),
    ({"rest": {"interferes": ["red1"]}}, "rest.interferes: not a fact"),
    ({"rest": {"touching": {"white": ["red1"]}}}, "'white' is not a cue ball"),
    ({"rest": {"occupied": ["middle-spot"]}}, "rest.occupied"),
    ({"judgement": {"railed": {"cue": True}}}, "judgement.railed: not a judgement of snooker"),
    ({"judgement": {"fell": ["pink"]}}, "judgement.fell: 'pink' was not potted"),
    ({"judgement": {"fell": ["purple"]}}, "unknown ball 'purple'"),
])
def test_bad_positions_free_input_names_the_field_and_changes_nothing(extra, words):
    session = RefereeSession(record("snooker", []))
    before = session.state
    out = session.feed(shot(0, hit("cue", "red"), **extra))
    assert "error" in out and words in out["error"]
    assert session.state is before and session.index == 0


def test_snk_3_12_a_iv_misplaced_only_when_in_hand():
    session = RefereeSession(record("snooker", []))
    session.feed(shot(0, hit("cue", "red"), cushion("cue")))
    out = session.feed(shot(1, hit("cue", "red"), judgement={"misplaced": True}))
    assert "not in hand" in out["error"]


def test_a_start_lists_its_balls_by_name():
    start = {"balls": ["cue", "red3", "black"], "to_play": 1, "score": [40, 30]}
    out = ruled(record("snooker", [shot(1, hit("cue", "red"), pot("red"))], start=start))
    assert out[0]["score"] == [40, 31]
    assert out[0]["state"]["balls"] == ["cue", "black"]
    again = ruled(record("snooker", [], start=out[0]["state"]) | {
        "actions": [shot(1, hit("cue", "black"), pot("black"), nominate="black")]})
    assert again[0]["score"] == [40, 38]


def test_a_start_with_positions_is_refused_without_positions():
    with pytest.raises(RecordError, match="a list of names"):
        referee(record("snooker", [], start={"balls": {"cue": [300.0, 600.0]}}))


def test_the_session_record_replays_without_positions():
    session = RefereeSession(record("snooker", [], start={"balls": ["cue", "red1", "pink"]}))
    first = session.feed(shot(0, hit("cue", "red"), pot("red")))
    rec = session.record()
    assert rec["start"]["balls"] == ["cue", "red1", "pink"]
    assert referee(rec)[0] == first


# ---------------------------------------------------------------- snooker, rule by rule

def test_snk_3_7_respot_on_the_declared_spots():
    # SNK-3.7(d), (e): own spot occupied -> the highest-value free spot
    start = {"balls": ["cue", "red1", "yellow", "black"]}
    out = ruled(record("snooker", [
        shot(0, hit("cue", "red"), pot("red")),
        shot(0, hit("cue", "black"), pot("black"), nominate="black",
             rest={"occupied": ["black-spot", "pink-spot"]}),
    ], start=start))
    assert out[1]["respotted"] == {"black": "blue-spot"}
    assert out[1]["state"]["rest"]["occupied"] == ["black-spot", "pink-spot", "blue-spot"]


def test_snk_3_7_f_no_free_spot_near_own_spot():
    start = {"balls": ["cue", "red1", "black"]}
    spots = ["yellow-spot", "green-spot", "brown-spot", "blue-spot", "pink-spot",
             "black-spot"]
    out = ruled(record("snooker", [
        shot(0, hit("cue", "red"), pot("red")),
        shot(0, hit("cue", "black"), pot("black"), nominate="black",
             rest={"occupied": spots}),
    ], start=start))
    assert out[1]["respotted"] == {"black": "near-own-spot"}


def test_snk_3_8_touching_ball_declared_at_rest():
    out = ruled(record("snooker", [
        shot(0, hit("cue", "red"), cushion("cue"), rest={"touching": {"cue": ["red4"]}}),
        # SNK-3.8(c): the touching red on counts as hit; played away, no contact needed
        shot(1, cushion("cue", 0.5), cushion("cue", 1.0)),
    ]))
    assert out[0]["touching"] == ["red4"]
    assert "Touching ball" in out[0]["announce"]
    assert out[1]["legal"] is True and out[1]["fouls"] == []


def test_snk_3_8_b_pushing_the_touching_ball_is_a_foul():
    out = ruled(record("snooker", [
        shot(0, hit("cue", "red"), cushion("cue"), rest={"touching": {"cue": ["red4"]}}),
        shot(1, hit("cue", "red"), judgement={"push_stroke": True}),
    ]))
    assert out[1]["legal"] is False


def test_snk_3_12_a_iv_cue_ball_misplaced_from_hand():
    out = ruled(record("snooker", [shot(0, hit("cue", "red"), cushion("cue"),
                                        judgement={"misplaced": True})]))
    assert [f["rule"] for f in out[0]["fouls"]] == ["SNK-3.12(a)(iv)"]
    assert out[0]["score"] == [0, 4]


def test_snk_3_10_free_ball_from_rest_snookered_on_a_foul():
    out = ruled(record("snooker", [
        shot(0, hit("cue", "red"), cushion("cue")),
        shot(1, hit("cue", "blue"), cushion("cue"), rest={"snookered": True}),
        shot(0, hit("cue", "green"), pot("green", "middle-left"), nominate="green"),
    ]))
    assert out[1]["fouls"][0]["rule"] == "SNK-3.12(b)(iv)"
    assert out[1]["free_ball"] is True and "Free ball" in out[1]["announce"]
    # SNK-3.10(a)(ii), (c): the free ball scores as a red and is respotted
    assert out[2]["points"] == [1, 0] and out[2]["respotted"] == {"green": "green-spot"}
    assert out[2]["phase"] == "colour"


def test_snk_3_10_rest_snookered_on_a_fair_stroke_is_ignored_with_a_review_note():
    out = ruled(record("snooker", [shot(0, hit("cue", "red"), cushion("cue"),
                                        rest={"snookered": True})]))
    assert out[0]["free_ball"] is False
    assert any("rest.snookered ignored" in n for n in out[0]["review"])


def test_snk_3_10_f_free_ball_withdrawn_on_pass():
    out = ruled(record("snooker", [
        shot(0, hit("cue", "red"), cushion("cue")),
        shot(1, hit("cue", "blue"), rest={"snookered": True}),
        {"decision": {"player": 0, "choice": "pass"}},
    ]))
    assert out[2]["free_ball"] is False and out[2]["to_play"] == 1


def test_snk_3_10_b_ii_free_ball_snookering_the_opponent():
    out = ruled(record("snooker", [
        shot(0, hit("cue", "red"), cushion("cue")),
        shot(1, hit("cue", "blue"), rest={"snookered": True}),
        shot(0, hit("cue", "green"), cushion("green"), nominate="green",
             rest={"snookered": True, "snookered_by": ["green"]}),
    ]))
    assert [f["rule"] for f in out[2]["fouls"]] == ["SNK-3.12(a)(vii)"]
    assert out[2]["free_ball"] is True  # the next player is snookered too


def test_snk_3_14_c_foul_and_a_miss_from_the_clear_path_flag():
    actions = [
        shot(0, hit("cue", "red"), cushion("cue")),
        shot(1, cushion("cue", 0.6), judgement={"clear_path": True, "full_ball": True}),
        {"decision": {"player": 0, "choice": "replace"}},
        shot(1, hit("cue", "red"), cushion("red")),
    ]
    out = ruled(record("snooker", actions))
    assert out[1]["miss"] is True and "Foul and a miss" in out[1]["announce"]
    assert out[1]["options"] == ["play", "pass", "replace"] and out[1]["miss_count"] == 1
    assert out[1]["state"]["before"]["full"] is True
    assert out[2]["to_play"] == 1 and out[2]["score"] == [4, 0]
    assert out[3]["legal"] is True and out[3]["miss_count"] == 0


def test_snk_3_14_a_no_clear_path_no_miss_unless_judged():
    out = ruled(record("snooker", [
        shot(0, hit("cue", "red"), cushion("cue")),
        shot(1, cushion("cue", 0.6)),
        {"decision": {"player": 0, "choice": "play"}},
        shot(0, cushion("cue", 0.6), judgement={"miss": True}),
    ]))
    assert out[1]["miss"] is False
    assert out[3]["miss"] is True


def test_snk_3_14_c_i_three_misses_with_full_ball_award_the_frame():
    miss = shot(1, cushion("cue", 0.6), judgement={"clear_path": True, "full_ball": True})
    replace = {"decision": {"player": 0, "choice": "replace"}}
    out = ruled(record("snooker", [
        shot(0, hit("cue", "red"), cushion("cue")), miss, replace, miss, replace, miss]))
    assert "warning" in out[4] and out[4]["warning"] is True
    assert out[5]["frame_over"] is True and out[5]["winner"] == 0


def test_snk_3_9_generic_reds_potted_after_a_red_was_hit_count():
    out = ruled(record("snooker", [
        shot(0, hit("cue", "red"), pot("red"), pot("red", "top-right", 0.9)),
    ]))
    assert out[0]["points"] == [2, 0]
    assert "red15" not in out[0]["state"]["balls"] and "red14" not in out[0]["state"]["balls"]
    assert "red13" in out[0]["state"]["balls"]


def test_snk_3_9_a_ball_declared_fallen_by_itself_goes_back():
    # judgement.fell: the referee's eye instead of the events' hits; a colour potted in a
    # stroke with no hit naming it counts once the marker says nothing fell by itself
    out = ruled(record("snooker", [
        shot(0, hit("cue", "red"), pot("red")),
        shot(0, hit("cue", "blue"), pot("blue"), pot("pink", t=0.9), nominate="blue",
             judgement={"fell": []}),
    ]))
    assert out[1]["fouls"][0]["rule"] == "SNK-3.12(b)(iii)"  # the pink is not on
    out = ruled(record("snooker", [
        shot(0, hit("cue", "red"), pot("red")),
        shot(0, hit("cue", "blue"), pot("blue"), pot("pink", t=0.9), nominate="blue",
             judgement={"fell": ["pink"]}),
    ]))
    assert out[1]["legal"] is True and out[1]["points"] == [5, 0]
    assert out[1]["respotted"]["pink"] == "replaced"
    # without the flag the events decide, as before: no hit names the pink
    out = ruled(record("snooker", [
        shot(0, hit("cue", "red"), pot("red")),
        shot(0, hit("cue", "blue"), pot("blue"), pot("pink", t=0.9), nominate="blue"),
    ]))
    assert out[1]["legal"] is True and out[1]["respotted"]["pink"] == "replaced"


def test_snk_3_9_a_red_declared_fallen_is_one_of_the_reds_potted():
    out = ruled(record("snooker", [
        shot(0, hit("cue", "red"), pot("red"), pot("red", "top-right", 0.9),
             judgement={"fell": ["red"]}),
    ]))
    assert out[0]["points"] == [1, 0]
    assert len([b for b in out[0]["state"]["balls"] if b.startswith("red")]) == 14


def test_pool_6_3_rails_from_the_railed_judgement():
    # judgement.railed: the rails after contact as the referee saw them, no cushion events
    start = {"balls": ["cue", "3", "5", "9"], "breaking": False}
    for railed, fouled in (({"cue": False, "objects": 0}, True), ({"cue": True}, False),
                           ({"objects": 1}, False)):
        out = ruled(record("nine-ball", [shot(0, hit("cue", "3"), judgement={
            "railed": railed})], start=start))
        assert ("POOL-6.3" in [f["rule"] for f in out[0]["fouls"]]) is fouled, railed
    # a pocketed ball counts as reaching a rail whatever the count says
    out = ruled(record("nine-ball", [shot(0, hit("cue", "3"), pot("5"), judgement={
        "railed": {"objects": 0}})], start=start))
    assert out[0]["legal"] is True


def test_p9_2_3_open_break_rails_from_the_railed_judgement():
    for n, legal in ((3, False), (4, True)):
        out = ruled(record("nine-ball", [shot(0, hit("cue", "1"), judgement={
            "railed": {"objects": n}})]))
        assert out[0]["legal"] is legal, n


def test_p141_4_3_break_rails_from_the_railed_judgement():
    for railed, legal in (({"cue": True, "objects": 2}, True), ({"objects": 3}, False),
                          ({"cue": True, "objects": 1}, False)):
        out = ruled(record("straight-pool", [{"shot": {
            "player": 0, "call": "safety", "events": [hit("cue", "1")],
            "judgement": {"railed": railed}}}]))
        assert out[0]["legal"] is legal, railed


def test_railed_and_cushion_events_together_are_refused():
    session = RefereeSession(record("nine-ball", []))
    out = session.feed(shot(0, hit("cue", "1"), cushion("1"),
                            judgement={"railed": {"objects": 4}}))
    assert "judgement.railed: the rails are given once" in out["error"]
    assert session.index == 0


def test_snk_3_15_restored_balls_come_back():
    start = {"balls": ["cue", "red1", "black"]}
    out = ruled(record("snooker", [
        {"shot": {"player": 0, "stroke": False, "events": [],
                  "judgement": {"outside_interference": True},
                  "rest": {"restored": ["pink"]}}},
    ], start=start))
    assert out[0]["respotted"] == {"pink": "replaced"}
    assert "pink" in out[0]["state"]["balls"]


def test_snk_3_4_b_respotted_black_on_its_spot():
    start = {"balls": ["cue", "black"], "score": [50, 43], "phase": "sequence"}
    out = ruled(record("snooker", [
        shot(1, hit("cue", "black"), pot("black"), nominate="black"),
    ], start=start | {"to_play": 1}))
    assert out[0]["respotted"] == {"black": "black-spot"}
    assert out[0]["respotted_black"] is True


# ---------------------------------------------------------------- the draft's examples

def test_draft_snooker_example_two_handed():
    """The draft's four-handed example played by two players (sides are another branch):
    SNK-3.10 free ball, SNK-3.14 foul and a miss, replace."""
    rec = record("snooker", [
        shot(0, hit("cue", "red"), cushion("cue", 1.2), cushion("cue", 2.0)),
        shot(1, hit("cue", "red"), pot("red")),
        shot(1, hit("cue", "black"), pot("black", "top-right", 0.5), nominate="black"),
        shot(1, hit("cue", "blue"), cushion("cue", 0.9), rest={"snookered": True}),
        shot(0, hit("cue", "green"), pot("green", "middle-left", 0.7), nominate="green"),
        shot(0, hit("cue", "blue"), cushion("blue", 1.1), nominate="blue"),
        shot(1, cushion("cue", 0.6), cushion("cue", 1.5),
             judgement={"clear_path": True, "full_ball": True}),
        {"decision": {"player": 0, "choice": "replace"}},
        shot(1, hit("cue", "red"), cushion("red", 1.4)),
    ])
    out = ruled(rec)
    table = [(r["points"], r["score"], r["to_play"], r["options"]) for r in out]
    assert table == [
        ([0, 0], [0, 0], 1, []),
        ([0, 1], [0, 1], 1, []),
        ([0, 7], [0, 8], 1, []),
        ([5, 0], [5, 8], 0, ["play", "pass"]),
        ([1, 0], [6, 8], 0, []),
        ([0, 0], [6, 8], 1, []),
        ([4, 0], [10, 8], 0, ["play", "pass", "replace"]),
        ([0, 0], [10, 8], 1, []),
        ([0, 0], [10, 8], 0, []),
    ]
    assert out[1]["ball_on"] == ["any-colour"] and "red15" not in out[1]["state"]["balls"]
    assert out[2]["respotted"] == {"black": "black-spot"} and out[2]["break"] == 8
    assert out[3]["fouls"] == [
        {"rule": "SNK-3.12(b)(iv)", "name": "wrong-ball-first", "penalty": 5}]
    assert out[3]["free_ball"] is True
    assert out[3]["announce"][:3] == ["Foul", "Five away", "Free ball"]
    assert out[3]["state"]["rest"]["snookered"] is True
    assert out[4]["respotted"] == {"green": "green-spot"}
    assert out[6]["fouls"][0]["rule"] == "SNK-3.12(a)(v)" and out[6]["miss"] is True
    assert out[6]["miss_count"] == 1
    assert out[8]["miss_count"] == 0


def test_draft_nine_ball_example_p9_2_4_push_out_and_pool_6_14_three_fouls():
    rec = record("nine-ball", [
        shot(0, hit("cue", "1"), hit("1", "2", 0.05), cushion("2", 0.4), cushion("5", 0.5),
             cushion("7", 0.7), cushion("9", 0.9), cushion("cue", 1.3)),
        shot(1, cushion("cue", 0.9), push_out=True),
        {"decision": {"player": 0, "choice": "pass"}},
        shot(1, hit("cue", "4"), cushion("4", 0.8)),
        shot(0, hit("cue", "1"), cushion("1", 1.0)),
        shot(1, hit("cue", "1"), hit("1", "9", 0.4), pot("9", "top-left", 1.1),
             pot("cue", "middle-right", 1.6), rest={"occupied": ["foot-spot"]}),
        shot(0, hit("cue", "1"), cushion("cue", 0.9)),
        shot(1, hit("cue", "1")),
    ])
    out = ruled(rec)
    table = [(r["to_play"], r["in_hand"], r["options"], r["fouls_in_a_row"],
              [f["rule"] for f in r["fouls"]]) for r in out]
    assert table == [
        (1, None, [], [0, 0], []),
        (0, None, ["play", "pass"], [0, 0], []),
        (1, None, [], [0, 0], []),
        (0, "table", [], [0, 1], ["POOL-6.2"]),
        (1, None, [], [0, 1], []),
        (0, "table", [], [0, 2], ["POOL-6.1"]),
        (1, None, [], [0, 2], []),
        (0, None, [], [0, 0], ["POOL-6.3", "POOL-6.14"]),
    ]
    assert out[0]["state"]["push_out"] is True
    assert out[5]["respotted"] == {"9": "long-string"}  # P9-2.6, POOL-1.4
    assert out[6]["warning"] is True
    assert out[7]["frame_over"] is True and out[7]["winner"] == 0


# ---------------------------------------------------------------- every discipline

def test_pool_1_4_foot_spot_free_when_not_declared_occupied():
    out = ruled(record("nine-ball", [
        shot(0, hit("cue", "1"), hit("1", "9", 0.2), pot("9", t=0.5),
             pot("cue", "middle-right", 0.9)),
    ]))
    assert out[0]["respotted"] == {"9": "foot-spot"}
    assert out[0]["state"]["rest"]["occupied"] == ["foot-spot"]


def test_eight_ball_pool_6_10_and_pool_6_11_from_judgement_flags():
    out = ruled(record("eight-ball", [
        shot(0, hit("cue", "1"), cushion("2", 0.3), cushion("3", 0.4), cushion("4", 0.5),
             cushion("5", 0.6), pot("cue", "middle-left", 1.0)),
        shot(1, hit("cue", "9"), cushion("9", 0.5)),
    ]))
    assert out[0]["in_hand"] == "kitchen"
    bad = record("eight-ball", [])
    for flag, rule in (("misplaced", "POOL-6.10"), ("not_played_out", "POOL-6.11")):
        session = RefereeSession(bad)
        for a in (shot(0, hit("cue", "1"), cushion("2", 0.3), cushion("3", 0.4),
                       cushion("4", 0.5), cushion("5", 0.6), pot("cue", "middle-left", 1.0)),):
            session.feed(a)
        r = session.feed(shot(1, hit("cue", "9"), cushion("9", 0.5),
                              judgement={flag: True}))
        assert rule in [f["rule"] for f in r["fouls"]], r


def test_nine_ball_refuses_not_played_out():
    session = RefereeSession(record("nine-ball", []))
    out = session.feed(shot(0, hit("cue", "1"), judgement={"not_played_out": True}))
    assert "judgement.not_played_out: not a judgement of nine-ball" in out["error"]


def test_ten_ball_rack_without_positions():
    out = ruled(record("ten-ball", [
        shot(0, hit("cue", "1"), cushion("2", 0.3), cushion("3", 0.4), cushion("4", 0.5),
             cushion("5", 0.6), pot("6", "top-left", 0.9)),
        shot(0, hit("cue", "1"), cushion("cue", 0.7)),
        shot(1, hit("cue", "3"), cushion("3", 0.8)),
    ]))
    assert [r["to_play"] for r in out] == [0, 1, 0]
    assert out[2]["fouls"][0]["rule"] == "POOL-6.2" and out[2]["in_hand"] == "table"
    assert "6" not in out[0]["state"]["balls"] and "cue" in out[0]["state"]["balls"]


def test_straight_pool_p141_4_8_re_rack_with_declared_interference():
    start = {"balls": ["cue", "7", "12"], "score": [30, 20], "breaking": False}
    rec = record("straight-pool", [
        {"shot": {"player": 0, "call": {"ball": "7", "pocket": "top-left"},
                  "events": [hit("cue", "7"), pot("7")],
                  "rest": {"interferes": ["12"]}}},
    ], start=start)
    out = ruled(rec)
    assert out[0]["score"] == [31, 20]
    places = out[0]["respotted"]
    # P141-4.8(3): only the 15th ball interferes: head spot; fourteen balls racked
    assert places.pop("12") == "head-spot"
    assert set(places.values()) == {"rack"} and len(places) == 14
    assert out[0]["state"]["rest"]["occupied"] == ["head-spot"]
    assert len(out[0]["state"]["balls"]) == 16


def test_straight_pool_p141_4_8_re_rack_fifteenth_ball_clear():
    start = {"balls": ["cue", "7", "12"], "score": [30, 20], "breaking": False}
    out = ruled(record("straight-pool", [
        {"shot": {"player": 0, "call": {"ball": "7", "pocket": "top-left"},
                  "events": [hit("cue", "7"), pot("7")]}}], start=start))
    assert set(out[0]["respotted"]) == {str(i) for i in range(1, 16)} - {"12"}
    assert set(out[0]["respotted"].values()) == {"rack"}


def test_snooker_one_red_one_2_11_6_misplaced_and_not_played_out():
    for flag, name in (("misplaced", "cue-ball-not-in-d"),
                       ("not_played_out", "not-played-out-of-baulk")):
        out = ruled(record("snooker-one-red", [
            shot(0, hit("white", "red"), cushion("white"), judgement={flag: True})]))
        assert out[0]["fouls"] == [{"rule": "ONE-2.11(6)", "name": name, "penalty": 2}]
        assert out[0]["score"] == [0, 2]


def test_snooker_one_red_one_2_7_red_respotted_by_name():
    out = ruled(record("snooker-one-red", [
        shot(0, hit("white", "red"), pot("red")),
    ]))
    assert out[0]["legal"] is True and out[0]["points"][0] > 0
    assert out[0]["respotted"] == {"red": "black-spot"}
    # the spot declared occupied: the pyramid spot (ONE-2.7.1)
    out = ruled(record("snooker-one-red", [
        shot(0, hit("white", "red"), pot("red"), rest={"occupied": ["black-spot"]}),
    ]))
    assert out[0]["respotted"] == {"red": "pink-spot"}


def test_snooker_one_red_one_2_10_touching_declared():
    start = {"balls": ["white", "yellow", "red"], "to_play": 0}
    out = ruled(record("snooker-one-red", [
        shot(0, cushion("white", 0.5), rest={"touching": {"yellow": ["red"]}}),
    ], start=start))
    assert "Touching ball" in out[0]["announce"]
    # reset with consent: red on the spot, the other cue ball on the centre spot
    assert out[0]["respotted"] == {"red": "black-spot", "white": "blue-spot"}
    assert out[0]["in_hand"] == "D" and "yellow" not in out[0]["state"]["balls"]


def test_snooker_one_red_one_2_13_1_baulk_crossed_refused_elsewhere():
    session = RefereeSession(record("eight-ball", []))
    out = session.feed(shot(0, hit("cue", "1"), judgement={"baulk_crossed": True}))
    assert "not a judgement of eight-ball" in out["error"]


def test_draft_four_handed_snooker_example_snk_3_17_c_without_positions():
    """The docs' four-handed example as written (sides with members, without positions;
    docs/positions-free.md holds the draft protocol's example)."""
    from pathlib import Path
    page = Path(__file__).resolve().parents[2] / "docs" / "positions-free.md"
    text = page.read_text(encoding="utf-8")
    part = text[text.index("## Example: four-handed snooker without positions"):]
    out = ruled(json.loads(part.split("```json\n", 1)[1].split("```", 1)[0]))
    table = [(r["points"], r["score"], r["to_play"], r["member"], r["options"], r["pass_to"],
              r["lost_turn"], r["state"]["up"]) for r in out]
    assert table == [
        ([0, 0], [0, 0], 1, 0, [], None, [], [1, 0]),
        ([0, 1], [0, 1], 1, 0, [], None, [], [1, 0]),
        ([0, 7], [0, 8], 1, 0, [], None, [], [1, 0]),
        ([5, 0], [5, 8], 0, 1, ["play", "pass"], [1, 0], [], [1, 1]),
        ([1, 0], [6, 8], 0, 1, [], None, [], [1, 1]),
        ([0, 0], [6, 8], 1, 1, [], None, [], [0, 1]),
        ([4, 0], [10, 8], 0, 0, ["play", "pass", "replace"], [1, 1], [], [0, 0]),
        ([0, 0], [10, 8], 1, 1, [], None, [[1, 0]], [1, 0]),
        ([0, 0], [10, 8], 0, 1, [], None, [], [1, 1]),
    ]
    assert out[2]["respotted"] == {"black": "black-spot"}
    assert out[3]["fouls"][0]["rule"] == "SNK-3.12(b)(iv)" and out[3]["free_ball"] is True
    assert out[4]["respotted"] == {"green": "green-spot"}
    assert out[6]["miss"] is True and out[6]["miss_count"] == 1
    assert out[8]["miss_count"] == 0


# ---------------------------------------------------------------- POOL-1.5 spot request

SCRATCH_START = {"balls": ["cue", "3", "12"], "score": [0, 0], "breaking": False}


def scratch(behind: list[str]) -> dict[str, Any]:
    """Player 0 calls the 3 and scratches: the 14.1 opponent has ball in the kitchen."""
    return {"shot": {"player": 0, "call": {"ball": "3", "pocket": "bottom-left"},
                     "events": [hit("cue", "3"), pot("cue", "bottom-left")],
                     "rest": {"behind_head_string": behind}}}


def test_pool_1_5_spot_request_from_the_declared_balls_behind_the_head_string():
    out = ruled(record("straight-pool", [
        scratch(["3", "12"]),
        {"decision": {"player": 1, "choice": "spot-ball", "ball": "12"}},
        {"shot": {"player": 1, "call": "safety",
                  "events": [hit("cue", "12"), cushion("12", 0.5)]}},
    ], start=SCRATCH_START))
    assert out[0]["in_hand"] == "kitchen"
    assert out[0]["options"] == ["play", "spot-ball"]
    assert out[0]["state"]["spot"] == ["3", "12"]  # any of them: the marker names it
    assert "The ball nearest the head string may be spotted" in out[0]["announce"]
    assert out[1]["respotted"] == {"12": "foot-spot"}
    assert out[1]["options"] == [] and out[1]["in_hand"] == "kitchen"
    assert out[1]["state"]["rest"]["occupied"] == ["foot-spot"]
    assert out[1]["state"]["rest"]["behind_head_string"] == ["3"]
    assert out[2]["legal"] and out[2]["to_play"] == 0


def test_pool_1_5_no_spot_request_unless_every_object_ball_is_declared_behind():
    out = ruled(record("straight-pool", [scratch(["3"])], start=SCRATCH_START))
    assert out[0]["in_hand"] == "kitchen" and out[0]["options"] == []
    assert out[0]["state"]["spot"] == []


def test_pool_1_5_declined_spot_request_plays_from_the_kitchen():
    out = ruled(record("straight-pool", [
        scratch(["3", "12"]), {"decision": {"player": 1, "choice": "play"}},
    ], start=SCRATCH_START))
    assert out[1]["options"] == [] and out[1]["respotted"] == {}
    assert out[1]["in_hand"] == "kitchen"


@pytest.mark.parametrize(("decision", "words"), [
    ({"choice": "spot-ball"}, "decision.ball: name the ball to spot"),
    ({"choice": "spot-ball", "ball": "5"}, "decision.ball: '5' is not an object ball"),
    ({"choice": "play", "ball": "3"}, "decision.ball: only a spot-ball decision"),
])
def test_pool_1_5_spot_ball_decision_names_a_ball_on_the_table(decision, words):
    session = RefereeSession(record("straight-pool", [], start=SCRATCH_START))
    assert session.feed(scratch(["3", "12"]))["options"] == ["play", "spot-ball"]
    before = session.state
    out = session.feed({"decision": {"player": 1, **decision}})
    assert words in out["error"]
    assert session.state == before  # bad input changes nothing


def test_pool_1_5_eight_ball_spot_request_after_accepting_an_illegal_break():
    start = {"balls": ["cue", "1", "9"], "score": [0, 0], "breaking": True}
    out = ruled(record("eight-ball", [
        {"shot": {"player": 0, "events": [hit("cue", "1"), pot("cue", "middle-left")],
                  "rest": {"behind_head_string": ["1", "9"]}}},
        {"decision": {"player": 1, "choice": "play"}},  # P8-3.3: the table accepted
        {"decision": {"player": 1, "choice": "spot-ball", "ball": "9"}},
    ], start=start))
    assert out[0]["in_hand"] == "kitchen" and "spot-ball" not in out[0]["options"]
    assert out[1]["options"] == ["play", "spot-ball"]
    assert out[2]["respotted"] == {"9": "foot-spot"}
    assert out[2]["state"]["rest"]["behind_head_string"] == ["1"]


def test_pool_1_5_decision_ball_is_a_version_1_1_input():
    rec = {"discipline": "straight-pool", "players": ["Ann", "Bob"], "rules": {},
           "start": None, "actions": [{"decision": {"player": 0, "choice": "spot-ball",
                                                     "ball": "3"}}]}
    out = referee(rec)
    assert "decision.ball" in out[0]["error"] and "1.1" in out[0]["error"]
