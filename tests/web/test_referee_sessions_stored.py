"""Live referee sessions are stored (SQLite and PostgreSQL): any worker, and a restarted
server, takes a session up where it was; written first, then advanced; one writer per
version; the per-client share and the memory bound still hold."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import app_client
from fastapi.testclient import TestClient

from cuesport.protocol import referee
from cuesport.storage import StorageError, Store
from cuesport.web.routers import referee as referee_router

HEAD = {"protocol": 1, "discipline": "nine-ball", "players": ["A", "B"], "actions": []}


def foul(player: int) -> dict[str, Any]:
    """A legal action: ``player`` hits the 3 first (a foul), the other has ball in hand."""
    return {"shot": {"player": player, "cue_ball": [635, 500],
                     "events": [{"t": 0, "hit": ["cue", "3"]}]}}


def _client(store: Store) -> TestClient:
    return app_client(store, rate=0)


def _open(c: TestClient) -> str:
    r = c.post("/api/referee/sessions", json=HEAD)
    assert r.status_code == 201, r.text
    sid: str = r.json()["session"]
    return sid


def _feed(c: TestClient, sid: str, action: dict[str, Any]) -> Any:
    return c.post(f"/api/referee/sessions/{sid}/actions", json=action)


def test_a_session_survives_a_restart(store: Store, store_url: str) -> None:
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
        store: Store, store_url: str) -> None:
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
        store: Store, store_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
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


def _frames(url: str, capsys: pytest.CaptureFixture[str]) -> dict[str, str]:
    """``cuesport stats``' frames per player on the database at ``url``."""
    import csv
    import io

    from cuesport.cli import main

    capsys.readouterr()
    assert main(["stats", "--db", url, "--csv", "-"]) == 0
    rows = csv.DictReader(io.StringIO(capsys.readouterr().out))
    return {r["player"]: (r["frames"], r["frames_won"]) for r in rows}


def test_an_undo_as_the_page_does_it_leaves_one_counted_frame(
        store: Store, store_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    with _client(store) as c:
        old = _open(c)
        assert _feed(c, old, foul(0)).status_code == 200
        assert _feed(c, old, {"concede": {"player": 1}}).json()["frame_over"] is True
        # the page's undo: a new session replaces the old one and replays the kept action
        r = c.post("/api/referee/sessions", json=HEAD | {"replaces": old})
        assert r.status_code == 201, r.text
        new = r.json()["session"]
        assert _feed(c, new, foul(0)).json()["action"] == 0
        assert _feed(c, new, {"concede": {"player": 0}}).json()["winner"] == 1
        for gone in (_feed(c, old, foul(0)), c.get(f"/api/referee/sessions/{old}/record")):
            assert gone.status_code == 410 and "replaced" in gone.json()["error"]
    # kept in the database, flagged, with its actions: nothing the marker recorded is lost
    kept = store.referee_session(referee_router.session_key(old))
    assert kept is not None and kept.superseded and kept.closed
    assert kept.replaced_by == referee_router.session_key(new)
    assert kept.actions == [foul(0), {"concede": {"player": 1}}]
    assert [k for k, _, _ in store.referee_records()] == [referee_router.session_key(new)]
    assert _frames(store_url, capsys) == {"A": ("1", "0"), "B": ("1", "1")}  # one frame


def test_replacing_a_missing_or_replaced_session_is_refused_and_stores_nothing(
        store: Store) -> None:
    with _client(store) as c:
        old = _open(c)
        new = c.post("/api/referee/sessions", json=HEAD | {"replaces": old}).json()["session"]
        before = [k for k, _, _ in store.referee_records()]
        for replaces, status in (("no-such-session", 404), (old, 410), (7, 422)):
            r = c.post("/api/referee/sessions", json=HEAD | {"replaces": replaces})
            assert r.status_code == status, r.text
        assert [k for k, _, _ in store.referee_records()] == before
        assert _feed(c, new, foul(0)).status_code == 200  # the replacing one is untouched


def test_a_deleted_session_is_kept_uncounted_and_answers_410(
        store: Store, store_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    with _client(store) as c:
        sid = _open(c)
        assert _feed(c, sid, foul(0)).status_code == 200
        assert c.delete(f"/api/referee/sessions/{sid}").status_code == 204
        assert _feed(c, sid, foul(1)).status_code == 410
        assert c.delete(f"/api/referee/sessions/{sid}").status_code == 410
        assert c.delete("/api/referee/sessions/nothing-here").status_code == 404
    row = store.referee_session(referee_router.session_key(sid))
    assert row is not None and row.superseded and row.replaced_by is None
    assert row.actions == [foul(0)]
    assert list(store.referee_records()) == []
    assert _frames(store_url, capsys) == {}


def test_a_session_replaced_while_a_worker_feeds_it_answers_410(
        store: Store, store_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    other = Store(store_url)
    try:
        with _client(store) as a, _client(other) as b:
            sid = _open(a)
            assert _feed(b, sid, foul(0)).status_code == 200  # b holds it at version 1
            assert a.post("/api/referee/sessions",
                          json=HEAD | {"replaces": sid}).status_code == 201
            # the replacement lands between b's version check and b's write
            real, asked = other.referee_version, []

            def stale_once(key: str) -> int | None:
                asked.append(key)
                return 1 if len(asked) == 1 else real(key)

            monkeypatch.setattr(other, "referee_version", stale_once)
            r = _feed(b, sid, foul(1))
            assert r.status_code == 410, r.text
        row = store.referee_session(referee_router.session_key(sid))
        assert row is not None and row.actions == [foul(0)]  # nothing was added
    finally:
        other.close()


def test_a_database_from_before_superseded_sessions_is_upgraded(tmp_path: Any) -> None:
    import sqlalchemy as sa

    from cuesport.storage import store as store_mod

    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = sa.create_engine(url)
    old = sa.MetaData()
    sa.Table("referee_sessions", old, *[
        c._copy() for c in store_mod.referee_sessions.columns
        if c.name not in ("superseded", "replaced_by")])
    old.create_all(engine)
    engine.dispose()
    s = Store(url)
    try:
        s.open_referee("k" * 64, "c", "en", HEAD, per_owner=8)
        s.open_referee("m" * 64, "c", "en", HEAD, per_owner=8, replaces="k" * 64)
        assert [k for k, _, _ in s.referee_records()] == ["m" * 64]
    finally:
        s.close()
