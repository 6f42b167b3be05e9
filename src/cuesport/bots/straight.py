"""14.1 straight pool: the break ball, the break shot and the closed pack (geometry only).

A run in 14.1 goes on across re-racks only when the 15th ball (the break ball) can be
potted with the cue ball going on into the new pack (P141-4.8): the pot scores, the
cannon opens the rack, and the next ball is on. Potting the break ball with the cue ball
sliding away from the pack leaves a closed rack and a safety battle. So, while the pack
is closed (most of its balls still inside the rack outline):

- :func:`break_factor` weighs a pot on a ball outside the pack by whether the cue ball,
  after contact, can run into the pack (with follow, stun or draw; straight in, or, worth
  a little less, off one cushion): the search's look
  (:func:`cuesport.bots.search.prospects`) uses it, so the last balls of a rack are
  played for a break ball and the position on it, and the 14th ball is chosen so that
  the 15th is left where it opens the next rack;
- :func:`break_shots` proposes the break shot itself: pot lines on the outside balls
  whose cue-ball path meets the pack, each with a grid of firm paces and spins
  (:data:`BREAK_GRID`); the simulator and the referee then say which pots, opens the
  balls and leaves a shot (valued like any stroke, under the level's noise). The search
  also plays a few of them, under the noise, from the position each pot of the 14th ball
  leaves (:func:`cuesport.bots.search.break_look`): the break ball and the cue ball's
  place on it are chosen by the break shot they give, not by the geometry alone.

The cue-ball path after contact, once its sliding is over: with the rolling ratio ``k``
(1 natural roll, 0 stun, -1 full draw; the tip height in radii times 2.5, clamped) it
leaves the contact along ``(5 + 2k)/7 sin(cut) t + 2k/7 cos(cut) n`` (``t`` the tangent
line, ``n`` the object ball's line): the textbook result for a ball with spin meeting
another (natural roll gives the "30-degree rule", stun the tangent line).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping, Sequence

from cuesport.bots.aim import PotLine
from cuesport.equipment import TableSpec, pockets
from cuesport.equipment.racks import rack_outline
from cuesport.rules.rack_interference import rack_outline_distance

Vec = tuple[float, float]

PACK_CLOSED = 9  # object balls in the rack outline that make a closed pack
BREAKLESS = 0.35  # worth of a pot on an outside ball whose cue ball cannot reach the pack
OFF_CUSHION = 0.75  # ... whose cue ball reaches it only off a cushion (less sure to open it)
IN_PACK = 0.5  # worth of a pot on a ball of a closed pack (frozen balls throw)
HEIGHTS = (0.6, 0.3, 0.0, -0.4)  # follow .. draw (tip height, fractions of R)
# (m/s, tip height) of the break shot, in the order tried: which pace and spin spread the
# pack depends on the cut in a way the path's geometry does not say (a faster cue ball
# slides on along the tangent line before its spin bends its path), so every line gets
# the grid of firm speeds and follow to draw, the pairs that most often spread the balls
# under the noise first (strong, a break ball beside the rack cut 20 to 50 degrees into
# the corner: full follow at 3.4-6.5 m/s and draw at 5-6.5 m/s opened 5 to 12 balls with
# a pot left; stun and soft draw seldom did)
BREAK_GRID = ((5.0, 0.6), (6.5, -0.4), (3.4, 0.6), (5.0, -0.4), (6.5, 0.6), (3.4, -0.4),
              (4.2, 0.3), (4.2, 0.0), (5.0, 0.3), (6.5, 0.0), (3.4, 0.3), (5.0, 0.0),
              (4.2, 0.6), (4.2, -0.4), (6.5, 0.3), (3.4, 0.0))
BREAK_SHOTS = 32  # break-shot candidates at most (each simulates the whole pack)
REACH = 1800.0  # mm: how far the cue ball's path is followed to the pack
# cushions the cue ball's path may take into the pack: a break ball near a rail opens the
# rack with the cue ball off that rail (a "secondary" break shot)
CUSHIONS = 1
# mm: a path meeting the cushion nearer a pocket's centre than this is taken as pocketed
POCKET_CLEAR = {"corner": 150.0, "middle": 90.0}


@functools.lru_cache(maxsize=8)
def _outline_box(table: TableSpec) -> tuple[float, float, float, float]:
    """The rack outline's bounding box grown by a ball's radius (x0, y0, x1, y1)."""
    tri = rack_outline(table)
    r = table.ball_radius
    return (min(p[0] for p in tri) - r, min(p[1] for p in tri) - r,
            max(p[0] for p in tri) + r, max(p[1] for p in tri) + r)


def pack(table: TableSpec, balls: Mapping[str, Vec], cue: str) -> set[str]:
    """The object balls lying in the marked rack outline (or within a radius of it)."""
    r = table.ball_radius
    x0, y0, x1, y1 = _outline_box(table)
    # the box first: the search asks this of every position it values (a profile of 14.1
    # decisions spent a tenth of their time in the triangle's distance)
    return {b for b, p in balls.items() if b != cue and x0 <= p[0] <= x1 and y0 <= p[1] <= y1
            and rack_outline_distance(p, table) < r}


_CLOSED: dict[tuple[object, ...], frozenset[str]] = {}


def closed(table: TableSpec, balls: Mapping[str, Vec], cue: str) -> set[str]:
    """The pack's balls when the pack is closed (a fresh re-rack or a rack never
    opened), else the empty set."""
    # one decision asks it of the same position for every stroke it values (look_weight)
    key = (table, cue, *balls.items())
    got = _CLOSED.get(key)
    if got is None:
        inside = pack(table, balls, cue)
        got = frozenset(inside if len(inside) >= PACK_CLOSED else ())
        if len(_CLOSED) >= 256:
            _CLOSED.clear()
        _CLOSED[key] = got
    return set(got)


# (speed factor, height, side): the pot of the 14th ball (the re-rack follows) tried on a
# finer grid of pace and spin than other pots, after a level's own: where the cue ball
# stops decides whether the break ball opens the new pack, once a rack
RERACK_SPEEDS = (0.6, 0.8, 1.0, 1.3, 1.6, 2.0)
RERACK_HEIGHTS = (-0.5, -0.3, 0.0, 0.3, 0.6)


def reracks(balls: Mapping[str, Vec], cue: str) -> bool:
    """Whether a pot from ``balls`` brings the re-rack (two object balls left: P141-4.8,
    the 14th ball down leaves the 15th as the break ball)."""
    return sum(1 for b in balls if b != cue) == 2


def rerack_variants(balls: Mapping[str, Vec], cue: str) -> list[tuple[float, float, float]]:
    """The finer grid of pace and spin for a pot that re-racks (:func:`reracks`), the
    plainest first; none otherwise."""
    if not reracks(balls, cue):
        return []
    grid = [(k, h, 0.0) for k in RERACK_SPEEDS for h in RERACK_HEIGHTS]
    return sorted(grid, key=lambda v: abs(math.log(v[0])) + 0.5 * abs(v[1]))


# the look's weight at a closed pack (:func:`look_weight`): what a break shot leaves is a
# run of many balls when the pack opens with a shot on, a safety battle when it does not
RUN_LOOK = 2.5


def look_weight(table: TableSpec, balls: Mapping[str, Vec], cue: str) -> float:
    """How much the position a stroke leaves counts, relative to the search's look, for a
    stroke played at ``balls``: :data:`RUN_LOOK` at a closed pack (the break shot, and the
    strokes while the pack stays shut: opening it with a shot on is worth the run that
    follows, not one ball), 1 elsewhere."""
    return RUN_LOOK if closed(table, balls, cue) else 1.0


# the work (simulations and events) of a decision at a re-rack, relative to the level's
# budget: the pot of the 14th ball, the break shot and the strokes at a shut pack (once a
# rack, and a break shot into the full pack costs many events: the cap cut its noisy
# stage short)
RERACK_WORK = 1.0


def rerack_work(table: TableSpec, balls: Mapping[str, Vec], cue: str) -> float:
    """The budget's factor for a decision at ``balls`` (:data:`RERACK_WORK` at a closed
    pack or at the pot that re-racks, 1 elsewhere)."""
    if reracks(balls, cue) or closed(table, balls, cue):
        return RERACK_WORK
    return 1.0


# break shots simulated (:func:`cuesport.bots.search.break_look`) for each noisy sample
# of the pot that re-racks (0: the noise-free result's break look lent to every sample)
SAMPLE_BREAK_SHOTS = 0


def rolling_ratio(height: float) -> float:
    return max(-1.0, min(1.0, 2.5 * height))


def departure(line: PotLine, balls: Mapping[str, Vec], r: float, height: float
              ) -> tuple[Vec, Vec]:
    """Where the cue ball meets the object ball (the ghost ball) and the unit direction
    it leaves in once the sliding is over (see the module's formula)."""
    tp = balls[line.target]
    a = math.radians(line.angle)
    dx, dy = math.cos(a), math.sin(a)
    nx, ny = line.aim[0] - tp[0], line.aim[1] - tp[1]
    n = math.hypot(nx, ny)
    nx, ny = nx / n, ny / n
    ghost = (tp[0] - 2 * r * nx, tp[1] - 2 * r * ny)
    # the tangent, on the side the cue ball was travelling
    along = dx * nx + dy * ny
    tx, ty = dx - along * nx, dy - along * ny
    t = math.hypot(tx, ty)
    k = rolling_ratio(height)
    cut = math.radians(line.cut)
    if t < 1e-9:  # full ball: follow or draw straight on or back
        vx, vy = k * nx, k * ny
    else:
        tx, ty = tx / t, ty / t
        st = (5.0 + 2.0 * k) / 7.0 * math.sin(cut)
        sn = 2.0 * k / 7.0 * math.cos(cut)
        vx, vy = st * tx + sn * nx, st * ty + sn * ny
    v = math.hypot(vx, vy)
    if v < 1e-9:
        return ghost, (0.0, 0.0)
    return ghost, (vx / v, vy / v)


def first_hit(start: Vec, direction: Vec, balls: Mapping[str, Vec], r: float,
              skip: Iterable[str], reach: float = REACH) -> str | None:
    """The first ball the cue ball's centre line from ``start`` meets within ``reach``."""
    ignore = set(skip)
    best: tuple[float, str] | None = None
    ux, uy = direction
    for name, (px, py) in balls.items():
        if name in ignore:
            continue
        wx, wy = px - start[0], py - start[1]
        s = wx * ux + wy * uy
        if s <= 0 or s > reach:
            continue
        off2 = wx * wx + wy * wy - s * s
        if off2 < 4 * r * r and (best is None or s < best[0]):
            best = (s, name)
    return None if best is None else best[1]


def to_cushion(table: TableSpec, start: Vec, direction: Vec) -> tuple[float, Vec] | None:
    """How far the cue ball's centre runs from ``start`` to the first cushion, and the
    direction it rebounds in (angle in equals angle out: spin and speed bend it, the
    simulator says by how much); None where it meets the cushion in a pocket's mouth."""
    r = table.ball_radius
    ux, uy = direction
    best: tuple[float, int] | None = None
    for axis, c in ((0, r), (0, table.width - r), (1, r), (1, table.length - r)):
        u = ux if axis == 0 else uy
        if abs(u) < 1e-9:
            continue
        t = (c - start[axis]) / u
        if t > 1e-6 and (best is None or t < best[0]):
            best = (t, axis)
    if best is None:
        return None
    t, axis = best
    bx, by = start[0] + t * ux, start[1] + t * uy
    for p in pockets(table):
        if math.dist((bx, by), p.nominal) < POCKET_CLEAR[p.kind]:
            return None
    return t, ((-ux, uy) if axis == 0 else (ux, -uy))


def path_into(table: TableSpec, start: Vec, direction: Vec, balls: Mapping[str, Vec],
              skip: Iterable[str], inside: set[str], cushions: int | None = None) -> int | None:
    """The cushions (0 or up to ``cushions``) the cue ball's straight path from ``start``
    takes before its first ball is one of ``inside``; None when it meets another ball
    first, a pocket, or nothing within :data:`REACH`."""
    r = table.ball_radius
    left = REACH
    here, d = start, direction
    for n in range((CUSHIONS if cushions is None else cushions) + 1):
        wall = to_cushion(table, here, d)
        leg = min(left, wall[0]) if wall is not None else left
        hit = first_hit(here, d, balls, r, skip, leg)
        if hit is not None:
            return n if hit in inside else None
        if wall is None or wall[0] >= left:
            return None
        left -= wall[0]
        here = (here[0] + wall[0] * d[0], here[1] + wall[0] * d[1])
        d = wall[1]
    return None


def openings(table: TableSpec, balls: Mapping[str, Vec], cue: str, line: PotLine,
             inside: set[str], cushions: int | None = None) -> list[tuple[int, float]]:
    """(cushions, tip height) for the heights of :data:`HEIGHTS` whose cue-ball path after
    potting ``line`` runs into the pack, straight or off up to ``cushions`` (default
    :data:`CUSHIONS`) cushions; those that go straight in first."""
    if not inside or line.target in inside:
        return []
    r = table.ball_radius
    found: list[tuple[int, int, float]] = []
    for i, h in enumerate(HEIGHTS):
        ghost, d = departure(line, balls, r, h)
        if d == (0.0, 0.0):
            continue
        n = path_into(table, ghost, d, balls, (cue, line.target), inside, cushions)
        if n is not None:
            found.append((n, i, h))
    return [(n, h) for n, _, h in sorted(found)]


def opening_heights(table: TableSpec, balls: Mapping[str, Vec], cue: str, line: PotLine,
                    inside: set[str], cushions: int | None = None) -> list[float]:
    """The tip heights of :func:`openings`, those that go straight in first."""
    return [h for _, h in openings(table, balls, cue, line, inside, cushions)]


def break_factor(table: TableSpec, balls: Mapping[str, Vec], cue: str, line: PotLine,
                 inside: set[str]) -> float:
    """What a pot on ``line`` is worth, relative to its ease, while the pack is closed:
    1 for a break ball (the cue ball can go on into the pack), :data:`OFF_CUSHION` when
    it gets there only off a cushion, :data:`BREAKLESS` for an outside ball that leaves
    the pack closed, :data:`IN_PACK` for a ball of the pack."""
    if not inside:
        return 1.0
    if line.target in inside:
        return IN_PACK
    found = openings(table, balls, cue, line, inside)
    if not found:
        return BREAKLESS
    return 1.0 if found[0][0] == 0 else OFF_CUSHION


def break_shots(table: TableSpec, balls: Mapping[str, Vec], cue: str,
                lines: Sequence[PotLine], limit: int = 2
                ) -> list[list[tuple[PotLine, float, float]]]:
    """The break shot: per line on an outside ball (``limit`` lines that open the pack by
    :func:`openings`: those whose cue ball goes straight in first, else in the order
    given), (line, speed, height) for the pace and spin of :data:`BREAK_GRID` (how fast
    the spin bends the path depends on the speed: the simulator decides); empty when the
    pack is open or no line opens it."""
    inside = closed(table, balls, cue)
    # the lines whose cue ball goes straight into the pack first, then those off a cushion
    found = [(ops[0][0], i, line) for i, line in enumerate(lines)
             if (ops := openings(table, balls, cue, line, inside))]
    return [[(line, sp, h) for sp, h in BREAK_GRID][: BREAK_SHOTS // limit]
            for _, _, line in sorted(found, key=lambda f: (f[0], f[1]))[:limit]]
