"""Jump escapes in pool (#13 §5): legal jump strokes, simulated next to the cushion escapes.

When the ball on is hidden behind another, a pool player may jump the cue ball over the
blocker: the cue elevated and struck down through the ball's centre, so that the ball
rebounds off the slate and flies (shared/spec/physics-airborne.md §9.7; the simulator
models the slate's reaction, the flight and the landing). The search values each jump
by the referee's ruling like any other stroke, so a jump that fouls (the blocker hit, the
cue ball off the table) loses to a cushion escape that does not.

Two kinds of jump are never generated, because they are fouls or unsportsmanlike:

- a **scoop**, where the tip meets the cloth and the ball together (a miscue that lifts
  the ball; played on purpose it is unsportsmanlike, POOL-6.17): every jump here has
  its tip well above the cloth (:func:`scoops`);
- a **miscue**: the tip is aimed through the ball's centre (the contact at
  ``height = sin(elevation)``), so it never slips (:func:`miscues`).

In snooker a jump shot is a foul (SNK-2.19, SNK-3.12(a)(viii); ONE-2.11(8) in 1-red), so
no jump is generated there (:func:`jumps_allowed`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from cuesport import disciplines
from cuesport.bots.aim import Vec, clear, contact_angles
from cuesport.equipment import TableSpec
from cuesport.physics import Stroke, params_for
from cuesport.physics.resolve.cue import lever

TIP_RADIUS = 6.5  # mm: a 13 mm cue tip (jump cues' tips are about as wide)
CLOTH_MARGIN = 3.0  # mm the tip's lowest point stays above the cloth

# (elevation in degrees, cue speed in m/s, cue), the likeliest first: measured on the
# simulator, a blocker 0.1-0.45 m away is cleared at 35-55 degrees and 3-4 m/s with
# either cue (physics-airborne.md §9.8: 45 degrees and 3 m/s clear 0.11-0.47 m)
GRID: tuple[tuple[float, float, str], ...] = (
    (45.0, 3.0, "jump"), (45.0, 4.0, "playing"), (35.0, 3.5, "playing"),
    (55.0, 3.0, "jump"), (35.0, 4.5, "jump"), (55.0, 4.0, "playing"),
    (45.0, 3.5, "jump"), (40.0, 3.0, "playing"), (50.0, 4.5, "jump"),
    (30.0, 4.0, "playing"), (55.0, 3.5, "jump"), (45.0, 2.6, "playing"),
)
FULLNESS = (0.0, -0.35, 0.35)  # contact on the ball on: full, then either side
MIN_GAP = 40.0  # mm between the balls' surfaces: a blocker nearer cannot be jumped
MAX_BLOCKER = 520.0  # mm, centre to centre: beyond it the cue ball lands before the blocker


def jumps_allowed(discipline: str) -> bool:
    """Pool allows jump shots; snooker and 1-red make every jump shot a foul
    (SNK-2.19, SNK-3.12(a)(viii); ONE-2.11(8))."""
    return disciplines.find(discipline).family == "pool"


def scoops(stroke: Stroke, radius: float, tip_radius: float = TIP_RADIUS) -> bool:
    """Whether the tip would reach the cloth as it strikes (a scoop: the tip meets cloth
    and ball together, a miscue that lifts the ball, POOL-6.17 when meant). The tip is a
    disc of ``tip_radius`` square to the cue, centred on the contact point, which lies
    ``height`` R above the ball's centre; its lowest point is ``tip_radius cos(elevation)``
    below the contact (the test physics-airborne.md §9.7 recommends)."""
    lowest = radius * (1.0 + stroke.height) - tip_radius * math.cos(
        math.radians(stroke.elevation))
    return lowest < CLOTH_MARGIN


def miscues(stroke: Stroke, table: TableSpec) -> bool:
    """Whether the tip would slip: its distance from the cue axis beyond the miscue limit."""
    limit = params_for(table).miscue_limit
    return lever(stroke.side, stroke.height, math.radians(stroke.elevation)) > 0.8 * limit


def legal_jump(stroke: Stroke, table: TableSpec) -> bool:
    """A jump stroke a player may play on purpose in pool: no scoop, no miscue (POOL-6.17)."""
    return not scoops(stroke, table.ball_radius) and not miscues(stroke, table)


def blocker(spot: Vec, target: str, balls: Mapping[str, Vec], cue: str, r: float
            ) -> float | None:
    """The centre distance to the nearest ball in the way of a full hit on ``target``
    (None when the straight line is clear)."""
    others = {k: v for k, v in balls.items() if k not in (cue, target)}
    tp = balls[target]
    if clear(spot, tp, others, r):
        return None
    ux, uy = tp[0] - spot[0], tp[1] - spot[1]
    n = math.hypot(ux, uy) or 1.0
    ux, uy = ux / n, uy / n
    near = [math.dist(spot, p) for p in others.values()
            if (p[0] - spot[0]) * ux + (p[1] - spot[1]) * uy > 0.0
            and abs((p[0] - spot[0]) * uy - (p[1] - spot[1]) * ux) < 2 * r]
    return min(near) if near else None


def jump_strokes(table: TableSpec, spot: Vec, target: str, balls: Mapping[str, Vec],
                 cue: str) -> list[Stroke]:
    """Legal jumps at ``target`` over the ball in the way, the likeliest first (empty when
    the way is clear, or the blocker too near or too far to be jumped)."""
    r = table.ball_radius
    d = blocker(spot, target, balls, cue, r)
    if d is None or d < 2 * r + MIN_GAP or d > MAX_BLOCKER:
        return []
    out: list[Stroke] = []
    for elevation, speed, kind in GRID:
        for angle in contact_angles(spot, balls[target], r, FULLNESS):
            # the cue axis through the centre: the contact is sin(elevation) R up
            s = Stroke(angle, speed, 0.0, math.sin(math.radians(elevation)), elevation,
                       cue, kind)
            if legal_jump(s, table):
                out.append(s)
    return out
