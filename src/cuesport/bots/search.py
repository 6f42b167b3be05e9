"""Candidate strokes, simulated with the physics and valued with the referee's pure ``shot``.

A candidate is a stroke plus what the player declares with it (cue-ball placement,
nomination, call, push-out). Each is simulated once without noise; the best few are
simulated again under the bot's noise (PickPocket / CueCard style: the noise samples say
where the cue ball really ends), and the one with the best average value is played.
The value comes from the referee's ruling on the simulated shot (points, foul, who plays
next, frame over) plus a geometric look two strokes ahead: the best pot the position
leaves (and a share of the second best, on another ball) for the player if he keeps the
table, for the opponent if not; so a safety is valued by the opponent's best chance
afterwards. For the kept pots that keep the table, a level with ``deep_lines`` also
simulates the second stroke (:func:`second_look`): the next pot's best lines with a few
speeds and spins, each worth its ease, the ball and a share of the pot it leaves next.
The bot knows no rules of its own beyond the few declarations.

The work is a number of simulations and of simulated physics events (:class:`Budget`),
never a time: the same seed plays the same strokes on a quiet or a loaded machine.
Pots come first, line by line in order of ease, their speed and spin variants
interleaved so that a budget that runs out leaves every line its plainest strokes;
safeties, the snooker break-off and escapes (one and two cushions, mirror-image aims
checked by the simulator; in pool also legal jumps over a ball in the way,
:mod:`cuesport.bots.jumps`) have their own generators.
"""
from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from cuesport import disciplines
from cuesport.bots import memo, one_red, pool, snooker, straight, window
from cuesport.bots.aim import (
    PotLine,
    Vec,
    ball_value,
    clear,
    contact_angles,
    cue_ball_of,
    in_hand_spots,
    pot_lines,
    pot_speed,
    side_aims,
    squirt_aim,
    targets_for,
)
from cuesport.bots.jumps import jump_strokes, jumps_allowed
from cuesport.equipment import TableSpec, d_centre, head_string_y
from cuesport.physics import PhysicsParams, Stroke, StrokeNoise, noisy_strokes, params_for, simulate
from cuesport.physics import Shot as PhysShot
from cuesport.record import RecordError, parse_action
from cuesport.rules.base import FrameState, Outcome, Referee

WIN = 1000.0
SAFETY_SPEEDS = (0.9, 1.8, 0.45)  # cue speeds (m/s) of the safeties tried at a ball
FEW_SAFETY_SPEEDS = (0.6, 2.0)  # the same, for a budget of fewer than 3 safeties


@dataclass(frozen=True, slots=True)
class Candidate:
    stroke: Stroke
    cue_ball: Vec | None = None  # placement from hand
    nominate: str | None = None
    call: tuple[str, str] | str | None = None  # (ball, pocket) or "safety"
    push_out: bool = False
    kind: str = "pot"  # pot, safety, break, escape, push
    target: str | None = None


@dataclass(slots=True)
class Turn:
    """What a player sees when it is to play."""

    discipline: str
    referee: Referee[Any]
    table: TableSpec
    state: FrameState
    ruling: Mapping[str, Any]
    player: int
    rng: random.Random = field(default_factory=random.Random)
    # pool position play (bots/pool.py): strokes valued by the rack's win chance
    racks: bool = False
    # snooker break-building (plans_breaks): the table worth a share of the points left
    breaks: bool = False

    @property
    def cue(self) -> str:
        return cue_ball_of(self.discipline, self.player)

    def targets(self, state: FrameState | None = None, player: int | None = None) -> list[str]:
        st = state or self.state
        who = self.player if player is None else player
        on = self.referee.ball_on(st)
        return targets_for(self.discipline, on, st.balls, cue_ball_of(self.discipline, who),
                           self.referee.free_ball(st))


@dataclass(frozen=True, slots=True)
class Budget:
    """How hard a bot looks. The limit is a number of simulations, never a time, so a bot
    plays the same strokes on a loaded machine and the same seed replays the same match."""

    lines: int = 5  # pot lines tried (per cue-ball placement)
    speeds: tuple[float, ...] = (1.0, 1.5, 2.2)  # multiples of the pot speed
    heights: tuple[float, ...] = (-0.4, 0.0, 0.4)  # draw .. follow, fractions of R
    sides: tuple[float, ...] = (0.0,)  # side spin, fractions of R
    safeties: int = 6
    keep: int = 4  # candidates re-simulated with noise
    samples: int = 4  # noisy simulations per kept candidate
    spots: int = 4  # in-hand placements tried
    escape_step: float = 5.0  # degrees between direct strokes of the last-resort fan
    escape_targets: int = 3  # balls tried with one- and two-cushion escapes
    escape_offsets: tuple[float, ...] = (-0.6, 0.0, 0.6)  # degrees around each cushion aim
    escape_speeds: tuple[float, ...] = (1.8, 3.0)
    escape_sides: tuple[float, ...] = (0.0,)
    jumps: bool = True  # pool: legal jump shots over a ball in the way (never in snooker)
    look: bool = True  # value the position left
    refine_lines: int = 4  # pot lines whose aim is corrected for throw (two simulations each)
    simulations: int = 300  # the most simulations one decision may run
    break_simulations: int = 60  # the most for a break (a full rack is slow to simulate)
    # the most physics events (``Shot.event_count``) one decision may simulate: a stroke
    # into a full pack costs many times the events of one late in a frame, so a count of
    # simulations alone does not bound the time; events are deterministic, seconds are not
    events: int = 10**9
    # the second stroke simulated (position play): for each kept pot that keeps the table,
    # the next pot's easiest lines tried with these (speed factor, height) variants
    deep_lines: int = 0
    deep_variants: tuple[tuple[float, float], ...] = ((0.9, -0.4), (0.9, 0.3), (1.4, -0.4),
                                                      (1.4, 0.3))
    # each pot of the noisy stage aimed at the middle of its window, and valued by the
    # window's chance to pot (:mod:`cuesport.bots.window`); its simulations come on top
    window: bool = False


@dataclass(slots=True)
class Sims:
    """The work left to a decision: simulations and simulated physics events (counts, so
    the search is deterministic). A simulation is taken before it runs and its events are
    charged after (:meth:`charge`); a stage stops when what is left would not pay for the
    ``reserve`` of a later stage at the events per simulation seen so far (a reserve holds
    at most half of the events, so that the first stage always has something to rank).
    :meth:`run` simulates with the physics' event limit cut to the events left, so that
    the cap is a bound: one stroke into a frozen pack may run to the simulator's own
    limit (20,000 events) and took a 14.1 decision to twice strong's cap."""

    left: int
    events_left: int = 10**9
    used: int = 0
    events: int = 0
    cap: int = field(init=False)  # the events the decision started with
    # events no simulation may use: kept for a charge that may follow the last one (the
    # snooker referee's free-ball test from the D, memo.HAND_CHECK), so the cap is a bound
    hold: int = 0

    def __post_init__(self) -> None:
        self.cap = self.events_left

    def per_sim(self) -> float:
        """Events per simulation so far in this decision (0 before the first)."""
        return self.events / self.used if self.used else 0.0

    def take(self, n: int = 1, reserve: int = 0) -> bool:
        """Spend ``n`` if that leaves at least ``reserve`` for a later stage."""
        if self.left - n < reserve or self.events_left - self.hold <= 0:
            return False
        est = self.per_sim()
        if self.events_left - est * (n - 1) - min(est * reserve, self.cap / 2) <= 0:
            return False
        self.left -= n
        self.used += n
        return True

    def affordable(self, n: int) -> int:
        """How many of ``n`` simulations the budget still pays for (at least one while any
        events are left)."""
        k = min(n, self.left)
        free = self.events_left - self.hold
        if free <= 0 or k <= 0:
            return 0
        est = self.per_sim()
        if est > 0:
            k = min(k, max(1, int(free / est)))
        return k

    def spend(self, events: int) -> None:
        """Pay for work that costs as much as ``events`` physics events (a referee's
        costly question, :mod:`cuesport.bots.memo`)."""
        self.events_left -= events
        self.events += events

    def charge(self, shots: Sequence[PhysShot] | PhysShot) -> None:
        """Pay the events of simulations already run."""
        n = shots.event_count if isinstance(shots, PhysShot) else sum(
            s.event_count for s in shots)
        self.events_left -= n
        self.events += n

    def params(self, table: TableSpec) -> PhysicsParams:
        """The table's physics with its event limit cut to the events left less the
        ``hold`` (at least one), so that no simulation runs past the cap."""
        p = params_for(table)
        left = max(1, self.events_left - self.hold)
        return p if left >= p.max_events else replace(p, max_events=left)

    def run(self, table: TableSpec, position: Mapping[str, Vec], stroke: Stroke,
            record: bool = False) -> PhysShot | None:
        """Simulate a stroke already taken (:meth:`take`) within the events left, and pay
        for it; None when the simulation stopped at its event limit: balls frozen in
        mid-motion say nothing of where the stroke leaves them. Raises ``ValueError`` on
        a position or stroke the simulator refuses."""
        shot = simulate(table, position, stroke, self.params(table), record=record)
        self.charge(shot)
        return None if shot.truncated else shot


def shot_action(player: int, phys: PhysShot, cand: Candidate) -> dict[str, Any]:
    """The referee-protocol ``shot`` action for a simulated stroke."""
    shot: dict[str, Any] = {"player": player, "events": list(phys.events),
                            "after": {k: [v[0], v[1]] for k, v in phys.final.items()}}
    if cand.cue_ball is not None:
        shot["cue_ball"] = [cand.cue_ball[0], cand.cue_ball[1]]
    if cand.nominate is not None:
        shot["nominate"] = cand.nominate
    if isinstance(cand.call, tuple):
        shot["call"] = {"ball": cand.call[0], "pocket": cand.call[1]}
    elif cand.call is not None:
        shot["call"] = cand.call
    if cand.push_out:
        shot["push_out"] = True
    return {"shot": shot}


def position_of(turn: Turn, cand: Candidate) -> dict[str, Vec]:
    pos = dict(turn.state.balls)
    if cand.cue_ball is not None:
        pos[cand.stroke.cue_ball] = cand.cue_ball
    return playable(turn.table, pos)


def playable(table: TableSpec, balls: Mapping[str, Vec], cue: str | None = None
             ) -> dict[str, Vec]:
    """The position as the simulator accepts it. The referee tolerates what a recorded
    position may hold: a cue ball resting in a pocket's jaws, balls overlapping by a hair.
    The simulator wants the cue ball inside the cushion noses and no overlap, so such balls
    are nudged (by a fraction of a millimetre, or a few for a cue ball in the jaws)."""
    r = table.ball_radius
    cues = set(disciplines.for_table(table.kind, balls).cue_balls) if cue is None else {cue}

    def clamp(p: Vec) -> Vec:
        k = r + 0.01
        return (min(max(p[0], k), table.width - k), min(max(p[1], k), table.length - k))

    out = {k: clamp(v) if k in cues else (float(v[0]), float(v[1])) for k, v in balls.items()}
    names = list(out)
    for _ in range(50):
        moved = False
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                (ax, ay), (bx, by) = out[a], out[b]
                d = math.hypot(bx - ax, by - ay)
                if d >= 2 * r - 1e-4:
                    continue
                gap = 2 * r + 2e-3 - d
                ux, uy = ((bx - ax) / d, (by - ay) / d) if d > 1e-9 else (1.0, 0.0)
                # each ball's share of the gap: half each, but a cue ball moves alone off
                # an object ball (one it touches in a pocket's mouth, pushed, would sink
                # into the jaw's rubber; game/match.py plays from this too)
                sa = 0.5 if (a in cues) == (b in cues) else 1.0 if a in cues else 0.0
                pa = (ax - ux * gap * sa, ay - uy * gap * sa)
                pb = (bx + ux * gap * (1.0 - sa), by + uy * gap * (1.0 - sa))
                out[a] = clamp(pa) if a in cues else pa
                out[b] = clamp(pb) if b in cues else pb
                moved = True
        if not moved:
            break
    return out


# 1-red: the wider search of one_red.widen; off: no gain shown for twice the processor
# time (bench/bots-results.md, bot1red)
ONE_RED_WIDE = False
LOOK_CANNONS = True  # 1-red: the look sees in-offs and cannons (one_red.look_aims)
# 1-red: the pot that sends the red to the centre spot tried with more pace
# (one_red.CENTRE_VARIANTS, ONE-2.7.2)
CENTRE_PACE = True
SECOND = 0.3  # worth of a second ball on, relative to the best (a position with options)


def prospects(turn: Turn, state: FrameState, who: int) -> float:
    """Expected worth of the next visit for ``who`` from ``state`` (0 when nothing is on):
    the best pot on, by its ease and worth, plus a share of the best pot on another ball,
    so that a position leaving two balls on ranks above one that leaves a single one."""
    unit = _unit(turn)
    if state.in_hand == "table":
        return 0.85 * (1.0 + unit) * (1.0 + SECOND)
    cue = cue_ball_of(turn.discipline, who)
    cpos = state.balls.get(cue)
    if cpos is None or state.in_hand is not None:
        return 0.45 * unit
    targets = turn.targets(state, who)
    worth: dict[str, float] = {}
    # 14.1: while the pack is closed a pot is worth what it opens (the break ball)
    inside = (straight.closed(turn.table, state.balls, cue)
              if disciplines.find(turn.discipline).bots.break_ball else set())
    for line in pot_lines(turn.table, state.balls, cue, cpos, targets)[:12]:
        w = _chance(turn.discipline, line.ease) * (ball_value(turn.discipline, line.target)
                                                   + unit)
        if inside:
            w *= straight.break_factor(turn.table, state.balls, cue, line, inside)
        worth[line.target] = max(worth.get(line.target, 0.0), w)
    if disciplines.find(turn.discipline).bots.cannons_score and LOOK_CANNONS:
        # 1-red: the in-offs and cannons the position leaves score too (ONE-2.4.1)
        for first, _, e in one_red.look_aims(turn.table, state.balls, cue, cpos, targets):
            w = _chance(turn.discipline, e) * (ball_value(turn.discipline, first) + unit)
            worth[first] = max(worth.get(first, 0.0), w)
    top = sorted(worth.values(), reverse=True)
    return (top[0] if top else 0.0) + (SECOND * top[1] if len(top) > 1 else 0.0)


PLAY_SHARE = 0.35  # an offered position is played when its prospects reach this share of
# the table's worth (choices.decide), else passed back


def plays_on(turn: Turn, state: FrameState, who: int) -> bool:
    """The play-or-pass rule of an offered position (a push out, P9-2.4 and P10-9.4; a
    ball pocketed on a safety or without a call, P10-9.6 and P10-9.7): ``who`` plays
    from ``state`` when its prospects are good enough (:func:`choices.decide`; pool
    position play values a push by it, :func:`pool.rack_value`)."""
    unit = disciplines.find(turn.discipline).bots.table_worth
    return prospects(turn, state, who) >= PLAY_SHARE * unit


def _chance(discipline: str, ease: float) -> float:
    """A pot's chance in the value: with position play (snooker, 1-red) the pot rate
    measured under noise (:func:`snooker.chance`); elsewhere the ghost-ball ease itself."""
    return snooker.chance(ease) if disciplines.find(discipline).bots.position_play else ease


def _unit(turn: Turn) -> float:
    """What keeping the table is worth beyond the ball potted, in the value's units: in
    break-building (``turn.breaks``, ``BotHints.break_share``) a share of the points left
    on the table, the break the visit may still make (:func:`snooker.break_worth`)."""
    d = disciplines.find(turn.discipline)
    if not turn.breaks or d.bots.break_share <= 0.0:
        return d.bots.table_worth
    on = {b: p for b, p in turn.state.balls.items() if b not in d.cue_balls}
    return snooker.break_worth(on, d.value_of, d.bots.break_share, d.bots.table_worth)


def value(turn: Turn, outcome: Outcome, new: FrameState, look: bool) -> float:
    """What a simulated stroke is worth to the player, in points (a frame won: about WIN).

    A frame won by a legal stroke ranks above the same frame won by a foul (the last black
    lost on purpose while far enough ahead): a foul win is worth half a win, so a bot pots
    the frame ball whenever the pot is more likely than not."""
    if turn.racks and look:
        return pool.rack_value(turn, outcome, new, plays_on)
    me = turn.player
    pts = outcome.points[me] - outcome.points[1 - me]
    if new.frame_over:
        if new.winner != me:
            return -WIN
        return (WIN if outcome.legal else WIN / 2) + float(pts)
    v = float(pts) * disciplines.find(turn.discipline).bots.points_weight
    # 14.1 at a closed pack: the position left weighs more (straight.look_weight)
    w = (straight.look_weight(turn.table, turn.state.balls, turn.cue)
         if look and disciplines.find(turn.discipline).bots.break_ball else 1.0)
    # break-building with the pack closed: the reds a stroke frees are worth more to
    # whoever plays next (snooker.PACK_RED), beyond the next pots the look sees
    opened = (snooker.PACK_RED * snooker.pack_opened(turn.state.balls, new.balls,
                                                     turn.table.ball_radius)
              if look and turn.breaks and snooker.PACK_RED > 0.0 else 0.0)
    if new.to_play == me and not new.options and outcome.legal:
        v += _unit(turn) + (w * prospects(turn, new, me) if look else 0.0) + opened
    else:
        if not outcome.legal:
            v -= disciplines.find(turn.discipline).bots.foul_cost
        if look:
            v -= w * prospects(turn, new, 1 - me) + opened
    return v


@dataclass(frozen=True, slots=True)
class Judged:
    """A simulated stroke's value and whether the player keeps the table after it."""

    value: float
    keeps: bool = False


def judge(turn: Turn, phys: PhysShot, cand: Candidate, look: bool = True) -> float:
    return judged(turn, phys, cand, look).value


def judged(turn: Turn, phys: PhysShot, cand: Candidate, look: bool = True) -> Judged:
    try:
        action = parse_action(shot_action(turn.player, phys, cand))
        outcome, new = turn.referee.shot(turn.state, action.shot)  # type: ignore[union-attr]
    except RecordError:
        return Judged(-WIN)
    except Exception:  # a referee bug must not stop a game: treat the stroke as unplayable
        return Judged(-WIN)
    # a pool pot scores no points: where the discipline says so (BotHints.pots_keep), a
    # legal stroke that leaves the player at the table keeps it all the same; so does pool
    # position play with its second stroke simulated (pool.SECOND_LOOK)
    scored = (outcome.points[turn.player] > 0 or disciplines.find(turn.discipline).bots.pots_keep
              or (turn.racks and pool.SECOND_LOOK))
    keeps = bool(outcome.legal and scored and (
        new.frame_over or (new.to_play == turn.player and not new.options)))
    return Judged(value(turn, outcome, new, look), keeps)


# ---------------------------------------------------------------- candidates


def _declare(turn: Turn, target: str | None, pocket: str | None, breaking: bool
             ) -> tuple[str | None, tuple[str, str] | str | None]:
    nominate = None
    call: tuple[str, str] | str | None = None
    st = turn.state
    facts = disciplines.find(turn.discipline)
    if facts.nominates and target is not None:
        on = turn.referee.ball_on(st) or ()
        if getattr(st, "phase", "") == "colour" or (turn.referee.free_ball(st)
                                                     and target not in _expand(on, st)):
            nominate = target
    if facts.called_shots and not breaking:
        call = (target, pocket) if target is not None and pocket is not None else "safety"
    return nominate, call


def _expand(on: Sequence[str], st: FrameState) -> set[str]:
    out = set(on)
    if "red" in out:
        out |= {b for b in st.balls if b.startswith("red")}
    return out


def interleave(groups: Sequence[Sequence[Candidate]]) -> list[Candidate]:
    """The first candidate of every group, then the second of each, and so on: a budget
    that runs out leaves every line its most likely strokes."""
    out: list[Candidate] = []
    for i in range(max((len(g) for g in groups), default=0)):
        out += [g[i] for g in groups if i < len(g)]
    return out


def _variants(budget: Budget) -> list[tuple[float, float, float]]:
    """(speed factor, height, side) per pot, the plainest first."""
    vs = [(k, h, sd) for k in budget.speeds for h in budget.heights for sd in budget.sides]
    return sorted(vs, key=lambda v: abs(math.log(v[0])) + 0.5 * abs(v[1]) + abs(v[2]))


def snooker_break_off(turn: Turn) -> bool:
    st = turn.state
    # only the snooker state records whether the opening stroke was made
    return (disciplines.find(turn.discipline).family == "snooker" and st.in_hand == "D"
            and not bool(getattr(st, "started", True)))


def plans_breaks(turn: Turn, budget: Budget) -> bool:
    """The seam for snooker break-building (:mod:`cuesport.bots.snooker`): the lines
    tried in order of worth, side and pack-opening variants, safeties back to baulk, the
    noisy stage kept to several balls and ranked with caution; at the levels that search
    widely (strong, pro), in snooker only."""
    return disciplines.find(turn.discipline).bots.break_building and budget.lines >= 6


def candidates(turn: Turn, budget: Budget, sims: Sims | None = None) -> list[Candidate]:
    """Every stroke worth a noise-free simulation, in the order the search tries them."""
    sims = sims or Sims(budget.simulations)
    st = turn.state
    cue = turn.cue
    table = turn.table
    breaking = bool(getattr(st, "breaking", False))
    targets = turn.targets()
    safe_break = disciplines.find(turn.discipline).bots.safe_break
    if breaking and safe_break and st.in_hand is not None:
        return _safe_break(turn)
    if breaking and st.in_hand is not None and pool.plans(turn, budget):
        return [Candidate(stroke, spot, None, None, False, "break", front)
                for spot, stroke, front in pool.break_strokes(
                    table, st.balls, cue, targets,
                    disciplines.find(turn.discipline).bots.break_grid)]
    if snooker_break_off(turn):
        return break_off(turn, budget)
    if st.in_hand is not None:
        if breaking:
            hy = head_string_y(table) - 10.0
            spots = [(table.width * f, hy) for f in (0.5, 0.3, 0.7)]
        else:
            spots = in_hand_spots(table, st.in_hand, st.balls, cue, targets, budget.spots)
    else:
        spots = [st.balls[cue]] if cue in st.balls else []
    r = table.ball_radius
    # snooker break-building (bots/snooker.py), at the levels that search widely
    plan = plans_breaks(turn, budget)
    lines: list[tuple[float, int, Vec | None, dict[str, Vec], PotLine]] = []
    safeties: list[list[Candidate]] = []
    extras: list[list[Candidate]] = []  # a discipline's own scoring strokes (1-red)
    breaks: list[Candidate] = []
    for i, spot in enumerate(spots):
        placed = spot if st.in_hand is not None else None
        pos = dict(st.balls)
        pos[cue] = spot
        if breaking and not safe_break:
            # power break at the front ball of the rack
            front = min(targets or list(pos), key=lambda b: math.dist(pos[b], spot)
                        if b != cue else 1e9)
            base = math.degrees(math.atan2(pos[front][1] - spot[1], pos[front][0] - spot[0]))
            for da in (0.0, 0.4, -0.4):
                for sp in (7.5, 9.0):
                    breaks.append(Candidate(Stroke(base + da, sp, 0.0, -0.1, cue_ball=cue),
                                            placed, None, None, False, "break", front))
            continue
        for line in pot_lines(table, pos, cue, spot, targets)[: budget.lines]:
            lines.append((line.ease, i, placed, pos, line))
        extras += _scoring_extras(turn, budget, pos, spot, placed, targets, sims)
        near = sorted((b for b in targets if b in pos), key=lambda b: math.dist(pos[b], spot))
        for b in near[: max(1, budget.safeties // 3)]:
            nominate, call = _declare(turn, b, None, breaking)
            fr = (-0.85, 0.0, 0.85) if budget.safeties >= 6 else (-0.5, 0.0, 0.5)
            group = []
            speeds = SAFETY_SPEEDS if budget.safeties >= 3 else FEW_SAFETY_SPEEDS
            for sp in speeds + (snooker.BAULK_SPEEDS if plan else ()):
                for ang in contact_angles(spot, pos[b], r, fr):
                    group.append(Candidate(Stroke(ang, sp, 0.0, 0.0, cue_ball=cue), placed,
                                           nominate, call, False, "safety", b))
            safeties.append(group)
    if breaks:
        return breaks
    if plan:  # the worth of a line, not its ease alone: the black before the yellow
        unit = _unit(turn)
        lines.sort(key=lambda x: (-x[0] * (ball_value(turn.discipline, x[4].target) + unit),
                                  x[1]))
    else:
        lines.sort(key=lambda x: (-x[0], x[1]))
    groups: list[list[Candidate]] = []
    variants = _variants(budget) + (snooker.extra_variants(st.balls, r) if plan else [])
    if disciplines.find(turn.discipline).bots.break_ball and not breaking and budget.look:
        # 14.1: the pot that brings the re-rack is played for the break ball (straight.py)
        have = {(k, h, sd) for k, h, sd in variants}
        variants += [v for v in straight.rerack_variants(st.balls, cue) if v not in have]
    positional = pool.plans(turn, budget)  # pool position play (bots/pool.py)
    aimed = plan or positional
    side_lines = snooker.SIDE_LINES if plan else pool.SIDE_LINES
    facts = disciplines.find(turn.discipline)
    # 1-red: the pot that sends the red to the centre spot (ONE-2.7.2) with more pace
    centre = (list(one_red.CENTRE_VARIANTS) if plan and facts.bots.respot_cycle
              and CENTRE_PACE and one_red.to_centre(st) else [])
    for n, (_, _, placed, pos, line) in enumerate(lines):
        s0 = pot_speed(table, line)
        nominate, call = _declare(turn, line.target, line.pocket, breaking)
        angle = line.angle
        vs = variants + (centre if line.target not in facts.cue_balls else [])
        if positional:  # power strokes and a finer grid
            vs = pool.variants(vs, s0)
        if n < budget.refine_lines and sims.take(2):
            angle = refine(table, playable(table, pos), cue, line, s0, sims)
        # break-building and pool position play aim their side variants for squirt, and
        # on the best lines for throw (aim.side_aims): aimed like the plain stroke, a side
        # variant sends the object ball off the pocket (bench/bots-results.md, botsnk3)
        aims = (side_aims(table, angle, s0, vs,
                          _aim_error(table, playable(table, pos), cue, line, sims))
                if aimed and n < side_lines else {})
        groups.append([Candidate(Stroke(aims.get((k, h, sd), squirt_aim(
                                            table, angle, sd, h)) if aimed else angle,
                                        min(s0 * k, 9.0), sd, h, cue_ball=cue),
                                 placed, nominate, call, False, "pot", line.target)
                       for k, h, sd in vs])
    out = interleave(groups + extras + safeties)
    if disciplines.find(turn.discipline).bots.break_ball and not breaking:
        out = _break_shots(turn, [x[2:] for x in lines]) + out
    if bool(getattr(st, "push_out", False)) and spots:
        spot = spots[0]
        # pool position play: pushes all round at two paces, valued by the opponent's
        # choice to play or pass back (pool.rack_value); else four rolls
        pushes = (pool.PUSHES if positional and pool.OPTION_CHOICE
                  else tuple((ang, 0.8) for ang in (30.0, 120.0, 210.0, 300.0)))
        for ang, sp in pushes:
            out.append(Candidate(Stroke(ang, sp, cue_ball=cue),
                                 spot if st.in_hand is not None else None, None,
                                 None, True, "push", None))
    return out


def _break_shots(turn: Turn, lines: Sequence[tuple[Vec | None, dict[str, Vec], PotLine]]
                 ) -> list[Candidate]:
    """14.1 with a closed pack: the break shots (:func:`straight.break_shots`) first, the
    firm pots on a break ball that send the cue ball into the pack."""
    if not lines:
        return []
    placed, pos, _ = lines[0]
    cue = turn.cue
    same = [ln for p, _, ln in lines if p == placed]  # one cue-ball placement
    groups = []
    for group in straight.break_shots(turn.table, pos, cue, same):
        cands = []
        for line, sp, h in group:
            nominate, call = _declare(turn, line.target, line.pocket, False)
            cands.append(Candidate(Stroke(line.angle, sp, 0.0, h, cue_ball=cue), placed,
                                   nominate, call, False, "pot", line.target))
        groups.append(cands)
    return interleave(groups)


def _scoring_extras(turn: Turn, budget: Budget, pos: Mapping[str, Vec], spot: Vec,
                    placed: Vec | None, targets: list[str], sims: Sims | None
                    ) -> list[list[Candidate]]:
    """The seam for a discipline's scoring strokes beyond pots: in 1-red, cannons and
    in-offs (ONE-2.4.3, ONE-2.4.4; :mod:`cuesport.bots.one_red`); none elsewhere."""
    if not disciplines.find(turn.discipline).bots.cannons_score or budget.lines < 3:
        return []
    cue = turn.cue
    start = playable(turn.table, {**pos, cue: spot})

    def run(stroke: Stroke) -> PhysShot | None:
        if sims is None or not sims.take(1):
            return None
        try:
            return sims.run(turn.table, start, stroke, record=True)
        except ValueError:
            return None

    groups = [[Candidate(Stroke(ang, sp, 0.0, h, cue_ball=cue), placed, None, None, False,
                         "pot", first) for ang, sp, h, first in group]
              for group in one_red.stroke_groups(turn.table, start, cue, spot, targets,
                                                 budget.lines, run)]
    if placed is not None:  # ONE-2.6.4, ONE-2.6.6: a ball in baulk off a cushion first
        for ang, path, t in one_red.from_hand(turn.table, start, cue, spot, targets)[:3]:
            ang, s0 = one_red.correct_route(turn.table, start, cue, t, ang,
                                            one_red.route_speed(path), run)
            groups.append([Candidate(Stroke(ang + da, s0 * k, 0.0, 0.0, cue_ball=cue),
                                     placed, None, None, False, "safety", t)
                           for k, da in ((1.0, 0.0), (1.15, 0.0), (1.0, 0.05), (1.0, -0.05))])
    return groups


def _departure(table: TableSpec, pos: Mapping[str, Vec], stroke: Stroke, target: str,
               sims: Sims | None = None) -> float | None:
    try:
        sim = (simulate(table, pos, stroke, record=True) if sims is None
               else sims.run(table, pos, stroke, record=True))
    except ValueError:
        return None
    if sim is None:
        return None
    for seg in sim.trajectories.get(target, ()):
        if math.hypot(seg.v0[0], seg.v0[1]) > 1e-6:
            return math.atan2(seg.v0[1], seg.v0[0])
    return None


def _aim_error(table: TableSpec, pos: Mapping[str, Vec], cue: str, line: PotLine, sims: Sims
               ) -> Callable[[float, float, float, float], float | None]:
    """``error(angle, speed, side, height)``: the object ball's departure off its line to
    the pocket (radians) for that stroke, one simulation paid from ``sims`` (None when
    the budget is spent or the ball is not hit)."""
    tp = pos[line.target]
    want = math.atan2(line.aim[1] - tp[1], line.aim[0] - tp[0])

    def error(angle: float, speed: float, side: float, height: float) -> float | None:
        if not sims.take(1):
            return None
        d = _departure(table, pos, Stroke(angle, speed, side, height, cue_ball=cue),
                       line.target, sims)
        return None if d is None else (d - want + math.pi) % (2 * math.pi) - math.pi

    return error


def refine(table: TableSpec, pos: Mapping[str, Vec], cue: str, line: Any, speed: float,
           sims: Sims | None = None) -> float:
    """One secant step on the aim so that the object ball leaves toward the pocket
    (the ghost-ball line ignores throw); the ghost-ball angle when that fails."""
    tp = pos[line.target]
    want = math.atan2(line.aim[1] - tp[1], line.aim[0] - tp[0])

    def err(angle: float) -> float | None:
        d = _departure(table, pos, Stroke(angle, speed, cue_ball=cue), line.target, sims)
        return None if d is None else (d - want + math.pi) % (2 * math.pi) - math.pi

    a = line.angle
    e0 = err(a)
    e1 = err(a + 0.2)
    if e0 is None or e1 is None or abs(e1 - e0) < 1e-9:
        return float(a)
    step = -e0 * 0.2 / (e1 - e0)
    return float(a + step) if abs(step) < 3.0 else float(a)


def _safe_break(turn: Turn) -> list[Candidate]:
    """P141-4.2: the opening break of 14.1 is a safety: clip a back corner ball of the rack
    so that two object balls and the cue ball reach a rail."""
    table, st, cue = turn.table, turn.state, turn.cue
    balls = dict(st.balls)
    back = max(p[1] for p in balls.values())
    row = [b for b, p in balls.items() if p[1] > back - 5.0]
    corners = [min(row, key=lambda b: balls[b][0]), max(row, key=lambda b: balls[b][0])]
    hy = head_string_y(table) - 10.0
    out = []
    for corner, fx, sign in ((corners[0], 0.3, -1.0), (corners[1], 0.7, 1.0)):
        spot = (table.width * fx, hy)
        for f in (0.55, 0.8):
            ang = contact_angles(spot, balls[corner], table.ball_radius, (sign * f,))[0]
            for sp in (2.5, 3.5, 4.5):
                out.append(Candidate(Stroke(ang, sp, cue_ball=cue), spot, None, None, False,
                                     "break", corner))
    return out


def break_off(turn: Turn, budget: Budget) -> list[Candidate]:
    """The snooker break-off: from the D beside the yellow or the green, a thin contact on
    an outside red of the pack's back rows, with side, so that the cue ball comes off the
    top and side cushions back to baulk (the value, the opponent's chance afterwards,
    picks the best)."""
    table, st, cue = turn.table, turn.state, turn.cue
    r = table.ball_radius
    reds = [b for b in st.balls if b.startswith("red")]
    if not reds:
        return []
    cx, cy = d_centre(table)
    back = max(st.balls[b][1] for b in reds)
    groups: list[list[Candidate]] = []
    for sign in (1.0, -1.0):  # +1: break from the yellow side (right of the brown)
        rows = [b for b in reds if st.balls[b][1] > back - 4.5 * r]
        edge = sorted(rows, key=lambda b: -sign * st.balls[b][0])[:3]
        for fx in (0.55, 0.8):
            spot = (cx + sign * fx * table.d_radius, cy - 0.15 * table.d_radius)
            for red in edge:
                group = []
                for f in (0.9, 0.8, 0.95, 0.7):
                    ang = contact_angles(spot, st.balls[red], r, (sign * f,))[0]
                    for sp in (2.6, 3.2, 2.1):
                        for sd in (sign * 0.35, 0.0):
                            group.append(Candidate(Stroke(ang, sp, sd, 0.1, cue_ball=cue),
                                                   spot, None, None, False, "break", red))
                groups.append(group)
    return interleave(groups)


def _cushion_lines(table: TableSpec) -> tuple[tuple[int, float], ...]:
    """The lines a cue-ball centre rebounds on: (axis, coordinate), x = 0, y = 1."""
    r = table.ball_radius
    return ((0, r), (0, table.width - r), (1, r), (1, table.length - r))


def _mirror(p: Vec, line: tuple[int, float]) -> Vec:
    axis, c = line
    return (2 * c - p[0], p[1]) if axis == 0 else (p[0], 2 * c - p[1])


def _bounce(a: Vec, m: Vec, line: tuple[int, float]) -> Vec | None:
    """Where the straight path from ``a`` to the mirror image ``m`` meets ``line``."""
    axis, c = line
    da, dm = a[axis] - c, m[axis] - c
    if da * dm >= 0:
        return None
    t = da / (da - dm)
    return (a[0] + t * (m[0] - a[0]), a[1] + t * (m[1] - a[1]))


def _pot_on(turn: Turn) -> bool:
    """The cue ball on the table (not in hand) with an open pot line to a ball on."""
    st = turn.state
    if st.in_hand is not None or turn.cue not in st.balls:
        return False
    return bool(pot_lines(turn.table, st.balls, turn.cue, st.balls[turn.cue], turn.targets()))


def snookered(turn: Turn, spot: Vec | None = None) -> bool:
    """No ball on can be hit full or on either edge in a straight line (the bot's own
    quick test; the referee's rules decide what counts)."""
    st = turn.state
    here = spot or st.balls.get(turn.cue)
    if here is None:
        return False
    r = turn.table.ball_radius
    others = {k: v for k, v in st.balls.items() if k != turn.cue}
    for t in turn.targets():
        tp = others.get(t)
        if tp is None:
            continue
        for ang in contact_angles(here, tp, r, (0.0, -0.9, 0.9)):
            d = math.dist(here, tp)
            end = (here[0] + d * math.cos(math.radians(ang)),
                   here[1] + d * math.sin(math.radians(ang)))
            if clear(here, end, others, r, t):
                return False
    return True


def escapes(turn: Turn, budget: Budget) -> list[Candidate]:
    """Strokes for when nothing aimed is legal: off one and two cushions to the nearest
    balls on (mirror-image aims, a fan of offsets, speeds and side checked by the
    simulator), then a direct fan all round as a last resort."""
    st = turn.state
    cue = turn.cue
    spot = st.balls.get(cue)
    placed = None
    if spot is None or st.in_hand is not None:
        spots = in_hand_spots(turn.table, st.in_hand or "table", st.balls, cue,
                              turn.targets(), 1)
        if not spots:
            return []
        spot = placed = spots[0]
    kind = "escape" if snookered(turn, spot) else "safety"
    breaking = bool(getattr(st, "breaking", False))
    r = turn.table.ball_radius
    others = {k: v for k, v in st.balls.items() if k != cue}
    targets = [t for t in turn.targets() if t in others]
    near = sorted(targets, key=lambda t: math.dist(others[t], spot))[: budget.escape_targets]
    cushions = _cushion_lines(turn.table)
    aims: list[tuple[float, str, float]] = []  # (path length, target, angle)
    for t in near:
        tp = others[t]
        for c1 in cushions:
            m = _mirror(tp, c1)
            b = _bounce(spot, m, c1)
            if b is None:
                continue
            if clear(spot, b, others, r) and clear(b, tp, others, r, t):
                ang = math.degrees(math.atan2(m[1] - spot[1], m[0] - spot[0]))
                aims.append((math.dist(spot, m), t, ang))
            for c2 in cushions:
                if c2[0] == c1[0]:
                    continue
                m2 = _mirror(m, c2)  # off c2 first, then c1
                b2 = _bounce(spot, m2, c2)
                if b2 is not None and clear(spot, b2, others, r):
                    ang = math.degrees(math.atan2(m2[1] - spot[1], m2[0] - spot[0]))
                    aims.append((math.dist(spot, m2) + 300.0, t, ang))
    aims.sort()
    groups: list[list[Candidate]] = []
    for _, t, ang in aims:
        nominate, call = _declare(turn, t, None, breaking)
        groups.append([Candidate(Stroke(ang + off, sp, sd, 0.0, cue_ball=cue), placed,
                                 nominate, call, False, kind, t)
                       for sp in budget.escape_speeds for off in budget.escape_offsets
                       for sd in budget.escape_sides])
    fan: list[Candidate] = []
    target = near[0] if near else None
    nominate, call = _declare(turn, target, None, breaking)
    n = int(360 / budget.escape_step)
    for k in range(n):
        for sp in (2.0, 3.5):
            fan.append(Candidate(Stroke(k * budget.escape_step, sp, cue_ball=cue), placed,
                                 nominate, call, False, kind, target))
    return interleave(groups) + fan


def jump_escapes(turn: Turn, budget: Budget) -> list[Candidate]:
    """Pool only: legal jumps over the ball in the way of each of the nearest balls on
    (:mod:`cuesport.bots.jumps`), tried before the cushion escapes; none in snooker, where a
    jump shot is a foul (SNK-2.19), and none with the cue ball in hand."""
    st = turn.state
    cue = turn.cue
    spot = st.balls.get(cue)
    if (not budget.jumps or not jumps_allowed(turn.discipline) or spot is None
            or st.in_hand is not None):
        return []
    breaking = bool(getattr(st, "breaking", False))
    targets = [t for t in turn.targets() if t in st.balls and t != cue]
    near = sorted(targets, key=lambda t: math.dist(st.balls[t], spot))[: budget.escape_targets]
    groups = []
    for t in near:
        nominate, call = _declare(turn, t, None, breaking)
        groups.append([Candidate(s, None, nominate, call, False, "escape", t)
                       for s in jump_strokes(turn.table, spot, t, st.balls, cue)])
    return interleave(groups)


# ---------------------------------------------------------------- search


THIRD = 0.5  # worth of the position after the second stroke, relative to the second


def _ruled(turn: Turn, phys: PhysShot, cand: Candidate) -> tuple[Outcome, FrameState] | None:
    try:
        action = parse_action(shot_action(turn.player, phys, cand))
        return turn.referee.shot(turn.state, action.shot)  # type: ignore[union-attr]
    except Exception:  # a record the referee refuses, or a referee bug: no plan from it
        return None


def _kept_after(turn: Turn, cand: Candidate, budget: Budget, sims: Sims) -> Turn | None:
    """The player's next turn after the noise-free ``cand``, when it keeps the table (a
    legal stroke, the same player to play, no option, the cue ball on the table) and the
    budget pays for the simulation; else None. The start of the second looks."""
    if budget.deep_lines <= 0 or not sims.take(1):
        return None
    try:
        phys = sims.run(turn.table, position_of(turn, cand), cand.stroke)
    except ValueError:
        return None
    if phys is None:
        return None
    ruled = _ruled(turn, phys, cand)
    if ruled is None:
        return None
    outcome, new = ruled
    if not (outcome.legal and not new.frame_over and new.to_play == turn.player
            and not new.options and new.in_hand is None):
        return None
    nxt = replace(turn, state=new)
    return nxt if nxt.cue in new.balls else None


def _next_pots(nxt: Turn, pos: Mapping[str, Vec], line: PotLine, budget: Budget, sims: Sims
               ) -> Iterator[tuple[PhysShot, Outcome, FrameState]]:
    """The second stroke on ``line`` from ``pos``, with each of the budget's variants
    (speed factor, height) while the budget pays: each simulated stroke and its ruling."""
    table, cue = nxt.table, nxt.cue
    s0 = pot_speed(table, line)
    nominate, call = _declare(nxt, line.target, line.pocket, False)
    for k, h in budget.deep_variants:
        if not sims.take(1):
            return
        c2 = Candidate(Stroke(line.angle, min(s0 * k, 9.0), 0.0, h, cue_ball=cue), None,
                       nominate, call, False, "pot", line.target)
        try:
            phys2 = sims.run(table, pos, c2.stroke)
        except ValueError:
            continue
        if phys2 is None:
            continue
        after = _ruled(nxt, phys2, c2)
        if after is not None:
            yield phys2, after[0], after[1]


def second_look(turn: Turn, cand: Candidate, budget: Budget, sims: Sims,
                noise: StrokeNoise | None = None) -> float:
    """How much better the position left by ``cand`` is than the geometric look says,
    from the second stroke simulated (the approach of PickPocket and CueCard: search over
    shot sequences). For the position the noise-free stroke leaves, the next pot's best
    lines are simulated with a few speeds and spins; each is worth its ease times the ball
    and the table kept, plus a share of the best pot the cue ball then has (the third
    ball). The answer replaces the geometric look of the position (0 when the stroke does
    not keep the table, or when the budget runs out). In 14.1, for a pot that brings the
    re-rack, the break shot is simulated under ``noise`` instead (:func:`break_look`), and
    with three balls left, for the best second stroke (the re-racking pot) too."""
    me = turn.player
    nxt = _kept_after(turn, cand, budget, sims)
    if nxt is None:
        return 0.0
    new, cue = nxt.state, nxt.cue
    if (disciplines.find(turn.discipline).bots.break_ball
            and straight.closed(turn.table, new.balls, cue)):
        # 14.1 at a re-rack: for the pot of the 14th ball, the break shot under the noise
        # (a few strokes, a few samples: a pot into a full pack costs many events); else
        # by its geometry (a double pot from three balls: its samples may not re-rack)
        got = (break_look(nxt, budget, sims, noise)
               if noise is not None and straight.reracks(turn.state.balls, turn.cue) else None)
        return 0.0 if got is None else got - prospects(turn, new, me)
    unit = _unit(turn)
    table = turn.table
    pos = playable(table, new.balls)
    lines = sorted(pot_lines(table, new.balls, cue, pos[cue], nxt.targets())[:12],
                   key=lambda ln: -_chance(turn.discipline, ln.ease) * (
                       ball_value(turn.discipline, ln.target) + unit))
    best: float | None = None
    # 14.1, three balls left: the best second stroke re-racks; its break ball is then
    # valued by the break shot simulated (break_look), not by the geometric look
    rerack: tuple[float, float, FrameState] | None = None
    ahead = (noise is not None and disciplines.find(turn.discipline).bots.break_ball
             and straight.reracks(new.balls, cue))
    for line in lines[: budget.deep_lines]:
        p = _chance(turn.discipline, line.ease)
        worth = p * (ball_value(turn.discipline, line.target) + unit)
        for phys2, out2, new2 in _next_pots(nxt, pos, line, budget, sims):
            if not out2.legal or line.target not in phys2.pocketed:
                continue
            if new2.frame_over:
                third = (1.0 + unit) * (1.0 + SECOND) if new2.winner == me else 0.0
            elif new2.to_play == me and not new2.options:
                third = prospects(nxt, new2, me)
            else:
                third = 0.0
            w = worth + p * THIRD * third
            if best is None or w > best:
                best = w
                rerack = (worth, p, new2) if ahead and not new2.frame_over and (
                    new2.to_play == me and not new2.options) else None
    if best is None:
        return 0.0 if not lines else -prospects(turn, new, me)
    if rerack is not None and noise is not None and straight.closed(table, rerack[2].balls,
                                                                    cue):
        worth, p, new2 = rerack
        got = break_look(replace(nxt, state=new2), budget, sims, noise)
        if got is not None:
            best = worth + p * THIRD * got
    return best - prospects(turn, new, me)


def pool_look(turn: Turn, cand: Candidate, budget: Budget, sims: Sims) -> float | None:
    """Pool position play (:mod:`cuesport.bots.pool`, ``pool.SECOND_LOOK``): how much the
    rack's win chance of the position ``cand`` leaves is better than its geometric look
    (:func:`pool.run_chance`), from the next pot simulated. For the position the noise-free
    stroke leaves, the next ball's easiest lines are played with the second-stroke variants;
    a variant that pots is worth the pot's calibrated chance times the win chance of the
    position after it (a rack won by it: 1), and the miss the chance of a run that stops
    (``pool.REST``). The best variant's chance replaces the look; the answer is on the
    rack's scale, for every noisy sample that keeps the table; None when the stroke does
    not keep it, or when no second stroke potted (nothing learnt)."""
    me = turn.player
    nxt = _kept_after(turn, cand, budget, sims)
    if nxt is None:
        return None
    new, cue, table = nxt.state, nxt.cue, turn.table
    pos = playable(table, new.balls)
    p1 = pool.run_chance(turn, new, me)
    best: float | None = None
    for line in pot_lines(table, new.balls, cue, pos[cue], nxt.targets())[: budget.deep_lines]:
        q = pool.pot_chance(line.ease)
        for phys2, out2, new2 in _next_pots(nxt, pos, line, budget, sims):
            if not out2.legal or line.target not in phys2.pocketed:
                continue
            if new2.frame_over:
                a = 1.0 if new2.winner == me else 0.0
            elif new2.to_play == me and not new2.options:
                a = pool.run_chance(nxt, new2, me)
            else:
                continue  # the table handed over by a pot: not a line of play
            p2 = q * a + (1.0 - q) * pool.REST
            best = p2 if best is None else max(best, p2)
    return None if best is None else 2.0 * pool.RACK * (best - p1)


def pool_looks(turn: Turn, kept: Sequence[tuple[float, Candidate]], budget: Budget,
               sims: Sims) -> dict[int, float]:
    """:func:`pool_look` for every kept pot, less their mean, by ``id`` of the candidate.
    The look after a simulated next pot runs lower than the geometric one (the next pot's
    calibrated chance, 0.5 to 0.97, stands where the look counts :data:`pool.PER_BALL`),
    so uncentred it made every pot look worse than a safety, which has none; centred, it
    only ranks the pots by the position they leave (a pot with nothing learnt: 0)."""
    got = {id(c): pool_look(turn, c, budget, sims) for _, c in kept if c.kind == "pot"}
    known = [v for v in got.values() if v is not None]
    if not known:
        return {}
    m = statistics.fmean(known)
    return {k: v - m for k, v in got.items() if v is not None}


BREAK_LOOK_SHOTS = 8  # 14.1: break shots simulated (one noisy sample each) per re-racking
BREAK_LOOK_BEST = 2  # pot (break_look), the mean of the best this many is the answer


def break_look(turn: Turn, budget: Budget, sims: Sims, noise: StrokeNoise,
               shots: int = BREAK_LOOK_SHOTS) -> float | None:
    """14.1, the pot of the 14th ball (P141-4.8): what the break ball it leaves is worth,
    from the break shot simulated. The first strokes of :func:`straight.break_shots` (the
    pot lines whose cue ball runs into the pack, each with several paces and spins) are
    simulated once each under the noise and valued like any stroke at a closed pack
    (:func:`value`, the position left weighed by :func:`straight.look_weight`); the mean
    of the best :data:`BREAK_LOOK_BEST` is the answer (the break shot played is the best
    of many, a single sample's luck is not). The geometric break factor says only whether
    the cue ball's path meets the pack, not whether the balls spread and leave a shot, nor
    whether the firm pot drops. The noise comes from a generator seeded by the position
    (deterministic; the bot's own stream is left as it was). None when no break shot
    opens the pack, the cue ball is in hand, or the budget runs out before any is
    simulated."""
    st = turn.state
    cue = turn.cue
    table = turn.table
    if cue not in st.balls or st.in_hand is not None:
        return None  # the cue ball in hand after the re-rack (it lay in the rack's way)
    pos = playable(table, st.balls)
    lines = pot_lines(table, st.balls, cue, pos[cue], turn.targets())
    tries = interleave([[Candidate(Stroke(ln.angle, sp, 0.0, h, cue_ball=cue), None,
                                   *_declare(turn, ln.target, ln.pocket, False), False,
                                   "pot", ln.target) for ln, sp, h in group]
                        for group in straight.break_shots(table, pos, cue, lines)])
    rng = random.Random(repr(sorted(st.balls.items())))
    vals: list[float] = []
    for c in tries[:shots]:
        stroke = noise.apply(c.stroke, rng)
        if not sims.take(1):
            break
        try:
            phys = sims.run(table, pos, stroke)
        except ValueError:
            continue
        if phys is not None:  # a break that ran past the events left says nothing
            vals.append(judge(turn, phys, c, budget.look))
    top = sorted(vals, reverse=True)[:BREAK_LOOK_BEST]
    return sum(top) / len(top) if top else None


def _own_break(turn: Turn, phys: PhysShot, cand: Candidate, budget: Budget, sims: Sims,
               noise: StrokeNoise) -> float:
    """14.1: for one noisy sample of the pot that re-racks, how much its own break shots
    (:func:`break_look`, :data:`straight.SAMPLE_BREAK_SHOTS` of them) are worth above the
    geometric look of the position it leaves; 0 where none opens the pack (the geometric
    look, which weighs a ball that cannot open it low, stands)."""
    ruled = _ruled(turn, phys, cand)
    if ruled is None:
        return 0.0
    _, new = ruled
    if new.in_hand is not None or turn.cue not in new.balls or not straight.closed(
            turn.table, new.balls, turn.cue):
        return 0.0
    got = break_look(replace(turn, state=new), budget, sims, noise,
                     straight.SAMPLE_BREAK_SHOTS)
    return 0.0 if got is None else got - prospects(turn, new, turn.player)


@dataclass(frozen=True, slots=True)
class Considered:
    """A candidate of the noisy stage, as the search saw it: its noise-free value, the
    second stroke's correction of its look, its noisy samples and their valued mean, and
    the mean after the race of the best few (None when it was not raced)."""

    candidate: Candidate
    value0: float
    look: float
    samples: int
    mean: float
    raced: float | None = None


@dataclass(frozen=True, slots=True)
class Choice:
    candidate: Candidate
    value: float
    simulations: int
    events: int = 0  # physics events simulated for the decision
    # the noisy stage, in the order it ran (what bench/decisions.py prints)
    considered: tuple[Considered, ...] = ()


def best_stroke(turn: Turn, budget: Budget, noise: StrokeNoise) -> Choice:
    """Screen the candidates noise-free, re-simulate the best few under the level's noise
    and play the best average. Deterministic: the work is a count of simulations and
    the noise comes from ``turn.rng``."""
    if disciplines.find(turn.discipline).bots.position_play and budget.lines >= 6:
        # position play: the wider search (strong, pro); 1-red's cheap strokes, wider still
        budget = (one_red.widen(budget, snooker.widen) if ONE_RED_WIDE
                  and disciplines.find(turn.discipline).bots.cannons_score
                  else snooker.widen(budget))
    if (plans_breaks(turn, budget) and disciplines.find(turn.discipline).bots.break_share > 0
            and _pot_on(turn)):
        # the table worth the break it keeps (_unit), where a pot is on; not the opening
        # stroke nor an escape (valued so, the break-off left the cue ball up the table,
        # and escapes fouled twice as often: bench/bots-results.md, botsnk4)
        turn = replace(turn, breaks=True)
    noisy = budget.samples > 0 and budget.keep > 1
    breaking = bool(getattr(turn.state, "breaking", False)) or snooker_break_off(turn)
    if disciplines.find(turn.discipline).bots.break_ball and not breaking:
        # 14.1 at the re-rack: more work, once a rack (straight.rerack_work)
        f = straight.rerack_work(turn.table, turn.state.balls, turn.cue)
        if f != 1.0:
            budget = replace(budget, simulations=round(budget.simulations * f),
                             events=round(budget.events * f))
    # pool position play (bots/pool.py): a wider noisy stage, valued by its samples alone
    pool_plan = pool.plans(turn, budget) and not breaking
    race = disciplines.find(turn.discipline).bots.race if pool_plan else 0
    prior = pool_plan and pool.POT_PRIOR > 0  # pool.POT_PRIOR: a pot's rate shrunk to its ease
    if pool_plan:
        budget = pool.widened(budget, race)
        turn = replace(turn, racks=True)
    # a break shot moves a full rack (slow to simulate): a smaller budget
    sims = Sims(min(budget.simulations, budget.break_simulations) if breaking
                else budget.simulations, budget.events)
    # the referee's position-only questions answered once a decision, its costly free-ball
    # test from the D charged to the budget (bots/memo.py)
    turn = replace(turn, referee=memo.for_decision(turn.referee, sims))
    keep = min(budget.keep, 2) if breaking else budget.keep
    if (pool.plans(turn, budget) and bool(getattr(turn.state, "breaking", False))
            and turn.state.in_hand is not None and noisy):
        return _pool_break(replace(turn, racks=True), budget, noise)
    deep = 0 if breaking or (pool_plan and not pool.SECOND_LOOK) or budget.deep_lines <= 0 else (
        1 + budget.deep_lines * len(budget.deep_variants))
    windows = noisy and budget.window and not breaking and noise.angle > 0
    if windows:  # the windows' simulations on top of the level's (bots/window.py)
        sims.left += keep * WINDOW_SIMS
    reserve = (keep * (budget.samples + deep + (WINDOW_SIMS if windows else 0))
               + race * pool.RACE_SAMPLES if noisy else 0)
    cands = candidates(turn, budget, sims)
    # the noise-free stage leaves the noisy one its reserve and half as much again for
    # escapes (pool position play: a fixed share, its noisy stage is wide)
    spare = pool.ESCAPE_RESERVE if pool_plan else reserve // 2 if not breaking else 0
    scored = _score(turn, cands, budget.look, sims, reserve + spare)
    if not breaking and (
            not scored or scored[0][0] <= -WIN + 1
            or (all(v < (pool.HOPELESS if pool_plan else -1.0) for v, _ in scored)
                and budget.escape_targets > 0)):
        more = _score(turn, jump_escapes(turn, budget) + escapes(turn, budget), budget.look,
                      sims, reserve)
        scored = sorted(scored + more, key=lambda s: -s[0])
    if not scored:
        st = turn.state
        raise RuntimeError(
            f"no stroke could be generated ({turn.discipline}, in hand {st.in_hand}, "
            f"{len(cands)} candidates, balls {dict(st.balls)})")
    if not noisy:
        v, c = scored[0]
        return Choice(c, v, sims.used, sims.events)
    best: tuple[float, Candidate] | None = None
    plan = plans_breaks(turn, budget)
    # 14.1 at a closed pack (bots/straight.py): where a break shot leaves the balls is
    # chaotic, so each noisy sample is valued by its own look alone; the noise-free
    # result (the best of many screened) and the second stroke simulated from it would
    # lend every sample that one position's luck
    chaotic = (disciplines.find(turn.discipline).bots.break_ball
               and bool(straight.closed(turn.table, turn.state.balls, turn.cue)))
    if plan and snooker.CHANCE_ORDER:  # the noisy stage's places by each pot's chance
        scored = snooker.by_chance(scored, lambda c: _ease_of(turn, c), _unit(turn))
    kept = (snooker.diverse(scored, keep, lambda c: c.target) if plan
            else pool.spread(scored, keep, pool.stroke_key) if pool_plan else scored[:keep])
    # 14.1, the pot that re-racks: the break ball and the cue ball's place on it differ
    # from sample to sample (a long cue-ball run, its length as uncertain as the pace), so
    # each sample that keeps the table is valued by its own break shots
    # (straight.SAMPLE_BREAK_SHOTS), not by those of the noise-free result
    per_sample = (deep > 0 and straight.SAMPLE_BREAK_SHOTS > 0 and budget.look
                  and disciplines.find(turn.discipline).bots.break_ball
                  and straight.reracks(turn.state.balls, turn.cue))

    keeps: dict[int, list[bool]] = {}  # each candidate's samples: the table kept?
    # each windowed pot's window, and per sample: potted, angle off the middle aim
    wins: dict[int, window.Window] = {}
    strata: dict[int, list[tuple[bool, float]]] = {}
    missed: dict[int, float | None] = {}  # a windowed pot's miss valued, once

    def sample(c: Candidate, corr: float, n: int, seed: int) -> list[float]:
        vals: list[float] = []
        pos = position_of(turn, c)
        own = per_sample and c.kind == "pot"
        for stroke in noisy_strokes(c.stroke, noise, n, seed):
            # one at a time: the event budget may run out within a candidate's samples
            if not sims.take(1, straight.SAMPLE_BREAK_SHOTS if own else 0):
                break
            shot = sims.run(turn.table, pos, stroke)
            if shot is None:
                continue
            j = judged(turn, shot, c, budget.look)
            if prior:
                keeps.setdefault(id(c), []).append(j.keeps or j.value >= pool.RACK)  # a win
            if id(c) in wins:
                strata.setdefault(id(c), []).append(
                    (_pots_clean(shot, c), stroke.angle - c.stroke.angle))
            if own and j.keeps:
                vals.append(j.value + _own_break(turn, shot, c, budget, sims, noise))
                continue
            vals.append(j.value + (corr if j.keeps else 0.0))
        return vals

    def windowed(c: Candidate, v_pot: float, vals: list[float], mean: float,
                 caution: float) -> float:
        # a windowed pot: its potted and missed samples mixed by the window's chance
        w = wins.get(id(c))
        if w is None:
            return mean
        def miss() -> float | None:
            if id(c) not in missed:
                missed[id(c)] = _miss_value(turn, c, w, budget, sims)
            return missed[id(c)]

        got = window.mixed(w, [(v, ok, off) for v, (ok, off) in zip(vals, strata[id(c)],
                                                                  strict=True)],
                           v_pot, miss)
        return mean if got is None else got[0] - caution * got[1]

    raced: list[tuple[float, Candidate, float, float, list[float]]] = []
    seen: dict[int, Considered] = {}  # the noisy stage's record, by the candidate's id
    # pool: the kept pots' second strokes first, as they are compared with each other
    looks = pool_looks(turn, kept, budget, sims) if pool_plan and deep else {}
    for v0, c in kept:
        seed = turn.rng.randrange(1 << 30)
        n = sims.affordable(budget.samples)
        if n <= 0 and best is not None:
            break
        # position play: the second stroke simulated corrects the look of every sample
        # that keeps the table (a miss leaves the table to the opponent, valued as before)
        corr = (0.0 if not deep or c.kind != "pot" or chaotic or per_sample
                else looks.get(id(c), 0.0) if pool_plan
                else second_look(turn, c, budget, sims, noise))
        if windows and c.kind == "pot" and c.target is not None:
            w = window.find(_pots_at(turn, c, sims), noise.angle)
            if w is not None:
                c = replace(c, stroke=replace(c.stroke, angle=c.stroke.angle + w.shift))
                wins[id(c)] = w
                strata[id(c)] = []
                # an id may be a freed candidate's again: its cached miss is not this one's
                missed.pop(id(c), None)
        vals = sample(c, corr, n, seed)
        mean = (pool.noisy_mean(v0 + corr, vals) if pool_plan
                else (v0 + corr + sum(vals)) / (1 + len(vals)))
        if (chaotic or (per_sample and c.kind == "pot")) and vals:
            mean = sum(vals) / len(vals)
        if plan:
            mean = snooker.cautious(mean, vals)
        caution = snooker.CAUTION if plan else pool.CAUTION if pool_plan else 0.0
        mean = windowed(c, v0 + corr, vals, mean, caution)
        seen[id(c)] = Considered(c, v0, corr, len(vals), mean)
        if plan or race or prior:
            raced.append((mean, c, v0, corr, vals))
        if best is None or mean > best[0]:
            best = (mean, c)
    if prior and raced:
        best = _prior_best(turn, raced, keeps) or best
    if plan and len(raced) > 1:
        # break-building: the few best means get more samples, and the best of them by
        # all its samples is played (the best of many 8-sample means is the luckiest)
        raced.sort(key=lambda r: -r[0])
        final: tuple[float, Candidate] | None = None
        for _, c, v0, corr, vals in raced[:snooker.RACE]:
            n = sims.affordable(snooker.RACE_SAMPLES)
            extra = sample(c, corr, n, turn.rng.randrange(1 << 30)) if n > 0 else []
            allv = vals + extra
            mean = snooker.cautious((v0 + corr + sum(allv)) / (1 + len(allv)), allv)
            mean = windowed(c, v0 + corr, allv, mean, snooker.CAUTION)
            seen[id(c)] = replace(seen[id(c)], samples=len(allv), raced=mean)
            if final is None or mean > final[0]:
                final = (mean, c)
        best = final or best
    elif race and len(raced) > 1 and not prior:
        # pool (BotHints.race): the best means sampled again; a pot that potted in all of
        # its 12 samples by luck no longer ties a sure one (bench/bots-results.md, bot8c)
        raced.sort(key=lambda r: -r[0])
        final = None
        for _, c, v0, corr, vals in raced[:race]:
            n = sims.affordable(pool.RACE_SAMPLES)
            extra = sample(c, corr, n, turn.rng.randrange(1 << 30)) if n > 0 else []
            mean = pool.noisy_mean(v0 + corr, vals + extra)
            mean = windowed(c, v0 + corr, vals + extra, mean, pool.CAUTION)
            seen[id(c)] = replace(seen[id(c)], samples=len(vals) + len(extra), raced=mean)
            if final is None or mean > final[0]:
                final = (mean, c)
        best = final or best
    assert best is not None
    return Choice(best[1], best[0], sims.used, sims.events, tuple(seen.values()))


WINDOW_SIMS = 2 * (len(window.SCAN) + window.HALVINGS) + 1  # a window, and a miss valued


def _pots_clean(shot: PhysShot, c: Candidate) -> bool:
    """Whether a simulated pot sank its target and not the cue ball."""
    pots = {e["pot"] for e in shot.events if "pot" in e}
    return c.target in pots and c.stroke.cue_ball not in pots


def _shot_at(turn: Turn, pos: Mapping[str, Vec], c: Candidate, offset: float, sims: Sims
             ) -> PhysShot | None:
    """``c`` aimed ``offset`` degrees off from ``pos`` (its :func:`position_of`), simulated
    noise-free and paid from ``sims`` (None: the budget is spent or the simulator refused)."""
    if not sims.take(1):
        return None
    try:
        return sims.run(turn.table, pos, replace(c.stroke, angle=c.stroke.angle + offset))
    except ValueError:
        return None


def _pots_at(turn: Turn, c: Candidate, sims: Sims) -> Callable[[float], bool | None]:
    """``pots(offset)``: whether ``c`` aimed ``offset`` degrees off pots, noise-free (None:
    the budget is spent), for :func:`window.find`."""
    pos = position_of(turn, c)

    def pots(offset: float) -> bool | None:
        shot = _shot_at(turn, pos, c, offset, sims)
        return None if shot is None else _pots_clean(shot, c)

    return pots


def _miss_value(turn: Turn, c: Candidate, w: window.Window, budget: Budget, sims: Sims
                ) -> float | None:
    """What a windowed pot's miss is worth when none of its samples missed: the stroke
    aimed just outside the window, noise-free (None: the budget is spent)."""
    shot = _shot_at(turn, position_of(turn, c), c, w.half + 0.5 * w.sigma, sims)
    return None if shot is None else judged(turn, shot, c, budget.look).value


def _prior_best(turn: Turn, raced: list[tuple[float, Candidate, float, float, list[float]]],
                keeps: dict[int, list[bool]]) -> tuple[float, Candidate] | None:
    """The noisy stage's best with each pot's rate shrunk to the prior for its ease
    (``pool.POT_PRIOR``); a pot whose samples all potted is missed at the decision's
    mean miss, other strokes keep their noisy means."""
    lost = [v for _, c, _, _, vals in raced if c.kind == "pot"
            for v, k in zip(vals, keeps.get(id(c), []), strict=False) if not k]
    miss = statistics.fmean(lost) if lost else None
    best: tuple[float, Candidate] | None = None
    for mean, c, _, _, vals in raced:
        ks = keeps.get(id(c), [])
        ease = _ease_of(turn, c) if c.kind == "pot" and len(ks) == len(vals) else None
        got = pool.prior_mean(ks, vals, ease, miss) if ease is not None else None
        m = mean if got is None else got
        if best is None or m > best[0]:
            best = (m, c)
    return best


def _ease_of(turn: Turn, c: Candidate) -> float | None:
    """The ghost-ball ease of the pot line nearest a pot candidate's aim (None: not a pot)."""
    if c.kind != "pot" or c.target is None:
        return None
    pos = position_of(turn, c)
    cue = c.stroke.cue_ball
    lines = pot_lines(turn.table, pos, cue, pos[cue], [c.target]) if cue in pos else []
    if not lines:
        return 0.0
    a = c.stroke.angle
    return min(lines, key=lambda ln: abs((ln.angle - a + 180.0) % 360.0 - 180.0)).ease


def _pool_break(turn: Turn, budget: Budget, noise: StrokeNoise) -> Choice:
    """The power break of pool position play (:func:`pool.choose_break`): candidates
    ranked by noisy simulations alone, valued on the rack's scale."""
    sims = Sims(max(budget.break_simulations, pool.BREAK_SIMULATIONS), budget.events)
    cands = candidates(turn, budget, sims)
    rng = random.Random(turn.rng.randrange(1 << 30))

    def sample(c: Candidate, n: int) -> list[float]:
        pos = position_of(turn, c)
        out = []
        for stroke in noisy_strokes(c.stroke, noise, n, rng):
            if not sims.take(1):
                break
            shot = sims.run(turn.table, pos, stroke)
            if shot is not None:
                out.append(judged(turn, shot, c, budget.look).value)
        return out

    got = pool.choose_break(cands, sample)
    if got is None:
        raise RuntimeError(f"no break could be simulated ({turn.discipline})")
    return Choice(got[0], got[1], sims.used, sims.events)


def _score(turn: Turn, cands: list[Candidate], look: bool, sims: Sims, reserve: int
           ) -> list[tuple[float, Candidate]]:
    """Noise-free values, best first, while the budget lasts (minus ``reserve``). Each
    candidate is relabelled by what its simulation does: a stroke that pots and keeps the
    table is a pot, whatever it was generated as; a "pot" that misses is a safety."""
    out: list[tuple[float, Candidate]] = []
    potted_on = set(turn.targets())
    for c in cands:
        if not sims.take(1, reserve):
            break
        try:
            phys = sims.run(turn.table, position_of(turn, c), c.stroke)
        except ValueError:
            continue
        if phys is None:
            continue
        if c.kind in ("escape", "safety") and c.nominate is not None:
            # the plan is the noise-free path: nominate the colour it reaches first
            first = next((e["hit"][1] for e in phys.events
                          if "hit" in e and e["hit"][0] == c.stroke.cue_ball), None)
            if first is not None and first != c.nominate and first in potted_on:
                c = replace(c, nominate=first, target=first)
        j = judged(turn, phys, c, look)
        pots = [e["pot"] for e in phys.events if "pot" in e]
        if j.keeps and c.kind in ("escape", "safety"):
            c = replace(c, kind="pot", target=next((b for b in pots if b in potted_on),
                                                  c.target))
        elif c.kind == "pot" and c.target not in pots and not (
                j.keeps and disciplines.find(turn.discipline).bots.cannons_score):
            # played for what it leaves, not to pot (a 1-red cannon scores without a pot)
            c = replace(c, kind="safety")
        out.append((j.value, c))
    out.sort(key=lambda s: -s[0])
    return out
