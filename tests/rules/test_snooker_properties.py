"""Property tests: random legal-looking snooker play never crashes the referee, never
makes an inconsistent state, and malformed input always gives an error object."""

from __future__ import annotations

import math
from typing import Any

from helpers_snooker import record
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cuesport.equipment.geometry import TOUCH_TOL
from cuesport.protocol import RefereeSession, referee
from cuesport.record import RecordError, RulingOut
from cuesport.rules.base import OVERLAP_TOL

R = 26.25
REDS = {f"red{i}" for i in range(1, 16)}
POCKETS = ["bottom-left", "bottom-right", "middle-left", "middle-right", "top-left",
           "top-right"]


def free_point(draw: Any, balls: dict[str, list[float]]) -> list[float] | None:
    for _ in range(20):
        x = draw(st.floats(30.0, 1748.0))
        y = draw(st.floats(30.0, 3539.0))
        if all(math.dist((x, y), p) >= 2 * R + 1.0 for n, p in balls.items() if n != "cue"):
            return [round(x, 1), round(y, 1)]
    return None


def d_point(draw: Any, balls: dict[str, list[float]]) -> list[float]:
    for _ in range(20):
        a = draw(st.floats(math.pi, 2 * math.pi))
        rad = draw(st.floats(0.0, 300.0))  # a little outside the D sometimes
        p = [round(889 + rad * math.cos(a), 1), round(737 + rad * math.sin(a), 1)]
        if all(math.dist(p, q) >= 2 * R + 1.0 for q in balls.values()):
            return p
    return [889.0, 500.0]


@st.composite
def next_action(draw: Any, state: dict[str, Any]) -> dict[str, Any]:
    balls = state["balls"]
    me = state["to_play"]
    if state["lots_pending"]:
        return {"lots": {"to_play": draw(st.integers(0, 1))}}
    if state["options"] and draw(st.booleans()):
        return {"decision": {"player": me, "choice": draw(st.sampled_from(state["options"]))}}
    kind = draw(st.sampled_from(["shot"] * 12 + ["concede", "claim", "foul", "nonstroke"]))
    if kind == "concede":
        return {"concede": {"player": draw(st.integers(0, 1))}}
    if kind == "claim":
        return {"claim": {"player": me}}
    if kind == "foul":
        rule = draw(st.sampled_from(["SNK-3.2(b)(ii)", "SNK-3.14(h)", "SNK-3.12(d)(v)"]))
        return {"foul": {"player": draw(st.integers(0, 1)), "rule": rule}}
    objects = sorted(b for b in balls if b != "cue")
    player = me if draw(st.integers(0, 9)) else 1 - me
    shot: dict[str, Any] = {"player": player}
    if state["in_hand"]:
        shot["cue_ball"] = d_point(draw, balls)
    if kind == "nonstroke":
        shot["stroke"] = False
        if objects:
            shot["judgement"] = {"touched": [draw(st.sampled_from(objects))]}
        return {"shot": shot}
    events: list[dict[str, Any]] = []
    on = good_target(state, objects)
    if on is not None and draw(st.booleans()):  # a good pot, to get through the frame
        events = [{"t": 0.0, "hit": ["cue", on]}, {"t": 0.5, "pot": on, "pocket": "top-left"}]
        if state["phase"] == "colour":
            shot["nominate"] = on
        shot["events"] = events
        p = free_point(draw, {k: v for k, v in balls.items() if k != on})
        if p is not None:
            shot["after"] = {"cue": p}
        return {"shot": shot}
    if objects:
        first = draw(st.lists(st.sampled_from(objects), max_size=2, unique=True))
        for b in first:
            events.append({"t": 0.0, "hit": ["cue", b]})
        pots = draw(st.lists(st.sampled_from([*objects, "cue"]), max_size=3, unique=True))
        t = 0.5
        for b in pots:
            if b != "cue" and first and b not in first:
                events.append({"t": t, "hit": [first[0], b]})
            t += 0.2
        for b in pots:
            events.append({"t": t, "pot": b, "pocket": draw(st.sampled_from(POCKETS))})
            t += 0.2
        if draw(st.integers(0, 15)) == 0:
            rest = [b for b in objects if b not in pots]
            if rest:
                events.append({"t": t + 1, "off": draw(st.sampled_from(rest))})
    shot["events"] = events
    gone = {e.get("pot") or e.get("off") for e in events} - {None}
    if "cue" not in gone:
        p = free_point(draw, {k: v for k, v in balls.items() if k not in gone})
        if p is not None:
            shot["after"] = {"cue": p}
    if objects and draw(st.integers(0, 4)) == 0:
        shot["nominate"] = draw(st.sampled_from(objects))
    flags = draw(st.sampled_from([{}, {}, {}, {"miss": True}, {"jump": True},
                                  {"push_stroke": True}, {"balls_moving": True}]))
    if flags:
        shot["judgement"] = flags
    return {"shot": shot}


def good_target(state: dict[str, Any], objects: list[str]) -> str | None:
    if state["phase"] == "reds":
        reds = [b for b in objects if b in REDS]
        return reds[0] if reds else None
    colours = [c for c in ("yellow", "green", "brown", "blue", "pink", "black") if c in objects]
    if not colours:
        return None
    return colours[-1] if state["phase"] == "colour" else colours[0]


def check_state(state: dict[str, Any], respotted: dict[str, Any]) -> None:
    items = list(state["balls"].items())
    for i, (a, pa) in enumerate(items):
        for b, pb in items[i + 1:]:
            assert math.dist(pa, pb) >= 2 * R - OVERLAP_TOL, (a, b)
    for name, p in respotted.items():  # SNK-3.7(h): a respotted ball touches nothing
        for other, q in state["balls"].items():
            if other != name:
                assert math.dist(p, q) >= 2 * R + TOUCH_TOL - 1e-6, (name, other)


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_random_play_never_crashes_and_stays_consistent(data):
    rules = data.draw(st.sampled_from([{}, {"four_snookers_rule": True},
                                       {"total_points": True, "deciding_frame": True}]))
    s = RefereeSession(record([], None, rules))
    state = s.referee.state_to_json(s.state)
    for _ in range(80):
        if state["frame_over"]:
            break
        action = data.draw(next_action(state))
        r = s.feed(action)
        if "error" in r:
            assert "internal" not in r["error"], (action, r)
            assert s.referee.state_to_json(s.state) == state  # unchanged on error
            continue
        RulingOut.model_validate(r)
        new = r["state"]
        assert [a + b for a, b in zip(state["score"], r["points"], strict=True)] \
            == new["score"]
        assert all(p >= 0 for p in r["points"])
        if r["fouls"]:
            pen = max(f["penalty"] for f in r["fouls"])
            assert 4 <= pen <= 7 and sum(r["points"]) == pen
        old_reds = {b for b in state["balls"] if b in REDS}
        new_reds = {b for b in new["balls"] if b in REDS}
        if "decision" not in action and "stalemate" not in action:
            assert new_reds <= old_reds  # SNK-3.3(g): reds never come back
        # balls put back by a replace may touch as they did; SNK-3.7 respots may not
        spotted = {} if "decision" in action else {
            b: p for b, p in r["respotted"].items() if state["balls"].get(b) != p}
        check_state(new, spotted)
        # the state is a valid start: the round trip gives the same state
        again = RefereeSession(record([], new, rules))
        assert again.referee.state_to_json(again.state) == new
        state = new


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 20) | st.floats(allow_nan=False)
    | st.text(max_size=8) | st.sampled_from(["cue", "red1", "black", "shot", "pot", "hit"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["shot", "player", "events", "hit", "pot", "pocket", "after", "t",
                         "decision", "choice", "balls", "cue", "lots", "to_play", "x"]),
        inner, max_size=4),
    max_leaves=20)


@settings(max_examples=150, deadline=None)
@given(actions=st.lists(json_values, max_size=4), start=st.none() | json_values)
def test_malformed_records_give_errors_not_tracebacks(actions, start):
    rec = {"protocol": 1, "discipline": "snooker", "start": start, "actions": actions}
    try:
        out = referee(rec)
    except RecordError:
        return
    for r in out:
        if "error" in r:
            assert "internal" not in r["error"], r
