"""Match history in a real database: matches, frames and every stroke with its ruling.

SQLite in the user's data directory by default (one file, no server); any SQLAlchemy URL
(PostgreSQL, say) by option. Each stroke is written in its own transaction, so killing the
process loses at most the stroke in flight, and a frame can always be exported as a
referee-protocol record that replays to the same rulings.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import Engine

metadata = sa.MetaData()

matches = sa.Table(
    "matches",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("discipline", sa.String(32), nullable=False),
    sa.Column("players", sa.JSON, nullable=False),
    sa.Column("rules", sa.JSON, nullable=False),
    sa.Column("format", sa.JSON, nullable=False),  # frames to play, race, target ...
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    sa.Column("finished", sa.DateTime(timezone=True)),
    sa.Column("winner", sa.Integer),
)

frames = sa.Table(
    "frames",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("match_id", sa.Integer, sa.ForeignKey("matches.id"), nullable=False, index=True),
    sa.Column("number", sa.Integer, nullable=False),
    sa.Column("start", sa.JSON),  # the record's start position (null: standard set-up)
    sa.Column("rules", sa.JSON, nullable=False),
    sa.Column("winner", sa.Integer),
    sa.Column("score", sa.JSON),
    sa.UniqueConstraint("match_id", "number"),
)

strokes = sa.Table(
    "strokes",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("frame_id", sa.Integer, sa.ForeignKey("frames.id"), nullable=False, index=True),
    sa.Column("seq", sa.Integer, nullable=False),
    sa.Column("action", sa.JSON, nullable=False),  # the protocol action, as fed to the referee
    sa.Column("ruling", sa.JSON, nullable=False),
    sa.Column("stroke", sa.JSON),  # physics stroke parameters, when simulated
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    sa.UniqueConstraint("frame_id", "seq"),
)

# The browser table's seats: who sits where, and the hash of each human seat's token.
web_seats = sa.Table(
    "web_seats",
    metadata,
    sa.Column("match_id", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("level", sa.String(16), nullable=False),
    sa.Column("token_sha256", sa.String(64)),
    sa.Column("lang", sa.String(4), nullable=False),
)


@dataclass(frozen=True, slots=True)
class MatchRow:
    id: int
    discipline: str
    players: tuple[str, str]
    rules: dict[str, Any]
    format: dict[str, Any]
    created: dt.datetime
    finished: dt.datetime | None
    winner: int | None


@dataclass(frozen=True, slots=True)
class FrameRow:
    id: int
    match_id: int
    number: int
    start: dict[str, Any] | None
    rules: dict[str, Any]
    winner: int | None
    score: list[int] | None


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: int
    kind: str  # human, bot
    level: str
    token_sha256: str | None
    lang: str


def default_url() -> str:
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("cuesport", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'cuesport.db'}"


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA journal_mode=WAL")  # readers (stats, web) do not block the writer
    cur.close()


class Store:
    """The match database. ``url`` is any SQLAlchemy URL; None means the user's SQLite file."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_url()
        self.engine: Engine = sa.create_engine(self.url)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        metadata.create_all(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    # ------------------------------------------------------------ writing

    def create_match(self, discipline: str, players: tuple[str, str],
                     rules: Mapping[str, Any] | None = None,
                     format: Mapping[str, Any] | None = None) -> int:
        with self.engine.begin() as conn:
            res = conn.execute(matches.insert().values(
                discipline=discipline, players=list(players), rules=dict(rules or {}),
                format=dict(format or {}), created=_now()))
            return int(res.inserted_primary_key[0])

    def start_frame(self, match_id: int, number: int, start: Mapping[str, Any] | None = None,
                    rules: Mapping[str, Any] | None = None) -> int:
        with self.engine.begin() as conn:
            res = conn.execute(frames.insert().values(
                match_id=match_id, number=number, start=dict(start) if start else None,
                rules=dict(rules or {})))
            return int(res.inserted_primary_key[0])

    def add_stroke(self, frame_id: int, action: Mapping[str, Any], ruling: Mapping[str, Any],
                   stroke: Mapping[str, Any] | None = None) -> int:
        """Append one action and its ruling, atomically; returns its sequence number."""
        with self.engine.begin() as conn:
            seq = conn.execute(
                sa.select(sa.func.coalesce(sa.func.max(strokes.c.seq), -1) + 1)
                .where(strokes.c.frame_id == frame_id)).scalar_one()
            conn.execute(strokes.insert().values(
                frame_id=frame_id, seq=seq, action=dict(action), ruling=dict(ruling),
                stroke=dict(stroke) if stroke else None, created=_now()))
            return int(seq)

    def undo_last_stroke(self, frame_id: int) -> bool:
        with self.engine.begin() as conn:
            seq = conn.execute(sa.select(sa.func.max(strokes.c.seq))
                               .where(strokes.c.frame_id == frame_id)).scalar_one()
            if seq is None:
                return False
            conn.execute(strokes.delete().where(strokes.c.frame_id == frame_id,
                                                strokes.c.seq == seq))
            return True

    def finish_frame(self, frame_id: int, winner: int | None, score: list[int]) -> None:
        with self.engine.begin() as conn:
            conn.execute(frames.update().where(frames.c.id == frame_id)
                         .values(winner=winner, score=list(score)))

    def finish_match(self, match_id: int, winner: int | None) -> None:
        with self.engine.begin() as conn:
            conn.execute(matches.update().where(matches.c.id == match_id)
                         .values(winner=winner, finished=_now()))

    def add_seats(self, match_id: int, seats: list[SeatRow]) -> None:
        with self.engine.begin() as conn:
            conn.execute(web_seats.insert(), [
                {"match_id": match_id, "seat": s.seat, "kind": s.kind, "level": s.level,
                 "token_sha256": s.token_sha256, "lang": s.lang} for s in seats])

    # ------------------------------------------------------------ reading

    def seats(self, match_id: int) -> list[SeatRow]:
        """The browser table's seats of a match, by seat number (none: not a web match)."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(web_seats).where(web_seats.c.match_id == match_id)
                                .order_by(web_seats.c.seat)).all()
        return [SeatRow(r.seat, r.kind, r.level, r.token_sha256, r.lang) for r in rows]

    def match(self, match_id: int) -> MatchRow:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(matches).where(matches.c.id == match_id)).one_or_none()
        if row is None:
            raise KeyError(f"no match {match_id}")
        return _match_row(row)

    def matches(self, limit: int = 100) -> list[MatchRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(matches).order_by(matches.c.id.desc()).limit(limit))
            return [_match_row(r) for r in rows]

    def frames(self, match_id: int) -> list[FrameRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(frames).where(frames.c.match_id == match_id)
                                .order_by(frames.c.number))
            return [FrameRow(r.id, r.match_id, r.number, r.start, r.rules, r.winner, r.score)
                    for r in rows]

    def strokes(self, frame_id: int) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(strokes).where(strokes.c.frame_id == frame_id)
                                .order_by(strokes.c.seq))
            return [{"seq": r.seq, "action": r.action, "ruling": r.ruling, "stroke": r.stroke}
                    for r in rows]

    def frame_record(self, frame_id: int) -> dict[str, Any]:
        """The frame as a referee-protocol record (``cuesport referee`` replays it)."""
        with self.engine.connect() as conn:
            fr = conn.execute(sa.select(frames).where(frames.c.id == frame_id)).one_or_none()
        if fr is None:
            raise KeyError(f"no frame {frame_id}")
        m = self.match(fr.match_id)
        return {
            "protocol": 1,
            "discipline": m.discipline,
            "players": list(m.players),
            "rules": fr.rules,
            "start": fr.start,
            "actions": [s["action"] for s in self.strokes(frame_id)],
        }


def _match_row(r: Any) -> MatchRow:
    return MatchRow(r.id, r.discipline, tuple(r.players), r.rules, r.format, r.created,
                    r.finished, r.winner)
