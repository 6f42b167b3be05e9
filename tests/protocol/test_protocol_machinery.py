"""The shared referee machinery, checked with a toy discipline that scores one point a pot."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass, replace
from typing import Any

import pytest

import cuesport.protocol as protocol
import cuesport.rules.session as rules_session
from cuesport.record import Decision, RecordError, Shot, Start, parse_action, record_schema
from cuesport.rules.base import (
    Foul,
    FrameState,
    Outcome,
    Referee,
    apply_motion,
    freeze_balls,
    worst,
)
from cuesport.rules.calls import COMMON_CALLS, Call, number_words
from cuesport.rules.events import first_contacts


@dataclass(frozen=True, slots=True)
class ToyState(FrameState):
    shots: int = 0


class ToyReferee(Referee):
    discipline = "nine-ball"

    def initial_state(self, start: Any) -> ToyState:  # a typed Start, or None
        balls = start.positions() if start is not None else {
            "cue": (635.0, 500.0), "1": (635.0, 1905.0)}
        self.check_balls(balls, "start")
        return ToyState(balls=freeze_balls(balls))

    def state_to_json(self, state: FrameState) -> dict[str, Any]:
        return state.common_json()

    def shot(self, state: FrameState, shot: Shot) -> tuple[Outcome, FrameState]:
        motion = apply_motion(self, state.balls, shot)
        n = len(motion.potted)
        pts = (n, 0) if shot.player == 0 else (0, n)
        score = (state.score[0] + pts[0], state.score[1] + pts[1])
        options = ("play", "pass") if not n else ()
        new = replace(state, balls=motion.balls, score=score, options=options)
        return Outcome(points=pts), new

    def decision(self, state: FrameState, d: Decision) -> tuple[Outcome, FrameState]:
        self.require_option(state, d)
        return Outcome(), replace(state, options=())


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rules_session, "referee_class", lambda discipline: ToyReferee)


def record(*actions: Any) -> dict[str, Any]:
    return {"protocol": 1, "discipline": "nine-ball", "players": ["A", "B"],
            "actions": list(actions)}


POT = {"shot": {"player": 0, "events": [{"t": 0, "hit": ["cue", "1"]},
                                       {"t": 1, "pot": "1", "pocket": "top-left"}],
                "after": {"cue": [600, 1500]}}}


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ([1], "JSON object with exactly one key"),
        ({}, "exactly one key"),
        ({"shot": {"player": 0}, "decision": {}}, "exactly one key"),
        ({"jump": {}}, "unknown action 'jump'"),
        ({"shot": {"player": 2}}, "shot.player"),
        ({"shot": {"player": 0, "colour": "red"}}, "colour"),
        ({"shot": {"player": 0, "events": [{"pot": "1", "pocket": "corner"}]}}, "pocket"),
        ({"shot": {"player": 0, "events": [{"pot": "1"}]}}, "names its pocket"),
        ({"shot": {"player": 0, "events": [{"hit": ["cue", "1"], "off": "1"}]}}, "exactly one"),
        ({"shot": {"player": 0, "events": [{"t": 2, "cushion": "1"}, {"t": 1, "cushion": "1"}]}},
         "time order"),
        ({"shot": {"player": 0, "cue_ball": [float("nan"), 3]}}, "cue_ball"),
        ({"decision": {"player": 0, "choice": "maybe"}}, "decision.choice"),
        ({"shot": {"player": 0, "events": [{"cross": "cue"}]}}, "names its line"),
    ],
)
def test_malformed_actions_are_refused_with_a_clear_message(raw: Any, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        parse_action(raw)


def test_a_valid_shot_parses_into_frozen_models() -> None:
    action = parse_action(POT)
    assert action.shot.events[1].kind == "pot"  # type: ignore[union-attr]
    with pytest.raises(Exception):  # noqa: B017 - pydantic raises its own frozen error
        action.shot.player = 1  # type: ignore[union-attr, misc]


def test_session_rules_and_keeps_state(toy: None) -> None:
    session = protocol.RefereeSession(record())
    ruling = session.feed(POT)
    assert ruling["score"] == [1, 0] and ruling["points"] == [1, 0]
    assert "1" not in ruling["state"]["balls"] and ruling["state"]["balls"]["cue"] == [600, 1500]


def test_bad_action_changes_nothing_and_does_not_take_an_index(toy: None) -> None:
    session = protocol.RefereeSession(record())
    before = session.state
    bad = {"shot": {"player": 0, "events": [{"pot": "7", "pocket": "top-left"}]}}
    assert session.feed(bad) == {"action": 0, "error": "events.0: ball '7' is not on the table"}
    assert session.state is before and session.actions == []
    assert session.feed(POT)["action"] == 0


def test_potting_a_ball_twice_is_refused(toy: None) -> None:
    twice = {"shot": {"player": 0, "events": [{"pot": "1", "pocket": "top-left"},
                                              {"pot": "1", "pocket": "top-right"}]}}
    err = protocol.RefereeSession(record()).feed(twice)
    assert "already potted" in err["error"]


def test_after_position_overlapping_another_ball_is_refused(toy: None) -> None:
    clash = {"shot": {"player": 0, "after": {"cue": [635.0, 1900.0]}}}
    assert "overlap" in protocol.RefereeSession(record()).feed(clash)["error"]


def test_after_position_off_the_table_is_refused(toy: None) -> None:
    off = {"shot": {"player": 0, "after": {"cue": [-300.0, 100.0]}}}
    assert "not on the table" in protocol.RefereeSession(record()).feed(off)["error"]


def test_decision_not_on_offer_is_refused(toy: None) -> None:
    session = protocol.RefereeSession(record())
    err = session.feed({"decision": {"player": 1, "choice": "replace"}})
    assert err["error"] == "no decision is on offer now"
    session.feed({"shot": {"player": 0, "events": [{"t": 0, "hit": ["cue", "1"]}]}})
    err = session.feed({"decision": {"player": 0, "choice": "replace"}})
    assert "'replace' is not on offer" in err["error"]


def test_referee_stops_at_first_error_and_earlier_rulings_stand(toy: None) -> None:
    out = protocol.referee(record(POT, {"bogus": 1}, POT))
    assert len(out) == 2 and out[0]["score"] == [1, 0]
    assert out[1] == {"action": 1, "error": out[1]["error"]} and "unknown action" in out[1]["error"]


def test_session_record_replays_to_the_same_rulings(toy: None) -> None:
    session = protocol.RefereeSession(record())
    session.feed({"nonsense": True})
    session.feed(POT)
    assert protocol.referee(session.record()) == session.rulings


def test_ruling_state_starts_an_equivalent_record(toy: None) -> None:
    first = protocol.referee(record(POT))[-1]
    again = protocol.RefereeSession(record() | {"start": first["state"]})
    assert dict(again.state.balls) == {k: tuple(v) for k, v in first["state"]["balls"].items()}


def test_header_errors_raise_record_error() -> None:
    with pytest.raises(RecordError, match="discipline"):
        protocol.referee({"discipline": "carom", "actions": []})
    with pytest.raises(RecordError, match="JSON object"):
        protocol.referee([])  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="language"):
        protocol.RefereeSession({"discipline": "snooker"}, lang="fr")


def test_unknown_rule_options_are_refused() -> None:
    with pytest.raises(RecordError, match=r"rules\.colour"):
        ToyReferee({"colour": "blue"})


def test_worst_foul_wins() -> None:
    fouls = [Foul("A", "a", 4), Foul("B", "b", 7), Foul("C", "c", 5)]
    assert worst(fouls) == Foul("B", "b", 7)
    assert worst([]) is None


def test_first_contacts_handles_simultaneous_hits_and_reversed_order() -> None:
    shot = parse_action({"shot": {"player": 0, "events": [
        {"t": 0.1, "hit": ["cue", "red1"]}, {"t": 0.1005, "hit": ["red2", "cue"]},
        {"t": 0.5, "hit": ["cue", "black"]}]}}).shot  # type: ignore[union-attr]
    assert first_contacts(shot.events, "cue") == ("red1", "red2")


@pytest.mark.parametrize(("n", "en", "ru"), [
    (4, "four", "четыре"), (7, "seven", "семь"), (15, "fifteen", "пятнадцать"),
    (21, "twenty-one", "двадцать один"), (147, "one hundred and forty-seven",
                                         "сто сорок семь"), (-2, "minus two", "минус два"),
])
def test_number_words(n: int, en: str, ru: str) -> None:
    assert number_words(n, "en") == en and number_words(n, "ru") == ru


def test_calls_render_in_both_languages() -> None:
    call = Call.of("away", n=4)
    assert call.render(COMMON_CALLS, "en") == "four away"
    assert call.render(COMMON_CALLS, "ru") == "четыре очков сопернику"


def test_record_schema_is_json_with_every_action() -> None:
    text = json.dumps(record_schema())
    for key in ("shot", "decision", "concede", "claim", "lots", "lag", "stalemate", "foul"):
        assert f'"{key}"' in text


def run_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cuesport", "referee", *args], input=stdin,
                          capture_output=True, text=True)


def test_cli_malformed_json_exits_2_with_an_error_line() -> None:
    out = run_cli("-", stdin="{not json")
    assert out.returncode == 2
    assert json.loads(out.stdout)["error"].startswith("malformed JSON")
    assert "Traceback" not in out.stderr


def test_cli_prints_the_schemas() -> None:
    for which in ("record", "ruling"):
        out = run_cli("--schema", which)
        schema = json.loads(out.stdout)
        assert out.returncode == 0
        assert "$defs" in schema and ("properties" in schema or "anyOf" in schema)


def test_record_schema_shows_each_disciplines_start_keys() -> None:
    from cuesport.cli.referee import _extras

    schema = record_schema(_extras())
    defs = schema["$defs"]
    assert {"balls", "to_play", "score", "break", "in_hand"} <= set(defs["Start"]["properties"])
    assert "phase" in defs["SnookerExtras"]["properties"]
    assert "groups" in defs["EightBallExtras"]["properties"]
    rules = {r["if"]["properties"]["discipline"]["const"]: r for r in schema["allOf"]}
    snooker = rules["snooker"]["then"]["properties"]["start"]["anyOf"][0]["allOf"]
    assert {"$ref": "#/$defs/SnookerExtras"} in snooker


@pytest.mark.parametrize(("discipline", "start", "message"), [
    ("nine-ball", {"balls": {"1": [600, 600]}, "to_play": True}, "start.to_play"),
    ("snooker", {"balls": {"red1": ["1", 2]}}, "start.balls.red1"),
    ("snooker", {"balls": {"red1": [300, 800]}, "breaking": True}, "start.breaking"),
    ("nine-ball", {"balls": {"1": [600, 600]}, "phase": "reds"}, "start.phase"),
    ("snooker-one-red", {"balls": {"red": [889, 3245]}, "score": [1, False]}, "start.score"),
    ("snooker", {"balls": {"red1": [300, 800]}, "in_hand": "kitchen"}, "start.in_hand"),
])
def test_start_keys_are_typed_and_each_referee_takes_only_its_own(
        discipline: str, start: dict[str, Any], message: str) -> None:
    with pytest.raises(RecordError, match=message.replace(".", r"\.")):
        protocol.RefereeSession({"discipline": discipline, "start": start})


def test_start_prints_as_given_in_the_record_and_in_full_as_a_state() -> None:
    start = {"balls": {"cue": [600, 700], "1": [635, 1905]}, "to_play": 1}
    s = protocol.RefereeSession({"discipline": "nine-ball", "start": start})
    assert s.record()["start"] == start
    state = s.referee.state_to_json(s.state)
    assert list(state)[:8] == list(Start.COMMON)
    again = protocol.RefereeSession({"discipline": "nine-ball", "start": state})
    assert again.state == s.state


def test_the_protocol_and_a_pool_referee_import_without_numpy() -> None:
    import subprocess
    import sys

    code = ("import sys; sys.modules['numpy'] = None\n"
            "from cuesport.protocol import referee\n"
            "out = referee({'discipline': 'nine-ball', 'actions': []})\n"
            "assert out == [], out")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr[-500:]


def test_snooker_start_before_position_holds_numbers_only() -> None:
    start = {"balls": {"red1": [300, 800], "cue": [600, 600]}, "options": ["replace"],
             "before": {"balls": {"red1": ["300", 800]}, "phase": "reds"}}
    with pytest.raises(RecordError, match=r"start\.before\.balls\.red1"):
        protocol.RefereeSession({"discipline": "snooker", "start": start})
