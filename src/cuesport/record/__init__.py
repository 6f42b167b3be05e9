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
  marker touched), ``lag`` (who won the lag for the break, POOL-1.2), ``correct`` (the
  referee corrects the position: ``{"rule": "SNK-3.7(b)", "remove": ["yellow"]}``).
* ``stroke: true`` with no events is an addressing contact / a stroke that hit nothing.

Protocol 1.1 (``"protocol": "1.1"``, draft ``referee-protocol-1.1.md``) adds inputs that a
version 1 record may not hold (:data:`V11_FIELDS`, checked in one place): sides with
members, ``rules.alternate``, ``member`` on actions, the order keys of a start.
"""

from __future__ import annotations

import functools
import typing
from collections.abc import Iterator, Mapping
from typing import Annotated, Any, ClassVar, Literal, TypeVar, cast

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    Strict,
    StrictBool,
    StrictFloat,
    StrictInt,
    TypeAdapter,
    ValidationError,
    field_validator,
    model_serializer,
    model_validator,
)
from pydantic.json_schema import WithJsonSchema

from cuesport import disciplines
from cuesport.events import EVENT_KINDS
from cuesport.events import StrokeEvent as StrokeEvent  # the shape the physics writes

PROTOCOL_VERSION = 1
PROTOCOL_1_1 = "1.1"  # the draft version 1.1 (a string: no 1.1 / 1.10 clash)
# A ball on the table whose position a record without positions does not give
# (``rules.positions: false``); never used as geometry.
NOWHERE: tuple[float, float] = (-1.0, -1.0)
RACKED: tuple[float, float] = (-2.0, -2.0)  # likewise, a ball just racked (a re-rack)
VERSIONS = ("1", "1.1")  # the record's "protocol": 1 (or absent) is "1"; "1.1" is a string


def _known_discipline(name: str) -> str:
    disciplines.find(name)  # UnknownDiscipline (a ValueError) lists the known ids
    return name


# Any id a descriptor declares (cuesport.disciplines); the schema lists them as an enum.
Discipline = Annotated[
    str,
    AfterValidator(_known_discipline),
    WithJsonSchema({"type": "string", "enum": list(disciplines.ids())}),
]
PocketName = Literal[
    "bottom-left", "bottom-right", "middle-left", "middle-right", "top-left", "top-right"
]
# 1.1, records without positions only: a pot whose pocket the marker did not see (no rule
# reads it, except the called ball's: docs/positions-free.md)
UNKNOWN_POCKET = "unknown"
Player = Annotated[int, Field(ge=0, le=1)]
# Models are strict (numbers are numbers, booleans booleans, no coercion from strings); a
# JSON array still fills a tuple, with strict items.
Point = Annotated[tuple[float, float], Strict(False)]
Names = Annotated[tuple[str, ...], Strict(False)]
Member = Annotated[int, Field(ge=0, le=3)]  # 1.1: a member by its index in the side's list


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False, strict=True)


class Event(_Model):
    """One thing that happened during a stroke; exactly one of the kind keys is set.

    Validates the shapes of :mod:`cuesport.events` (one ``TypedDict`` per kind, which the
    physics builds); the kind keys are :data:`cuesport.events.EVENT_KINDS`.
    """

    t: float | None = Field(default=None, ge=0)
    hit: Annotated[tuple[str, str], Strict(False)] | None = None
    cushion: str | None = None
    pot: str | None = None
    pocket: PocketName | Literal["unknown"] | None = None
    off: str | None = None
    cross: str | None = None
    line: Literal["baulk", "head-string"] | None = None
    # airborne events, protocol 1.1 §3 (cuesport.events.OverEvent): informational for rules
    # that do not use them
    over: Annotated[tuple[str, str], Strict(False)] | None = None
    end: float | None = Field(default=None, ge=0)
    far_side: bool | None = None
    takeoff: str | None = None
    land: str | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> Event:
        f = self.__dict__  # the validated fields, read as a dict: this runs for every event
        kinds = [k for k in EVENT_KINDS if f[k]]
        if len(kinds) != 1:
            raise ValueError(
                f"an event has exactly one of {', '.join(EVENT_KINDS)}"
                f" (got {', '.join(kinds) or 'none'})"
            )
        pot, pocket, hit, over = f["pot"], f["pocket"], f["hit"], f["over"]
        if pot is not None and pocket is None:
            raise ValueError("a pot event names its pocket")
        if pot is None and pocket is not None:
            raise ValueError("'pocket' belongs to a pot event")
        if (f["cross"] is None) != (f["line"] is None):
            raise ValueError("a cross event names its line, and only a cross event has one")
        if hit is not None and hit[0] == hit[1]:
            raise ValueError("a ball cannot hit itself")
        if over is None and (f["end"] is not None or f["far_side"] is not None):
            raise ValueError("'end' and 'far_side' belong to an over event")
        if over is not None and over[0] == over[1]:
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


class Railed(_Model):
    """Version 1.1, records without positions: the rails after the first contact of a
    stroke, as the referee sees them (POOL-6.3, the break rules)."""

    cue: bool = False  # the cue ball reached a rail (or a pocket) after the first contact
    # the distinct object balls that reached a rail or a pocket after the first contact
    objects: int = Field(default=0, ge=0, le=15)


class Judgement(_Model):
    """What physics cannot show and a referee must judge (all default false/empty)."""

    miss: bool = False
    push_stroke: bool = False
    double_hit: bool = False
    jump: bool | None = None  # None: decided from the events (SNK-2.19, over events)
    feet_off_floor: bool = False
    touched: Names = ()
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
    positioning: bool = False  # ONE-2.6.2: a touch while placing from hand, not a stroke
    condoned: bool = False  # ONE-2.12.4: the foul was neither called nor claimed in time
    # version 1.1, records without positions only (the referee's eye instead of geometry)
    misplaced: bool = False  # in hand, struck from outside its zone (SNK-3.5, POOL-6.10)
    not_played_out: bool = False  # POOL-6.11, ONE-2.6.3 to ONE-2.6.6
    clear_path: bool = False  # SNK-3.14(c): a clear path to some part of a ball on
    full_ball: bool = False  # SNK-3.14(c): central full-ball contact available
    baulk_crossed: bool = False  # ONE-2.13.1: "baulk line crossed"
    railed: Railed | None = None  # POOL-6.3, break rules: instead of cushion events
    # version 1.1, any record: potted balls that fell by themselves (SNK-3.9), which only
    # the referee's eye sees (events cannot show a ball stopped on the lip)
    fell: Names = ()


POSITIONS_FREE_FLAGS = ("misplaced", "not_played_out", "clear_path", "full_ball",
                        "baulk_crossed", "railed")
JUDGEMENT_FLAGS_1_1 = (*POSITIONS_FREE_FLAGS, "fell")  # the judgement inputs of version 1.1


class Call(_Model):
    ball: str
    pocket: PocketName


class Declare(_Model):
    frozen: Names = ()  # balls declared frozen to a rail (POOL-8.4)
    touching: Names = ()  # balls declared touching the cue ball (SNK-3.8, POOL-6.7)


SpotName = Literal[
    "yellow-spot", "green-spot", "brown-spot", "blue-spot", "pink-spot", "black-spot",
    "foot-spot", "head-spot", "centre-spot",
]


class Rest(_Model):
    """Facts of the position at rest (version 1.1, records without positions only)."""

    touching: dict[str, Names] = Field(default_factory=dict)  # SNK-3.8, ONE-2.10, POOL-6.7
    occupied: Annotated[tuple[SpotName, ...], Strict(False)] = ()  # SNK-2.17, POOL-1.4
    snookered: bool = False  # SNK-3.10: snookered on every ball on for the next stroke
    snookered_by: Names = ()  # SNK-2.16(b): the effective snookering ball(s)
    behind_head_string: Names = ()  # POOL-1.5, P141-4.8(4)
    interferes: Names = ()  # P141-4.8: balls in the way of the rack outline
    restored: Names = ()  # SNK-3.15, POOL-1.9: balls put back by the table referee

    def to_json(self) -> dict[str, Any]:
        return {"touching": {k: list(v) for k, v in self.touching.items()},
                "occupied": list(self.occupied), "snookered": self.snookered,
                "snookered_by": list(self.snookered_by),
                "behind_head_string": list(self.behind_head_string),
                "interferes": list(self.interferes), "restored": list(self.restored)}


NO_REST = Rest()


class Shot(_Model):
    player: Player
    member: Member | None = None  # 1.1
    cue_ball: Point | None = None
    nominate: str | None = None
    call: Call | Literal["safety"] | None = None
    push_out: bool = False
    safety: bool = False  # 1.1: the striker played safe (a fact for stats; no rule reads it)
    events: Annotated[tuple[Event, ...], Strict(False)] = ()
    after: dict[str, Point] = Field(default_factory=dict)
    judgement: Judgement = Judgement()
    declare: Declare = Declare()
    stroke: bool = True
    rest: Rest | None = None  # version 1.1, without positions only

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
    member: Member | None = None  # 1.1
    choice: Literal[
        "play", "pass", "replace", "in-hand", "re-rack", "re-rack-opponent", "spot-eight",
        "re-break", "spot-ball",
    ]
    ball: str | None = None  # 1.1: the ball a spot-ball decision spots (POOL-1.5)


class Concede(_Model):
    player: Player
    member: Member | None = None  # 1.1


class Claim(_Model):
    player: Player
    member: Member | None = None  # 1.1


class Lots(_Model):
    to_play: Player
    member: Member | None = None  # 1.1: who of the side plays first (SNK-3.17(d))


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
    member: Member | None = None  # 1.1


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


class Correction(_Model):
    """The referee corrects the position (extension, optional): balls taken off the table
    under the rule named, e.g. a colour wrongly respotted (SNK-3.7(b))."""

    rule: str
    remove: Names = ()


class CorrectAction(_Model):
    correct: Correction


ACTION_MODELS: dict[str, type[_Model]] = {
    "shot": ShotAction,
    "decision": DecisionAction,
    "concede": ConcedeAction,
    "claim": ClaimAction,
    "lots": LotsAction,
    "lag": LagAction,
    "stalemate": StalemateAction,
    "foul": FoulAction,
    "correct": CorrectAction,
}
Action = (
    ShotAction | DecisionAction | ConcedeAction | ClaimAction | LotsAction | LagAction
    | StalemateAction | FoulAction | CorrectAction
)


# ---------------------------------------------------------------- the start position

Coord = StrictInt | StrictFloat
InHand = Literal["D", "kitchen", "table"]
StrictPlayer = Annotated[StrictInt, Field(ge=0, le=1)]
X = TypeVar("X", bound="StartExtras")


class StartExtras(_Model):
    """A discipline's own keys of a start position, beside the common ones of
    :class:`Start`. Each referee declares its subclass (``Referee.extras_model``); a key
    no model declares is refused. Fields marked ``exclude`` are read but never printed."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False,
                              populate_by_name=True, strict=False)  # JSON lists as tuples


class Start(BaseModel):
    """A position to start from: a record's ``start`` and a ruling's ``state`` (which is a
    valid ``start`` of a new record). Parsed by :func:`parse_start` and printed by
    :meth:`to_json`, and nowhere else (a FEN for cue sports).

    The common keys are typed here; the discipline's own keys stay in ``model_extra``
    until the referee reads them with :meth:`extras` and its :class:`StartExtras` model.
    A ball that is null or missing is off the table (or the cue ball in hand).
    """

    model_config = ConfigDict(frozen=True, extra="allow", allow_inf_nan=False,
                              populate_by_name=True)
    COMMON: ClassVar[tuple[str, ...]] = (
        "balls", "to_play", "score", "break", "options", "in_hand", "frame_over", "winner")

    balls: dict[str, tuple[Coord, Coord] | None]
    to_play: StrictPlayer = 0
    score: tuple[StrictInt, StrictInt] = (0, 0)
    break_: StrictInt = Field(default=0, alias="break", ge=0)
    options: tuple[str, ...] = ()
    in_hand: InHand | None = None
    frame_over: StrictBool = False
    winner: StrictPlayer | None = None
    rest: Rest | None = None  # version 1.1 without positions: the last shot's rest facts
    # 1.1, the order of play (ORDER): the member to play, each side's slot, the hand-back
    member: Annotated[StrictInt, Field(ge=0, le=3)] | None = None
    up: tuple[Annotated[StrictInt, Field(ge=0, le=3)], Annotated[StrictInt, Field(ge=0, le=3)]
              ] | None = None
    pass_to: tuple[StrictPlayer, Annotated[StrictInt, Field(ge=0, le=3)]] | None = None

    def positions(self) -> dict[str, Point]:
        """The balls on the table, centres as floats."""
        return {k: (float(v[0]), float(v[1])) for k, v in self.balls.items() if v is not None}

    def extras(self, model: type[X]) -> X:
        """The discipline's own keys, validated by its model (one error style)."""
        try:
            return model.model_validate(self.model_extra or {})
        except ValidationError as err:
            raise RecordError(_explain(err, "start")) from None

    @classmethod
    def of(cls, *, balls: Mapping[str, Point | None], to_play: int, score: tuple[int, int],
           break_: int, options: tuple[str, ...], in_hand: str | None, frame_over: bool,
           winner: int | None, extras: StartExtras | None = None,
           order: tuple[int, tuple[int, int], tuple[int, int] | None] | None = None,
           rest: Rest | None = None) -> Start:
        """A referee's state as a start (trusted: not validated again); ``order`` is the
        1.1 ``(member, up, pass_to)``, ``rest`` the facts at rest of a record without
        positions."""
        extra = {} if extras is None else _fields_json(extras)
        member, up, pass_to = order or (None, None, None)
        return cls.model_construct(
            balls=dict(balls), to_play=to_play, score=score, break_=break_, options=options,
            in_hand=in_hand, frame_over=frame_over, winner=winner, member=member, up=up,
            pass_to=pass_to, rest=rest, **extra)

    def to_json(self, only_set: bool = False) -> dict[str, Any]:
        """The JSON form; ``only_set`` prints only the common keys that were given."""
        order = None if self.up is None else (self.member, self.up, self.pass_to)
        common = position_json(
            self.balls, self.to_play, self.score, self.break_, self.options, self.in_hand,
            self.frame_over, self.winner, order=order)
        if only_set:
            given = {"break" if f == "break_" else f for f in self.model_fields_set}
            given -= {k for k in ("member", "up", "pass_to") if getattr(self, k) is None}
            common = {k: v for k, v in common.items() if k in given}
        out = common | {k: jsonable(v) for k, v in (self.model_extra or {}).items()}
        if self.rest is not None:
            out["rest"] = self.rest.to_json()
        return out

    @model_serializer
    def _serialise(self) -> dict[str, Any]:
        return self.to_json(only_set=True)


def position_json(balls: Mapping[str, Point | None], to_play: int, score: tuple[int, int],
                  break_: int, options: tuple[str, ...], in_hand: str | None,
                  frame_over: bool, winner: int | None, *,
                  order: tuple[int | None, tuple[int, int], tuple[int, int] | None] | None
                  = None) -> dict[str, Any]:
    """The common keys of a start (or a ruling's ``state``) as JSON, in their printed
    order; ``order`` is the 1.1 ``(member, up, pass_to)``. :meth:`Start.to_json` and the
    referees print through here (the referees without building a :class:`Start`: it runs
    once per ruling)."""
    out: dict[str, Any] = {
        "balls": {k: None if v is None else [v[0], v[1]] for k, v in balls.items()},
        "to_play": to_play,
    }
    if order is not None:  # 1.1 only
        member, up, pass_to = order
        out["member"] = member
        out["up"] = list(up)
        out["pass_to"] = None if pass_to is None else list(pass_to)
    out["score"] = [score[0], score[1]]
    out["break"] = break_
    out["options"] = list(options)
    out["in_hand"] = in_hand
    out["frame_over"] = frame_over
    out["winner"] = winner
    return out


_SCALARS = frozenset({str, int, float, bool, type(None)})


def jsonable(v: Any) -> Any:
    """A value of a model or a state as JSON: tuples as lists, models by their fields, an
    object with a ``to_json`` method by it."""
    if type(v) in _SCALARS:  # most values: checked first
        return v
    if isinstance(v, tuple | list):  # mostly scalars inside (a pair, a list of names)
        return [x if type(x) in _SCALARS else jsonable(x) for x in v]
    if isinstance(v, Mapping):
        return {k: x if type(x) in _SCALARS else jsonable(x) for k, x in v.items()}
    if isinstance(v, BaseModel):
        return _fields_json(v)
    to_json = getattr(v, "to_json", None)
    return v if to_json is None else to_json()



@functools.cache
def printed_fields(model: type[BaseModel]) -> tuple[tuple[str, str], ...]:
    """``(key, field name)`` of a model's printed fields in declaration order: aliases as
    keys, excluded fields left out."""
    return tuple((f.alias or name, name) for name, f in model.model_fields.items()
                 if not f.exclude)


def _fields_json(m: BaseModel) -> dict[str, Any]:
    """A model's fields in declaration order (aliases as keys), excluded fields left out."""
    return {key: jsonable(getattr(m, name)) for key, name in printed_fields(type(m))}


def parse_start(raw: Any) -> Start:
    """Validate the common keys of a start position."""
    if isinstance(raw, Start):
        return raw
    if not isinstance(raw, Mapping):
        raise RecordError("start: a position object is expected")
    try:
        return Start.model_validate(dict(raw))
    except ValidationError as err:
        raise RecordError(_explain(err, "start")) from None


def _names_as_positions(raw: Any, where: str) -> Any:
    """A start without positions lists its balls by name; inside, each is on the table at
    :data:`NOWHERE`. Positions in such a record are bad input."""
    if not isinstance(raw, Mapping):
        return raw
    out = dict(raw)
    for key, part in (("balls", out), ("before", out.get("before"))):
        if not isinstance(part, Mapping) or "balls" not in part:
            continue
        balls = part["balls"]
        if isinstance(balls, Mapping):
            raise ValueError(f"{where}{'' if key == 'balls' else '.before'}.balls: without "
                             "positions the balls are a list of names")
        if not isinstance(balls, list) or not all(isinstance(b, str) for b in balls):
            raise ValueError(f"{where}.balls: a list of ball names is expected")
        if len(set(balls)) != len(balls):
            raise ValueError(f"{where}.balls: a ball is listed twice")
        fixed = {b: list(NOWHERE) for b in balls}
        if key == "balls":
            out["balls"] = fixed
        else:
            out["before"] = dict(part) | {"balls": fixed}
    return out


def positions_free(rules: Any) -> bool:
    """Whether a record's ``rules`` say ``positions: false`` (version 1.1)."""
    return isinstance(rules, Mapping) and rules.get("positions") is False
class Side(_Model):
    """1.1: a side with its members in playing order for this frame (SNK-3.17(a), (b))."""

    name: str
    members: Annotated[tuple[str, ...], Strict(False), Field(min_length=1, max_length=4)]


class FrameRecord(_Model):
    """The header of a record; actions are validated one by one (see :func:`parse_action`)."""

    protocol: Literal[1, "1.1"] = 1
    discipline: Discipline
    players: Annotated[tuple[str | Side, str | Side], Strict(False)] = ("Player 1", "Player 2")
    rules: dict[str, Any] = Field(default_factory=dict)
    start: Start | None = None
    actions: list[Any] = Field(default_factory=list)

    @model_validator(mode="before")
    @classmethod
    def _positions_free_inputs(cls, raw: Any) -> Any:
        """1.1-only header inputs need ``"protocol": "1.1"``; without positions the
        start lists its balls by name."""
        if not isinstance(raw, Mapping):
            return raw
        rules = raw.get("rules")
        if raw.get("protocol", 1) != PROTOCOL_1_1 and isinstance(rules, Mapping):
            for key in V1_1_RULES:
                if key in rules:
                    raise ValueError(f"rules.{key}: a version 1.1 input; the record says "
                                     f"protocol {raw.get('protocol', 1)!r} (use \"1.1\")")
        start = raw.get("start")
        if isinstance(start, Mapping):
            if raw.get("protocol", 1) != PROTOCOL_1_1 and "rest" in start:
                raise ValueError("start.rest: a version 1.1 input (use \"protocol\": \"1.1\")")
            if positions_free(rules):
                raw = dict(raw) | {"start": _names_as_positions(start, "start")}
            elif "rest" in start:
                raise ValueError("start.rest: only a record without positions has rest facts")
        return raw

    @property
    def version(self) -> str:
        """``"1"`` or ``"1.1"``: the one switch every 1.1 input and output looks at."""
        return str(self.protocol)

    @property
    def names(self) -> tuple[str, str]:
        """The sides' names (the players' in version 1)."""
        a, b = (p if isinstance(p, str) else p.name for p in self.players)
        return a, b

    @property
    def members(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Each side's members in playing order (a plain name is a side of one)."""
        a, b = ((p,) if isinstance(p, str) else p.members for p in self.players)
        return a, b

    @model_validator(mode="after")
    def _version_inputs(self) -> FrameRecord:
        if self.version == "1":
            check_version(self, "1")
        elif self.rules.get("alternate", "turn") not in ("turn", "stroke"):
            raise ValueError("rules.alternate: 'turn' or 'stroke'")
        return self

    @field_validator("start", mode="before")
    @classmethod
    def _start(cls, raw: Any) -> Any:
        return None if raw is None else parse_start(raw)

    @field_validator("protocol", mode="before")
    @classmethod
    def _integer_version(cls, v: Any) -> Any:
        if v == PROTOCOL_1_1 and type(v) is str:
            return v
        if type(v) is not int or v != 1:  # Literal[1] alone would take true and 1.0
            raise ValueError('the version is the integer 1 or the string "1.1"')
        return v


V1_1_RULES = ("positions",)  # rule options of section 2 (1.1); "alternate": _V11_RULES


# Inputs that exist only in protocol 1.1 (by model: its fields); a version 1 record holding
# one is bad input naming it. Extend here (and in _V11_RULES) for the other 1.1 inputs.
V11_FIELDS: dict[type[BaseModel], tuple[str, ...]] = {
    Shot: ("member", "safety"), Decision: ("member", "ball"), Concede: ("member",),
    Claim: ("member",), Lots: ("member",), PlayerFoul: ("member",),
    Start: ("member", "up", "pass_to"),
}
_V11_RULES = ("alternate",)


def _models_in(annotation: Any) -> Iterator[type[BaseModel]]:
    """The model classes an annotation names (inside unions, optionals, ``Annotated``)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        yield annotation
    for arg in typing.get_args(annotation):
        yield from _models_in(arg)


@functools.cache
def _holds_v11(model: type[BaseModel]) -> frozenset[str]:
    """The fields of ``model`` whose value may be a model with a 1.1-only input (read from
    the annotations once per model), so that the walk below skips the others: it runs on
    every action."""
    return frozenset(
        name for name, f in model.model_fields.items()
        if any(m in V11_FIELDS or _holds_v11(m) for m in _models_in(f.annotation)))


def _v11_inputs(m: BaseModel, path: str) -> Iterator[str]:
    if isinstance(m, FrameRecord):
        yield from (f"players.{i}" for i, p in enumerate(m.players) if isinstance(p, Side))
        yield from (f"rules.{k}" for k in _V11_RULES if k in m.rules)
    for name in V11_FIELDS.get(type(m), ()):
        if name in m.model_fields_set:
            yield f"{path}{name}"
    holds = _holds_v11(type(m))
    for name in m.model_fields_set:
        if name not in holds:
            continue
        sub = getattr(m, name)
        if isinstance(sub, BaseModel):
            yield from _v11_inputs(sub, f"{path}{name}.")


def check_version(m: BaseModel, version: str, path: str = "") -> None:
    """Refuse 1.1-only inputs in a version 1 record (referee-protocol-1.1.md)."""
    if version == "1":
        for where in _v11_inputs(m, path):
            raise RecordError(f"{where}: only in protocol \"1.1\" (this record is version 1)")


class RecordError(ValueError):
    """Bad input: the message says what is wrong."""


def _explain(err: ValidationError, prefix: str = "") -> str:
    parts = []
    for e in err.errors()[:3]:
        loc = ".".join(str(p) for p in (prefix, *e["loc"]) if p != "")
        msg = e["msg"].removeprefix("Value error, ")
        nested = msg.startswith((f"{loc}.", f"{loc}:"))  # a nested parser named it already
        parts.append(f"{loc}: {msg}" if loc and not nested else msg)
    return "; ".join(parts)





def record_schema(extras: Mapping[str, type[StartExtras]] | None = None) -> dict[str, Any]:
    """JSON Schema of the frame record with its actions; with ``extras`` (discipline ->
    its start keys' model, as the referees declare them) the start of each discipline
    shows its own keys too."""
    schema = TypeAdapter(FrameRecord).json_schema()
    defs = schema.setdefault("$defs", {})
    start = defs.get("Start", {}).get("properties", {})
    if "balls" in start:  # version 1.1 without positions: a list of the names on the table
        start["balls"] = {"anyOf": [start["balls"], {"type": "array", "items": {
            "type": "string"}, "uniqueItems": True}]}
    rules = []
    for discipline, model in (extras or {}).items():
        part = TypeAdapter(model).json_schema(ref_template="#/$defs/{model}")
        defs.update(part.pop("$defs", {}))
        name = model.__name__
        part.pop("additionalProperties", None)  # beside the common keys of Start
        defs[name] = part
        own = {"allOf": [{"$ref": "#/$defs/Start"}, {"$ref": f"#/$defs/{name}"}]}
        rules.append({"if": {"properties": {"discipline": {"const": discipline}}},
                      "then": {"properties": {"start": {"anyOf": [own, {"type": "null"}]}}}})
    if rules:
        schema["allOf"] = rules
    action = TypeAdapter[Any](cast(Any, Action)).json_schema()
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
    return TypeAdapter[Any](cast(Any, RulingOut | ErrorOut)).json_schema(by_alias=True)


# (below the models they read)
from cuesport.record.read import MAX_INT_DIGITS as MAX_INT_DIGITS  # noqa: E402
from cuesport.record.read import check_shot_inputs as check_shot_inputs  # noqa: E402
from cuesport.record.read import load_record as load_record  # noqa: E402
from cuesport.record.read import loads as loads  # noqa: E402
from cuesport.record.read import parse_action as parse_action  # noqa: E402
from cuesport.record.read import parse_record as parse_record  # noqa: E402
