"""Snooker break-building (issue 14): the noisy stage kept to several balls, cautious
ranking, the pack (:mod:`cuesport.bots.snooker`)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from cuesport import disciplines
from cuesport.bots import LEVELS, aim, search, snooker
from cuesport.bots.search import Sims, Turn, best_stroke, judged, position_of
from cuesport.disciplines import table_for
from cuesport.equipment import snooker_spots
from cuesport.equipment.racks import snooker_setup
from cuesport.game.match import Match
from cuesport.game.players import Human
from cuesport.physics import Stroke, noisy_strokes, simulate
from cuesport.rules.base import Outcome

TABLE = table_for("snooker")
SPOTS = snooker_spots(TABLE)
# after a red, the cue ball on the right of the blue (found among random positions)
CUE_FAR = (1458.6, 1379.8)
REDS_FAR = {"red1": (1064.8, 2351.5), "red2": (900.0, 2478.8), "red3": (684.3, 2777.6),
            "red4": (1006.3, 3256.3)}


def _colour_turn(cue: tuple[float, float], reds: dict[str, tuple[float, float]]) -> Turn:
    balls = {**{c: SPOTS[c] for c in ("yellow", "green", "brown", "blue", "pink", "black")},
             **reds, "cue": cue}
    start = {"balls": {k: list(v) for k, v in balls.items()}, "to_play": 0,
             "score": [0, 0], "phase": "colour"}
    return Match("snooker", [Human("a"), Human("b")], start=start).turn()


def _fresh(turn: Turn) -> tuple[str | None, float]:
    """The strong bot's choice and its worth on 40 fresh noise samples (the search's own
    value, second stroke included, without the bias of having picked the best mean)."""
    noise, budget = LEVELS["strong"]
    turn.rng = random.Random(0)
    c = best_stroke(turn, budget, noise).candidate
    corr = search.second_look(turn, c, budget, Sims(10**6)) if c.kind == "pot" else 0.0
    pos = position_of(turn, c)
    vals = []
    for stroke in noisy_strokes(c.stroke, noise, 40, 12345):
        j = judged(turn, simulate(TABLE, pos, stroke, record=False), c)
        vals.append(j.value + (corr if j.keeps else 0.0))
    return c.target, sum(vals) / len(vals)


def test_snooker_the_noisy_stage_sees_the_easy_colour_too(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # a long black screens best noise-free; with several balls kept for the noise the bot
    # finds the brown worth more, and the fresh samples agree (the table's worth fixed at
    # the discipline's, as when this was written: worth a share of the points left, the
    # plain search leaves the long black too, and the premise is gone)
    monkeypatch.setattr(search, "_unit", lambda turn: 4.0)
    turn = _colour_turn(CUE_FAR, REDS_FAR)
    planned = _fresh(turn)
    monkeypatch.setattr(search, "plans_breaks", lambda turn, budget: False)
    plain = _fresh(_colour_turn(CUE_FAR, REDS_FAR))
    assert plain[0] == "black" and planned[0] != "black"
    assert planned[1] > plain[1] + 1.0


def test_snooker_the_full_rack_is_one_closed_cluster() -> None:
    balls = snooker_setup(TABLE)
    groups = snooker.clusters(balls, TABLE.ball_radius)
    assert len(groups) == 1 and len(groups[0]) == 15
    assert snooker.pack_closed(balls, TABLE.ball_radius)
    apart = {"red1": (300.0, 2000.0), "red2": (900.0, 2500.0), "red3": (1400.0, 3000.0)}
    assert not snooker.pack_closed(apart, TABLE.ball_radius)
    assert len(snooker.extra_variants(balls, TABLE.ball_radius)) > len(
        snooker.extra_variants(apart, TABLE.ball_radius))


def test_diverse_keeps_other_balls_for_the_noisy_stage() -> None:
    scored = [(20.0, "black"), (19.0, "black"), (18.0, "black"), (17.0, "black"),
              (12.0, "blue"), (11.0, "pink")]
    kept = snooker.diverse(scored, 4, lambda b: b, per_ball=2)
    assert [b for _, b in kept] == ["black", "black", "blue", "pink"]
    assert [b for _, b in snooker.diverse(scored[:4], 3, lambda b: b, 2)] == ["black"] * 3


def test_cautious_ranks_a_steady_stroke_above_a_lucky_one() -> None:
    steady = [10.0, 10.5, 9.5, 10.0]
    lucky = [25.0, -5.0, 25.0, -3.0]
    assert sum(lucky) / 4 > sum(steady) / 4
    assert snooker.cautious(sum(lucky) / 4, lucky) < snooker.cautious(10.0, steady)


def test_snooker_side_variants_are_aimed_for_squirt_and_throw() -> None:
    # a medium pot on a red: side squirts the cue ball and throws the object ball, so the
    # side variants aimed like the plain stroke all miss; aimed for both (one secant step
    # each on the plain stroke's slope) most of them pot without noise
    balls = {**{c: SPOTS[c] for c in ("yellow", "green", "brown", "blue", "pink", "black")},
             "red1": (1200.0, 2900.0), "cue": (700.0, 1700.0)}
    pos = search.playable(TABLE, balls)
    line = search.pot_lines(TABLE, pos, "cue", pos["cue"], ["red1"])[0]
    s0 = search.pot_speed(TABLE, line)
    plain = search.refine(TABLE, pos, "cue", line, s0)
    variants = snooker.SIDE_VARIANTS + snooker.POSITION_VARIANTS
    sims = Sims(100)
    aims = aim.side_aims(TABLE, plain, s0, variants,
                             search._aim_error(TABLE, pos, "cue", line, sims))
    assert set(aims) == set(variants) and sims.used == 2 + len(variants)

    def pots(angle: float, k: float, h: float, sd: float) -> bool:
        shot = simulate(TABLE, pos, Stroke(angle, min(s0 * k, 9.0), sd, h, cue_ball="cue"),
                        record=False)
        return shot.pocketed.get("red1") == line.pocket

    assert not any(pots(plain, *v) for v in variants)
    assert sum(pots(aims[v], *v) for v in variants) >= 2 * len(variants) // 3


def test_snooker_the_best_noisy_means_get_more_samples_before_one_is_played(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # after a red, the cue ball right of the blue: the kept strokes get their samples, then
    # the three best means get RACE_SAMPLES more each and the stroke played is one of them
    calls: list[tuple[object, int]] = []
    real = search.noisy_strokes

    def counted(stroke: Stroke, noise: object, n: int, seed: object) -> list[Stroke]:
        calls.append((stroke, n))
        return real(stroke, noise, n, seed)  # type: ignore[arg-type]

    monkeypatch.setattr(search, "noisy_strokes", counted)
    turn = _colour_turn(CUE_FAR, REDS_FAR)
    turn.rng = random.Random(0)
    noise, budget = LEVELS["strong"]
    played = best_stroke(turn, budget, noise).candidate
    raced = calls[-snooker.RACE:]
    first = calls[:-snooker.RACE]
    assert len(first) > snooker.RACE
    assert all(n == snooker.RACE_SAMPLES for _, n in raced)
    assert {s for s, _ in raced} <= {s for s, _ in first}
    assert played.stroke in {s for s, _ in raced}


def test_snooker_keeping_the_table_is_worth_a_share_of_the_points_left() -> None:
    # SNK-3.5: each red may be followed by the black, so 15 reds and the colours are 147
    value = disciplines.find("snooker").value_of
    full = snooker_setup(TABLE)
    assert snooker.break_worth({b: p for b, p in full.items() if b != "cue"}, value, 0.2,
                               4.0) == pytest.approx(0.2 * 147)
    colours = {c: SPOTS[c] for c in ("yellow", "green", "brown", "blue", "pink", "black")}
    assert snooker.break_worth(colours, value, 0.2, 4.0) == pytest.approx(0.2 * 27)
    assert snooker.break_worth({"black": SPOTS["black"]}, value, 0.2, 4.0) == 4.0
    # the search's worth of the table: in break-building by the decision's position, else
    # (the levels that do not plan breaks, 1-red) the discipline's fixed worth
    many = replace(_colour_turn(CUE_FAR, REDS_FAR), breaks=True)
    few = replace(_colour_turn(CUE_FAR, {"red1": REDS_FAR["red1"]}), breaks=True)
    assert search._unit(many) > search._unit(few) > 4.0
    assert search._unit(replace(many, breaks=False)) == 4.0
    one_red = disciplines.find("snooker-one-red").bots
    assert one_red.break_share == 0.0
    assert search._unit(replace(few, discipline="snooker-one-red")) == one_red.table_worth


def test_the_noisy_stage_sees_pots_in_the_order_of_their_chance() -> None:
    # a long pot whose cue ball runs well screens first; discounted by its chance (ease
    # 0.06: one in four) it goes behind an easy pot and a safety; the values stay
    scored = [(20.0, ("long", 0.06)), (12.0, ("easy", 0.6)), (3.0, ("safety", None))]
    got = snooker.by_chance(scored, lambda c: c[1], miss=5.0)
    assert [c[0] for _, c in got] == ["easy", "safety", "long"]
    assert sorted(v for v, _ in got) == [3.0, 12.0, 20.0]


def test_snooker_reds_freed_from_the_pack_are_worth_points_to_whoever_plays_next(
        monkeypatch: pytest.MonkeyPatch) -> None:
    full = {k: v for k, v in snooker_setup(TABLE).items()}
    balls = {**full, "cue": (TABLE.width / 2, 1200.0)}
    start = {"balls": {k: list(v) for k, v in balls.items()}, "to_play": 0,
             "score": [0, 0], "phase": "reds"}
    turn = replace(Match("snooker", [Human("a"), Human("b")], start=start).turn(),
                   breaks=True)
    r = TABLE.ball_radius
    assert snooker.packed(turn.state.balls, r) == 15
    potted = {k: v for k, v in turn.state.balls.items() if k != "red1"}  # the apex
    split = dict(potted)
    for i, k in enumerate(("red11", "red12", "red13", "red14", "red15")):  # the back row
        split[k] = (300.0 + 250.0 * i, 2200.0)
    assert snooker.pack_opened(turn.state.balls, potted, r) == 1
    assert snooker.pack_opened(turn.state.balls, split, r) == 6  # 9 reds still packed
    out = Outcome(points=(1, 0))

    def worth(balls: dict[str, tuple[float, float]], to_play: int, share: float) -> float:
        monkeypatch.setattr(snooker, "PACK_RED", share)
        new = replace(turn.state, balls=balls, to_play=to_play)
        return search.value(turn, out, new, True)

    # at the table, the split is worth PACK_RED a red more; missed, it is the opponent's
    assert worth(split, 0, 2.0) - worth(split, 0, 0.0) == pytest.approx(12.0)
    assert worth(split, 1, 2.0) - worth(split, 1, 0.0) == pytest.approx(-12.0)
    assert worth(potted, 0, 2.0) - worth(potted, 0, 0.0) == pytest.approx(2.0)
    # not in break-building (the levels that do not plan breaks, or no pot on): off
    plain = replace(turn, breaks=False)
    new = replace(turn.state, balls=split, to_play=0)
    monkeypatch.setattr(snooker, "PACK_RED", 2.0)
    a = search.value(plain, out, new, True)
    monkeypatch.setattr(snooker, "PACK_RED", 0.0)
    assert search.value(plain, out, new, True) == a
