"""Live referee sessions are stored (SQLite and PostgreSQL): any worker, and a restarted
server, takes a session up where it was; written first, then advanced; one writer per
version; the per-client share and the memory bound still hold."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from backends import store_url  # noqa: F401 - the fixture, on SQLite and PostgreSQL
from cuesport.protocol import referee
from cuesport.storage import StorageError, Store
from cuesport.web import create_app
from cuesport.web.routers import referee as referee_router

HEAD = {"protocol": 1, "discipline": "nine-ball", "players": ["A", "B"], "actions": []}


def foul(player: int) -> dict[str, Any]:
    """A legal action: ``player`` hits the 3 first (a foul), the other has ball in hand."""
    return {"shot": {"player": player, "cue_ball": [635, 500],
                     "events": [{"t": 0, "hit": ["cue", "3"]}]}}


@pytest.fixture
def store(store_url: str) -> Iterator[Store]:  # noqa: F811 - the imported fixture
    s = Store(store_url)
    yield s
    s.close()


def _client(store: Store) -> TestClient:
    return TestClient(create_app(store, bot_delay=0.0, seed=1, rate=0))


def _open(c: TestClient) -> str:
    r = c.post("/api/referee/sessions", json=HEAD)
    assert r.status_code == 201, r.text
    sid: str = r.json()["session"]
    return sid


def _feed(c: TestClient, sid: str, action: dict[str, Any]) -> Any:
    return c.post(f"/api/referee/sessions/{sid}/actions", json=action)


def test_a_session_survives_a_restart(store: Store, store_url: str) -> None:  # noqa: F811
    with _client(store) as c:
        sid = _open(c)
        assert [_feed(c, sid, foul(p)).json()["action"] for p in (0, 1)] == [0, 1]
    again = Store(store_url)  # a new server on the same database
    try:
        with _client(again) as c:
            r = _feed(c, sid, foul(0))
            assert r.status_code == 200 and r.json()["action"] == 2, r.text
            rec = c.get(f"/api/referee/sessions/{sid}/record").json()
        assert rec["actions"] == [foul(0), foul(1), foul(0)]
        assert r.json() == referee(rec)[2]  # the resumed session rules as a fresh one
    finally:
        again.close()


def test_two_workers_on_one_database_take_turns_on_a_session(
        store: Store, store_url: str) -> None:  # noqa: F811
    other = Store(store_url)
    try:
        with _client(store) as a, _client(other) as b:
            sid = _open(a)
            for i in range(4):  # each worker holds a copy; each sees the other's actions
                r = _feed(a if i % 2 == 0 else b, sid, foul(i % 2))
                assert r.status_code == 200 and r.json()["action"] == i, r.text
            for c in (a, b):
                rec = c.get(f"/api/referee/sessions/{sid}/record").json()
                assert len(rec["actions"]) == 4
    finally:
        other.close()


def test_a_second_writer_on_a_stale_version_is_refused_and_changes_nothing(
        store: Store, store_url: str, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    other = Store(store_url)
    try:
        with _client(store) as a, _client(other) as b:
            sid = _open(a)
            assert _feed(b, sid, foul(0)).status_code == 200  # b holds it at version 1
            assert _feed(a, sid, foul(1)).status_code == 200  # a moves it to version 2
            # a's write lands between b's version check and b's write
            monkeypatch.setattr(other, "referee_version", lambda key: 1)
            r = _feed(b, sid, foul(1))
            assert r.status_code == 409 and "fed elsewhere" in r.json()["error"]
            monkeypatch.undo()
            rec = b.get(f"/api/referee/sessions/{sid}/record").json()
            assert rec["actions"] == [foul(0), foul(1)]  # b reloaded; nothing was added
            assert _feed(b, sid, foul(0)).json()["action"] == 2
    finally:
        other.close()


def test_a_failed_write_answers_503_and_the_session_does_not_move(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    with _client(store) as c:
        sid = _open(c)
        assert _feed(c, sid, foul(0)).status_code == 200

        def fail(*_: Any) -> int:
            raise StorageError("the database could not be written: disk full")

        monkeypatch.setattr(store, "add_referee_action", fail)
        r = _feed(c, sid, foul(1))
        assert r.status_code == 503 and "nothing was changed" in r.json()["error"]
        monkeypatch.undo()
        assert len(c.get(f"/api/referee/sessions/{sid}/record").json()["actions"]) == 1
        assert _feed(c, sid, foul(1)).json()["action"] == 1  # the same action, again


def test_sessions_dropped_from_memory_load_again_on_demand(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(referee_router, "MAX_SESSIONS", 2)
    with _client(store) as c:
        sids = [_open(c) for _ in range(5)]
        held = c.app.state.referee_sessions  # type: ignore[attr-defined]
        assert len(held.items) == 2
        for sid in sids:
            assert _feed(c, sid, foul(0)).json()["action"] == 0
            assert len(held.items) <= 2
        for sid in sids:
            assert _feed(c, sid, foul(1)).json()["action"] == 1


def test_a_client_over_its_share_loses_its_own_oldest_session_only(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(referee_router, "SESSIONS_PER_CLIENT", 3)
    with _client(store) as c:
        sessions = c.app.state.referee_sessions  # type: ignore[attr-defined]
        from cuesport.protocol import RefereeSession

        theirs = sessions.add(RefereeSession(HEAD), "10.0.0.2")
        mine = [_open(c) for _ in range(5)]
        assert _feed(c, theirs, foul(0)).status_code == 200  # never another client's
        for sid in mine[:2]:  # the flooding client's own oldest are closed
            assert _feed(c, sid, foul(0)).status_code == 404
        for sid in mine[2:]:
            assert _feed(c, sid, foul(0)).status_code == 200
    # closed sessions are kept for the history
    assert len(list(store.referee_records())) == 6


def test_referee_records_are_protocol_records_that_replay(store: Store) -> None:
    import json

    with _client(store) as c:
        first, second = _open(c), _open(c)
        for p in (0, 1, 0):
            _feed(c, first, foul(p))
        _feed(c, second, {"concede": {"player": 1}})
        rulings = [_feed(c, first, foul(1)).json()]
    out = list(store.referee_records())
    assert len(out) == 2 and len({key for key, _, _ in out}) == 2
    by_len = {len(json.loads(text)["actions"]): json.loads(text) for _, text, _ in out}
    assert referee(by_len[4])[3] == rulings[0]
    assert by_len[1]["actions"] == [{"concede": {"player": 1}}]
    assert by_len[4]["discipline"] == "nine-ball"
    assert all(first not in text and second not in text for _, text, _ in out)
    assert [u for _, _, u in out] == sorted(u for _, _, u in out)
