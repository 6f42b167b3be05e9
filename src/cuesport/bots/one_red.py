"""Snooker 1-red planning: cannons and in-offs, the strokes that score as in billiards.

In 1-red (ONE-2.4.1) a stroke scores by potting an object ball, by going in-off one
(the cue ball into a pocket after hitting it) and by cannons (the cue ball hitting both
object balls). The ghost-ball pot lines of :mod:`aim` see only the pots; this module adds
the other two by the cue ball's path after contact. At a contact of cut angle θ the cue
ball leaves along the tangent line (the 90° rule of a stunned ball) and a rolling or
screwed ball bends from it: after the cloth's friction the velocity is about
``5/7 · tangent + 2/7 · k · forward`` (``k`` = 1 rolling, 0 stun, < 0 screw). The rays are
pure geometry; the simulator and the referee say what each stroke is worth.
A run of hazards is limited (ONE-2.9.2): the referee's ruling makes the sixteenth a foul,
so the search needs cannons among its candidates to keep a break going.
The look at a position (``search.prospects``) counts the in-offs and cannons it leaves
(:func:`look_aims`, solved for the stunned path). A search wider than snooker's
(:func:`widen`, behind ``search.ONE_RED_WIDE``, off) showed no gain for its cost.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from cuesport.bots.aim import Vec, clear, ease
from cuesport.equipment import TableSpec, pockets
from cuesport.physics import Shot as PhysShot
from cuesport.physics import Stroke
from cuesport.physics.shot import Segment

if TYPE_CHECKING:
    from cuesport.bots.search import Budget

# (k, cue height) pairs: a screwed, a stunned and a rolling cue ball
SPINS: tuple[tuple[float, float], ...] = ((0.0, -0.15), (1.0, 0.4), (-0.7, -0.55))
FRACTIONS = tuple(i / 20.0 for i in range(-19, 20) if i != 0)  # contact fullness, thin .. full


@dataclass(frozen=True, slots=True)
class Aim:
    """A stroke at ``first`` whose cue ball then runs to ``goal`` (a ball or a pocket)."""

    kind: str  # "cannon" or "in-off"
    first: str  # the object ball hit first
    goal: str  # the second object ball (cannon) or the pocket's name (in-off)
    angle: float  # degrees
    height: float  # cue height, fraction of R
    miss: float  # how far the geometric path passes from the goal, in ball radii (0 dead on)
    path: float  # mm: cue ball to contact plus contact to goal
    turn: float  # the cue ball's speed left after the contact, a fraction (sin of the cut)


def _unit(x: float, y: float) -> Vec:
    n = math.hypot(x, y)
    return (x / n, y / n) if n > 1e-12 else (0.0, 0.0)


def _ray_miss(p: Vec, d: Vec, q: Vec) -> tuple[float, float] | None:
    """(distance along the ray, perpendicular distance) of ``q`` from the ray p + s d."""
    s = (q[0] - p[0]) * d[0] + (q[1] - p[1]) * d[1]
    if s <= 0.0:
        return None
    return s, abs((q[0] - p[0]) * d[1] - (q[1] - p[1]) * d[0])


def aims(table: TableSpec, balls: Mapping[str, Vec], cue: str, cue_pos: Vec,
         objects: list[str], fractions: tuple[float, ...] = FRACTIONS,
         spins: tuple[tuple[float, float], ...] = SPINS) -> list[Aim]:
    """Cannons and in-offs from ``cue_pos``, best first (the smallest geometric miss,
    then the shortest path), over contact ``fractions`` and cue-ball ``spins``."""
    r = table.ball_radius
    others = {k: v for k, v in balls.items() if k != cue}
    mouths = [(p.name, p.mouth_centre) for p in pockets(table)]
    out: list[Aim] = []
    for first in objects:
        a = others.get(first)
        if a is None:
            continue
        dx, dy = a[0] - cue_pos[0], a[1] - cue_pos[1]
        dist = math.hypot(dx, dy)
        if dist <= 2 * r + 1.0:
            continue
        base = math.atan2(dy, dx)
        for f in fractions:
            off = f * 2 * r / dist
            if abs(off) >= 0.98:
                continue
            ang = base + math.asin(off)
            d = (math.cos(ang), math.sin(ang))
            s_proj = dx * d[0] + dy * d[1]
            b = f * 2 * r
            s = s_proj - math.sqrt(max(0.0, 4 * r * r - b * b))
            g = (cue_pos[0] + s * d[0], cue_pos[1] + s * d[1])  # the cue ball at contact
            if not clear(cue_pos, g, others, r, first):
                continue
            n = _unit(a[0] - g[0], a[1] - g[1])
            dn = d[0] * n[0] + d[1] * n[1]
            t = (d[0] - dn * n[0], d[1] - dn * n[1])  # tangent, length sin(cut)
            turn = math.hypot(*t)
            if turn < 0.15:
                continue  # nearly full: the cue ball stops or follows through the ball
            for k, height in spins:
                v = _unit(5 / 7 * t[0] + 2 / 7 * k * d[0], 5 / 7 * t[1] + 2 / 7 * k * d[1])
                for second in objects:
                    q = others.get(second)
                    if second == first or q is None:
                        continue
                    hit = _ray_miss(g, v, q)
                    if hit is None or hit[1] > 1.6 * r:
                        continue
                    if clear(g, q, {x: y for x, y in others.items() if x != first}, r, second):
                        out.append(Aim("cannon", first, second, math.degrees(ang), height,
                                       hit[1] / r, s + hit[0], turn))
                for name, m in mouths:
                    hit = _ray_miss(g, v, m)
                    if hit is None or hit[1] > 0.6 * r:
                        continue
                    if clear(g, m, {x: y for x, y in others.items() if x != first}, r):
                        out.append(Aim("in-off", first, name, math.degrees(ang), height,
                                       hit[1] / r, s + hit[0], turn))
    out.sort(key=lambda x: (round(x.miss, 1), x.path))
    return out


def aim_speed(aim: Aim) -> float:
    """A cue speed (m/s) that carries the cue ball through the contact to the goal with
    something to spare (a cannon needs only to arrive; an in-off must reach the pocket)."""
    d = aim.path / 1e3
    v_after = math.sqrt(2 * 0.15 * d + (0.1 if aim.kind == "in-off" else 0.05))
    v_cue = v_after / max(aim.turn, 0.35)
    return min(max(v_cue / 1.3 * 1.15, 0.7), 6.0)


def distinct(found: list[Aim], per_goal: int) -> list[Aim]:
    """At most ``per_goal`` aims per (kind, first ball, goal): the search tries many
    different scoring strokes rather than many copies of one."""
    seen: dict[tuple[str, str, str], int] = {}
    out = []
    for a in found:
        key = (a.kind, a.first, a.goal)
        if seen.get(key, 0) < per_goal:
            seen[key] = seen.get(key, 0) + 1
            out.append(a)
    return out


SPEED_FACTORS = (1.0, 1.12, 0.9)


def stroke_groups(table: TableSpec, balls: Mapping[str, Vec], cue: str, cue_pos: Vec,
                  objects: list[str], limit: int,
                  run: Callable[[Stroke], PhysShot | None] | None = None,
                  ) -> list[list[tuple[float, float, float, str]]]:
    """Per scoring aim (at most ``limit``, best first): its (angle, speed, height, first
    ball) strokes, the plainest speed first; corrected on the simulator (:func:`correct`)
    when ``run`` is given (it returns None once the budget is spent)."""
    found = distinct(aims(table, balls, cue, cue_pos, objects), 1)[:limit]
    out = []
    for a in found:
        angle, speed = a.angle, aim_speed(a)
        if run is not None:
            angle, speed = correct(table, balls, cue, a, speed, run)
        out.append([(angle, min(speed * k, 7.0), a.height, a.first) for k in SPEED_FACTORS])
    return out


def goal_point(table: TableSpec, balls: Mapping[str, Vec], aim: Aim) -> Vec:
    if aim.kind == "cannon":
        return balls[aim.goal]
    return next(p.mouth_centre for p in pockets(table) if p.name == aim.goal)


def run_after_contact(shot: PhysShot, cue: str, first: str) -> Segment | None:
    """The cue ball's first rolling segment after it hits ``first`` (where the cloth has
    bent its path and the line it keeps until the next contact), if any."""
    t_hit = next((e["t"] for e in shot.events if e.get("hit") == [cue, first]), None)
    return None if t_hit is None else rolling_after(shot, cue, t_hit)


def rolling_after(shot: PhysShot, cue: str, t: float) -> Segment | None:
    """The cue ball's first rolling segment from time ``t`` (or its last moving one)."""
    after = [s for s in shot.trajectories.get(cue, ()) if s.t0 >= t - 1e-9]
    moving = [s for s in after if math.hypot(*s.v0) > 1.0]
    return next((s for s in moving if s.state == "rolling"), moving[-1] if moving else None)


def correct(table: TableSpec, balls: Mapping[str, Vec], cue: str, aim: Aim, speed: float,
            run: Callable[[Stroke], PhysShot | None]) -> tuple[float, float]:
    """The aim and speed of ``aim`` corrected on the simulator (``run`` simulates a
    stroke with trajectories, paying for it): one secant step on the angle so that the
    cue ball's path after the contact points at the goal, and the speed scaled so that
    it rolls there. The geometric aim and speed when that fails."""
    goal = goal_point(table, balls, aim)
    r = table.ball_radius

    def err(angle: float, sp: float) -> tuple[float, float] | None:
        shot = run(Stroke(angle, sp, 0.0, aim.height, cue_ball=cue))
        seg = None if shot is None else run_after_contact(shot, cue, aim.first)
        if seg is None:
            return None
        want = math.atan2(goal[1] - seg.p0[1], goal[0] - seg.p0[0])
        got = math.atan2(seg.v0[1], seg.v0[0])
        e = (got - want + math.pi) % (2 * math.pi) - math.pi
        need = math.dist(seg.p0, goal) - (1.5 * r if aim.kind == "cannon" else -r)
        acc = math.hypot(*seg.a)
        reach = math.hypot(*seg.v0) ** 2 / (2 * acc) if acc > 1e-9 else need
        return e, math.sqrt(max(need, 1.0) / max(reach, 1.0))

    first = err(aim.angle, speed)
    if first is None:  # short of the first ball, or a miss: once more, harder
        speed = min(speed * 1.8, 7.0)
        first = err(aim.angle, speed)
        if first is None:
            return aim.angle, speed
    # the speed first (it bends a screwed or rolling path), then the angle at that speed
    sp = min(max(speed * min(max(first[1], 0.6), 1.8) * 1.08, 0.5), 7.0)
    e0 = err(aim.angle, sp)
    e1 = err(aim.angle + 0.3, sp)
    if e0 is None or e1 is None or abs(e1[0] - e0[0]) < 1e-9:
        return aim.angle, sp
    step = -e0[0] * 0.3 / (e1[0] - e0[0])
    return (aim.angle + step if abs(step) < 3.0 else aim.angle), sp


def from_hand(table: TableSpec, balls: Mapping[str, Vec], cue: str, spot: Vec,
              objects: list[str]) -> list[tuple[float, float, str]]:
    """From the D, strokes at an object ball in baulk off a cushion out of baulk first:
    the ball may not be played directly (ONE-2.6.6) and the cue ball must touch a
    cushion or a ball out of baulk before it comes back (ONE-2.6.4). (angle, path mm,
    target) per open route off the top or a side cushion, shortest first."""
    r = table.ball_radius
    line_y = table.baulk_from_bottom
    others = {k: v for k, v in balls.items() if k != cue}
    out = []
    for t in objects:
        tp = others.get(t)
        if tp is None or tp[1] > line_y:
            continue
        for axis, c in ((0, r), (0, table.width - r), (1, table.length - r)):
            m = (2 * c - tp[0], tp[1]) if axis == 0 else (tp[0], 2 * c - tp[1])
            da, dm = spot[axis] - c, m[axis] - c
            if da * dm >= 0:
                continue
            k = da / (da - dm)
            b = (spot[0] + k * (m[0] - spot[0]), spot[1] + k * (m[1] - spot[1]))
            if b[1] < line_y + 3 * r:
                continue  # the cushion must be out of baulk, with a margin
            if clear(spot, b, others, r) and clear(b, tp, others, r, t):
                out.append((math.degrees(math.atan2(m[1] - spot[1], m[0] - spot[0])),
                            math.dist(spot, m), t))
    out.sort(key=lambda x: x[1])
    return out


def route_speed(path: float) -> float:
    """A cue speed (m/s) that brings the cue ball along ``path`` mm with pace to spare."""
    return min(max(math.sqrt(2 * 0.15 * path / 1e3 + 0.3) * 1.2, 1.0), 5.5)


def correct_route(table: TableSpec, balls: Mapping[str, Vec], cue: str, target: str,
                  angle: float, speed: float, run: Callable[[Stroke], PhysShot | None]
                  ) -> tuple[float, float]:
    """A cushion-first route (:func:`from_hand`) corrected on the simulator: a cushion
    does not reflect like a mirror, and over six metres a tenth of a degree is a ball's
    width. The speed is scaled so that the cue ball rolls to the ball after the cushion,
    then two secant steps on the angle bring its path onto the ball."""
    goal = balls[target]

    def err(a: float, sp: float) -> tuple[float, float] | None:
        shot = run(Stroke(a, sp, 0.0, 0.0, cue_ball=cue))
        if shot is None:
            return None
        t_c = next((e["t"] for e in shot.events if e.get("cushion") == cue), None)
        seg = None if t_c is None else rolling_after(shot, cue, t_c)
        if seg is None:
            return None
        v = math.hypot(*seg.v0)
        d = (seg.v0[0] / v, seg.v0[1] / v)
        gx, gy = goal[0] - seg.p0[0], goal[1] - seg.p0[1]
        side = gx * d[1] - gy * d[0]  # signed miss (mm) of the path past the ball
        acc = math.hypot(*seg.a)
        reach = v * v / (2 * acc) if acc > 1e-9 else math.hypot(gx, gy)
        return side, math.sqrt(max(math.hypot(gx, gy), 1.0) / max(reach, 1.0))

    first = err(angle, speed)
    if first is None:
        return angle, speed
    speed = min(max(speed * min(max(first[1], 0.7), 2.0) * 1.1, 0.8), 6.5)
    a0, e0 = angle, err(angle, speed)
    for _ in range(2):
        if e0 is None or abs(e0[0]) < 0.3 * table.ball_radius:
            break
        a1 = a0 + 0.1
        e1 = err(a1, speed)
        if e1 is None or abs(e1[0] - e0[0]) < 1e-6:
            break
        step = -e0[0] * 0.1 / (e1[0] - e0[0])
        if abs(step) > 2.0:
            break
        a0, e0 = a0 + step, err(a0 + step, speed)
    return a0, speed


# ONE-2.5.2(1); an in-off scores the pot value of the ball hit first (ONE-2.5.2(1), ONE-2.5.2(2))
CANNON_POINTS = 2
CANNON_WIDTH = 0.35  # a cannon's goal is a ball (any contact), a pocket's mouth much less
LOOK_CUTS = (math.radians(15.0), math.radians(75.0))  # cuts whose stun path is played


def look_aims(table: TableSpec, balls: Mapping[str, Vec], cue: str, cue_pos: Vec,
              objects: list[str]) -> list[tuple[str, str, float]]:
    """The in-offs and cannons (ONE-2.4.3, ONE-2.4.4) a position leaves, for the look at
    it: (first ball, goal, ghost-ball ease), cheap enough to run for every simulated
    stroke. Only the stunned
    path (the cue ball leaves along the tangent, 90 degrees off the contact normal):
    the contact point G lies 2r from the first ball A on the circle over A and the goal
    (Thales), so each (ball, goal) has at most two contacts, solved, not searched. The
    ease is a pot's (:func:`aim.ease`) with the cue ball as the ball sent on: the same
    contact error turns its path as much as an object ball's."""
    r = table.ball_radius
    others = {k: v for k, v in balls.items() if k != cue}
    goals = [(p.name, p.mouth_centre, 1.0) for p in pockets(table)]
    out: list[tuple[str, str, float]] = []
    for first in objects:
        a = others.get(first)
        if a is None:
            continue
        rest = {k: v for k, v in others.items() if k != first}
        cands = goals + [(b, q, CANNON_WIDTH) for b, q in rest.items() if b in objects]
        for name, q, width in cands:
            ax, ay = q[0] - a[0], q[1] - a[1]
            dq = math.hypot(ax, ay)
            if dq <= 2 * r + 1.0:
                continue
            # G = A + 2r (cos, sin)(phi): (G - A).(G - Q) = 0  <=>  cos(phi - base) = 2r/dq
            base = math.atan2(ay, ax)
            half = math.acos(2 * r / dq)
            for phi in (base + half, base - half):
                n = (math.cos(phi), math.sin(phi))  # from A to G
                g = (a[0] + 2 * r * n[0], a[1] + 2 * r * n[1])
                dx, dy = g[0] - cue_pos[0], g[1] - cue_pos[1]
                d1 = math.hypot(dx, dy)
                if d1 < 1.0:
                    continue
                d = (dx / d1, dy / d1)
                # the approach must drive the first ball away (d.-n > 0) and leave the
                # cue ball on the tangent towards the goal
                dn = -(d[0] * n[0] + d[1] * n[1])
                t = (q[0] - g[0], q[1] - g[1])
                if dn <= 0.0 or d[0] * t[0] + d[1] * t[1] <= 0.0:
                    continue
                cut = math.acos(min(1.0, dn))
                if not LOOK_CUTS[0] <= cut <= LOOK_CUTS[1]:
                    continue
                if not clear(cue_pos, g, others, r, first):
                    continue
                if not clear(g, q, rest, r, name if width < 1.0 else None):
                    continue
                d2 = math.hypot(*t) * width
                out.append((first, name, ease(table, math.degrees(cut), d1, d2)))
    return out


# ONE-2.7.2: after a plain pot from the spot (or the pyramid spot) the next plain pot sends
# the red to the centre spot, half a table below the cue ball that potted it from the top;
# the pots from there that go (into a middle pocket) want the cue ball level with it, which
# the plain variants (up to 1.6 times the pot's pace) never reach: those pots are also
# tried with more pace, follow, screw and side (speed factor, height, side)
_CENTRE_SPINS = ((0.5, 0.0), (0.2, 0.4), (0.2, -0.4), (-0.6, 0.0), (-0.6, 0.4), (-0.6, -0.4))
CENTRE_VARIANTS: tuple[tuple[float, float, float], ...] = (
    *((k, h, sd) for k in (2.0, 2.6) for h, sd in _CENTRE_SPINS),
    (3.2, 0.3, 0.4), (3.2, 0.3, -0.4))


def to_centre(state: object) -> bool:
    """The next plain pot of the red sends it to the centre spot (ONE-2.7.2): it lies
    where the referee spotted it, on the spot or the pyramid spot, after one plain pot from
    there in this break (the referee's ``red_origin`` and ``red_count``, ONE-X.3)."""
    return (getattr(state, "red_origin", "NONE") in ("SPOT", "PYRAMID")
            and int(getattr(state, "red_count", 0)) >= 1)


# the wider search of 1-red (three balls: a simulation costs a few events, so the level's
# event cap, the time bound, allows more of them than in snooker)
WIDER = 4  # the simulations of a decision, times the level's
MORE_KEEP = 4  # strokes re-simulated under noise, beyond snooker's widening
MORE_DEEP: tuple[tuple[float, float], ...] = ((1.15, 0.0), (1.15, 0.6), (0.7, -0.6))


def widen(budget: Budget, snooker_widen: Callable[[Budget], Budget]) -> Budget:
    """Snooker's widened budget (``snooker_widen``) made wider again for 1-red: more
    simulations, more strokes under noise, a third line and more spins in the second
    stroke; the event cap stays the level's."""
    b = snooker_widen(budget)
    return replace(b, simulations=budget.simulations * WIDER, keep=b.keep + MORE_KEEP,
                   deep_lines=b.deep_lines + 1, deep_variants=b.deep_variants + MORE_DEEP)
