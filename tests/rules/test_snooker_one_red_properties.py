"""Property tests for the 1-red referee: random legal-looking games never crash and never
reach an inconsistent state; malformed records give error objects, never tracebacks."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from typing import Any

from helpers_one_red import position, record
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cuesport.protocol import RefereeSession, referee
from cuesport.record import RecordError, RulingOut
from cuesport.rules.snooker_one_red import CUE, OneRedReferee, OneRedState

R = 26.25
POCKETS = ["bottom-left", "bottom-right", "middle-left", "middle-right", "top-left",
           "top-right"]
# resting places 80 mm apart or more, plus a pair at touching distance and the spots
GRID = [(float(x), float(y)) for x in range(150, 1700, 190) for y in range(200, 3400, 230)]
GRID += [(400.0, 2500.0), (400.0, 2552.6), (889.0, 737.0), (889.0, 1784.5), (889.0, 3245.0)]
FLAGS = ["double_hit", "balls_moving", "feet_off_floor", "jump", "push_stroke",
         "before_respot", "announcement_late"]
TARGET = 120
REF = OneRedReferee({"target": TARGET})


def rare(draw: st.DrawFn, n: int) -> bool:
    """True about once in ``n`` draws (hypothesis favours the ends of a range: use the
    middle)."""
    return draw(st.integers(0, 2 * n)) in (n, n + 1)


@st.composite
def shot_for(draw: st.DrawFn, state: OneRedState) -> dict[str, Any]:
    player = 1 - state.to_play if rare(draw, 10) else state.to_play
    cue = CUE[player]
    body: dict[str, Any] = {"player": player}
    on = set(state.balls)
    if cue not in on:
        a = draw(st.floats(math.pi, 2 * math.pi))
        rad = draw(st.floats(0, 300))
        body["cue_ball"] = [889 + rad * math.cos(a), 737 + rad * math.sin(a)]
        on.add(cue)
    events: list[dict[str, Any]] = []
    live = sorted(on)
    objects = [b for b in live if b != cue]
    if not rare(draw, 6):
        events.append({"hit": [cue, draw(st.sampled_from(objects))]})
    for _ in range(draw(st.integers(0, 7))):
        if not live:
            break
        kind = draw(st.sampled_from(["hit", "hit", "hit", "cushion", "cross", "pot", "off"]))
        ball = draw(st.sampled_from(live))
        if kind == "hit":
            others = [b for b in live if b != ball]
            if not others:
                continue
            first = cue if draw(st.booleans()) and cue in live and ball != cue else ball
            other = draw(st.sampled_from([b for b in live if b != first]))
            events.append({"hit": [first, other]})
        elif kind in ("cushion", "cross"):
            events.append({kind: ball} | ({"line": "baulk"} if kind == "cross" else {}))
        elif kind == "pot" or rare(draw, 3):
            events.append({"pot": ball, "pocket": draw(st.sampled_from(POCKETS))}
                          if kind == "pot" else {"off": ball})
            live.remove(ball)
    same_t = draw(st.booleans())
    for i, e in enumerate(events):
        e["t"] = 0.0 if same_t and i < 2 else 0.1 * i
    body["events"] = events
    moved = draw(st.lists(st.sampled_from(live), unique=True)) if live else []
    spots = draw(st.lists(st.sampled_from(GRID), min_size=len(moved), max_size=len(moved),
                          unique=True))
    if moved:
        body["after"] = {b: list(p) for b, p in zip(moved, spots, strict=True)}
    flags = draw(st.lists(st.sampled_from(FLAGS), unique=True, max_size=2))
    judgement: dict[str, Any] = {f: True for f in flags if rare(draw, 4)}
    if rare(draw, 10):
        judgement["touching_respot_agreed"] = False
    if judgement:
        body["judgement"] = judgement
    if rare(draw, 30):
        body = {"player": player, "stroke": False, "judgement": {"touched": ["red"]}}
    return {"shot": body}


@st.composite
def action_for(draw: st.DrawFn, state: OneRedState) -> dict[str, Any]:
    if state.options and not rare(draw, 3):
        choice = draw(st.sampled_from(["play", "in-hand", "in-hand", "pass"]))
        return {"decision": {"player": state.to_play, "choice": choice}}
    if rare(draw, 60):
        return {"foul": {"player": draw(st.integers(0, 1)), "rule": "ONE-2.11(13)"}}
    return draw(shot_for(state))


def check_consistent(before: dict[str, Any], r: dict[str, Any]) -> None:
    RulingOut.model_validate(r)
    assert [before["score"][i] + r["points"][i] for i in (0, 1)] == r["score"]
    if r["legal"]:
        assert min(r["points"]) == 0 and 0 <= max(r["points"]) <= 10
    else:
        assert sorted(r["points"]) == [0, 2]
    s = r["state"]
    balls = {k: tuple(v) for k, v in s["balls"].items()}
    assert "red" in balls  # ONE-2.7.1: the red is respotted at once
    names = sorted(balls)
    for i, a in enumerate(names):
        x, y = balls[a]
        assert R - 1 <= x <= 1778 - R + 1 and R - 1 <= y <= 3569 - R + 1
        for b in names[i + 1:]:
            assert math.dist(balls[a], balls[b]) >= 2 * R - 1.0, (a, b)
    if not s["frame_over"]:
        assert (CUE[s["to_play"]] not in balls) == (s["in_hand"] == "D")
        assert s["break"] <= s["score"][s["to_play"]]
        if s["options"]:
            assert s["break"] == 0
    else:
        assert s["winner"] is not None and s["score"][s["winner"]] >= TARGET
    assert s["consecutive_cannons"] == 0 or s["consecutive_hazards"] == 0
    # a ruling's state is a valid start that reproduces itself
    assert REF.state_to_json(REF.state_from_json(s)) == s


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from([None, "mid"]))
def test_random_games_never_crash_nor_break_invariants(data, start):
    begin = None if start is None else position(
        {"white": (600, 1500), "yellow": (1200, 2200), "red": (889, 3245)}, score=(70, 70),
        brk=0)
    session = RefereeSession(record(start=begin, rules={"target": TARGET}))
    for _ in range(data.draw(st.integers(1, 40))):
        state = session.state
        assert isinstance(state, OneRedState)
        before = session.referee.state_to_json(state)
        action = data.draw(action_for(state))
        r = session.feed(action)
        if "error" in r:
            assert "internal" not in r["error"], (action, r)
            assert session.referee.state_to_json(session.state) == before
            continue
        check_consistent(before, r)
        if r["frame_over"]:
            break


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5000) | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids,
                                                              max_size=4),
    max_leaves=12,
)
KEYS = ["player", "cue_ball", "events", "after", "judgement", "stroke", "choice", "hit",
        "pot", "pocket", "cross", "line", "t", "declare"]


@st.composite
def mutated_record(draw: st.DrawFn) -> dict[str, Any]:
    rec = record([
        {"shot": {"player": 0, "cue_ball": [889, 700], "events": [
            {"t": 0, "cross": "white", "line": "baulk"}, {"t": 1, "hit": ["white", "red"]},
            {"t": 2, "pot": "red", "pocket": "top-left"}], "after": {"white": [889, 2900]}}},
        {"shot": {"player": 0, "events": [{"t": 0, "cushion": "white"}]}},
        {"decision": {"player": 1, "choice": "in-hand"}},
    ])

    def mutate(node: Any) -> Any:
        if isinstance(node, dict) and node and rare(draw, 3):
            key = draw(st.sampled_from(sorted(node) + KEYS))
            return node | {key: draw(JSON)}
        if isinstance(node, dict):
            return {k: mutate(v) for k, v in node.items()}
        if isinstance(node, list):
            return [mutate(v) for v in node]
        return draw(JSON) if rare(draw, 6) else node

    return mutate(rec)


@settings(max_examples=100, deadline=None)
@given(st.one_of(mutated_record(), JSON))
def test_malformed_records_give_error_objects(rec):
    try:
        out = referee(rec)
    except RecordError:
        return
    for r in out:
        if "error" in r:
            assert "internal" not in r["error"], r


def test_cli_malformed_record_error_object_exit_2():
    bad = record([{"shot": {"player": 0, "cue_ball": [889, 700],
                            "events": [{"hit": ["white", "white"]}]}}])
    for text in (json.dumps(bad), "{", json.dumps({"discipline": "snooker-one-red",
                                                    "start": {"balls": 3}})):
        p = subprocess.run([sys.executable, "-m", "cuesport", "referee", "-"], input=text,
                           capture_output=True, text=True)
        assert p.returncode == 2 and "Traceback" not in p.stderr
        assert "error" in json.loads(p.stdout.strip().splitlines()[-1])
