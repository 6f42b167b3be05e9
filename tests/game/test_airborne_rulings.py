"""Simulated airborne strokes are ruled from their events alone (issue 13 "done when"): no
judgement flag, the physics' ``over`` and ``off`` events decide SNK-2.19 and the off-table
fouls, in snooker and pool."""

from __future__ import annotations

import math
from typing import Any

from cuesport.equipment import POOL_9FT, SNOOKER, TableSpec
from cuesport.physics import Stroke, simulate
from cuesport.protocol import referee


def elevated(elevation: float, speed: float) -> Stroke:
    """Straight up the table, the cue axis through the ball's centre."""
    return Stroke(angle=90.0, speed=speed, height=math.sin(math.radians(elevation)),
                  elevation=elevation)


def ruled(discipline: str, table: TableSpec, pos: dict[str, tuple[float, float]],
          stroke: Stroke) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    shot = simulate(table, pos, stroke)
    record = {"discipline": discipline, "start": {"balls": pos, "to_play": 0},
              "actions": [{"shot": {"player": 0, "events": shot.events, "after": shot.final}}]}
    ruling = referee(record)[-1]
    assert "error" not in ruling, ruling
    return shot.events, ruling


def fouls(ruling: dict[str, Any]) -> list[str]:
    return [f["rule"] for f in ruling["fouls"]]


def test_snk_2_19_simulated_jump_over_a_colour_is_a_jump_shot() -> None:
    pos = {"cue": (889.0, 1000.0), "blue": (889.0, 1300.0), "red1": (895.0, 1850.0)}
    events, ruling = ruled("snooker", SNOOKER, pos, elevated(45.0, 3.0))
    assert any(e.get("over") == ["cue", "blue"] for e in events)
    assert fouls(ruling) == ["SNK-3.12(a)(viii)"]
    # the same position struck flat: the blue is hit first, an ordinary wrong-ball foul
    _, flat = ruled("snooker", SNOOKER, pos, Stroke(angle=90.0, speed=3.0))
    assert "SNK-3.12(a)(viii)" not in fouls(flat)


def test_pool_simulated_jump_over_a_blocker_onto_the_lowest_ball_is_legal() -> None:
    # nine-ball has no jump-shot foul: jumping the 2 to hit the 1 first is a fair stroke
    pos = {"cue": (635.0, 300.0), "2": (635.0, 600.0), "1": (645.0, 1180.0), "9": (300.0, 2000.0)}
    events, ruling = ruled("nine-ball", POOL_9FT, pos, elevated(45.0, 3.0))
    assert any(e.get("over") == ["cue", "2"] for e in events)
    assert ruling["legal"] and fouls(ruling) == []


def test_pool_6_1_simulated_cue_ball_off_the_table_is_a_foul() -> None:
    pos = {"cue": (635.0, POOL_9FT.length - 300.0), "1": (300.0, 1000.0), "9": (300.0, 2000.0)}
    events, ruling = ruled("nine-ball", POOL_9FT, pos, elevated(60.0, 4.0))
    assert [e["off"] for e in events if "off" in e] == ["cue"]
    assert "POOL-6.1" in fouls(ruling) and ruling["in_hand"] == "table"


def test_snk_3_12_b_vii_simulated_cue_ball_off_the_table_is_a_foul() -> None:
    pos = {"cue": (500.0, SNOOKER.length - 300.0), "red1": (300.0, 1000.0),
           "black": (889.0, 3245.0)}
    events, ruling = ruled("snooker", SNOOKER, pos, elevated(60.0, 4.0))
    assert [e["off"] for e in events if "off" in e] == ["cue"]
    assert "SNK-3.12(b)(vii)" in fouls(ruling) and ruling["in_hand"] == "D"
