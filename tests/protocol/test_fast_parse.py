"""The hand-checked fast path of :func:`cuesport.record.parse_action` (issue 12, speed) and
the pydantic models agree: on every generated or mutated action the fast path either
declines (None: the models decide, so a bad input gets the models' error) or gives exactly
the models' value (the same classes, fields set, leaf types and key order)."""

from __future__ import annotations

import copy
import json
import math
from collections import OrderedDict
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from cuesport import record
from cuesport.record import ACTION_MODELS, RecordError, check_version, parse_action, read
from cuesport.record import fast as fast_path

ROOT = Path(__file__).resolve().parents[2]


class Name(str):
    """A str subclass: the models turn it into a str, the fast path declines it."""


def same(a: Any, b: Any) -> bool:
    """Equal and of the same make, all the way down (``==`` alone takes 1 for 1.0)."""
    if isinstance(a, BaseModel):
        return (type(a) is type(b) and a.model_fields_set == b.model_fields_set
                and a.__pydantic_extra__ == b.__pydantic_extra__ and same(a.__dict__, b.__dict__))
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, tuple | list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, float) and math.isnan(a):
        return math.isnan(b)
    return bool(a == b)


def by_models(raw: Any, version: str) -> Any:
    """What the models make of an action, or None when they refuse it."""
    key = next(iter(raw))
    try:
        action = ACTION_MODELS[key].model_validate(raw)
        check_version(action, version)
    except (ValidationError, RecordError):
        return None
    return action


def agree(raw: dict[str, Any], version: str) -> Any:
    key = next(iter(raw))
    fast = fast_path.fast_action(key, raw[key], version)
    slow = by_models(raw, version)
    if fast is not None:
        assert slow is not None, f"the fast path accepts what the models refuse: {raw!r}"
        assert same(fast, slow), f"{raw!r}: {fast!r} != {slow!r}"
    decoded_agrees(raw, version)
    return fast


def decoded_agrees(raw: dict[str, Any], version: str) -> None:
    """The same action as the JSON decoder gives it parses the same on the first look and
    from the caches (kept events, one tuple for the same events)."""
    try:
        text = json.dumps(raw)
    except (TypeError, ValueError):
        return
    key = next(iter(json.loads(text)))
    plain = fast_path.fast_action(key, json.loads(text)[key], version)
    for _ in range(2):  # kept, then found
        got = fast_path.fast_action(key, json.loads(text)[key], version)
        assert (got is None) == (plain is None), text
        assert got is None or same(got, plain), text


# Values that probe exact types: bools for ints, strings for numbers, nulls, wrong shapes.
ODD = [True, False, 0, 1, 2, 3, 4, -1, 0.0, 1.5, -0.0, 2**60, 10**400, math.inf, -math.inf,
       math.nan, "", "1", "cue", "safety", "bottom-left", "middle", "baulk", "head-string",
       Name("cue"), None, [], {}, [1, 2], (3, 4.5), [1, 2, 3], ["cue", "cue"], ["cue", "1"],
       ("cue", "2"), [True, 1.0], ["1", 2], {"ball": "1", "pocket": "top-left"},
       {"ball": "1"}, OrderedDict(ball="1", pocket="top-left"), [{"hit": ["cue", "1"]}],
       {"cue": [1, 2]}, {"miss": True}]
BALLS = st.sampled_from(["cue", "1", "2", "9", "red1", "yellow", "black", "white"])
POCKET = st.sampled_from(sorted(fast_path._POCKETS))
NUMBER = st.one_of(st.integers(-10, 3000), st.floats(-10, 3000, allow_nan=False))
POINT = st.lists(NUMBER, min_size=2, max_size=2)
TIME = st.one_of(st.integers(0, 30), st.floats(0, 30))


@st.composite
def events(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(["hit", "cushion", "pot", "off", "cross", "takeoff", "land"]))
    if kind == "hit":
        event: dict[str, Any] = {"hit": [draw(BALLS), draw(BALLS)]}
    elif kind == "pot":
        event = {"pot": draw(BALLS), "pocket": draw(POCKET)}
    elif kind == "cross":
        event = {"cross": draw(BALLS), "line": draw(st.sampled_from(["baulk", "head-string"]))}
    else:
        event = {kind: draw(BALLS)}
    if draw(st.booleans()):
        event = {"t": draw(TIME)} | event
    return event


@st.composite
def shots(draw: st.DrawFn) -> dict[str, Any]:
    shot: dict[str, Any] = {"player": draw(st.integers(0, 1))}
    evs = draw(st.lists(events(), max_size=5))
    if draw(st.booleans()):  # in time order, mostly
        times = sorted(e["t"] for e in evs if "t" in e)
        for e in evs:
            if "t" in e:
                e["t"] = times.pop(0)
    shot["events"] = evs
    optional = {
        "cue_ball": POINT,
        "call": st.one_of(st.just("safety"),
                          st.builds(lambda b, p: {"ball": b, "pocket": p}, BALLS, POCKET)),
        "after": st.dictionaries(BALLS, POINT, max_size=3),
        "nominate": BALLS,
        "push_out": st.booleans(),
        "stroke": st.booleans(),
        "member": st.integers(0, 3),
        "safety": st.booleans(),
        "judgement": st.dictionaries(
            st.sampled_from(["miss", "push_stroke", "double_hit", "jump", "balls_moving",
                             "would_have_been_hit", "touching_respot_agreed", "touched"]),
            st.booleans(), max_size=3),
    }
    for key, strategy in optional.items():
        if draw(st.booleans()):
            shot[key] = draw(strategy)
    keys = list(shot)
    order = draw(st.permutations(keys))
    return {k: shot[k] for k in order}


@st.composite
def decisions(draw: st.DrawFn) -> dict[str, Any]:
    out: dict[str, Any] = {"player": draw(st.integers(0, 1)),
                           "choice": draw(st.sampled_from(sorted(fast_path._CHOICES)))}
    if draw(st.booleans()):
        out["member"] = draw(st.integers(0, 3))
    if draw(st.booleans()):
        out["ball"] = draw(BALLS)
    return out


def paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place inside a JSON-like value (dict keys and list indexes)."""
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += paths(v, (*path, i))
    return out


@st.composite
def mutated(draw: st.DrawFn, base: st.SearchStrategy[dict[str, Any]]) -> dict[str, Any]:
    """A valid body with one to three places replaced, removed or added to."""
    body = json.loads(json.dumps(draw(base)))
    for _ in range(draw(st.integers(1, 3))):
        places = paths(body)[1:]
        if not places:
            break
        path = draw(st.sampled_from(places))
        *up, last = path
        parent = body
        for p in up:
            parent = parent[p]
        how = draw(st.sampled_from(["replace", "remove", "add"]))
        if how == "replace":
            parent[last] = copy.deepcopy(draw(st.sampled_from(ODD)))
        elif how == "remove":
            del parent[last]
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(["t", "over", "x", "pocket", "line", "hit", "pot",
                                         "declare", "rest", "member", "ball", "end"]))] = (
                copy.deepcopy(draw(st.sampled_from(ODD))))
        else:
            parent.append(copy.deepcopy(draw(st.sampled_from(ODD))))
    return body


VERSION = st.sampled_from(["1", "1.1"])
FAST = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(shots(), VERSION)
def test_fast_path_takes_the_usual_shots_as_the_models_do(shot: dict[str, Any],
                                                          version: str) -> None:
    raw = {"shot": shot}
    fast = agree(raw, version)
    if by_models(raw, version) is not None and not (
            version == "1" and ("member" in shot or "safety" in shot)) and (
            "touched" not in shot.get("judgement", {})):
        assert fast is not None, f"a usual shot left to the models: {raw!r}"


@FAST
@given(decisions(), VERSION)
def test_fast_path_takes_decisions_as_the_models_do(decision: dict[str, Any],
                                                    version: str) -> None:
    raw = {"decision": decision}
    fast = agree(raw, version)
    if by_models(raw, version) is not None and version == "1.1":
        assert fast is not None


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(mutated(shots()).map(lambda b: {"shot": b}),
                 mutated(decisions()).map(lambda b: {"decision": b})), VERSION)
def test_fast_path_never_accepts_what_the_models_refuse(raw: dict[str, Any],
                                                        version: str) -> None:
    agree(raw, version)


@pytest.mark.parametrize("body", [
    {"player": True, "events": []},
    {"player": 0, "cue_ball": [1e400, 0]},
    {"player": 0, "cue_ball": [10**400, 0]},
    {"player": 0, "cue_ball": [math.nan, 0]},
    {"player": 0, "events": [{"t": -0.5, "hit": ["cue", "1"]}]},
    {"player": 0, "events": [{"t": 2, "hit": ["cue", "1"]}, {"t": 1, "cushion": "cue"}]},
    {"player": 0, "events": [{"cushion": ""}]},
    {"player": 0, "events": [{"pot": "1"}]},
    {"player": 0, "events": [{"hit": ["cue", "1"], "cushion": "cue"}]},
    {"player": 0, "after": {"cue": ["1", 2]}},
    {"player": 0, "call": {"ball": "1", "pocket": "corner"}},
    {"player": 0, "member": 1},
    {"player": 0, "judgement": {"miss": 1}},
    {"player": 0, "nominate": Name("red")},
])
def test_fast_path_declines_bad_or_unusual_shots(body: dict[str, Any]) -> None:
    assert fast_path.fast_action("shot", body, "1") is None
    assert by_models({"shot": body}, "1") is None or body.get("nominate") is not None


def test_every_example_action_parses_the_same_with_and_without_the_fast_path(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The actions of every record under examples/ (the golden rulings' inputs) and
    tests/data: the same values, and the same error text for the bad ones."""
    taken = 0
    files = sorted((ROOT / "examples").rglob("*.json")) + sorted(
        (ROOT / "tests" / "data").rglob("*.json"))
    assert files
    for path in files:
        try:
            rec = json.loads(path.read_bytes())
        except (ValueError, RecursionError):  # the malformed files of bad_input/
            continue
        if not isinstance(rec, dict) or not isinstance(rec.get("actions"), list):
            continue
        version = "1.1" if rec.get("protocol") == "1.1" else "1"
        positions = not record.positions_free(rec.get("rules"))
        for raw in rec["actions"]:
            with monkeypatch.context() as m:
                m.setattr(read, "fast_action", lambda *a: None)
                try:
                    slow: Any = parse_action(raw, version, positions)
                except RecordError as err:
                    slow = str(err)
            try:
                fast: Any = parse_action(raw, version, positions)
            except RecordError as err:
                fast = str(err)
            assert same(fast, slow), (path.name, raw)
            if isinstance(raw, dict) and len(raw) == 1:
                key = next(iter(raw))
                taken += fast_path.fast_action(key, raw[key], version) is not None
    assert taken > 300  # the fast path is really used on the examples


RICH = [
    {"shot": {"player": 1, "member": 2, "cue_ball": [635, 500.5], "nominate": "blue",
              "call": {"ball": "3", "pocket": "top-left"}, "push_out": False,
              "events": [{"t": 0, "hit": ["cue", "3"]}, {"t": 0.5, "cushion": "3"},
                         {"t": 1, "pot": "3", "pocket": "top-left"},
                         {"t": 1.5, "cross": "cue", "line": "head-string"},
                         {"off": "2"}, {"takeoff": "cue"}, {"land": "cue"}],
              "after": {"cue": [100, 200.25], "2": [300.5, 400]},
              "judgement": {"miss": True, "jump": False}, "stroke": True,
              "safety": True}},
    {"shot": {"player": 0, "call": "safety", "events": [{"hit": ["cue", "red1"]}]}},
    {"decision": {"player": 1, "choice": "play", "member": 1, "ball": "5"}},
]


@pytest.mark.parametrize("version", ["1", "1.1"])
@pytest.mark.parametrize("base", RICH, ids=["shot", "safety", "decision"])
def test_fast_path_agrees_on_every_single_replacement(base: dict[str, Any],
                                                      version: str) -> None:
    """Each place of a rich action, in turn, replaced by each odd value or removed."""
    accepted = refused = 0
    assert agree(base, version) is not None or version == "1"
    for path in paths(base)[2:]:
        for value in [*ODD, "top-left", "corner", "red1", 5, "missing"]:
            raw = copy.deepcopy(base)
            *up, last = path
            parent = raw
            for p in up:
                parent = parent[p]
            if value == "missing":
                del parent[last]
            else:
                parent[last] = copy.deepcopy(value)
            if agree(raw, version) is None:
                refused += 1
            else:
                accepted += 1
    assert refused and (accepted or version == "1")  # the rich ones hold 1.1 inputs


@pytest.mark.parametrize("text, word", [
    ('{"actions": [{"shot": {"player": 0, "cue_ball": [1e400, 0]}}]}', "out of range"),
    ('{"actions": [{"shot": {"player": 0, "cue_ball": [-1E+999, 0]}}]}', "out of range"),
    ('{"actions": [{"shot": {"player": 1234567890123456789012345678901}}]}', "too long"),
    ('{"actions": [{"shot": {"player": 0, "player": 1}}]}', "appears twice"),
    ('{"actions": [{"shot": {"player": NaN}}]}', "NaN"),
])
def test_numbers_are_checked_with_and_without_long_digit_runs(text: str, word: str) -> None:
    """Long numbers take the slow decoder; the same refusals hold beside a long string."""
    for extra in ("", ', "note": "12345678901234567890123456789012345 e123"'):
        with pytest.raises(RecordError, match=word):
            record.load_record(text[:-1] + extra + "}")
        with pytest.raises(RecordError, match=word):
            record.loads(text[:-1] + extra + "}")


def test_long_numbers_that_are_fine_still_parse() -> None:
    text = ('{"a": "1234567890123456789012345678901234567890", "b": 1e-400, "c": 2.5e12,'
            ' "d": 123456789012345678901234567890, "actions": [[1e-999], {"x": 0.1}]}')
    header, actions = record.load_record(text)
    assert header == {"a": "1234567890123456789012345678901234567890", "b": 0.0,
                      "c": 2.5e12, "d": 123456789012345678901234567890}
    assert list(actions) == [[0.0], {"x": 0.1}]
    assert record.loads(text)["actions"] == [[0.0], {"x": 0.1}]


@pytest.mark.parametrize("number, word", [("1" * 31, "too long"), ("1e400", "out of range")])
def test_a_long_number_across_the_pieces_of_a_long_text_is_still_found(number: str,
                                                                       word: str) -> None:
    head = '{"note": "'
    pad = (1 << 20) - 3 - len(head) - len('", "n": ')  # the number starts 3 bytes before 1 MiB
    text = f'{head}{"x" * pad}", "n": {number}, "actions": []}}'
    assert text.index(number) < 1 << 20 < text.index(number) + len(number)
    assert read._long_numbers(text.encode())
    with pytest.raises(RecordError, match=word):
        record.load_record(text.encode())
