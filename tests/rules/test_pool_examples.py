"""The example records under examples/ replay to the right result."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cuesport.protocol import referee

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
EXPECTED = {
    "nine-ball/push_out_and_three_fouls.json": (0, [0, 0]),
    "eight-ball/won_on_the_eight.json": (0, [0, 0]),
    "ten-ball/wrong_pocket_pass.json": (1, [0, 0]),
    "straight-pool/two_reracks_and_minus_fifteen.json": (1, [-18, 30]),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_pool_example_replays_to_the_right_winner(name: str) -> None:
    record = json.loads((EXAMPLES / name).read_text())
    out = referee(record)
    assert all("error" not in r for r in out), out[-1]
    winner, score = EXPECTED[name]
    assert out[-1]["frame_over"] and out[-1]["winner"] == winner and out[-1]["score"] == score
    assert all(not r["frame_over"] for r in out[:-1])


def test_pool_examples_show_what_they_claim() -> None:
    nine = referee(json.loads((EXAMPLES / "nine-ball/push_out_and_three_fouls.json").read_text()))
    assert any("Push out" in r["announce"] for r in nine)
    assert "POOL-6.14" in [f["rule"] for f in nine[-1]["fouls"]]
    ten = referee(json.loads((EXAMPLES / "ten-ball/wrong_pocket_pass.json").read_text()))
    assert ten[1]["options"] == ["play", "pass"] and ten[2]["to_play"] == 1
    sp = referee(json.loads(
        (EXAMPLES / "straight-pool/two_reracks_and_minus_fifteen.json").read_text()))
    assert sum(1 for r in sp if len(r["respotted"]) >= 14 and r["legal"]) == 2
    assert any(r["points"] == [-16, 0] for r in sp)
    eight = referee(json.loads((EXAMPLES / "eight-ball/won_on_the_eight.json").read_text()))
    assert eight[1]["groups"] == ["solids", "stripes"]
    assert eight[-1]["legal"] and eight[-1]["announce"] == ["Rack to Ann"]


def test_pool_example_state_round_trip() -> None:
    """A ruling's state is a valid start: replaying the rest from there gives the same."""
    record = json.loads(
        (EXAMPLES / "straight-pool/two_reracks_and_minus_fifteen.json").read_text())
    full = referee(record)
    for k in (5, 17, 33):
        again = referee(record | {"start": full[k]["state"], "actions": record["actions"][k + 1:]})
        assert [r["state"] for r in again] == [r["state"] for r in full[k + 1:]]
