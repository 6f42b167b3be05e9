"""Geometry questions of the snooker rules, asked of the shared geometry services.

Snookered after a foul (free ball, SNK-3.10 with SNK-2.16 / SNK-X.2), the free-ball
snooker foul (SNK-3.10(b)(ii)), and the clear-path tests of foul and a miss (SNK-3.14(c)).
The geometric algorithms themselves live in :mod:`cuesport.equipment.geometry`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from cuesport.equipment import TableSpec
from cuesport.equipment.geometry import (
    any_part_available,
    effective_snookering_balls,
    full_ball_available,
    fully_available,
    snookered,
    snookered_in_hand,
)
from cuesport.rules.base import Vec
from cuesport.rules.snooker_state import REDS_SET


def split(balls: Mapping[str, Vec], on: Iterable[str]) -> tuple[dict[str, Vec], dict[str, Vec]]:
    """Balls on and balls not on (the cue ball is neither)."""
    on_set = set(on)
    yes = {b: p for b, p in balls.items() if b in on_set}
    no = {b: p for b, p in balls.items() if b not in on_set and b != "cue"}
    return yes, no


def is_snookered(balls: Mapping[str, Vec], on: Iterable[str], table: TableSpec) -> bool:
    """SNK-2.16: the cue ball (or, in hand, every placement in the D, SNK-2.16(a)) is
    snookered on every ball on."""
    yes, no = split(balls, on)
    if not yes:
        return False
    r = table.ball_radius
    cue = balls.get("cue")
    if cue is None:
        return snookered_in_hand(yes, no, r, table=table)
    return snookered(cue, yes, no, r, table=table)


def free_ball_snooker(balls: Mapping[str, Vec], on: Iterable[str], nominated: str,
                      table: TableSpec) -> bool:
    """SNK-3.10(b)(ii): the nominated free ball is an effective snookering ball
    (SNK-2.16(b)) for the next player's balls on."""
    cue = balls.get("cue")
    yes, no = split(balls, on)
    if cue is None or not yes or nominated not in no:
        return False
    return nominated in effective_snookering_balls(cue, yes, no, table.ball_radius)


def miss_geometry(cue: Vec, balls: Mapping[str, Vec], on: Iterable[str], table: TableSpec
                  ) -> tuple[bool, bool]:
    """SNK-3.14(c): (clear path to any part of some ball on, full-ball contact available).

    When red is on, full-ball contact needs a red clear across its full diameter."""
    yes, no = split(balls, on)
    r = table.ball_radius
    clear = any(any_part_available(cue, p, no, r, samples=61) for p in yes.values())
    if not clear:
        return False, False
    if yes and all(b in REDS_SET for b in yes):
        full = any(fully_available(cue, p, no, r) for p in yes.values())
    else:
        full = any(full_ball_available(cue, p, no, r) for p in yes.values())
    return clear, full
