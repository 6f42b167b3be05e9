"""The example records under examples/snooker-one-red/ replay to the right result."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cuesport.protocol import referee

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "snooker-one-red"

RESULTS = {  # file: (final score, winner)
    "long-cannon-series.json": ([160, 2], 0),
    "red-respot-cycle.json": ([32, 0], 0),
    "baulk-line-kept.json": ([100, 0], 0),
    "baulk-line-broken.json": ([93, 5], 0),
}


def replay(name: str) -> list[dict]:
    out = referee(json.loads((EXAMPLES / name).read_text("utf-8")))
    assert all("error" not in r for r in out), [r for r in out if "error" in r]
    return out


def test_every_example_is_listed():
    assert sorted(p.name for p in EXAMPLES.glob("*.json")) == sorted(RESULTS)


@pytest.mark.parametrize("name", sorted(RESULTS))
def test_example_replays_to_its_result(name):
    last = replay(name)[-1]
    assert (last["score"], last["winner"]) == RESULTS[name]
    assert last["frame_over"]


def test_example_long_cannon_series_one_2_8_1_one_2_8_2():
    out = replay("long-cannon-series.json")
    assert max(r["consecutive_cannons"] for r in out) == 75
    assert sum("Seventy cannons" in r["announce"] for r in out) == 1
    foul = next(r for r in out if r["fouls"])
    assert foul["fouls"][0]["rule"] == "ONE-2.11(12)" and foul["points"] == [0, 2]
    assert any("Baulk line crossed" in r["announce"] for r in out)


def test_example_red_respot_cycle_one_2_7_3():
    out = replay("red-respot-cycle.json")
    places = [tuple(r["respotted"]["red"]) for r in out]
    spot, pyramid, centre = (889.0, 3245.0), (889.0, 2676.75), (889.0, 1784.5)
    assert places == [spot, centre, spot, spot, spot, pyramid, centre, spot, spot, centre]


def test_example_baulk_line_kept_one_2_13_2():
    out = replay("baulk-line-kept.json")
    calls = [c for r in out for c in r["announce"]]
    assert calls.count("Baulk line to be crossed") == 1
    assert calls.count("Baulk line crossed") == 1
    assert all(r["legal"] for r in out)


def test_example_baulk_line_broken_one_2_13_4():
    out = replay("baulk-line-broken.json")
    foul = next(r for r in out if r["fouls"])
    assert foul["fouls"][0]["rule"] == "ONE-2.13.4" and foul["score"] == [93, 2]


def test_example_through_the_command_line_in_russian():
    p = subprocess.run([sys.executable, "-m", "cuesport", "referee", "--lang", "ru",
                        str(EXAMPLES / "baulk-line-kept.json")], capture_output=True,
                       text=True)
    assert p.returncode == 0, p.stderr
    lines = [json.loads(x) for x in p.stdout.splitlines()]
    assert "Линия дома пересечена" in [c for r in lines for c in r["announce"]]
    assert lines[-1]["winner"] == 0
