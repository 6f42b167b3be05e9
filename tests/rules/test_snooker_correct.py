"""SNK-3.7(b): a colour wrongly respotted after being potted in the sequence is taken off
the table without penalty when the error is discovered (the ``correct`` action)."""

from __future__ import annotations

import pytest
from helpers_snooker import FAR, SPOTS, error, last, run, shot

# the sequence: the yellow was potted and wrongly respotted, the green is really on
WRONG = {"balls": {"cue": list(FAR), **{c: list(SPOTS[c]) for c in (
    "yellow", "green", "brown", "blue", "pink", "black")}}, "score": [40, 30],
    "phase": "sequence"}


def correct(*remove: str, rule: str = "SNK-3.7(b)") -> dict:
    return {"correct": {"rule": rule, "remove": list(remove)}}


def test_snk_3_7_b_wrongly_respotted_colour_is_removed_without_penalty() -> None:
    r = last([correct("yellow")], start=WRONG)
    assert r["legal"] and r["fouls"] == [] and r["points"] == [0, 0]
    assert r["score"] == [40, 30] and r["to_play"] == 0
    assert "yellow" not in r["state"]["balls"] and r["ball_on"] == ["green"]
    assert r["announce"] == ["The yellow is taken off the table"]
    assert r["points_remaining"] == 25  # green to black: 3+4+5+6+7


def test_snk_3_7_b_play_continues_on_the_next_colour() -> None:
    out = run([correct("yellow"), shot(0, ["green"], ["green"])], start=WRONG)
    assert out[-1]["legal"] and out[-1]["points"] == [3, 0] and out[-1]["ball_on"] == ["brown"]


def test_snk_3_7_b_corrected_position_starts_an_equal_record() -> None:
    r = last([correct("yellow")], start=WRONG)
    assert last([shot(0, ["green"], ["green"])], start=r["state"])["points"] == [3, 0]


@pytest.mark.parametrize(("action", "words"), [
    (correct("green"), "lowest colours"),  # the yellow is below it: green is on
    (correct("black", "yellow", "green", "brown", "blue", "pink"), "lowest colours"),
    (correct("red1"), "not a colour on the table"),
    (correct(), "name the colours"),
    (correct("yellow", rule="SNK-3.15"), "SNK-3.7(b) only"),
])
def test_snk_3_7_b_bad_corrections_are_refused(action: dict, words: str) -> None:
    assert words in error([action], start=WRONG)


def test_snk_3_7_b_not_while_reds_remain() -> None:
    start = {"balls": {"cue": list(FAR), "red1": [500.0, 2500.0], "yellow": list(SPOTS["yellow"]),
                       "black": list(SPOTS["black"])}}
    assert "sequence" in error([correct("yellow")], start=start)


def test_snk_3_7_b_correction_is_not_an_action_of_pool() -> None:
    from helpers_pool import error as pool_error

    assert "correct" in pool_error("nine-ball", [correct("1")])
