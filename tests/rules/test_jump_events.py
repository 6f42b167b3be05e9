"""SNK-2.19 decided from airborne events (protocol 1.1 ``over``), with its exceptions, and
the referee's own call (``judgement.jump``) winning over the events either way."""

from __future__ import annotations

import helpers_one_red as one
from helpers_snooker import FAR, colours, last, position, reds, shot

FULL = {**reds(), **colours(), "cue": FAR}


def over(a: str, b: str, t: float, far_side: bool = True) -> dict:
    return {"t": t, "over": [a, b], "end": t + 0.05, "far_side": far_side}


def rules(r: dict) -> list[str]:
    return [f["rule"] for f in r["fouls"]]


def test_snk_2_19_cue_ball_over_a_colour_before_the_red_is_a_jump_shot() -> None:
    ev = [{"t": 0.0, "takeoff": "cue"}, over("cue", "blue", 0.21), {"t": 0.35, "land": "cue"},
          {"t": 0.52, "hit": ["cue", "red4"]}]
    r = last([shot(0, events=ev)], start=position(FULL))
    assert rules(r) == ["SNK-3.12(a)(viii)"] and r["points"] == [0, 4]


def test_snk_2_19_a_over_another_ball_after_the_first_contact_is_no_jump() -> None:
    ev = [{"t": 0.0, "hit": ["cue", "red4"]}, over("cue", "blue", 0.4)]
    assert last([shot(0, events=ev)], start=position(FULL))["legal"]


def test_snk_2_19_b_jumping_onto_a_ball_without_landing_beyond_is_no_jump() -> None:
    ev = [over("cue", "red4", 0.2, far_side=False), {"t": 0.25, "hit": ["cue", "red4"]}]
    assert last([shot(0, events=ev)], start=position(FULL))["legal"]


def test_snk_2_19_c_over_the_ball_hit_fairly_after_a_cushion_is_no_jump() -> None:
    ev = [{"t": 0.0, "hit": ["cue", "red4"]}, {"t": 0.3, "cushion": "cue"},
          over("cue", "red4", 0.6)]
    assert last([shot(0, events=ev)], start=position(FULL))["legal"]
    # without the cushion in between, passing over the ball it struck is a jump shot
    ev = [{"t": 0.0, "hit": ["cue", "red4"]}, over("cue", "red4", 0.1)]
    assert rules(last([shot(0, events=ev)], start=position(FULL))) == ["SNK-3.12(a)(viii)"]


def test_snk_2_19_the_referees_call_wins_over_the_events() -> None:
    ev = [over("cue", "blue", 0.2), {"t": 0.5, "hit": ["cue", "red4"]}]
    assert last([shot(0, events=ev, jump=False)], start=position(FULL))["legal"]
    plain = [{"t": 0.0, "hit": ["cue", "red4"]}]
    assert rules(last([shot(0, events=plain, jump=True)], start=position(FULL))) == [
        "SNK-3.12(a)(viii)"]


def test_snk_2_19_an_object_ball_over_another_is_no_jump_shot() -> None:
    ev = [{"t": 0.0, "hit": ["cue", "red4"]}, over("red4", "blue", 0.3)]
    assert last([shot(0, events=ev)], start=position(FULL))["legal"]


def test_one_2_11_8_jump_shot_from_the_events() -> None:
    r = one.Game(one.position(one.MID)).play(
        one.shot(0, over("white", "yellow", 0.2), one.hit("white", "red", 0.5)))
    assert rules(r) == ["ONE-2.11(8)"]
    r = one.Game(one.position(one.MID)).play(
        one.shot(0, one.hit("white", "red", 0.1), over("white", "yellow", 0.5)))
    assert rules(r) == []  # SNK-2.19(a): over another ball after the first contact
