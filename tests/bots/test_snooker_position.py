"""Snooker position play (issue 14): pot chances calibrated under noise, the wider search
of the strong level (:func:`cuesport.bots.snooker.widen`)."""

from __future__ import annotations

import itertools
import random

from cuesport.bots import LEVELS, search, snooker
from cuesport.bots.search import Turn, best_stroke
from cuesport.disciplines import table_for
from cuesport.equipment import snooker_spots
from cuesport.game.match import Match
from cuesport.game.players import Human
from cuesport.physics import Stroke, noisy_strokes, simulate

TABLE = table_for("snooker")
SPOTS = snooker_spots(TABLE)


def _reds_turn(cue: tuple[float, float], reds: dict[str, tuple[float, float]]) -> Turn:
    balls = {**{c: SPOTS[c] for c in ("yellow", "green", "brown", "blue", "pink", "black")},
             **reds, "cue": cue}
    start = {"balls": {k: list(v) for k, v in balls.items()}, "to_play": 0,
             "score": [0, 0], "phase": "reds"}
    return Match("snooker", [Human("a"), Human("b")], start=start).turn()


def test_pot_chance_is_monotone_and_above_the_ease_of_a_medium_pot() -> None:
    eases = [i / 100 for i in range(0, 101)]
    chances = [snooker.chance(e) for e in eases]
    assert chances[0] == 0.0 and chances[-1] == 1.0
    assert all(b >= a for a, b in itertools.pairwise(chances))
    # measured: a pot of ease 0.3 goes in about seven times in ten under strong noise
    assert 0.6 < snooker.chance(0.3) < 0.8
    assert snooker.chance(0.6) > 0.9


def test_widen_doubles_the_simulations_and_deepens_the_second_stroke() -> None:
    budget = LEVELS["strong"][1]
    wide = snooker.widen(budget)
    assert wide.simulations == 2 * budget.simulations
    assert wide.events == budget.events  # the time bound is the level's
    assert wide.deep_lines == budget.deep_lines + 1
    assert len(wide.deep_variants) > len(budget.deep_variants)


def test_snooker_position_values_a_medium_pot_left_by_its_measured_chance() -> None:
    # the cue ball with only a medium pot on: the look values it by the calibrated chance
    turn = _reds_turn((700.0, 1700.0), {"red1": (1200.0, 2900.0)})
    lines = search.pot_lines(TABLE, turn.state.balls, "cue", turn.state.balls["cue"],
                             ["red1"])
    assert lines and 0.1 < lines[0].ease < 0.6
    unit = search._unit(turn)
    want = snooker.chance(lines[0].ease) * (1 + unit)
    assert abs(search.prospects(turn, turn.state, 0) - want) < 1e-9
    assert want > lines[0].ease * (1 + unit)


def test_strong_snooker_spends_more_than_the_levels_simulations_within_its_event_cap(
) -> None:
    reds = {"red1": (500.0, 2600.0), "red2": (900.0, 2800.0), "red3": (1300.0, 2500.0),
            "red4": (700.0, 3100.0)}
    turn = _reds_turn((800.0, 2000.0), reds)
    turn.rng = random.Random(3)
    noise, budget = LEVELS["strong"]
    choice = best_stroke(turn, budget, noise)
    assert choice.simulations > budget.simulations
    assert choice.events <= budget.events + 2000  # one simulation may overrun the cap


def test_pot_chance_matches_the_simulated_rate_of_a_medium_pot() -> None:
    # the strong level's noise on a medium pot: the measured chance says how often it goes
    # in, the ghost-ball ease says far too seldom
    turn = _reds_turn((700.0, 1700.0), {"red1": (1200.0, 2900.0)})
    pos = search.playable(TABLE, turn.state.balls)
    line = search.pot_lines(TABLE, pos, "cue", pos["cue"], ["red1"])[0]
    s0 = search.pot_speed(TABLE, line)
    ang = search.refine(TABLE, pos, "cue", line, s0)
    noise = LEVELS["strong"][0]
    strokes = noisy_strokes(Stroke(ang, s0, cue_ball="cue"), noise, 60, 7)
    rate = sum(simulate(TABLE, pos, s, record=False).pocketed.get("red1") == line.pocket
               for s in strokes) / 60
    assert abs(rate - snooker.chance(line.ease)) < 0.2
    assert abs(rate - snooker.chance(line.ease)) < abs(rate - line.ease)
