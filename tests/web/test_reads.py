"""Reads of a live match: answered from memory between looks at the store, and a look at
the store at least every ``recheck_s`` seconds sees what another process wrote."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from cuesport.storage import Store
from cuesport.web.live import Hub, Seat


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store(f"sqlite:///{tmp_path / 'r.db'}")
    yield s
    s.close()


def _hotseat(hub: Hub) -> int:
    live, _ = hub.create("snooker", [Seat("A"), Seat("B")], {}, 1, "en")  # no lag to play
    return live.id


def _settled(hub: Hub, mid: int) -> None:
    """Wait for the hub's runner (the frame's end after a concession) to finish."""
    end = time.monotonic() + 30
    while hub.matches[mid].running or not hub.matches[mid].match.over:
        assert time.monotonic() < end, "the runner did not finish"
        time.sleep(0.02)


def test_a_read_is_answered_from_memory_until_a_look_at_the_store_is_due(
        store: Store) -> None:
    here = Hub(store, bot_delay=0.0, seed=1, recheck_s=3600.0)
    mid = _hotseat(here)
    live = here.cached(mid)
    assert live is not None and live is here.matches[mid]
    assert here.cached(mid + 1) is None  # not in memory: get() loads it
    live.checked -= 3601.0
    assert here.cached(mid) is None  # due: get() compares the versions


def test_another_process_s_stroke_is_seen_at_the_next_look_at_the_store(
        store: Store) -> None:
    here = Hub(store, bot_delay=0.0, seed=1, recheck_s=3600.0)
    mid = _hotseat(here)
    before = here.get(mid)
    there = Hub(store, bot_delay=0.0, seed=1)  # a second server on the same database
    live = there.get(mid)
    there.concede(live, live.to_play)
    _settled(there, mid)
    still = here.cached(mid)
    assert still is before and here.view(still)["over"] is False  # not looked yet
    before.checked = time.monotonic() - 3601.0
    assert here.cached(mid) is None
    after = here.get(mid)
    assert after is not before and here.view(after)["over"] is True
    assert after.version > before.version  # pages only see it go up


def test_every_read_looks_at_the_store_with_several_workers(store: Store) -> None:
    here = Hub(store, bot_delay=0.0, seed=1)  # recheck_s=0: several workers
    mid = _hotseat(here)
    assert here.cached(mid) is None
    there = Hub(store, bot_delay=0.0, seed=1)
    live = there.get(mid)
    there.concede(live, live.to_play)
    _settled(there, mid)
    assert here.view(here.get(mid))["over"] is True


def test_the_joined_json_of_a_read_is_the_view(store: Store) -> None:
    hub = Hub(store, bot_delay=0.0, seed=1)
    live, _ = hub.create("nine-ball", [Seat("A"), Seat("Bot", "bot", "easy")], {}, 3, "en")
    end = time.monotonic() + 60
    while live.running or len(live.log) < 2:  # the lag and a bot's stroke, with its shot
        assert time.monotonic() < end
        time.sleep(0.05)
    for since in (-1, live.log[0]["seq"], live.version):
        for seat in (None, 0):
            want = json.loads(json.dumps(hub.view(live, since, seat)))
            assert json.loads(hub.view_json(live, since, seat)) == want
