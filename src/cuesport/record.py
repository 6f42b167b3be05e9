"""The frame record, referee protocol version 1: validated input models and JSON Schema.

This is the seam of the project (STYLE.md): the physics writes it, the referee reads it,
storage keeps it, the command line and the web exchange it. Validation happens here, at
the boundary, with pydantic; models are frozen and reject unknown keys.

Extensions to the published protocol (spec README, "needed input" table), all optional
and backward compatible:

* ``shot.declare``: ``{"frozen": [...], "touching": [...]}`` frozen-ball and
  touching-ball declarations (POOL-8.4, POOL-6.7, SNK-3.8).
* ``shot.judgement``: ``would_have_been_hit``, ``touching_respot_agreed``,
  ``template_present``, ``announcement_late`` beside the protocol's flags.
* Actions ``foul`` (a foul by a player while not striking: non-striker, consultation,
  marker touched), ``lag`` (who won the lag for the break, POOL-1.2).
* ``stroke: true`` with no events is an addressing contact / a stroke that hit nothing.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    field_validator,
    model_validator,
)

from cuesport.events import EVENT_KINDS
from cuesport.events import StrokeEvent as StrokeEvent  # the shape the physics writes

PROTOCOL_VERSION = 1
Discipline = Literal[
    "snooker", "snooker-one-red", "eight-ball", "nine-ball", "ten-ball", "straight-pool"
]
PocketName = Literal[
    "bottom-left", "bottom-right", "middle-left", "middle-right", "top-left", "top-right"
]
Player = Annotated[int, Field(ge=0, le=1)]
Point = tuple[float, float]


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)


class Event(_Model):
    """One thing that happened during a stroke; exactly one of the kind keys is set.

    Validates the shapes of :mod:`cuesport.events` (one ``TypedDict`` per kind, which the
    physics builds); the kind keys are :data:`cuesport.events.EVENT_KINDS`.
    """

    t: float | None = Field(default=None, ge=0)
    hit: tuple[str, str] | None = None
    cushion: str | None = None
    pot: str | None = None
    pocket: PocketName | None = None
    off: str | None = None
    cross: str | None = None
    line: Literal["baulk", "head-string"] | None = None
    # airborne events, protocol 1.1 §3 (cuesport.events.OverEvent): informational for rules
    # that do not use them
    over: tuple[str, str] | None = None
    end: float | None = Field(default=None, ge=0)
    far_side: bool | None = None
    takeoff: str | None = None
    land: str | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> Event:
        kinds = [k for k in EVENT_KINDS if getattr(self, k)]
        if len(kinds) != 1:
            raise ValueError(
                f"an event has exactly one of {', '.join(EVENT_KINDS)}"
                f" (got {', '.join(kinds) or 'none'})"
            )
        if self.pot is not None and self.pocket is None:
            raise ValueError("a pot event names its pocket")
        if self.pot is None and self.pocket is not None:
            raise ValueError("'pocket' belongs to a pot event")
        if (self.cross is None) != (self.line is None):
            raise ValueError("a cross event names its line, and only a cross event has one")
        if self.hit is not None and self.hit[0] == self.hit[1]:
            raise ValueError("a ball cannot hit itself")
        if self.over is None and (self.end is not None or self.far_side is not None):
            raise ValueError("'end' and 'far_side' belong to an over event")
        if self.over is not None and self.over[0] == self.over[1]:
            raise ValueError("a ball cannot pass over itself")
        return self

    @property
    def kind(self) -> str:
        for k in EVENT_KINDS:
            if getattr(self, k) is not None:
                return k
        raise AssertionError("validated event without kind")

    def balls(self) -> tuple[str, ...]:
        """The balls this event names."""
        if self.hit is not None:
            return self.hit
        if self.over is not None:
            return self.over
        return (self.cushion or self.pot or self.off or self.cross or self.takeoff
                or self.land or "",)


class Judgement(_Model):
    """What physics cannot show and a referee must judge (all default false/empty)."""

    miss: bool = False
    push_stroke: bool = False
    double_hit: bool = False
    jump: bool = False
    feet_off_floor: bool = False
    touched: tuple[str, ...] = ()
    balls_moving: bool = False
    struck_ball: str | None = None
    before_respot: bool = False
    cue_on_table: bool = False
    # extensions (spec README "needed input")
    would_have_been_hit: bool = False  # SNK-3.9(b), POOL-1.7
    touching_respot_agreed: bool = True  # ONE-2.10
    template_present: bool = False  # POOL-6.16
    announcement_late: bool = False  # ONE-2.8.2, ONE-2.9.3
    slow_play: bool = False  # POOL-6.15 (time fouls)
    outside_interference: bool = False  # POOL-1.9, SNK-3.15


class Call(_Model):
    ball: str
    pocket: PocketName


class Declare(_Model):
    frozen: tuple[str, ...] = ()  # balls declared frozen to a rail (POOL-8.4)
    touching: tuple[str, ...] = ()  # balls declared touching the cue ball (SNK-3.8, POOL-6.7)


class Shot(_Model):
    player: Player
    cue_ball: Point | None = None
    nominate: str | None = None
    call: Call | Literal["safety"] | None = None
    push_out: bool = False
    events: tuple[Event, ...] = ()
    after: dict[str, Point] = Field(default_factory=dict)
    judgement: Judgement = Judgement()
    declare: Declare = Declare()
    stroke: bool = True

    @field_validator("events")
    @classmethod
    def _time_order(cls, events: tuple[Event, ...]) -> tuple[Event, ...]:
        last = -1.0
        for i, e in enumerate(events):
            if e.t is None:
                continue
            if e.t < last:
                raise ValueError(f"events must be in time order (event {i} at t={e.t})")
            last = e.t
        return events


class Decision(_Model):
    player: Player
    choice: Literal[
        "play", "pass", "replace", "in-hand", "re-rack", "re-rack-opponent", "spot-eight",
        "re-break", "spot-ball",
    ]


class Concede(_Model):
    player: Player


class Claim(_Model):
    player: Player


class Lots(_Model):
    to_play: Player


class Lag(_Model):
    winner: Player  # POOL-1.2: the winner of the lag chooses who breaks
    breaks: Player | None = None


class Stalemate(_Model):
    pass


class PlayerFoul(_Model):
    """A foul by a player while not striking (extension)."""

    player: Player
    rule: str
    ball: str | None = None


class ShotAction(_Model):
    shot: Shot


class DecisionAction(_Model):
    decision: Decision


class ConcedeAction(_Model):
    concede: Concede


class ClaimAction(_Model):
    claim: Claim


class LotsAction(_Model):
    lots: Lots


class LagAction(_Model):
    lag: Lag


class StalemateAction(_Model):
    stalemate: Stalemate


class FoulAction(_Model):
    foul: PlayerFoul


ACTION_MODELS: dict[str, type[_Model]] = {
    "shot": ShotAction,
    "decision": DecisionAction,
    "concede": ConcedeAction,
    "claim": ClaimAction,
    "lots": LotsAction,
    "lag": LagAction,
    "stalemate": StalemateAction,
    "foul": FoulAction,
}
Action = (
    ShotAction | DecisionAction | ConcedeAction | ClaimAction | LotsAction | LagAction
    | StalemateAction | FoulAction
)


class FrameRecord(_Model):
    """The header of a record; actions are validated one by one (see :func:`parse_action`)."""

    protocol: Literal[1] = 1
    discipline: Discipline
    players: tuple[str, str] = ("Player 1", "Player 2")
    rules: dict[str, Any] = Field(default_factory=dict)
    start: dict[str, Any] | None = None
    actions: list[Any] = Field(default_factory=list)


class RecordError(ValueError):
    """Bad input: the message says what is wrong."""


def _explain(err: ValidationError) -> str:
    parts = []
    for e in err.errors()[:3]:
        loc = ".".join(str(p) for p in e["loc"])
        msg = e["msg"].removeprefix("Value error, ")
        parts.append(f"{loc}: {msg}" if loc else msg)
    return "; ".join(parts)


def parse_action(raw: Any) -> Action:
    """Validate one action: an object with exactly one known key."""
    if not isinstance(raw, dict):
        raise RecordError("an action is a JSON object with exactly one key")
    if len(raw) != 1:
        raise RecordError(f"an action has exactly one key, got {sorted(raw) or 'none'}")
    key = next(iter(raw))
    model = ACTION_MODELS.get(key)
    if model is None:
        raise RecordError(f"unknown action {key!r}; expected one of {', '.join(ACTION_MODELS)}")
    try:
        return model.model_validate(raw)  # type: ignore[return-value]
    except ValidationError as err:
        raise RecordError(_explain(err)) from None


def parse_record(raw: Any) -> FrameRecord:
    if not isinstance(raw, dict):
        raise RecordError("a frame record is a JSON object")
    try:
        return FrameRecord.model_validate(raw)
    except ValidationError as err:
        raise RecordError(_explain(err)) from None


def record_schema() -> dict[str, Any]:
    """JSON Schema of the frame record with its actions."""
    schema = TypeAdapter(FrameRecord).json_schema()
    action = TypeAdapter(Action).json_schema()
    schema["properties"]["actions"] = {"type": "array", "items": action}
    schema.setdefault("$defs", {}).update(action.pop("$defs", {}))
    return schema


class FoulOut(_Model):
    rule: str
    name: str
    penalty: int


class RulingOut(BaseModel):
    """The ruling as published (output contract); discipline fields may be added beside."""

    model_config = ConfigDict(extra="allow")

    action: int
    legal: bool
    fouls: list[FoulOut]
    points: tuple[int, int]
    score: tuple[int, int]
    break_: int = Field(alias="break")
    to_play: Player
    options: list[str]
    ball_on: list[str] | None = None
    free_ball: bool
    in_hand: Literal["D", "kitchen", "table"] | None
    respotted: dict[str, Point]
    frame_over: bool
    winner: Player | None
    announce: list[str]
    state: dict[str, Any]


class ErrorOut(_Model):
    action: int | None = None
    error: str


def ruling_schema() -> dict[str, Any]:
    """JSON Schema of one line of the referee's output: a ruling or an error object."""
    return TypeAdapter(RulingOut | ErrorOut).json_schema(by_alias=True)
