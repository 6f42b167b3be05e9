"""Inject database failures: the n-th write statement (or commit) of a store raises."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy import event

from cuesport.storage import Store

WRITES = ("INSERT", "UPDATE", "DELETE")


class Faults:
    """Counts a store's write points (write statements and commits) once armed; the
    ``fail_at``-th raises as a full disk would."""

    def __init__(self, store: Store) -> None:
        self.fail_at: int | None = None
        self.seen = 0
        self.fired = 0
        event.listen(store.engine, "before_cursor_execute", self._statement)
        event.listen(store.engine, "commit", self._commit)

    def arm(self, fail_at: int) -> None:
        self.fail_at, self.seen = fail_at, 0

    def disarm(self) -> None:
        self.fail_at = None

    def _point(self, what: str) -> None:
        if self.fail_at is None:
            return
        self.seen += 1
        if self.seen == self.fail_at:
            self.fired += 1
            self.fail_at = None
            raise sa.exc.OperationalError(what, {}, RuntimeError("injected: disk full"))

    def _statement(self, _conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        if statement.lstrip().upper().startswith(WRITES):
            self._point(statement)

    def _commit(self, _conn: Any) -> None:
        self._point("COMMIT")
