"""Bots thinking in the process pool play the same moves as in the server's thread."""

from __future__ import annotations

from cuesport.game.match import Match, MatchFormat
from cuesport.game.players import make_player
from cuesport.web import thinking


def _match() -> Match:
    return Match("nine-ball", [make_player("bot:easy", seed=3), make_player("bot:easy", seed=4)],
                 seed=2, fmt=MatchFormat(1), specs=["bot:easy", "bot:easy"])


def test_a_pooled_bot_plays_what_it_would_play_at_home() -> None:
    home, pooled = _match(), _match()
    pooled.thinker = thinking.think
    strokes = 0
    for _ in range(5):  # the lag, then bot strokes
        a, b = home.step(), pooled.step()
        assert (a.kind, a.action, a.ruling) == (b.kind, b.action, b.ruling)
        strokes += a.action is not None and "shot" in a.action
    assert strokes >= 3
    assert [p.rng.getstate() for p in home.players] == [p.rng.getstate() for p in pooled.players]
    assert home.session.record() == pooled.session.record()


def test_a_stroke_simulated_in_the_pool_is_the_same_shot_to_the_bit() -> None:
    home, pooled = _match(), _match()
    pooled.simulator = thinking.simulate
    for _ in range(4):
        a, b = home.step(), pooled.step()
        assert (a.kind, a.action, a.ruling) == (b.kind, b.action, b.ruling)
        if a.shot is not None:
            assert b.shot is not None and a.shot.to_json() == b.shot.to_json()
    assert home.session.record() == pooled.session.record()


def _sides() -> Match:
    p = [make_player("bot:easy", seed=3 + i) for i in range(4)]
    return Match("nine-ball", p[:2], partners=p[2:], seed=2, fmt=MatchFormat(1),
                 specs=["bot:easy"] * 2, partner_specs=["bot:easy"] * 2, alternate="stroke")


def test_pooled_members_of_a_side_of_two_play_what_they_would_play_at_home() -> None:
    home, pooled = _sides(), _sides()
    asked: list[tuple[int, int]] = []

    def think(m: Match, who: int):  # type: ignore[no-untyped-def]
        asked.append((who, m.member))
        return thinking.think(m, who)

    pooled.thinker = think
    for _ in range(8):  # the lag, then strokes: scotch doubles alternates every stroke
        a, b = home.step(), pooled.step()
        assert (a.kind, a.action, a.ruling) == (b.kind, b.action, b.ruling)
    assert {m for _, m in asked} == {0, 1}  # both members thought in the pool
    assert [p.rng.getstate() for side in home.members for p in side] == \
        [p.rng.getstate() for side in pooled.members for p in side]
    assert home.session.record() == pooled.session.record()
