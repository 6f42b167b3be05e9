"""A decision's work is capped by simulated physics events as well as by simulations
(issue 14 item 3): a stroke into a full snooker pack costs many times the events of one
late in a frame, and events, unlike seconds, are the same on any machine."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

from cuesport.bots import LEVELS, Bot, memo
from cuesport.bots.aim import pot_lines, pot_speed
from cuesport.bots.moves import Strike
from cuesport.bots.search import (
    Candidate,
    Sims,
    Turn,
    best_stroke,
    prospects,
    refine,
    second_look,
    shot_action,
)
from cuesport.disciplines import table_for
from cuesport.equipment import pool_spots, straight_pool_rack
from cuesport.game.match import Match
from cuesport.game.players import Human
from cuesport.physics import Stroke, simulate
from cuesport.record import parse_action


def _after_break_off() -> Turn:
    """Snooker, the pack barely opened: the position where one decision cost the most."""
    m = Match("snooker", [Bot("strong", 1), Bot("strong", 2)], seed=3)
    while True:
        s = m.step()
        if s.kind == "action" and isinstance(s.move, Strike):
            return m.turn()


def test_sims_stop_a_stage_when_its_events_would_not_leave_the_reserve() -> None:
    t = table_for("nine-ball")
    shot = simulate(t, {"cue": (300.0, 400.0), "1": (600.0, 1500.0)},
                    Stroke(70.0, 2.0), record=False)
    assert shot.event_count > 0
    sims = Sims(100, events_left=10 * shot.event_count)
    while sims.take(1, reserve=4):
        sims.charge(shot)
    # six paid for, four simulations' worth of events kept for the later stage
    assert sims.used == 6 and sims.events == 6 * shot.event_count
    assert sims.affordable(8) == 4
    for _ in range(4):
        assert sims.take(1)
        sims.charge(shot)
    assert not sims.take(1) and sims.affordable(8) == 0


def test_event_budget_caps_a_decision_near_a_full_pack() -> None:
    turn = _after_break_off()
    noise, budget = LEVELS["strong"]

    def decide(events: int) -> tuple[object, int, int]:
        turn.rng = random.Random(5)
        ch = best_stroke(turn, replace(budget, events=events), noise)
        return ch.candidate, ch.simulations, ch.events

    _, wide_sims, wide_events = decide(10**9)
    cap = max(wide_events // 3, 4 * memo.HAND_CHECK)  # the room for the charge is whole
    cand, sims, events = decide(cap)
    assert events < wide_events and sims < wide_sims
    # no simulation runs past the events left, and they leave room for the referee's
    # charge for a ruling after the last one (memo.HAND_CHECK, the free-ball test from
    # the D): the cap is a bound (the aim refinement's pair may pass it by one event)
    assert events <= cap + 1
    assert decide(cap) == (cand, sims, events)  # the same seed, the same decision


def test_a_simulation_is_cut_at_the_events_left_and_its_frozen_balls_not_judged() -> None:
    t = table_for("straight-pool")
    pos = {**straight_pool_rack(t, random.Random(1), [str(i) for i in range(1, 16)]),
           "cue": (t.width / 2, t.length / 4)}
    foot = pool_spots(t)["foot"]
    stroke = Stroke(math.degrees(math.atan2(foot[1] - t.length / 4, foot[0] - t.width / 2)),
                    8.0, cue_ball="cue")
    full = simulate(t, pos, stroke, record=False)
    assert not full.truncated and full.event_count > 100  # the premise: a busy stroke
    sims = Sims(10, events_left=100)
    assert sims.take(1)
    assert sims.run(t, pos, stroke) is None  # stopped at 100 events: no result
    assert sims.events == 100 and sims.events_left == 0 and not sims.take(1)
    roomy = Sims(10, events_left=full.event_count)
    assert roomy.take(1)
    got = roomy.run(t, pos, stroke)
    assert got is not None and got.final == full.final  # within the cap: the same stroke


def _break_shot_turn() -> Turn:
    """14.1, a fresh re-rack and the break ball beside it: every break shot simulated
    moves the whole pack (where a strong decision once spent 24,261 events, cap 12,000)."""
    t = table_for("straight-pool")
    rack = straight_pool_rack(t, random.Random(1), [str(i) for i in range(1, 15)])
    foot = pool_spots(t)["foot"]
    balls = {**rack, "15": (t.width * 0.82, foot[1] - 120.0),
             "cue": (t.width * 0.55, foot[1] - 700.0)}
    start = {"balls": {k: list(v) for k, v in balls.items()}, "to_play": 0,
             "score": [0, 0]}
    return Match("straight-pool", [Human("a"), Human("b")], start=start).turn()


@pytest.mark.parametrize("cap", [1500, 2500, 4000])
def test_a_14_1_break_shot_decision_stays_within_its_event_cap(cap: int) -> None:
    turn = _break_shot_turn()
    noise, budget = LEVELS["strong"]
    turn.rng = random.Random(3)
    ch = best_stroke(turn, replace(budget, events=cap), noise)
    # every simulation is cut at the events left (the two of an aim's refinement are
    # taken together: the second may run its one event past a cap the first reached)
    assert ch.events <= cap + 1


def test_every_level_caps_events_and_a_stronger_one_may_spend_more() -> None:
    caps = [LEVELS[level][1].events for level in ("easy", "medium", "strong", "pro")]
    assert caps == sorted(caps) and caps[-1] < 10**6


def _nine_ball(balls: dict[str, tuple[float, float]]) -> Turn:
    start = {"balls": {k: list(v) for k, v in balls.items()}, "to_play": 0}
    return Match("nine-ball", [Human("a"), Human("b")], start=start).turn()


def _pot(turn: Turn, target: str) -> Candidate:
    line = pot_lines(turn.table, turn.state.balls, "cue", turn.state.balls["cue"],
                     [target])[0]
    speed = pot_speed(turn.table, line)
    angle = refine(turn.table, turn.state.balls, "cue", line, speed)
    return Candidate(Stroke(angle, speed, cue_ball="cue"), target=target)


def test_second_look_simulates_the_next_pot_only_when_the_table_is_kept() -> None:
    turn = _nine_ball({"cue": (400.0, 700.0), "1": (700.0, 1500.0), "2": (300.0, 1900.0),
                       "9": (900.0, 2200.0)})
    _, budget = LEVELS["strong"]
    pot = _pot(turn, "1")
    kept = Sims(100)
    corr = second_look(turn, pot, budget, kept)
    # one simulation for the stroke, then the next ball's lines with their variants
    assert 1 < kept.used <= 1 + budget.deep_lines * len(budget.deep_variants)
    new = turn.referee.shot(turn.state, parse_action(
        shot_action(0, simulate(turn.table, turn.state.balls, pot.stroke, record=False),
                    pot)).shot)[1]  # type: ignore[union-attr]
    assert new.to_play == 0
    assert corr + prospects(turn, new, 0) > 0  # a pot of the 2 was found and simulated
    miss = replace(pot, stroke=replace(pot.stroke, angle=pot.stroke.angle + 40.0))
    lost = Sims(100)
    assert second_look(turn, miss, budget, lost) == 0.0 and lost.used == 1
    assert second_look(turn, pot, replace(budget, deep_lines=0), Sims(100)) == 0.0


def test_pro_searches_everything_strong_does_and_more() -> None:
    # pro spends its larger caps on a wider search of the same kinds (issue 14 item 4):
    # every dimension of strong's search, the noisy stage and the second stroke included
    strong, pro = LEVELS["strong"][1], LEVELS["pro"][1]
    for name in ("lines", "keep", "samples", "spots", "refine_lines", "deep_lines",
                 "simulations", "events", "safeties", "escape_targets"):
        assert getattr(pro, name) >= getattr(strong, name), name
    assert pro.keep > strong.keep and pro.samples > strong.samples
    assert set(strong.deep_variants) < set(pro.deep_variants)
    assert len(pro.speeds) * len(pro.heights) > len(strong.speeds) * len(strong.heights)
    # the noisy stage and the second looks it reserves fit in the simulations with room
    # for the noise-free screen
    deep = 1 + pro.deep_lines * len(pro.deep_variants)
    assert 1.5 * pro.keep * (pro.samples + deep) < 0.5 * pro.simulations
