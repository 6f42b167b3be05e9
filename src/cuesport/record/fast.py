"""The fast path of :func:`cuesport.record.parse_action`: the common actions checked by
hand and their models built without pydantic (the referee compiles this module:
:mod:`cuesport.accel`)."""

from __future__ import annotations

import typing
from typing import Any, cast

from pydantic import BaseModel

from cuesport.record import (
    Action,
    Call,
    Decision,
    DecisionAction,
    Event,
    Judgement,
    PocketName,
    Shot,
    ShotAction,
    _Model,
)

# Most actions are a shot of the usual shape or a decision. ``fast_action`` checks those
# by hand, with exact types (bool is not int; str subclasses, other mappings and sequences,
# explicit nulls and rare keys are left alone), and builds the models without pydantic.
# Whatever it does not accept it leaves to the models (it answers None), so bad input meets
# the same validation and gets the same error. tests/protocol/test_fast_parse.py holds the
# two to the same answers on generated and mutated actions.

_new = object.__new__
_set = object.__setattr__
_POCKETS = frozenset(typing.get_args(PocketName))
_LINES = frozenset(("baulk", "head-string"))
_CHOICES = frozenset(typing.get_args(Decision.model_fields["choice"].annotation))
_NAMED = frozenset(("cushion", "pot", "off", "cross", "takeoff", "land"))  # one ball each
# Judgement flags given as a bool (jump may be null too: that, and the others, the models)
_JUDGED = frozenset(n for n, f in Judgement.model_fields.items()
                    if f.annotation is bool or n == "jump")
_CACHE_SIZE = 4096  # distinct events and calls kept (frozen models: sharing is safe)
_events: dict[tuple[Any, ...], Event] = {}
_event_tuples: dict[tuple[int, ...], tuple[Event, ...]] = {}
_calls: dict[tuple[str, str], Call] = {}


def _defaults(model: type[BaseModel]) -> dict[str, Any]:
    """Every field's default, in declaration order (the order of a validated ``__dict__``);
    a default factory's field holds None here and is filled per instance."""
    return {name: None if f.default_factory is not None else f.default
            for name, f in model.model_fields.items()}


_EVENT = _defaults(Event)
_SHOT = _defaults(Shot)
_JUDGEMENT = _defaults(Judgement)
_DECISION = _defaults(Decision)


def _built(model: type[_Model], defaults: dict[str, Any], given: dict[str, Any]) -> Any:
    """A model from values already checked, as ``model_construct`` builds it (which loops
    over every field in Python: slower)."""
    m = _new(model)
    values = defaults.copy()
    values.update(given)
    _set(m, "__dict__", values)
    _set(m, "__pydantic_fields_set__", set(given))
    _set(m, "__pydantic_extra__", None)
    _set(m, "__pydantic_private__", None)
    return m


def _point(v: Any) -> tuple[float, float] | None:
    """A checked point (numbers become floats, as the models make them), or None."""
    if (type(v) is not list and type(v) is not tuple) or len(v) != 2:
        return None
    x, y = v
    tx, ty = type(x), type(y)
    if (tx is not float and (tx is not int or not -2**53 <= x <= 2**53)) or (
            ty is not float and (ty is not int or not -2**53 <= y <= 2**53)):
        return None
    x, y = float(x), float(y)
    if x - x != 0 or y - y != 0:  # inf or nan
        return None
    return x, y


def _time(v: Any) -> float | None:
    """A checked event time (a finite number >= 0, as a float), or None."""
    tv = type(v)
    if tv is not float and (tv is not int or not 0 <= v <= 2**53):
        return None
    v = float(v)
    return v if v >= 0 and v - v == 0 else None


def _fast_event(raw: Any) -> Event | None:
    """One event of the usual kinds (hit, cushion, pot, off, cross, takeoff, land)."""
    if type(raw) is not dict:
        return None
    given: dict[str, Any] = {}
    kinds = 0
    for key, v in raw.items():
        if key in _NAMED:
            if type(v) is not str or not v:  # an empty name is no kind: the models say so
                return None
            kinds += 1
        elif key == "hit":
            if (type(v) is not list and type(v) is not tuple) or len(v) != 2:
                return None
            a, b = v
            if type(a) is not str or type(b) is not str or not a or a == b:
                return None
            v = (a, b)
            kinds += 1
        elif key == "t":
            v = _time(v)
            if v is None:
                return None
        elif key == "pocket":
            if type(v) is not str or v not in _POCKETS:
                return None
        elif key == "line":
            if type(v) is not str or v not in _LINES:
                return None
        else:  # over, end, far_side, unknown keys: the models
            return None
        given[key] = v
    if kinds != 1 or ("pot" in given) != ("pocket" in given) or (
            "cross" in given) != ("line" in given):
        return None
    key = _event_key(raw)
    if key is None:  # with a time: times differ from shot to shot, not worth keeping
        return cast(Event, _built(Event, _EVENT, given))
    if len(_events) >= _CACHE_SIZE:
        _events.clear()
    event: Event = _built(Event, _EVENT, given)
    _events[key] = event
    return event


def _event_key(raw: dict[Any, Any]) -> tuple[Any, ...] | None:
    """The key of a valid event kept in ``_events``, read from the input itself (so that a
    kept event is found before any check): one key with a str or a list of two str, or
    two keys with str values. The three shapes give keys of three lengths, and only an
    input of one of them that :func:`_fast_event` accepted is kept under its key."""
    if len(raw) == 1:
        ((k, v),) = raw.items()
        if type(v) is str:
            return k, v
        if type(v) is list and len(v) == 2 and type(v[0]) is str and type(v[1]) is str:
            return k, v[0], v[1]
    elif len(raw) == 2:
        (k, v), (k2, v2) = raw.items()
        if type(v) is str and type(v2) is str:
            return k, v, k2, v2
    return None


def _fast_events(raw: Any) -> tuple[Event, ...] | None:
    if type(raw) is not list and type(raw) is not tuple:
        return None
    out = []
    last = -1.0
    get = _events.get
    for item in raw:
        # a kept event (most are: a hit, a cushion, a pot), else checked in full
        e = get(_event_key(item)) if type(item) is dict else None  # type: ignore[arg-type]
        if e is None:
            e = _fast_event(item)
            if e is None:
                return None
        t = e.t
        if t is not None:
            if t < last:  # Shot._time_order
                return None
            last = t
        out.append(e)
    if last >= 0:  # with event times: this stroke's own
        return tuple(out)
    # One tuple for the same events (kept events are shared): the rules keep facts of a
    # stroke's events by the tuple (rules/events.py). Kept by the events' ids, which the
    # kept tuple holds alive, so no other events can have them.
    key = tuple(map(id, out))
    shared = _event_tuples.get(key)
    if shared is None:
        if len(_event_tuples) >= _CACHE_SIZE:
            _event_tuples.clear()
        shared = _event_tuples[key] = tuple(out)
    return shared


def _fast_call(v: Any) -> Call | str | None:
    if type(v) is str:
        return v if v == "safety" else None
    if type(v) is not dict or len(v) != 2:
        return None
    ball, pocket = v.get("ball"), v.get("pocket")
    if type(ball) is not str or type(pocket) is not str or pocket not in _POCKETS:
        return None
    call = _calls.get((ball, pocket))
    if call is None:
        if len(_calls) >= _CACHE_SIZE:
            _calls.clear()
        call = _calls[ball, pocket] = _built(Call, {}, {"ball": ball, "pocket": pocket})
    return call


def _fast_judgement(raw: Any) -> Judgement | None:
    if type(raw) is not dict:
        return None
    for key, v in raw.items():
        if type(v) is not bool or key not in _JUDGED:
            return None
    return cast(Judgement, _built(Judgement, _JUDGEMENT, raw))


def _fast_shot(raw: Any, version: str) -> Shot | None:
    if type(raw) is not dict:
        return None
    given: dict[str, Any] = {}
    v: Any
    for key, v in raw.items():
        if key == "events":
            v = _fast_events(v)
        elif key == "after":
            if type(v) is not dict:
                return None
            after = {}
            for name, p in v.items():
                xy = _point(p)
                if xy is None or type(name) is not str:
                    return None
                after[name] = xy
            v = after
        elif key == "player":
            if type(v) is not int or not 0 <= v <= 1:
                return None
        elif key == "call":
            v = _fast_call(v)
        elif key == "cue_ball":
            v = _point(v)
        elif key == "push_out" or key == "stroke":
            if type(v) is not bool:
                return None
        elif key == "nominate":
            if type(v) is not str:
                return None
        elif key == "judgement":
            v = _fast_judgement(v)
        elif key == "member":  # 1.1 only: in a version 1 record the models refuse it
            if version == "1" or type(v) is not int or not 0 <= v <= 3:
                return None
        elif key == "safety":  # 1.1 only, likewise
            if version == "1" or type(v) is not bool:
                return None
        else:  # declare, rest, unknown keys: the models
            return None
        if v is None:
            return None
        given[key] = v
    if "player" not in given:
        return None
    shot: Shot = _built(Shot, _SHOT, given)  # (no cast: a call per shot)
    if "after" not in given:
        shot.__dict__["after"] = {}  # the default factory's: one dict per shot
    return shot


def _fast_decision(raw: Any, version: str) -> Decision | None:
    if type(raw) is not dict:
        return None
    for key, v in raw.items():
        if key == "player":
            if type(v) is not int or not 0 <= v <= 1:
                return None
        elif key == "choice":
            if type(v) is not str or v not in _CHOICES:
                return None
        elif version == "1":  # the 1.1 inputs (member, ball) and unknown keys: the models
            return None
        elif key == "member":
            if type(v) is not int or not 0 <= v <= 3:
                return None
        elif key != "ball" or type(v) is not str:
            return None
    if "player" not in raw or "choice" not in raw:
        return None
    return cast(Decision, _built(Decision, _DECISION, raw))


def fast_action(key: str, body: Any, version: str) -> Action | None:
    """The action ``{key: body}`` when it has one of the common shapes and is valid; None
    when the models must look at it (unusual, or bad input)."""
    if key == "shot":
        shot = _fast_shot(body, version)
        return None if shot is None else _built(ShotAction, {}, {"shot": shot})
    if key == "decision":
        dec = _fast_decision(body, version)
        return None if dec is None else cast(
            DecisionAction, _built(DecisionAction, {}, {"decision": dec}))
    return None
