"""The events of a stroke, as the physics writes them and the frame record carries them.

One definition of each event's shape (a ``TypedDict``: a plain JSON object at run time, so the
simulator builds them at no cost and every consumer reads them as dicts), with one builder per
kind. :class:`cuesport.record.Event` validates the same shapes at the boundary; its kinds are
:data:`EVENT_KINDS` (a test checks that the two never drift apart).

This module imports nothing (no pydantic): the physics uses it on its hot path.
"""

from __future__ import annotations

from typing import Literal, TypedDict, final

LineName = Literal["baulk", "head-string"]

# The kind keys, in the order the record's validator lists them; exactly one is set per event.
EVENT_KINDS = ("hit", "cushion", "pot", "off", "cross", "over", "takeoff", "land")


@final  # lets type checkers narrow a union by `"key" in event`
class HitEvent(TypedDict):
    t: float
    hit: list[str]  # [striking ball, struck ball]


@final
class CushionEvent(TypedDict):
    t: float
    cushion: str


@final
class PotEvent(TypedDict):
    t: float
    pot: str
    pocket: str


@final
class OffEvent(TypedDict):
    t: float
    off: str


@final
class CrossEvent(TypedDict):
    t: float
    cross: str
    line: LineName


@final
class OverEvent(TypedDict):
    """Ball ``over[0]``, in the air and higher than ``over[1]``, has its plan-view disc over
    it (centres closer than 2R) from ``t`` to ``end``, touching it or not; ``far_side``: it
    came down beyond the line through ``over[1]``'s centre normal to its horizontal velocity
    (referee protocol 1.1 §3, SNK-2.19). Not a contact: a touch is also a ``hit``."""

    t: float
    over: list[str]
    end: float
    far_side: bool


@final
class TakeoffEvent(TypedDict):
    """The ball left the bed (informational, protocol 1.1)."""

    t: float
    takeoff: str


@final
class LandEvent(TypedDict):
    """The ball came back down onto the bed (informational, protocol 1.1)."""

    t: float
    land: str


StrokeEvent = (HitEvent | CushionEvent | PotEvent | OffEvent | CrossEvent | OverEvent
               | TakeoffEvent | LandEvent)


def hit(t: float, first: str, second: str) -> HitEvent:
    return {"t": t, "hit": [first, second]}


def cushion(t: float, ball: str) -> CushionEvent:
    return {"t": t, "cushion": ball}


def pot(t: float, ball: str, pocket: str) -> PotEvent:
    return {"t": t, "pot": ball, "pocket": pocket}


def off(t: float, ball: str) -> OffEvent:
    return {"t": t, "off": ball}


def cross(t: float, ball: str, line: LineName) -> CrossEvent:
    return {"t": t, "cross": ball, "line": line}


def over(t: float, ball: str, under: str, end: float, far_side: bool) -> OverEvent:
    return {"t": t, "over": [ball, under], "end": end, "far_side": far_side}


def takeoff(t: float, ball: str) -> TakeoffEvent:
    return {"t": t, "takeoff": ball}


def land(t: float, ball: str) -> LandEvent:
    return {"t": t, "land": ball}


def kind_of(event: StrokeEvent) -> str:
    """The event's kind key (``"hit"``, ``"cushion"``...)."""
    for k in EVENT_KINDS:
        if k in event:
            return k
    raise ValueError(f"not a stroke event: {event!r}")
