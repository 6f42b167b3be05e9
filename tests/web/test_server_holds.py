"""The server holds: a failed write is a JSON 503 that changes nothing, another server's
move is picked up, a stale write is a JSON 409, and no request gets a plain-text error
(on SQLite and PostgreSQL)."""

from __future__ import annotations

import pytest
from conftest import app_client, bearer, wait_for
from fastapi.testclient import TestClient

from cuesport.storage import Store
from faults import Faults


def _hotseat(c: TestClient) -> tuple[int, list[str]]:
    """Two humans at snooker; the tokens in playing order."""
    r = c.post("/api/matches", json={"discipline": "snooker",
                                     "players": [{"name": "Ann"}, {"name": "Bob"}]})
    assert r.status_code == 201, r.text
    mid, tokens = r.json()["id"], r.json()["tokens"]
    first = r.json()["match"]["ruling"]["to_play"]
    return mid, [tokens[first], tokens[1 - first]]


def test_a_failed_write_is_a_json_503_and_the_match_is_unchanged(store: Store) -> None:
    faults = Faults(store)
    with app_client(store) as c:
        mid, (first, _) = _hotseat(c)
        before = c.get(f"/api/matches/{mid}").json()
        for point in (1, 2, 3):  # the version bump, the stroke row, the commit
            faults.arm(point)
            r = c.post(f"/api/matches/{mid}/concede", headers=bearer(first))
            faults.disarm()
            assert r.status_code == 503, r.text
            assert "could not be written" in r.json()["error"]
            assert r.headers["content-type"].startswith("application/json")
            now = c.get(f"/api/matches/{mid}").json()
            assert (now["ruling"], now["frames_won"], now["over"]) == \
                (before["ruling"], before["frames_won"], before["over"])
            assert store.frames(mid) and store.strokes(store.frames(mid)[0].id) == []
        r = c.post(f"/api/matches/{mid}/concede", headers=bearer(first))
        assert r.status_code == 200, r.text
        assert wait_for(lambda: c.get(f"/api/matches/{mid}").json()["over"])
    assert store.match(mid).finished is not None


def test_a_failed_match_creation_is_a_503_and_stores_nothing(store: Store) -> None:
    faults = Faults(store)
    with app_client(store) as c:
        faults.arm(2)  # the frame row, after the match row, same transaction
        r = c.post("/api/matches", json={"discipline": "snooker",
                                         "players": [{"name": "A"}, {"name": "B"}]})
        assert r.status_code == 503 and "error" in r.json()
    assert store.matches() == []


def test_a_second_server_on_the_same_database_sees_the_first_ones_moves(
        store: Store, store_url: str) -> None:
    other = Store(store_url)
    try:
        with app_client(store) as a, app_client(other) as b:
            mid, (first, second) = _hotseat(a)
            assert not b.get(f"/api/matches/{mid}").json()["over"]  # b holds it in memory
            r = a.post(f"/api/matches/{mid}/concede", headers=bearer(first))
            assert r.status_code == 200, r.text
            done = wait_for(lambda: (v := a.get(f"/api/matches/{mid}").json())["over"] and v)
            # server b notices the newer version, reloads, and refuses the old move
            view = b.get(f"/api/matches/{mid}").json()
            assert (view["over"], view["frames_won"]) == (True, done["frames_won"])
            r = b.post(f"/api/matches/{mid}/concede", headers=bearer(second))
            assert r.status_code == 409 and "over" in r.json()["error"]
    finally:
        other.close()


def test_a_stale_write_is_a_json_409_and_the_match_is_reloaded(
        store: Store, store_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    other = Store(store_url)
    try:
        with app_client(store) as c:
            mid, (first, _) = _hotseat(c)
            (frame,) = store.frames(mid)
            # another process concedes for the first player between our read and our write
            monkeypatch.setattr(store, "version", lambda _mid: 0)
            other.add_stroke(mid, 0, frame.id, 0, {"concede": {"player": 0}}, {"action": 0})
            r = c.post(f"/api/matches/{mid}/concede", headers=bearer(first))
            assert r.status_code == 409, r.text
            assert "changed elsewhere" in r.json()["error"]
            assert len(store.strokes(frame.id)) == 1  # only the other process's concede
            monkeypatch.undo()
            view = wait_for(lambda: (v := c.get(f"/api/matches/{mid}").json())["over"] and v)
            assert view["winner"] == 1  # player 0 conceded the only frame, elsewhere
    finally:
        other.close()


@pytest.mark.parametrize("path", ["/api/matches/99999999999999999999",
                                  "/api/matches/-1", "/api/matches/0",
                                  "/api/matches/99999999999999999999/ws",
                                  "/api/matches/abc", "/api/nothing-here"])
def test_every_failure_is_json(store: Store, path: str) -> None:
    with app_client(store) as c:
        r = c.get(path)
        assert 400 <= r.status_code < 500, (r.status_code, r.text)
        assert r.headers["content-type"].startswith("application/json")
        assert r.json()["error"]
