"""Bots finish frames of every discipline with a legal result, within a move cap."""

from __future__ import annotations

import pytest

from cuesport.disciplines import ids
from cuesport.game.match import Match, MatchFormat
from cuesport.game.players import make_player
from cuesport.protocol import referee

CAP = 3000  # steps; a frame that needs more is a stuck loop


@pytest.mark.parametrize("discipline", ids())
def test_easy_bots_finish_frames(discipline: str) -> None:
    target = 15 if discipline in ("straight-pool", "snooker-one-red") else None
    m = Match(discipline, [make_player("bot:easy", 1), make_player("bot:easy", 2)],
              fmt=MatchFormat(frames=2, target=target), seed=7)
    steps = 0
    while not m.over:
        s = m.step()
        steps += 1
        assert s.kind != "wait"
        assert steps < CAP, f"{discipline}: frame {m.frame_no} did not end"
    assert len(m.results) == 2
    assert all(r.winner in (0, 1) for r in m.results)
    assert sum(m.wins) == 2


@pytest.mark.parametrize("discipline", ["snooker", "nine-ball"])
def test_strong_bot_frame_is_legal_and_replays(discipline: str) -> None:
    m = Match(discipline, [make_player("bot:strong", 1), make_player("bot:medium", 2)],
              seed=3)
    for _ in range(CAP):
        s = m.step()
        if s.kind == "match-end":
            break
    assert m.over and m.results[0].winner in (0, 1)
    record = m.session.record()
    assert referee(record) == m.session.rulings
