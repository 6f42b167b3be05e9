"""Snooker frame state, rule options and the small facts every snooker rule uses.

The state is a frozen dataclass (a step returns a new one); its JSON form is the
``state`` of a ruling and a valid ``start`` of a new record (referee-protocol.md).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import Field, Strict, StrictBool, StrictInt

from cuesport.equipment import COLOUR_VALUES, COLOURS, REDS
from cuesport.record import Coord, RecordError, Rest, Start, StartExtras, StrictPlayer
from cuesport.rules.base import Balls, FrameState, Options, Outcome, Vec, copier, freeze_balls

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
    rest: Rest | None = None  # without positions: that position's rest facts (not printed)

    def to_json(self) -> dict[str, Any]:
        return {"balls": {k: [v[0], v[1]] for k, v in self.balls.items()},
                "phase": self.phase, "in_hand": self.in_hand, "full": self.full}


@dataclass(frozen=True)  # no __slots__: copied by its __dict__ (FrameState)
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


# A copy of a state with changes: dataclasses.replace, generated (several per ruling)
evolve: Callable[..., SnookerState] = copier(SnookerState)


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


class SnapshotIn(StartExtras):
    """The position to restore on ``replace`` (SNK-3.14(f)), as a start holds it."""

    balls: dict[str, tuple[Coord, Coord]]
    phase: Literal["reds", "colour", "sequence"]
    in_hand: Literal["D"] | None = None
    full: StrictBool = False


Count = Annotated[StrictInt, Field(ge=0)]


class SnookerExtras(StartExtras):
    """The keys of a snooker start beside the common ones (printed in this order)."""

    phase: Literal["reds", "colour", "sequence"] | None = None
    free_ball: StrictBool = False
    offender: StrictPlayer | None = None
    before: SnapshotIn | None = None
    miss_count: Count = 0
    warned: StrictBool = False
    replaced: StrictBool = False
    respotted_black: StrictBool = False
    lots_pending: StrictBool = False
    breaker: StrictPlayer = 0
    started: StrictBool = True


def state_from_start(start: Start, check: Callable[[Mapping[str, Vec], str], None]
                     ) -> SnookerState:
    """The state of a ``start`` position; ``check(balls, where)`` validates positions."""
    x = start.extras(SnookerExtras)
    balls = start.positions()
    if "cue" not in balls and start.in_hand is None and not start.frame_over:
        in_hand: str | None = "D"  # "cue": null, or no cue ball: in hand
    else:
        in_hand = start.in_hand
    if in_hand is not None and "cue" in balls:
        raise RecordError("start: the cue ball is in hand, so it has no position")
    before = None
    if x.before is not None:
        snap = freeze_balls(x.before.balls)
        check(snap, "start.before")
        before = Snapshot(snap, x.before.phase, x.before.in_hand, x.before.full)
    if "replace" in start.options and before is None:
        raise RecordError("start: 'replace' is offered but 'before' gives no position")
    phase = x.phase or turn_phase(balls)
    if phase == "reds" and not any(b in REDS_SET for b in balls):
        raise RecordError("start: phase 'reds' with no red on the table")
    return SnookerState(
        balls=freeze_balls(balls), to_play=start.to_play, score=start.score,
        break_=start.break_, options=start.options, in_hand=in_hand,
        frame_over=start.frame_over, winner=start.winner, phase=phase, free_ball=x.free_ball,
        offender=x.offender, before=before, miss_count=x.miss_count, warned=x.warned,
        replaced=x.replaced, respotted_black=x.respotted_black, lots_pending=x.lots_pending,
        breaker=x.breaker, started=x.started, rest=start.rest,
    )
