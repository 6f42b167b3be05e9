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
contacts in finite time (the Zeno / Newton's-cradle problem, pooltool PR #257). The floor is
paid from the other motion of the bodies involved, so it never adds energy
(resolve/guard.py); :class:`Contact` flags the contacts where it acted (``guarded``). A ball
jammed in the cushion rubber started such cascades: positions that overlap the rubber are
refused (position.py). An event cap and a time cap end any runaway (``Shot.truncated``).

Airborne balls (shared/spec/physics-airborne.md §9): a ball whose bottom is above the cloth
flies on a parabola (its landing is its motion transition); its contacts are predicted in 3-D
(the same quartic with the heights) and resolved by the resolver's 3-D models; a downward
impulse on a bed ball is followed at once by the slate's reaction (the sequential model). A
flying ball meets a nose or jaw only below its bottom's height; it is off the table when its
centre crosses the rail's outer edge. One that comes down on the rail top rolls there (§9.5,
predict_rail): off when it rests there or goes over the outer edge, in play when it drops
back onto the bed. The facts the referee needs are events: ``takeoff``, ``land``, ``over``,
``off``.

Speed (bit-identical to the plain method): each ball keeps a box holding its centre until
its next own event (Ball.sweep), so most pairs are rejected with four comparisons, and most
of the rest by the chord of their relative path; a pair whose contact is provably some time
ahead is queued at that lower bound and its quartic solved only if neither ball has changed
by then (LATER); pockets and noses are pruned with boxes around the path.

Other pitfalls of event-based simulators, and how they are avoided here:

- a ball a round-off past a cushion line missed its next contact (pooltool #217): a contact is
  "distance <= contact while decreasing", so a touching, approaching ball hits at once;
- simultaneous events left a ball "sliding" with zero slip (pooltool #78): every ball is
  reclassified from its velocities after each event, never from its previous state;
- degenerate quartics (equal accelerations, pooltool #263) need no special case in
  :mod:`cuesport.physics.roots`.
"""

from __future__ import annotations

import bisect
import heapq
import itertools
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
    interior,
    line_crossings,
    line_time,
    pair_time,
    pair_time3,
    reach,
)
from cuesport.physics.motion import (
    AIRBORNE,
    INF,
    POCKETED,
    ROLLING,
    SPINNING,
    STATIONARY,
    Ball,
)
from cuesport.physics.params import PhysicsParams, params_for
from cuesport.physics.position import check_position
from cuesport.physics.resolve.cue import clamp_offset, strike3d
from cuesport.physics.resolve.resolver import Resolver, resolver_for
from cuesport.physics.roots import first_entry_quadratic, first_entry_quartic, real_roots
from cuesport.physics.shot import Contact, Shot, make_segment
from cuesport.physics.stroke import Stroke

TRANSITION, LINE, ARC, CAPTURE, PAIR, OFF, LATER, RAIL, DROP, RESUME = range(10)
_new = tuple.__new__  # a named tuple from all its fields, without its __new__'s call (hot)
# LATER: a pair whose contact time is not solved yet, queued at a lower bound on it (below).
# RAIL: a flying ball comes down on the rail top; DROP: a ball rolling on the rail top is
# back over the bed (physics-airborne.md §9.5). RESUME: the rest of a ball's pair predictions,
# deferred behind a contact of that ball at the same instant (predict_pairs).
DEFER = True  # predict_pairs' deferral (it changes no result: tests/physics turn it off to check)


def span(x: float, v: float, a: float, t: float) -> tuple[float, float]:
    """The range of x + v s + a s^2 / 2 over s in [0, t] (its ends and its vertex), padded
    by a nanometre for round-off: the pruning boxes."""
    x1 = x + (v + 0.5 * a * t) * t
    lo, hi = (x, x1) if x < x1 else (x1, x)
    if a != 0.0 and 0.0 < -v / a < t:
        s = -v / a
        xv = x + (v + 0.5 * a * s) * s
        lo, hi = (xv if xv < lo else lo), (xv if xv > hi else hi)
    return lo - 1e-9, hi + 1e-9


_PRUNING: dict[int, tuple[Geometry, Any]] = {}


def _pruning(geo: Geometry) -> tuple[list[tuple[PocketGeo, float]],
                                     tuple[float, float, float, float]]:
    """Per table (cached): each pocket with (brad + R) (1 + 1e-12), and the table's interior
    (detect.interior): a path whose box lies inside it meets no piece and no pocket."""
    hit = _PRUNING.get(id(geo))
    if hit is not None and hit[0] is geo:
        return hit[1]  # type: ignore[no-any-return]
    R = geo.radius
    reach_pg = [(pg, (pg.brad + R) * (1.0 + 1e-12)) for pg in geo.pockets]
    out = (reach_pg, interior(geo))
    if len(_PRUNING) >= 64:  # bounded, like detect.geometry's cache
        _PRUNING.clear()
    _PRUNING[id(geo)] = (geo, out)
    return out


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
        self.nev = 0  # events resolved so far
        self.changed_at = [0] * len(balls)  # ball -> the event that last changed it
        self.now = 0.0
        self.events: list[ev.StrokeEvent] = []
        self.contacts: list[Contact] = []
        self.pocketed: dict[str, str] = {}
        self.gone: dict[str, float] = {}  # balls off the table -> time
        self.landings: dict[str, list[float]] = {}  # ball -> times it came down on the bed
        self.flew = False  # some ball left the bed
        self.truncated = False
        # s: pairs whose contact is at least this far ahead are solved later. Far above the
        # root finder's tolerance (1e-13 s), which the queued time is kept below (run).
        self.lazy = 1e-6
        # each pocket with the distance its bounding circle reaches, and the table's interior
        # (predict_own's pruning)
        self.pocket_reach, self.interior = _pruning(geo)
        # Ball.energy's two factors, for resolve's inlined energies on the bed (the same
        # products, so the same bits)
        self.e_v = 0.5 * p.ball_mass
        self.e_w = 0.2 * p.ball_mass * geo.radius * geo.radius

    # ------------------------------------------------------------ prediction

    def _push(self, t: float, kind: int, i: int, j: int, vj: int, data: object) -> None:
        self.seq += 1
        heapq.heappush(self.heap, (t, self.seq, kind, i, j, self.balls[i].ver, vj, data))

    def predict_own(self, b: Ball) -> None:
        """The next event of ball b alone: transition, cushion, jaw or capture."""
        if b.state == POCKETED or b.state == STATIONARY:
            b.own_t = INF
            b.xl = b.xh = b.x
            b.yl = b.yh = b.y
            return
        if b.state == SPINNING:
            b.own_t = b.t_end
            b.xl = b.xh = b.x
            b.yl = b.yh = b.y
            self._push(b.t_end, TRANSITION, b.i, -1, 0, None)
            return
        if b.state == AIRBORNE:
            self.predict_air(b)
            return
        if b.floor > 0.0:
            self.predict_rail(b)
            return
        now, R, geo = self.now, self.R, self.geo
        # b.kin6(now), inlined (the same operations)
        dt = now - b.t0
        ax, ay = b.ax, b.ay
        vx, vy = b.vx, b.vy
        x = b.x + (vx + 0.5 * ax * dt) * dt
        y = b.y + (vy + 0.5 * ay * dt) * dt
        vx = vx + ax * dt
        vy = vy + ay * dt
        k = (x, y, vx, vy, ax, ay)
        best, kind = b.t_end - now, TRANSITION
        data: Line | PocketGeo | ArcPiece | None = None
        # A box around the path over [0, best] (each coordinate is a parabola: its ends and
        # its vertex), for the noses and the pockets: span(), inlined.
        x1 = x + (vx + 0.5 * ax * best) * best
        xlo, xhi = (x, x1) if x < x1 else (x1, x)
        if ax != 0.0 and 0.0 < -vx / ax < best:
            s = -vx / ax
            xv = x + (vx + 0.5 * ax * s) * s
            xlo, xhi = (xv if xv < xlo else xlo), (xv if xv > xhi else xhi)
        xlo, xhi = xlo - 1e-9, xhi + 1e-9
        y1 = y + (vy + 0.5 * ay * best) * best
        ylo, yhi = (y, y1) if y < y1 else (y1, y)
        if ay != 0.0 and 0.0 < -vy / ay < best:
            s = -vy / ay
            yv = y + (vy + 0.5 * ay * s) * s
            ylo, yhi = (yv if yv < ylo else ylo), (yv if yv > yhi else yhi)
        ylo, yhi = ylo - 1e-9, yhi + 1e-9
        ia, ib, ja, jb = self.interior
        if ia < xlo and xhi < ib and ja < ylo and yhi < jb:
            # the path's box misses every nose's and pocket's box (_interior): the loops
            # below would skip them all
            b.own_t = now + best
            # the path's box over [now, own_t] is the pair prediction's box too (Ball.sweep;
            # the pair tests look no earlier than now)
            b.xl, b.xh, b.yl, b.yh = xlo, xhi, ylo, yhi
            self.seq += 1
            heapq.heappush(self.heap, (now + best, self.seq, TRANSITION, b.i, -1, b.ver, 0, None))
            return
        near_r = R * (1.0 + 1e-12)
        for ln in geo.cushions:
            # the cheapest rejection first (most noses are far)
            if xhi < ln.bxl or xlo > ln.bxh or yhi < ln.byl or ylo > ln.byh:
                continue  # the path's box misses the nose's (detect.Line)
            # detect.line_time, inlined (the same operations)
            nx, ny = ln.nx, ln.ny
            n1 = nx * vx + ny * vy
            na = nx * ax + ny * ay
            if n1 >= 0.0 and na >= 0.0:
                continue  # not approaching the nose, ever: line_time's quadratic says inf
            near_x = xlo if nx > 0.0 else xhi  # the box's corner nearest the nose line
            near_y = ylo if ny > 0.0 else yhi
            if nx * (near_x - ln.ax) + ny * (near_y - ln.ay) > near_r:
                continue  # the path's box stays more than R off this nose's line
            n0 = nx * (x - ln.ax) + ny * (y - ln.ay)
            t = first_entry_quadratic(0.5 * na, n1, n0 - R, best)
            if t == INF:
                continue
            px = x + (vx + 0.5 * ax * t) * t
            py = y + (vy + 0.5 * ay * t) * t
            along = (px - ln.ax) * ln.dx + (py - ln.ay) * ln.dy
            if -1e-9 <= along <= ln.length + 1e-9 and t < best:
                best, kind, data = t, LINE, ln
        # The pockets: the path's box against each pocket's box (detect.PocketGeo: all its
        # pieces, grown by R); then the centre stays within |a| best^2 / 8 of its chord
        # (detect._cannot_reach) and a pocket's pieces all lie in its bounding circle.
        ex, ey = vx + 0.5 * ax * best, vy + 0.5 * ay * best  # the chord, per second
        ee = ex * ex + ey * ey
        bend = 0.125 * math.hypot(ax, ay) * best * best
        for pg, reach_pg in self.pocket_reach:
            if xhi < pg.xlo or xlo > pg.xhi or yhi < pg.ylo or ylo > pg.yhi:
                continue  # the path's box misses the pocket's
            dx, dy = x - pg.bx, y - pg.by
            tm = min(max(-(dx * ex + dy * ey) / ee, 0.0), best) if ee > 0.0 else 0.0
            if math.hypot(dx + ex * tm, dy + ey * tm) - bend > reach_pg:
                continue  # cannot get near this pocket before its next event
            # each piece only if the path's box meets the piece's (detect.Line, ArcPiece)
            if not (xhi < pg.cxl or xlo > pg.cxh or yhi < pg.cyl or ylo > pg.cyh):
                t = circle_time(k, pg.cx, pg.cy, pg.radius, best)
                if t < best:
                    best, kind, data = t, CAPTURE, pg
            for ln in pg.facings:
                if xhi < ln.bxl or xlo > ln.bxh or yhi < ln.byl or ylo > ln.byh:
                    continue
                t = line_time(k, ln, R, best)
                if t < best:
                    best, kind, data = t, LINE, ln
            for arc in pg.arcs:
                if xhi < arc.bxl or xlo > arc.bxh or yhi < arc.byl or ylo > arc.byh:
                    continue
                t = arc_time(k, arc, R, best)
                if t < best:
                    best, kind, data = t, ARC, arc
        b.own_t = now + best
        if kind == TRANSITION:  # best did not shrink: the path's box above (see the return)
            b.xl, b.xh, b.yl, b.yh = xlo, xhi, ylo, yhi
        else:
            b.sweep()
        self.seq += 1
        heapq.heappush(self.heap, (now + best, self.seq, kind, b.i, -1, b.ver, 0, data))

    def predict_air(self, b: Ball) -> None:
        """The next event of a ball in flight: landing, nose or jaw below its bottom, capture
        low enough over a pocket, or leaving the table (physics-airborne.md §9.5, §9.6)."""
        now, R, geo, p = self.now, self.R, self.geo, self.p
        k = b.kin6(now)
        best, kind = b.t_end - now, TRANSITION
        data: Line | PocketGeo | ArcPiece | None = None
        nose = geo.nose_height

        def below_nose(t: float) -> bool:  # the nose meets the ball, not its underside
            return b.height(now + t)[0] < nose

        # the same pruning as predict_own's (it only skips pieces the ball cannot reach)
        x, y, vx, vy = k[0], k[1], k[2], k[3]
        far = reach(k, best) + R
        for ln in geo.cushions:
            if ln.nx * vx + ln.ny * vy >= 0.0 or ln.nx * (x - ln.ax) + ln.ny * (y - ln.ay) > far:
                continue  # flying away from this nose (no acceleration in plan), or too far
            t = line_time(k, ln, R, best)
            if t < best and below_nose(t):
                best, kind, data = t, LINE, ln
        xlo, xhi = span(x, vx, 0.0, best)
        ylo, yhi = span(y, vy, 0.0, best)
        for pg in geo.pockets:
            if xhi < pg.xlo or xlo > pg.xhi or yhi < pg.ylo or ylo > pg.yhi:
                continue
            t = circle_time(k, pg.cx, pg.cy, pg.radius, best)
            if t < best and b.height(now + t)[0] <= p.capture_height * R:
                best, kind, data = t, CAPTURE, pg
            for ln in pg.facings:
                t = line_time(k, ln, R, best)
                if t < best and below_nose(t):
                    best, kind, data = t, LINE, ln
            for arc in pg.arcs:
                t = arc_time(k, arc, R, best)
                if t < best and below_nose(t):
                    best, kind, data = t, ARC, arc
        t, off_kind = self._off_time(b, k, best)
        if t < best:
            best, kind, data = t, off_kind, None
        b.own_t = now + best
        b.sweep()
        self._push(now + best, kind, b.i, -1, 0, data)

    def _off_time(self, b: Ball, k: Kin, horizon: float) -> tuple[float, int]:
        """When a flying ball leaves the table (``OFF``: its centre crosses the rail's outer
        edge) or comes down on the rail top (``RAIL``: its bottom reaches the rail top outside
        the bed, not over a pocket's drop circle), within ``horizon``; inf if neither."""
        geo, now = self.geo, self.now
        x, y, vx, vy = k[0], k[1], k[2], k[3]
        lo, hi = -geo.outer, geo.outer
        best = horizon
        for pos, vel, top in ((x, vx, geo.width), (y, vy, geo.length)):
            if vel > 0.0:
                best = min(best, (top + hi - pos) / vel)
            elif vel < 0.0:
                best = min(best, (lo - pos) / vel)
        kind = OFF
        h, vz = b.height(now)
        rail = self.p.rail_height
        g = -b.az
        disc = vz * vz + 2.0 * g * (h - rail)
        if disc >= 0.0 and g > 0.0:
            t = (vz + math.sqrt(disc)) / g  # coming down through the rail top
            if 0.0 <= t < best:
                px, py = x + vx * t, y + vy * t
                outside = not (0.0 <= px <= geo.width and 0.0 <= py <= geo.length)
                if outside and not any(math.hypot(px - pg.cx, py - pg.cy) <= pg.radius
                                       for pg in geo.pockets):
                    best, kind = t, RAIL
        return (best, kind) if best < horizon else (INF, OFF)

    def predict_rail(self, b: Ball) -> None:
        """The next event of a ball rolling or sliding on the rail top (physics-airborne.md
        §9.5; v1: the cushion top and the rail are one plane at the rail height, with the
        cloth's friction): its motion ends (it rests there: off), its centre crosses the
        rail's outer edge (it falls to the floor: off), it is back over the bed (its centre R
        inside the nose line, clear of the cushion: it drops onto the bed, in play), or it
        rolls into a pocket's drop circle."""
        now, R, geo = self.now, self.R, self.geo
        k = b.kin6(now)
        x, y, vx, vy, ax, ay = k
        best, kind = b.t_end - now, TRANSITION
        data: PocketGeo | None = None
        out = geo.outer
        # f(t) = a t^2 + b t + c > 0 while inside; first_entry_quadratic finds it reaching 0
        edges = ((0.5 * ax, vx, x + out), (-0.5 * ax, -vx, geo.width + out - x),
                 (0.5 * ay, vy, y + out), (-0.5 * ay, -vy, geo.length + out - y))
        for qa, qb, qc in edges:
            t = first_entry_quadratic(qa, qb, qc, best)
            if t < best:
                best, kind = t, OFF
        # back over the bed: entering the rectangle R inside the noses, through one of its sides
        lo_x, hi_x, lo_y, hi_y = R, geo.width - R, R, geo.length - R
        sides = ((-0.5 * ax, -vx, lo_x - x, 1), (0.5 * ax, vx, x - hi_x, 1),
                 (-0.5 * ay, -vy, lo_y - y, 0), (0.5 * ay, vy, y - hi_y, 0))
        for qa, qb, qc, along_y in sides:
            if qc <= 0.0:
                continue  # already on the bed side of this line
            t = first_entry_quadratic(qa, qb, qc, best)
            if t < best:
                px = x + (vx + 0.5 * ax * t) * t
                py = y + (vy + 0.5 * ay * t) * t
                if (lo_y <= py <= hi_y) if along_y else (lo_x <= px <= hi_x):
                    best, kind = t, DROP
        for pg in geo.pockets:
            t = circle_time(k, pg.cx, pg.cy, pg.radius, best)
            if t < best:
                best, kind, data = t, CAPTURE, pg
        b.own_t = now + best
        b.sweep()
        self._push(now + best, kind, b.i, -1, 0, data)

    def predict_pairs(self, b: Ball, skip: Sequence[Ball] = (), start: int = 0,
                      base: int = -1) -> None:
        """Push the next contact of b with every other ball (the hot loop: kin6 and
        pair_time are inlined here, with the same operations, so the same bits).

        Each pair's entry gets the sequence number ``base + 1 + o.i`` from a block reserved
        per call, so that the entries sort as if pushed one by one in the order of the
        balls, whenever they are pushed. When a contact of b comes out at this very instant
        (a frozen rack's chain: b is hit again at once), the pairs after it are deferred: a
        RESUME entry at (now, its successor's number) sorts after that contact and before
        anything the rest could push, so the rest is computed (``start``, ``base``: from
        _resume, with the same inputs) only if that contact did not change b first; mostly
        it does, and the rest is never needed.
        """
        if b.state == POCKETED:
            return
        if base < 0:
            base = self.seq
            self.seq = base + len(self.balls) + 1
        now, contact = self.now, self.contact
        # b.kin6(now), inlined (the same operations)
        dt = now - b.t0
        bax, bay = b.ax, b.ay
        bvx, bvy = b.vx, b.vy
        bx = b.x + (bvx + 0.5 * bax * dt) * dt
        by = b.y + (bvy + 0.5 * bay * dt) * dt
        bvx = bvx + bax * dt
        bvy = bvy + bay * dt
        kb = (bx, by, bvx, bvy, bax, bay)
        hax, hay = 0.5 * bax, 0.5 * bay
        own_b = b.own_t
        b_moves = b.state >= ROLLING  # b.moving(): sliding, rolling or airborne
        b_air = b.state == AIRBORNE or b.h > 0.0  # in the air or on the rail top: 3-D
        # b's box (it covers [b.t0, own_b], so [now, own_b]), grown by the contact distance
        # and a hair for the round-off of the boxes
        grow = contact * (1.0 + 1e-9) + 1e-12
        bxl, bxh, byl, byh = b.xl - grow, b.xh + grow, b.yl - grow, b.yh + grow
        hypot = math.hypot
        quartic = first_entry_quartic
        push = heapq.heappush
        heap = self.heap
        bi, bver = b.i, b.ver
        cc = contact * contact
        slack = contact * (1.0 + 1e-12)
        lazy = self.lazy
        for o in (self.balls if start == 0 else self.balls[start:]):
            # Cheap rejection first: the boxes of the two centres (Ball.sweep) are apart.
            if o.xl > bxh or o.xh < bxl or o.yl > byh or o.yh < byl:
                continue
            st = o.state
            if st == POCKETED or o is b:
                continue
            o_moves = st >= ROLLING  # rolling, sliding or airborne (pocketed is skipped)
            if not (b_moves or o_moves) or (skip and o in skip):
                continue
            oo = o.own_t
            h = (own_b if own_b < oo else oo) - now
            if h < 0.0:
                continue
            if b_air or st == AIRBORNE or o.h > 0.0:
                ko = o.kin6(now) if o_moves else (o.x, o.y, 0.0, 0.0, 0.0, 0.0)
                t = pair_time3(kb, (*b.height(now), b.az), ko, (*o.height(now), o.az), contact, h)
            else:
                # pair_time, inlined: o.kin6(now) and the differences
                if o_moves:
                    dt = now - o.t0
                    oax, oay = o.ax, o.ay
                    ovx, ovy = o.vx, o.vy
                    dx = bx - (o.x + (ovx + 0.5 * oax * dt) * dt)
                    dy = by - (o.y + (ovy + 0.5 * oay * dt) * dt)
                    ux, uy = bvx - (ovx + oax * dt), bvy - (ovy + oay * dt)
                    ax, ay = 0.5 * (bax - oax), 0.5 * (bay - oay)
                else:
                    # o at rest: its velocity and acceleration are 0.0, and x - 0.0 is x, so
                    # b's own values (the same bits)
                    dx, dy = bx - o.x, by - o.y
                    ux, uy = bvx, bvy
                    ax, ay = hax, hay
                c0 = dx * dx + dy * dy - cc
                if c0 > 0.0:  # apart now (touching pairs pass both tests: skip them)
                    # No contact on [0, h] if the chord of d + u t + a t^2 (d + (u + a h) t) stays
                    # farther than the contact distance by more than the path's bow off its chord
                    # (|a| t (h - t) <= |a| h^2 / 4): a tighter bound than the tangent's
                    # (detect._cannot_reach), with the same slack.
                    ex, ey = ux + ax * h, uy + ay * h
                    ee = ex * ex + ey * ey
                    tm = 0.0
                    if ee > 0.0:
                        tm = -(dx * ex + dy * ey) / ee
                        tm = 0.0 if tm < 0.0 else (h if tm > h else tm)  # min(max(tm, 0), h)
                    an = hypot(ax, ay)
                    if hypot(dx + ex * tm, dy + ey * tm) - 0.25 * an * h * h > slack:
                        continue
                    # A lower bound on the contact time: |d + u t + a t^2| >= |d| - |u| t - |a| t^2.
                    # When it is well ahead, queue the pair there and solve the quartic only if
                    # neither ball has changed by then (most are hit or stop first): the same
                    # inputs then, so the same bits, and the same order of events (see run).
                    gap = hypot(dx, dy) - contact
                    if gap > 0.0:
                        un = hypot(ux, uy)
                        den = un + math.sqrt(un * un + 4.0 * an * gap)
                        if den == 0.0:
                            # no relative motion: two balls rolling as one (a pair of
                            # touching reds pushed together) stay apart until one changes
                            continue
                        low = 2.0 * gap / den
                        if low > lazy:
                            push(heap, (now + (0.999 * low - 1e-9), base + 1 + o.i, LATER, bi,
                                        o.i, bver, o.ver, now))
                            continue
                c1 = 2.0 * (dx * ux + dy * uy)
                c4 = ax * ax + ay * ay
                c3 = 2.0 * (ux * ax + uy * ay)
                c2 = ux * ux + uy * uy + 2.0 * (dx * ax + dy * ay)
                if c0 <= 0.0 and c1 < 0.0 and h > 0.0:
                    t = 0.0  # touching and approaching: the quartic's first answer, at once
                elif c1 > 0.0:
                    # Moving apart (touching balls in a rack, mostly): the quartic's proof
                    # that f' stays clearly positive on [0, h] (so the answer is inf),
                    # inlined, the same operations; the quartic when it fails.
                    b1, b2, b3 = 2.0 * c2 * h, 3.0 * c3 * h * h, 4.0 * c4 * h * h * h
                    floor = 1e-9 * (c1 + abs(b1) + abs(b2) + abs(b3))
                    if (c1 > floor and c1 + b1 / 3.0 > floor
                            and c1 + (2.0 * b1 + b2) / 3.0 > floor
                            and c1 + b1 + b2 + b3 > floor and h > 0.0):
                        continue
                    t = quartic(c4, c3, c2, c1, c0, h)
                else:
                    t = quartic(c4, c3, c2, c1, c0, h)
            if t < INF:
                at = now + t
                oi = o.i
                push(heap, (at, base + 1 + oi, PAIR, bi, oi, bver, o.ver, None))
                if at == now and DEFER and oi + 1 < len(self.balls):
                    # b meets o at this instant: defer the rest (the docstring)
                    push(heap, (now, base + 2 + oi, RESUME, bi, -1, bver, 0,
                                (tuple(skip), oi + 1, base, self.nev)))
                    return

    def _resume(self, b: Ball, data: tuple[tuple[Ball, ...], int, int, int]) -> None:
        """The rest of b's pair predictions, deferred at this instant by predict_pairs (b
        has not changed since): the balls changed since then are skipped (their own
        predictions covered b), the others give what they would have given then."""
        skip, start, base, nev = data
        if self.nev > nev:
            changed_at = self.changed_at
            later = [o for o in self.balls[start:] if changed_at[o.i] > nev]
            if later:
                skip = (*skip, *later)
        self.predict_pairs(b, skip, start, base)

    def _solve_later(self, seq: int, b: Ball, o: Ball, at: float) -> None:
        """Solve a pair queued by :meth:`predict_pairs` at time ``at`` (neither ball has
        changed since): the same computation as there (detect.pair_time is the inlined code),
        pushed with its original sequence number, so ties break as if it had been solved then.
        """
        h = min(b.own_t, o.own_t) - at
        t = pair_time(b.kin6(at), o.kin6(at), self.contact, h)
        if t < INF:
            heapq.heappush(self.heap, (at + t, seq, PAIR, b.i, o.i, b.ver, o.ver, None))

    # ------------------------------------------------------------ resolution

    def _slate(self, t: float, b: Ball) -> None:
        """A ball at the cloth moving down: the slate's impulse (resolve/slate.py); it leaves
        the bed again (``takeoff``) or stays on it."""
        p = self.p
        was_up = b.state == AIRBORNE
        s, leaves = self.resolver.slate.land((b.vx, b.vy, b.vz, b.wx, b.wy, b.wz), self.R, p)
        b.vx, b.vy, b.vz, b.wx, b.wy, b.wz = s
        b.h = b.floor  # the bed, or the rail top (the same surface model: an unsourced choice)
        on_bed = b.floor == 0.0
        if was_up and on_bed:
            self.events.append(ev.land(t, b.name))
            self.landings.setdefault(b.name, []).append(t)
        if leaves:
            self.flew = True
            if on_bed:
                self.events.append(ev.takeoff(t, b.name))
        b.state = STATIONARY  # reclassified from its velocities
        b.classify(p, self.R)

    def _pair3(self, t: float, b: Ball, o: Ball) -> list[Ball]:
        """Ball-ball contact with a ball in the air (physics-airborne.md §9.4)."""
        p, R = self.p, self.R
        b.commit(t, p, R, True)
        o.commit(t, p, R, True)
        e0 = b.energy(t, p, R) + o.energy(t, p, R)  # committed: the energies at t, cheaply
        dx, dy, dz = o.x - b.x, o.y - b.y, o.h - b.h
        d = math.sqrt(dx * dx + dy * dy + dz * dz)
        n = (dx / d, dy / d, dz / d)
        s1, s2, guarded = self.resolver.ball_ball_3d.collide3d(
            n, (b.vx, b.vy, b.vz, b.wx, b.wy, b.wz), (o.vx, o.vy, o.vz, o.wx, o.wy, o.wz), R, p)
        ab = b.vx * n[0] + b.vy * n[1] + b.vz * n[2]
        ao = o.vx * n[0] + o.vy * n[1] + o.vz * n[2]
        first, second = (b, o) if ab >= -ao else (o, b)
        self.events.append(ev.hit(t, first.name, second.name))
        for ball, st in ((b, s1), (o, s2)):
            ball.vx, ball.vy, ball.vz, ball.wx, ball.wy, ball.wz = st
            if ball.h <= ball.floor and ball.vz < 0.0:
                self._slate(t, ball)  # pushed into the bed: the slate reacts at once
            else:
                if ball.state != AIRBORNE and ball.vz > 0.0 and ball.floor == 0.0:
                    self.flew = True
                    self.events.append(ev.takeoff(t, ball.name))
                ball.state = STATIONARY
                ball.classify(p, R)
        self.contacts.append(Contact(t, "hit", (b.name, o.name), e0,
                                     b.energy(t, p, R) + o.energy(t, p, R), guarded))
        return [b, o]

    def _air(self, t: float, kind: int, b: Ball, data: Any) -> list[Ball]:
        """The events of a ball in flight alone: landing, leaving the table, nose or jaw."""
        p, R, geo = self.p, self.R, self.geo
        b.commit(t, p, R, True)
        e0 = b.energy(t, p, R)
        if kind == OFF:
            self._gone(t, b)
            self.contacts.append(Contact(t, "off", (b.name,), e0, 0.0))
        elif kind == RAIL:  # comes down on the rail top: bounces there, or rolls on it
            b.floor = b.h = p.rail_height
            b.vz = min(b.vz, 0.0)
            self._slate(t, b)
            self.contacts.append(Contact(t, "rail", (b.name,), e0, b.energy(t, p, R)))
        elif kind == TRANSITION:  # landing
            pocket = next((pg for pg in geo.pockets
                           if math.hypot(b.x - pg.cx, b.y - pg.cy) <= pg.radius), None)
            if pocket is not None:  # lands over the drop circle: it falls (§9.6)
                b.pocket()
                self.pocketed[b.name] = pocket.name
                self.events.append(ev.pot(t, b.name, pocket.name))
                self.contacts.append(Contact(t, "pot", (b.name,), e0, 0.0))
            elif not (0.0 <= b.x <= geo.width and 0.0 <= b.y <= geo.length):
                self._gone(t, b)  # came down beyond the noses: on the rail or outside
                self.contacts.append(Contact(t, "off", (b.name,), e0, 0.0))
            else:
                b.vz = min(b.vz, 0.0)
                self._slate(t, b)
                self.contacts.append(Contact(t, "land", (b.name,), e0, b.energy(t, p, R)))
        elif kind == CAPTURE:
            b.pocket()
            self.pocketed[b.name] = data.name
            self.events.append(ev.pot(t, b.name, data.name))
            self.contacts.append(Contact(t, "pot", (b.name,), e0, 0.0))
        else:
            if kind == LINE:
                normal = (data.nx, data.ny)
            else:
                dx, dy = b.x - data.cx, b.y - data.cy
                d = math.hypot(dx, dy)
                normal = (dx / d, dy / d)
            sin_c = (geo.nose_height - R - b.h) / R
            s, guarded = self.resolver.air_cushion.bounce3d(
                normal, (b.vx, b.vy, b.vz, b.wx, b.wy, b.wz), R, sin_c, p)
            b.vx, b.vy, b.vz, b.wx, b.wy, b.wz = s
            b.state = STATIONARY
            b.classify(p, R)
            self.events.append(ev.cushion(t, b.name))
            jaw = kind == ARC or data.pocket is not None
            self.contacts.append(Contact(t, "jaw" if jaw else "cushion", (b.name,), e0,
                                         b.energy(t, p, R), guarded))
        return [b]

    def _rail(self, t: float, kind: int, b: Ball, data: Any) -> list[Ball]:
        """The events of a ball on the rail top (predict_rail)."""
        p, R = self.p, self.R
        b.commit(t, p, R, True)
        e0 = b.energy(t, p, R)
        if kind == CAPTURE:
            b.pocket()
            self.pocketed[b.name] = data.name
            self.events.append(ev.pot(t, b.name, data.name))
            self.contacts.append(Contact(t, "pot", (b.name,), e0, 0.0))
        elif kind == DROP:  # over the bed: it falls from the rail height (classify: airborne)
            b.floor = 0.0
            b.classify(p, R)
            self.contacts.append(Contact(t, "drop", (b.name,), e0, b.energy(t, p, R)))
        elif kind == OFF:  # over the outer edge, to the floor
            self._gone(t, b)
            self.contacts.append(Contact(t, "off", (b.name,), e0, 0.0))
        else:  # a motion transition
            b.classify(p, R)
            if not b.moving():  # at rest on the rail: off the table (§9.5)
                self._gone(t, b)
                self.contacts.append(Contact(t, "off", (b.name,), e0, 0.0))
            else:
                self.contacts.append(Contact(t, "transition", (b.name,), e0,
                                             b.energy(t, p, R)))
        return [b]

    def _gone(self, t: float, b: Ball) -> None:
        b.pocket()  # out of play, like a pocketed ball, but not in a pocket
        self.gone[b.name] = t
        self.events.append(ev.off(t, b.name))

    def resolve(self, t: float, kind: int, b: Ball, o: Ball | None, data: Any) -> list[Ball]:
        p, R = self.p, self.R
        if kind == PAIR and o is not None and (b.state == AIRBORNE or o.state == AIRBORNE
                                               or b.h > 0.0 or o.h > 0.0):
            return self._pair3(t, b, o)
        if b.state == AIRBORNE:
            return self._air(t, kind, b, data)
        if b.floor > 0.0:
            return self._rail(t, kind, b, data)
        # On the bed (h = 0, not in the air): Ball.energy just after a commit, inlined
        ev_, ew = self.e_v, self.e_w
        if kind == PAIR and o is not None:
            b.commit(t, p, R, True)
            o.commit(t, p, R, True)
            e0 = (ev_ * (b.vx * b.vx + b.vy * b.vy) + ew * (b.wx * b.wx + b.wy * b.wy + b.wz * b.wz)
                  + (ev_ * (o.vx * o.vx + o.vy * o.vy)
                     + ew * (o.wx * o.wx + o.wy * o.wy + o.wz * o.wz)))
            dx, dy = o.x - b.x, o.y - b.y
            d = math.hypot(dx, dy)
            n = (dx / d, dy / d)
            s1, s2, guarded = self.resolver.ball_ball.collide(
                n, (b.vx, b.vy, b.wx, b.wy, b.wz), (o.vx, o.vy, o.wx, o.wy, o.wz), R, p)
            # The ball moving faster towards the other is the one that "hit" it.
            first, second = (b, o) if b.vx * n[0] + b.vy * n[1] >= -(o.vx * n[0] + o.vy * n[1]) \
                else (o, b)
            b.vx, b.vy, b.wx, b.wy, b.wz = s1
            b.classify(p, R)
            o.vx, o.vy, o.wx, o.wy, o.wz = s2
            o.classify(p, R)
            self.events.append(ev.hit(t, first.name, second.name))
            e1 = (ev_ * (b.vx * b.vx + b.vy * b.vy) + ew * (b.wx * b.wx + b.wy * b.wy + b.wz * b.wz)
                  + (ev_ * (o.vx * o.vx + o.vy * o.vy)
                     + ew * (o.wx * o.wx + o.wy * o.wy + o.wz * o.wz)))
            self.contacts.append(_new(Contact, (t, "hit", (b.name, o.name), e0, e1, guarded)))
            return [b, o]
        b.commit(t, p, R, True)
        e0 = ev_ * (b.vx * b.vx + b.vy * b.vy) + ew * (b.wx * b.wx + b.wy * b.wy + b.wz * b.wz)
        if kind == TRANSITION:
            b.classify(p, R)
            e1 = ev_ * (b.vx * b.vx + b.vy * b.vy) + ew * (b.wx * b.wx + b.wy * b.wy + b.wz * b.wz)
            self.contacts.append(_new(Contact, (t, "transition", (b.name,), e0, e1, False)))
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
            s, guarded = self.resolver.cushion.bounce(normal, (b.vx, b.vy, b.wx, b.wy, b.wz),
                                                      R, self.geo.nose_height, p)
            b.vx, b.vy, b.wx, b.wy, b.wz = s
            b.classify(p, R)
            self.events.append(ev.cushion(t, b.name))
            jaw = kind == ARC or data.pocket is not None
            e1 = ev_ * (b.vx * b.vx + b.vy * b.vy) + ew * (b.wx * b.wx + b.wy * b.wy + b.wz * b.wz)
            self.contacts.append(Contact(t, "jaw" if jaw else "cushion", (b.name,), e0, e1,
                                         guarded))
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
            if kind == LATER:
                self._solve_later(_, b, o, data)  # type: ignore[arg-type]
                continue
            if kind == RESUME:
                self._resume(b, data)
                continue
            n += 1
            if n > p.max_events or t > p.max_time:
                self.truncated = True
                break
            t = max(t, self.now)
            self.now = t
            self.nev = n
            changed = self.resolve(t, kind, b, o, data)
            changed_at = self.changed_at
            for c in changed:
                c.ver += 1
                changed_at[c.i] = n
            for c in changed:
                self.predict_own(c)
            for k, c in enumerate(changed):
                self.predict_pairs(c, changed[:k])
        end = self.now
        for b in self.balls:
            if b.state != POCKETED and b.floor > 0.0:  # stopped by the caps on the rail top
                b.commit(end, p, self.R, True)
                self._gone(end, b)
            if b.state != POCKETED:
                if self.truncated:
                    # Stop everything where it is (positions stay valid: no overlap).
                    b.commit(end, p, self.R, True)
                    b.vx = b.vy = b.wx = b.wy = b.wz = 0.0
                    b.classify(p, self.R)
                b.commit(end, p, self.R, True)
                if not b.segments:
                    b.segments.append((0.0, end, b.x, b.y, 0.0, 0.0, 0.0, 0.0, 0.0,
                                       0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0))


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
    elevation = math.radians(stroke.elevation)
    side, height, miscue = clamp_offset(stroke.side, stroke.height, elevation, p.miscue_limit)
    jump = stroke.cue == "jump"
    vx, vy, vz, wx, wy, wz = strike3d(
        stroke.speed, math.radians(stroke.angle), side, height, elevation, geo.radius,
        p.ball_mass, p.jump_cue_mass if jump else p.cue_mass,
        p.jump_tip_restitution if jump else p.tip_restitution, p.squirt_mass_ratio)
    cue.vx, cue.vy, cue.wx, cue.wy, cue.wz = vx, vy, wx, wy, wz
    sim = _Sim(geo, p, balls, resolver or resolver_for(p))
    if p.airborne and vz < 0.0:
        cue.vz = vz  # into the slate, which reacts at once (sequential model, §9.1)
        sim._slate(0.0, cue)
    else:
        cue.classify(p, geo.radius)
    sim.run()
    return _result(table, sim, miscue, record)


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
            events.append(ev.off(sim.now, b.name))  # safety net: flights end in an off event
            continue
        final[b.name] = (x, y)
    if sim.flew:
        events += _over_events(sim)
    # Times to the nanosecond: contacts that are simultaneous in exact arithmetic (a ball
    # hitting two touching balls at once) differ by round-off, and the protocol reads equal
    # times as simultaneous.
    for e in events:
        e["t"] = round(e["t"], 9)
        if "end" in e:
            e["end"] = round(e["end"], 9)
    events.sort(key=lambda e: e["t"])  # stable: simultaneous events keep their order
    traj = ({b.name: tuple(make_segment(s) for s in b.segments) for b in sim.balls}
            if record else {})
    return Shot(tuple(events), final, dict(sim.pocketed), traj, sim.now, miscue,
                sim.truncated, len(sim.contacts), tuple(sim.contacts) if record else ())


def _over_events(sim: _Sim) -> list[ev.StrokeEvent]:
    """``over`` events (referee protocol 1.1 §3; SNK-2.19's "passes over any part of an object
    ball"): a ball in the air, higher than another, with the plan-view discs overlapping
    (centres closer than 2R), from the segments in closed form. ``far_side``: it next came
    down beyond the line through the other ball's centre normal to its horizontal velocity.
    """
    out: list[ev.StrokeEvent] = []
    two_r = 2.0 * sim.R
    ends = {b.i: [sg[1] for sg in b.segments] for b in sim.balls}  # sorted: segments follow
    for a in sim.balls:
        flights = [sg for sg in a.segments if sg[8] == AIRBORNE]
        if not flights:
            continue
        for o in sim.balls:
            if o is a:
                continue
            spans: list[tuple[float, float, tuple[float, ...]]] = []
            segs = o.segments
            for fa in flights:
                # only o's segments that overlap the flight in time
                for k in range(bisect.bisect_right(ends[o.i], fa[0]), len(segs)):
                    so = segs[k]
                    if so[0] >= fa[1]:
                        break
                    lo, hi = max(fa[0], so[0]), min(fa[1], so[1])
                    if hi <= lo or _apart(fa, so, lo, hi, two_r):
                        continue
                    spans += [(t0, t1, fa) for t0, t1 in _overlaps(fa, so, lo, hi, two_r)
                              if _higher(fa, so, 0.5 * (t0 + t1))]
            merged: list[list[Any]] = []
            for t0, t1, fa in sorted(spans):
                if merged and t0 <= merged[-1][1] + 1e-12:
                    merged[-1][1], merged[-1][2] = max(merged[-1][1], t1), fa
                else:
                    merged.append([t0, t1, fa])
            for t0, t1, fa in merged:
                out.append(ev.over(t0, a.name, o.name, t1, _far_side(sim, a, o, t1, fa)))
    return out


def _box(seg: tuple[float, ...], lo: float, hi: float) -> tuple[float, float, float, float]:
    dt = lo - seg[0]
    x, y = _at(seg, lo)
    xlo, xhi = span(x, seg[4] + seg[6] * dt, seg[6], hi - lo)
    ylo, yhi = span(y, seg[5] + seg[7] * dt, seg[7], hi - lo)
    return xlo, xhi, ylo, yhi


def _apart(fa: tuple[float, ...], so: tuple[float, ...], lo: float, hi: float,
           two_r: float) -> bool:
    """The two centres' boxes over [lo, hi] are more than 2R apart: no plan-view overlap
    (a cheap rejection before :func:`_overlaps`)."""
    a, b = _box(fa, lo, hi), _box(so, lo, hi)
    return (a[0] > b[1] + two_r or b[0] > a[1] + two_r or a[2] > b[3] + two_r
            or b[2] > a[3] + two_r)


def _at(seg: tuple[float, ...], t: float) -> tuple[float, float]:
    dt = t - seg[0]
    return (seg[2] + (seg[4] + 0.5 * seg[6] * dt) * dt, seg[3] + (seg[5] + 0.5 * seg[7] * dt) * dt)


def _higher(fa: tuple[float, ...], so: tuple[float, ...], t: float) -> bool:
    def h(seg: tuple[float, ...]) -> float:
        dt = t - seg[0]
        return seg[15] + (seg[16] + 0.5 * seg[17] * dt) * dt if seg[8] == AIRBORNE else 0.0
    return h(fa) > h(so)


def _overlaps(fa: tuple[float, ...], so: tuple[float, ...], lo: float, hi: float,
              two_r: float) -> list[tuple[float, float]]:
    """Sub-intervals of [lo, hi] where the plan-view centre distance is below 2R."""
    # d(t) = p + u s + a s^2 with s = t - lo (both segments re-based at lo)
    pa, po = _at(fa, lo), _at(so, lo)
    ua = (fa[4] + fa[6] * (lo - fa[0]), fa[5] + fa[7] * (lo - fa[0]))
    uo = (so[4] + so[6] * (lo - so[0]), so[5] + so[7] * (lo - so[0]))
    dx, dy = pa[0] - po[0], pa[1] - po[1]
    ux, uy = ua[0] - uo[0], ua[1] - uo[1]
    ax, ay = 0.5 * (fa[6] - so[6]), 0.5 * (fa[7] - so[7])
    c = (ax * ax + ay * ay, 2.0 * (ux * ax + uy * ay),
         ux * ux + uy * uy + 2.0 * (dx * ax + dy * ay), 2.0 * (dx * ux + dy * uy),
         dx * dx + dy * dy - two_r * two_r)
    span = hi - lo
    cuts = [0.0, *real_roots(c, 0.0, span), span]
    out = []
    for s0, s1 in itertools.pairwise(cuts):
        m = 0.5 * (s0 + s1)
        if (((c[0] * m + c[1]) * m + c[2]) * m + c[3]) * m + c[4] < 0.0 and s1 > s0:
            out.append((lo + s0, lo + s1))
    return out


def _far_side(sim: _Sim, a: Ball, o: Ball, end: float, fa: tuple[float, ...]) -> bool:
    land = next((t for t in sim.landings.get(a.name, ()) if t >= end - 1e-12), None)
    t = land if land is not None else fa[1]
    seg_a = next((sg for sg in a.segments if sg[0] <= t <= sg[1]), a.segments[-1])
    seg_o = next((sg for sg in o.segments if sg[0] <= t <= sg[1]), o.segments[-1])
    pa, po = _at(seg_a, min(t, seg_a[1])), _at(seg_o, min(t, seg_o[1]))
    return (pa[0] - po[0]) * fa[4] + (pa[1] - po[1]) * fa[5] > 0.0


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
