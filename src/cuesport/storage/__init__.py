"""The storage layer: every SQL table of cuesport and the code that reads and writes them.

:class:`Store` keeps matches, frames, every stroke with its ruling, and the seats of the
browser table (hashed tokens), and the live referee sessions of the marker's page. It may
import the record, the equipment and the rules, never the game or the faces (command line,
web), which sit above it.
"""

from __future__ import annotations

from cuesport.storage.store import (
    MAX_ID,
    FrameRow,
    MatchRow,
    NewFrame,
    RefereeRow,
    SeatRow,
    StaleError,
    StorageError,
    Store,
    SupersededError,
    Written,
    default_url,
)

__all__ = ["MAX_ID", "FrameRow", "MatchRow", "NewFrame", "RefereeRow", "SeatRow", "StaleError",
           "StorageError", "Store", "SupersededError", "Written", "default_url"]
