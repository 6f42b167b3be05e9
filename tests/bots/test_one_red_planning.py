"""1-red planning (issue 14): cannons and in-offs among the candidates
(:mod:`cuesport.bots.one_red`), checked by the simulator and the referee."""

from __future__ import annotations

import math

import pytest

from cuesport.bots import LEVELS, one_red, search
from cuesport.bots.search import Turn, best_stroke, judged, position_of
from cuesport.disciplines import table_for
from cuesport.equipment import pockets
from cuesport.game.match import Match
from cuesport.game.players import Human
from cuesport.physics import simulate

BALLS = {"white": (600.0, 1500.0), "red": (900.0, 1900.0), "yellow": (1250.0, 2100.0)}
# found among random positions: the plain pot variants make no cannon from here
APART = {"white": (898.0, 2067.0), "red": (201.0, 1028.0), "yellow": (1330.0, 1543.0)}


def _turn(balls: dict[str, tuple[float, float]] = BALLS, **extra: object) -> Turn:
    start = {"balls": {k: list(v) for k, v in balls.items()}, "to_play": 0,
             "score": [0, 0]} | extra
    return Match("snooker-one-red", [Human("a"), Human("b")], start=start).turn()


def _scores(turn: Turn) -> bool:
    noise, budget = LEVELS["strong"]
    c = best_stroke(turn, budget, noise).candidate
    phys = simulate(turn.table, position_of(turn, c), c.stroke, record=False)
    return judged(turn, phys, c).keeps


def test_one_red_aims_find_the_cannon_on_the_geometry() -> None:
    found = one_red.aims(table_for("snooker-one-red"), BALLS, "white", BALLS["white"],
                         ["red", "yellow"])
    assert any(a.kind == "cannon" and a.first == "red" and a.goal == "yellow" for a in found)
    assert any(a.kind == "in-off" for a in found)


def test_one_2_9_2_after_fifteen_hazards_the_bot_scores_by_a_cannon(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # ONE-2.9.2: a sixteenth hazard is a foul, so only a cannon keeps the break going
    assert _scores(_turn(APART, consecutive_hazards=15, hazards_announced=10))
    monkeypatch.setattr(search, "_scoring_extras", lambda *a: [])
    assert not _scores(_turn(APART, consecutive_hazards=15, hazards_announced=10))


def test_one_2_4_3_the_corrected_in_off_goes_in() -> None:
    # ONE-2.4.3: the in-off aim corrected on the simulator sends the cue ball into a pocket
    turn = _turn()
    budget = LEVELS["strong"][1]
    groups = search._scoring_extras(turn, budget, dict(turn.state.balls), BALLS["white"],
                                    None, turn.targets(), search.Sims(10**6))
    in_offs = 0
    for group in groups:
        c = group[0]
        phys = simulate(turn.table, position_of(turn, c), c.stroke, record=False)
        in_offs += "white" in phys.pocketed and judged(turn, phys, c).keeps
    assert in_offs >= 1


def test_one_2_6_6_from_hand_a_ball_in_baulk_is_played_off_a_cushion(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # ONE-2.6.6, ONE-2.6.4: both object balls in baulk, the white in hand: the direct
    # stroke is a foul; the route off the top cushion, corrected on the simulator, is not
    baulk = {"red": (600.0, 500.0), "yellow": (1300.0, 300.0)}

    def ruled() -> tuple[bool, list[str]]:
        turn = _turn(baulk, score=[10, 10])
        assert turn.state.in_hand == "D"
        noise, budget = LEVELS["strong"]
        c = best_stroke(turn, budget, noise).candidate
        phys = simulate(turn.table, position_of(turn, c), c.stroke, record=False)
        ruling = search._ruled(turn, phys, c)
        assert ruling is not None
        return ruling[0].legal, [f.name for f in ruling[0].fouls]

    assert ruled() == (True, [])
    monkeypatch.setattr(one_red, "from_hand", lambda *a: [])
    assert ruled() == (False, ["ball-in-baulk-played-directly"])


def test_one_2_4_3_the_look_sees_a_stunned_in_off() -> None:
    # ONE-2.4.3: built by the 90-degree rule: the cue ball at contact G, 400 mm from the
    # top-right pocket, leaves along the tangent at the pocket; it comes in at a 45-degree
    # cut from 500 mm. The look finds that in-off; with the yellow on the path, it does not
    table = table_for("snooker-one-red")
    r = table.ball_radius
    pocket = next(p.mouth_centre for p in pockets(table) if p.name == "top-right")
    u = (-math.sqrt(0.5), -math.sqrt(0.5))  # from the pocket back to G
    g = (pocket[0] + 400 * u[0], pocket[1] + 400 * u[1])
    n = (-u[1], u[0])  # the contact normal (red to G), at right angles to the path
    red = (g[0] - 2 * r * n[0], g[1] - 2 * r * n[1])
    d = (math.sqrt(0.5) * -n[0] - math.sqrt(0.5) * u[0],
         math.sqrt(0.5) * -n[1] - math.sqrt(0.5) * u[1])  # 45 degrees, the tangent on -u
    white = (g[0] - 500 * d[0], g[1] - 500 * d[1])
    balls = {"white": white, "red": red, "yellow": (300.0, 1000.0)}
    found = one_red.look_aims(table, balls, "white", white, ["red", "yellow"])
    assert any(f == "red" and goal == "top-right" and 0.0 < e <= 1.0 for f, goal, e in found)
    mid = ((g[0] + pocket[0]) / 2, (g[1] + pocket[1]) / 2)
    blocked = dict(balls, yellow=mid)
    assert not any(f == "red" and goal == "top-right" for f, goal, _ in one_red.look_aims(
        table, blocked, "white", white, ["red", "yellow"]))


def test_one_2_4_1_the_look_values_an_in_off_position(monkeypatch: pytest.MonkeyPatch
                                                      ) -> None:
    # ONE-2.4.1: a position that leaves only in-offs and cannons is worth more than none
    turn = _turn()
    with_aims = search.prospects(turn, turn.state, 0)
    monkeypatch.setattr(search, "LOOK_CANNONS", False)
    assert with_aims > search.prospects(turn, turn.state, 0)


def test_the_1_red_search_is_wider_than_snookers_within_the_same_event_cap() -> None:
    from cuesport.bots import snooker
    budget = LEVELS["strong"][1]
    wide, snk = one_red.widen(budget, snooker.widen), snooker.widen(budget)
    assert wide.simulations > snk.simulations and wide.keep > snk.keep
    assert wide.deep_lines > snk.deep_lines
    assert set(snk.deep_variants) < set(wide.deep_variants)
    assert wide.events == snk.events == budget.events


# the red on the spot after a plain pot from it, the white below it on the right
SPOT2 = {"red": (889.0, 3245.0), "white": (1545.9, 2603.2)}


def _red_pot_speeds(turn: Turn) -> list[float]:
    budget = LEVELS["strong"][1]
    return [c.stroke.speed for c in search.candidates(turn, budget, search.Sims(10**6))
            if c.kind == "pot" and c.target == "red" and c.cue_ball is None]


def test_one_2_7_2_the_pot_to_the_centre_spot_is_tried_with_more_pace(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # ONE-2.7.2: a second plain pot from the spot sends the red to the centre spot; that
    # pot is tried at twice its pace and more, to bring the white down the table to it
    assert one_red.to_centre(_turn(SPOT2, red_origin="SPOT", red_count=1).state)
    assert not one_red.to_centre(_turn(SPOT2, red_origin="SPOT", red_count=0).state)
    assert not one_red.to_centre(_turn(SPOT2, red_origin="CENTRE", red_count=0).state)
    second = _red_pot_speeds(_turn(SPOT2, red_origin="SPOT", red_count=1))
    first = _red_pot_speeds(_turn(SPOT2, red_origin="SPOT", red_count=0))
    assert len(second) == len(first) + len(one_red.CENTRE_VARIANTS)
    assert max(second) > 1.5 * max(first)
    monkeypatch.setattr(search, "CENTRE_PACE", False)
    assert _red_pot_speeds(_turn(SPOT2, red_origin="SPOT", red_count=1)) == first
