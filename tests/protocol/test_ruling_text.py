"""``Referee.ruling_text`` (what ``cuesport referee`` prints, issue 12: speed) is the
ruling printed straight from the state: it must be exactly
``json.dumps(referee.ruling_dict(...), ensure_ascii=False)``, keys in order, for every
action of every example record, long random play of every discipline, records of protocol
1.1 (sides, no positions: printed from the dict), and states whose values compare equal
to the usual ones but print otherwise (True and 1, 1.0 and 1, a list for a tuple)."""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cuesport.record import parse_action
from cuesport.rules import text
from cuesport.rules.base import Outcome
from cuesport.rules.session import RefereeSession, ruling_lines, rulings

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").rglob("*.json"))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(Path(__file__).resolve().parent))


def dumps(o: Any) -> str:
    return json.dumps(o, ensure_ascii=False)


def both(record: dict[str, Any], actions: list[Any], lang: str = "en") -> int:
    """Replay ``actions``; assert the text and the dict agree on each; the number."""
    s = RefereeSession(record | {"actions": []}, lang, keep=False)
    ref, state, n = s.referee, s.state, 0
    for i, raw in enumerate(actions):
        action = parse_action(raw, s.header.version, ref.positions)
        outcome, new = ref.apply(state, action)
        printed = ref.ruling_text(i, outcome, new, lang)
        assert printed == dumps(ref.ruling_dict(i, outcome, new, lang)), (i, raw)
        state, n = new, n + 1
    return n


@pytest.fixture(autouse=True)
def _fresh_caches() -> None:
    text.POINTS.clear()
    text.NAMES.clear()
    text._PARTS.clear()


@pytest.mark.parametrize("lang", ("en", "ru"))
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_ruling_prints_as_its_dict(path: Path, lang: str) -> None:
    record = json.loads(path.read_text("utf-8"))
    assert both(record, record["actions"], lang) == len(record["actions"])


@pytest.mark.parametrize("game", ("nine-ball", "ten-ball", "eight-ball", "straight-pool"))
def test_random_pool_play_prints_as_its_dict(game: str) -> None:
    from test_ruling_dict import _random_actions

    compared = seed = 0
    while compared < 300:
        compared += both({"discipline": game}, _random_actions(game, 150, seed), "ru")
        seed += 1


@pytest.mark.parametrize("game", ("straight-pool", "eight-ball"))
def test_a_long_bench_game_prints_as_its_dict(game: str) -> None:
    from referee_pool import long_record

    rec = long_record(game, 600, seed=3)
    assert both(rec, rec["actions"]) == len(rec["actions"])


def test_snooker_and_one_red_bench_records_print_as_their_dicts() -> None:
    import referee_snooker
    import referee_snooker_one_red as one_red

    for rec in (referee_snooker.safety_exchange(60), one_red.long_game(6)):
        assert both(rec, rec["actions"]) == len(rec["actions"])


def test_records_of_protocol_1_1_print_as_their_dicts() -> None:
    """Sides with members and records without positions: the dict is encoded."""
    for path in EXAMPLES:
        record = json.loads(path.read_text("utf-8"))
        v11 = record | {"protocol": "1.1"}
        assert both(v11, record["actions"]) == len(record["actions"])
        if record["discipline"] in ("nine-ball", "snooker"):
            sides = v11 | {"players": [{"name": "A", "members": ["a1", "a2"]},
                                       {"name": "B", "members": ["b1", "b2"]}]}
            assert both(sides, record["actions"]) == len(record["actions"])


def test_ruling_lines_print_the_rulings_and_the_error() -> None:
    for path in EXAMPLES:
        data = path.read_bytes()
        lines = list(ruling_lines(data, "ru"))
        assert [line for line, _ in lines] == [dumps(r) for r in rulings(data, "ru")]
        assert all(ok for _, ok in lines)
    record = json.loads(EXAMPLES[0].read_text("utf-8"))
    record["actions"] = [*record["actions"][:2], {"shot": {"player": 7}}]
    lines = list(ruling_lines(json.dumps(record), "en"))
    assert [ok for _, ok in lines] == [True, True, False]
    assert lines[-1][0] == dumps(list(rulings(record))[-1])


def _straight_pool() -> tuple[Any, Any, Outcome]:
    s = RefereeSession({"discipline": "straight-pool", "actions": []}, keep=False)
    shot = {"shot": {"player": 0, "cue_ball": [635.0, 500.0],
                     "events": [{"hit": ["cue", "1"]}, {"cushion": "1"}]}}
    outcome, state = s.referee.apply(s.state, parse_action(shot))
    return s.referee, state, outcome


# values equal to the usual ones that print otherwise, in each field of a state
ODD_STATES: list[dict[str, Any]] = [
    {"to_play": True}, {"to_play": 1.0}, {"score": (1.0, 0)}, {"score": (True, 0)},
    {"score": [1, 0]}, {"score": (1, 0, 0)}, {"break_": False}, {"options": ["play"]},
    {"options": ("play", 1)}, {"in_hand": ""}, {"frame_over": 0}, {"winner": True},
    {"winner": 0.0}, {"breaking": 1}, {"breaker": True}, {"fouls_in_a_row": (1.0, 0)},
    {"fouls_in_a_row": (True, False)}, {"warned": (1, 0)}, {"warned": [True, False]},
    {"push_out": 0}, {"offer": 1}, {"reracks": 0.0}, {"spot": ["1"]}, {"spot": (1,)},
    {"balls": MappingProxyType({"1": (635, 1000.0), "cue": (635.0, 200.0)})},
    {"balls": MappingProxyType({"1": (-0.0, 1000.0)})},
    {"balls": MappingProxyType({"1": [635.0, 1000.0]})},
    {"balls": MappingProxyType({1: (635.0, 1000.0)})},
    {"balls": MappingProxyType({"1": (True, 1000.0)})},
    {"balls": MappingProxyType({"1": (float("nan"), float("inf"))})},
    {"balls": MappingProxyType({"cue": (635.0, 200.0)}), "in_hand": "kitchen"},
    {"balls": MappingProxyType({}), "in_hand": "kitchen"},
]
ODD_OUTCOMES: list[dict[str, Any]] = [
    {"legal": 1}, {"points": (1.0, 0)}, {"points": [1, 0]}, {"points": (True, 0)},
    {"respotted": {"1": (635.0, 1905.0)}}, {"fouls": [("x",)]},
]


@pytest.mark.parametrize("changes", ODD_STATES, ids=repr)
def test_a_state_value_of_an_odd_type_prints_as_the_dict(changes: dict[str, Any]) -> None:
    ref, state, outcome = _straight_pool()
    usual = ref.ruling_text(0, outcome, state)
    odd = replace(state, **changes)
    for s in (odd, state, odd):  # either first in the caches
        same(ref, outcome, s)
    assert ref.ruling_text(0, outcome, state) == usual


def same(ref: Any, outcome: Any, state: Any) -> None:
    """The text is the dict's, or both fail alike (a value the rules cannot read)."""
    try:
        expected = dumps(ref.ruling_dict(0, outcome, state))
    except (TypeError, AttributeError, ValueError) as err:
        with pytest.raises(type(err)):
            ref.ruling_text(0, outcome, state)
        return
    assert ref.ruling_text(0, outcome, state) == expected


@pytest.mark.parametrize("changes", ODD_OUTCOMES, ids=repr)
def test_an_outcome_value_of_an_odd_type_prints_as_the_dict(changes: dict[str, Any]
                                                            ) -> None:
    ref, state, outcome = _straight_pool()
    same(ref, replace(outcome, **changes), state)


def test_one_position_tuple_under_two_names_and_the_cache_bound(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A point's text is kept by its tuple, a name's by its name: a tuple shared by two
    balls, or moved to another ball, prints each name; the cache stays bounded."""
    monkeypatch.setattr(text, "POINTS_KEPT", 8)
    ref, state, outcome = _straight_pool()
    p = (600.5, 1200.25)
    for balls in ({"1": p}, {"2": p}, {"1": p, "2": p}, {"2": (600.5, 1200.25), "1": p}):
        s = replace(state, balls=MappingProxyType(balls))
        assert ref.ruling_text(0, outcome, s) == dumps(ref.ruling_dict(0, outcome, s))
    for i in range(40):
        s = replace(state, balls=MappingProxyType({"1": (600.5 + i, 1200.25), "cue": p}))
        assert ref.ruling_text(0, outcome, s) == dumps(ref.ruling_dict(0, outcome, s))
        assert len(text.POINTS) <= 8


coord = st.one_of(st.floats(), st.integers(-3, 3),
                  st.sampled_from([0.0, -0.0, 1.0, True, False, 635.0, 635]))
point = st.one_of(st.tuples(coord, coord), st.lists(coord, max_size=3),
                  st.tuples(coord, coord, coord))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.dictionaries(st.sampled_from(["cue", "1", "2", "é\"\\"]), point,
                                max_size=4), min_size=1, max_size=6))
def test_generated_positions_in_a_row(seq: list[dict[str, Any]]) -> None:
    """A cached text is reused only where the dict prints the same."""
    ref, state, outcome = _straight_pool()
    for balls in seq:
        same(ref, outcome, replace(state, balls=MappingProxyType(balls)))


def test_a_position_changed_in_place_prints_anew() -> None:
    """A list is printed as it is now, never from a text kept by its identity."""
    ref, state, outcome = _straight_pool()
    point = [600.5, 1200.25]
    s = replace(state, balls=MappingProxyType({"1": point}))
    for x in (600.5, 700.5):
        point[0] = x
        same(ref, outcome, s)
