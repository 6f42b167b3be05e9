"""Respotting: where a ball goes back on the table (snooker colours, the 1-red red, pool).

Every function takes a position (ball name -> centre, mm) and returns a new dict with the
respotted balls in it; the input is never mutated. A respotted ball never overlaps another
ball and lies on the bed. Balls to respot that are still listed in the input are moved.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

from cuesport.equipment.balls import COLOUR_VALUES
from cuesport.equipment.geometry import (
    OVERLAP_EPS,
    TOUCH_TOL,
    Positions,
    Vec,
    first_free_spot,
)
from cuesport.equipment.tables import POOL_9FT, SNOOKER, TableSpec, pool_spots, snooker_spots

SPOTS_BY_VALUE: tuple[str, ...] = ("black", "pink", "blue", "brown", "green", "yellow")
_NUDGE = 1e-9  # mm: keeps a ball placed at a clearance boundary on the legal side of it


class NoRoomError(ValueError):
    """No legal place exists on the line the rules prescribe."""


def free_on_line(
    x: float,
    y0: float,
    direction: float,
    limit: float,
    obstacles: Sequence[tuple[Vec, float]],
) -> float | None:
    """Nearest ``y`` to ``y0`` on the line ``x`` (going ``direction`` = +1 or -1, not past
    ``limit``) whose distance to every obstacle centre is at least that obstacle's clearance.

    Exact: the forbidden parts of the line are open intervals around each obstacle."""
    intervals = []
    for (qx, qy), clearance in obstacles:
        dx = x - qx
        if abs(dx) < clearance:
            h = math.sqrt(clearance * clearance - dx * dx)
            intervals.append((qy - h, qy + h))
    # Candidates: the start and every interval end lying ahead of it, nearest first.
    ends = [hi + _NUDGE if direction > 0 else lo - _NUDGE for lo, hi in intervals]
    candidates = [y0, *(y for y in ends if (y - y0) * direction >= 0.0)]
    candidates.sort(key=lambda y: abs(y - y0))
    for y in candidates:
        if (y - limit) * direction > 0.0:
            return None
        if all(not lo < y < hi for lo, hi in intervals) and all(
            math.hypot(x - q[0], y - q[1]) >= c for q, c in obstacles
        ):
            return y
    return None


def _obstacles(positions: Positions, clearance: float) -> list[tuple[Vec, float]]:
    return [(p, clearance) for p in positions.values()]


# ---------------------------------------------------------------- snooker colours


def _colour_on_line(
    colour: str, placed: Positions, table: TableSpec, tol: float
) -> Vec:
    """SNK-3.7(f),(g): nearest free point to the own spot on the centre line, first toward
    the top cushion, then (pink, black; this spec also any other colour, for review) below."""
    r = table.ball_radius
    x, y_spot = snooker_spots(table)[colour]
    obstacles = _obstacles(placed, 2.0 * r + tol)  # SNK-3.7(h): must not touch
    y = free_on_line(x, y_spot, +1.0, table.length - r, obstacles)
    if y is None:
        y = free_on_line(x, y_spot, -1.0, r, obstacles)
    if y is None:
        raise NoRoomError(f"no room to respot the {colour} on the centre line")
    return (x, y)


def respot_colours(
    colours: Iterable[str],
    positions: Positions,
    table: TableSpec = SNOOKER,
    *,
    tol: float = TOUCH_TOL,
) -> dict[str, Vec]:
    """SNK-3.7: respot ``colours`` and return the new position.

    1. Colours whose own spot is free go there (spec reading of 3.7(d)/(e)).
    2. The others, highest value first, take the highest-value free spot (3.7(d),(e)).
    3. Failing that, the nearest free point above the own spot, then below (3.7(f),(g)).
    """
    todo = list(dict.fromkeys(colours))
    for c in todo:
        if c not in COLOUR_VALUES:
            raise ValueError(f"{c!r} is not a snooker colour")
    r = table.ball_radius
    spots = snooker_spots(table)
    placed: dict[str, Vec] = {n: p for n, p in positions.items() if n not in todo}
    waiting = []
    for c in todo:
        if first_free_spot([spots[c]], placed, r, tol=tol) is not None:
            placed[c] = spots[c]  # SNK-3.7(d): own spot free
        else:
            waiting.append(c)
    for c in sorted(waiting, key=lambda n: -COLOUR_VALUES[n]):  # SNK-3.7(e)
        spot = first_free_spot([spots[s] for s in SPOTS_BY_VALUE], placed, r, tol=tol)
        placed[c] = spot if spot is not None else _colour_on_line(c, placed, table, tol)
    return placed


# ---------------------------------------------------------------- snooker 1-red


ONE_RED_PLAIN: tuple[tuple[str, str], ...] = (
    ("black", "SPOT"),
    ("pink", "PYRAMID"),
    ("blue", "CENTRE"),
)
ONE_RED_SUCCESSION: tuple[tuple[str, str], ...] = (
    ("blue", "CENTRE"),
    ("pink", "PYRAMID"),
    ("black", "SPOT_UNCOUNTED"),
)


def respot_one_red(
    positions: Positions,
    table: TableSpec = SNOOKER,
    *,
    succession: bool = False,
    ball: str = "red",
    tol: float = TOUCH_TOL,
) -> tuple[dict[str, Vec], str]:
    """ONE-2.7, the red back on the table: ONE-2.7.1 (spot, pyramid, centre) or, after two
    successive plain pots from the spot or pyramid (``succession``), ONE-2.7.2 (centre,
    pyramid, spot "uncounted": ONE-2.7.2(2)), which makes the cycle of ONE-2.7.3.

    Returns the new position and the ``red_origin`` label of ONE-X.3. With all three spots
    occupied (not covered by the seed) the red goes to the nearest free point of the centre
    line from the black spot, toward the top cushion first, and the origin is ``"NONE"``."""
    r = table.ball_radius
    spots = snooker_spots(table)
    placed: dict[str, Vec] = {n: p for n, p in positions.items() if n != ball}
    for spot_name, origin in ONE_RED_SUCCESSION if succession else ONE_RED_PLAIN:
        if first_free_spot([spots[spot_name]], placed, r, tol=tol) is not None:
            placed[ball] = spots[spot_name]
            return placed, origin
    placed[ball] = _colour_on_line("black", placed, table, tol)
    return placed, "NONE"


def one_red_opponent_ball(
    positions: Positions,
    ball: str,
    table: TableSpec = SNOOKER,
    *,
    tol: float = TOUCH_TOL,
) -> dict[str, Vec]:
    """ONE-2.9.4: the opponent's cue ball back on the middle of the baulk line, or on the
    right-hand corner of the D (yellow spot) if that is occupied. Both occupied (not in
    the seed): the nearest free point above the brown spot on the centre line."""
    r = table.ball_radius
    spots = snooker_spots(table)
    placed: dict[str, Vec] = {n: p for n, p in positions.items() if n != ball}
    spot = first_free_spot([spots["brown"], spots["yellow"]], placed, r, tol=tol)
    placed[ball] = spot if spot is not None else _colour_on_line("brown", placed, table, tol)
    return placed


def one_red_touching_reset(
    positions: Positions,
    striker: str,
    table: TableSpec = SNOOKER,
    *,
    red: str = "red",
) -> dict[str, Vec]:
    """ONE-2.10 (and ONE-2.12.3(2) with ``striker`` = the incoming player): the red on the
    spot, the other cue ball (if on the table) on the centre spot, the striker's cue ball
    taken in hand (absent from the result). Both spots are vacated first, so never occupied."""
    spots = snooker_spots(table)
    out = {n: p for n, p in positions.items() if n != striker}
    others = [n for n in out if n != red]
    if len(others) > 1:
        raise ValueError(f"1-red has one other cue ball, not {others}")
    out[red] = spots["black"]
    for opponent in others:
        out[opponent] = spots["blue"]
    return out


# ---------------------------------------------------------------- pool


def _pool_order(name: str) -> tuple[int, str]:
    return (int(name), name) if name.isdigit() else (1_000, name)


def spot_pool_balls(
    balls: Iterable[str],
    positions: Positions,
    table: TableSpec = POOL_9FT,
    *,
    cue: str = "cue",
    tol: float = TOUCH_TOL,
) -> dict[str, Vec]:
    """POOL-1.4: spot ``balls``, lowest number first, on the long string.

    1. On the foot spot if no ball is nearer than 2r + tol to it.
    2. Else the nearest point from the foot spot toward the foot rail where the ball
       overlaps no ball (frozen to an object ball is fine) and keeps 2r + tol from the cue
       ball (the small gap) and fits on the bed.
    3. Else the nearest such point on the other side of the foot spot (toward the centre).
    """
    todo = sorted(dict.fromkeys(balls), key=_pool_order)
    r = table.ball_radius
    x, y_foot = pool_spots(table)["foot"]
    placed: dict[str, Vec] = {n: p for n, p in positions.items() if n not in todo}
    for name in todo:
        if first_free_spot([(x, y_foot)], placed, r, tol=tol) is not None:
            placed[name] = (x, y_foot)
            continue
        # Frozen to an object ball is allowed (OVERLAP_EPS absorbs rounding, so the apex of
        # an undisturbed 14-ball re-rack is found, P141-4.6); the cue ball keeps a gap.
        obstacles = [
            (p, 2.0 * r + tol if n == cue else 2.0 * r - OVERLAP_EPS) for n, p in placed.items()
        ]
        y = free_on_line(x, y_foot, +1.0, table.length - r, obstacles)
        if y is None:
            y = free_on_line(x, y_foot, -1.0, r, obstacles)
        if y is None:
            raise NoRoomError(f"no room on the long string to spot ball {name}")
        placed[name] = (x, y)
    return placed


def head_or_centre_spot(
    positions: Positions,
    ball: str,
    table: TableSpec = POOL_9FT,
    *,
    tol: float = TOUCH_TOL,
) -> dict[str, Vec]:
    """P141-4.8(3),(4): ``ball`` on the head spot, or on the centre spot if the head spot is
    occupied (SNK-2.17 sense). Both occupied (impossible with two balls): spotted POOL-1.4."""
    r = table.ball_radius
    s = pool_spots(table)
    placed: dict[str, Vec] = {n: p for n, p in positions.items() if n != ball}
    spot = first_free_spot([s["head"], s["centre"]], placed, r, tol=tol)
    if spot is None:
        return spot_pool_balls([ball], placed, table, tol=tol)
    placed[ball] = spot
    return placed


def nearest_to_head_string(
    positions: Mapping[str, Vec], table: TableSpec, *, exclude: Iterable[str] = ("cue",)
) -> list[str]:
    """POOL-1.5: the object ball(s) nearest the head string (ties: the shooter chooses)."""
    skip = set(exclude)
    line = table.length / 4.0
    dists = {n: abs(p[1] - line) for n, p in positions.items() if n not in skip}
    if not dists:
        return []
    best = min(dists.values())
    return sorted((n for n, d in dists.items() if d <= best + 1e-9), key=_pool_order)
