from __future__ import annotations

from collections.abc import Iterator

import pytest

from backends import store_url  # noqa: F401 - the fixture, on SQLite and PostgreSQL
from cuesport.storage import Store


@pytest.fixture
def store(store_url: str) -> Iterator[Store]:  # noqa: F811 - the imported fixture
    s = Store(store_url)
    yield s
    s.close()
