"""The commentary says when a ball leaves the table in a stroke (issue 13), in en and ru."""

from __future__ import annotations

import math

from cuesport.equipment import POOL_9FT
from cuesport.game.commentary import action_line, off_table
from cuesport.physics import Stroke, simulate


def shot_action(events: list[dict]) -> dict:
    return {"shot": {"player": 0, "events": events}}


def test_a_simulated_cue_ball_that_flies_off_jumps_off_the_table_in_en_and_ru():
    t = POOL_9FT
    shot = simulate(t, {"cue": (635.0, t.length - 300.0)},
                    Stroke(angle=90.0, speed=4.0, height=math.sin(math.radians(60.0)),
                           elevation=60.0))
    events = list(shot.events)
    assert any(e.get("off") == "cue" for e in events)
    line = action_line(["Ann", "Bob"], shot_action(events), {"legal": False}, "shot")
    assert line == "Ann plays — the cue jumps off the table — FOUL"
    ru = action_line(["Аня", "Боб"], shot_action(events), {"legal": False}, "shot", lang="ru")
    assert ru == "Аня бьёт — шар cue вылетает со стола — ФОЛ"


def test_a_ball_off_without_a_takeoff_leaves_the_table_and_nothing_is_said_without_off():
    events = [{"t": 0.0, "hit": ["cue", "3"]}, {"t": 0.4, "takeoff": "cue"},
              {"t": 0.5, "off": "3"}, {"t": 0.7, "off": "cue"}]
    assert off_table(events) == ["the 3 leaves the table", "the cue jumps off the table"]
    assert off_table(events, "ru") == ["шар 3 покидает стол", "шар cue вылетает со стола"]
    flat = [{"t": 0.0, "hit": ["cue", "3"]}, {"t": 0.5, "pot": "3", "pocket": "top-left"}]
    assert off_table(flat) == []
    line = action_line(["Ann", "Bob"], shot_action(flat), {}, "pot", "3")
    assert line == "Ann goes for the 3 — potted: 3"
