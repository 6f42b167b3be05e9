"""The referee over HTTP reads bodies as strictly as ``cuesport referee`` reads files
(issue 12 §1): malformed JSON, duplicated keys and coerced types are a 422 with an error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

BAD = Path(__file__).resolve().parents[1] / "data" / "bad_input"
HEADERS = {"content-type": "application/json"}


@pytest.mark.parametrize("name", ["invalid_utf8.json", "utf16.json", "nested_1000.json",
                                  "huge_int.json", "duplicate_key.json", "nan.json"])
def test_malformed_body_is_a_422_error(client, name: str) -> None:
    r = client.post("/api/referee", content=(BAD / name).read_bytes(), headers=HEADERS)
    assert r.status_code == 422
    assert "malformed JSON" in r.json()["error"]


@pytest.mark.parametrize("name", ["player_true.json", "player_string.json",
                                  "coordinates_strings.json"])
def test_coerced_action_ends_the_rulings_with_its_error(client, name: str) -> None:
    r = client.post("/api/referee", content=(BAD / name).read_bytes(), headers=HEADERS)
    assert r.status_code == 422
    out = r.json()
    assert "legal" in out[0] and out[-1]["action"] == 1 and "shot." in out[-1]["error"]


def test_live_session_refuses_a_duplicated_key_and_keeps_going(client) -> None:
    head = {"discipline": "snooker", "players": ["Ann", "Bob"], "actions": []}
    sid = client.post("/api/referee/sessions", json=head).json()["session"]
    body = ('{"shot": {"player": 0, "player": 1, "cue_ball": [950, 700], '
            '"events": [{"t": 0, "hit": ["cue", "red1"]}]}}')
    bad = client.post(f"/api/referee/sessions/{sid}/actions", content=body, headers=HEADERS)
    assert bad.status_code == 422 and "appears twice" in bad.json()["error"]
    good = json.loads(body.replace('"player": 0, ', ""))
    good["shot"]["player"] = 0
    ok = client.post(f"/api/referee/sessions/{sid}/actions", json=good)
    assert ok.status_code == 200 and ok.json()["action"] == 0
