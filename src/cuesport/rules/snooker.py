"""The snooker referee (discipline ``snooker``), rules ``shared/spec/snooker.md``.

A thin override of :class:`cuesport.rules.base.Referee`: the ball-on state machine
(SNK-X.1), scoring, penalties (SNK-3.12, SNK-X.4 in :mod:`snooker_penalties`), respotting
(SNK-3.7, shared respot algorithm), free ball and foul-and-a-miss geometry
(:mod:`snooker_free_ball`), end of frame (SNK-3.4).

Discipline-specific ruling fields, beside the standard ones:

* ``phase``: ``"reds"``, ``"colour"`` (a colour is on after a red) or ``"sequence"``.
* ``touching``: balls on (or that may be on) touching the cue ball (SNK-3.8(a)).
* ``miss``: this action was called FOUL AND A MISS (SNK-3.14).
* ``warning``: the third-miss warning of SNK-3.14(c)(ii) is in force.
* ``miss_count``: consecutive misses from the same position.
* ``points_remaining``: SNK-X.3.
* ``respotted_black``: the re-spotted black procedure is on (SNK-3.4(b)); ``lots``:
  waiting for a ``lots`` action.
* ``review``: notes where this spec asks a human to review the ruling.

State fields (``state`` of a ruling, ``start`` of a record) beside the common ones:
``phase``, ``free_ball``, ``offender`` (who fouled while options are open), ``before``
(the position to restore on ``replace``: balls, phase, in_hand, full-ball flag),
``miss_count``, ``warned``, ``replaced``, ``respotted_black``, ``lots_pending``,
``breaker`` and ``started`` (the opening stroke was made). A ``start`` needs only
``balls``; a missing or null ``cue`` means the cue ball is in hand.

Rule options (``rules``): ``four_snookers_rule`` (false), ``total_points`` (false),
``aggregate`` ([0, 0], earlier frames), ``deciding_frame`` (false), ``frame`` (1) and
``first_breaker`` (0) for alternate break-offs, ``miss_equal_points_exempt`` (false),
``pink_gap`` (1.0 mm at set-up).

Inputs beyond the protocol core: ``judgement.would_have_been_hit`` (SNK-3.9(b)),
``judgement.fell`` (1.1, SNK-3.9: a ball that hung on the lip, then fell),
``judgement.outside_interference`` (SNK-3.15, SNK-3.8(f)); ``foul`` actions for
SNK-3.2(b)(ii), SNK-3.14(h), SNK-3.12(d)(ii), SNK-3.12(d)(v), SNK-3.12(a)(ix),
SNK-3.12(a)(x) and SNK-4.2; a `correct` action takes colours wrongly respotted off the table
(SNK-3.7(b)).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from itertools import repeat
from types import MappingProxyType
from typing import Any

from cuesport.equipment import COLOUR_VALUES, pocket, snooker_setup, snooker_spots
from cuesport.equipment.geometry import TOUCH_TOL, balls_overlap
from cuesport.record import NO_REST, NOWHERE, Event, PlayerFoul, RecordError, Rest, Shot, Start
from cuesport.rules.base import (
    OVERLAP_TOL,
    Foul,
    Outcome,
    Ruling,
    ShotMotion,
    Vec,
    apply_motion,
    freeze_balls,
    worst,
)
from cuesport.rules.calls import Call
from cuesport.rules.events import first_contacts
from cuesport.rules.in_hand import in_d
from cuesport.rules.respot import respot_colours
from cuesport.rules.snooker_actions import SnookerActions
from cuesport.rules.snooker_calls import CATALOG
from cuesport.rules.snooker_free_ball import free_ball_snooker, is_snookered, miss_geometry
from cuesport.rules.snooker_penalties import StrokeFacts, foul, penalty, stroke_fouls
from cuesport.rules.snooker_state import (
    REDS_SET,
    Snapshot,
    SnookerExtras,
    SnookerOptions,
    SnookerOutcome,
    SnookerState,
    evolve,
    needs_snookers,
    points_remaining,
    sequence_colour,
    snookers_needed,
    state_from_start,
    turn_phase,
    value,
)


def frozen_balls(balls: Mapping[str, Vec]) -> Mapping[str, Vec]:
    return balls if isinstance(balls, MappingProxyType) else freeze_balls(balls)


SPOT_BLUE_Y = snooker_spots()["blue"][1]
MOVED_TOL = 0.5  # mm a touching ball may "move" in a recording before it has moved



class SnookerReferee(SnookerActions):
    discipline = "snooker"
    options_model = SnookerOptions
    extras_model = SnookerExtras
    in_hand_zones = ("D",)
    start_choices = ("play", "pass", "replace")
    catalog = CATALOG
    cue_balls = ("cue",)
    rest_facts = frozenset({"touching", "occupied", "snookered", "snookered_by", "restored"})
    declared_flags = frozenset({"misplaced", "clear_path", "full_ball", "fell"})

    options: SnookerOptions
    _rest: Rest = NO_REST  # without positions: the rest facts of the action being ruled
    _touched: frozenset[str] = frozenset()  # reds that count as touched (resolve_reds)

    # ------------------------------------------------------------ state

    def initial_state(self, start: Start | None) -> SnookerState:
        if start is None:
            o = self.options
            return self.new_frame((o.first_breaker + o.frame - 1) % 2)  # SNK-3.3(b)
        return self.state_from_json(start)

    def new_frame(self, breaker: int) -> SnookerState:
        """SNK-3.2(a): reds in the triangle, colours on their spots, cue ball in hand."""
        balls = snooker_setup(self.table, self.options.pink_gap)
        placed = freeze_balls(balls) if self.positions else self.unplaced(balls)
        return SnookerState(balls=placed, to_play=breaker, in_hand="D",
                            phase="reds", breaker=breaker)

    def state_from_start(self, start: Start) -> SnookerState:
        return state_from_start(start, self.check_balls)

    def ball_on(self, state: SnookerState) -> tuple[str, ...] | None:
        if state.frame_over:
            return ()
        if state.phase == "reds":
            return ("red",)
        if state.phase == "colour":
            return ("any-colour",)
        c = sequence_colour(state.balls)
        return (c,) if c else ()

    def free_ball(self, state: SnookerState) -> bool:
        return bool(getattr(state, "free_ball", False))

    def extra_fields(self, state: SnookerState) -> dict[str, Any]:
        o = getattr(self, "_outcome", None)
        return {
            "phase": state.phase,
            "touching": list(self.touching(state)),
            "warning": state.warned,
            "miss_count": state.miss_count,
            "points_remaining": points_remaining(state.balls, state.phase),
            "respotted_black": state.respotted_black,
            "lots": state.lots_pending,
            "miss": isinstance(o, SnookerOutcome) and o.miss,
            "review": list(o.review) if isinstance(o, SnookerOutcome) else [],
        }

    def ruling(self, index: int, outcome: Outcome, state: SnookerState, lang: str = "en"
               ) -> Ruling:
        self._outcome = outcome  # read by extra_fields for the per-action fields
        return super().ruling(index, outcome, state, lang)

    def ruling_dict(self, index: int, outcome: Outcome, state: SnookerState,
                    lang: str = "en") -> dict[str, Any]:
        self._outcome = outcome  # as in ruling
        return self.direct_ruling(index, outcome, state, lang)

    # ------------------------------------------------------------ small facts

    def may_be_on(self, state: SnookerState) -> frozenset[str]:
        """Balls that are, or may be, on for the player to play (SNK-3.8(a))."""
        if state.free_ball:
            return frozenset(state.objects())  # SNK-3.10(a)(i): any ball may be nominated
        if state.phase == "reds":
            return frozenset(state.reds)
        if state.phase == "colour":
            return frozenset(state.colours)
        c = sequence_colour(state.balls)
        return frozenset((c,)) if c else frozenset()

    def touching(self, state: SnookerState) -> tuple[str, ...]:
        """SNK-3.8(a): balls on, or that may be on, touching the cue ball at rest; a ball
        not on is not indicated (SNK-3.8(d), SNK-3.8(e))."""
        if "cue" not in state.balls or state.frame_over:
            return ()
        cached: tuple[SnookerState, tuple[str, ...]] | None = getattr(self, "_touching", None)
        if cached is not None and cached[0] is state:
            return cached[1]
        near = self.near_cue(state)
        on = self.may_be_on(state) if near else frozenset()
        found = tuple(b for b in near if b in on)
        self._touching = (state, found)
        return found

    def near_cue(self, state: SnookerState) -> list[str]:
        """Balls touching the cue ball (SNK-3.8): measured, or declared at rest."""
        if not self.positions:
            near = (state.rest or NO_REST).touching.get("cue", ())
            return [b for b in near if b in state.balls]
        return self.touching_cue("cue", state.balls)

    def penalty(self, value: int) -> int:
        """SNK-3.12: four points unless a higher value applies; never more than seven."""
        return penalty(value)

    def check_balls(self, balls: Mapping[str, Vec], where: str = "position") -> None:
        """As the base check, but only balls that moved since the last position checked
        are tested against the others (a pair that did not move was checked together)."""
        if not self.positions:
            return super().check_balls(balls, where)
        last = getattr(self, "_checked", {})
        moved = [k for k, v in balls.items() if last.get(k) != v]
        if not moved:
            return
        super().check_balls({k: balls[k] for k in moved}, where)
        r = self.table.ball_radius
        d = 2.0 * r
        centres = list(balls.values())
        limit = d - OVERLAP_TOL  # balls_overlap's test, the distances computed in C first
        if len(centres) < 2 or all(  # the nearest other ball: the second distance
                sorted(map(math.dist, repeat(balls[a]), centres))[1] >= limit for a in moved):
            self._checked = dict(balls)
            return
        for a in moved:  # an overlap: find the first pair, as the message names it
            pa = balls[a]
            for b, pb in balls.items():
                if abs(pb[0] - pa[0]) >= d or abs(pb[1] - pa[1]) >= d:
                    continue  # too far apart to overlap
                if b != a and balls_overlap(pa, pb, r, eps=OVERLAP_TOL):
                    raise RecordError(f"{where}: balls {a!r} and {b!r} overlap "
                                      f"(centres {math.dist(pa, pb):.1f} mm apart)")
        self._checked = dict(balls)

    def turn_on(self, balls: Mapping[str, Vec]) -> list[str]:
        """SNK-X.1: balls on at the start of a turn (reds, else the lowest colour)."""
        reds = [b for b in balls if b in REDS_SET]
        if reds:
            return reds
        c = sequence_colour(balls)
        return [c] if c else []

    def level(self, score: tuple[int, int]) -> bool:
        """SNK-3.4(a)(i),(ii) and SNK-3.4(c): scores level, aggregates considered."""
        o = self.options
        if o.total_points:
            if not o.deciding_frame:
                return False
            return o.aggregate[0] + score[0] == o.aggregate[1] + score[1]
        return score[0] == score[1]

    def leader(self, score: tuple[int, int]) -> int | None:
        if score[0] != score[1]:
            return 0 if score[0] > score[1] else 1
        o = self.options
        a = (o.aggregate[0] + score[0], o.aggregate[1] + score[1])
        return None if a[0] == a[1] else (0 if a[0] > a[1] else 1)

    def respot(self, colours: list[str], balls: Mapping[str, Vec]
               ) -> tuple[Mapping[str, Vec], dict[str, Vec]]:
        """SNK-3.7: respot colours (own spot, else highest free spot, else the line)."""
        if not colours:
            return balls, {}
        space = balls if self.positions else self.declared_space()
        new = self.placing(lambda: respot_colours(colours, space, self.table, tol=TOUCH_TOL))
        if not self.positions:  # the same procedure on the spots the marker declared
            return {**balls, **{c: new[c] for c in colours}}, {c: new[c] for c in colours}
        return new, {c: new[c] for c in colours}

    @staticmethod
    def respot_review(respotted: Mapping[str, Vec]) -> list[str]:
        """SNK-3.7(g) names only pink and black for 'below the spot'; the blue placed
        below its spot is this spec's fallback, flagged for review."""
        blue = respotted.get("blue")
        if blue is not None and blue[1] < SPOT_BLUE_Y - 1e-6:
            return ["SNK-3.7(g): the blue was placed below its spot (no room above)"]
        return []

    # ------------------------------------------------------------ shots

    def shot(self, state: SnookerState, shot: Shot) -> tuple[Outcome, SnookerState]:
        if self.positions:
            return self.play(state, shot)
        self._rest = rest = self.check_declared(shot, state)
        shot, touched = self.resolve_reds(state, shot)
        self._touched = touched
        outcome, new = self.play(state, shot)
        return self.settle_declared(outcome, new, rest)

    def foul(self, state: SnookerState, f: PlayerFoul) -> tuple[Outcome, SnookerState]:
        self._rest = state.rest or NO_REST  # no stroke: the position is unchanged
        return super().foul(state, f)

    def play(self, state: SnookerState, shot: Shot) -> tuple[Outcome, SnookerState]:
        if state.lots_pending:
            raise RecordError("lots must be drawn for the re-spotted black first (a lots action)")
        for name in (shot.nominate, shot.judgement.struck_ball, *shot.judgement.touched):
            if name is not None:
                self.check_name(name)
        if shot.nominate is not None and shot.nominate not in state.balls:
            raise RecordError(f"nominate: ball {shot.nominate!r} is not on the table")
        if shot.nominate == "cue":
            raise RecordError("nominate: the cue ball cannot be nominated")
        if not state.started and (not shot.stroke or shot.judgement.struck_ball):
            # SNK-2.1 (seed commentary): before the opening stroke no act is a foul
            return Outcome(calls=(Call.of("strike-cue-ball"),)), state
        if not shot.stroke:
            if shot.judgement.outside_interference:
                return self.reposition(state, shot)
            return self.foul_without_stroke(state, shot)
        return self.stroke(state, shot)

    def nomination(self, state: SnookerState, shot: Shot, out_of_turn: bool, fc: tuple[str, ...]
                   ) -> tuple[frozenset[str], str | None, str | None, int, bool]:
        """SNK-X.1, SNK-2.12, SNK-3.10(a): (balls on, nominated colour, free ball, V_on,
        unclear)."""
        nom = shot.nominate
        if state.phase == "colour":
            if nom is not None and nom not in COLOUR_VALUES:
                raise RecordError(f"nominate: after a red a colour is nominated, not {nom!r}")
            if nom is None and len(fc) == 1 and fc[0] in COLOUR_VALUES:
                nom = fc[0]  # SNK-2.12: an obvious target counts as nominated
            if nom is None:
                return frozenset(), None, None, 7, True  # SNK-X.4: unclear target
            return frozenset((nom,)), nom, None, value(nom), False
        if state.phase == "reds":
            on = frozenset(state.reds)
            v_on = 1
        else:
            c = sequence_colour(state.balls)
            on = frozenset((c,)) if c else frozenset()
            v_on = value(c) if c else 7
        free = None
        if nom is not None and nom not in on:
            if not state.free_ball or out_of_turn:
                raise RecordError(f"nominate: no free ball is available, {nom!r} is not on")
            free = nom  # SNK-3.10(a)(ii): the free ball takes the value of the ball on
        return on, None, free, v_on, False

    def stroke(self, state: SnookerState, shot: Shot) -> tuple[Outcome, SnookerState]:
        """A stroke in named steps: read it (placement, nomination, touching ball, balls
        falling by themselves), its fouls, its points and respots, the next state."""
        p = shot.player
        out_of_turn = p != state.to_play  # SNK-3.3(b): no free ball for the side not to play
        placed, misplaced = (self.placement(state, shot) if self.positions
                             else self.placement_declared(state, shot))
        start = {**state.balls, **(placed or {})}
        motion = apply_motion(self, state.balls, shot, placed)
        fc = first_contacts(shot.events, "cue")
        on, nominated, free, v_on, unclear = self.nomination(state, shot, out_of_turn, fc)
        targets = on | {free} if free else on
        pushed, credited = self.touching_contact(state, shot, placed, targets)
        if "fell" in shot.judgement.model_fields_set:
            fell = self.declared_fell(shot)  # SNK-3.9 as the referee saw it
        else:
            fell = [b for b in self.fell_by_itself(shot)
                    if self.positions or b not in self._touched]
        replay_all = bool(fell) and shot.judgement.would_have_been_hit  # SNK-3.9(b)
        balls, pots, calls = self.put_back(state, shot, motion, fell, replay_all)

        facts = StrokeFacts(
            phase=state.phase, v_on=v_on, on=on, nominated=nominated, free=free, first=fc,
            credited=credited, potted=tuple(pots), off=motion.off, judgement=shot.judgement,
            out_of_turn=self.out_of_turn(state, shot),  # SNK-3.12(a)(iii), the wrong partner
            misplaced=misplaced, unclear=unclear, pushed=tuple(pushed),
            jumped=self.jumped(shot, "cue", bool(fc) and all(b in on or b == free for b in fc),
                               credited))
        fouls, failed = stroke_fouls(facts)

        if replay_all:  # SNK-3.9(b): every ball back where it was
            back = {b: state.balls[b] for b in motion.potted if b in state.balls}
            if not fouls:
                new = evolve(state, started=True)  # SNK-3.9(b)(i): same striker again
                return SnookerOutcome(respotted=back, calls=(
                    *calls, Call.of("replaced"), Call.of("play-again", player=self.name(p)))), new
            return self.after_foul(state, p, fouls, dict(state.balls), back, calls=calls,
                                   extra_calls=(Call.of("replaced"),))

        pts = 0 if fouls else self.points(state, pots, nominated, free)
        balls, respotted, review = self.respot_after(state, pots, motion, fouls, balls, fell)
        fouls += self.free_ball_fouls(state, fouls, pts, free, balls, v_on, review)
        # without positions the next state starts from the facts declared at rest
        base = state if self.positions else evolve(state, rest=self._rest)
        if fouls:
            miss = None
            if failed:
                miss = self.miss(state, shot, start, balls, fouls, targets, free)
            return self.after_foul(base, p, fouls, balls, respotted, calls=calls,
                                   miss=miss, review=review)
        return self.after_fair(base, p, pts, balls, respotted, state, calls, review)

    # ------------------------------------------------------------ reading a stroke

    def placement(self, state: SnookerState, shot: Shot) -> tuple[dict[str, Vec] | None, bool]:
        """The cue ball placed from hand, and whether it was placed outside the D."""
        if state.in_hand is None:
            if shot.cue_ball is not None:
                raise RecordError("the cue ball is not in hand, so 'cue_ball' must be absent")
            return None, False
        if shot.cue_ball is None:
            raise RecordError("the cue ball is in hand: 'cue_ball' gives where it was placed")
        pos = (float(shot.cue_ball[0]), float(shot.cue_ball[1]))
        self.check_balls({**state.balls, "cue": pos}, "cue_ball")
        return {"cue": pos}, not in_d(pos, self.table)  # SNK-3.5: in or on the line of the D

    def placement_declared(self, state: SnookerState, shot: Shot
                           ) -> tuple[dict[str, Vec] | None, bool]:
        """Without positions: from hand, the referee says whether it was in the D."""
        if state.in_hand is None:
            return None, False
        return {"cue": NOWHERE}, shot.judgement.misplaced  # SNK-3.5, SNK-3.12(a)(iv)

    def touching_contact(self, state: SnookerState, shot: Shot,
                         placed: Mapping[str, Vec] | None, targets: frozenset[str]
                         ) -> tuple[list[str], bool]:
        """SNK-3.8: a touching ball must not be moved (the balls pushed); a touching ball
        on counts as hit (credited)."""
        pushed: list[str] = []
        credited = False
        near = self.near_cue(state) if placed is None else []
        if not near:
            return pushed, credited
        first_cue = next((e for e in shot.events if "cue" in e.balls()), None)
        for t in near:
            involved = any(t in e.balls() for e in shot.events)
            moved = first_cue is not None and first_cue.hit is not None and t in first_cue.hit
            shifted = (not involved and t in shot.after
                       and math.dist(shot.after[t], state.balls[t]) > MOVED_TOL)
            if (moved or shifted) and not shot.judgement.outside_interference:
                pushed.append(t)  # SNK-3.8(b); SNK-3.8(f) when not caused by the striker
            if t in targets:
                credited = True  # SNK-3.8(c)(i),(ii)
        return pushed, credited

    def put_back(self, state: SnookerState, shot: Shot, motion: ShotMotion, fell: list[str],
                 replay_all: bool) -> tuple[Mapping[str, Vec], dict[str, str], list[Call]]:
        """SNK-3.9: balls that fell by themselves do not count as potted; unless the stroke
        is replayed (SNK-3.9(b)) they go back where they were (SNK-3.9(a))."""
        pots = dict(motion.potted)
        calls: list[Call] = []
        if replay_all:
            return motion.balls, {b: k for b, k in pots.items() if b not in fell}, calls
        if not fell:
            return motion.balls, pots, calls
        put_back = dict(motion.balls)
        for b in fell:
            pots.pop(b, None)  # SNK-3.9(a): replaced, the stroke is ruled as it stands
            put_back[b] = self.lip_of(b, shot, put_back) if self.positions and \
                self.moved_by_stroke(b, shot) else state.balls[b]
            calls.append(Call.of("ball-replaced", ball=b))
        self.check_balls(put_back, "after")
        return put_back, pots, calls

    @staticmethod
    def moved_by_stroke(ball: str, shot: Shot) -> bool:
        """A hit names the ball: the stroke moved it."""
        return any(e.hit is not None and ball in e.hit for e in shot.events)

    def lip_of(self, ball: str, shot: Shot, balls: Mapping[str, Vec]) -> Vec:
        """SNK-3.9(a): a ball the stroke moved that hung on the lip, then fell, goes back on
        the lip it fell from: its centre on the pocket's mouth line, or as near to it
        inwards as the other balls allow."""
        p = pocket(self.table, next(str(e.pocket) for e in shot.events if e.pot == ball))
        r = self.table.ball_radius
        others = [q for b, q in balls.items() if b != ball and q != NOWHERE]
        for k in range(400):  # 1 mm steps along the pocket's axis, into the table
            c = (p.mouth_centre[0] - p.axis[0] * k, p.mouth_centre[1] - p.axis[1] * k)
            if not any(balls_overlap(c, q, r) for q in others):
                return c
        raise RecordError(f"SNK-3.9(a): no room to put {ball!r} back near its pocket")

    # ------------------------------------------------------------ points and respots

    @staticmethod
    def points(state: SnookerState, pots: Mapping[str, str], nominated: str | None,
               free: str | None) -> int:
        """Points of a stroke without a foul (SNK-3.3(e),(f), SNK-3.10(c)-(e))."""
        if state.phase == "reds":
            return sum(1 for b in pots if b in REDS_SET) + (1 if free in pots else 0)
        if state.phase == "colour":
            return value(nominated) if nominated is not None and nominated in pots else 0
        c = sequence_colour(state.balls)
        if c is not None and (c in pots or (free is not None and free in pots)):
            return value(c)  # SNK-3.10(c),(d),(e): only the ball on is scored
        return 0

    def respot_after(self, state: SnookerState, pots: Mapping[str, str], motion: ShotMotion,
                     fouls: list[Foul], balls: Mapping[str, Vec], fell: list[str]
                     ) -> tuple[Mapping[str, Vec], dict[str, Vec], list[str]]:
        """SNK-3.3(g): reds are never respotted; SNK-3.7: colours are, except the colour
        potted fairly in sequence (SNK-3.3(f)(iii)); SNK-3.9(a) balls are put back."""
        c = sequence_colour(state.balls)
        gone = [b for b in (*pots, *motion.off) if b in COLOUR_VALUES]
        if not fouls and state.phase == "sequence" and c is not None and c in pots:
            gone.remove(c)  # SNK-3.3(f)(iii): a colour potted in sequence stays off
        balls, respotted = self.respot(gone, balls)
        review = self.respot_review(respotted)
        respotted.update({b: balls[b] for b in fell})  # SNK-3.9(a): put back
        if not respotted and not fell:
            balls = motion.balls  # already frozen
        return balls, respotted, review

    def free_ball_fouls(self, state: SnookerState, fouls: list[Foul], pts: int,
                        free: str | None, balls: Mapping[str, Vec], v_on: int,
                        review: list[str]) -> list[Foul]:
        """SNK-3.10(b)(ii), SNK-3.12(a)(vii): a free ball that scored nothing must not
        snooker the opponent (not with only pink and black left)."""
        if fouls or free is None:
            return []
        if pts > 0:
            review.append("SNK-3.10(b)(ii) not applied: the free-ball stroke scored")
            return []
        pink_black = set(state.objects()) <= {"pink", "black"}
        if not pink_black and self.free_ball_snookers(balls, free):
            return [foul("SNK-3.12(a)(vii)", "free-ball-snooker", v_on)]
        return []

    @staticmethod
    def fell_by_itself(shot: Shot) -> list[str]:
        """SNK-3.9(a) read from the events: the potted balls no ball touched before they
        dropped. A ball the stroke moved counts as potted however late it drops
        (SNK-3.9(c)): the events show no ball stopping, and a slow red rolls 6 s and more
        without one; a ball that hung on the lip past the referee's wait is his to
        declare (``judgement.fell``)."""
        # (a hit after a ball's drop is refused as bad input before this is asked)
        return [e.pot for e in shot.events if e.pot is not None and e.pot != "cue"
                and not SnookerReferee.moved_by_stroke(e.pot, shot)]

    # ------------------------------------------------------------ after a fair stroke

    def after_fair(self, base: SnookerState, p: int, pts: int, balls: Mapping[str, Vec],
                   respotted: dict[str, Vec], before: SnookerState, calls: list[Call],
                   review: list[str]) -> tuple[Outcome, SnookerState]:
        frozen = frozen_balls(balls)
        reset = dict(free_ball=False, offender=None, options=(), before=None, miss_count=0,
                     warned=False, replaced=False, in_hand=None)
        if pts == 0:  # SNK-3.3(h): no score, the turn ends
            new = evolve(base, balls=frozen, to_play=1 - p, break_=0, started=True,
                         phase=turn_phase(balls), **reset)
            new, more = self.four_snookers(new)
            calls += more
            calls += self.touching_calls(new)
            calls.append(self.score_call(new))
            return SnookerOutcome(respotted=respotted, calls=tuple(calls),
                                  review=tuple(review)), new
        score = list(base.score)
        score[p] += pts
        sc = (score[0], score[1])
        if before.phase == "reds":
            phase = "colour"  # SNK-3.3(f)(i), even after the last red (SNK-3.3(f)(ii))
        elif before.phase == "colour":
            phase = turn_phase(balls)  # SNK-3.3(f)(ii): reds and colours alternately
        else:
            phase = "sequence"
        points = (pts, 0) if p == 0 else (0, pts)
        new = evolve(base, balls=frozen, to_play=p, score=sc, break_=base.break_ + pts,
                     started=True, phase=phase, **reset)
        calls.append(Call.of("break", n=new.break_))
        if before.respotted_black or (before.phase == "sequence" and not new.objects()):
            # SNK-3.4(a): the last black potted ends the frame unless the scores are level
            if not before.respotted_black and self.level(sc):
                return self.respotted_black(new, points, respotted, calls)
            winner = self.leader(sc)
            new = evolve(new, frame_over=True, winner=winner)
            if winner is not None:
                calls.append(Call.of("frame-over", player=self.name(winner)))
            return SnookerOutcome(points=points, respotted=respotted, calls=tuple(calls)), new
        calls += self.touching_calls(new)
        return SnookerOutcome(points=points, respotted=respotted, calls=tuple(calls),
                              review=tuple(review)), new

    def respotted_black(self, new: SnookerState, points: tuple[int, int],
                        respotted: dict[str, Vec], calls: list[Call],
                        fouls: tuple[Foul, ...] = ()) -> tuple[Outcome, SnookerState]:
        """SNK-3.4(b): black spotted, lots drawn, the chosen player plays from hand."""
        rest = {k: v for k, v in new.balls.items() if k not in ("black", "cue")}
        balls, spot = self.respot(["black"], rest)
        state = evolve(new, balls=freeze_balls(balls), in_hand="D", phase="sequence",
                       break_=0, options=(), free_ball=False, offender=None,
                       respotted_black=True, lots_pending=True, before=None, miss_count=0,
                       warned=False, replaced=False)
        calls = [*calls, Call.of("scores-level"), Call.of("respotted-black")]
        return SnookerOutcome(legal=not fouls, fouls=fouls, points=points,
                              respotted={**respotted, **spot}, calls=tuple(calls)), state

    # ------------------------------------------------------------ after a foul

    def after_foul(self, base: SnookerState, p: int, fouls: list[Foul], balls: Mapping[str, Vec],
                   respotted: dict[str, Vec], *, calls: list[Call] | None = None,
                   miss: Snapshot | None = None, review: list[str] | None = None,
                   extra_calls: tuple[Call, ...] = (), keep_chain: bool = False,
                   in_hand: str | None = None) -> tuple[Outcome, SnookerState]:
        """SNK-3.11: penalty to the opponent, turn ends, next player may play or pass."""
        worst_foul = worst(fouls)
        assert worst_foul is not None
        pen = worst_foul.penalty  # SNK-3.11(g)
        other = 1 - p
        score = list(base.score)
        score[other] += pen  # SNK-3.1(d)
        sc = (score[0], score[1])
        points = (pen, 0) if other == 0 else (0, pen)
        only_black = set(base.objects()) == {"black"}
        head = Call.of("foul-and-a-miss") if miss is not None else Call.of("foul")
        out_calls = [*(calls or []), *extra_calls, head, Call.of(f"away-{pen}")]
        cue_gone = "cue" not in balls
        new = evolve(base, balls=frozen_balls(balls), score=sc, break_=0, to_play=other,
                     started=True, phase=turn_phase(balls), offender=p, free_ball=False,
                     in_hand="D" if cue_gone else in_hand,  # SNK-3.11(f), SNK-2.9(a)
                     options=("play", "pass"))
        if not keep_chain:
            new = evolve(new, before=None, miss_count=0, replaced=False, warned=False)
        if base.respotted_black or only_black:
            # SNK-3.4(a),(b)(iv): the first foul with only the black left ends the frame
            if not base.respotted_black and self.level(sc):
                return self.respotted_black(new, points, respotted, out_calls, tuple(fouls))
            winner = self.leader(sc)
            new = evolve(new, frame_over=True, winner=winner, options=(), offender=None)
            if winner is not None:
                out_calls.append(Call.of("frame-over", player=self.name(winner)))
            return SnookerOutcome(legal=False, fouls=tuple(fouls), points=points,
                                  respotted=respotted, calls=tuple(out_calls)), new
        if miss is not None:
            count = base.miss_count + 1 if base.replaced else 1
            new = evolve(new, options=("play", "pass", "replace"), before=miss,
                         miss_count=count, warned=base.warned and base.replaced,
                         replaced=False)
            if miss.full and count >= 3 and base.warned:
                # SNK-3.14(c)(ii): the third failure awards the frame to the opponent
                new = evolve(new, frame_over=True, winner=other, options=(), offender=None)
                out_calls.append(Call.of("frame-awarded", player=self.name(other)))
                return SnookerOutcome(legal=False, fouls=tuple(fouls), points=points,
                                      respotted=respotted, calls=tuple(out_calls), miss=True,
                                      review=tuple(review or ())), new
        new, more = self.four_snookers(new)
        out_calls += more
        if not new.frame_over:
            if not self.positions:
                new = evolve(new, rest=self._rest)  # the facts of the position at rest
            # SNK-3.10: after a foul, snookered on every ball on -> FREE BALL
            free = self.snookered_on(new)
            new = evolve(new, free_ball=free)
            if free:
                out_calls.append(Call.of("free-ball"))
            out_calls += self.touching_calls(new)
        out_calls.append(self.score_call(new))
        return SnookerOutcome(legal=False, fouls=tuple(fouls), points=points,
                              respotted=respotted, calls=tuple(out_calls),
                              miss=miss is not None, review=tuple(review or ())), new

    def miss(self, state: SnookerState, shot: Shot, start: Mapping[str, Vec],
             after: Mapping[str, Vec], fouls: list[Foul], targets: frozenset[str],
             free: str | None) -> Snapshot | None:
        """SNK-3.14: is the failure to hit a ball on FOUL AND A MISS? Returns the position
        to replace, or None."""
        if state.respotted_black or set(state.objects()) == {"black"}:
            return None  # SNK-3.14(a): not when only the black remains
        # after a red any colour could be on
        could = frozenset(state.colours) if state.phase == "colour" else targets
        clear, full = self.miss_paths(shot, start, could)
        pen = max(f.penalty for f in fouls)
        other = 1 - shot.player
        sc = list(state.score)
        sc[other] += pen
        exempt = self.options.miss_equal_points_exempt
        needed = (needs_snookers(state.score, points_remaining(state.balls, state.phase),
                                 exempt)
                  or needs_snookers((sc[0], sc[1]), points_remaining(after, turn_phase(after)),
                                    exempt))
        chain = state.replaced and state.before is not None and state.before.full
        if chain:
            called = True  # SNK-3.14(c)(i): again from the same position, regardless of scores
        elif clear:
            called = not needed or shot.judgement.miss  # SNK-3.14(c)
        else:
            called = shot.judgement.miss  # SNK-3.14(a), SNK-3.14(e)
        if not called:
            return None
        in_hand = state.in_hand
        return Snapshot(state.balls, state.phase, in_hand, full, state.rest)

    # ------------------------------------------------------------ the geometry seam
    # Each question the rules ask of the position is answered here, measured from the
    # positions or, in a record without positions, read from what the marker declared
    # (shot.rest, judgement); the rules above use the answer the same way.

    def snookered_on(self, state: SnookerState) -> bool:
        """SNK-3.10, SNK-2.16: the player to play is snookered on every ball on."""
        if not self.positions:
            return (state.rest or NO_REST).snookered
        return is_snookered(state.balls, self.turn_on(state.balls), self.table)

    def free_ball_snookers(self, balls: Mapping[str, Vec], free: str) -> bool:
        """SNK-3.10(b)(ii): the nominated free ball snookers the next player."""
        if not self.positions:
            return free in self._rest.snookered_by
        return free_ball_snooker(balls, self.turn_on(balls), free, self.table)

    def miss_paths(self, shot: Shot, start: Mapping[str, Vec], could: frozenset[str]
                   ) -> tuple[bool, bool]:
        """SNK-3.14(c): (a clear path to some ball on, full-ball contact available)."""
        if not self.positions:
            j = shot.judgement
            return j.clear_path or j.full_ball, j.full_ball  # full ball implies a path
        return miss_geometry(start["cue"], start, could, self.table)

    def declared_space(self) -> Mapping[str, Vec]:
        """SNK-2.17 without positions: a stand-in ball on each spot declared occupied, so
        that SNK-3.7 runs its own procedure on the declared spots."""
        spots = snooker_spots(self.table)
        return {f"@{s}": spots[s.removesuffix("-spot")] for s in self._rest.occupied
                if s.removesuffix("-spot") in spots}

    def place_name(self, ball: str, p: Vec) -> str:
        if p == NOWHERE:
            return "replaced"
        for colour, spot in snooker_spots(self.table).items():
            if math.dist(p, spot) < 1e-6:
                return f"{colour}-spot"
        return "near-own-spot"  # SNK-3.7(f), (g): placed by the table referee

    def declared_fell(self, shot: Shot) -> list[str]:
        """SNK-3.9 from ``judgement.fell``: the potted balls the referee saw fall by
        themselves; without positions each ``red`` is one of the reds potted, in order."""
        potted = [e.pot for e in shot.events if e.pot is not None and e.pot != "cue"]
        if self.positions:
            for b in shot.judgement.fell:
                if b not in potted:
                    raise RecordError(f"judgement.fell: {b!r} was not potted in this stroke")
            return list(dict.fromkeys(shot.judgement.fell))
        reds = [b for b in potted if b.startswith("red")]
        out: list[str] = []
        for b in shot.judgement.fell:
            if b == "red" or b.startswith("red"):
                free = [r for r in reds if r not in out]
                if not free:
                    continue
                b = b if b in free else free[0]
            if b not in out:
                out.append(b)
        return out

    def resolve_reds(self, state: SnookerState, shot: Shot) -> tuple[Shot, frozenset[str]]:
        """A record without positions may name ``red``, "a red": each is given a red on
        the table, the highest-numbered first, so that replays are identical. A red named
        in a hit is the one a later ``pot`` or ``off`` of ``red`` removes; a red potted
        in a stroke where the cue ball hit a red counts as touched (SNK-3.9)."""
        if not any("red" in e.balls() for e in shot.events):
            return shot, frozenset()
        free = [b for b in sorted(state.reds, key=lambda r: -int(r[3:]))]
        named: list[str] = []
        gone: set[str] = set()

        def fresh() -> str:
            for b in free:
                if b not in named:
                    named.append(b)
                    return b
            raise RecordError("events: 'red' names a red, but none is left on the table")

        def current() -> str:
            live = [b for b in named if b not in gone]
            return live[-1] if live else fresh()

        events: list[Event] = []
        for e in shot.events:
            if e.hit is not None and "red" in e.hit:
                a, b = e.hit
                pair = (current() if a == "red" else a,
                        (fresh() if a == "red" else current()) if b == "red" else b)
                events.append(e.model_copy(update={"hit": pair}))
            elif e.pot == "red" or e.off == "red":
                red = current()
                gone.add(red)
                events.append(e.model_copy(update={"pot" if e.pot else "off": red}))
            elif e.cushion == "red":
                events.append(e.model_copy(update={"cushion": current()}))
            elif e.cross == "red":
                events.append(e.model_copy(update={"cross": current()}))
            else:
                events.append(e)
        hit_red = any(e.hit is not None and "red" in e.hit for e in shot.events)
        touched = frozenset(gone) if hit_red else frozenset()
        return shot.model_copy(update={"events": tuple(events)}), touched

    def settle_declared(self, outcome: Outcome, new: SnookerState, rest: Rest
                        ) -> tuple[Outcome, SnookerState]:
        """After a shot without positions: the state keeps the shot's rest facts, with the
        spots this ruling filled now occupied; no ball has a position."""
        filled = [self.place_name(b, p) for b, p in outcome.respotted.items()]
        occupied = tuple(dict.fromkeys(
            (*rest.occupied, *(f for f in filled if f.endswith("-spot")))))
        kept = rest.model_copy(update={"occupied": occupied})
        new = evolve(new, balls=self.unplaced(new.balls), rest=kept)
        if outcome.legal and rest.snookered and isinstance(outcome, SnookerOutcome):
            note = "SNK-3.10: rest.snookered ignored, the stroke was not a foul"
            outcome = replace(outcome, review=(*outcome.review, note))
        return outcome, new

    def score_call(self, state: SnookerState) -> Call:
        return Call.of("score", a=state.score[0], b=state.score[1])

    def touching_calls(self, state: SnookerState) -> list[Call]:
        t = self.touching(state)
        if not t:
            return []
        return [Call.of("touching-balls" if len(t) > 1 else "touching-ball")]

    def four_snookers(self, state: SnookerState) -> tuple[SnookerState, list[Call]]:
        """SNK-3.4(d): amateur option; a player needing four snookers loses the frame."""
        o = self.options
        if not o.four_snookers_rule or o.deciding_frame or state.frame_over:
            return state, []
        if state.phase != "sequence" or "cue" not in state.balls or state.respotted_black:
            return state, []
        c = sequence_colour(state.balls)
        if c is None:
            return state, []
        rem = points_remaining(state.balls, "sequence")
        for pl in (0, 1):
            deficit = state.score[1 - pl] - state.score[pl]
            if snookers_needed(deficit, rem, value(c)) >= 4:
                winner = 1 - pl
                new = evolve(state, frame_over=True, winner=winner, options=(), offender=None,
                             free_ball=False)
                return new, [Call.of("four-snookers", player=self.name(winner))]
        return state, []
