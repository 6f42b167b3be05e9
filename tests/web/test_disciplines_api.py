"""``GET /api/disciplines``: the descriptors as the page reads them."""

from __future__ import annotations

from fastapi.testclient import TestClient

from cuesport import disciplines

KEYS = {"id", "names", "family", "table", "sizes", "cue_balls", "balls", "called_shots",
        "nominates", "push_out", "target", "frame_word"}


def test_api_lists_every_discipline_in_order_with_its_facts(client: TestClient) -> None:
    r = client.get("/api/disciplines")
    assert r.status_code == 200
    body = r.json()
    assert [d["id"] for d in body] == list(disciplines.ids())
    for d in body:
        assert set(d) >= KEYS, d["id"]
        assert set(d["names"]) == {"en", "ru"}
    by = {d["id"]: d for d in body}
    assert by["nine-ball"]["push_out"] and not by["eight-ball"]["push_out"]
    assert by["ten-ball"]["called_shots"] and not by["nine-ball"]["called_shots"]
    assert by["snooker-one-red"]["cue_balls"] == ["white", "yellow"]
    assert by["straight-pool"]["target"] and by["straight-pool"]["frame_word"] == "game"
    assert by["nine-ball"]["balls"][0] == {"name": "cue"}
    assert {"name": "black", "value": 7} in by["snooker"]["balls"]
    assert by["eight-ball"]["sizes"] == ["9ft", "8ft", "7ft"]
    units = {d["id"]: d["break_unit"] for d in body}
    assert units["snooker"] == units["straight-pool"] == "points"
    assert units["nine-ball"] == "balls"
