"""One event definition shared by the physics and the record; models behind a resolver."""

from dataclasses import dataclass, replace
from typing import get_args, get_type_hints

import pytest

from cuesport import events as ev
from cuesport.equipment import POOL_9FT, SNOOKER, nine_ball_rack
from cuesport.physics import POOL_PARAMS, SNOOKER_MATHAVAN_PARAMS, PhysicsParams, Stroke, simulate
from cuesport.physics.resolve.resolver import (
    CUSHION_MODELS,
    Han2005Cushion,
    Mathavan2010Cushion,
    Resolver,
    ThrowBallBall,
    resolver_for,
)
from cuesport.record import Event, RecordError, parse_action

T = POOL_9FT


def test_physics_event_kinds_are_the_record_event_kinds():
    fields = set(Event.model_fields)
    shapes = get_args(ev.StrokeEvent)
    assert len(shapes) == len(ev.EVENT_KINDS)
    kinds = set()
    for shape in shapes:
        keys = set(get_type_hints(shape))
        assert keys <= fields, (shape.__name__, keys - fields)  # the record takes every key
        kinds |= keys & set(ev.EVENT_KINDS)
    assert kinds == set(ev.EVENT_KINDS)
    assert set(ev.EVENT_KINDS) <= fields


def test_physics_simulated_events_validate_as_record_events():
    pos = {**nine_ball_rack(T, 1), "cue": (T.width / 2, T.length / 4)}
    shot = simulate(T, pos, Stroke(angle=90.0, speed=8.0))
    kinds = {ev.kind_of(e) for e in shot.events}
    assert {"hit", "cushion", "cross"} <= kinds
    for e in shot.events:
        assert Event.model_validate(e).kind == ev.kind_of(e)
    parse_action({"shot": {"player": 0, "events": list(shot.events)}})  # the whole shot


def test_physics_event_builders_give_the_record_shapes():
    assert ev.hit(0.5, "cue", "1") == {"t": 0.5, "hit": ["cue", "1"]}
    assert ev.pot(1.0, "9", "top-left") == {"t": 1.0, "pot": "9", "pocket": "top-left"}
    assert ev.cross(0.2, "cue", "baulk") == {"t": 0.2, "cross": "cue", "line": "baulk"}
    with pytest.raises(RecordError):  # a malformed event is still refused by the record
        parse_action({"shot": {"player": 0, "events": [{"t": 0.1, "pot": "9"}]}})
    with pytest.raises(ValueError):
        ev.kind_of({"t": 0.0})  # type: ignore[arg-type]


def test_physics_resolver_follows_the_parameters():
    assert resolver_for(POOL_PARAMS).cushion == Han2005Cushion()
    assert resolver_for(SNOOKER_MATHAVAN_PARAMS).cushion == Mathavan2010Cushion()
    assert resolver_for(POOL_PARAMS).ball_ball == ThrowBallBall()
    assert set(CUSHION_MODELS) == {"han2005", "mathavan2010"}


def test_physics_explicit_default_resolver_changes_nothing():
    pos = {**nine_ball_rack(T, 1), "cue": (T.width / 2, T.length / 4)}
    s = Stroke(angle=90.0, speed=8.0)
    assert simulate(T, pos, s).dumps() == simulate(T, pos, s,
                                                   resolver=resolver_for(POOL_PARAMS)).dumps()
    sp = {"cue": (SNOOKER.width / 2, 700.0)}
    s2 = Stroke(angle=80.0, speed=3.0, side=0.3)
    assert simulate(SNOOKER, sp, s2, SNOOKER_MATHAVAN_PARAMS).dumps() == simulate(
        SNOOKER, sp, s2, SNOOKER_MATHAVAN_PARAMS,
        resolver=Resolver(ThrowBallBall(), Mathavan2010Cushion())).dumps()


@dataclass(frozen=True)
class DeadCushion:
    """A test model: the cushion stops the ball's motion into it and keeps nothing else."""

    calls: list[int]

    def bounce(self, normal, ball, radius, nose_height, p: PhysicsParams):  # type: ignore[no-untyped-def]
        self.calls.append(1)
        vx, vy = ball[0], ball[1]
        vn = vx * normal[0] + vy * normal[1]
        return (vx - vn * normal[0], vy - vn * normal[1], 0.0, 0.0, 0.0), False


def test_physics_a_plugged_cushion_model_is_the_one_used():
    calls: list[int] = []
    res = Resolver(ThrowBallBall(), DeadCushion(calls))
    shot = simulate(T, {"cue": (T.width / 2, T.length / 3)}, Stroke(angle=0.0, speed=2.0),
                    replace(POOL_PARAMS, min_separation_speed=0.0), resolver=res)
    assert calls and shot.events[0]["cushion"] == "cue"
    # head-on into a dead cushion: the ball stops there (no rebound)
    assert shot.final["cue"][0] == pytest.approx(T.width - T.ball_radius, abs=1e-6)


@dataclass(frozen=True)
class DeadSlate:
    """A test model: the slate absorbs every downward impulse (no bounce, no friction)."""

    def land(self, ball, radius, p: PhysicsParams):  # type: ignore[no-untyped-def]
        return (ball[0], ball[1], 0.0, ball[3], ball[4], ball[5]), False


def test_physics_a_plugged_slate_model_is_the_one_used():
    s = Stroke(angle=90.0, speed=3.0, height=0.7071, elevation=45.0)
    jumps = simulate(T, {"cue": (635.0, 300.0)}, s)
    assert any("takeoff" in e for e in jumps.events)
    res = Resolver(ThrowBallBall(), Han2005Cushion(), slate=DeadSlate())
    flat = simulate(T, {"cue": (635.0, 300.0)}, s, resolver=res)
    assert not any("takeoff" in e for e in flat.events)
    assert all(seg.state != "airborne" for seg in flat.trajectories["cue"])
