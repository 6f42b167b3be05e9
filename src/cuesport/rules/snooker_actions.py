"""Snooker actions other than a stroke: fouls without a stroke, repositioning, the
``foul`` action, decisions after a foul, conceding, claiming, lots and stalemate.

The base of :class:`cuesport.rules.snooker.SnookerReferee`, which implements the hooks
declared here (``after_foul``, ``respot``, ``new_frame``).
"""

from __future__ import annotations

from collections.abc import Mapping

from cuesport.equipment import COLOUR_VALUES
from cuesport.record import (
    NO_REST,
    NOWHERE,
    Claim,
    Concede,
    Correction,
    Decision,
    Lots,
    PlayerFoul,
    RecordError,
    Shot,
    Stalemate,
)
from cuesport.rules.base import Foul, Outcome, Vec, apply_motion, freeze_balls
from cuesport.rules.calls import Call
from cuesport.rules.snooker_base import SnookerFamily
from cuesport.rules.snooker_penalties import concerned, foul
from cuesport.rules.snooker_state import (
    Snapshot,
    SnookerOptions,
    SnookerOutcome,
    SnookerState,
    evolve,
    sequence_colour,
    turn_phase,
    value,
)

PLAYER_FOULS = {
    "SNK-3.2(b)(ii)": "marker-touched",
    "SNK-3.14(h)": "touched-during-consultation",
    "SNK-3.12(d)(ii)": "ball-off-table-used",
    "SNK-3.12(d)(v)": "failed-to-declare",
    "SNK-3.12(a)(ix)": "non-standard-cue",
    "SNK-3.12(a)(x)": "conferring",
    "SNK-4.2": "unfair-conduct",
}


class SnookerActions(SnookerFamily[SnookerState]):
    """The non-stroke actions of the snooker referee."""

    options: SnookerOptions

    # ------------------------------------------------------------ hooks (snooker.py)

    def after_foul(self, base: SnookerState, p: int, fouls: list[Foul],
                   balls: Mapping[str, Vec], respotted: dict[str, Vec], *,
                   calls: list[Call] | None = None, miss: Snapshot | None = None,
                   review: list[str] | None = None, extra_calls: tuple[Call, ...] = (),
                   keep_chain: bool = False, in_hand: str | None = None
                   ) -> tuple[Outcome, SnookerState]:
        raise NotImplementedError

    def respot(self, colours: list[str], balls: Mapping[str, Vec]
               ) -> tuple[Mapping[str, Vec], dict[str, Vec]]:
        raise NotImplementedError

    def new_frame(self, breaker: int) -> SnookerState:
        raise NotImplementedError

    # ------------------------------------------------------------ fouls without a stroke

    def foul_without_stroke(self, state: SnookerState, shot: Shot
                            ) -> tuple[Outcome, SnookerState]:
        """SNK-3.11(a): a foul before a stroke ends the turn at once."""
        p = shot.player
        j = shot.judgement
        if any(e.hit is not None or e.cushion is not None for e in shot.events):
            raise RecordError("a shot with stroke false has no hit or cushion events")
        placed: dict[str, Vec] | None = None
        in_hand = state.in_hand
        if state.in_hand is not None and shot.cue_ball is not None:
            pos = (float(shot.cue_ball[0]), float(shot.cue_ball[1]))
            placed = {"cue": pos}
            in_hand = None  # SNK-2.9 (seed commentary): released, it stays where it is
        elif state.in_hand is None and shot.cue_ball is not None:
            raise RecordError("the cue ball is not in hand, so 'cue_ball' must be absent")
        motion = apply_motion(self, state.balls, shot, placed)
        if state.phase == "colour":
            nom = shot.nominate
            v_on = value(nom) if nom in COLOUR_VALUES else 7
        elif state.phase == "reds":
            v_on = 1
        else:
            c = sequence_colour(state.balls)
            v_on = value(c) if c else 7
        fouls: list[Foul] = []
        if j.touched:
            fouls.append(foul("SNK-3.12(b)(vi)", "touched-ball", concerned(v_on, j.touched)))
        if j.struck_ball is not None:
            fouls.append(foul("SNK-3.12(d)(iv)", "other-ball-as-cue-ball", 7))
        for b in motion.off:
            # SNK-2.14: a ball picked up is forced off the table (a colour is respotted,
            # a red stays off, the cue ball is in hand)
            fouls.append(foul("SNK-3.12(b)(vii)", "forced-off-table", concerned(v_on, [b])))
        if not fouls and state.in_hand is not None and not motion.potted:
            # SNK-3.5(b): the tip touched the cue ball while placing it, not a stroke
            return SnookerOutcome(), state
        if not fouls:
            raise RecordError("a shot with stroke false is a foul without a stroke: "
                              "judgement.touched names what was touched")
        if state.phase == "colour" and shot.nominate is None:
            # SNK-3.12(d)(i): a foul after potting a red, before nominating a colour
            fouls.append(foul("SNK-3.12(d)(i)", "foul-before-nomination", 7))
        gone = [b for b in (*motion.potted, *motion.off) if b in COLOUR_VALUES]
        balls, respotted = self.respot(gone, dict(motion.balls))  # SNK-3.7
        # SNK-3.14(d): no miss without a stroke; a warning already given stays in force
        return self.after_foul(state, p, fouls, balls, respotted, keep_chain=True,
                               in_hand=in_hand)

    def reposition(self, state: SnookerState, shot: Shot
    ) -> tuple[Outcome, SnookerState]:
        """SNK-3.15: a ball disturbed other than by the striker is put back, no penalty
        (reds too); ``after`` gives the referee's positions. Also faulty equipment not
        the striker's (SNK-3.18(b)) and a colour wrongly missing (SNK-3.7(c)(i))."""
        if shot.events:
            raise RecordError("a repositioning (outside interference) has no events")
        balls = dict(state.balls)
        for name, pt in shot.after.items():
            self.check_name(name)
            balls[name] = (float(pt[0]), float(pt[1]))
        for name in (shot.rest or NO_REST).restored:  # without positions: put back
            balls.setdefault(name, NOWHERE)
        self.check_balls(balls, "after")
        new = evolve(state, balls=freeze_balls(balls),
                     in_hand=None if "cue" in balls else state.in_hand,
                     phase=state.phase if state.phase != "sequence" else turn_phase(balls))
        back = {b: pt for b, pt in balls.items() if b not in state.balls}
        return SnookerOutcome(respotted=back, calls=(Call.of("repositioned"),)), new

    def foul(self, state: SnookerState, f: PlayerFoul) -> tuple[Outcome, SnookerState]:
        """Fouls not made with a stroke, named by rule (``foul`` action)."""
        name = PLAYER_FOULS.get(f.rule)
        if name is None:
            raise RecordError(f"foul.rule: {f.rule!r} is not a foul action of snooker; expected "
                              f"one of {', '.join(PLAYER_FOULS)}")
        if f.ball is not None:
            self.check_name(f.ball)
        if state.lots_pending and f.rule != "SNK-4.2":
            raise RecordError("lots must be drawn for the re-spotted black first")
        v_on = {"reds": 1, "colour": 7}.get(state.phase) or value(
            sequence_colour(state.balls) or "black")
        if f.rule == "SNK-4.2":  # unfair conduct: the frame is awarded to the opponent
            score = list(state.score)
            points = (0, 0)
            if self.options.total_points:
                # SNK-4.3(a): the offender forfeits his points, the opponent gets the value
                # of the balls remaining (each red 8)
                rest = 8 * len(state.reds) + sum(COLOUR_VALUES[x] for x in state.colours)
                score[f.player] = 0
                score[1 - f.player] += rest
                points = (rest, 0) if f.player == 1 else (0, rest)
            new = evolve(state, frame_over=True, winner=1 - f.player, options=(),
                         lots_pending=False, score=(score[0], score[1]))
            return SnookerOutcome(points=points, calls=(
                Call.of("frame-awarded", player=self.name(1 - f.player)),)), new
        if f.rule in ("SNK-3.2(b)(ii)", "SNK-3.14(h)"):
            # penalised as if the striker, without changing the order of play
            pen = foul(f.rule, name, concerned(v_on, [f.ball] if f.ball else []))
            score = list(state.score)
            score[1 - f.player] += pen.penalty
            points = (pen.penalty, 0) if f.player == 1 else (0, pen.penalty)
            new = evolve(state, score=(score[0], score[1]))
            return SnookerOutcome(legal=False, fouls=(pen,), points=points,
                                  calls=(Call.of("foul"), Call.of(f"away-{pen.penalty}"))), new
        v = 7 if f.rule.startswith("SNK-3.12(d)") else v_on
        return self.after_foul(state, f.player, [foul(f.rule, name, v)], dict(state.balls), {},
                               keep_chain=True, in_hand=state.in_hand)

    # ------------------------------------------------------------ other actions

    def decision(self, state: SnookerState, d: Decision
    ) -> tuple[Outcome, SnookerState]:
        self.require_option(state, d)
        reset = dict(before=None, miss_count=0, warned=False, replaced=False)
        if d.choice == "play":
            new = evolve(state, options=(), offender=None, **reset)
            calls = (Call.of("free-ball"),) if state.free_ball else ()
            return SnookerOutcome(calls=calls), new
        offender = state.offender if state.offender is not None else 1 - state.to_play
        if d.choice == "pass":
            # SNK-3.13: the offender plays again; SNK-3.10(f): no free ball for him
            keep = "replace" not in state.options
            new = evolve(state, options=(), offender=None, to_play=offender, free_ball=False,
                         break_=0, **({} if keep else reset))
            return SnookerOutcome(calls=(Call.of("play-again",
                                                 player=self.name(offender)),)), new
        # replace: SNK-3.14(b), SNK-3.14(f): every ball back, reds too
        snap = state.before
        assert snap is not None
        warn = state.warned or (snap.full and state.miss_count >= 2)
        new = evolve(state, balls=snap.balls, phase=snap.phase, in_hand=snap.in_hand,
                     to_play=offender, options=(), offender=None, free_ball=False, break_=0,
                     replaced=True, warned=warn, rest=snap.rest)
        said = [Call.of("replaced"), Call.of("play-again", player=self.name(offender))]
        if warn and not state.warned:
            # SNK-3.14(c)(ii): a third failure will award the frame to the opponent
            said.append(Call.of("miss-warning", player=self.name(state.to_play)))
        back = {b: pt for b, pt in snap.balls.items() if b not in state.balls}
        return SnookerOutcome(respotted=back, calls=tuple(said)), new

    def concede(self, state: SnookerState, c: Concede) -> tuple[Outcome, SnookerState]:
        self.require_live(state)
        if c.player != state.to_play and not state.lots_pending:
            # SNK-4.6(a): only the striker may concede
            raise RecordError(f"only the player to play ({state.to_play}) may concede")
        winner = 1 - c.player
        score = list(state.score)
        points = (0, 0)
        if self.options.total_points:
            # SNK-4.6(b): the value of the balls on the table goes to the opponent
            rest = 8 * len(state.reds) + sum(COLOUR_VALUES[x] for x in state.colours)
            score[winner] += rest
            points = (rest, 0) if winner == 0 else (0, rest)
        new = evolve(state, score=(score[0], score[1]), frame_over=True, winner=winner,
                     options=(), lots_pending=False, free_ball=False)
        return SnookerOutcome(points=points, calls=(
            Call.of("conceded", player=self.name(c.player)),
            Call.of("frame-over", player=self.name(winner)))), new

    def claim(self, state: SnookerState, c: Claim) -> tuple[Outcome, SnookerState]:
        """SNK-2.1(b): the striker may claim when only the black remains and he leads by
        more than seven."""
        if state.lots_pending:
            raise RecordError("lots must be drawn for the re-spotted black first")
        if set(state.objects()) != {"black"}:
            raise RecordError("a claim needs the black to be the only object ball on the table")
        if c.player != state.to_play:
            raise RecordError(f"only the striker (player {state.to_play}) may claim the frame")
        lead = state.score[c.player] - state.score[1 - c.player]
        if lead <= 7:
            raise RecordError(f"a claim needs a lead of more than seven (the lead is {lead})")
        new = evolve(state, frame_over=True, winner=c.player, options=(), free_ball=False)
        return SnookerOutcome(calls=(Call.of("claim", player=self.name(c.player)),
                                     Call.of("frame-over", player=self.name(c.player)))), new

    def lots(self, state: SnookerState, lots: Lots) -> tuple[Outcome, SnookerState]:
        """SNK-3.4(b)(ii),(iii): the player chosen by lot plays the black from hand."""
        self.require_live(state)
        if not state.lots_pending:
            raise RecordError("lots are drawn only for a re-spotted black")
        new = evolve(state, lots_pending=False, to_play=lots.to_play, in_hand="D", break_=0)
        return SnookerOutcome(calls=(Call.of("to-play", player=self.name(lots.to_play)),)), new

    def correct(self, state: SnookerState, c: Correction) -> tuple[Outcome, SnookerState]:
        """SNK-3.7(b): a colour respotted in error after being potted in the ascending
        sequence is removed without penalty when the error is discovered; play goes on."""
        if c.rule != "SNK-3.7(b)":
            raise RecordError(f"correct.rule: {c.rule!r}; snooker corrects SNK-3.7(b) only")
        if not c.remove:
            raise RecordError("correct.remove: name the colours wrongly respotted")
        if state.reds or state.phase != "sequence" or state.lots_pending:
            raise RecordError("correct: colours are taken off only in the sequence "
                              "(SNK-3.3(f)(iii))")
        if state.options:
            raise RecordError(f"correct: player {state.to_play} must first choose: "
                              f"{', '.join(state.options)}")
        on_table = state.colours  # in ascending value
        for b in c.remove:
            self.check_name(b)
            if b not in on_table:
                raise RecordError(f"correct.remove: {b!r} is not a colour on the table")
        lowest = on_table[:len(set(c.remove))]
        if set(c.remove) != set(lowest) or "black" in c.remove:
            # only colours already potted in the sequence can be there in error
            raise RecordError("correct.remove: only the lowest colours on the table, below "
                              "the ball on, can have been potted in the sequence")
        balls = freeze_balls({k: v for k, v in state.balls.items() if k not in c.remove})
        new = evolve(state, balls=balls)
        if state.free_ball:  # SNK-3.10: snookered on the ball actually on?
            new = evolve(new, free_ball=self.snookered_on(new))
        calls = tuple(Call.of("colour-removed", ball=b) for b in lowest)
        return SnookerOutcome(calls=calls), new

    def snookered_on(self, state: SnookerState) -> bool:
        raise NotImplementedError

    def stalemate(self, state: SnookerState, s: Stalemate
    ) -> tuple[Outcome, SnookerState]:
        """SNK-3.16: scores cancelled, balls reset, the same player breaks again."""
        new = self.new_frame(state.breaker)
        return SnookerOutcome(calls=(Call.of("stalemate"),)), new
