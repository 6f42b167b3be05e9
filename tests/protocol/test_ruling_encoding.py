"""``cuesport referee`` prints each ruling with :func:`cuesport.cli.referee.encode_ruling`
(issue 12, speed: the ball positions from a cache): the text must be exactly
``json.dumps(ruling, ensure_ascii=False)``, for every ruling the referee gives and for
values that compare equal but print differently (1 and 1.0, 0.0 and -0.0, True and 1)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cuesport.cli import referee as cli_referee
from cuesport.cli.referee import encode_ruling
from cuesport.protocol import referee

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").rglob("*.json"))


def dumps(o: Any) -> str:
    return json.dumps(o, ensure_ascii=False)


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    cli_referee._BALLS.clear()


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_ruling_prints_as_json_dumps(path: Path, lang: str) -> None:
    for ruling in referee(json.loads(path.read_text("utf-8")), lang):
        assert encode_ruling(ruling) == dumps(ruling)


@pytest.mark.parametrize("game", ["straight-pool", "eight-ball"])
def test_a_long_pool_game_prints_as_json_dumps(game: str, monkeypatch: pytest.MonkeyPatch
                                               ) -> None:
    """Many rulings in a row (the bench's random play): the cache is hit, re-racks."""
    monkeypatch.syspath_prepend(str(ROOT / "bench"))
    from referee_pool import long_record

    out = referee(long_record(game, 300, seed=3))
    for ruling in out:
        assert encode_ruling(ruling) == dumps(ruling)
    assert cli_referee._BALLS  # and so did the cache


def ruling(balls: Any, **state: Any) -> dict[str, Any]:
    return {"action": 0, "legal": True, "to_play": 1,
            "state": {"balls": balls, "to_play": 1} | state}


# Keys that compare equal to a cached key but print otherwise must never share its text.
TWINS = [
    ({"a": [635.0, 1.5]}, {"a": [635, 1.5]}),
    ({"a": [0.0, 1.5]}, {"a": [-0.0, 1.5]}),
    ({"a": [-0.0, 1.5]}, {"a": [0.0, 1.5]}),
    ({"a": [1.0, 1.5]}, {"a": [True, 1.5]}),
    ({"a": [1.0, 2.0]}, {"a": (1.0, 2.0)}),
    ({"a": [1.5, 2.5]}, {"a": {1.5: 1.0, 2.5: 2.0}}),
    ({"a": [1.5]}, {"a": {1.5: 2.0}}),
    ({"a": [1.5, 2.5]}, {"a": "xy"}),
    ({"a": [1.5, 2.5]}, {"a": None}),
    ({"1": [1.5, 2.5]}, {1: [1.5, 2.5]}),
    ({"a": [1.5, 2.5]}, {True: [1.5, 2.5], "a": [1.5, 2.5]}),
    ({"é\"\\\n": [1.5, 2.5]}, {"é\"\\\n": [1.5, 2.5], "\u2028": [3.5, 4.5]}),
    ({"a": [float("nan"), 1.5]}, {"a": [float("inf"), -1e300]}),
    ({"a": [1.5, 2.5, 3.5]}, {"a": [1.5, 2.5]}),
]


@pytest.mark.parametrize(("first", "second"), TWINS)
def test_equal_keys_that_print_otherwise(first: dict[Any, Any], second: dict[Any, Any]
                                         ) -> None:
    for balls in (first, second, first, second):
        r = ruling(balls)
        assert encode_ruling(r) == dumps(r)


class Name(str):
    pass


def test_a_str_subclass_name_prints_as_its_text() -> None:
    for balls in ({"a": [1.5, 2.5]}, {Name("a"): [1.5, 2.5]}, {Name("b"): [1.5, 2.5]}):
        r = ruling(balls)
        assert encode_ruling(r) == dumps(r)


@pytest.mark.parametrize("r", [
    {"action": 3, "error": "shot.player: bad"},
    {"state": {"balls": {"a": [1.5, 2.5]}, "to_play": 0}},  # nothing before the state
    {"action": 0, "state": {"balls": {"a": [1.5, 2.5]}}},  # nothing after the balls
    {"action": 0, "state": {"to_play": 0, "balls": {"a": [1.5, 2.5]}}},  # balls not first
    {"state": {"balls": {"a": [1.5, 2.5]}, "to_play": 0}, "action": 0},  # state not last
    {"action": 0, "state": {"balls": {}, "to_play": 0}},
    {"action": 0, "state": {"balls": [1.5], "to_play": 0}},
    {"action": 0, "state": [1.5, 2.5]},
    {"action": 0, "state": {"balls": {"a": [1.5, 2.5]}, "to_play": 0, "spot": [[1.5, 2.5]]},
     "respotted": {"b": [3.5, 4.5]}},
])
def test_other_shapes_print_as_json_dumps(r: dict[str, Any]) -> None:
    for _ in range(2):
        assert encode_ruling(r) == dumps(r)


coord = st.one_of(st.floats(allow_nan=False, allow_infinity=False), st.integers(-5, 5),
                  st.sampled_from([0.0, -0.0, 1.0, -1.0, True, False, 635.0, 635]))
point = st.one_of(st.none(), st.lists(coord, min_size=0, max_size=3),
                  st.tuples(coord, coord))
balls = st.dictionaries(st.sampled_from(["cue", "1", "2", "red", "é"]), point, max_size=5)


@settings(max_examples=300, deadline=None)
@given(st.lists(balls, min_size=1, max_size=8))
def test_generated_positions_in_a_row(seq: list[dict[str, Any]]) -> None:
    """A cached part is reused only where json.dumps prints the same (any order)."""
    for b in seq:
        r = ruling(b, score=[1, 2])
        assert encode_ruling(r) == dumps(r)


def test_the_cache_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli_referee, "_BALLS_KEPT", 8)
    for i in range(50):
        r = ruling({"cue": [1.5 + i, 2.5], "1": [3.5, 4.5]})
        assert encode_ruling(r) == dumps(r)
        assert len(cli_referee._BALLS) <= 8
