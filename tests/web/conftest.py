from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from live_server import Screenshots, screenshots

from backends import store_url  # noqa: F401 - the fixture, on SQLite and PostgreSQL
from cuesport.storage import Store
from cuesport.web import create_app


@pytest.fixture
def db_url(tmp_path) -> str:
    # A file, not ":memory:": the server's threads each open their own connection.
    return f"sqlite:///{tmp_path / 'web.db'}"


@pytest.fixture
def client(db_url) -> Iterator[TestClient]:
    store = Store(db_url)
    with TestClient(create_app(store, bot_delay=0.0, seed=1)) as c:
        yield c
    store.close()


@pytest.fixture
def store(store_url: str) -> Iterator[Store]:  # noqa: F811 - the imported fixture
    """A store on each backend (SQLite, PostgreSQL when reachable), closed afterwards."""
    s = Store(store_url)
    yield s
    s.close()


@pytest.fixture(scope="session")
def shot(tmp_path_factory: pytest.TempPathFactory) -> Screenshots:
    """``shot(page, name, full_page=False)``: a screenshot for a person to look at, into
    ``$CUESPORT_SCREENSHOTS`` or else pytest's tmp dir (see live_server)."""
    return screenshots(tmp_path_factory)


def app_client(store: Store, **options: Any) -> TestClient:
    """A test client of the app on ``store``: no bot delay, seed 1, ``options`` added."""
    return TestClient(create_app(store, bot_delay=0.0, seed=1, **options))


def bearer(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def wait_for(check: Callable[[], Any], timeout: float = 20.0) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        out = check()
        if out:
            return out
        time.sleep(0.05)
    raise AssertionError("timed out waiting")

