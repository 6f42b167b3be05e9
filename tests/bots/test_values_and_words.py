"""Honest values and words (issue 14 item 5): a frame won by a pot ranks above the same
frame won by a foul; what the bot says it intends matches what it chose."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cuesport.bots import LEVELS, Bot
from cuesport.bots.moves import Strike
from cuesport.bots.search import WIN, best_stroke, judged, position_of, snookered, value
from cuesport.disciplines import table_for
from cuesport.equipment import pocket, snooker_spots
from cuesport.game.commentary import action_line
from cuesport.game.match import Match
from cuesport.game.players import Human
from cuesport.physics import simulate
from cuesport.rules.base import Outcome


def _start(balls: dict[str, tuple[float, float]], score: tuple[int, int], **extra: object
           ) -> dict[str, object]:
    return {"balls": {k: list(v) for k, v in balls.items()}, "to_play": 0,
            "score": list(score), **extra}


def _last_black() -> Match:
    t = table_for("snooker")
    tl = pocket(t, "top-left").mouth_centre
    black = (tl[0] + 300, tl[1] - 300)
    balls = {"cue": (black[0] + 400, black[1] - 400), "black": black}
    return Match("snooker", [Human("a"), Human("b")],
                 start=_start(balls, (60, 51), phase="sequence"))


def test_snk_last_black_win_by_pot_ranks_above_win_by_foul() -> None:
    m = _last_black()
    turn = m.turn()
    won = replace(m.state, frame_over=True, winner=0)
    by_pot = value(turn, Outcome(legal=True, points=(7, 0)), won, look=True)
    by_foul = value(turn, Outcome(legal=False, points=(0, 7)), won, look=True)
    lost = value(turn, Outcome(legal=True), replace(won, winner=1), look=True)
    assert by_pot > by_foul > lost
    assert by_foul > 0  # still a win


def test_snk_last_black_nine_ahead_the_bot_plays_the_pot() -> None:
    m = _last_black()
    turn = m.turn()
    noise, budget = LEVELS["strong"]
    choice = best_stroke(turn, budget, noise)
    c = choice.candidate
    phys = simulate(turn.table, position_of(turn, c), c.stroke, record=False)
    j = judged(turn, phys, c)
    assert c.kind == "pot" and c.target == "black"
    assert j.keeps and j.value >= WIN


def test_snooker_break_off_is_announced_as_a_break() -> None:
    m = Match("snooker", [Bot("strong", 1), Bot("strong", 2)], seed=3)
    while True:
        s = m.step()
        if s.kind == "action" and isinstance(s.move, Strike):
            break
    assert s.move.kind == "break"
    assert s.action is not None and s.ruling is not None
    line = action_line(m.names, s.action, s.ruling, s.move.kind, s.move.target)
    assert "breaks" in line and "escape" not in line
    assert s.ruling["legal"]


def test_snooker_break_off_plan_brings_the_cue_ball_back_to_baulk() -> None:
    m = Match("snooker", [Human("a"), Human("b")], seed=3)
    while m.step().kind != "wait":
        pass
    turn = m.turn()
    assert turn.state.in_hand == "D"
    noise, budget = LEVELS["strong"]
    c = best_stroke(turn, budget, noise).candidate
    assert c.kind == "break" and c.cue_ball is not None
    phys = simulate(turn.table, position_of(turn, c), c.stroke, record=False)
    # the noise-free plan: off the pack, the top and a side cushion, back behind baulk
    assert phys.final["cue"][1] < turn.table.baulk_from_bottom


def _snookered_turn() -> Match:
    """The cue ball tight behind the black on its spot, the only red straight beyond it."""
    t = table_for("snooker")
    sp = snooker_spots(t)
    black = sp["black"]
    r = t.ball_radius
    balls = {"black": black, "cue": (black[0], black[1] + 2 * r + 3.0),
             "red1": (black[0], black[1] - 600.0)}
    return Match("snooker", [Human("a"), Human("b")], start=_start(balls, (0, 0)))


def test_snooker_escape_is_called_an_escape_only_when_snookered() -> None:
    m = _snookered_turn()
    turn = m.turn()
    assert snookered(turn)
    noise, budget = LEVELS["strong"]
    c = best_stroke(turn, budget, noise).candidate
    assert c.kind == "escape" and c.target == "red1"
    phys = simulate(turn.table, position_of(turn, c), c.stroke, record=False)
    first = next(e["hit"][1] for e in phys.events if "hit" in e and e["hit"][0] == "cue")
    assert first == "red1"  # the escape found hits the red, noise-free


@pytest.mark.parametrize("discipline", ["snooker", "nine-ball"])
def test_kind_matches_what_the_chosen_stroke_does(discipline: str) -> None:
    noise, budget = LEVELS["medium"]
    checked = 0
    for seed in (5, 6, 7):  # more matches if one ends first (a bot runs out the rack)
        m = Match(discipline, [Bot("medium", 5), Bot("medium", 6)], seed=seed)
        while checked < 8 and not m.over:
            if m.state.options or m.state.frame_over or m.ruling.get("lots"):
                m.step()
                continue
            turn = m.turn()
            if turn.state.options:
                m.step()
                continue
            c = best_stroke(turn, budget, noise).candidate
            phys = simulate(turn.table, position_of(turn, c), c.stroke, record=False)
            j = judged(turn, phys, c)
            if j.keeps:
                assert c.kind in ("pot", "break"), c
            if c.kind == "pot":
                assert c.target in {e["pot"] for e in phys.events if "pot" in e}, c
            if c.kind == "escape":
                assert snookered(turn)
            checked += 1
            m.step()
    assert checked == 8
