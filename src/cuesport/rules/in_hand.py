"""Where a cue ball in hand is played from: the D (SNK-3.5), baulk (ONE-2.6) and the
kitchen behind the head string (POOL-8.1, POOL-6.10), with POOL-6.11's test of a stroke
from the kitchen.

A centre exactly on the head string (within ``LINE_TOL``) is not behind it: such a ball is
playable from the kitchen (POOL-1.5) and counts as "on the line" for POOL-6.11.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cuesport.equipment.geometry import LINE_TOL, distance
from cuesport.equipment.tables import SNOOKER, TableSpec, d_centre, head_string_y
from cuesport.record import Event

Vec = tuple[float, float]


def in_d(p: Vec, table: TableSpec = SNOOKER, *, tol: float = LINE_TOL) -> bool:
    """SNK-1.1(e), SNK-3.5: centre inside the D or on its arc or straight edge (within tol)."""
    cx, cy = d_centre(table)
    return p[1] <= cy + tol and distance(p, (cx, cy)) <= table.d_radius + tol


def in_baulk(p: Vec, table: TableSpec = SNOOKER, *, tol: float = LINE_TOL) -> bool:
    """SNK-1.1(d): centre on the baulk line (within tol) or between it and the bottom cushion."""
    return p[1] <= table.baulk_from_bottom + tol


def on_head_string(p: Vec, table: TableSpec, *, tol: float = LINE_TOL) -> bool:
    return abs(p[1] - head_string_y(table)) <= tol


def behind_head_string(p: Vec, table: TableSpec, *, tol: float = LINE_TOL) -> bool:
    """POOL-8.1, POOL-6.10: strictly behind (kitchen); a centre on the string is not behind."""
    return p[1] < head_string_y(table) - tol


def playable_from_kitchen(p: Vec, table: TableSpec, *, tol: float = LINE_TOL) -> bool:
    """POOL-1.5: a ball behind the head string or on it may be played from the kitchen."""
    return p[1] <= head_string_y(table) + tol


@dataclass(frozen=True, slots=True)
class KitchenBreach:
    """Which paragraph of POOL-6.11 a stroke from the kitchen failed (both may fail)."""

    ball_behind_first: bool  # first paragraph
    stayed_behind: bool  # second paragraph (P141-4.9: ball in hand behind the head string)

    @property
    def foul_name(self) -> str | None:
        if self.ball_behind_first:
            return "kitchen-ball-first"
        if self.stayed_behind:
            return "cue-ball-stayed-in-kitchen"
        return None


def kitchen_breach(events: Sequence[Event], first: Sequence[str], first_at: int | None,
                   before: Mapping[str, Vec], table: TableSpec, cue: str = "cue"
                   ) -> KitchenBreach:
    """POOL-6.11 for a stroke played with the cue ball in hand behind the head string.

    First paragraph: the first ball contacted lies behind the string and the cue ball had
    not crossed the string before that contact. Second paragraph: the cue ball neither
    crossed the string nor contacted a ball on or in front of it. A cue ball that first
    hits a ball behind the string and never crosses it fails both. ``first`` are the
    first contacts (several when simultaneous; a ball frozen to the cue ball counts),
    ``first_at`` the index of the event of that contact (-1 for a ball frozen to the cue
    ball, contacted as the stroke starts), ``before`` the position at the start.
    """
    cross = next((i for i, e in enumerate(events)
                  if e.cross == cue and e.line == "head-string"), None)
    behind_first = bool(first) and all(behind_head_string(before[b], table) for b in first)
    crossed_before = cross is not None and (first_at is None or cross < first_at)
    contacted = set(first) | {b for e in events if e.hit is not None and cue in e.hit
                              for b in e.hit if b != cue}
    reached_line = any(not behind_head_string(before[b], table) for b in contacted
                       if b in before)
    return KitchenBreach(ball_behind_first=behind_first and not crossed_before,
                         stayed_behind=cross is None and not reached_line)
