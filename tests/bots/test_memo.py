"""One decision's referee (:mod:`cuesport.bots.memo`): the SNK-3.14 miss geometry of the
starting position answered once a decision, the rulings unchanged (issue 14's 2 s bound:
a snookered cue ball before a full pack cost 5-7 s a decision, most of it this question)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from cuesport.bots import LEVELS, memo
from cuesport.bots.search import (
    Candidate,
    Sims,
    Turn,
    best_stroke,
    judged,
    position_of,
    shot_action,
)
from cuesport.disciplines import table_for
from cuesport.game.match import Match
from cuesport.game.players import Human
from cuesport.physics import Stroke, simulate
from cuesport.record import parse_action
from cuesport.rules.snooker import SnookerReferee

TABLE = table_for("snooker")


def _behind_brown() -> Turn:
    """The full pack, the cue ball touching the brown from baulk: snookered on every red."""
    balls = {k: tuple(v) for k, v in Match("snooker", [Human("a"), Human("b")]).state.balls
             .items() if k != "cue"}
    bx, by = balls["brown"]
    balls["cue"] = (bx, by - 2 * TABLE.ball_radius - 0.5)
    start = {"balls": {k: list(v) for k, v in balls.items()}, "to_play": 0, "score": [0, 0]}
    return Match("snooker", [Human("a"), Human("b")], start=start).turn()


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]
    plain = SnookerReferee.miss_paths

    def counted(self: SnookerReferee, *args: Any) -> tuple[bool, bool]:
        calls[0] += 1
        return plain(self, *args)

    monkeypatch.setattr(SnookerReferee, "miss_paths", counted)
    return calls


def test_snk_3_14_memo_rules_as_the_referee() -> None:
    """The copy rules every stroke of a fan as the referee does: the same value, the same
    miss called (SNK-3.14), the same state after."""
    turn = _behind_brown()
    own = memo.for_decision(turn.referee)
    assert own is not turn.referee
    fouls = 0
    for k in range(8):
        c = Candidate(Stroke(k * 45.0, 3.0, cue_ball="cue"), kind="escape")
        phys = simulate(TABLE, position_of(turn, c), c.stroke, record=False)
        a = judged(turn, phys, c)
        b = judged(Turn(turn.discipline, own, turn.table, turn.state, turn.ruling, 0), phys, c)
        assert a == b
        shot = parse_action(shot_action(0, phys, c)).shot  # type: ignore[union-attr]
        (oa, na), (ob, nb) = turn.referee.shot(turn.state, shot), own.shot(turn.state, shot)
        assert oa == ob and na == nb
        fouls += not oa.legal
    assert fouls >= 4  # the question was asked (it is asked on a foul only)


def test_snk_3_14_memo_asks_once_a_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    """A decision snookered before the full pack asks the miss geometry once (it asked it
    on every foul screened: about 140 times at strong)."""
    calls = _counting(monkeypatch)
    turn = _behind_brown()
    turn.rng = random.Random(1)
    noise, budget = LEVELS["medium"]
    choice = best_stroke(turn, budget, noise)
    assert choice.simulations > 20
    assert calls[0] == 1


def test_memo_leaves_other_referees() -> None:
    """Pool's referee has no such question: the search uses it as it is."""
    turn = Match("nine-ball", [Human("a"), Human("b")]).turn()
    assert memo.for_decision(turn.referee) is turn.referee


def test_memo_charges_the_free_ball_test_from_the_d(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ruling that finds the next player snookered from the whole D (the referee's
    costliest question after a foul in-off) costs the decision HAND_CHECK events; one with
    the cue ball on the table, or not snookered, costs nothing more."""
    turn = _behind_brown()
    answer = [True]
    monkeypatch.setattr(SnookerReferee, "snookered_on", lambda self, state: answer[0])
    sims = Sims(100, 10_000)
    own: Any = memo.for_decision(turn.referee, sims)
    in_hand = dataclasses.replace(turn.state, in_hand="D")
    assert own.snookered_on(turn.state) and sims.events == 0
    assert own.snookered_on(in_hand) and sims.events == memo.HAND_CHECK
    assert sims.events_left == 10_000 - memo.HAND_CHECK
    answer[0] = False
    assert not own.snookered_on(in_hand) and sims.events == memo.HAND_CHECK
    assert not turn.referee.snookered_on(in_hand)  # type: ignore[attr-defined]


def test_memo_keeps_room_for_the_free_ball_charge_after_the_last_simulation() -> None:
    """The charge comes after a simulation's ruling, so the simulations stop HAND_CHECK
    events short of the cap and none runs into that room: the cap is a bound (it was
    passed by up to HAND_CHECK events)."""
    turn = _behind_brown()
    sims = Sims(100, 4 * memo.HAND_CHECK)
    memo.for_decision(turn.referee, sims)
    assert sims.hold == memo.HAND_CHECK
    sims.spend(3 * memo.HAND_CHECK - 500)  # the earlier simulations
    assert sims.params(TABLE).max_events == 500  # the last one cut at the events left
    assert sims.take(1) and sims.affordable(4) >= 1
    sims.spend(500)  # it used what it could
    assert not sims.take(1) and sims.affordable(4) == 0
    sims.spend(memo.HAND_CHECK)  # its ruling found the next player snookered from the D
    assert sims.events <= sims.cap and sims.events_left == 0
    # a small cap keeps at most a quarter of itself (the search is not starved)
    small = Sims(100, 3000)
    memo.for_decision(turn.referee, small)
    assert small.hold == 750
