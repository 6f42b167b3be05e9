"""Geometry questions of the snooker rules, asked of the shared geometry services.

Snookered after a foul (free ball, SNK-3.10 with SNK-2.16 / SNK-X.2), the free-ball
snooker foul (SNK-3.10(b)(ii)), and the clear-path tests of foul and a miss (SNK-3.14(c)).
The algorithms themselves live in :mod:`cuesport.rules.snookered`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import numpy as np

from cuesport.equipment import TableSpec
from cuesport.rules.base import Vec
from cuesport.rules.snooker_state import REDS_SET
from cuesport.rules.snookered import (
    central_contact_available,
    clear_path_any_part,
    cue_ball_snookered,
    d_sample_points,
    effective_snookering_balls,
    partition_balls,
    snookered_in_hand,
)


def is_snookered(balls: Mapping[str, Vec], on: Iterable[str], table: TableSpec) -> bool:
    """SNK-2.16: the cue ball (or, in hand, every placement in the D, SNK-2.16(a)) is
    snookered on every ball on."""
    yes, no = partition_balls(balls, frozenset(on))
    if not yes:
        return False
    r = table.ball_radius
    cue = balls.get("cue")
    if cue is None and not snookered_in_hand(yes, no, r, table=table, points=coarse_d(table)):
        return False  # a free placement among a few points of the D settles it quickly
    return cue_ball_snookered(cue, yes, no, r, table=table)


_COARSE: dict[TableSpec, np.ndarray] = {}


def coarse_d(table: TableSpec) -> np.ndarray:
    """A coarse sample of the D (every placement in it is a legal one)."""
    pts = _COARSE.get(table)
    if pts is None:
        pts = _COARSE[table] = d_sample_points(table, 24.0)
    return pts


def free_ball_snooker(balls: Mapping[str, Vec], on: Iterable[str], nominated: str,
                      table: TableSpec) -> bool:
    """SNK-3.10(b)(ii): the nominated free ball is an effective snookering ball
    (SNK-2.16(b)) for the next player's balls on."""
    cue = balls.get("cue")
    yes, no = partition_balls(balls, frozenset(on))
    if cue is None or not yes or nominated not in no:
        return False
    return nominated in effective_snookering_balls(cue, yes, no, table.ball_radius)


def miss_geometry(cue: Vec, balls: Mapping[str, Vec], on: Iterable[str], table: TableSpec
                  ) -> tuple[bool, bool]:
    """SNK-3.14(c): (clear path to any part of some ball on, full-ball contact available;
    for reds, a red clear across its full diameter)."""
    yes, no = partition_balls(balls, frozenset(on))
    r = table.ball_radius
    if not yes or not clear_path_any_part(cue, yes, no, r):
        return False, False
    reds = all(b in REDS_SET for b in yes)
    return True, central_contact_available(cue, yes, no, r, reds=reds)
