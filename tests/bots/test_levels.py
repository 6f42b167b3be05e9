"""Levels and noise presets (issue 14 item 4)."""

from __future__ import annotations

import itertools

import pytest

from cuesport.bots import LEVELS, Bot
from cuesport.bots.levels import noise_for
from cuesport.bots.moves import Strike
from cuesport.game.match import Match
from cuesport.game.players import make_player


def test_four_levels_each_noisier_and_cheaper_than_the_next() -> None:
    names = list(LEVELS)
    assert names == ["easy", "medium", "strong", "pro"]
    for weaker, stronger in itertools.pairwise(names):
        (nw, bw), (ns, bs) = LEVELS[weaker], LEVELS[stronger]
        assert nw.angle > ns.angle and nw.speed > ns.speed
        assert bw.simulations < bs.simulations


def test_olympiad_noise_is_the_published_preset() -> None:
    n = noise_for("strong", "olympiad", 28.575)
    assert (n.angle, n.elevation, n.speed) == (0.125, 0.1, 0.075)
    assert n.side == pytest.approx(0.5 / 28.575) and n.height == n.side
    assert noise_for("strong", "level", 28.575) == LEVELS["strong"][0]


def test_unknown_level_or_preset_is_refused() -> None:
    with pytest.raises(ValueError, match="level"):
        Bot("master")
    with pytest.raises(ValueError, match="preset"):
        Bot("strong", noise="club")
    with pytest.raises(ValueError, match="level"):
        make_player("bot:master")


def test_pro_and_olympiad_bots_play_strokes_the_referee_accepts() -> None:
    m = Match("nine-ball", [make_player("bot:pro", 1), Bot("strong", 2, noise="olympiad")],
              seed=2)
    strikes = 0
    while strikes < 3 and not m.over:
        s = m.step()
        if s.kind == "action" and isinstance(s.move, Strike):
            strikes += 1
            assert s.ruling is not None and "legal" in s.ruling
    assert strikes == 3
    assert len(m.session.rulings) == len(m.session.actions)
