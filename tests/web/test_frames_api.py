"""``/api/matches/{mid}/frames/{n}/record`` and ``/rulings``: a frame, read-only, for anyone."""

from __future__ import annotations

from conftest import bearer
from fastapi.testclient import TestClient


def _match_with_a_stroke(client: TestClient) -> int:
    made = client.post("/api/matches", json={
        "discipline": "snooker", "lang": "en",
        "players": [{"name": "Ann"}, {"name": "Bob"}]}).json()
    r = client.post(f"/api/matches/{made['id']}/strike", headers=bearer(made["tokens"][0]),
                    json={"angle": -90, "speed": 1.0, "place": [820, 640]})
    assert r.status_code == 200, r.text
    return int(made["id"])


def test_frame_record_is_a_protocol_record_anyone_may_read(client: TestClient) -> None:
    mid = _match_with_a_stroke(client)
    rec = client.get(f"/api/matches/{mid}/frames/1/record").json()
    assert rec["protocol"] == 1 and rec["discipline"] == "snooker"
    assert len(rec["actions"]) == 1
    # the referee gives the same rulings as the match did
    rulings = client.post("/api/referee", json=rec).json()
    match = client.get(f"/api/matches/{mid}").json()
    assert rulings[-1]["score"] == match["ruling"]["score"]


def test_frame_rulings_come_in_the_language_asked(client: TestClient) -> None:
    mid = _match_with_a_stroke(client)
    en = client.get(f"/api/matches/{mid}/frames/1/rulings?lang=en").json()
    ru = client.get(f"/api/matches/{mid}/frames/1/rulings?lang=ru").json()
    assert [r["action"] for r in en] == [r["action"] for r in ru] == [0]
    assert en[0]["announce"][0].startswith("Foul") and ru[0]["announce"][0].startswith("Фол")


def test_unknown_frames_and_languages_are_refused(client: TestClient) -> None:
    mid = _match_with_a_stroke(client)
    assert client.get(f"/api/matches/{mid}/frames/2/record").status_code == 404
    assert client.get("/api/matches/9999/frames/1/record").status_code == 404
    assert client.get(f"/api/matches/{mid}/frames/0/record").status_code == 422
    assert client.get(f"/api/matches/{mid}/frames/1/rulings?lang=de").status_code == 422
