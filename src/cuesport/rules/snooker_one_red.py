"""Snooker 1-red (``snooker-one-red``): the referee (spec ``snooker-one-red.md``).

Two cue balls, the ``white`` (player 0's) and the ``yellow`` (player 1's), and the
``red``. Points come from cannons and pots as in English billiards (ONE-2.5); the game is
won by the first player to reach ``rules.target`` (default 100, ONE-2.1, ONE-2.5.5).

Rule options (``rules``): ``target`` (int >= 1, default 100).

State (``start`` / ``state``), beside the common fields:

* ``consecutive_cannons``, ``consecutive_hazards``: the series counters of the current
  break (ONE-2.8, ONE-2.9);
* ``cannons_announced``, ``hazards_announced``: the count at which "seventy cannons" /
  "ten hazards" was announced in this series, or null (ONE-2.8.2, ONE-2.9.3);
* ``red_origin`` (``SPOT``, ``PYRAMID``, ``CENTRE``, ``SPOT_UNCOUNTED``, ``NONE``) and
  ``red_count``: the red respot state of ONE-X.3;
* ``baulk_window``: the hundred ``k`` whose baulk-line window (break 100k+80..100k+99) has
  been satisfied in the current break, or null (ONE-X.4);
* ``touching``: balls the incoming cue ball touches when the ONE-2.10 respot was refused.

A ball missing from ``balls`` (or null) is off the table; the player to play is in hand in
the D when his own cue ball is off the table.

Ruling fields beside the protocol's: ``consecutive_cannons``, ``consecutive_hazards`` (the
counters after the action) and ``warning``: the announced requirements in force, a list
of ``"seventy-cannons"``, ``"ten-hazards"``, ``"baulk-line"``.

Judgement inputs: the protocol's flags; ``judgement.announcement_late`` on a stroke that
completes the 70th cannon or 10th hazard (or a later one) says the referee did not make the
announcement then, so it is made on the next stroke without the flag (ONE-2.8.2, ONE-2.9.3);
``judgement.touching_respot_agreed`` (default true) is the players' consent of ONE-2.10;
``declare.touching`` names balls touching the striker's cue ball (ONE-2.10 fallback);
``judgement.positioning`` on a ``stroke: false`` shot with the cue ball in hand is the
referee's opinion that the tip touched it while positioning it, not in a stroke: the cue
ball is not in play and nothing happens (ONE-2.6.2); ``judgement.condoned`` says the
stroke's fouls were neither called by the referee nor claimed by the opponent before the
next stroke: they are treated as not having happened (ONE-2.12.4), the stroke is scored as
a fair one (a touch without a stroke changes nothing). The
flags ``miss``, ``cue_on_table``, ``would_have_been_hit``, ``template_present``,
``slow_play`` and ``outside_interference`` belong to other games and are ignored (ONE-2.0:
no foul and a miss here). ``nominate``, ``call`` and ``push_out`` are refused.

A foul while not striking is a ``foul`` action naming one of the ONE-2.11 fouls: 2 to the
opponent; by the player at the table it ends his visit with the usual options, by the
other player the striker plays on.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, StrictInt

from cuesport.equipment.tables import snooker_spots
from cuesport.record import (
    NO_REST,
    NOWHERE,
    Decision,
    PlayerFoul,
    RecordError,
    Rest,
    Shot,
    Start,
    StartExtras,
)
from cuesport.rules.base import (
    Foul,
    FrameState,
    Options,
    Outcome,
    Vec,
    apply_motion,
    copier,
    freeze_balls,
)
from cuesport.rules.calls import COMMON_CALLS, Call, Catalog
from cuesport.rules.respot import one_red_opponent_ball, one_red_touching_reset, respot_one_red
from cuesport.rules.snooker_base import SnookerFamily
from cuesport.rules.snooker_one_red_strokes import (
    StrokeScore,
    all_in_baulk,
    contacts_of,
    crossed_into_baulk,
    in_hand_fault,
    score_stroke,
)

RED = "red"
CUE: tuple[str, str] = ("white", "yellow")  # ONE-2.2.1: player 0's and player 1's cue ball
PENALTY = 2  # ONE-2.12.3: every foul costs 2, never more in one stroke
CANNON_LIMIT, CANNON_CALL = 75, 70  # ONE-2.8.1, ONE-2.8.2
HAZARD_LIMIT, HAZARD_CALL = 15, 10  # ONE-2.9.2, ONE-2.9.3
FOUL_RULES = {f"ONE-2.11({n})" for n in range(1, 16)}

ONE_RED_CALLS: Catalog = {
    "away": {"en": "Two away", "ru": "Два очка сопернику"},  # ONE-2.12.3: always 2
    "break": {"en": "{n:words}", "ru": "{n:words}"},
    "seventy-cannons": {"en": "Seventy cannons", "ru": "Семьдесят карамболей!"},
    "ten-hazards": {"en": "Ten hazards", "ru": "Десять сыгрываний!"},
    "touching-ball": {"en": "Touching ball", "ru": "Соприкасающийся шар!"},
    "baulk-line": {"en": "Baulk line to be crossed",
                   "ru": "Необходимо пересечь линию дома"},
    "baulk-line-crossed": {"en": "Baulk line crossed", "ru": "Линия дома пересечена"},
    "opponent-ball-spotted": {"en": "Opponent's ball on the baulk line",
                              "ru": "Биток соперника выставлен на линию дома"},
    "game-over": {"en": "Game to {player}", "ru": "Партия за игроком {player}"},
    "not-in-play": {"en": "The cue ball is not in play", "ru": "Биток не в игре"},
}


@dataclass(frozen=True)  # no __slots__: copied by its __dict__ (FrameState)
class OneRedState(FrameState):
    consecutive_cannons: int = 0
    consecutive_hazards: int = 0
    cannons_announced: int | None = None
    hazards_announced: int | None = None
    red_origin: str = "NONE"
    red_count: int = 0
    baulk_window: int | None = None
    touching: tuple[str, ...] = ()


evolve: Callable[..., OneRedState] = copier(OneRedState)  # dataclasses.replace, generated

Count = Annotated[StrictInt, Field(ge=0)]


class OneRedOptions(Options):
    target: int = Field(default=100, ge=1, description="ONE-2.1: points that win the game")


class OneRedExtras(StartExtras):
    """The keys of a snooker 1-red start beside the common ones (printed in this order)."""

    consecutive_cannons: Count = 0
    consecutive_hazards: Count = 0
    cannons_announced: Count | None = None
    hazards_announced: Count | None = None
    red_origin: Literal["SPOT", "PYRAMID", "CENTRE", "SPOT_UNCOUNTED", "NONE"] = "NONE"
    red_count: Count = 0
    baulk_window: Count | None = None
    touching: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class _Scored:
    """The points step of a stroke: its score, the series counters after it, and the
    state of the baulk-line window (ONE-X.4)."""

    score: StrokeScore = field(default_factory=StrokeScore)
    cannons: int = 0
    hazards: int = 0
    k_before: int | None = None
    satisfied: bool = False


def _window(brk: int) -> int | None:
    """ONE-X.4: the hundred k when the break is in 100k+80 .. 100k+99, else None."""
    return brk // 100 if brk % 100 >= 80 else None


def _limit(announced: int | None, base: int) -> float:
    """ONE-2.8.2, ONE-2.9.3: five more after a late announcement, never less than ``base``;
    no limit yet while the announcement has not been made."""
    return math.inf if announced is None else max(base, announced + 5)


class OneRedReferee(SnookerFamily[OneRedState]):
    discipline: ClassVar[str] = "snooker-one-red"
    options_model: ClassVar[type[Options]] = OneRedOptions
    catalog: ClassVar[Catalog] = COMMON_CALLS | ONE_RED_CALLS
    cue_balls: ClassVar[tuple[str, ...]] = CUE
    extras_model = OneRedExtras
    in_hand_zones = ("D",)
    start_choices = ("play", "in-hand")

    options: OneRedOptions
    rest_facts = frozenset({"touching", "occupied"})
    declared_flags = frozenset({"misplaced", "not_played_out", "baulk_crossed"})
    _rest: Rest = NO_REST  # without positions: the rest facts of the shot being ruled

    def penalty(self, value: int) -> int:
        return PENALTY  # ONE-2.12.3: every foul costs 2, whatever the balls

    # ------------------------------------------------------------ states

    def initial_state(self, start: Start | None) -> OneRedState:
        if start is None:
            # ONE-2.3.2: red on the spot, player 0 in hand with the white;
            # ONE-2.3.3: the yellow is not on the table
            spot = snooker_spots(self.table)["black"]
            balls = freeze_balls({RED: spot}) if self.positions else self.unplaced([RED])
            return OneRedState(balls=balls, in_hand="D", red_origin="SPOT")
        return self.state_from_json(start)

    def state_from_start(self, start: Start) -> OneRedState:
        x = start.extras(OneRedExtras)
        balls = start.positions()
        if RED not in balls:
            raise RecordError("start: the red is always on the table (ONE-2.7.1)")
        own = CUE[start.to_play]
        if start.in_hand == "D" and own in balls:
            raise RecordError(f"start: in_hand is 'D' but the {own} is on the table")
        if start.break_ > start.score[start.to_play]:
            raise RecordError("start.break: the break is part of the striker's score")
        if start.winner is not None and not start.frame_over:
            raise RecordError("start.winner: only a finished game has a winner")
        for name in x.touching:
            self.check_name(name)
            if name not in balls:
                raise RecordError(f"start.touching: ball {name!r} is not on the table")
        over = start.frame_over
        return OneRedState(
            balls=freeze_balls(balls), to_play=start.to_play, score=start.score,
            break_=start.break_, options=() if over else start.options,
            in_hand=None if over or own in balls else "D", frame_over=over,
            winner=start.winner, consecutive_cannons=x.consecutive_cannons,
            consecutive_hazards=x.consecutive_hazards, cannons_announced=x.cannons_announced,
            hazards_announced=x.hazards_announced, red_origin=x.red_origin,
            red_count=x.red_count, baulk_window=x.baulk_window, touching=x.touching,
            rest=start.rest,
        )

    def extra_fields(self, state: OneRedState) -> dict[str, Any]:
        warning = []
        if state.cannons_announced is not None:
            warning.append("seventy-cannons")
        if state.hazards_announced is not None:
            warning.append("ten-hazards")
        k = _window(state.break_)
        if k is not None and state.baulk_window != k and not state.frame_over:
            warning.append("baulk-line")
        return {
            "consecutive_cannons": state.consecutive_cannons,
            "consecutive_hazards": state.consecutive_hazards,
            "warning": warning,
        }

    # ------------------------------------------------------------ the stroke

    def shot(self, state: OneRedState, shot: Shot) -> tuple[Outcome, OneRedState]:
        if self.positions:
            return self.stroke(state, shot)
        self._rest = rest = self.check_declared(shot, state)
        if shot.judgement.misplaced and CUE[shot.player] in state.balls:
            raise RecordError("judgement.misplaced: the striker's cue ball was not in hand")
        outcome, new = self.stroke(state, shot)
        filled = [self.place_name(b, p) for b, p in outcome.respotted.items()]
        occupied = tuple(dict.fromkeys(
            (*rest.occupied, *(f for f in filled if f.endswith("-spot")))))
        kept = rest.model_copy(update={"occupied": occupied})
        return outcome, evolve(new, balls=self.unplaced(new.balls), rest=kept)

    # ------------------------------------------------------------ the geometry seam
    # measured from the positions, or read from what the marker declared

    def place_name(self, ball: str, p: Vec) -> str:
        if p == NOWHERE:
            return "replaced"
        for colour, spot in snooker_spots(self.table).items():
            if math.dist(p, spot) < 1e-6:
                return f"{colour}-spot"  # the spot is black-spot, the pyramid pink-spot ...
        return "near-own-spot"

    def spot_space(self, balls: Mapping[str, Vec]) -> dict[str, Vec]:
        """ONE-2.7, ONE-2.9.4: the position the respotting procedures look at; without
        positions a stand-in ball on each spot declared occupied."""
        if self.positions:
            return dict(balls)
        spots = snooker_spots(self.table)
        return {f"@{s}": spots[s.removesuffix("-spot")] for s in self._rest.occupied
                if s.removesuffix("-spot") in spots}

    def in_hand_fault(self, shot: Shot, cue: str, placed: Vec, objects: Mapping[str, Vec]
                      ) -> str | None:
        """ONE-2.6, ONE-X.2: why a stroke from in-hand was not played out of baulk."""
        if not self.positions:
            j = shot.judgement
            return ("cue-ball-not-in-d" if j.misplaced
                    else "not-played-out-of-baulk" if j.not_played_out else None)
        return in_hand_fault(shot.events, cue, placed, objects, self.table)

    def crossed(self, shot: Shot, cue: str, start: Vec | None, rest: Vec | None) -> bool:
        """ONE-2.13.1, ONE-X.4: the cue ball crossed into baulk and rests there."""
        if not self.positions:
            return shot.judgement.baulk_crossed
        return crossed_into_baulk(shot.events, cue, start, rest, self.table)

    def near(self, cue: str, balls: Mapping[str, Vec]) -> list[str]:
        """ONE-2.10: the balls touching ``cue`` at rest."""
        if not self.positions:
            return [b for b in self._rest.touching.get(cue, ()) if b in balls]
        return self.touching_cue(cue, balls)

    def stroke(self, state: OneRedState, shot: Shot) -> tuple[Outcome, OneRedState]:
        """A stroke in four steps: read it, find its fouls, score it, the next state."""
        player = shot.player
        cue = CUE[player]  # ONE-2.2.2: the striker's own ball
        self._check_shot(state, shot, cue)
        placed = (self._placement(state, shot, cue) if self.positions
                  else self._placement_declared(state, shot, cue))
        motion = apply_motion(self, state.balls, shot, placed)
        objects = {k: v for k, v in state.balls.items() if k != cue}
        fouls = self._judged_fouls(state, shot)
        if shot.stroke:
            fouls += self._stroke_fouls(state, shot, placed, objects, motion.balls)
        elif not fouls and shot.judgement.positioning:
            # ONE-2.6.2: touched while being positioned, no stroke attempted: not in play
            return Outcome(calls=(Call.of("not-in-play"),)), state
        elif not fouls:
            fouls.append(self.make_foul("ONE-2.12.1", "foul-before-stroke"))  # ONE-2.12.1
        scored = _Scored() if fouls else self._score(state, shot, motion.balls, fouls)
        if shot.judgement.condoned:
            if not fouls:
                raise RecordError("judgement.condoned: the stroke has no foul to condone")
            if not shot.stroke:
                return Outcome(), state  # ONE-2.12.4: as if the touch had not happened
            fouls = []  # ONE-2.12.4: not called nor claimed before the next stroke
            scored = self._score(state, shot, motion.balls, [])
        balls = dict(motion.balls)
        respotted: dict[str, Vec] = {}
        calls: list[Call] = []
        if fouls:
            points, changes = self._after_foul(state, shot, balls, respotted, calls)
        else:
            points, changes = self._after_fair(state, shot, scored, balls, respotted, calls)
        changes["touching"] = ()
        changes.setdefault("to_play", state.to_play)
        self._touching(balls, changes, shot, respotted, calls)
        return self._finish(state, changes, points, tuple(fouls), respotted, calls)

    # ------------------------------------------------------------ step 1: read the stroke

    def _check_shot(self, state: OneRedState, shot: Shot, cue: str) -> None:
        j = shot.judgement
        if j.struck_ball is not None:
            self.check_name(j.struck_ball, "judgement.struck_ball ball")
            if j.struck_ball == cue:
                raise RecordError("judgement.struck_ball names a ball other than the cue ball")
        for name in j.touched:
            self.check_name(name, "judgement.touched ball")
        if shot.nominate is not None or shot.call is not None or shot.push_out:
            raise RecordError("nominate, call and push_out are not used in snooker-one-red")
        for name in shot.declare.touching:
            self.check_name(name, "declare.touching ball")
        if j.positioning and (shot.stroke or cue in state.balls):
            raise RecordError(f"judgement.positioning: a touch of the {cue} in hand while "
                              "placing it, on a shot with stroke: false (ONE-2.6.2)")

    def _placement(self, state: OneRedState, shot: Shot, cue: str) -> dict[str, Vec] | None:
        """The striker's cue ball placed in the D when it is in hand (ONE-2.6)."""
        if not shot.stroke:
            if shot.events:
                raise RecordError("a shot with stroke: false has no events")
            return None
        if cue not in state.balls:
            if shot.cue_ball is None:
                raise RecordError(f"the {cue} is in hand: cue_ball (its place in the D) "
                                  "is required")
            return {cue: (float(shot.cue_ball[0]), float(shot.cue_ball[1]))}
        if shot.cue_ball is not None:
            raise RecordError(f"the {cue} is on the table, not in hand: cue_ball must be "
                              "absent")
        return None

    def _placement_declared(self, state: OneRedState, shot: Shot, cue: str
                            ) -> dict[str, Vec] | None:
        if shot.stroke and cue not in state.balls:
            return {cue: NOWHERE}
        return self._placement(state, shot, cue)

    # ------------------------------------------------------------ step 3: points

    def _score(self, state: OneRedState, shot: Shot, after: Mapping[str, Vec],
               fouls: list[Foul]) -> _Scored:
        """ONE-X.1 points of a stroke without a foul, the series counters, and the fouls
        that depend on them (ONE-2.8.1, ONE-2.9.2, ONE-2.13.4), added to ``fouls``."""
        events, cue = shot.events, CUE[shot.player]
        score = score_stroke(events, cue, RED, CUE[1 - shot.player])
        cannons, hazards = self._series(state, score)
        if cannons > _limit(state.cannons_announced, CANNON_LIMIT):
            # ONE-2.11(12), ONE-2.8.1: more than seventy-five successive cannons
            fouls.append(self.make_foul("ONE-2.11(12)", "cannon-limit"))
        if hazards > _limit(state.hazards_announced, HAZARD_LIMIT):
            # ONE-2.11(11), ONE-2.9.2: more than fifteen successive hazards
            fouls.append(self.make_foul("ONE-2.11(11)", "hazard-limit"))
        k_before = _window(state.break_)  # ONE-X.4: the stroke starts in an open window
        if k_before == state.baulk_window:
            k_before = None
        satisfied = False
        if k_before is not None and score.points > 0:
            # ONE-2.13.1: the cue ball crosses into baulk and rests there
            satisfied = self.crossed(shot, cue, state.balls.get(cue), after.get(cue))
            if not satisfied and state.break_ + score.points >= 100 * (k_before + 1):
                # ONE-2.13.4: the hundred passed without crossing the baulk line
                fouls.append(self.make_foul("ONE-2.13.4", "baulk-line-not-crossed"))
        return _Scored(score, cannons, hazards, k_before, satisfied)

    # ------------------------------------------------------------ step 4: next state

    @staticmethod
    def _red_moved(shot: Shot, balls: Mapping[str, Vec]) -> bool:
        return (RED not in balls or RED in shot.after
                or any(RED in e.balls() for e in shot.events))

    def _after_foul(self, state: OneRedState, shot: Shot, balls: dict[str, Vec],
                    respotted: dict[str, Vec], calls: list[Call]
                    ) -> tuple[tuple[int, int], dict[str, Any]]:
        """ONE-2.12.3: two away; the red respotted if it went down; the incoming player's
        options. A foul by the non-striker leaves the striker at the table."""
        player = shot.player
        origin, count = state.red_origin, 0  # ONE-X.3: a foul ends the succession
        if RED not in balls:
            balls[RED], origin = self._respot_red(balls)  # ONE-2.12.3(1), ONE-2.7.1
            respotted[RED] = balls[RED]
        elif self._red_moved(shot, balls):
            origin = "NONE"
        calls += [Call.of("foul"), Call.of("away", n=PENALTY)]
        changes: dict[str, Any] = {"to_play": 1 - player, "break_": 0,
                                   "options": ("play", "in-hand"), **self._series_reset()}
        if not shot.stroke and player != state.to_play:
            changes = {}  # a foul by the non-striker: the striker plays on
            count = state.red_count
        changes |= {"red_origin": origin, "red_count": count}
        return self.awarded(player, PENALTY), changes  # ONE-2.5.1

    def _after_fair(self, state: OneRedState, shot: Shot, scored: _Scored,
                    balls: dict[str, Vec], respotted: dict[str, Vec], calls: list[Call]
                    ) -> tuple[tuple[int, int], dict[str, Any]]:
        """ONE-2.4.5: a scoring stroke continues the break, any other ends the visit;
        ONE-2.7: the red's respot and the succession of plain pots."""
        player, score = shot.player, scored.score
        origin, count = state.red_origin, state.red_count
        if RED not in balls:
            # ONE-2.7.2: plain pots from the spot or the pyramid spot count; any other
            # pot, or other points, end the succession (ONE-2.7.2(2): SPOT_UNCOUNTED)
            plain = score.plain_red and origin in ("SPOT", "PYRAMID")
            count = count + 1 if plain else 0
            # ONE-2.7.1 / ONE-2.7.2 / ONE-2.7.3 (the cycle), geometry's algorithm
            balls[RED], origin = self._respot_red(balls, succession=count >= 2)
            respotted[RED] = balls[RED]
        else:
            count = 0
            if self._red_moved(shot, balls):
                origin = "NONE"
        gained = score.points
        if gained > 0:
            # ONE-2.4.5: after a scoring stroke the striker continues
            changes = self._continue_break(state, shot, state.break_ + gained, scored.cannons,
                                           scored.hazards, scored.k_before, scored.satisfied,
                                           balls, CUE[1 - player], respotted, calls)
        else:
            # ONE-2.4.5: a non-scoring stroke ends the visit
            changes = {"to_play": 1 - player, "break_": 0, "options": (),
                       **self._series_reset()}
            count = 0
        changes |= {"red_origin": origin, "red_count": count}
        return self.awarded(1 - player, gained), changes  # ONE-2.5.1

    def _respot_red(self, balls: Mapping[str, Vec], succession: bool = False
                    ) -> tuple[Vec, str]:
        placed, origin = self.placing(
            lambda: respot_one_red(self.spot_space(balls), self.table, succession=succession))
        return placed[RED], origin

    def _judged_fouls(self, state: OneRedState, shot: Shot) -> list[Foul]:
        j = shot.judgement
        fouls = []
        if self.out_of_turn(state, shot) and shot.stroke:  # the wrong partner too (1.1)
            fouls.append(self.make_foul("ONE-2.11(5)", "out-of-turn"))  # ONE-2.11(5)
        if j.struck_ball is not None:
            fouls.append(self.make_foul("ONE-2.11(1)", "struck-wrong-ball"))  # ONE-2.11(1)
        if j.double_hit:
            fouls.append(self.make_foul("ONE-2.11(2)", "double-hit"))  # ONE-2.11(2)
        if j.balls_moving:
            fouls.append(self.make_foul("ONE-2.11(3)", "balls-moving"))  # ONE-2.11(3)
        if j.feet_off_floor:
            fouls.append(self.make_foul("ONE-2.11(4)", "feet-off-floor"))  # ONE-2.11(4)
        if self.jumped(shot, CUE[shot.player], first_fair=True):
            fouls.append(self.make_foul("ONE-2.11(8)", "jump-shot"))  # ONE-2.11(8)
        if j.push_stroke:
            fouls.append(self.make_foul("ONE-2.11(9)", "push-stroke"))  # ONE-2.11(9)
        if j.touched:
            fouls.append(self.make_foul("ONE-2.11(13)", "touched-ball"))  # ONE-2.11(13)
        if j.before_respot:
            fouls.append(self.make_foul("ONE-2.11(14)", "before-respot"))  # ONE-2.11(14)
        return fouls

    def _stroke_fouls(self, state: OneRedState, shot: Shot, placed: Mapping[str, Vec] | None,
                      objects: Mapping[str, Vec], after: Mapping[str, Vec]) -> list[Foul]:
        cue = CUE[shot.player]
        events = shot.events
        fouls = []
        contacted = contacts_of(events, cue) & (set(objects) | {RED})
        if placed is not None:
            # ONE-2.6, ONE-X.2: playing from in-hand out of baulk
            fault = self.in_hand_fault(shot, cue, placed[cue], objects)
            if fault is not None:
                fouls.append(self.make_foul("ONE-2.11(6)", fault))  # ONE-2.11(6)
            potted = any(e.pot == cue for e in events)
            if (potted and not contacted and self.positions
                    and all_in_baulk(objects, self.table)):
                # ONE-2.11(7): in-off without contact from hand with all object balls in baulk
                fouls.append(self.make_foul("ONE-2.11(7)", "cue-ball-potted-from-hand"))
        touching = set(shot.declare.touching)
        if shot.player == state.to_play:
            touching |= set(state.touching)
        if touching and not shot.judgement.push_stroke and _moved_touching(
                events, cue, touching, after, objects):
            # ONE-2.10 (spec fallback): moving the touching ball is a push stroke
            fouls.append(self.make_foul("ONE-2.11(9)", "push-stroke"))
        if any(e.off is not None for e in events):
            fouls.append(self.make_foul("ONE-2.11(10)", "ball-off-table"))  # ONE-2.11(10)
        if not contacted:
            fouls.append(self.make_foul("ONE-2.11(15)", "missed-all-balls"))  # ONE-2.11(15)
        return fouls

    @staticmethod
    def _series(state: OneRedState, score: StrokeScore) -> tuple[int, int]:
        """ONE-2.8.2, ONE-2.9.3: the counters after a stroke of class ``score.kind``."""
        if score.kind == "cannon":
            return state.consecutive_cannons + 1, 0
        if score.kind == "hazard":
            return 0, state.consecutive_hazards + 1
        return 0, 0  # a mixed stroke resets both; a non-scoring one ends the break

    @staticmethod
    def _series_reset() -> dict[str, Any]:
        return {"consecutive_cannons": 0, "consecutive_hazards": 0, "cannons_announced": None,
                "hazards_announced": None, "baulk_window": None}

    def _continue_break(self, state: OneRedState, shot: Shot, brk: int, cannons: int,
                        hazards: int, k_before: int | None, satisfied: bool,
                        balls: dict[str, Vec], opponent: str, respotted: dict[str, Vec],
                        calls: list[Call]) -> dict[str, Any]:
        """The state changes of a scoring stroke (series counters, calls, ONE-2.9.4)."""
        calls.append(Call.of("break", n=brk))
        late = shot.judgement.announcement_late
        c_ann = state.cannons_announced if cannons else None
        h_ann = state.hazards_announced if hazards else None
        if cannons >= CANNON_CALL and c_ann is None and not late:
            c_ann = cannons  # ONE-2.8.2: "seventy cannons", or later if it was late
            calls.append(Call.of("seventy-cannons"))
        if hazards >= HAZARD_CALL and h_ann is None and not late:
            h_ann = hazards  # ONE-2.9.3: "ten hazards", or later if it was late
            calls.append(Call.of("ten-hazards"))
        if hazards >= HAZARD_LIMIT and opponent not in balls:
            # ONE-2.9.4: after the fifteenth hazard the opponent's ball comes back
            placed = one_red_opponent_ball(self.spot_space(balls), opponent, self.table)
            balls[opponent] = respotted[opponent] = placed[opponent]
            calls.append(Call.of("opponent-ball-spotted"))
        window = state.baulk_window
        if satisfied and k_before is not None:
            window = k_before  # ONE-2.13.2: the score, then "baulk line crossed"
            calls.append(Call.of("baulk-line-crossed"))
        k_now = _window(brk)
        if k_now is not None and k_now != window and k_now != k_before:
            calls.append(Call.of("baulk-line"))  # ONE-2.13.2: announced at 80
        return {"to_play": shot.player, "break_": brk, "options": (),
                "consecutive_cannons": cannons, "consecutive_hazards": hazards,
                "cannons_announced": c_ann, "hazards_announced": h_ann,
                "baulk_window": window}

    def _touching(self, balls: dict[str, Vec], changes: dict[str, Any], shot: Shot,
                  respotted: dict[str, Vec], calls: list[Call]) -> None:
        """ONE-2.10: the incoming (or continuing) player's cue ball touches a ball."""
        cue = CUE[changes["to_play"]]
        if cue in balls:
            near = self.near(cue, balls)
            if near:
                calls.append(Call.of("touching-ball"))
                if not shot.judgement.touching_respot_agreed:
                    changes["touching"] = tuple(near)  # spec fallback: play on, no push
                else:
                    reset = one_red_touching_reset(balls, cue, self.table)
                    for name, p in reset.items():
                        if balls.get(name) != p:
                            respotted[name] = p
                    balls = reset
                    changes["red_origin"] = "SPOT"
        changes["balls"] = freeze_balls(balls)

    def _finish(self, state: OneRedState, changes: dict[str, Any], points: tuple[int, int],
                fouls: tuple[Foul, ...], respotted: Mapping[str, Vec], calls: list[Call]
                ) -> tuple[Outcome, OneRedState]:
        score = (state.score[0] + points[0], state.score[1] + points[1])
        balls = changes.get("balls", state.balls)
        to_play = changes.get("to_play", state.to_play)
        changes |= {"score": score, "in_hand": "D" if CUE[to_play] not in balls else None}
        for p in (0, 1):
            if points[p] and score[p] >= self.options.target:
                # ONE-2.5.5: the first to reach or pass the target wins, penalties included
                changes |= {"frame_over": True, "winner": p, "options": (), "in_hand": None}
                calls.append(Call.of("game-over", player=self.players[p]))
        return Outcome(legal=not fouls, fouls=fouls, points=points,
                       respotted=dict(respotted), calls=tuple(calls)), evolve(state, **changes)

    # ------------------------------------------------------------ other actions

    def decision(self, state: OneRedState, d: Decision) -> tuple[Outcome, OneRedState]:
        self.require_option(state, d)
        if d.choice == "play":
            return Outcome(), evolve(state, options=())  # ONE-2.12.3(1)
        # ONE-2.12.3(2): red on the spot, the offender's ball on the centre spot, the
        # incoming player in hand; option (1) is then gone
        spots = snooker_spots(self.table)
        offender = CUE[1 - d.player]
        balls = {RED: spots["black"], offender: spots["blue"]}
        new = evolve(state, balls=freeze_balls(balls), options=(), in_hand="D",
                      red_origin="SPOT", red_count=0, touching=())
        return Outcome(respotted=dict(balls), calls=(Call.of("ball-in-hand"),)), new

    def foul(self, state: OneRedState, f: PlayerFoul) -> tuple[Outcome, OneRedState]:
        """A foul while not striking (e.g. ONE-2.11(13), a marker touched): 2 away."""
        if f.rule not in FOUL_RULES:
            raise RecordError(f"foul.rule: {f.rule!r} is not a foul of snooker-one-red "
                              "(ONE-2.11(1) .. ONE-2.11(15))")
        if f.ball is not None:
            self.check_name(f.ball)
        beneficiary = 1 - f.player
        points = self.awarded(f.player, PENALTY)
        changes: dict[str, Any] = {}
        if f.player == state.to_play:
            # ONE-2.12.1: the visit ends at once; ONE-2.12.3: the incoming player's options
            changes = {"to_play": beneficiary, "break_": 0, **self._series_reset(),
                       "red_count": 0, "touching": (), "options": ("play", "in-hand")}
        # else a foul by the non-striker: the striker simply plays on
        name = f.rule.removeprefix("ONE-2.11").strip("()")
        foul = self.make_foul(f.rule, f"foul-{name}")
        return self._finish(state, changes, points, (foul,), {},
                            [Call.of("foul"), Call.of("away", n=PENALTY)])


def _moved_touching(events: Any, cue: str, touching: set[str], after: Mapping[str, Vec],
                    before: Mapping[str, Vec]) -> bool:
    """SNK-3.8 as used by ONE-2.10: a touching ball moved by the stroke itself, i.e. hit by
    the cue ball before it touches anything else, or moved with no event naming it."""
    for e in events:
        if cue in e.balls():
            if e.hit is not None and (set(e.hit) - {cue}) & touching:
                return True
            break
    named = {b for e in events for b in e.balls()}
    return any(b not in named and b in after and after[b] != before.get(b) for b in touching)
