"""General pool rules (WPA sections 1, 6 and 8) shared by the four pool games.

:class:`PoolReferee` holds what every pool game does the same way: reading a stroke
(placement, first contact, rails, pots, settling), the fouls of section 6, three fouls in a
row with the warning, spotting on the long string, ball in hand, decisions, lag, stalemate
and concession. Each game (``nine_ball``, ``ten_ball``, ``eight_ball``, ``straight_pool``)
is a thin subclass: its facts (balls, rack, which fouls it uses, ball in hand after a foul)
and one hook, :meth:`PoolReferee.judge`, that rules a stroke once the facts are read.

Ruling fields beside the protocol's standard ones (every pool game):

* ``fouls_in_a_row``: ``[n0, n1]`` successive fouls of each player (POOL-6.14).
* ``warning``: true when the player to play is on two fouls and has been warned, so that a
  third foul is a serious foul (POOL-6.14). Games without the rule always say false.
* ``breaking``: the next stroke is a break shot.

State (``start`` / ``state``) beside the common keys: ``breaking``, ``breaker`` (who broke
this rack), ``fouls_in_a_row``, ``warned`` (``[bool, bool]``), ``push_out`` (a push-out may
be declared on the next stroke), ``offer`` (what the open ``options`` decide), ``reracks``
(re-racks so far: picks the seed and the ``racks`` entry of the next one), ``spot`` (balls
that may be spotted on request, POOL-1.5), plus each game's own keys.

Rule options of every pool game: ``table`` (``"9ft"``, ``"8ft"``, ``"7ft"``; default
``"9ft"``), ``seed`` (default 0: re-racks are drawn from ``random.Random`` seeded with
``seed`` and the re-rack number, so replays are reproducible) and ``racks`` (default none:
explicit positions for the 1st, 2nd, ... re-rack, used instead of a drawn rack).

Penalties: in nine-, ten- and eight-ball a foul costs no points, so every foul's
``penalty`` is 0 and the consequence is in ``in_hand``, ``options``, ``winner``; in
straight pool it is the points deducted.

Interpretations where the protocol or the spec leaves a choice:

* POOL-1.5: the spot request is the decision ``spot-ball`` (offered with ``play``); the
  ball is the one in the ruling's ``state.spot`` (the lowest number on a tie), or the one
  of them the decision names (``decision.ball``, 1.1: on a tie the shooter chooses).
  Without positions the marker declares ``rest.behind_head_string``: when it lists every
  object ball, every one is in ``state.spot`` and the decision must name the nearest
  (the table referee sees which).
* POOL-1.7: a pocketed ball that no ``hit``, ``cushion`` or ``cross`` event set moving, and
  that fell before the cue ball touched any ball (or on a stroke touching none), fell in
  by settling: it is put back (with ``judgement.would_have_been_hit`` the shot is
  replayed). A settling between strokes is a ``shot`` with ``stroke: false`` whose only
  events are such pots: no foul, the same player plays on.
* POOL-6.7, POOL-8.4: ``declare.touching`` names balls frozen to the cue ball,
  ``declare.frozen`` balls frozen to a rail; a ``frozen`` ball that rests against the cue
  ball and no rail is taken as frozen to the cue ball.
* POOL-6.17 (``foul`` action): penalised like a serious foul, the offender loses the rack
  (game); a lesser penalty chosen by the referee is recorded as the foul it amounts to.
* P141-4.12: after a stalemate the 14.1 game restarts from 0-0 with a new rack; a ``lag``
  action then says who breaks.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from itertools import compress
from operator import ne
from types import MappingProxyType
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, Strict, StrictBool, StrictInt

from cuesport.equipment.geometry import TOUCH_TOL
from cuesport.equipment.tables import pool_spots
from cuesport.record import (
    NO_REST,
    NOWHERE,
    RACKED,
    Concede,
    Decision,
    Event,
    Judgement,
    Lag,
    PlayerFoul,
    Point,
    Railed,
    RecordError,
    Rest,
    Shot,
    Stalemate,
    Start,
    StartExtras,
    StrictPlayer,
)
from cuesport.record import (
    Call as CallModel,
)
from cuesport.rules.base import (
    NO_DECLARE,
    NO_JUDGEMENT,
    OVERLAP_TOL,
    Balls,
    Foul,
    FrameState,
    Options,
    Outcome,
    Referee,
    ShotMotion,
    Vec,
    apply_motion,
    check_no_overlap,
    copier,
    copy_balls,
    freeze_balls,
    maker,
    renew,
    sorted_balls,
)
from cuesport.rules.calls import COMMON_CALLS, Call, Catalog
from cuesport.rules.events import contact_of, rails_after
from cuesport.rules.in_hand import KitchenBreach, behind_head_string, kitchen_breach
from cuesport.rules.respot import NoRoomError, nearest_to_head_string, spot_pool_balls

Position = dict[str, Vec]

POOL_CALLS: Catalog = {
    "scratch": {"en": "Scratch", "ru": "Скрэтч"},
    "foul-by": {"en": "Foul by {player}", "ru": "Фол, игрок {player}"},
    "in-hand-table": {"en": "Ball in hand", "ru": "Биток с руки"},
    "in-hand-kitchen": {"en": "Ball in hand behind the head string",
                        "ru": "Биток с руки из-за передней линии"},
    "warning": {"en": "Warning: {player} is on two fouls",
                "ru": "Предупреждение: у игрока {player} два фола подряд"},
    "three-fouls": {"en": "Three successive fouls by {player}",
                    "ru": "Три фола подряд, игрок {player}"},
    "rack-to": {"en": "Rack to {player}", "ru": "Партия за игроком {player}"},
    "game-to": {"en": "Game to {player}", "ru": "Игра за игроком {player}"},
    "spotted": {"en": "The {ball} is spotted", "ru": "Шар {ball} выставляется"},
    "replaced": {"en": "The {ball} is put back", "ru": "Шар {ball} возвращается на место"},
    "replay": {"en": "Replay the shot", "ru": "Удар переигрывается"},
    "illegal-break": {"en": "Illegal break", "ru": "Неправильный разбой"},
    "re-rack": {"en": "Re-rack", "ru": "Пирамида выставляется заново"},
    "breaks": {"en": "{player} to break", "ru": "Разбивает {player}"},
    "to-play": {"en": "{player} to play", "ru": "Играет {player}"},
    "push-out": {"en": "Push out", "ru": "Пуш-аут"},
    "safety": {"en": "Safety", "ru": "Отыгрыш"},
    "may-spot": {"en": "The {ball} may be spotted", "ru": "Шар {ball} можно выставить"},
    "may-spot-nearest": {"en": "The ball nearest the head string may be spotted",
                         "ru": "Шар, ближайший к передней линии, можно выставить"},
    "stalemate-rebreak": {"en": "Stalemate: {player} breaks again",
                          "ru": "Патовая ситуация: {player} разбивает снова"},
    "lag": {"en": "{player} wins the lag", "ru": "Раскат выиграл {player}"},
}

# POOL-6: fouls a game may include (each game lists its standard fouls)
ALL_FOULS = frozenset(
    f"POOL-6.{n}" for n in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16))


class PoolOptions(Options):
    table: Literal["9ft", "8ft", "7ft"] = "9ft"  # spec README, pool tables
    seed: int = 0  # re-racks are drawn reproducibly from this seed
    racks: Annotated[tuple[dict[str, Point], ...], Strict(False)] = ()  # explicit re-racks


FoulCount = Annotated[StrictInt, Field(ge=0, le=2)]


class PoolExtras(StartExtras):
    """The keys of a pool start beside the common ones (printed in this order)."""

    breaking: StrictBool = False
    breaker: StrictPlayer = 0
    fouls_in_a_row: tuple[FoulCount, FoulCount] = (0, 0)  # POOL-6.14: 0, 1 or 2 each
    warned: tuple[StrictBool, StrictBool] = (False, False)
    push_out: StrictBool = False
    offer: str | None = None
    reracks: Annotated[StrictInt, Field(ge=0)] = 0
    spot: tuple[str, ...] = ()
    # the ruling's "warning" (a bool for the player to play, or a pair), read not printed
    warning: StrictBool | tuple[StrictBool, StrictBool] | None = Field(default=None,
                                                                       exclude=True)


@dataclass(frozen=True)  # no __slots__: copied by its __dict__ (FrameState)
class PoolState(FrameState):
    breaking: bool = True
    breaker: int = 0
    fouls_in_a_row: tuple[int, int] = (0, 0)
    warned: tuple[bool, bool] = (False, False)
    push_out: bool = False
    offer: str | None = None
    reracks: int = 0
    spot: tuple[str, ...] = ()
    groups: tuple[str | None, str | None] = (None, None)  # eight-ball


# dataclasses.replace for PoolState, generated (it runs several times on every stroke)
evolve: Callable[..., PoolState] = copier(PoolState)


@dataclass(frozen=True)  # no __slots__: made by filling its dict (maker), once per stroke
class Play:
    """What one stroke did, read once; the games only query it."""

    shot: Shot
    player: int
    before: Balls  # at the start of the stroke (cue ball placed)
    after: Balls  # at rest, potted and off-table balls removed, settled balls put back
    potted: Mapping[str, str]  # object ball -> pocket (settled balls excluded)
    off: tuple[str, ...]  # object balls driven off the table
    cue_potted: bool
    cue_off: bool
    first: tuple[str, ...]  # the object ball(s) the cue ball contacted first
    railed: frozenset[str]  # balls driven to a rail after the first contact (POOL-8.4)
    in_hand: str | None  # the placement zone this stroke was played with
    breaking: bool
    settled: Mapping[str, Vec]  # balls that fell in by settling, put back (POOL-1.7)
    kitchen: KitchenBreach | None = None  # POOL-6.11, for a stroke from the kitchen
    # without positions: the rails as the referee saw them (judgement.railed), or None
    declared_rails: Railed | None = None

    @property
    def scratch(self) -> bool:
        return self.cue_potted or self.cue_off

    @property
    def call(self) -> CallModel | Literal["safety"] | None:
        return self.shot.call

    @property
    def safety(self) -> bool:
        c = self.shot.call  # a called ball is a model: compared only when it is a str
        return type(c) is str and c == "safety"

    def called_in(self) -> bool:
        """POOL-1.6: the called ball entered the called pocket."""
        c = self.shot.call
        return isinstance(c, CallModel) and self.potted.get(c.ball) == c.pocket

    def cue_railed(self) -> bool:
        """The cue ball reached a rail (or a pocket) after the first contact."""
        if self.declared_rails is not None:
            return self.declared_rails.cue or (bool(self.first) and self.scratch)
        return "cue" in self.railed

    def objects_railed(self) -> int:
        """How many distinct object balls reached a rail or a pocket after the first
        contact; a declared count is never below the balls the stroke pocketed."""
        if self.declared_rails is not None:
            gone = len(self.potted) + len(self.off) if self.first else 0
            return max(self.declared_rails.objects, gone)
        return len({b for b in self.railed if b != "cue"})

    def any_railed(self) -> bool:
        return self.cue_railed() or self.objects_railed() > 0


_make_play = maker(Play)  # Play(...) with every field, once per stroke

# the judgement flags that are standard fouls, in the order a ruling lists them
_JUDGED: tuple[tuple[str, str, Callable[[Judgement], object]], ...] = (
    ("POOL-6.4", "no-foot-on-floor", lambda j: j.feet_off_floor),  # POOL-6.4
    ("POOL-6.6", "touched-ball", lambda j: j.touched or j.struck_ball),  # POOL-6.6
    ("POOL-6.7", "double-hit", lambda j: j.double_hit),  # POOL-6.7
    ("POOL-6.8", "push-shot", lambda j: j.push_stroke),  # POOL-6.8
    ("POOL-6.9", "balls-still-moving", lambda j: j.balls_moving),  # POOL-6.9
    ("POOL-6.12", "cue-on-table", lambda j: j.cue_on_table),  # POOL-6.12
    ("POOL-6.15", "slow-play", lambda j: j.slow_play),  # POOL-6.15
    ("POOL-6.16", "ball-on-template", lambda j: j.template_present),  # POOL-6.16
)


def crowded(p: Vec, centres: Iterable[Vec], limit: float) -> bool:
    """Whether a centre other than ``p``'s own (one of ``centres``) is nearer than
    ``limit`` to ``p``: two of them within ``limit``. Measured as the full check measures
    (``math.dist``), but only for the centres less than ``limit`` (and a margin for the
    rounding) across from ``p``: the others are farther. A plain loop: a distance for
    every ball, even in C, cost twice as much."""
    lo, hi = p[0] - limit - 1.0, p[0] + limit + 1.0
    near = 0
    for c in centres:
        if lo < c[0] < hi and math.dist(p, c) < limit:
            near += 1
    return near > 1


def any_crowded(centres: Iterable[Vec], limit: float) -> bool:
    """Whether two of ``centres`` are nearer than ``limit``, measured as :func:`crowded`
    measures: a sweep across, each centre against the next ones less than ``limit`` (and
    the margin) across."""
    xs = sorted(centres)
    n = len(xs)
    for i, p in enumerate(xs):
        hi = p[0] + limit + 1.0
        j = i + 1
        while j < n and xs[j][0] < hi:
            if math.dist(p, xs[j]) < limit:
                return True
            j += 1
    return False


def rail_contacts(shot: Shot, start: int, frozen: set[str]) -> frozenset[str]:
    """POOL-8.4: :func:`cuesport.rules.events.rails_after` of a shot's events."""
    return rails_after(shot.events, start, frozen)


class PoolReferee(Referee[PoolState]):
    """Shared pool logic; subclasses set the facts and implement :meth:`judge`."""

    options_model: ClassVar[type[Options]] = PoolOptions
    catalog: ClassVar[Catalog] = COMMON_CALLS | POOL_CALLS
    standard_fouls: ClassVar[frozenset[str]] = ALL_FOULS
    three_foul_rule: ClassVar[bool] = True  # POOL-6.14 is used by the game
    foul_penalty: ClassVar[int] = 0  # points a standard foul costs (14.1: 1)
    rotation: ClassVar[bool] = False  # lowest ball first (POOL-6.2 in 9- and 10-ball)
    extras_model: ClassVar[type[PoolExtras]] = PoolExtras
    in_hand_zones: ClassVar[tuple[str, ...]] = ("kitchen", "table")
    negative_scores: ClassVar[bool] = True  # 14.1 scores go below zero (P141-4.9)
    in_hand_null: ClassVar[str | None] = "cue"  # a state prints the cue ball in hand: null
    rest_facts: ClassVar[frozenset[str]] = frozenset({"touching", "occupied", "restored",
                                                       "behind_head_string"})
    declared_flags: ClassVar[frozenset[str]] = frozenset(
        {"misplaced", "not_played_out", "railed"})

    # ------------------------------------------------------------ game facts (hooks)

    def rack(self, rng: random.Random) -> Position:
        raise NotImplementedError

    def object_balls(self) -> tuple[str, ...]:
        return tuple(sorted((n for n in self.names if n != "cue"), key=int))

    def judge(self, state: PoolState, play: Play, fouls: list[Foul]
              ) -> tuple[Outcome, PoolState]:
        raise NotImplementedError

    def legal_first(self, state: PoolState, play: Play) -> bool | None:
        """POOL-6.2: whether the first contact was legal; None where the game does not
        prescribe the first ball."""
        if not self.rotation:
            return None
        return self.lowest(state.balls) in play.first  # split hit: shooter's favour

    def game_state_from_start(self, x: PoolExtras) -> dict[str, Any]:
        """The game's own keys of a start (hook): state field -> value."""
        return {}

    # ------------------------------------------------------------ state

    def initial_state(self, start: Start | None) -> PoolState:
        if start is None:
            rack = self.draw_rack(0)
            balls = freeze_balls(rack) if self.positions else self.unplaced(rack)
            return PoolState(balls=balls, in_hand="kitchen")
        return self.state_from_json(start)

    def state_from_start(self, start: Start) -> PoolState:
        x = start.extras(self.extras_model)
        fb = freeze_balls(start.positions())
        in_hand: str | None = start.in_hand
        if "cue" in fb and in_hand is not None:
            raise RecordError("start: the cue ball is on the table, so it is not in hand")
        if "cue" not in fb and in_hand is None and not start.frame_over:
            in_hand = "kitchen" if x.breaking else self.foul_in_hand
        if start.options and x.offer is None:
            raise RecordError("start: open options need their 'offer'")
        for b in x.spot:
            self.check_name(b)
        state = PoolState(
            balls=fb, to_play=start.to_play, score=start.score, break_=start.break_,
            options=start.options, in_hand=in_hand, frame_over=start.frame_over,
            winner=start.winner, breaking=x.breaking, breaker=x.breaker,
            fouls_in_a_row=x.fouls_in_a_row, warned=self._warned(x, start.to_play),
            push_out=x.push_out, offer=x.offer, reracks=x.reracks, spot=x.spot,
            rest=start.rest,
        )
        return evolve(state, **self.game_state_from_start(x))

    @staticmethod
    def _warned(x: PoolExtras, to_play: int) -> tuple[bool, bool]:
        """``warned`` ([bool, bool]); the ruling's ``warning`` (a bool for the player to
        play, or a pair) is accepted too."""
        if "warned" in x.model_fields_set or x.warning is None:
            return x.warned
        w = x.warning
        if isinstance(w, bool):
            return (w, False) if to_play == 0 else (False, w)
        return w

    def ball_on(self, state: PoolState) -> tuple[str, ...] | None:
        if not self.rotation:
            return None
        low = self.lowest(state.balls)  # POOL-6.2: the lowest ball first
        return (low,) if low else None

    def extra_fields(self, state: PoolState) -> dict[str, Any]:
        p = state.to_play
        out = {
            "fouls_in_a_row": list(state.fouls_in_a_row),
            "warning": bool(self.three_foul_rule and state.warned[p]
                            and state.fouls_in_a_row[p] == 2),
            "breaking": state.breaking,
        }
        if self.push_outs:
            out["push_out"] = state.push_out
        return out

    # ------------------------------------------------------------ helpers

    _good: Mapping[str, Vec] = MappingProxyType({})  # the last position found all good

    def check_balls(self, balls: Mapping[str, Vec], where: str = "position") -> None:
        """The base checks, with a fast path for the common all-good position (every shot
        runs it); anything unusual goes to :meth:`Referee.check_balls`.

        The fast path tests only the balls that moved since the last position it passed
        (:attr:`_good`): a ball where it was then was on the table, and a pair of such
        balls did not overlap, so the verdict is the one of testing every pair. The
        distances are the full check's (``math.dist``), computed in C by ``map``."""
        if not self.positions:
            return super().check_balls(balls, where)
        good = self._good
        # the balls whose position is not the good one, compared in C (map, compress)
        moved = list(compress(balls.items(), map(ne, map(good.get, balls), balls.values())))
        if not moved:
            return None  # every ball where it was in a good position
        lo, hx, hy, limit = self._limits or self._set_limits()
        names = self.names
        for name, (x, y) in moved:
            if name not in names or not (lo <= x <= hx and lo <= y <= hy):
                return super().check_balls(balls, where)
        centres = balls.values()
        if len(moved) > 3:  # many placed (a re-rack): one sweep over every pair is cheaper
            if any_crowded(centres, limit):
                return super().check_balls(balls, where)
        else:
            for _, p in moved:
                if crowded(p, centres, limit):
                    return super().check_balls(balls, where)
        self._good = copy_balls(balls)
        return None

    def check_moved(self, balls: Mapping[str, Vec], where: str,
                    placed: Mapping[str, Vec] | None, after: Mapping[str, Any]) -> None:
        """The fast path of :meth:`check_balls` for the balls placed or set on a position
        that passed it (the others are where they were then: on the table, no two
        overlapping), found by name rather than by comparing every ball; anything
        unusual goes to :meth:`check_balls`. ``balls`` is not changed afterwards."""
        if not self.positions:
            return self.check_balls(balls, where)
        lo, hx, hy, limit = self._limits or self._set_limits()
        names = self.names
        centres = balls.values()
        for moved in (placed, after) if placed else (after,):
            for name in moved:
                p = balls.get(name)
                if p is None:
                    continue  # placed, then potted or off the table: not in the position
                x, y = p
                if name not in names or not (lo <= x <= hx and lo <= y <= hy):
                    return self.check_balls(balls, where)
                if crowded(p, centres, limit):
                    return self.check_balls(balls, where)
        self._good = balls  # every ball where a good position has it
        return None

    _limits: tuple[float, float, float, float] | None = None

    def _set_limits(self) -> tuple[float, float, float, float]:
        """The fast check's bounds of a centre (on_table's, 0.5 mm of tolerance) and the
        least distance of two centres that do not overlap (once per referee)."""
        r = self.table.ball_radius
        self._limits = (r - 0.5, self.table.width - r + 0.5, self.table.length - r + 0.5,
                        2.0 * r - OVERLAP_TOL)
        return self._limits

    @staticmethod
    def lowest(balls: Mapping[str, Vec]) -> str | None:
        nums = [int(n) for n in balls if n != "cue"]
        return str(min(nums)) if nums else None

    def name(self, player: int) -> str:
        return self.players[player]

    def draw_rack(self, index: int, expect: tuple[str, ...] | None = None,
                  draw: Callable[[random.Random], Position] | None = None) -> Position:
        """A new rack: the record's explicit ``racks`` entry ``index - 1`` if given, else a
        rack drawn from ``seed`` and ``index`` (reproducible)."""
        racks: tuple[dict[str, tuple[float, float]], ...] = getattr(self.options, "racks", ())
        if index >= 1 and len(racks) >= index:
            given = freeze_balls(racks[index - 1])
            if expect is not None and set(given) != set(expect):
                raise RecordError(f"rules.racks.{index - 1}: the rack holds "
                                  f"{', '.join(sorted(expect, key=int))}")
            self.check_balls(given, f"rules.racks.{index - 1}")
            return dict(given)
        seed = getattr(self.options, "seed", 0)
        rng = random.Random(seed * 1_000_003 + index)
        drawn = (draw or self.rack)(rng)
        if not self.positions:  # racked: every ball on the table, no coordinates
            return {b: RACKED for b in drawn}
        return drawn

    def spot_balls(self, balls: Mapping[str, Vec], names: list[str]
                   ) -> tuple[Balls, dict[str, Vec]]:
        """POOL-1.4: spot ``names`` on the long string, lowest number first."""
        if not names:
            return balls, {}
        space = balls if self.positions else self.declared_space()
        try:
            placed = spot_pool_balls(names, space, self.table)
        except NoRoomError as err:
            raise RecordError(str(err)) from None
        if not self.positions:  # the same procedure on the spots the marker declared
            return freeze_balls({**balls, **{n: placed[n] for n in names}}), {
                n: placed[n] for n in names}
        return freeze_balls(placed), {n: placed[n] for n in names}

    def inning(self, old: PoolState, new: PoolState, offer_spot: bool = True
               ) -> tuple[PoolState, tuple[Call, ...]]:
        """POOL-6.14: a player on two fouls is warned at the start of his next inning; and
        POOL-1.5: with ball in hand in the kitchen and every object ball behind the head
        string, the shooter may have the nearest one spotted."""
        calls: list[Call] = []
        p = new.to_play
        if new.to_play != old.to_play and not new.frame_over and new.break_:
            new = evolve(new, break_=0)
        if (self.three_foul_rule and not new.frame_over and new.to_play != old.to_play
                and new.fouls_in_a_row[p] == 2 and not new.warned[p]):
            warned = list(new.warned)
            warned[p] = True
            new = evolve(new, warned=(warned[0], warned[1]))
            calls.append(Call.of("warning", player=self.name(p)))
        spot: tuple[str, ...] = ()
        if offer_spot and new.in_hand == "kitchen" and not new.frame_over and not new.options:
            spot = self.spot_request(new.balls)
        if spot:
            new = evolve(new, spot=spot, options=("play", "spot-ball"), offer="spot-request")
            if self.positions:
                calls.extend(Call.of("may-spot", ball=b) for b in spot[:1])
            else:  # the nearest is the table referee's to see
                calls.append(Call.of("may-spot-nearest"))
        elif new.offer == "spot-request":
            new = evolve(new, spot=(), options=(), offer=None)
        elif new.spot:
            new = evolve(new, spot=())
        return new, tuple(calls)

    def spot_request(self, balls: Balls) -> tuple[str, ...]:
        """POOL-1.5: the object balls that may be spotted on request, when every object
        ball is behind the head string: the nearest to it (ties: all of them), measured;
        without positions every object ball, when ``rest.behind_head_string`` lists them
        all (the decision then names the nearest)."""
        objects = {n: v for n, v in balls.items() if n != "cue"}
        if not objects:
            return ()
        if not self.positions:
            declared = set(self._rest.behind_head_string)
            return tuple(sorted(objects, key=int)) if declared >= set(objects) else ()
        if all(behind_head_string(v, self.table) for v in objects.values()):
            return tuple(nearest_to_head_string(objects, self.table))
        return ()

    def requested_ball(self, state: PoolState, d: Decision) -> str:
        """POOL-1.5: the ball a ``spot-ball`` decision spots: the one it names (ties: the
        shooter chooses), else the nearest (the lowest number on a tie); a record
        without positions must name it."""
        if d.ball is None:
            if not self.positions:
                raise RecordError("decision.ball: name the ball to spot (the object ball "
                                  "nearest the head string); a record without positions "
                                  "cannot measure it")
            return state.spot[0]
        if d.ball not in state.spot:
            what = ("an object ball on the table" if not self.positions else
                    "the ball nearest the head string (" + ", ".join(state.spot) + ")")
            raise RecordError(f"decision.ball: {d.ball!r} is not {what}")
        return d.ball

    def count_foul(self, state: PoolState, offender: int
                   ) -> tuple[tuple[int, int], tuple[bool, bool], bool]:
        """POOL-6.14: add a foul to the offender's run; the third is serious only after a
        warning, otherwise it counts as the second."""
        counts = list(state.fouls_in_a_row)
        warned = list(state.warned)
        serious = False
        if self.three_foul_rule:
            counts[offender] += 1
            if counts[offender] >= 3:
                if warned[offender]:
                    serious = True
                    counts[offender], warned[offender] = 0, False
                else:
                    counts[offender] = 2
        return (counts[0], counts[1]), (warned[0], warned[1]), serious

    def legal_by(self, state: PoolState, player: int) -> PoolState:
        """A legal shot by ``player`` ends his run of fouls (POOL-6.14)."""
        counts = list(state.fouls_in_a_row)
        warned = list(state.warned)
        counts[player], warned[player] = 0, False
        return evolve(state, fouls_in_a_row=(counts[0], counts[1]),
                       warned=(warned[0], warned[1]))

    def _f(self, rule: str, name: str, penalty: int | None = None) -> Foul:
        return Foul(rule, name, self.foul_penalty if penalty is None else penalty)

    # ------------------------------------------------------------ reading a stroke

    def near_rail(self, p: Vec) -> bool:
        """A centre close enough to a cushion nose for the ball to be frozen to it."""
        lim = self.table.ball_radius + TOUCH_TOL
        return (p[0] <= lim or p[0] >= self.table.width - lim or p[1] <= lim
                or p[1] >= self.table.length - lim)

    def read(self, state: PoolState, shot: Shot) -> Play:
        """Read a stroke once (placement, pots, settling, first contact, rails, the kitchen);
        the fouls and the games only query the :class:`Play`."""
        placed = self.placement(state, shot)
        before = sorted_balls(copy_balls(state.balls) | placed) if placed else state.balls
        declare = shot.declare  # the shot's fields read once here (each read is slow)
        frozen, touching = ((), ()) if declare is NO_DECLARE else (declare.frozen,
                                                                  declare.touching)
        self.check_declarations(state, shot, before, (*frozen, *touching))
        motion = apply_motion(self, state.balls, shot, placed)
        events = shot.events
        contact, first, rails, early = contact_of(events, "cue")  # kept per events tuple
        settled, after = self.settled(events, before, motion, early)
        i0, railed = contact, rails  # rail_contacts from the first contact, nothing frozen
        if frozen or touching or not self.positions:
            first, i0, on_rail = self.contacts(shot, before, motion, contact, first,
                                               frozen, touching)
            if on_rail or i0 != contact:  # declared balls: the rails read again
                railed = rail_contacts(shot, i0, on_rail) if i0 is not None else frozenset()
        kitchen = None
        if not self.positions:
            j = shot.judgement  # POOL-6.11 as the referee saw it
            kitchen = KitchenBreach(j.not_played_out, j.not_played_out) if placed else None
        elif state.in_hand == "kitchen" and placed and behind_head_string(placed["cue"],
                                                                         self.table):
            kitchen = kitchen_breach(events, first, i0, before, self.table)
        return _make_play(
            shot=shot,
            player=shot.player,
            before=before,
            after=after if after is motion.balls else freeze_balls(after),
            potted={b: p for b, p in motion.potted.items() if b != "cue" and b not in settled}
            if motion.potted else {},  # (a comprehension costs a call: most strokes pot none)
            off=tuple(b for b in motion.off if b != "cue") if motion.off else (),
            cue_potted="cue" in motion.potted,
            cue_off="cue" in motion.off,
            first=first,
            railed=railed,
            in_hand=state.in_hand,
            breaking=state.breaking,
            settled=settled,
            kitchen=kitchen,
            declared_rails=None if self.positions else shot.judgement.railed,
        )

    def placement(self, state: PoolState, shot: Shot) -> dict[str, Vec]:
        """The cue ball placed from hand (POOL-1.5), if it is in hand."""
        if not self.positions:
            return {"cue": NOWHERE} if state.in_hand and shot.stroke else {}
        if shot.cue_ball is not None:
            if not state.in_hand:
                raise RecordError("cue_ball: the cue ball is not in hand")
            return {"cue": (float(shot.cue_ball[0]), float(shot.cue_ball[1]))}
        if state.in_hand and shot.stroke:
            raise RecordError("cue_ball: the cue ball is in hand; say where it was placed")
        return {}

    def check_declarations(self, state: PoolState, shot: Shot, before: Balls,
                           declared: tuple[str, ...]) -> None:
        """The called ball, the ``declared`` balls (frozen, touching) and a push out refer
        to this position."""
        c = shot.call
        if isinstance(c, CallModel):
            ball = c.ball
            self.check_name(ball, "called ball")
            if ball == "cue" or ball not in before:
                raise RecordError(f"call: ball {ball!r} is not an object ball on the table")
        for b in declared:
            self.check_name(b)
            if b not in before:
                raise RecordError(f"declare: ball {b!r} is not on the table")
        if shot.push_out:
            if not state.push_out:
                raise RecordError("push_out: a push out is not allowed on this shot")
            if shot.player != state.to_play:
                raise RecordError("push_out: only the player to play may push out")

    def settled(self, events: tuple[Event, ...], before: Balls, motion: ShotMotion,
                early: tuple[str, ...]) -> tuple[dict[str, Vec], Mapping[str, Vec]]:
        """POOL-1.7: a pocketed ball that no hit, cushion or cross event set moving fell in
        by settling if it fell before the cue ball touched any ball (events are in time
        order), or on a stroke that touched none; once balls are in motion an unrecorded
        kiss may have moved it, so it counts as pocketed. Such a ball goes back where it
        was. ``early``: the object balls potted before the cue ball's first contact (all,
        without one). Returns the settled balls and the position at rest."""
        if not early:
            return {}, motion.balls  # every pot after the first contact (the usual pot)
        moving = {b for e in events if e.pot is None and e.off is None for b in e.balls()}
        settled = {b: before[b] for b in early if b not in moving}
        if not settled:
            return settled, motion.balls
        after: Mapping[str, Vec] = {**motion.balls, **settled}
        if not self.positions:
            return settled, after
        try:
            check_no_overlap(after, self.table.ball_radius, "settled")
        except RecordError:
            after = spot_pool_balls(list(settled), motion.balls, self.table)
        return settled, after

    def contacts(self, shot: Shot, before: Balls, motion: ShotMotion, contact: int | None,
                 first: tuple[str, ...], frozen: tuple[str, ...],
                 touching: tuple[str, ...]) -> tuple[tuple[str, ...], int | None, set[str]]:
        """The first contact(s) of the cue ball and the event index of the first one, with
        the declarations (POOL-8.4, POOL-6.7): ``frozen`` names balls frozen to a rail,
        ``touching`` balls frozen to the cue ball; a "frozen" ball resting against the cue
        ball and not against a rail is taken as frozen to the cue ball. Also returns the
        balls frozen to a rail. ``contact`` and ``first``: the index of the first contact
        and the first contacts as the events show them (:func:`contact_of`)."""
        i0 = contact
        cue_at = before.get("cue")
        if not self.positions:  # declared: frozen to a rail; touching, or at rest before
            on_rail = set(frozen)
            near = set(touching) | {
                b for b in self._rest_before.touching.get("cue", ()) if b in before}
        else:
            reach = 2.0 * self.table.ball_radius + TOUCH_TOL
            on_rail = {b for b in frozen if self.near_rail(before[b])}
            near = set(touching) | {
                b for b in frozen if b not in on_rail and cue_at is not None
                and math.dist(before[b], cue_at) < reach}
        for b in sorted(near):  # POOL-6.7: a frozen ball that moves was contacted
            moved = b in motion.potted or b in motion.off or (
                b in shot.after and tuple(shot.after[b]) != before[b]) or (
                not self.positions and any(b in e.balls() for e in shot.events))
            if moved and b not in first:
                first = (b, *first)
                i0 = -1 if i0 is None else i0
        return first, i0, on_rail

    def general_fouls(self, state: PoolState, play: Play) -> list[Foul]:
        """Section 6 fouls found on one stroke, each with its rule ID: the referee's
        judgements first, then what the events show."""
        judged = self.judged_fouls(state, play)
        found = [self._f(rule, name) for rule, name in judged
                 if rule in self.standard_fouls] if judged else []
        if not play.shot.stroke:
            if not found and not play.settled and "POOL-6.6" in self.standard_fouls:
                found.append(self._f("POOL-6.6", "touched-ball"))  # a foul while not striking
            return found
        seen = self.table_fouls(state, play)
        if seen:
            found += [self._f(rule, name) for rule, name in seen if rule in self.standard_fouls]
        return found

    def judged_fouls(self, state: PoolState, play: Play) -> list[tuple[str, str]]:
        """The fouls the referee judges (``judgement`` flags, out of turn)."""
        j = play.shot.judgement
        out = [("POOL-6.13", "out-of-turn")] if self.out_of_turn(state, play.shot) else []
        # every flag false or empty by default (and the default is shared): none to test
        if j is not NO_JUDGEMENT and j.model_fields_set:
            out += [(rule, name) for rule, name, seen in _JUDGED if seen(j)]
        return out

    def table_fouls(self, state: PoolState, play: Play) -> list[tuple[str, str]]:
        """The fouls the events show: scratch, balls off, placement, first contact, rails."""
        s = play.shot
        out: list[tuple[str, str]] = []
        if play.cue_potted:
            out.append(("POOL-6.1", "scratch"))  # POOL-6.1, POOL-8.6
        elif play.cue_off:
            out.append(("POOL-6.1", "cue-ball-off-table"))  # POOL-6.1, POOL-8.5
        if play.off:
            out.append(("POOL-6.5", "object-ball-off-table"))  # POOL-6.5
        if play.in_hand == "kitchen" and (s.cue_ball is not None or not self.positions):
            misplaced = (s.judgement.misplaced if not self.positions
                         else not behind_head_string(play.before["cue"], self.table))
            if misplaced:
                out.append(("POOL-6.10", "bad-cue-ball-placement"))  # POOL-6.10
            elif play.kitchen is not None and play.kitchen.foul_name is not None:
                out.append(("POOL-6.11", play.kitchen.foul_name))  # POOL-6.11, either paragraph
        if s.push_out:
            return out  # P9-2.4: POOL-6.2 and POOL-6.3 do not apply to a push out
        if self.legal_first(state, play) is False:
            out.append(("POOL-6.2", "wrong-ball-first"))  # POOL-6.2
        if not play.breaking and not play.potted:
            # POOL-6.3: with nothing pocketed, an object ball must be contacted and then a
            # ball driven to a rail (Ambiguities 3: no contact at all is a foul too)
            if not play.first:
                out.append(("POOL-6.3", "no-contact"))
            elif not play.any_railed():
                out.append(("POOL-6.3", "no-rail-after-contact"))
        return out

    # ------------------------------------------------------------ actions

    def shot(self, state: PoolState, shot: Shot) -> tuple[Outcome, PoolState]:
        if self.positions:
            return self.play_shot(state, shot)
        self._rest = rest = self.check_declared(shot, state)
        if shot.judgement.misplaced and state.in_hand != "kitchen":
            raise RecordError("judgement.misplaced: the cue ball is in hand on the whole table")
        self._rest_before = state.rest or NO_REST
        outcome, new = self.play_shot(state, shot)
        return self.settle_declared(outcome, new, rest)

    # ------------------------------------------------------------ records without positions

    _rest: Rest = NO_REST  # the rest facts of the shot being ruled
    _rest_before: Rest = NO_REST  # those of the position it was played from

    def declared_space(self) -> Mapping[str, Vec]:
        """POOL-1.4 without positions: a stand-in ball on each spot declared occupied."""
        spots = pool_spots(self.table)
        return {f"@{s}": spots[s.removesuffix("-spot")] for s in self._rest.occupied
                if s.removesuffix("-spot") in spots}

    def place_name(self, ball: str, p: Vec) -> str:
        if p == NOWHERE:
            return "replaced"
        if p == RACKED:
            return "rack"
        for name, spot in pool_spots(self.table).items():
            if math.dist(p, spot) < 1e-6:
                return f"{name}-spot"
        return "long-string"  # POOL-1.4: behind the foot spot, placed by the table referee

    def settle_declared(self, outcome: Outcome, new: PoolState, rest: Rest
                        ) -> tuple[Outcome, PoolState]:
        """After a shot without positions: the state keeps the shot's rest facts, with
        the spots this ruling filled occupied (a re-rack clears them)."""
        filled = [self.place_name(b, p) for b, p in outcome.respotted.items()]
        if "rack" in filled:
            rest = NO_REST
        occupied = tuple(dict.fromkeys(
            (*rest.occupied, *(f for f in filled if f.endswith("-spot")))))
        kept = rest.model_copy(update={"occupied": occupied})
        return outcome, evolve(new, balls=self.unplaced(new.balls), rest=kept)

    def play_shot(self, state: PoolState, shot: Shot) -> tuple[Outcome, PoolState]:
        self.require_live(state)
        pre_calls: tuple[Call, ...] = ()
        if state.options:
            if "play" not in state.options:
                raise RecordError(f"player {state.to_play} must first choose: "
                                  f"{', '.join(state.options)}")
            if shot.player == state.to_play:  # a shot by the player to play means "play"
                state = evolve(state, options=(), offer=None, spot=())
        if shot.push_out and not self.push_outs:
            raise RecordError(f"push_out: there is no push out in {self.discipline}")
        if shot.nominate is not None:
            raise RecordError("nominate: pool shots call a ball with 'call'")
        play = self.read(state, shot)
        if shot.judgement.outside_interference:
            # POOL-1.9, POOL-1.8: interference affected the shot: restore it and replay
            return Outcome(calls=(Call.of("replay"),)), state
        if play.settled and shot.judgement.would_have_been_hit:
            # POOL-1.7: a ball settling in affected the shot: restore and replay
            calls = tuple(Call.of("replaced", ball=b) for b in play.settled)
            return Outcome(respotted=dict(play.settled), calls=(*calls, Call.of("replay"))), state
        fouls = self.general_fouls(state, play)
        if not shot.stroke and not fouls:
            # POOL-1.7: a ball settled into a pocket between strokes: put back, play on
            new = evolve(state, balls=play.after)
            return Outcome(respotted=dict(play.settled), calls=tuple(
                Call.of("replaced", ball=b) for b in play.settled)), new
        outcome, new = self.judge(state, play, fouls)
        new, calls = self.inning(state, new)
        if not play.settled and not calls:
            return outcome, new  # no calls to add (the common case)
        settle_calls = tuple(Call.of("replaced", ball=b) for b in play.settled)
        return renew(outcome, calls=(*pre_calls, *settle_calls, *outcome.calls, *calls)), new

    push_outs: ClassVar[bool] = False
    win_call: ClassVar[str] = "rack-to"
    foul_in_hand: ClassVar[str] = "table"  # where a start without the cue ball has it

    def decision(self, state: PoolState, d: Decision) -> tuple[Outcome, PoolState]:
        self.require_live(state)
        self.require_option(state, d)
        if not self.positions:  # the facts of the position the decision is made in
            self._rest = state.rest or NO_REST
        if d.choice == "spot-ball":  # POOL-1.5: the nearest ball spotted on request
            ball = self.requested_ball(state, d)
            objects = {n: v for n, v in state.balls.items() if n != ball}
            balls, spotted = self.spot_balls(objects, [ball])
            new = evolve(state, balls=balls, options=(), offer=None, spot=())
            calls = tuple(Call.of("spotted", ball=b) for b in spotted)
            outcome = Outcome(respotted=spotted, calls=calls)
            if self.positions:
                return outcome, new
            behind = tuple(b for b in self._rest.behind_head_string if b != ball)
            return self.settle_declared(
                outcome, new, self._rest.model_copy(update={"behind_head_string": behind}))
        base = evolve(state, options=(), offer=None)
        if d.choice == "play":
            outcome, new = Outcome(), base
        elif d.choice == "pass":
            new = evolve(base, to_play=1 - state.to_play)
            outcome = Outcome(calls=(Call.of("to-play", player=self.name(new.to_play)),))
        else:
            outcome, new = self.game_decision(state, base, d)
        new, calls = self.inning(state, new, offer_spot=state.offer != "spot-request")
        return renew(outcome, calls=(*outcome.calls, *calls)), new

    def game_decision(self, state: PoolState, base: PoolState, d: Decision
                      ) -> tuple[Outcome, PoolState]:
        raise RecordError(f"'{d.choice}' is not a choice in {self.discipline}")

    def foul(self, state: PoolState, f: PlayerFoul) -> tuple[Outcome, PoolState]:
        """A foul while not striking (e.g. POOL-6.6 touching a ball while addressing)."""
        if f.rule == "POOL-6.17":
            # POOL-6.17: unsportsmanlike conduct is normally penalised like a serious foul:
            # the offender loses the rack (a lesser penalty the referee chooses is recorded
            # as the standard foul it amounts to)
            winner = 1 - f.player
            new = evolve(state, frame_over=True, winner=winner, to_play=winner, options=(),
                          offer=None)
            return Outcome(legal=False, fouls=(self._f("POOL-6.17", "unsportsmanlike-conduct"),),
                           calls=(Call.of("foul-by", player=self.name(f.player)),
                                  Call.of(self.win_call, player=self.name(winner)))), new
        if f.rule not in self.standard_fouls:
            raise RecordError(f"foul: {f.rule!r} is not a standard foul of {self.discipline}")
        play = self.read(state, Shot(player=f.player, stroke=False))
        outcome, new = self.judge(state, play, [self._f(f.rule, "foul")])
        new, calls = self.inning(state, new)
        return renew(outcome, calls=(*outcome.calls, *calls)), new

    def concede(self, state: PoolState, c: Concede) -> tuple[Outcome, PoolState]:
        """POOL-1.11: a player who concedes loses."""
        return super().concede(state, c)

    def lag(self, state: PoolState, lag: Lag) -> tuple[Outcome, PoolState]:
        """POOL-1.2: the winner of the lag chooses who breaks."""
        self.require_live(state)
        if not state.breaking or state.options:
            raise RecordError("lag: the lag is only before a break")
        breaks = lag.winner if lag.breaks is None else lag.breaks
        new = evolve(state, to_play=breaks, breaker=breaks)
        return Outcome(calls=(Call.of("lag", player=self.name(lag.winner)),
                              Call.of("breaks", player=self.name(breaks)))), new

    def stalemate(self, state: PoolState, s: Stalemate) -> tuple[Outcome, PoolState]:
        """POOL-1.12: the game's stalemate rule (P9-2.9, P8-3.11, P10-9.12: the player who
        broke the rack breaks again)."""
        self.require_live(state)
        n = state.reracks + 1
        rack = self.draw_rack(n, self.object_balls())
        new = evolve(state, balls=freeze_balls(rack), to_play=state.breaker, breaking=True,
                      in_hand="kitchen", options=(), offer=None, reracks=n, push_out=False,
                      fouls_in_a_row=(0, 0), warned=(False, False), spot=(), break_=0,
                      groups=(None, None))
        return Outcome(respotted=rack, calls=(Call.of(
            "stalemate-rebreak", player=self.name(state.breaker)),)), new

    # ------------------------------------------------------------ common rulings

    def open_break_fouls(self, play: Play, rule: str, three_ball_rule: str | None = None
                         ) -> list[Foul]:
        """The open-break requirement of the rotation games (P9-2.3, P10-9.3): with nothing
        pocketed, four object balls driven to rails, and (optional WPA Regulation 18)
        three object balls across the head string."""
        if play.potted:
            return []
        found = []
        if play.objects_railed() < 4:
            found.append(self._f(rule, "illegal-break"))
        if three_ball_rule is not None:
            crossed = {e.cross for e in play.shot.events
                       if e.cross is not None and e.cross != "cue" and e.line == "head-string"}
            if len(crossed) < 3:
                found.append(self._f(three_ball_rule, "three-ball-break"))
        return found

    def push_out_ruling(self, state: PoolState, play: Play, money: str
                        ) -> tuple[Outcome, PoolState]:
        """P9-2.4, P10-9.4: after a push out without a foul the other player chooses who
        shoots next; pocketed balls stay down except the money ball, spotted (P9-2.6)."""
        spot = [money] if money in play.potted else []
        balls, respotted = self.spot_balls(play.after, spot)
        other = 1 - play.player
        new = evolve(self.legal_by(state, play.player), balls=balls, to_play=other,
                      options=("play", "pass"), offer="push-out", in_hand=None,
                      breaking=False, push_out=False)
        calls = (Call.of("push-out"), *(Call.of("spotted", ball=b) for b in respotted),
                 Call.of("play-or-pass"))
        return Outcome(respotted=respotted, calls=calls), new

    def play_on(self, state: PoolState, play: Play, balls: Balls, continues: bool,
                scored: int = 0, score: tuple[int, int] | None = None,
                groups: tuple[str | None, str | None] | None = None) -> PoolState:
        """A legal stroke: the shooter continues or the turn passes, cue ball where it lies
        (P9-2.5); after a legal break the next shot may be a push out (P9-2.4). The
        legal shot ends the shooter's run of fouls (POOL-6.14). ``score`` and ``groups``
        (eight-ball) are the new ones where they change."""
        p = play.player
        f, w = state.fouls_in_a_row, state.warned
        # unchanged pairs kept (the usual stroke: no foul before it): no new tuples
        counts = f if f[p] == 0 and type(f[p]) is int else (0, f[1]) if p == 0 else (f[0], 0)
        warned = w if w[p] is False else (False, w[1]) if p == 0 else (w[0], False)
        return evolve(state, balls=balls, to_play=p if continues else 1 - p, in_hand=None,
                      options=(), offer=None, breaking=False,
                      push_out=play.breaking and self.push_outs,
                      break_=state.break_ + scored if continues else 0,
                      fouls_in_a_row=counts, warned=warned,
                      score=state.score if score is None else score,
                      groups=state.groups if groups is None else groups)

    def won(self, state: PoolState, play: Play, balls: Balls, winner: int) -> PoolState:
        return evolve(self.legal_by(state, play.player), balls=balls, frame_over=True,
                       break_=state.break_ + len(play.potted) if winner == play.player else 0,
                       winner=winner, to_play=winner, options=(), offer=None, in_hand=None,
                       breaking=False, push_out=False)

    def foul_turn(self, state: PoolState, play: Play, fouls: list[Foul], balls: Balls,
                  respotted: dict[str, Vec], in_hand: str | None = "table",
                  extra_calls: tuple[Call, ...] = ()) -> tuple[Outcome, PoolState]:
        """A standard foul in the rotation and eight-ball games: the opponent of the
        offender gets ball in hand (``in_hand``); three fouls lose the rack where used."""
        offender = play.player
        counts, warned, serious = self.count_foul(state, offender)
        calls: list[Call] = [Call.of("scratch") if play.scratch else Call.of("foul")]
        calls.extend(extra_calls)
        calls.extend(Call.of("spotted", ball=b) for b in respotted)
        if serious:  # POOL-6.14 with P9-2.8 / P10-9.11: three successive fouls lose the rack
            fouls = [*fouls, self._f("POOL-6.14", "three-successive-fouls")]
            winner = 1 - offender
            new = evolve(state, balls=balls, fouls_in_a_row=counts, warned=warned,
                          frame_over=True, winner=winner, to_play=winner, options=(),
                          offer=None, in_hand=None, breaking=False, push_out=False)
            calls += [Call.of("three-fouls", player=self.name(offender)),
                      Call.of("rack-to", player=self.name(winner))]
            return Outcome(legal=False, fouls=tuple(fouls), respotted=respotted,
                           calls=tuple(calls)), new
        if in_hand is not None:
            balls = freeze_balls({k: v for k, v in balls.items() if k != "cue"})
            calls.append(Call.of("in-hand-" + in_hand))
        new = evolve(state, balls=balls, to_play=1 - offender, in_hand=in_hand,
                      fouls_in_a_row=counts, warned=warned, options=(), offer=None,
                      breaking=False, push_out=False)
        return Outcome(legal=False, fouls=tuple(fouls), respotted=respotted,
                       calls=tuple(calls)), new


@dataclass(frozen=True, slots=True)
class LagBall:
    """One player's lag (POOL-1.2), as observed or simulated."""

    y: float  # resting centre, distance from the head cushion nose
    foot_rail: int = 1  # touches of the foot rail
    long_rail: bool = False
    crossed: bool = False  # crossed into the opponent's half of the table
    pocketed: bool = False  # pocketed or driven off the table
    in_head_jaws: bool = False  # at rest in the jaws of a corner pocket beyond the head rail
    foul: bool = False  # a foul not involving object balls (double hit, touched ball ...)
    late: bool = False  # struck after the other ball had touched the foot rail


def lag_winner(a: LagBall, b: LagBall, tol: float = 0.5) -> int | None:
    """POOL-1.2: 0 or 1 for the lag won, None when the lag is repeated."""
    if a.late or b.late:
        return None

    def faulty(x: LagBall) -> bool:  # it must reach the foot rail once (Ambiguities 9)
        return (x.foot_rail != 1 or x.long_rail or x.crossed or x.pocketed
                or x.in_head_jaws or x.foul)

    fa, fb = faulty(a), faulty(b)
    if fa and fb:
        return None
    if fa or fb:
        return 1 if fa else 0
    if abs(a.y - b.y) <= tol:  # the referee cannot tell
        return None
    return 0 if a.y < b.y else 1
