"""Shared referee machinery: rulings, fouls, frame state, input checks, the Referee base.

A discipline is a :class:`Referee` subclass: its facts (discipline id, ball names, table,
rule options) plus pure handlers that take a state and one validated action and return
``(Outcome, new state)``. Nothing here mutates a state; states are frozen dataclasses and
a step returns a new one, so a rejected action leaves the old state untouched.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from operator import attrgetter
from types import MappingProxyType
from typing import Any, ClassVar, Generic, TypeVar, cast

from pydantic import BaseModel, ConfigDict, ValidationError

from cuesport.disciplines import ball_names, find, table_for
from cuesport.equipment import (
    TableSpec,
    clear_of_cushions,
    on_table,
    overlapping_pairs,
    pockets,
)
from cuesport.record import (
    JUDGEMENT_FLAGS_1_1,
    NO_REST,
    NOWHERE,
    UNKNOWN_POCKET,
    Action,
    Claim,
    ClaimAction,
    Concede,
    ConcedeAction,
    CorrectAction,
    Correction,
    Decision,
    DecisionAction,
    Declare,
    FoulAction,
    Judgement,
    Lag,
    LagAction,
    Lots,
    LotsAction,
    PlayerFoul,
    RecordError,
    Rest,
    Shot,
    ShotAction,
    Stalemate,
    StalemateAction,
    Start,
    StartExtras,
    jsonable,
    parse_start,
    position_json,
    printed_fields,
)
from cuesport.record import Call as CallModel
from cuesport.rules import sides as order_of_play
from cuesport.rules.calls import COMMON_CALLS, Call, Catalog
from cuesport.rules.events import motion_of, note_gone
from cuesport.rules.sides import Order, Seat, Sides, Turn
from cuesport.rules.slots import fast_init

Vec = tuple[float, float]
Balls = Mapping[str, Vec]

_SCALARS = frozenset({str, int, float, bool, type(None)})
_pocket = attrgetter("pocket")  # of an event
# the actions accepted after the frame is over, by exact type: the action models are not
# subclassed, and an isinstance test that fails on a pydantic model class is slow
_ANY_TIME = frozenset({ConcedeAction, LotsAction})
# the judgement and declarations of every shot that gives none (the record's defaults,
# shared): no flag set, no ball declared
NO_JUDGEMENT: Judgement = Shot.model_fields["judgement"].default
NO_DECLARE: Declare = Shot.model_fields["declare"].default
OVERLAP_TOL = 1.0  # mm a recorded position may overlap before it is an impossible position


def freeze_balls(balls: Mapping[str, Sequence[float]]) -> Balls:
    """An immutable copy with float tuples, in a stable (sorted) order."""
    return MappingProxyType({k: (float(v[0]), float(v[1])) for k, v in sorted(balls.items())})


def copy_balls(balls: Balls) -> dict[str, Vec]:
    """A position as a new dict. A state's position is a read-only view of a dict, which
    ``dict()`` reads key by key (ten times the cost): the view's own ``copy`` clones the
    dict under it in one step."""
    return balls.copy() if type(balls) is MappingProxyType else dict(balls)


def sorted_balls(balls: dict[str, Vec]) -> Balls:
    """:func:`freeze_balls` of a position whose values are float tuples already (a state's
    balls and checked shot positions): only the order is made stable."""
    return MappingProxyType(dict(sorted(balls.items())))


T = TypeVar("T")
_KEEP: Any = object()  # a field not named in the changes of a copier


def copier(cls: type[T]) -> Callable[..., T]:
    """``copy(obj, **changes)``: :func:`dataclasses.replace` for a frozen dataclass
    without ``__post_init__``, several times faster (states and outcomes are copied
    several times per ruling): by the instance's dict for a class without slots, else
    generated once per class, as ``dataclasses`` generates ``__init__``. One keyword
    per field; an unknown one is a TypeError."""
    names = [f.name for f in fields(cast(Any, cls))]
    assert "__post_init__" not in vars(cls), "a copier skips __post_init__"
    if not any("__slots__" in vars(c) for c in cls.__mro__[:-1]):
        return _dict_copier(cls, names)
    env: dict[str, Any] = {"_KEEP": _KEEP, "_new": object.__new__, "_cls": cls}
    lines = [f"def copy(obj, *, {', '.join(n + '=_KEEP' for n in names)}):",
             "    new = _new(_cls)"]
    for i, n in enumerate(names):
        env[f"_set{i}"] = getattr(cls, n).__set__  # the slot's own setter (frozen: no setattr)
        lines.append(f"    _set{i}(new, obj.{n} if {n} is _KEEP else {n})")
    lines.append("    return new")
    exec("\n".join(lines), env)  # the source is made of the field names only
    return cast(Callable[..., T], env["copy"])


# A fresh instance gets its dict by ``_set_dict(obj, "__dict__", d)`` (the frozen class
# refuses setattr, not this): a plain dict, not the instance's own shared-key (split) dict
# filled in. CPython 3.11 specialises an attribute read from a plain dict, never from a
# split one filled after the object was made, so every read of such a state's field took
# the generic path (about five times the cost).
_set_dict = object.__setattr__


def _dict_copier(cls: type[T], names: list[str]) -> Callable[..., T]:
    """:func:`copier` for a class without slots (the states): the instance's dict cloned
    in C and the fields given set in it. Generated with keyword-only parameters, so
    Python itself refuses an unknown field (a ``**changes`` dict cost more to build
    and check)."""
    env: dict[str, Any] = {"_KEEP": _KEEP, "_new": object.__new__, "_cls": cls,
                           "_set_dict": _set_dict, "_dict": dict}
    lines = [f"def copy(obj, /, *, {', '.join(n + '=_KEEP' for n in names)}):",
             "    d = _dict(obj.__dict__)"]  # a plain dict, cloned in one step from another
    lines += [f"    if {n} is not _KEEP: d[{n!r}] = {n}" for n in names]
    lines += ["    new = _new(_cls)", "    _set_dict(new, '__dict__', d)", "    return new"]
    exec("\n".join(lines), env)  # the source is made of the field names only
    return cast(Callable[..., T], env["copy"])


def maker(cls: type[T]) -> Callable[..., T]:
    """``make(**every_field)``: the class's constructor for a frozen dataclass without
    ``__post_init__``, every field given by keyword, setting the slots (or the dict, for
    a class without slots) directly, generated once per class (the frozen ``__init__``
    goes through ``object.__setattr__`` by name: about twice the cost). For the objects
    built once or more per ruling."""
    names = [f.name for f in fields(cast(Any, cls))]
    assert "__post_init__" not in vars(cls), "a maker skips __post_init__"
    env: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_set_dict": _set_dict}
    lines = [f"def make(*, {', '.join(names)}):", "    new = _new(_cls)"]
    if not any("__slots__" in vars(c) for c in cls.__mro__[:-1]):
        # the instance's dict made in one display (the parameters are keyword-only, so
        # Python itself refuses a missing or an unknown field)
        items = ", ".join(f"{n!r}: {n}" for n in names)
        lines.append(f"    _set_dict(new, '__dict__', {{{items}}})")
    else:
        for i, n in enumerate(names):
            env[f"_set{i}"] = getattr(cls, n).__set__
            lines.append(f"    _set{i}(new, {n})")
    lines.append("    return new")
    exec("\n".join(lines), env)  # the source is made of the field names only
    return cast(Callable[..., T], env["make"])


@fast_init  # fouls, outcomes: built on most rulings
@dataclass(frozen=True, slots=True)
class Foul:
    rule: str
    name: str
    penalty: int

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "name": self.name, "penalty": self.penalty}


def worst(fouls: Iterable[Foul]) -> Foul | None:
    """SNK-3.11(g), POOL-6: only the most serious foul is penalised."""
    found = list(fouls)
    return max(found, key=lambda f: f.penalty) if found else None


# no __slots__ (nor in the subclasses): a state is copied by its __dict__ in one step
# (copier), several times per ruling
@dataclass(frozen=True)
class FrameState:
    """What every discipline's state has. Disciplines subclass it with their own fields."""

    balls: Balls
    to_play: int = 0
    score: tuple[int, int] = (0, 0)
    break_: int = 0
    options: tuple[str, ...] = ()
    in_hand: str | None = None
    frame_over: bool = False
    winner: int | None = None
    rest: Rest | None = None  # version 1.1 without positions: the last shot's rest facts
    order: Order | None = None  # 1.1: the order of play of sides with members

    def common_json(self) -> dict[str, Any]:
        return {
            "balls": {k: [v[0], v[1]] for k, v in self.balls.items()},
            "to_play": self.to_play,
            "score": list(self.score),
            "break": self.break_,
            "options": list(self.options),
            "in_hand": self.in_hand,
            "frame_over": self.frame_over,
            "winner": self.winner,
        }


@fast_init
@dataclass(frozen=True, slots=True)
class Outcome:
    """The per-action part of a ruling; the rest is read from the new state."""

    legal: bool = True
    fouls: tuple[Foul, ...] = ()
    points: tuple[int, int] = (0, 0)
    respotted: Mapping[str, Vec] = field(default_factory=dict)
    calls: tuple[Call, ...] = ()
    lost_turn: tuple[Seat, ...] = ()  # 1.1 (SNK-3.17(c))


_copy_outcome = copier(Outcome)


def renew(outcome: Outcome, **changes: Any) -> Outcome:
    """``dataclasses.replace`` of an outcome, generated for the plain :class:`Outcome`."""
    if type(outcome) is Outcome:
        return _copy_outcome(outcome, **changes)
    return replace(outcome, **changes)


@dataclass(frozen=True, slots=True)
class Ruling:
    """One ruling of the protocol (see referee-protocol.md, "The ruling")."""

    action: int
    legal: bool
    fouls: tuple[Foul, ...]
    points: tuple[int, int]
    score: tuple[int, int]
    break_: int
    to_play: int
    options: tuple[str, ...]
    ball_on: tuple[str, ...] | None
    free_ball: bool
    in_hand: str | None
    respotted: Mapping[str, Vec | str]  # a place name in a record without positions
    frame_over: bool
    winner: int | None
    announce: tuple[str, ...]
    state: Mapping[str, Any]
    extra: Mapping[str, Any] = field(default_factory=dict)
    order: Order | None = None  # 1.1 only: member, pass_to, lost_turn are printed
    lost_turn: tuple[Seat, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "action": self.action,
            "legal": self.legal,
            "fouls": [f.to_dict() for f in self.fouls] if self.fouls else [],
            "points": [self.points[0], self.points[1]],
            "score": [self.score[0], self.score[1]],
            "break": self.break_,
            "to_play": self.to_play,
        }
        if self.order is not None:
            out["member"] = self.order.member
        out["options"] = list(self.options)
        if self.order is not None:
            out["pass_to"] = None if self.order.pass_to is None else list(self.order.pass_to)
            out["lost_turn"] = [list(s) for s in self.lost_turn]
        if self.ball_on is not None:
            out["ball_on"] = list(self.ball_on)
        out["free_ball"] = self.free_ball
        out["in_hand"] = self.in_hand
        out["respotted"] = {k: v if isinstance(v, str) else [v[0], v[1]]
                            for k, v in self.respotted.items()} if self.respotted else {}
        out["frame_over"] = self.frame_over
        out["winner"] = self.winner
        out["announce"] = list(self.announce)
        out.update(self.extra)
        out["state"] = dict(self.state)
        return out


_make_ruling = maker(Ruling)  # Ruling(...) with every field, once per ruling

S = TypeVar("S", bound=FrameState)


class Options(BaseModel):
    """Rule options of a discipline (``rules`` in the record). Unknown keys are refused."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)  # no coercion


class Referee(Generic[S]):
    """Base of every discipline's referee.

    Subclasses set the class facts and implement :meth:`initial_state`, :meth:`shot`,
    :meth:`state_from_start` and :meth:`ball_on`; the other actions have defaults that
    refuse them with a clear error where a discipline has no such action.

    A start position is a :class:`cuesport.record.Start`: the common keys are parsed by the
    record, the discipline's own keys by :attr:`extras_model` (whose fields name the state's
    attributes); a state prints as a start in the same form (:meth:`state_to_json`).
    """

    discipline: ClassVar[str]
    options_model: ClassVar[type[Options]] = Options
    catalog: ClassVar[Catalog] = COMMON_CALLS
    cue_balls: ClassVar[tuple[str, ...]] = ("cue",)
    extras_model: ClassVar[type[StartExtras]] = StartExtras  # the start's own keys
    in_hand_zones: ClassVar[tuple[str, ...]] = ()  # the values of in_hand a start may hold
    start_choices: ClassVar[tuple[str, ...] | None] = None  # open options a start may hold
    negative_scores: ClassVar[bool] = False  # 14.1 scores may go below zero (P141-4.9)
    # Records without positions (protocol 1.1): the rest facts and judgement flags this
    # discipline's rules use instead of geometry; any other is bad input.
    rest_facts: ClassVar[frozenset[str]] = frozenset({"restored"})
    declared_flags: ClassVar[frozenset[str]] = frozenset({"misplaced"})
    # 1.1 ORDER: choices after which the previous striker plays again (SNK-3.11(h), P9-2.4)
    hand_back_choices: ClassVar[frozenset[str]] = frozenset(
        {"pass", "replace", "re-rack-opponent", "re-break"})

    last_motion: Balls | None = None  # the last position apply_motion returned (sorted)
    # a ball in hand printed as null in a state's balls (pool: "cue"; appended if absent)
    in_hand_null: ClassVar[str | None] = None

    def __init__(self, rules: Mapping[str, Any] | None = None,
                 players: tuple[str, str] = ("Player 1", "Player 2"), *,
                 sides: Sides | None = None) -> None:
        self.sides = sides  # None: protocol version 1, no order of play in the rulings
        given = dict(rules or {})
        positions = given.pop("positions", True)
        if type(positions) is not bool:
            raise RecordError("rules.positions: true or false")
        self.positions: bool = positions  # false: a record without coordinates (1.1)
        try:
            self.options = self.options_model.model_validate(given)
        except ValidationError as err:
            first = err.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise RecordError(f"rules.{where}: {first['msg']}") from None
        self.players = players
        self.table: TableSpec = self.make_table()
        self.names: frozenset[str] = frozenset(ball_names(self.discipline))
        self.facts = find(self.discipline)
        self._spoken: dict[tuple[str, tuple[tuple[str, Any], ...], str], str] = {}

    # ------------------------------------------------------------ facts and hooks

    def make_table(self) -> TableSpec:
        return table_for(self.discipline, getattr(self.options, "table", None))

    def initial_state(self, start: Start | None) -> S:
        raise NotImplementedError

    def state_from_start(self, start: Start) -> S:
        """The state of a start position (its common keys checked by :meth:`check_start`
        first, its own keys read with ``start.extras(self.extras_model)``)."""
        raise NotImplementedError

    def state_from_json(self, data: Mapping[str, Any] | Start) -> S:
        start = parse_start(data)
        self.check_start(start)
        return self.state_from_start(start)

    def initial(self, start: Start | None) -> S:
        """The state to start from, with the order of play of sides (1.1)."""
        state = self.initial_state(start)
        if self.sides is None:
            return state
        return replace(state, order=self.start_order(start, state))

    def start_order(self, start: Start | None, state: S) -> Order:
        assert self.sides is not None
        if start is None or start.up is None:
            if start is not None and (start.member is not None or start.pass_to is not None):
                raise RecordError("start.up: the order of play gives each side's slot")
            return order_of_play.begin((0, 0), state.to_play)
        for side, m in enumerate(start.up):
            self.check_member(side, m, "start.up")
        member = start.up[state.to_play] if start.member is None else start.member
        self.check_member(state.to_play, member, "start.member")
        if start.pass_to is not None:
            self.check_member(*start.pass_to, "start.pass_to")
        return Order(up=start.up, member=member, pass_to=start.pass_to)

    def check_member(self, side: int, member: int | None, where: str) -> None:
        if self.sides is not None and member is not None and member >= self.sides.size(side):
            raise RecordError(f"{where}: side {side} has {self.sides.size(side)} member(s), "
                              f"so there is no member {member}")

    def state_to_json(self, state: S, balls: Mapping[str, Vec | None] | None = None
                      ) -> dict[str, Any]:
        """A state as a start (what :meth:`cuesport.record.Start.to_json` prints): the
        common keys, the 1.1 order, the discipline's own keys, the rest facts of a record
        without positions. Printed directly, not through a :class:`Start`: it runs once
        per ruling."""
        o = state.order if self.sides is not None else None
        if balls is None and o is None:  # the usual case: one generated function
            out = _state_printer(self.extras_model)(state)
        else:
            out = position_json(
                state.balls if balls is None else balls, state.to_play, state.score,
                state.break_, state.options, state.in_hand, state.frame_over, state.winner,
                order=None if o is None else (o.member, o.up, o.pass_to))
            out.update(self.extras_json(state))
        if balls is None and state.in_hand and self.in_hand_null is not None:
            out["balls"][self.in_hand_null] = None  # in hand: null (appended if absent)
        if not self.positions:
            out["rest"] = (state.rest or NO_REST).to_json()
        return out

    def extras_json(self, state: S) -> dict[str, Any]:
        """The discipline's own keys of a state: its attributes named by the printed
        fields of :attr:`extras_model`, in their order (read with one getter made once
        per model, :func:`_extras_getter`)."""
        keys, get = _extras_getter(self.extras_model)
        out = {}
        for key, v in zip(keys, get(state), strict=True):
            if type(v) in _SCALARS:  # most are scalars
                out[key] = v
            elif type(v) is tuple and _SCALARS.issuperset(map(type, v)):
                out[key] = list(v)  # what jsonable gives a flat tuple, checked in C
            else:
                out[key] = jsonable(v)
        return out

    def check_start(self, start: Start) -> None:
        """The common keys as this discipline uses them (one error style: ``start.key``)."""
        if start.in_hand is not None and start.in_hand not in self.in_hand_zones:
            raise RecordError(f"start.in_hand: {', '.join(map(repr, self.in_hand_zones))} or "
                              f"null, not {start.in_hand!r}")
        if self.start_choices is not None:
            for o in start.options:
                if o not in self.start_choices:
                    raise RecordError(f"start.options: {o!r} is not a choice of "
                                      f"{self.discipline}")
        if not self.negative_scores and min(start.score) < 0:
            raise RecordError("start.score: scores are not negative")
        self.check_balls(start.positions(), "start")

    def ball_on(self, state: S) -> tuple[str, ...] | None:
        return None

    def free_ball(self, state: S) -> bool:
        return False

    def extra_fields(self, state: S) -> dict[str, Any]:
        """Discipline-specific ruling fields (documented per discipline)."""
        return {}

    # ------------------------------------------------------------ actions

    def apply(self, state: S, action: Action) -> tuple[Outcome, S]:
        """One validated action: the discipline's handler, then the order of play (1.1)."""
        if self.sides is not None:
            self.check_sides(action)
        outcome, new = self.act(state, action)
        if self.sides is None:
            return outcome, new
        turn = self.order_after(state, action, new)
        return self.with_turn(outcome, new, turn, action, state)

    def act(self, state: S, action: Action) -> tuple[Outcome, S]:
        if type(action) not in _ANY_TIME:
            self.require_live(state)
        match action:
            case ShotAction(shot=shot):
                self.check_shot_fields(shot)
                return self.shot(state, shot)
            case DecisionAction(decision=d):
                return self.decision(state, d)
            case ConcedeAction(concede=c):
                return self.concede(state, c)
            case ClaimAction(claim=c):
                return self.claim(state, c)
            case LotsAction(lots=lots):
                return self.lots(state, lots)
            case LagAction(lag=lag):
                return self.lag(state, lag)
            case StalemateAction(stalemate=s):
                return self.stalemate(state, s)
            case FoulAction(foul=f):
                return self.foul(state, f)
            case CorrectAction(correct=c):
                return self.correct(state, c)
        raise RecordError("unknown action")

    def check_sides(self, action: Action) -> None:
        """Members named exist; conferring needs a partner (SNK-3.12(a)(x), SNK-3.17(e))."""
        assert self.sides is not None
        for name, part in action:
            side = getattr(part, "to_play", getattr(part, "player", 0))
            self.check_member(side, getattr(part, "member", None), f"{name}.member")
        if (isinstance(action, FoulAction) and action.foul.rule == "SNK-3.12(a)(x)"
                and self.sides.size(action.foul.player) < 2):
            raise RecordError("foul.rule: SNK-3.12(a)(x) (conferring) needs a side of two or "
                              "more members (SNK-3.17(e))")

    def order_after(self, state: S, action: Action, new: S) -> Turn:
        """ORDER of referee-protocol-1.1.md around the discipline's action."""
        sides = self.sides
        assert sides is not None
        order = state.order or order_of_play.begin((0, 0), state.to_play)
        offered = bool(self.hand_back_choices.intersection(new.options))
        before, after = state.to_play, new.to_play
        match action:
            case ShotAction(shot=part) | FoulAction(foul=part):
                seat = (part.player, order_of_play.striker(order, before, part.player,
                                                           part.member))
                return order_of_play.after_stroke(sides, order, seat, before, after, offered)
            case DecisionAction(decision=d):
                return order_of_play.after_decision(
                    sides, order, before, after, d.choice in self.hand_back_choices, offered)
            case LotsAction(lots=lots):
                return order_of_play.after_lots(sides, order, lots.to_play, lots.member)
            case StalemateAction():
                return Turn(order_of_play.begin((0, 0), after))  # the order starts again
            case LagAction():
                return Turn(replace(order, member=order.up[after], pass_to=None))
        return Turn(order)

    def with_turn(self, outcome: Outcome, new: S, turn: Turn, action: Action, state: S
                  ) -> tuple[Outcome, S]:
        """The new order in the state; calls naming the striker name the member."""
        assert self.sides is not None
        side, who = self.players[new.to_play], self.sides.name((new.to_play, turn.order.member))
        renamed = {"to-play": (side, who), "play-again": (side, who), "breaks": (side, who)}
        if isinstance(action, FoulAction):
            f = action.foul
            renamed["foul-by"] = (self.players[f.player], self.sides.name(
                (f.player, order_of_play.striker(state.order or turn.order, state.to_play,
                                                 f.player, f.member))))
        calls = tuple(_renamed(c, renamed) for c in outcome.calls)
        return (replace(outcome, calls=calls, lost_turn=turn.lost_turn),
                replace(new, order=turn.order))

    def out_of_turn(self, state: S, shot: Shot) -> bool:
        """SNK-3.12(a)(iii), ONE-2.11(5), POOL-6.13: the side not to play, or (1.1) the
        wrong partner of the side to play."""
        if shot.player != state.to_play:
            return True
        o = state.order
        return o is not None and shot.member is not None and shot.member != o.member

    def shot(self, state: S, shot: Shot) -> tuple[Outcome, S]:
        raise NotImplementedError

    def decision(self, state: S, d: Decision) -> tuple[Outcome, S]:
        raise RecordError(f"no decision is on offer in {self.discipline}")

    def concede(self, state: S, c: Concede) -> tuple[Outcome, S]:
        self.require_live(state)
        winner = 1 - c.player
        new = replace(state, frame_over=True, winner=winner, options=())
        return Outcome(calls=(Call.of("conceded", player=self.players[c.player]),
                              Call.of("frame-over", player=self.players[winner]))), new

    def claim(self, state: S, c: Claim) -> tuple[Outcome, S]:
        raise RecordError(f"a claim is not an action of {self.discipline}")

    def lots(self, state: S, lots: Lots) -> tuple[Outcome, S]:
        raise RecordError(f"drawing lots is not an action of {self.discipline} here")

    def lag(self, state: S, lag: Lag) -> tuple[Outcome, S]:
        raise RecordError(f"a lag is not an action of {self.discipline}")

    def stalemate(self, state: S, s: Stalemate) -> tuple[Outcome, S]:
        raise RecordError(f"stalemate is not handled in {self.discipline}")

    def foul(self, state: S, f: PlayerFoul) -> tuple[Outcome, S]:
        raise RecordError(f"a foul action is not handled in {self.discipline}")

    def correct(self, state: S, c: Correction) -> tuple[Outcome, S]:
        raise RecordError(f"correct: no position correction is defined in {self.discipline}")

    # ------------------------------------------------------------ ruling assembly

    def ruling(self, index: int, outcome: Outcome, state: S, lang: str = "en"
               ) -> Ruling:
        return _make_ruling(
            order=state.order if self.sides is not None else None,
            lost_turn=outcome.lost_turn,
            action=index,
            legal=outcome.legal,
            fouls=outcome.fouls,
            points=outcome.points,
            score=state.score,
            break_=state.break_,
            to_play=state.to_play,
            options=state.options,
            ball_on=self.ball_on(state),
            free_ball=self.free_ball(state),
            in_hand=state.in_hand,
            respotted=(outcome.respotted if self.positions or not outcome.respotted
                       else {b: self.place_name(b, p) for b, p in outcome.respotted.items()}),
            frame_over=state.frame_over,
            winner=state.winner,
            announce=self.say(outcome.calls, lang) if outcome.calls else (),
            state=self.state_json(state),
            extra=self.extra_fields(state),
        )

    def say(self, calls: Iterable[Call], lang: str) -> tuple[str, ...]:
        """The calls rendered; each distinct call once per referee (a frame repeats a
        few dozen calls: the score, "Foul", whose turn), looked up by its key and
        arguments in C rather than formatted again."""
        spoken = self._spoken
        out = []
        for c in calls:
            k = (c.key, c.args, lang)
            try:
                said = spoken.get(k)  # a miss raises nothing: scores are often new
            except TypeError:  # an unhashable argument: rendered every time
                out.append(c.render(self.catalog, lang))
                continue
            if said is None:
                said = c.render(self.catalog, lang)
                if len(spoken) < 4096:  # a bound: a long frame's scores are many
                    spoken[k] = said
            out.append(said)
        return tuple(out)

    def ruling_dict(self, index: int, outcome: Outcome, state: S, lang: str = "en"
                    ) -> dict[str, Any]:
        """``self.ruling(index, outcome, state, lang).to_dict()`` in one step, without the
        :class:`Ruling` (what a session prints for every action): the same values, read
        in the same order, in the same keys (tests/protocol/test_ruling_dict.py holds
        the two equal). A discipline that overrides :meth:`ruling` keeps its own."""
        if type(self).ruling is not Referee.ruling:
            return self.ruling(index, outcome, state, lang).to_dict()
        return self.direct_ruling(index, outcome, state, lang)

    def direct_ruling(self, index: int, outcome: Outcome, state: S, lang: str
                      ) -> dict[str, Any]:
        """The body of :meth:`ruling_dict`, for a discipline whose :meth:`ruling` only
        prepares (snooker notes the outcome for its extra fields)."""
        o = state.order if self.sides is not None else None
        fouls, pts, score = outcome.fouls, outcome.points, state.score
        out: dict[str, Any] = {
            "action": index,
            "legal": outcome.legal,
            "fouls": [f.to_dict() for f in fouls] if fouls else [],
            "points": [pts[0], pts[1]],
            "score": [score[0], score[1]],
            "break": state.break_,
            "to_play": state.to_play,
        }
        if o is not None:
            out["member"] = o.member
        out["options"] = list(state.options)
        if o is not None:
            out["pass_to"] = None if o.pass_to is None else list(o.pass_to)
            out["lost_turn"] = [list(s) for s in outcome.lost_turn]
        ball_on = self.ball_on(state)
        if ball_on is not None:
            out["ball_on"] = list(ball_on)
        out["free_ball"] = self.free_ball(state)
        out["in_hand"] = state.in_hand
        respotted: Mapping[str, Vec | str] = (
            outcome.respotted if self.positions or not outcome.respotted
            else {b: self.place_name(b, p) for b, p in outcome.respotted.items()})
        out["respotted"] = {k: v if isinstance(v, str) else [v[0], v[1]]
                            for k, v in respotted.items()} if respotted else {}
        out["frame_over"] = state.frame_over
        out["winner"] = state.winner
        out["announce"] = list(self.say(outcome.calls, lang)) if outcome.calls else []
        printed = self.state_json(state)
        out.update(self.extra_fields(state))
        out["state"] = printed
        return out

    def state_json(self, state: S) -> dict[str, Any]:
        """A ruling's ``state``; without positions the balls are a list of names."""
        out = self.state_to_json(state)
        return out if self.positions else self.names_only(out)

    def names_only(self, position: Mapping[str, Any]) -> dict[str, Any]:
        """A start or state without coordinates: each ``balls`` a list of the names on
        the table, in the discipline's order."""
        order = ball_names(self.discipline)

        def names(balls: Mapping[str, Any]) -> list[str]:
            return [b for b in order if balls.get(b) is not None]

        out = dict(position)
        out["balls"] = names(out["balls"])
        before = out.get("before")
        if isinstance(before, Mapping) and isinstance(before.get("balls"), Mapping):
            out["before"] = dict(before) | {"balls": names(before["balls"])}
        return out

    # ------------------------------------------------------------ records without positions

    def place_name(self, ball: str, p: Vec) -> str:
        """Where a respotted ball went, by name (records without positions): a ball put
        back where it was has no position here (:data:`NOWHERE`)."""
        return "replaced"

    def unplaced(self, balls: Iterable[str]) -> Balls:
        """A position without coordinates: every ball named, at :data:`NOWHERE`."""
        return MappingProxyType({b: NOWHERE for b in sorted(balls)})

    def check_declared(self, shot: Shot, state: S) -> Rest:
        """The positions-free inputs of a shot that this discipline uses; the rest facts
        (or none) once checked."""
        j = shot.judgement
        for f in JUDGEMENT_FLAGS_1_1:
            if f in j.model_fields_set and f not in self.declared_flags:
                raise RecordError(f"judgement.{f}: not a judgement of {self.discipline}")
        if j.misplaced and state.in_hand is None:
            raise RecordError("judgement.misplaced: the cue ball was not in hand")
        if j.railed is not None and any(e.cushion is not None for e in shot.events):
            raise RecordError("judgement.railed: the rails are given once, by the flag or by "
                              "cushion events, not both")
        potted = {e.pot for e in shot.events if e.pot is not None}
        for b in j.fell:  # "red" is a red (snooker without positions)
            if b != "red":
                self.check_name(b)
            red = b.startswith("red") and any(p.startswith("red") for p in potted)
            if b not in potted and not red:
                raise RecordError(f"judgement.fell: {b!r} was not potted in this stroke")
        rest = shot.rest or NO_REST
        for f in (rest.model_fields_set if shot.rest is not None else ()):
            if f not in self.rest_facts and getattr(rest, f) != getattr(NO_REST, f):
                raise RecordError(f"rest.{f}: not a fact the rules of {self.discipline} use")
        for cue, near in rest.touching.items():
            if cue not in self.cue_balls:
                raise RecordError(f"rest.touching: {cue!r} is not a cue ball")
            for b in near:
                self.check_name(b)
        for b in (*rest.snookered_by, *rest.behind_head_string, *rest.interferes,
                  *rest.restored):
            self.check_name(b)
        return rest

    # ------------------------------------------------------------ input checks

    def check_shot_fields(self, shot: Shot) -> None:
        """A shot field the discipline does not use is bad input, never silently ignored."""
        facts = self.facts
        call = shot.call  # read once: reading a field of a record model is slow
        if call is not None and not facts.called_shots:
            raise RecordError(f"call: shots are not called in {facts.names.en}")
        if shot.push_out and not facts.push_out:
            raise RecordError(f"push_out: there is no push out in {facts.names.en}")
        if shot.nominate is not None and not facts.nominates:
            raise RecordError(f"nominate: balls are not nominated in {facts.names.en}"
                              + ("; a called shot uses 'call'" if facts.called_shots else ""))
        if shot.safety and facts.called_shots:
            raise RecordError(f"safety: a safety is called in {facts.names.en}: "
                              "use call: \"safety\"")
        j = shot.judgement  # the shared default, mostly: its flags set are none
        if (j is not NO_JUDGEMENT and "fell" not in self.declared_flags
                and "fell" in j.model_fields_set):
            raise RecordError(f"judgement.fell: not a judgement of {self.discipline}")
        if isinstance(call, CallModel) and UNKNOWN_POCKET in map(_pocket, shot.events):
            # POOL-1.6 (P8-3.5, P8-3.8(3)): the called ball's pocket decides the call, so it
            # is never unknown
            ball = call.ball
            for i, e in enumerate(shot.events):
                if e.pot == ball and e.pocket == UNKNOWN_POCKET:
                    raise RecordError(f"events.{i}.pocket: the called ball {ball!r} was "
                                      "pocketed: name its pocket (the call needs it, "
                                      "POOL-1.6)")

    def require_live(self, state: S) -> None:
        if state.frame_over:
            raise RecordError("the frame is over; no further action is accepted")

    def require_option(self, state: S, d: Decision) -> None:
        if not state.options:
            raise RecordError("no decision is on offer now")
        if d.choice not in state.options:
            raise RecordError(
                f"'{d.choice}' is not on offer; the options are {', '.join(state.options)}")
        if d.player != state.to_play:
            raise RecordError(f"the decision belongs to player {state.to_play}, not {d.player}")
        if d.ball is not None and d.choice != "spot-ball":
            raise RecordError(f"decision.ball: only a spot-ball decision names a ball, not "
                              f"'{d.choice}'")

    def check_name(self, name: str, what: str = "ball") -> None:
        if name not in self.names:
            raise RecordError(f"unknown {what} {name!r}")

    def check_moved(self, balls: Mapping[str, Vec], where: str,
                    placed: Mapping[str, Vec] | None, after: Mapping[str, Any]) -> None:
        """:meth:`check_balls` of a position made from one that passed it (the last one
        :func:`apply_motion` returned) by placing the balls of ``placed``, setting those
        of ``after`` and taking balls out. A discipline may test only those balls (the
        same verdict); by default the whole position is tested."""
        self.check_balls(balls, where)

    def check_balls(self, balls: Mapping[str, Vec], where: str = "position") -> None:
        """Known names, centres on the table (or hanging in a pocket mouth), no overlaps."""
        if not self.positions:
            for name in balls:
                self.check_name(name)
            return
        for name, p in balls.items():
            self.check_name(name)
            if not on_table_or_in_jaws(self.table, p):
                raise RecordError(f"{where}: ball {name!r} at ({p[0]:g}, {p[1]:g}) is not on "
                                  "the table")
        check_no_overlap(balls, self.table.ball_radius, where)


def _renamed(call: Call, renamed: Mapping[str, tuple[str, str]]) -> Call:
    pair = renamed.get(call.key)
    if pair is None:
        return call
    return Call(call.key, tuple((k, pair[1] if k == "player" and v == pair[0] else v)
                                for k, v in call.args))


def on_table_or_in_jaws(table: TableSpec, p: Vec, tol: float = 0.5) -> bool:
    """A resting centre is at least r from every cushion nose, or inside a pocket mouth
    (a ball balanced on the edge of a pocket, SNK-3.9)."""
    if not (math.isfinite(p[0]) and math.isfinite(p[1])):
        return False
    if on_table(p, table, eps=tol):
        return True
    if any(math.dist(p, pk.mouth_centre) <= pk.spec.mouth / 2.0 for pk in pockets(table)):
        return True
    return clear_of_cushions(p, table, tol=tol)  # against a knuckle, past the nose line


def check_no_overlap(balls: Mapping[str, Vec], radius: float, where: str) -> None:
    clash = overlapping_pairs(balls, radius, eps=OVERLAP_TOL)
    if clash:
        a, b = clash[0]
        gap = math.dist(balls[a], balls[b])
        raise RecordError(f"{where}: balls {a!r} and {b!r} overlap (centres {gap:.1f} mm apart)")


@functools.cache
def _extras_getter(model: type[StartExtras]
                   ) -> tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]]]:
    """The printed keys of a discipline's start model and one getter of the state's
    attributes they name, as a tuple (``operator.attrgetter`` reads them in one call)."""
    pairs = printed_fields(model)
    names = [name for _, name in pairs]
    if len(names) == 1:
        one = names[0]
        return (pairs[0][0],), lambda state: (getattr(state, one),)
    if not names:
        return (), lambda state: ()
    return tuple(k for k, _ in pairs), attrgetter(*names)


@functools.cache
def _state_printer(model: type[StartExtras]) -> Callable[[Any], dict[str, Any]]:
    """A state as a start, for a record with positions and no order of play: the keys
    of :func:`cuesport.record.position_json` and then :meth:`Referee.extras_json`'s, in
    one dict display. Generated once per start model (it runs on every ruling); each
    value is printed as those functions print it (a scalar as it is, a flat tuple as a
    list, anything else by :func:`cuesport.record.jsonable`)."""
    keys, _ = _extras_getter(model)
    names = [name for _, name in printed_fields(model)]
    lines = ["def state_json(s):", "    b = s.balls"]
    lines += [f"    v{i} = s.{n}" for i, n in enumerate(names)]
    items = ['"balls": _dict(_zip(b, _map(_list, b.values()), strict=True))',
             '"to_play": s.to_play', '"score": _list(s.score)', '"break": s.break_',
             '"options": _list(s.options)', '"in_hand": s.in_hand',
             '"frame_over": s.frame_over', '"winner": s.winner']
    items += [f"{k!r}: v{i} if _type(v{i}) in _S else _list(v{i}) if _type(v{i}) is tuple "
              f"and _S.issuperset(_map(_type, v{i})) else _json(v{i})"
              for i, k in enumerate(keys)]
    lines.append("    return {" + ", ".join(items) + "}")
    env: dict[str, Any] = {"_dict": dict, "_zip": zip, "_map": map, "_list": list,
                           "_type": type, "_S": _SCALARS, "_json": jsonable}
    assert all(n.isidentifier() for n in names)  # attribute names; keys go in as literals
    exec("\n".join(lines), env)  # the source is made of field names and keys only
    return cast(Callable[[Any], dict[str, Any]], env["state_json"])


def state_fields(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in fields(cls))


@fast_init
@dataclass(frozen=True, slots=True)
class ShotMotion:
    """Where the balls went in one shot: pots, balls off the table, resting positions."""

    balls: Balls  # positions after the shot (potted and off-table balls removed)
    potted: Mapping[str, str]  # ball -> pocket
    off: tuple[str, ...]


def apply_motion(referee: Referee[Any], balls: Balls, shot: Shot,
                 placed: Mapping[str, Vec] | None = None) -> ShotMotion:
    """Check a shot's events and ``after`` against the position and apply them.

    ``placed`` holds balls put on the table for this stroke (a cue ball from hand).
    Every ball named must be on the table when named; a ball is potted or leaves the
    table at most once; ``after`` lists only balls still on the table.
    """
    here = copy_balls(balls)
    fresh = False  # a ball placed that was not on the table: the order must be made again
    if placed:
        fresh = not balls.keys() >= placed.keys()
        here.update(placed)
    names = referee.names
    motion = motion_of(shot.events)
    if motion.ok and names.issuperset(motion.named) and here.keys() >= motion.named:
        # every ball named is known and on the table, and none is named once gone: the
        # loop below would find nothing wrong (the usual stroke)
        return _moved(referee, balls, here, fresh, shot, placed, motion.gone,
                      motion.potted, motion.off)
    gone: dict[str, str] = {}
    potted: dict[str, str] = {}
    off: list[str] = []
    for i, e in enumerate(shot.events):  # something is wrong: find the first event
        for name in e.balls():
            if name not in here or name in gone or name not in names:  # bad: say why
                referee.check_name(name)
                if name not in here:
                    raise RecordError(f"events.{i}: ball {name!r} is not on the table")
                raise RecordError(f"events.{i}: ball {name!r} already {gone[name]}")
        note_gone(e, gone, potted, off)
    return _moved(referee, balls, here, fresh, shot, placed, gone, MappingProxyType(potted),
                  tuple(off))


def _moved(referee: Referee[Any], balls: Balls, here: dict[str, Vec], fresh: bool,
           shot: Shot, placed: Mapping[str, Vec] | None, gone: Mapping[str, str],
           potted: Mapping[str, str], off: tuple[str, ...]) -> ShotMotion:
    """The rest of :func:`apply_motion` once the events are checked: ``after``, and the
    position at rest."""
    names = referee.names
    after = shot.after
    for name in after:
        if name not in names or name in gone or name not in here:  # bad: say why
            referee.check_name(name)
            if name in gone:
                raise RecordError(f"after: ball {name!r} is {gone[name]}, so it has no "
                                  "position")
            raise RecordError(f"after: ball {name!r} is not on the table")
    new = here  # a private copy: balls gone are taken out, balls moved set in place
    for k in gone:
        new.pop(k, None)
    for k, v in after.items():
        new[k] = (float(v[0]), float(v[1]))
    # The state's and the placed positions are float tuples already: only sort, and not
    # even that for a position this function returned (sorted then; taking balls out and
    # setting existing ones keeps the order), the usual stroke after a stroke. Such a
    # position passed check_balls: only the balls set on it need testing.
    if balls is referee.last_motion:
        referee.check_moved(new, "after", placed, after)
    else:
        referee.check_balls(new, "after")
    if not fresh and balls is referee.last_motion:
        out: Balls = MappingProxyType(new)  # nothing else holds ``new``
    else:
        out = sorted_balls(new)
    referee.last_motion = out
    return ShotMotion(out, potted, off)
