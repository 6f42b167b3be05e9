"""POOL-6.11 (both paragraphs of the seed) and P141-4.9: play from behind the head string."""

from __future__ import annotations

import pytest
from helpers_pool import fouls, last, pos, shot

from cuesport.equipment import POOL_9FT
from cuesport.record import Event
from cuesport.rules.in_hand import kitchen_breach

SP = "straight-pool"
# head string of the 9-ft table at y = 635; the 5 and the 1 behind it, the 3 on it
BEHIND = {"5": (300.0, 400.0), "7": (635.0, 1500.0)}
ON_LINE = {"3": (300.0, 635.0), "7": (635.0, 1500.0)}
CUE = (635.0, 300.0)


def kitchen_start(balls: dict) -> dict:
    return pos(balls, in_hand="kitchen", breaking=False)


def ev(*items: dict) -> list[dict]:
    return list(items)


CROSS = {"cross": "cue", "line": "head-string"}


@pytest.mark.parametrize(("events", "balls", "first", "expect"), [
    # first paragraph and second: a ball behind first, the line never crossed
    (ev({"hit": ["cue", "5"]}, {"cushion": "5"}), BEHIND, ["5"], (True, True)),
    # first paragraph only: the cue ball crossed after the contact
    (ev({"hit": ["cue", "5"]}, CROSS, {"cushion": "cue"}), BEHIND, ["5"], (True, False)),
    # crossed before the contact: legal
    (ev(CROSS, {"cushion": "cue"}, CROSS, {"hit": ["cue", "5"]}), BEHIND, ["5"],
     (False, False)),
    # a ball on the line, not crossed: legal ("on it")
    (ev({"hit": ["cue", "3"]}, {"cushion": "3"}), ON_LINE, ["3"], (False, False)),
    # nothing hit, nothing crossed: second paragraph only
    (ev({"cushion": "cue"}), BEHIND, [], (False, True)),
    # a ball behind first, then the ball on the line without crossing: first only
    (ev({"hit": ["cue", "5"]}, {"hit": ["cue", "3"]}), {**BEHIND, **ON_LINE}, ["5"],
     (True, False)),
])
def test_pool_6_11_kitchen_breach_paragraphs(events: list[dict], balls: dict,
                                             first: list[str], expect: tuple) -> None:
    evs = [Event.model_validate(e) for e in events]
    at = next((i for i, e in enumerate(evs) if e.hit is not None), None)
    b = kitchen_breach(evs, first, at, {**balls, "cue": CUE}, POOL_9FT)
    assert (b.ball_behind_first, b.stayed_behind) == expect


def test_pool_6_11_p141_4_9_ball_behind_first_never_crossing_gives_kitchen() -> None:
    # the seed's second paragraph is failed too: ball in hand behind the head string
    r = last(SP, [shot(0, cue_ball=CUE, hits=["5"], rails=["5"], call=("5", "top-left"),
                       after={"cue": (600.0, 500.0)})], start=kitchen_start(BEHIND))
    assert fouls(r) == ["POOL-6.11"] and r["points"] == [-1, 0]
    assert r["in_hand"] == "kitchen" and r["state"]["balls"]["cue"] is None
    assert r["to_play"] == 1


def test_pool_6_11_p141_4_9_first_paragraph_only_cue_ball_stays_where_it_lies() -> None:
    events = [{"hit": ["cue", "5"]}, {"cushion": "5"}, CROSS, {"cushion": "cue"}]
    r = last(SP, [shot(0, cue_ball=CUE, events=events, call="safety",
                       after={"cue": (600.0, 900.0)})], start=kitchen_start(BEHIND))
    assert fouls(r) == ["POOL-6.11"]
    assert r["in_hand"] is None and r["state"]["balls"]["cue"] == [600.0, 900.0]


def test_pool_6_11_p141_4_9_ball_on_the_line_is_playable_without_crossing() -> None:
    r = last(SP, [shot(0, cue_ball=CUE, hits=["3"], rails=["3"], call="safety",
                       after={"cue": (600.0, 500.0)})], start=kitchen_start(ON_LINE))
    assert r["legal"] and fouls(r) == []


def test_pool_6_11_eight_ball_second_paragraph_gives_ball_in_hand_anywhere() -> None:
    # outside 14.1 the game's own rule applies: eight-ball has ball in hand on the table
    start = kitchen_start({"1": (300.0, 400.0), "9": (635.0, 1500.0), "8": (635.0, 1900.0)})
    r = last("eight-ball", [shot(0, cue_ball=CUE, hits=["1"], rails=["1"],
                                after={"cue": (600.0, 500.0)})], start=start)
    assert fouls(r) == ["POOL-6.11"] and r["in_hand"] == "table"
