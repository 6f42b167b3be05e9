"""A pot's window (bots/window.py): its edges found by noise-free simulations, the aim
moved to its middle, and a pot valued by the chance the angle noise keeps it inside."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cuesport.bots import Bot, window
from cuesport.bots.aim import pot_lines
from cuesport.bots.search import Candidate, Sims, Turn, _pots_at, best_stroke
from cuesport.game.match import Match
from cuesport.game.players import Human
from cuesport.physics import Stroke, simulate


def _turn(discipline: str, balls: dict[str, tuple[float, float]]) -> Turn:
    start = {"balls": {k: list(v) for k, v in balls.items()}, "to_play": 0, "score": [0, 0]}
    return Match(discipline, [Human("a"), Human("b")], start=start).turn()


def _pots_between(lo: float, hi: float, calls: list[float]):  # type: ignore[no-untyped-def]
    def pots(offset: float) -> bool:
        calls.append(offset)
        return lo <= offset <= hi

    return pots


def test_window_finds_a_lopsided_window_and_its_middle() -> None:
    calls: list[float] = []
    w = window.find(_pots_between(-0.03, 0.12, calls), 0.045)
    assert w is not None and not w.open
    # the edges within a quarter of the scan's bracket: the middle near +0.045
    assert w.shift == pytest.approx(0.045, abs=0.012)
    assert w.half == pytest.approx(0.075, abs=0.012)
    assert len(calls) <= 2 * (len(window.SCAN) + window.HALVINGS)


def test_window_open_both_ways_is_sure() -> None:
    w = window.find(_pots_between(-1.0, 1.0, []), 0.045)
    assert w is not None and w.open and w.shift == 0.0 and w.chance == 1.0


def test_window_chance_is_the_normal_mass_inside() -> None:
    w = window.Window(0.0, 0.045, 0.045)
    assert w.chance == pytest.approx(0.6827, abs=1e-3)  # one sigma either side
    assert window.Window(0.0, 0.09, 0.045).chance == pytest.approx(0.9545, abs=1e-3)


def test_window_spent_budget_gives_no_window() -> None:
    def pots(offset: float) -> bool | None:
        return None

    assert window.find(pots, 0.045) is None


def test_window_mixed_weights_pots_and_misses_by_the_windows_chance() -> None:
    w = window.Window(0.0, 0.045, 0.045)  # chance 0.683
    # eight samples that all potted (lucky): the plain mean says 10, the window 0.683
    samples = [(10.0, True, 0.01)] * 8
    got = window.mixed(w, samples, 10.0, lambda: -5.0)
    assert got is not None
    assert got[0] == pytest.approx(0.6827 * 10.0 + 0.3173 * -5.0, abs=0.01)
    # a miss among the samples stands for the misses; the speed noise's miss inside the
    # window lowers the chance below the window's
    samples = [(10.0, True, 0.0)] * 6 + [(-4.0, False, 0.0), (-6.0, False, 0.1)]
    got = window.mixed(w, samples, 10.0, lambda: None)
    assert got is not None
    p = 0.6827 * 6 / 7
    assert got[0] == pytest.approx(p * 10.0 + (1 - p) * -5.0, abs=0.01)


def test_window_found_on_the_table_is_where_the_pot_goes_in() -> None:
    # a real cut on the nine-ball table: every aim the window holds pots, the aims just
    # past its edges do not
    turn = _turn("nine-ball", {"cue": (300.0, 500.0), "1": (700.0, 1700.0)})
    lines = pot_lines(turn.table, dict(turn.state.balls), "cue", (300.0, 500.0), ["1"])
    line = lines[0]
    cand = Candidate(Stroke(line.angle, 2.0, cue_ball="cue"), target="1")
    pots = _pots_at(turn, cand, Sims(100))
    if not pots(0.0):
        pytest.skip("the ghost-ball aim does not pot here")
    w = window.find(pots, 0.045)
    assert w is not None and not w.open
    mid = line.angle + w.shift
    for off in (-0.8 * w.half, 0.0, 0.8 * w.half):
        shot = simulate(turn.table, dict(turn.state.balls), replace(cand.stroke, angle=mid + off))
        assert "1" in {e["pot"] for e in shot.events if "pot" in e}
    for off in (-1.5 * w.half, 1.5 * w.half):
        shot = simulate(turn.table, dict(turn.state.balls), replace(cand.stroke, angle=mid + off))
        assert "1" not in {e["pot"] for e in shot.events if "pot" in e}


def test_strong_bot_aims_its_pot_at_the_windows_middle() -> None:
    # the search's aim here pots with its nearer edge about 2 sigma away (1.8 before pool
    # tried power strokes; about 97 %); the window moves it to 2.5 sigma or more (99 %+),
    # measured again about the chosen aim
    turn = _turn("nine-ball", {"cue": (854.0, 168.0), "1": (1143.0, 1325.0),
                               "2": (200.0, 2200.0), "9": (900.0, 1200.0)})
    bot = Bot("strong", 3)
    near = []
    for on in (False, True):
        turn.rng.seed(3)
        c = best_stroke(turn, replace(bot.budget, window=on), bot.noise).candidate
        assert c.kind == "pot" and c.target == "1"
        w = window.find(_pots_at(turn, c, Sims(100)), bot.noise.angle)
        assert w is not None and not w.open
        near.append((w.half - abs(w.shift)) / bot.noise.angle)
    assert near[0] < 2.5
    assert near[1] >= 2.5
