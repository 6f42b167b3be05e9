"""Jump escapes (#13 §5): pool bots jump a ball in the way, legally; snooker bots never jump."""

from __future__ import annotations

import math
import statistics
from dataclasses import replace

from cuesport.bots import Bot
from cuesport.bots.jumps import jump_strokes, jumps_allowed, legal_jump, miscues, scoops
from cuesport.bots.moves import Strike
from cuesport.bots.search import (
    Candidate,
    Turn,
    best_stroke,
    judged,
    jump_escapes,
    position_of,
    shot_action,
)
from cuesport.disciplines import table_for
from cuesport.equipment import snooker_spots
from cuesport.game.match import Match
from cuesport.game.players import Human
from cuesport.physics import Stroke, noisy_strokes, simulate
from cuesport.record import parse_action

# the 1 straight up the table, the 2 in the way 0.32 m from the cue ball; the cushion
# escapes that reach the 1 leave it open, a jump over the 2 pots it
HIDDEN_ONE = {"cue": (600, 1070), "1": (607, 1582), "2": (605, 1389), "3": (282, 210),
              "6": (757, 938), "9": (444, 2371), "7": (108, 1868), "4": (854, 2299)}


def _turn(discipline: str, balls: dict[str, tuple[float, float]]) -> Turn:
    start = {"balls": {k: list(v) for k, v in balls.items()}, "to_play": 0, "score": [0, 0]}
    return Match(discipline, [Human("a"), Human("b")], start=start).turn()


def _ruled(turn: Turn, stroke: Stroke) -> tuple[bool, list[dict[str, object]]]:
    cand = Candidate(stroke, kind="escape", target="1")
    phys = simulate(turn.table, position_of(turn, cand), stroke, record=False)
    action = parse_action(shot_action(turn.player, phys, cand))
    outcome, _ = turn.referee.shot(turn.state, action.shot)  # type: ignore[union-attr]
    assert not phys.miscue
    return bool(outcome.legal), [dict(e) for e in phys.events]


def test_pool_bot_jumps_the_ball_in_the_way_when_that_is_better() -> None:
    turn = _turn("nine-ball", HIDDEN_ONE)
    bot = Bot("strong", 1)
    plain = replace(bot.budget, samples=0, keep=0)  # noise-free: the plans compared as such
    without = best_stroke(turn, replace(plain, jumps=False), bot.noise)
    with_jumps = best_stroke(turn, plain, bot.noise)
    assert without.candidate.stroke.elevation == 0.0
    jump = with_jumps.candidate.stroke
    assert jump.elevation > 0.0 and legal_jump(jump, turn.table)
    assert with_jumps.value > without.value + 2.0
    legal, events = _ruled(turn, jump)
    # the referee rules the jump legal: it flies over the 2 and hits the 1 first
    assert legal
    assert any(e.get("over") == ["cue", "2"] for e in events)
    assert next(e["hit"] for e in events if "hit" in e) == ["cue", "1"]
    # the whole strong bot (noise sampled) plays the jump, or a stroke no worse by 96 noisy
    # strokes of each (with the second look of pool position play the jump and a cushion
    # escape that leaves the 1 safe come out within a sample's luck: -1.3 against -0.9)
    move = Bot("strong", 1).choose(turn)
    assert isinstance(move, Strike)
    if move.stroke.elevation == 0.0:
        played = Candidate(move.stroke, kind=move.kind, target=move.target)
        assert _noisy_value(turn, played) >= _noisy_value(
            turn, with_jumps.candidate) - 0.5


def _noisy_value(turn: Turn, cand: Candidate, n: int = 96, seed: int = 21) -> float:
    """``cand``'s mean value on the rack's scale over ``n`` strong noisy strokes."""
    racks = replace(turn, racks=True)
    pos = position_of(racks, cand)
    return statistics.fmean(
        judged(racks, simulate(racks.table, pos, s, record=False), cand).value
        for s in noisy_strokes(cand.stroke, Bot("strong").noise, n, seed))


def test_pool_jumps_are_offered_only_over_a_ball_in_the_way() -> None:
    t = table_for("nine-ball")
    open_ = {"cue": (600.0, 1070.0), "1": (607.0, 1582.0)}
    assert jump_strokes(t, open_["cue"], "1", open_, "cue") == []
    too_near = {**open_, "2": (601.0, 1070.0 + 2 * t.ball_radius + 5.0)}
    assert jump_strokes(t, too_near["cue"], "1", too_near, "cue") == []
    turn = _turn("nine-ball", HIDDEN_ONE)
    cands = jump_escapes(turn, Bot("strong").budget)
    assert cands and all(c.stroke.elevation > 0 and c.target == "1" for c in cands)
    assert jump_escapes(turn, replace(Bot("strong").budget, jumps=False)) == []


def test_pool_6_17_jump_strokes_never_scoop_or_miscue() -> None:
    t = table_for("nine-ball")
    r = t.ball_radius
    # a scoop: the tip low on the ball with a flat cue meets the cloth as well
    scoop = Stroke(90.0, 3.0, 0.0, -0.8, 10.0)
    assert scoops(scoop, r) and not legal_jump(scoop, t)
    # an elevated cue struck at the ball's equator is far off the cue axis: it slips
    assert miscues(Stroke(90.0, 3.0, 0.0, 0.0, 45.0), t)
    strokes = jump_strokes(t, HIDDEN_ONE["cue"], "1", HIDDEN_ONE, "cue")
    assert len(strokes) > 10
    for s in strokes:
        assert legal_jump(s, t)
        assert not simulate(t, HIDDEN_ONE, s, record=False).miscue
        assert math.isclose(s.height, math.sin(math.radians(s.elevation)))


def test_snk_2_19_one_2_11_8_snooker_bots_never_jump() -> None:
    assert jumps_allowed("nine-ball") and jumps_allowed("eight-ball")
    assert not jumps_allowed("snooker") and not jumps_allowed("snooker-one-red")
    t = table_for("snooker")
    balls = dict(snooker_spots(t))
    bx, by = balls["blue"]
    balls["cue"] = (bx, by - 300.0)
    balls["red1"] = (bx, by + 200.0)  # straight behind the blue: a jump would reach it
    assert jump_strokes(t, balls["cue"], "red1", balls, "cue")
    turn = _turn("snooker", balls)
    assert jump_escapes(turn, Bot("strong").budget) == []
    move = Bot("strong", 1).choose(turn)
    assert move.stroke.elevation == 0.0 and move.stroke.cue == "playing"  # type: ignore[union-attr]
