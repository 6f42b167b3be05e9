"""A pot's pocket may be ``"unknown"`` in a record without positions (protocol 1.1): a
marker sees where the called ball went, not every other ball's pocket. The referee reads
a pocket only for the called ball (POOL-1.6, P8-3.5, P8-3.8(3)), so unknown pockets of the
other balls rule exactly as any pocket would; and the stroke's intent ``shot.safety`` is a
fact for stats that no rule reads (docs/positions-free.md)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from cuesport.protocol import RefereeSession, referee
from record_builders import cushion, hit, pot, ruled, shot
from record_builders import positions_free as record

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"




def unknown_but_called(rec: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """The record with every pot's pocket unknown except the called ball's; how many
    pockets it changed."""
    out = copy.deepcopy(rec)
    n = 0
    for a in out["actions"]:
        s = a.get("shot")
        if s is None:
            continue
        call = s.get("call")
        called = call.get("ball") if isinstance(call, dict) else None
        for e in s.get("events", []):
            if "pot" in e and e["pot"] != called:
                e["pocket"] = "unknown"
                n += 1
    return out, n


def without_positions(rec: dict[str, Any]) -> dict[str, Any]:
    """A record with positions as the same facts without them (only events, calls and the
    referee's judgements; what needs geometry is not needed by these examples)."""
    out = copy.deepcopy(rec)
    out["protocol"] = "1.1"
    out["rules"] = dict(out.get("rules") or {}) | {"positions": False}
    start = out.get("start")
    if isinstance(start, dict) and isinstance(start.get("balls"), dict):
        start["balls"] = list(start["balls"])
    for a in out["actions"]:
        s = a.get("shot")
        if s is not None:
            s.pop("after", None)
            s.pop("cue_ball", None)
    return out


# pool examples of the called-shot games, and hand-written racks (every called outcome)
CALLED_RACK = record("eight-ball", [
    shot(0, hit("cue", "1"), cushion("2", 0.3), cushion("3", 0.4), cushion("4", 0.5),
         cushion("5", 0.6), pot("9", "top-left", 0.9)),  # open break, a pot
    shot(0, hit("cue", "1"), pot("1", "top-right", 0.7), pot("10", "middle-left", 0.9),
         call={"ball": "1", "pocket": "top-right"}),  # called in: solids; the 10 goes too
    shot(0, hit("cue", "2"), pot("2", "bottom-left", 0.7),
         call={"ball": "2", "pocket": "bottom-right"}),  # in another pocket: turn over
    shot(1, hit("cue", "11"), pot("11", "middle-right", 0.6), pot("3", "top-left", 0.8),
         call={"ball": "11", "pocket": "middle-right"}),
    shot(1, hit("cue", "12"), cushion("12", 0.5), call="safety"),
])


TEN_BALL_RACK = record("ten-ball", [
    shot(0, hit("cue", "1"), cushion("2", 0.3), cushion("3", 0.4), cushion("4", 0.5),
         cushion("5", 0.6), pot("6", "top-left", 0.9)),  # a ball down on the break
    shot(0, hit("cue", "1"), pot("1", "top-left", 0.6), pot("7", "middle-right", 0.8),
         call={"ball": "1", "pocket": "top-left"}),  # called in, the 7 stays down
    shot(0, hit("cue", "2"), pot("3", "bottom-left", 0.7),
         call={"ball": "2", "pocket": "bottom-right"}),  # P10-9.7: another ball
    {"decision": {"player": 1, "choice": "pass"}},
    shot(0, hit("cue", "2"), pot("2", "middle-left", 0.7), pot("10", "top-right", 0.9),
         call={"ball": "2", "pocket": "bottom-right"}),  # the 2 in another pocket
])
STRAIGHT_POOL = record("straight-pool", [
    shot(0, hit("cue", "1"), cushion("cue", 0.3), cushion("2", 0.5), cushion("3", 0.6),
         call="safety"),
    shot(1, hit("cue", "4"), pot("4", "top-left", 0.6), pot("5", "top-right", 0.8),
         pot("6", "bottom-right", 0.9), call={"ball": "4", "pocket": "top-left"}),
    shot(1, hit("cue", "7"), pot("8", "middle-left", 0.7),
         call={"ball": "7", "pocket": "middle-left"}),  # another ball: spotted
    shot(0, hit("cue", "9"), pot("9", "middle-right", 0.6), pot("cue", "top-left", 0.9),
         call={"ball": "9", "pocket": "middle-right"}),  # a scratch
])


def examples() -> list[tuple[str, dict[str, Any]]]:
    out = [("eight-ball rack", CALLED_RACK), ("ten-ball rack", TEN_BALL_RACK),
           ("straight-pool inning", STRAIGHT_POOL)]
    for path in sorted((EXAMPLES / "eight-ball").glob("*.json")):
        out.append((path.name, without_positions(json.loads(path.read_text("utf-8")))))
    return out


@pytest.mark.parametrize("name, rec", examples(), ids=[n for n, _ in examples()])
def test_pool_1_6_unknown_pockets_of_balls_not_called_rule_as_before(name, rec):
    before = ruled(rec)
    changed, n = unknown_but_called(rec)
    assert n > 0, f"{name}: no pot to change"
    assert ruled(changed) == before


def test_pool_1_6_the_called_ball_counts_only_in_its_pocket():
    out = ruled(CALLED_RACK)
    assert out[1]["groups"] == ["solids", "stripes"] and out[1]["to_play"] == 0
    assert out[2]["to_play"] == 1  # the 2 went in, not in the called pocket
    assert out[3]["to_play"] == 1


def test_p8_3_5_eight_in_the_called_pocket_wins_others_unknown():
    start = {"balls": ["cue", "8", "9"], "groups": ["solids", "stripes"],
             "breaking": False}
    out = ruled(record("eight-ball", [
        shot(0, hit("cue", "8"), hit("8", "9", 0.4), pot("9", "unknown", 0.6),
             pot("8", "top-left", 0.9), call={"ball": "8", "pocket": "top-left"}),
    ], start=start))
    assert out[0]["frame_over"] and out[0]["winner"] == 0


def test_p8_3_8_3_eight_in_another_pocket_loses():
    start = {"balls": ["cue", "8", "9"], "groups": ["solids", "stripes"],
             "breaking": False}
    out = ruled(record("eight-ball", [
        shot(0, hit("cue", "8"), pot("8", "middle-right", 0.9),
             call={"ball": "8", "pocket": "top-left"}),
    ], start=start))
    assert out[0]["winner"] == 1
    assert [f["rule"] for f in out[0]["fouls"]] == ["P8-3.8(3)"]


@pytest.mark.parametrize("discipline", ["eight-ball", "ten-ball", "straight-pool"])
def test_pool_1_6_the_called_balls_pocket_is_never_unknown(discipline):
    session = RefereeSession(record(discipline, [], start={
        "balls": ["cue", "3", "4", "9", "10"], "breaking": False}))
    out = session.feed(shot(0, hit("cue", "3"), pot("3", "unknown"),
                            call={"ball": "3", "pocket": "top-left"}))
    assert "events.1.pocket: the called ball '3' was pocketed: name its pocket" in out["error"]
    assert session.feed(shot(0, hit("cue", "3"), pot("3", "top-left"), pot("4", "unknown"),
                             call={"ball": "3", "pocket": "top-left"})).get("legal") is True


def test_unknown_pockets_in_games_without_calls():
    out = ruled(record("snooker", [
        shot(0, hit("cue", "red"), cushion("cue")),
        shot(1, hit("cue", "red"), pot("red", "unknown")),
        shot(1, hit("cue", "black"), pot("black", "unknown"), nominate="black"),
    ]))
    assert [r["score"] for r in out] == [[0, 0], [0, 1], [0, 8]]
    nine = ruled(record("nine-ball", [
        shot(0, hit("cue", "1"), pot("2", "unknown", 0.5), pot("9", "unknown", 0.9)),
    ]))
    assert nine[0]["frame_over"] and nine[0]["winner"] == 0


def test_a_call_never_names_an_unknown_pocket():
    session = RefereeSession(record("eight-ball", [], start={
        "balls": ["cue", "3", "4"], "breaking": False}))
    out = session.feed(shot(0, hit("cue", "3"), call={"ball": "3", "pocket": "unknown"}))
    assert "call" in out["error"] and "pocket" in out["error"]


def test_an_unknown_pocket_is_refused_in_protocol_1_and_with_positions():
    v1 = referee({"discipline": "nine-ball", "players": ["Ann", "Bob"], "actions": [
        shot(0, hit("cue", "1"), pot("2", "unknown"))]})
    assert v1[0]["error"].startswith("shot.events.1.pocket: a version 1.1 input")
    placed = referee({"protocol": "1.1", "discipline": "nine-ball", "players": ["Ann", "Bob"],
                      "actions": [shot(0, hit("cue", "1"), pot("2", "unknown"))]})
    assert placed[0]["error"].startswith(
        "shot.events.1.pocket: only a record without positions")
    assert "a pot names its pocket" in placed[0]["error"]


# ---------------------------------------------------------------- the intent: safety

def test_shot_safety_is_a_fact_no_rule_reads():
    plain = record("snooker", [
        shot(0, hit("cue", "red"), cushion("cue")),
        shot(1, hit("cue", "red"), cushion("red", 0.5), cushion("cue", 0.9)),
    ])
    marked = copy.deepcopy(plain)
    marked["actions"][1]["shot"]["safety"] = True
    assert ruled(marked) == ruled(plain)


def test_shot_safety_is_refused_where_it_does_not_belong():
    v1 = referee({"discipline": "snooker", "players": ["Ann", "Bob"], "actions": [
        shot(0, hit("cue", "red"), safety=True)]})
    assert v1[0]["error"].startswith("shot.safety: only in protocol \"1.1\"")
    called = RefereeSession(record("eight-ball", []))
    out = called.feed(shot(0, hit("cue", "1"), safety=True))
    assert out["error"] == 'safety: a safety is called in Eight-ball: use call: "safety"'
