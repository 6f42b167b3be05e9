"""Ghost-ball geometry: which pots are on from a cue-ball position, and how hard each is.

Geometry on the equipment layer: the search turns these lines into strokes and lets the
simulator and the referee say what they are really worth. The aims of strokes with side
(:func:`squirt_aim`, :func:`side_aims`) take the physics' squirt and a simulated throw,
shared by snooker break-building and pool position play.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from cuesport import disciplines
from cuesport.equipment import (
    COLOUR_VALUES,
    TableSpec,
    d_centre,
    head_string_y,
    on_table,
    pockets,
)
from cuesport.physics import params_for
from cuesport.physics.resolve.cue import clamp_offset, squirt_angle
from cuesport.rules.in_hand import in_d, playable_from_kitchen

Vec = tuple[float, float]
MAX_CUT = 72.0  # degrees: thinner cuts are left to luck


@dataclass(frozen=True, slots=True)
class PotLine:
    """A pot: the cue ball sent to the ghost ball sends ``target`` into ``pocket``."""

    target: str
    pocket: str
    angle: float  # stroke direction, degrees counter-clockwise from +x
    cut: float  # degrees
    d_cue: float  # mm, cue ball to ghost ball
    d_pocket: float  # mm, object ball to the pocket
    ease: float  # 0..1, a rough chance of potting for a good player
    aim: Vec = (0.0, 0.0)  # where the object ball is sent (just inside the pocket mouth)


def cue_ball_of(discipline: str, player: int) -> str:
    return disciplines.find(discipline).cue_ball_of(player)


def ball_value(discipline: str, name: str) -> int:
    return disciplines.find(discipline).value_of(name)


def targets_for(discipline: str, ball_on: Iterable[str] | None, balls: Mapping[str, Vec],
                cue: str, free_ball: bool = False) -> list[str]:
    """The object balls a stroke may aim at, read from the ruling's ``ball_on``."""
    cues = disciplines.find(discipline).cue_balls
    # with a cue ball per player, the opponent's is an object ball
    objects = [b for b in balls if b not in cues or (len(cues) > 1 and b != cue)]
    if ball_on is None or free_ball:
        return objects
    on = list(ball_on)
    out: list[str] = []
    for token in on:
        if token in balls:
            out.append(token)
        elif token == "red":
            out += [b for b in objects if b.startswith("red")]
        elif token == "any-colour":
            out += [b for b in objects if b in COLOUR_VALUES]
        elif token == "open":
            out += [b for b in objects if b != "8"]
        elif token == "solids":
            out += [b for b in objects if b.isdigit() and int(b) < 8]
        elif token == "stripes":
            out += [b for b in objects if b.isdigit() and int(b) > 8]
    return list(dict.fromkeys(out)) or objects


@cache
def _pocket_aims(table: TableSpec) -> tuple[tuple[str, Vec, Vec], ...]:
    """Per pocket: its name, the aim point (just inside the mouth) and the inward axis."""
    out = []
    for p in pockets(table):
        k = 0.3 * table.ball_radius
        aim = (p.mouth_centre[0] + p.axis[0] * k, p.mouth_centre[1] + p.axis[1] * k)
        out.append((p.name, aim, p.axis))
    return tuple(out)


def clear(a: Vec, b: Vec, others: Mapping[str, Vec], r: float, skip: str | None = None
          ) -> bool:
    """No ball but ``skip`` has its centre nearer than 2r to the segment a-b (the test of
    :func:`cuesport.equipment.path_clear`, with a bounding-box shortcut: the bots ask it
    thousands of times a decision)."""
    ax, ay = a
    vx, vy = b[0] - ax, b[1] - ay
    n2 = vx * vx + vy * vy
    lim = 4.0 * r * r
    k = 2.0 * r
    x0, x1 = min(ax, b[0]) - k, max(ax, b[0]) + k
    y0, y1 = min(ay, b[1]) - k, max(ay, b[1]) + k
    for name, (px, py) in others.items():
        if px < x0 or px > x1 or py < y0 or py > y1 or name == skip:
            continue
        t = ((px - ax) * vx + (py - ay) * vy) / n2 if n2 > 0.0 else 0.0
        t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
        dx, dy = ax + t * vx - px, ay + t * vy - py
        if dx * dx + dy * dy < lim:
            return False
    return True


def pot_lines(table: TableSpec, balls: Mapping[str, Vec], cue: str, cue_pos: Vec,
              targets: Iterable[str]) -> list[PotLine]:
    """Every open pot from ``cue_pos``, easiest first."""
    r = table.ball_radius
    others = {k: v for k, v in balls.items() if k != cue}
    lines: list[PotLine] = []
    aims = _pocket_aims(table)
    for t in targets:
        tp = balls.get(t)
        if tp is None:
            continue
        # a ball past a cushion's line lies in a pocket's mouth: the jaws stand between
        # it and every other pocket (a line up the rail to the corner from the middle
        # pocket's mouth had a ghost ball inside the cushion, and no stroke potted it)
        mouth = (None if r - 1.0 <= tp[0] <= table.width - r + 1.0
                 and r - 1.0 <= tp[1] <= table.length - r + 1.0
                 else min(aims, key=lambda a: math.dist(a[1], tp))[0])
        for name, aim, axis in aims:
            if mouth is not None and name != mouth:
                continue
            dx, dy = aim[0] - tp[0], aim[1] - tp[1]
            d2 = math.hypot(dx, dy)
            # (a ball past the aim point, deeper in the mouth, is in the jaws too: no line
            # from the table side reaches it, so only a stroke called "safety" touched it,
            # and a called safety that drops the 8 loses the rack, P8-3.8)
            if d2 < 1.2 * r or (d2 < 2.5 * r and dx * axis[0] + dy * axis[1] < 0.0):
                # hanging in the jaws: any contact drops it, so hit it full
                gx, gy = tp[0] - cue_pos[0], tp[1] - cue_pos[1]
                d1 = math.hypot(gx, gy)
                if d1 > 2 * r and clear(cue_pos, tp, others, r, t):
                    lines.append(PotLine(t, name, math.degrees(math.atan2(gy, gx)), 0.0,
                                         d1 - 2 * r, 0.0, ease(table, 0.0, d1, 0.0), aim))
                continue
            ux, uy = dx / d2, dy / d2
            # the ball must enter the mouth from the table side, not along the jaws
            if ux * axis[0] + uy * axis[1] < 0.25:
                continue
            ghost = (tp[0] - 2 * r * ux, tp[1] - 2 * r * uy)
            gx, gy = ghost[0] - cue_pos[0], ghost[1] - cue_pos[1]
            d1 = math.hypot(gx, gy)
            if d1 < 1e-6:
                continue
            cosc = (gx * ux + gy * uy) / d1
            cut = math.degrees(math.acos(max(-1.0, min(1.0, cosc))))
            if cut > MAX_CUT:
                continue
            if not clear(cue_pos, ghost, others, r, t):
                continue
            if not clear(tp, aim, others, r, t):
                continue
            lines.append(PotLine(t, name, math.degrees(math.atan2(gy, gx)), cut, d1, d2,
                                 ease(table, cut, d1, d2), aim))
    lines.sort(key=lambda line: -line.ease)
    return lines


def ease(table: TableSpec, cut: float, d1: float, d2: float) -> float:
    """A smooth guess at the pot chance: thin cuts and long distances are hard."""
    scale = table.length * (0.55 if table.kind == "snooker" else 0.8)
    c = max(0.0, math.cos(math.radians(cut)))
    return max(0.0, math.pow(c, 1.5) * math.exp(-(d1 + 1.6 * d2) / (2.2 * scale)))


def pot_speed(table: TableSpec, line: PotLine) -> float:
    """A cue speed (m/s) that gets the object ball to the pocket with something to spare
    (calibrated on the simulator: about nine pots in ten with a perfect stroke)."""
    d1, d2 = line.d_cue / 1e3, line.d_pocket / 1e3
    c = max(math.cos(math.radians(line.cut)), 0.35)
    v_obj = math.sqrt(2 * 0.15 * d2 + 0.12)
    v_cue = math.sqrt((v_obj / c) ** 2 + 2 * 0.6 * d1 * 0.3)
    return min(max(2.0 * v_cue / 1.3, 0.8), 8.0)


def in_hand_spots(table: TableSpec, zone: str, balls: Mapping[str, Vec], cue: str,
                  targets: Iterable[str], limit: int = 8) -> list[Vec]:
    """Legal cue-ball placements worth trying: behind each target's easiest pots, plus a
    coarse grid of the zone (the D, the kitchen or the whole table)."""
    r = table.ball_radius
    others = {k: v for k, v in balls.items() if k != cue}

    def legal(p: Vec) -> bool:
        if not on_table(p, table, eps=-1.0):
            return False
        if zone == "D" and not in_d(p, table, tol=-1.0):
            return False
        if zone == "kitchen" and not playable_from_kitchen(p, table, tol=-2.0):
            return False
        return all(math.dist(p, q) > 2 * r + 2.0 for q in others.values())

    cands: list[Vec] = []
    known: list[tuple[float, Vec]] = []  # straight-in spots, scored as they are made
    if zone == "D":
        cx, cy = d_centre(table)
        rad = table.d_radius - 3.0
        for i in range(9):
            a = math.pi + math.pi * i / 8
            for f in (0.35, 0.9):
                cands.append((cx + f * rad * math.cos(a), cy - 2.0 + f * rad * math.sin(a)))
    elif zone == "kitchen":
        hy = head_string_y(table) - 5.0
        for fx in (0.2, 0.35, 0.5, 0.65, 0.8):
            for fy in (0.45, 0.99):
                cands.append((table.width * fx, hy * fy))
    else:
        for fx in (0.25, 0.5, 0.75):
            for fy in (0.2, 0.4, 0.6, 0.8):
                cands.append((table.width * fx, table.length * fy))
        # straight in, behind each target's pocket line
        for t in targets:
            tp = balls.get(t)
            if tp is None:
                continue
            for _, aim, _ in _pocket_aims(table):
                dx, dy = tp[0] - aim[0], tp[1] - aim[1]
                d = math.hypot(dx, dy)
                if d < 1.0 or not clear(tp, aim, others, r, t):
                    continue
                for back in (250.0, 450.0):
                    s = (d + 2 * r + back) / d
                    p = (aim[0] + dx * s, aim[1] + dy * s)
                    ghost = (aim[0] + dx * (d + 2 * r) / d, aim[1] + dy * (d + 2 * r) / d)
                    if legal(p) and clear(p, ghost, others, r, t):
                        known.append((ease(table, 0.0, back, d), p))
    good = [p for p in cands if legal(p)]
    if not good and not known:  # a crowded zone: try scattered points
        rng = random.Random(len(balls))
        top = head_string_y(table) if zone == "kitchen" else (
            table.baulk_from_bottom if zone == "D" else table.length)
        for _ in range(400):
            p = (rng.uniform(0, table.width), rng.uniform(0, top))
            if legal(p):
                good.append(p)
                if len(good) >= limit:
                    break
    scored = list(known)
    for p in good:
        lines = pot_lines(table, balls, cue, p, targets)
        scored.append((lines[0].ease if lines else 0.0, p))
    scored.sort(key=lambda s: -s[0])
    return [p for _, p in scored[:limit]]


def contact_angles(cue_pos: Vec, target: Vec, radius: float,
                   fractions: Iterable[float]) -> list[float]:
    """Stroke directions for given fullness: 0 full ball, +-1 the thinnest edge."""
    dx, dy = target[0] - cue_pos[0], target[1] - cue_pos[1]
    d = math.hypot(dx, dy)
    base = math.degrees(math.atan2(dy, dx))
    out = []
    for f in fractions:
        off = max(-0.98, min(0.98, f * 2 * radius / max(d, 2 * radius)))
        out.append(base + math.degrees(math.asin(off)))
    return out


def squirt_aim(table: TableSpec, angle: float, side: float, height: float,
               elevation: float = 0.0) -> float:
    """The aim (degrees) that sends a cue ball struck with ``side`` along ``angle``: side
    turns the ball away from the side struck (squirt, physics.md section 3), 1.2 degrees
    at 0.3 R, a ball's width a metre on, so a side variant aimed at the ghost ball of the
    plain stroke misses the pot (measured: the object ball 300-500 mm off the pocket)."""
    p = params_for(table)
    if side == 0.0:
        return angle
    x, _, _ = clamp_offset(side, height, math.radians(elevation), p.miscue_limit)
    return angle - math.copysign(math.degrees(squirt_angle(x, p.squirt_mass_ratio)), x)


def side_aims(table: TableSpec, angle: float, speed: float,
              variants: Sequence[tuple[float, float, float]],
              error: Callable[[float, float, float, float], float | None],
              ) -> dict[tuple[float, float, float], float]:
    """Per side variant ``(speed factor, height, side)`` of a pot aimed at ``angle`` (the
    plain stroke's throw-corrected aim, at ``speed``): the aim that sends the object ball
    to the pocket. ``error(angle, speed, side, height)`` simulates a stroke and gives the
    object ball's departure off its line to the pocket (radians; None: no simulation).
    Side throws the object ball too (by spin, and more with screw), so the squirt aim alone
    misses by 80-200 mm: one secant step per variant, on the slope of the plain stroke,
    brings that to 3-20 mm (the plain grid's own). Variants left out keep the squirt aim."""
    e0 = error(angle, speed, 0.0, 0.0)
    e1 = error(angle + 0.2, speed, 0.0, 0.0)
    if e0 is None or e1 is None or abs(e1 - e0) < 1e-9:
        return {}
    slope = (e1 - e0) / 0.2
    out: dict[tuple[float, float, float], float] = {}
    for k, h, sd in variants:
        if sd == 0.0:
            continue
        a0 = squirt_aim(table, angle, sd, h)
        e = error(a0, min(speed * k, 9.0), sd, h)
        if e is None:
            continue
        step = -e / slope
        out[(k, h, sd)] = a0 + step if abs(step) < 3.0 else a0
    return out
