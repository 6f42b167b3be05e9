"""Candidate strokes, simulated with the physics and valued with the referee's pure ``shot``.

A candidate is a stroke plus what the player declares with it (cue-ball placement,
nomination, call, push-out). Each is simulated once without noise; the best few are
simulated again under the bot's noise, and the one with the best average value is played.
The value comes from the referee's ruling on the simulated shot (points, foul, who plays
next, frame over) plus a geometric look at the position left (:mod:`aim`), so the bot
knows no rules of its own beyond the few declarations.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from cuesport import disciplines
from cuesport.bots.aim import (
    Vec,
    ball_value,
    contact_angles,
    cue_ball_of,
    in_hand_spots,
    pot_lines,
    pot_speed,
    targets_for,
)
from cuesport.equipment import TableSpec, head_string_y
from cuesport.physics import Shot as PhysShot
from cuesport.physics import Stroke, StrokeNoise, noisy_strokes, simulate, simulate_batch
from cuesport.record import RecordError, parse_action
from cuesport.rules.base import FrameState, Referee

WIN = 1000.0


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
    """How hard a bot looks: pot lines, strokes per line, re-simulations under noise."""

    lines: int = 5
    speeds: tuple[float, ...] = (1.0, 1.5, 2.2)
    heights: tuple[float, ...] = (-0.4, 0.0, 0.4)
    safeties: int = 6
    keep: int = 4  # candidates re-simulated with noise
    samples: int = 4
    spots: int = 4  # in-hand placements tried
    escape_step: float = 5.0  # degrees between escape strokes when nothing else is legal
    look: bool = True  # value the position left
    refine: bool = True  # correct the ghost-ball aim for throw with two trial strokes
    seconds: float = 0.8  # thinking time; the search stops adding work after it


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
                pa = (ax - ux * gap / 2, ay - uy * gap / 2)
                pb = (bx + ux * gap / 2, by + uy * gap / 2)
                out[a] = clamp(pa) if a in cues else pa
                out[b] = clamp(pb) if b in cues else pb
                moved = True
        if not moved:
            break
    return out


def prospects(turn: Turn, state: FrameState, who: int) -> float:
    """Expected worth of the next visit for ``who`` from ``state`` (0 when nothing is on)."""
    if state.in_hand == "table":
        return 0.85 * _unit(turn.discipline)
    cue = cue_ball_of(turn.discipline, who)
    cpos = state.balls.get(cue)
    if cpos is None or state.in_hand is not None:
        return 0.45 * _unit(turn.discipline)
    targets = turn.targets(state, who)
    lines = pot_lines(turn.table, state.balls, cue, cpos, targets)
    best = 0.0
    for line in lines[:8]:
        best = max(best, line.ease * (ball_value(turn.discipline, line.target)
                                      + _unit(turn.discipline)))
    return best


def _unit(discipline: str) -> float:
    """What keeping the table is worth beyond the ball potted, in the value's units."""
    return disciplines.find(discipline).bots.table_worth


def value(turn: Turn, outcome: Any, new: FrameState, look: bool) -> float:
    me = turn.player
    if new.frame_over:
        return WIN if new.winner == me else -WIN
    pts = outcome.points[me] - outcome.points[1 - me]
    pts *= disciplines.find(turn.discipline).bots.points_weight
    v = float(pts)
    if new.to_play == me and not new.options and outcome.legal:
        v += _unit(turn.discipline) + (prospects(turn, new, me) if look else 0.0)
    else:
        if not outcome.legal:
            v -= 2.0
        if look:
            v -= prospects(turn, new, 1 - me)
    return v


def judge(turn: Turn, phys: PhysShot, cand: Candidate, look: bool = True) -> float:
    try:
        action = parse_action(shot_action(turn.player, phys, cand))
        outcome, new = turn.referee.shot(turn.state, action.shot)  # type: ignore[union-attr]
    except RecordError:
        return -WIN
    except Exception:  # a referee bug must not stop a game: treat the stroke as unplayable
        return -WIN
    return value(turn, outcome, new, look)


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


def candidates(turn: Turn, budget: Budget, deadline: float = math.inf) -> list[Candidate]:
    st = turn.state
    cue = turn.cue
    table = turn.table
    breaking = bool(getattr(st, "breaking", False))
    targets = turn.targets()
    safe_break = disciplines.find(turn.discipline).bots.safe_break
    if breaking and safe_break and st.in_hand is not None:
        return _safe_break(turn)
    if st.in_hand is not None:
        if breaking:
            hy = head_string_y(table) - 10.0
            spots = [(table.width * f, hy) for f in (0.5, 0.3, 0.7)]
        else:
            spots = in_hand_spots(table, st.in_hand, st.balls, cue, targets, budget.spots)
    else:
        spots = [st.balls[cue]] if cue in st.balls else []
    out: list[Candidate] = []
    r = table.ball_radius
    for spot in spots:
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
                    out.append(Candidate(Stroke(base + da, sp, 0.0, -0.1, cue_ball=cue),
                                         placed, None, None, False, "break", front))
            continue
        for line in pot_lines(table, pos, cue, spot, targets)[: budget.lines]:
            s0 = pot_speed(table, line)
            nominate, call = _declare(turn, line.target, line.pocket, breaking)
            # refining costs two recorded simulations: only while half the time is left
            late = time.perf_counter() > deadline - 0.5 * budget.seconds
            angle = refine(table, playable(table, pos), cue, line, s0) \
                if budget.refine and not late else line.angle
            for k in budget.speeds:
                for h in budget.heights:
                    out.append(Candidate(Stroke(angle, min(s0 * k, 9.0), 0.0, h,
                                                cue_ball=cue),
                                         placed, nominate, call, False, "pot", line.target))
        near = sorted((b for b in targets if b in pos), key=lambda b: math.dist(pos[b], spot))
        for b in near[: max(1, budget.safeties // 3)]:
            nominate, call = _declare(turn, b, None, breaking)
            fr = (-0.85, 0.0, 0.85) if budget.safeties >= 6 else (-0.5, 0.0, 0.5)
            for ang in contact_angles(spot, pos[b], r, fr):
                for sp in (0.45, 0.9, 1.8) if budget.safeties >= 3 else (0.6, 2.0):
                    out.append(Candidate(Stroke(ang, sp, 0.0, 0.0, cue_ball=cue), placed,
                                         nominate, call, False, "safety", b))
    if bool(getattr(st, "push_out", False)) and spots:
        spot = spots[0]
        for ang in (30.0, 120.0, 210.0, 300.0):
            out.append(Candidate(Stroke(ang, 0.8, cue_ball=cue),
                                 spot if st.in_hand is not None else None, None,
                                 None, True, "push", None))
    return out


def _departure(table: TableSpec, pos: Mapping[str, Vec], stroke: Stroke, target: str
               ) -> float | None:
    try:
        sim = simulate(table, pos, stroke, record=True)
    except ValueError:
        return None
    for seg in sim.trajectories.get(target, ()):
        if math.hypot(seg.v0[0], seg.v0[1]) > 1e-6:
            return math.atan2(seg.v0[1], seg.v0[0])
    return None


def refine(table: TableSpec, pos: Mapping[str, Vec], cue: str, line: Any, speed: float
           ) -> float:
    """One secant step on the aim so that the object ball leaves toward the pocket
    (the ghost-ball line ignores throw); the ghost-ball angle when that fails."""
    tp = pos[line.target]
    want = math.atan2(line.aim[1] - tp[1], line.aim[0] - tp[0])

    def err(angle: float) -> float | None:
        d = _departure(table, pos, Stroke(angle, speed, cue_ball=cue), line.target)
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


def escapes(turn: Turn, budget: Budget) -> list[Candidate]:
    """A fan of strokes all round, for when nothing aimed is legal (snookers, kicks)."""
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
    breaking = bool(getattr(st, "breaking", False))
    out = []
    n = int(360 / budget.escape_step)
    targets = turn.targets()
    for k in range(n):
        ang = k * budget.escape_step
        target = targets[0] if targets else None
        nominate, call = _declare(turn, target, None, breaking)
        for sp in (2.0, 3.5):
            out.append(Candidate(Stroke(ang, sp, cue_ball=cue), placed, nominate, call,
                                 False, "escape", target))
    return out


# ---------------------------------------------------------------- search


@dataclass(frozen=True, slots=True)
class Choice:
    candidate: Candidate
    value: float
    simulations: int


def best_stroke(turn: Turn, budget: Budget, noise: StrokeNoise) -> Choice:
    deadline = time.perf_counter() + budget.seconds
    cands = candidates(turn, budget, deadline)
    scored = _score(turn, cands, budget.look, deadline)
    sims = len(scored)
    # a break shot moves a full rack (slow to simulate): no escapes, fewer re-simulations
    breaking = bool(getattr(turn.state, "breaking", False))
    keep = min(budget.keep, 2) if breaking else budget.keep
    if not breaking and (not scored or scored[0][0] <= -WIN + 1 or (
            all(v < -1.0 for v, _ in scored) and budget.escape_step < 10)):
        extra = escapes(turn, budget)
        turn.rng.shuffle(extra)
        more = _score(turn, extra, budget.look, deadline + 0.1 * budget.seconds)
        sims += len(more)
        scored = sorted(scored + more, key=lambda s: -s[0])
    if not scored:
        st = turn.state
        raise RuntimeError(
            f"no stroke could be generated ({turn.discipline}, in hand {st.in_hand}, "
            f"{len(cands)} candidates, balls {dict(st.balls)})")
    if budget.samples <= 0 or budget.keep <= 1:
        v, c = scored[0]
        return Choice(c, v, sims)
    best: tuple[float, Candidate] | None = None
    for i, (v0, c) in enumerate(scored[:keep]):
        if i > 0 and time.perf_counter() > deadline:
            break
        seed = turn.rng.randrange(1 << 30)
        strokes = noisy_strokes(c.stroke, noise, budget.samples, seed)
        pos = position_of(turn, c)
        shots = simulate_batch(turn.table, pos, strokes)
        sims += len(shots)
        vals = [judge(turn, s, c, budget.look) for s in shots]
        mean = (v0 + sum(vals)) / (1 + len(vals))
        if best is None or mean > best[0]:
            best = (mean, c)
    assert best is not None
    return Choice(best[1], best[0], sims)


def _score(turn: Turn, cands: list[Candidate], look: bool, deadline: float
           ) -> list[tuple[float, Candidate]]:
    out: list[tuple[float, Candidate]] = []
    for c in cands:
        if len(out) >= 4 and time.perf_counter() > deadline:
            break
        try:
            phys = simulate(turn.table, position_of(turn, c), c.stroke, record=False)
        except ValueError:
            continue
        if c.kind == "escape" and c.nominate is not None:
            # the plan is the noise-free path: nominate the colour it reaches first
            first = next((e["hit"][1] for e in phys.events
                          if "hit" in e and e["hit"][0] == c.stroke.cue_ball), None)
            if first is not None and first != c.nominate and first in turn.targets():
                c = replace(c, nominate=first, target=first)
        out.append((judge(turn, phys, c, look), c))
    out.sort(key=lambda s: -s[0])
    return out
