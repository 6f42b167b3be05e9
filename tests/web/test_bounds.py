"""Bounded resources: idle live matches dropped and reloaded, bot-vs-bot limits, per-client
rate limits, body sizes, compressed responses (referee sessions per client:
test_referee_sessions_stored.py)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import bearer
from fastapi.testclient import TestClient

from cuesport.storage import Store
from cuesport.web import create_app, limits
from cuesport.web.live import IDLE_S

HOTSEAT = {"discipline": "snooker", "players": [{"name": "A"}, {"name": "B"}]}
BOTS = {"discipline": "nine-ball", "players": [{"name": "X", "kind": "bot"},
                                                {"name": "Y", "kind": "bot"}]}


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store(f"sqlite:///{tmp_path / 'b.db'}")
    yield s
    s.close()


def test_idle_live_matches_are_dropped_and_load_again_on_demand(store: Store) -> None:
    with TestClient(create_app(store, bot_delay=0.0, seed=1, max_live=3)) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        made = []
        for _ in range(8):
            r = c.post("/api/matches", json=HOTSEAT)
            made.append((r.json()["id"], r.json()["tokens"], r.json()["match"]))
        assert len(hub.matches) <= 4  # the cap, plus the newest
        for mid, _, first_view in made:  # every one reads as it was
            v = c.get(f"/api/matches/{mid}").json()
            assert v["ruling"] == first_view["ruling"] and not v["over"]
        assert len(hub.matches) <= 4
        mid, tokens, view = made[0]  # long dropped: it still plays
        first = view["ruling"]["to_play"]
        r = c.post(f"/api/matches/{mid}/concede", headers=bearer(tokens[first]))
        assert r.status_code == 200, r.text
        assert hub.sweep(now=time.monotonic() + IDLE_S + 1) >= 1
        assert all(m.running for m in hub.matches.values())  # only playing ones stay
        assert c.get(f"/api/matches/{mid}").status_code == 200


def test_bot_matches_are_limited_per_client_and_in_frames(store: Store) -> None:
    with TestClient(create_app(store, bot_delay=5.0, seed=1)) as c:
        r = c.post("/api/matches", json=BOTS | {"frames": limits.BOT_FRAMES + 2})
        assert r.status_code == 422 and "at most" in r.json()["error"]
        for _ in range(limits.BOT_MATCHES_PER_CLIENT):
            assert c.post("/api/matches", json=BOTS).status_code == 201
        r = c.post("/api/matches", json=BOTS)
        assert r.status_code == 429 and "between bots" in r.json()["error"]
        assert c.post("/api/matches", json=HOTSEAT).status_code == 201  # humans still may


def test_bot_matches_are_limited_in_all(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "BOT_MATCHES", 2)
    monkeypatch.setattr(limits, "BOT_MATCHES_PER_CLIENT", 5)
    with TestClient(create_app(store, bot_delay=5.0, seed=1)) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        assert c.post("/api/matches", json=BOTS).status_code == 201
        live = next(iter(hub.matches.values()))
        live.owner = "another client"
        assert c.post("/api/matches", json=BOTS).status_code == 201
        r = c.post("/api/matches", json=BOTS)
        assert r.status_code == 429 and "try later" in r.json()["error"]


def test_the_rate_limit_is_per_client_and_answers_json_429(store: Store) -> None:
    b = limits.Buckets(rate=2.0, burst=3.0)
    assert [b.take("a", now=0.0) for _ in range(3)] == [0.0, 0.0, 0.0]
    assert b.take("a", now=0.0) == pytest.approx(0.5)
    assert b.take("b", now=0.0) == 0.0  # another client has its own bucket
    assert b.take("a", now=0.5) == 0.0  # refilled at 2 a second
    with TestClient(create_app(store, bot_delay=0.0, seed=1, rate=0.001)) as c:
        codes = [c.get("/api/health").status_code for _ in range(int(limits.BURST) + 5)]
        assert codes.count(200) == limits.BURST and codes[-1] == 429
        r = c.get("/api/health")
        assert r.status_code == 429 and r.json()["error"].startswith("too many requests")
        assert int(r.headers["retry-after"]) >= 1
        assert c.get("/").status_code == 200  # the page itself is not counted


def test_a_streamed_oversized_body_is_413(store: Store) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(40):
            yield b" " * 10_000

    with TestClient(create_app(store, bot_delay=0.0)) as c:
        for path in ("/api/matches", "/api/referee"):
            r = c.post(path, content=chunks(), headers={"content-type": "application/json"})
            assert r.status_code == 413 and "too large" in r.json()["error"]


def test_responses_are_compressed(store: Store) -> None:
    with TestClient(create_app(store, bot_delay=0.0, seed=1)) as c:
        mid = c.post("/api/matches", json=HOTSEAT).json()["id"]
        r = c.get(f"/api/matches/{mid}", headers={"accept-encoding": "gzip"})
        assert r.status_code == 200 and r.headers["content-encoding"] == "gzip"
        assert int(r.headers["content-length"]) < len(r.content) / 2
