"""The example records of examples/snooker replay to the right result."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cuesport.protocol import referee

ROOT = Path(__file__).resolve().parents[2]
DIR = ROOT / "examples" / "snooker"
sys.path.insert(0, str(DIR))
import make_examples  # noqa: E402


@pytest.mark.parametrize("name", sorted(make_examples.EXAMPLES))
def test_example_record_replays(name):
    make, expect = make_examples.EXAMPLES[name]
    stored = json.loads((DIR / name).read_text("utf-8"))
    assert stored == json.loads(json.dumps(make()))  # the file is what the script makes
    out = referee(stored)
    end = out[-1]
    assert end["frame_over"]
    for k, v in expect.items():
        assert end[k] == v


def test_snk_2_8_maximum_is_147_and_free_ball_break_155():
    m = referee(json.loads((DIR / "maximum_147.json").read_text("utf-8")))
    assert max(r["break"] for r in m) == 147
    f = referee(json.loads((DIR / "free_ball_155.json").read_text("utf-8")))
    assert f[0]["free_ball"] and max(r["break"] for r in f) == 155


def test_fouls_miss_and_respotted_black_record():
    out = referee(json.loads((DIR / "fouls_miss_respotted_black.json").read_text("utf-8")))
    assert any(r["miss"] for r in out)
    assert any(r["respotted_black"] and r["lots"] for r in out)
    assert out[-1]["winner"] == 0 and out[-1]["score"] == [82, 75]


def test_cli_replays_an_example_in_russian():
    res = subprocess.run([sys.executable, "-m", "cuesport", "referee", "--lang", "ru",
                          str(DIR / "free_ball_155.json")], capture_output=True, text=True)
    assert res.returncode == 0
    first = json.loads(res.stdout.splitlines()[0])
    assert first["announce"] == ["Фол", "Шесть очков сопернику", "Свободный шар", "0, 6"]


@pytest.mark.parametrize("name", sorted(make_examples.EXAMPLES))
def test_every_ruling_state_is_a_valid_start(name):
    rec = json.loads((DIR / name).read_text("utf-8"))
    full = referee(rec)
    for k in range(0, len(full) - 1, 5):
        rest = {**rec, "start": full[k]["state"], "actions": rec["actions"][k + 1:]}
        again = referee(rest)
        for a, b in zip(again, full[k + 1:], strict=True):
            assert {**a, "action": 0} == {**b, "action": 0}


def test_cli_malformed_record_exits_2(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"protocol": 1, "discipline": "snooker",
                               "actions": [{"shot": {"player": 0, "events": [
                                   {"hit": ["cue", "red99"]}]}}]}))
    res = subprocess.run([sys.executable, "-m", "cuesport", "referee", str(bad)],
                         capture_output=True, text=True)
    assert res.returncode == 2
    assert "error" in json.loads(res.stdout.splitlines()[-1])
    assert "Traceback" not in res.stderr
