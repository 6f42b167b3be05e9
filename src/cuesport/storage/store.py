"""Match history in a real database: matches, frames and every stroke with its ruling.

SQLite in the user's data directory by default (one file, no server); any SQLAlchemy URL
(PostgreSQL: ``postgresql://user@host/db``, driven by psycopg 3) by option.

Writes come before the game moves: each step of a match (a stroke with its ruling, the end
of a frame with the start of the next, an undo) is one transaction, and the caller changes
its memory only once the transaction is committed. Each write names the match's version it
was computed from (``matches.version``) and bumps it; a write on a stale version (another
process moved the match first) is refused with :class:`StaleError` and changes nothing.
A database that cannot be reached or written raises :class:`StorageError` (one line).
"""

from __future__ import annotations

import datetime as dt
import json
import os
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine

MAX_ID = 2**63 - 1  # ids are 64-bit integers; anything larger names nothing
SCHEMA_LOCK = 0x6375657370  # PostgreSQL advisory lock key held while the schema is created


class StorageError(RuntimeError):
    """The database could not be opened, read or written; nothing was changed."""


class StaleError(StorageError):
    """The match was changed by another writer since this state was read: reload it."""


class SupersededError(StorageError):
    """The live referee session was superseded by its owner (kept, but closed for good)."""


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
    # bumped by every write of the match: the optimistic lock of "one writer per match"
    sa.Column("version", sa.Integer, nullable=False, server_default="0"),
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

_BUMP = (matches.update()
         .where(matches.c.id == sa.bindparam("b_id"), matches.c.version == sa.bindparam("b_old"))
         .values(version=sa.bindparam("b_new")))

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

# Live referee sessions (``/api/referee/sessions``, the marker's page): the record's header
# and every accepted action with its ruling, so that any worker, and a restarted server,
# can take the session up. The key is the SHA-256 of the session's secret id: whoever
# reads the database cannot feed a session. ``version`` (the number of actions) is the
# optimistic lock; a session over its owner's share is closed (kept, read-only). A session
# its owner replaced (the marker's undo opens a new one) is superseded: kept, closed, and
# no longer one of the frames the statistics count; ``replaced_by`` names its successor.
referee_sessions = sa.Table(
    "referee_sessions",
    metadata,
    sa.Column("key_sha256", sa.String(64), primary_key=True),
    sa.Column("owner", sa.String(128), nullable=False, index=True),  # the opening client
    sa.Column("lang", sa.String(4), nullable=False),
    sa.Column("header", sa.JSON, nullable=False),  # the record without its actions
    sa.Column("version", sa.Integer, nullable=False, server_default="0"),
    sa.Column("closed", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
    sa.Column("superseded", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("replaced_by", sa.String(64)),
)

referee_actions = sa.Table(
    "referee_actions",
    metadata,
    sa.Column("session", sa.String(64), sa.ForeignKey("referee_sessions.key_sha256"),
              primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),  # (session, seq) unique: one writer
    sa.Column("action", sa.JSON, nullable=False),
    sa.Column("ruling", sa.JSON, nullable=False),
)

_REF_BUMP = (referee_sessions.update()
             .where(referee_sessions.c.key_sha256 == sa.bindparam("b_key"),
                    referee_sessions.c.version == sa.bindparam("b_old"),
                    referee_sessions.c.closed == sa.false())
             .values(version=sa.bindparam("b_new"), updated=sa.bindparam("b_at")))


@dataclass(frozen=True, slots=True)
class RefereeRow:
    """A stored live referee session: its header, accepted actions and their rulings."""

    key_sha256: str
    owner: str
    lang: str
    header: dict[str, Any]
    actions: list[Any]
    rulings: list[dict[str, Any]]
    version: int
    closed: bool
    updated: dt.datetime
    superseded: bool = False
    replaced_by: str | None = None
    created: dt.datetime | None = None


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
    version: int = 0


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


@dataclass(frozen=True, slots=True)
class NewFrame:
    """A frame to open: its number, start position (None: the standard set-up), rules."""

    number: int
    start: Mapping[str, Any] | None
    rules: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Written:
    """What a write left: the match's new version and, when one was opened, the frame."""

    version: int
    frame_id: int | None = None


def default_url() -> str:
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("cuesport", appauthor=False))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise StorageError(f"cannot create the data folder {folder}: {err.strerror}") from None
    return f"sqlite:///{folder / 'cuesport.db'}"


def normalize_url(url: str) -> sa.URL:
    """The SQLAlchemy URL; ``postgresql://`` means psycopg 3 (the driver cuesport ships)."""
    try:
        u = sa.make_url(url)
    except sa.exc.ArgumentError:
        raise StorageError(f"not a database URL: {url!r} (expected sqlite:///path or "
                           "postgresql://user@host/db)") from None
    if u.drivername in ("postgresql", "postgres"):
        u = u.set(drivername="postgresql+psycopg")
    return u


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _sqlite_connect(dbapi_conn: Any, _record: Any) -> None:
    dbapi_conn.isolation_level = None  # the driver's own BEGIN is replaced by _sqlite_begin
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA busy_timeout=15000")  # wait for another process's write, not fail
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA journal_mode=WAL")  # readers (stats, web) do not block the writer
    cur.close()


def _sqlite_begin(conn: Connection) -> None:
    # A write takes the lock when it begins: a deferred transaction that reads first and
    # writes later fails at once ("database is locked") when another process wrote between.
    write = conn.get_execution_options().get("cuesport_write", False)
    conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


OPEN_TRIES = 20  # opening a SQLite file that another process is creating (about 10 s)


def _locked(err: BaseException) -> bool:
    return "database is locked" in str(getattr(err, "orig", None) or err)


def _reason(err: BaseException) -> str:
    """The database's own one-line message, without SQLAlchemy's statement dump."""
    orig = getattr(err, "orig", None) or err
    text = str(orig).strip().splitlines()
    return text[0] if text else type(orig).__name__


class Store:
    """The match database. ``url`` is any SQLAlchemy URL; None means the user's SQLite file.

    Opening creates the schema (safely when several processes start at once); a database
    that cannot be opened raises :class:`StorageError` with one clear line.
    """

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_url()
        u = normalize_url(self.url)
        self.shown = u.render_as_string(hide_password=True)
        self.dialect = u.get_backend_name()
        if self.dialect == "sqlite":
            _check_sqlite_path(u)
        try:
            if self.dialect == "sqlite":
                self.engine: Engine = sa.create_engine(u, connect_args={"timeout": 15})
                event.listen(self.engine, "connect", _sqlite_connect)
                event.listen(self.engine, "begin", _sqlite_begin)
            else:
                self.engine = sa.create_engine(u, pool_pre_ping=True)
        except (sa.exc.ArgumentError, ImportError) as err:
            raise StorageError(f"cannot use the database {self.shown}: {_reason(err)}") from None
        self._writer = self.engine.execution_options(cuesport_write=True)
        for attempt in range(1, OPEN_TRIES + 1):
            try:
                self._create_schema()
                break
            except sa.exc.SQLAlchemyError as err:
                self.engine.dispose()
                if attempt < OPEN_TRIES and self.dialect == "sqlite" and _locked(err):
                    # Processes opening a new file at once: SQLite answers one of them
                    # "database is locked" at once, without its busy timeout, where two
                    # turning the file to WAL could deadlock. A moment later it is WAL.
                    time.sleep(0.05 * attempt)
                    continue
                raise StorageError(f"cannot open the database {self.shown}: {_reason(err)}"
                                   ) from None

    def close(self) -> None:
        self.engine.dispose()

    def _create_schema(self) -> None:
        with self._writer.begin() as conn:
            if self.dialect == "postgresql":  # concurrent CREATE TABLEs would collide
                conn.execute(sa.select(sa.func.pg_advisory_xact_lock(SCHEMA_LOCK)))
            metadata.create_all(conn)
            cols = {c["name"] for c in sa.inspect(conn).get_columns("matches")}
            if "version" not in cols:  # a database from before the version column
                conn.execute(sa.text("ALTER TABLE matches ADD COLUMN version INTEGER "
                                     "NOT NULL DEFAULT 0"))
            cols = {c["name"] for c in sa.inspect(conn).get_columns("referee_sessions")}
            if "superseded" not in cols:  # a database from before superseded sessions
                conn.execute(sa.text("ALTER TABLE referee_sessions ADD COLUMN superseded "
                                     "BOOLEAN NOT NULL DEFAULT FALSE"))
                conn.execute(sa.text("ALTER TABLE referee_sessions ADD COLUMN replaced_by "
                                     "VARCHAR(64)"))

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        """One write transaction; database failures become :class:`StorageError`."""
        try:
            with self._writer.begin() as conn:
                yield conn
        except sa.exc.IntegrityError as err:
            raise StaleError(f"refused by the database: {_reason(err)}") from None
        except sa.exc.SQLAlchemyError as err:
            raise StorageError(f"the database could not be written: {_reason(err)}") from None

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        try:
            with self.engine.connect() as conn:
                yield conn
        except sa.exc.SQLAlchemyError as err:
            raise StorageError(f"the database could not be read: {_reason(err)}") from None

    @staticmethod
    def _bump(conn: Connection, match_id: int, version: int) -> int:
        """Move the match from ``version`` to the next one, or refuse: the optimistic lock."""
        res = conn.execute(_BUMP, {"b_id": match_id, "b_old": version, "b_new": version + 1})
        if res.rowcount != 1:
            raise StaleError(f"match {match_id} was changed elsewhere (version {version} is "
                             "out of date): reload it")
        return version + 1

    @staticmethod
    def _open_frame(conn: Connection, match_id: int, frame: NewFrame) -> int:
        res = conn.execute(frames.insert().values(
            match_id=match_id, number=frame.number,
            start=dict(frame.start) if frame.start else None, rules=dict(frame.rules)))
        return _new_id(res)

    # ------------------------------------------------------------ writing

    def create_match(self, discipline: str, players: tuple[str, str],
                     rules: Mapping[str, Any] | None = None,
                     format: Mapping[str, Any] | None = None, *,
                     frame: NewFrame | None = None,
                     seats: Sequence[SeatRow] = ()) -> tuple[int, int | None]:
        """A new match (version 0), with its first frame and seats in the same transaction;
        returns the match id and the frame id (None without ``frame``)."""
        with self._write() as conn:
            res = conn.execute(matches.insert().values(
                discipline=discipline, players=list(players), rules=dict(rules or {}),
                format=dict(format or {}), created=_now(), version=0))
            mid = _new_id(res)
            fid = self._open_frame(conn, mid, frame) if frame is not None else None
            if seats:
                conn.execute(web_seats.insert(), [
                    {"match_id": mid, "seat": s.seat, "kind": s.kind, "level": s.level,
                     "token_sha256": s.token_sha256, "lang": s.lang} for s in seats])
            return mid, fid

    def start_frame(self, match_id: int, version: int, frame: NewFrame) -> Written:
        with self._write() as conn:
            v = self._bump(conn, match_id, version)
            return Written(v, self._open_frame(conn, match_id, frame))

    def add_stroke(self, match_id: int, version: int, frame_id: int, seq: int,
                   action: Mapping[str, Any], ruling: Mapping[str, Any],
                   stroke: Mapping[str, Any] | None = None) -> int:
        """Append action ``seq`` of a frame and its ruling; returns the new version."""
        with self._write() as conn:
            v = self._bump(conn, match_id, version)
            # parameters, not .values(): one cached statement, no walk over the action
            conn.execute(strokes.insert(), {
                "frame_id": frame_id, "seq": seq, "action": dict(action),
                "ruling": dict(ruling), "stroke": dict(stroke) if stroke else None,
                "created": _now()})
            return v

    def undo_stroke(self, match_id: int, version: int, frame_id: int, seq: int) -> int:
        """Delete action ``seq`` (the last) of a frame; returns the new version."""
        with self._write() as conn:
            v = self._bump(conn, match_id, version)
            last = conn.execute(sa.select(sa.func.max(strokes.c.seq))
                                .where(strokes.c.frame_id == frame_id)).scalar_one_or_none()
            if last != seq:
                raise StaleError(f"action {seq} is not the last of frame {frame_id}: reload")
            conn.execute(strokes.delete().where(strokes.c.frame_id == frame_id,
                                                strokes.c.seq == seq))
            return v

    def end_frame(self, match_id: int, version: int, frame_id: int, winner: int | None,
                  score: Sequence[int], *, next_frame: NewFrame | None = None,
                  match_over: bool = False, match_winner: int | None = None) -> Written:
        """Close a frame and, in the same transaction, open the next or finish the match."""
        with self._write() as conn:
            v = self._bump(conn, match_id, version)
            conn.execute(frames.update().where(frames.c.id == frame_id)
                         .values(winner=winner, score=list(score)))
            fid = self._open_frame(conn, match_id, next_frame) if next_frame else None
            if match_over:
                conn.execute(matches.update().where(matches.c.id == match_id)
                             .values(winner=match_winner, finished=_now()))
            return Written(v, fid)

    def open_referee(self, key_sha256: str, owner: str, lang: str,
                     header: Mapping[str, Any], *, per_owner: int,
                     replaces: str | None = None) -> list[str]:
        """Store a new live referee session (no actions yet). In the same transaction the
        owner's least recently used open sessions beyond ``per_owner`` are closed; returns
        their keys (a closed session is kept, for the history, but takes no more actions).

        ``replaces``: the key of a session the new one supersedes (kept, closed, no longer
        counted): :class:`KeyError` if there is none, :class:`SupersededError` if it is
        superseded already; either way nothing is stored."""
        now = _now()
        with self._write() as conn:
            if replaces is not None:
                self._supersede(conn, replaces, key_sha256)
            conn.execute(referee_sessions.insert(), {
                "key_sha256": key_sha256, "owner": owner, "lang": lang,
                "header": dict(header), "version": 0, "closed": False,
                "created": now, "updated": now})
            rs = referee_sessions.c
            keys: list[str] = list(conn.execute(
                sa.select(rs.key_sha256).where(rs.owner == owner, rs.closed == sa.false())
                .order_by(rs.updated.desc(), rs.created.desc(), rs.key_sha256)).scalars())
            keys.remove(key_sha256)  # the new one is never closed, whatever the clock says
            old = keys[max(per_owner - 1, 0):]
            if old:
                conn.execute(referee_sessions.update().where(rs.key_sha256.in_(old))
                             .values(closed=True))
            return old

    def supersede_referee(self, key_sha256: str) -> None:
        """Mark a session superseded with no successor (its owner discarded it): kept,
        closed, not counted. :class:`KeyError`: none; :class:`SupersededError`: already."""
        with self._write() as conn:
            self._supersede(conn, key_sha256, None)

    @staticmethod
    def _supersede(conn: Connection, key_sha256: str, by: str | None) -> None:
        rs = referee_sessions.c
        res = conn.execute(referee_sessions.update().where(
            rs.key_sha256 == key_sha256, rs.superseded == sa.false())
            .values(superseded=True, closed=True, replaced_by=by))
        if res.rowcount == 1:
            return
        if conn.execute(sa.select(rs.key_sha256).where(
                rs.key_sha256 == key_sha256)).first() is None:
            raise KeyError("no such referee session")
        raise SupersededError("the referee session was superseded already")

    def add_referee_action(self, key_sha256: str, version: int, action: Any,
                           ruling: Mapping[str, Any]) -> int:
        """Append action number ``version`` of a session and its ruling; the new version.
        A closed session, or one another writer moved past ``version``: :class:`StaleError`."""
        with self._write() as conn:
            res = conn.execute(_REF_BUMP, {"b_key": key_sha256, "b_old": version,
                                           "b_new": version + 1, "b_at": _now()})
            if res.rowcount != 1:
                raise StaleError(f"the referee session was changed elsewhere (version "
                                 f"{version} is out of date) or closed")
            conn.execute(referee_actions.insert(), {
                "session": key_sha256, "seq": version, "action": action,
                "ruling": dict(ruling)})
            return version + 1

    # ------------------------------------------------------------ reading

    def referee_version(self, key_sha256: str) -> int | None:
        """An open session's version (its number of actions); None: none, or closed."""
        rs = referee_sessions.c
        with self._read() as conn:
            v = conn.execute(sa.select(rs.version).where(
                rs.key_sha256 == key_sha256, rs.closed == sa.false())).scalar_one_or_none()
        return None if v is None else int(v)

    def referee_session(self, key_sha256: str) -> RefereeRow | None:
        """A stored session with its actions and rulings (None: no such session)."""
        ra = referee_actions.c
        with self._read() as conn:
            row = conn.execute(sa.select(referee_sessions).where(
                referee_sessions.c.key_sha256 == key_sha256)).one_or_none()
            if row is None:
                return None
            acts = conn.execute(sa.select(ra.action, ra.ruling).where(
                ra.session == key_sha256).order_by(ra.seq)).all()
        return RefereeRow(row.key_sha256, row.owner, row.lang, row.header,
                          [a.action for a in acts], [a.ruling for a in acts],
                          int(row.version), bool(row.closed), row.updated,
                          bool(row.superseded), row.replaced_by, row.created)

    def referee_records(self) -> Iterator[tuple[str, str, dt.datetime]]:
        """Every stored live referee session, open or closed, least recently updated first,
        but not the superseded ones (each was replaced by a later session of the same frame,
        or discarded): ``(session key, record JSON text, updated)``. The record is a
        referee-protocol frame record of its accepted actions (``cuesport referee`` replays
        it); the key is the SHA-256 of the session's secret id, stable for its life."""
        rs, ra = referee_sessions.c, referee_actions.c
        with self._read() as conn:
            heads = conn.execute(sa.select(rs.key_sha256, rs.header, rs.updated)
                                 .where(rs.superseded == sa.false())
                                 .order_by(rs.updated, rs.key_sha256)).all()
        for row in heads:
            key, header, updated = str(row.key_sha256), dict(row.header), row.updated
            with self._read() as conn:
                acts: list[Any] = list(conn.execute(sa.select(ra.action).where(
                    ra.session == key).order_by(ra.seq)).scalars())
            yield key, json.dumps(header | {"actions": acts}), updated


    def version(self, match_id: int) -> int | None:
        """The match's version now (None: no such match); one small indexed read."""
        if not 0 < match_id <= MAX_ID:
            return None
        with self._read() as conn:
            v = conn.execute(sa.select(matches.c.version)
                             .where(matches.c.id == match_id)).scalar_one_or_none()
        return None if v is None else int(v)

    def seats(self, match_id: int) -> list[SeatRow]:
        """The browser table's seats of a match, by seat number (none: not a web match)."""
        if not 0 < match_id <= MAX_ID:
            return []
        with self._read() as conn:
            rows = conn.execute(sa.select(web_seats).where(web_seats.c.match_id == match_id)
                                .order_by(web_seats.c.seat)).all()
        return [SeatRow(r.seat, r.kind, r.level, r.token_sha256, r.lang) for r in rows]

    def match(self, match_id: int) -> MatchRow:
        row = None
        if 0 < match_id <= MAX_ID:
            with self._read() as conn:
                row = conn.execute(sa.select(matches)
                                   .where(matches.c.id == match_id)).one_or_none()
        if row is None:
            raise KeyError(f"no match {match_id}")
        return _match_row(row)

    def matches(self, limit: int = 100) -> list[MatchRow]:
        with self._read() as conn:
            rows = conn.execute(sa.select(matches).order_by(matches.c.id.desc()).limit(limit))
            return [_match_row(r) for r in rows]

    def frames(self, match_id: int) -> list[FrameRow]:
        if not 0 < match_id <= MAX_ID:
            return []
        with self._read() as conn:
            rows = conn.execute(sa.select(frames).where(frames.c.match_id == match_id)
                                .order_by(frames.c.number))
            return [FrameRow(r.id, r.match_id, r.number, r.start, r.rules, r.winner, r.score)
                    for r in rows]

    def strokes(self, frame_id: int) -> list[dict[str, Any]]:
        with self._read() as conn:
            rows = conn.execute(sa.select(strokes).where(strokes.c.frame_id == frame_id)
                                .order_by(strokes.c.seq))
            return [{"seq": r.seq, "action": r.action, "ruling": r.ruling, "stroke": r.stroke}
                    for r in rows]

    def frame_record(self, frame_id: int) -> dict[str, Any]:
        """The frame as a referee-protocol record (``cuesport referee`` replays it)."""
        fr = None
        if 0 < frame_id <= MAX_ID:
            with self._read() as conn:
                fr = conn.execute(sa.select(frames)
                                  .where(frames.c.id == frame_id)).one_or_none()
        if fr is None:
            raise KeyError(f"no frame {frame_id}")
        m = self.match(fr.match_id)
        members = m.format.get("members")  # sides with members: protocol 1.1
        return {
            "protocol": 1 if members is None else "1.1",
            "discipline": m.discipline,
            "players": list(m.players) if members is None else [
                {"name": n, "members": list(ms)} for n, ms in zip(m.players, members,
                                                                  strict=True)],
            "rules": fr.rules,
            "start": fr.start,
            "actions": [s["action"] for s in self.strokes(frame_id)],
        }


def _new_id(res: sa.CursorResult[Any]) -> int:
    key = res.inserted_primary_key
    assert key is not None
    return int(key[0])


def _check_sqlite_path(u: sa.URL) -> None:
    """One clear line for a database file that cannot be there (SQLite's own is vague)."""
    name = u.database or ""
    if name in ("", ":memory:") or name.startswith("file:"):
        return
    folder = Path(name).expanduser().resolve().parent
    if not folder.is_dir():
        raise StorageError(f"cannot open the database {u}: the folder {folder} does not exist")
    target = Path(name).expanduser()
    if (target.exists() and not os.access(target, os.R_OK | os.W_OK)) or \
            (not target.exists() and not os.access(folder, os.W_OK | os.X_OK)):
        raise StorageError(f"cannot open the database {u}: {target if target.exists() else folder}"
                           " is not writable")


def _match_row(r: Any) -> MatchRow:
    return MatchRow(r.id, r.discipline, (r.players[0], r.players[1]), r.rules, r.format,
                    r.created, r.finished, r.winner, int(r.version))
