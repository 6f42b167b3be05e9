"""What the commands share: the database they open, argument types, user errors."""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cuesport.storage import Store

DB_ENV = "CUESPORT_DB"
DB_HELP = (f"SQLAlchemy URL of the match database (default: ${DB_ENV}, else an SQLite file in "
           "the user's data folder)")


class UserError(Exception):
    """A problem the user can fix; ``cuesport`` prints it without a traceback (exit 2)."""


def database_url(given: str | None) -> str | None:
    """``--db``, else ``$CUESPORT_DB``, else None (the default file of the storage layer)."""
    return given or os.environ.get(DB_ENV) or None


def open_store(given: str | None) -> Store:
    """The match database (``--db``, else ``$CUESPORT_DB``, else the user's file), with a
    clear error instead of a driver traceback."""
    from cuesport.storage import StorageError, Store

    url = database_url(given)
    try:
        return Store(url)
    except StorageError as e:
        raise UserError(str(e)) from None
    except ValueError as e:
        raise UserError(f"cannot open the database {url}: {str(e).splitlines()[0]}") from None


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {n}")
    return n


def missing(err: KeyError) -> str:
    """The message of a KeyError raised for a missing row (``'no match 9'`` without quotes)."""
    return str(err.args[0]) if err.args else "not found"
