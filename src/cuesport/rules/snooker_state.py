"""Snooker frame state, rule options and the small facts every snooker rule uses.

The state is a frozen dataclass (a step returns a new one); its JSON form is the
``state`` of a ruling and a valid ``start`` of a new record (referee-protocol.md).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, Strict, ValidationError

from cuesport.equipment import COLOUR_VALUES, COLOURS, REDS
from cuesport.record import RecordError
from cuesport.rules.base import Balls, FrameState, Options, Outcome, freeze_balls

REDS_SET = frozenset(REDS)
Points = Annotated[int, Field(ge=0)]
PHASES = ("reds", "colour", "sequence")


def value(ball: str) -> int:
    """SNK-1.2: red 1, yellow 2 ... black 7; the cue ball has no value."""
    if ball in REDS_SET:
        return 1
    return COLOUR_VALUES.get(ball, 0)


class SnookerOptions(Options):
    """Rule options of snooker (``rules`` in the record)."""

    four_snookers_rule: bool = False  # SNK-3.4(d), amateur rule, off by default
    total_points: bool = False  # SNK-3.1(g)(ii): aggregate scores decide the game
    # aggregate of the earlier frames (total_points)
    aggregate: Annotated[tuple[int, int], Strict(False)] = (0, 0)
    deciding_frame: bool = False  # last frame of the game (SNK-3.4(c), SNK-3.4(d)(ii))
    frame: int = Field(default=1, ge=1)  # frame number in the game (SNK-3.3(b))
    first_breaker: int = Field(default=0, ge=0, le=1)  # who broke frame 1 (SNK-3.3(b))
    miss_equal_points_exempt: bool = False  # SNK-X.3 later-edition exemption
    pink_gap: float = Field(default=1.0, gt=0.0, le=50.0)  # gap pink-apex red at set-up


@dataclass(frozen=True, slots=True)
class SnookerOutcome(Outcome):
    """An outcome with the per-action snooker fields of the ruling."""

    miss: bool = False  # FOUL AND A MISS was called (SNK-3.14)
    review: tuple[str, ...] = ()  # notes asking a human to review the ruling


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The position before a stroke called a miss, for ``replace`` (SNK-3.14(f))."""

    balls: Balls
    phase: str
    in_hand: str | None
    full: bool  # full-ball contact was available (SNK-3.14(c))

    def to_json(self) -> dict[str, Any]:
        return {"balls": {k: [v[0], v[1]] for k, v in self.balls.items()},
                "phase": self.phase, "in_hand": self.in_hand, "full": self.full}


@dataclass(frozen=True, slots=True)
class SnookerState(FrameState):
    phase: str = "reds"  # SNK-X.1: "reds", "colour" (after a red) or "sequence"
    free_ball: bool = False  # SNK-3.10: a free ball is available to to_play
    offender: int | None = None  # who fouled, while options are open
    before: Snapshot | None = None  # position before a miss (replace)
    miss_count: int = 0  # consecutive misses from the same position (SNK-3.14(c))
    warned: bool = False  # the third-miss warning was given (SNK-3.14(c)(ii))
    replaced: bool = False  # the position is a replacement after a miss
    respotted_black: bool = False  # SNK-3.4(b) in progress
    lots_pending: bool = False  # waiting for the draw of lots (SNK-3.4(b)(ii))
    breaker: int = 0  # who broke this frame (SNK-3.16 restarts with the same breaker)
    started: bool = False  # the opening stroke has been made (SNK-2.1, SNK-3.3(c))

    # ------------------------------------------------------------ derived facts

    @property
    def reds(self) -> list[str]:
        return [b for b in self.balls if b in REDS_SET]

    @property
    def colours(self) -> list[str]:
        return [c for c in COLOURS if c in self.balls]

    def objects(self) -> list[str]:
        return [b for b in self.balls if b != "cue"]


_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(SnookerState))


def evolve(state: SnookerState, **changes: Any) -> SnookerState:
    """A copy of ``state`` with ``changes`` (a faster dataclasses.replace)."""
    kw = {f: getattr(state, f) for f in _FIELDS}
    kw.update(changes)
    return SnookerState(**kw)


def turn_phase(balls: Mapping[str, Any]) -> str:
    """SNK-X.1: at the start of a turn a red is on if any is left, else the sequence."""
    return "reds" if any(b in REDS_SET for b in balls) else "sequence"


def sequence_colour(balls: Mapping[str, Any]) -> str | None:
    """SNK-3.3(f)(iii): the lowest colour on the table is on."""
    return next((c for c in COLOURS if c in balls), None)


def points_remaining(balls: Mapping[str, Any], phase: str) -> int:
    """SNK-X.3: 8 per red + 27 (+7 when a colour is on after a red); in the sequence the
    sum of the colours on the table."""
    reds = sum(1 for b in balls if b in REDS_SET)
    if phase == "reds":
        return 8 * reds + 27
    if phase == "colour":
        return 7 + 8 * reds + 27
    return sum(COLOUR_VALUES[c] for c in COLOURS if c in balls)


def needs_snookers(score: tuple[int, int], remaining: int, equal_exempt: bool = False
                   ) -> bool:
    """SNK-X.3: some player needs penalty points to win (deficit > points remaining;
    with the later-edition option, equality counts too)."""
    deficit = abs(score[0] - score[1])
    return deficit > remaining or (equal_exempt and deficit == remaining and deficit > 0)


def snookers_needed(deficit: int, remaining: int, lowest: int) -> int:
    """SNK-3.4(d): snookers needed = ceil((deficit - remaining) / max(4, lowest colour))."""
    if deficit <= remaining:
        return 0
    return math.ceil((deficit - remaining) / max(4, lowest))


# ---------------------------------------------------------------- JSON form


class _SnapshotIn(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)
    balls: dict[str, tuple[float, float]]
    phase: Literal["reds", "colour", "sequence"]
    in_hand: Literal["D"] | None = None
    full: bool = False


class _StartIn(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False, populate_by_name=True)
    balls: dict[str, tuple[float, float] | None]
    to_play: int = Field(default=0, ge=0, le=1)
    score: tuple[Points, Points] = (0, 0)
    break_: int = Field(default=0, alias="break", ge=0)
    options: tuple[Literal["play", "pass", "replace"], ...] = ()
    in_hand: Literal["D"] | None = None
    frame_over: bool = False
    winner: int | None = Field(default=None, ge=0, le=1)
    phase: Literal["reds", "colour", "sequence"] | None = None
    free_ball: bool = False
    offender: int | None = Field(default=None, ge=0, le=1)
    before: _SnapshotIn | None = None
    miss_count: int = Field(default=0, ge=0)
    warned: bool = False
    replaced: bool = False
    respotted_black: bool = False
    lots_pending: bool = False
    breaker: int = Field(default=0, ge=0, le=1)
    started: bool = True


def _explain(err: ValidationError) -> str:
    e = err.errors()[0]
    where = ".".join(str(p) for p in e["loc"])
    return f"start.{where}: {e['msg']}"


def state_from_json(data: Mapping[str, Any], check: Any) -> SnookerState:
    """Parse a ``start`` position; ``check(balls, where)`` validates positions."""
    try:
        s = _StartIn.model_validate(dict(data))
    except ValidationError as err:
        raise RecordError(_explain(err)) from None
    balls = {k: v for k, v in s.balls.items() if v is not None}
    check(balls, "start")
    if "cue" not in balls and s.in_hand is None and not s.frame_over:
        in_hand: str | None = "D"  # "cue": null, or no cue ball: in hand
    else:
        in_hand = s.in_hand
    if in_hand is not None and "cue" in balls:
        raise RecordError("start: the cue ball is in hand, so it has no position")
    before = None
    if s.before is not None:
        check(s.before.balls, "start.before")
        before = Snapshot(freeze_balls(s.before.balls), s.before.phase, s.before.in_hand,
                          s.before.full)
    if "replace" in s.options and before is None:
        raise RecordError("start: 'replace' is offered but 'before' gives no position")
    phase = s.phase or turn_phase(balls)
    if phase == "reds" and not any(b in REDS_SET for b in balls):
        raise RecordError("start: phase 'reds' with no red on the table")
    return SnookerState(
        balls=freeze_balls(balls), to_play=s.to_play, score=s.score, break_=s.break_,
        options=tuple(s.options), in_hand=in_hand, frame_over=s.frame_over, winner=s.winner,
        phase=phase, free_ball=s.free_ball, offender=s.offender, before=before,
        miss_count=s.miss_count, warned=s.warned, replaced=s.replaced,
        respotted_black=s.respotted_black, lots_pending=s.lots_pending, breaker=s.breaker,
        started=s.started,
    )


def state_to_json(state: SnookerState) -> dict[str, Any]:
    out = state.common_json()
    out.update(
        phase=state.phase, free_ball=state.free_ball, offender=state.offender,
        before=state.before.to_json() if state.before is not None else None,
        miss_count=state.miss_count, warned=state.warned, replaced=state.replaced,
        respotted_black=state.respotted_black, lots_pending=state.lots_pending,
        breaker=state.breaker, started=state.started,
    )
    return out
