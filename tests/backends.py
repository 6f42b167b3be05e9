"""The databases the storage tests run on: SQLite always, PostgreSQL when one is reachable.

``python3 tasks.py test`` starts a throw-away PostgreSQL cluster when it can and passes its
URL in ``CUESPORT_TEST_PG`` (any PostgreSQL URL whose user may create databases works
too); without it the PostgreSQL cases are skipped, and tasks.py says so loudly. Each test
gets a database of its own, dropped afterwards.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

PG_ENV = "CUESPORT_TEST_PG"
BACKENDS = ("sqlite", "postgresql")


def pg_base() -> str | None:
    url = os.environ.get(PG_ENV, "").strip()
    if not url:
        return None
    u = sa.make_url(url)
    return u.set(drivername="postgresql+psycopg").render_as_string(hide_password=False)


def new_url(backend: str, folder: Path) -> Iterator[str]:
    """A fresh, empty database of ``backend``: its URL while the caller uses it."""
    if backend == "sqlite":
        yield f"sqlite:///{folder / 'cuesport.db'}"
        return
    base = pg_base()
    if base is None:
        pytest.skip(f"no PostgreSQL server for the tests: {PG_ENV} is not set "
                    "(python3 tasks.py test starts one when it can)")
    name = f"cuesport_test_{secrets.token_hex(6)}"
    admin = sa.create_engine(base, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
        yield sa.make_url(base).set(database=name).render_as_string(hide_password=False)
        with admin.connect() as conn:
            conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        admin.dispose()


@pytest.fixture(params=BACKENDS)
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The URL of an empty database, once on SQLite and once on PostgreSQL."""
    yield from new_url(request.param, tmp_path)
