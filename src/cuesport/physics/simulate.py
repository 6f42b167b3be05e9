"""The event loop [Leckie & Greenspan 2006; pooltool ``simulate.py`` for the structure].

1. Predict, for every ball, its next event alone (motion transition, cushion, jaw, capture)
   and, for every pair with a moving ball, its next contact; keep them in a heap.
2. Pop the earliest; skip it if either ball changed since it was predicted (version numbers).
3. Move the balls involved to that time (the others are evaluated lazily: each ball keeps its
   own reference time), resolve the event with its model, reclassify the motion.
4. Re-predict only what involves the balls that changed.

Pair predictions only look as far as the next event of either ball: at that event the ball is
re-predicted anyway, and the polynomials stop being valid there (spec §2).

Numerical guards (separate from rule tolerances): a contact always leaves the two bodies
separating at >= ``min_separation_speed`` (2 mm/s by default). Without it, a ball pushed by a
faster-decelerating neighbour (or a frozen rack) produces an endless cascade of ever smaller
contacts in finite time (the Zeno / Newton's-cradle problem, pooltool PR #257). The floor adds
at most m v_floor^2 / 2 = 0.34 uJ at such a contact, which :class:`Contact` flags
(``guarded``). An event cap and a time cap end any runaway (``Shot.truncated``).

Other pitfalls of event-based simulators, and how they are avoided here:

- a ball a round-off past a cushion line missed its next contact (pooltool #217): a contact is
  "distance <= contact while decreasing", so a touching, approaching ball hits at once;
- simultaneous events left a ball "sliding" with zero slip (pooltool #78): every ball is
  reclassified from its velocities after each event, never from its previous state;
- degenerate quartics (equal accelerations, pooltool #263) need no special case in
  :mod:`cuesport.physics.roots`.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cuesport import events as ev
from cuesport.equipment.tables import TableSpec
from cuesport.physics.detect import (
    ArcPiece,
    Geometry,
    Kin,
    Line,
    PocketGeo,
    arc_time,
    circle_time,
    geometry,
    line_crossings,
    line_time,
    pair_time,
    reach,
)
from cuesport.physics.motion import INF, POCKETED, SPINNING, STATIONARY, Ball
from cuesport.physics.params import PhysicsParams, params_for
from cuesport.physics.position import check_position
from cuesport.physics.resolve.cue import strike
from cuesport.physics.resolve.resolver import Resolver, resolver_for
from cuesport.physics.shot import Contact, Shot, make_segment
from cuesport.physics.stroke import Stroke

TRANSITION, LINE, ARC, CAPTURE, PAIR = range(5)


def _kin(b: Ball, t: float) -> Kin:
    x, y, vx, vy = b.kin(t)
    return (x, y, vx, vy, b.ax, b.ay)


class _Sim:
    def __init__(self, geo: Geometry, p: PhysicsParams, balls: list[Ball],
                 resolver: Resolver) -> None:
        self.geo = geo
        self.p = p
        self.resolver = resolver
        self.balls = balls
        self.R = geo.radius
        self.contact = 2.0 * geo.radius
        self.heap: list[tuple[Any, ...]] = []
        self.seq = 0
        self.now = 0.0
        self.events: list[ev.StrokeEvent] = []
        self.contacts: list[Contact] = []
        self.pocketed: dict[str, str] = {}
        self.truncated = False

    # ------------------------------------------------------------ prediction

    def _push(self, t: float, kind: int, i: int, j: int, vj: int, data: object) -> None:
        self.seq += 1
        heapq.heappush(self.heap, (t, self.seq, kind, i, j, self.balls[i].ver, vj, data))

    def predict_own(self, b: Ball) -> None:
        """The next event of ball b alone: transition, cushion, jaw or capture."""
        if b.state == POCKETED or b.state == STATIONARY:
            b.own_t = INF
            return
        if b.state == SPINNING:
            b.own_t = b.t_end
            self._push(b.t_end, TRANSITION, b.i, -1, 0, None)
            return
        now, R, geo = self.now, self.R, self.geo
        k = _kin(b, now)
        best, kind = b.t_end - now, TRANSITION
        data: Line | PocketGeo | ArcPiece | None = None
        for ln in geo.cushions:
            t = line_time(k, ln, R, best)
            if t < best:
                best, kind, data = t, LINE, ln
        reach_b = reach(k, best)
        for pg in geo.pockets:
            if math.hypot(k[0] - pg.bx, k[1] - pg.by) > reach_b + pg.brad + R:
                continue  # cannot get near this pocket before its next event
            t = circle_time(k, pg.cx, pg.cy, pg.radius, best)
            if t < best:
                best, kind, data = t, CAPTURE, pg
            for ln in pg.facings:
                t = line_time(k, ln, R, best)
                if t < best:
                    best, kind, data = t, LINE, ln
            for arc in pg.arcs:
                t = arc_time(k, arc, R, best)
                if t < best:
                    best, kind, data = t, ARC, arc
        b.own_t = now + best
        self._push(now + best, kind, b.i, -1, 0, data)

    def predict_pairs(self, b: Ball, skip: Iterable[Ball] = ()) -> None:
        if b.state == POCKETED:
            return
        now, contact = self.now, self.contact
        kb = _kin(b, now)
        b_moves = b.moving()
        for o in self.balls:
            if o is b or o.state == POCKETED or o in skip:
                continue
            if not b_moves and not o.moving():
                continue
            h = min(b.own_t, o.own_t) - now
            if h < 0.0:
                continue
            ko = _kin(o, now)
            gap = math.hypot(kb[0] - ko[0], kb[1] - ko[1]) - contact
            if gap > reach(kb, h) + reach(ko, h):
                continue
            t = pair_time(kb, ko, contact, h)
            if t < INF:
                self._push(now + t, PAIR, b.i, o.i, o.ver, None)

    # ------------------------------------------------------------ resolution

    def _state(self, b: Ball) -> tuple[float, float, float, float, float]:
        return (b.vx, b.vy, b.wx, b.wy, b.wz)

    def _set(self, b: Ball, s: tuple[float, float, float, float, float]) -> None:
        b.vx, b.vy, b.wx, b.wy, b.wz = s
        b.classify(self.p, self.R)

    def resolve(self, t: float, kind: int, b: Ball, o: Ball | None, data: Any) -> list[Ball]:
        p, R = self.p, self.R
        if kind == PAIR and o is not None:
            e0 = b.energy(t, p, R) + o.energy(t, p, R)
            b.commit(t, p, R, True)
            o.commit(t, p, R, True)
            dx, dy = o.x - b.x, o.y - b.y
            d = math.hypot(dx, dy)
            n = (dx / d, dy / d)
            s1, s2, guarded = self.resolver.ball_ball.collide(n, self._state(b),
                                                              self._state(o), R, p)
            # The ball moving faster towards the other is the one that "hit" it.
            first, second = (b, o) if b.vx * n[0] + b.vy * n[1] >= -(o.vx * n[0] + o.vy * n[1]) \
                else (o, b)
            self._set(b, s1)
            self._set(o, s2)
            self.events.append(ev.hit(t, first.name, second.name))
            self.contacts.append(Contact(t, "hit", (b.name, o.name), e0,
                                         b.energy(t, p, R) + o.energy(t, p, R), guarded))
            return [b, o]
        e0 = b.energy(t, p, R)
        b.commit(t, p, R, True)
        if kind == TRANSITION:
            b.classify(p, R)
            self.contacts.append(Contact(t, "transition", (b.name,), e0, b.energy(t, p, R)))
        elif kind == CAPTURE:
            b.pocket()
            self.pocketed[b.name] = data.name
            self.events.append(ev.pot(t, b.name, data.name))
            self.contacts.append(Contact(t, "pot", (b.name,), e0, 0.0))
        else:
            if kind == LINE:
                ln: Line = data
                normal = (ln.nx, ln.ny)
            else:
                dx, dy = b.x - data.cx, b.y - data.cy
                d = math.hypot(dx, dy)
                normal = (dx / d, dy / d)
            s, guarded = self.resolver.cushion.bounce(normal, self._state(b), R,
                                                      self.geo.nose_height, p)
            self._set(b, s)
            self.events.append(ev.cushion(t, b.name))
            jaw = kind == ARC or data.pocket is not None
            self.contacts.append(Contact(t, "jaw" if jaw else "cushion", (b.name,), e0,
                                         b.energy(t, p, R), guarded))
        return [b]

    # ------------------------------------------------------------ loop

    def run(self) -> None:
        p = self.p
        for b in self.balls:
            self.predict_own(b)
        done: list[Ball] = []
        for b in self.balls:
            if b.moving():
                self.predict_pairs(b, done)
                done.append(b)
        heap = self.heap
        balls = self.balls
        n = 0
        while heap:
            t, _, kind, i, j, vi, vj, data = heapq.heappop(heap)
            b = balls[i]
            if b.ver != vi:
                continue
            o = balls[j] if j >= 0 else None
            if o is not None and o.ver != vj:
                continue
            n += 1
            if n > p.max_events or t > p.max_time:
                self.truncated = True
                break
            t = max(t, self.now)
            self.now = t
            changed = self.resolve(t, kind, b, o, data)
            for c in changed:
                c.ver += 1
            for c in changed:
                self.predict_own(c)
            for k, c in enumerate(changed):
                self.predict_pairs(c, changed[:k])
        end = self.now
        for b in self.balls:
            if b.state != POCKETED:
                if self.truncated:
                    # Stop everything where it is (positions stay valid: no overlap).
                    b.commit(end, p, self.R, True)
                    b.vx = b.vy = b.wx = b.wy = b.wz = 0.0
                    b.classify(p, self.R)
                b.commit(end, p, self.R, True)
                if not b.segments:
                    b.segments.append((0.0, end, b.x, b.y, 0.0, 0.0, 0.0, 0.0, 0.0,
                                       0.0, 0.0, 0.0, 0.0, 0.0, 0.0))


# ---------------------------------------------------------------- API


def simulate(
    table: TableSpec,
    position: Mapping[str, Sequence[float]],
    stroke: Stroke,
    params: PhysicsParams | None = None,
    *,
    record: bool = True,
    resolver: Resolver | None = None,
) -> Shot:
    """Simulate one stroke from ``position`` (ball -> (x, y) mm) on ``table``.

    Deterministic: the same inputs give the same :class:`Shot`, to the bit. ``params``
    defaults to the table kind's set (:func:`params_for`). With ``record=False`` the
    trajectories are left out (faster, for batches). Raises :class:`StrokeError` or
    :class:`PositionError` (both ``ValueError``) on bad input. ``resolver`` replaces the
    interaction models (:func:`~cuesport.physics.resolve.resolver.resolver_for` by default).
    """
    p = params or params_for(table)
    stroke.validate()
    placed = check_position(table, position, stroke.cue_ball)
    geo = geometry(table)
    balls = [Ball(i, name, x, y) for i, (name, x, y) in enumerate(placed)]
    cue = next(b for b in balls if b.name == stroke.cue_ball)
    vx, vy, wx, wy, wz = strike(
        stroke.speed, math.radians(stroke.angle), stroke.side, stroke.height,
        math.radians(stroke.elevation), geo.radius, p.ball_mass, p.cue_mass,
        p.tip_restitution, p.squirt_mass_ratio)
    cue.vx, cue.vy, cue.wx, cue.wy, cue.wz = vx, vy, wx, wy, wz
    cue.classify(p, geo.radius)
    sim = _Sim(geo, p, balls, resolver or resolver_for(p))
    sim.run()
    return _result(table, sim, math.hypot(stroke.side, stroke.height) > p.miscue_limit, record)


def _result(table: TableSpec, sim: _Sim, miscue: bool, record: bool) -> Shot:
    line_y = table.baulk_from_bottom if table.kind == "snooker" else table.length / 4.0
    label: ev.LineName = "baulk" if table.kind == "snooker" else "head-string"
    events: list[ev.StrokeEvent] = list(sim.events)
    final: dict[str, tuple[float, float]] = {}
    margin = table.cushion_width
    for b in sim.balls:
        events += line_crossings(b.name, b.segments, line_y / 1e3, label)
        if b.state == POCKETED:
            continue
        x, y = b.x * 1e3, b.y * 1e3
        if not (-margin <= x <= table.width + margin and -margin <= y <= table.length + margin):
            events.append(ev.off(sim.now, b.name))  # safety net: never expected in 2-D
            continue
        final[b.name] = (x, y)
    # Times to the nanosecond: contacts that are simultaneous in exact arithmetic (a ball
    # hitting two touching balls at once) differ by round-off, and the protocol reads equal
    # times as simultaneous.
    for e in events:
        e["t"] = round(e["t"], 9)
    events.sort(key=lambda e: e["t"])  # stable: simultaneous events keep their order
    traj = ({b.name: tuple(make_segment(s) for s in b.segments) for b in sim.balls}
            if record else {})
    return Shot(tuple(events), final, dict(sim.pocketed), traj, sim.now, miscue,
                sim.truncated, len(sim.contacts), tuple(sim.contacts) if record else ())


def simulate_batch(
    table: TableSpec,
    position: Mapping[str, Sequence[float]],
    strokes: Iterable[Stroke],
    params: PhysicsParams | None = None,
    *,
    record: bool = False,
    workers: int = 1,
) -> list[Shot]:
    """Simulate many strokes from the same position (for example noisy variations of one).

    Trajectories are off by default (``record``); events, final positions and pots are kept.
    Each shot is independent and deterministic, so ``workers`` > 1 spreads them over that
    many processes and returns the same list, in the same order.
    """
    p = params or params_for(table)
    todo = list(strokes)
    pos = {k: (float(v[0]), float(v[1])) for k, v in position.items()}
    if workers <= 1 or len(todo) < 2 * workers:
        return [simulate(table, pos, s, p, record=record) for s in todo]
    from concurrent.futures import ProcessPoolExecutor
    from functools import partial

    chunk = max(1, len(todo) // (4 * workers))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(partial(_one, table, pos, p, record), todo, chunksize=chunk))


def _one(table: TableSpec, position: Mapping[str, Sequence[float]], params: PhysicsParams,
         record: bool, stroke: Stroke) -> Shot:
    return simulate(table, position, stroke, params, record=record)
