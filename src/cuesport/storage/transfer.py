"""The whole database out and back in: a user's history is theirs.

:func:`export_lines` writes JSON Lines: a header ``{"cuesport": "history", "version": 2}``,
then one object per match: its metadata, its seats, and each frame as a referee-protocol
record (``cuesport referee`` replays it) with the stored rulings and stroke parameters;
then one ``{"referee_session": {...}}`` per live referee session of the marker's page
(superseded ones too, flagged: nothing a user recorded is left out).
:func:`import_lines` reads that (or a version-1 export, matches only) back into any store,
all or nothing, matches under new ids; a referee session keeps its key (the hash of its
secret id, so the marker's page goes on with it), and one the store has already is skipped.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from cuesport.storage.store import (
    StorageError,
    Store,
    _now,
    frames,
    matches,
    referee_actions,
    referee_sessions,
    strokes,
    web_seats,
)

FORMAT = {"cuesport": "history", "version": 2}
READS = ({"cuesport": "history", "version": 1}, FORMAT)  # version 1: matches only


@dataclass(frozen=True, slots=True)
class Imported:
    """What an import added: the new match ids, and the referee sessions' keys (added, and
    skipped because the store had them already)."""

    matches: list[int]
    sessions: list[str]
    skipped: list[str]


def export_lines(store: Store) -> Iterator[str]:
    """The database as JSON Lines, oldest match first (one read transaction)."""
    yield json.dumps(FORMAT)
    with store._read() as conn:
        for m in conn.execute(sa.select(matches).order_by(matches.c.id)).all():
            seats = conn.execute(sa.select(web_seats).where(web_seats.c.match_id == m.id)
                                 .order_by(web_seats.c.seat)).all()
            out_frames = []
            for fr in conn.execute(sa.select(frames).where(frames.c.match_id == m.id)
                                   .order_by(frames.c.number)).all():
                rows = conn.execute(sa.select(strokes).where(strokes.c.frame_id == fr.id)
                                    .order_by(strokes.c.seq)).all()
                out_frames.append({
                    "number": fr.number, "winner": fr.winner, "score": fr.score,
                    "record": {"protocol": 1, "discipline": m.discipline,
                               "players": list(m.players), "rules": fr.rules,
                               "start": fr.start, "actions": [r.action for r in rows]},
                    "rulings": [r.ruling for r in rows],
                    "strokes": [r.stroke for r in rows],
                    "times": [_iso(r.created) for r in rows],
                })
            yield json.dumps({
                "id": m.id, "discipline": m.discipline, "players": list(m.players),
                "rules": m.rules, "format": m.format, "created": _iso(m.created),
                "finished": _iso(m.finished) if m.finished else None, "winner": m.winner,
                "seats": [{"seat": s.seat, "kind": s.kind, "level": s.level,
                           "token_sha256": s.token_sha256, "lang": s.lang} for s in seats],
                "frames": out_frames,
            }, ensure_ascii=False)
        rs, ra = referee_sessions.c, referee_actions.c
        for r in conn.execute(sa.select(referee_sessions)
                              .order_by(rs.created, rs.key_sha256)).all():
            acts = conn.execute(sa.select(ra.action, ra.ruling).where(
                ra.session == r.key_sha256).order_by(ra.seq)).all()
            yield json.dumps({"referee_session": {
                "key_sha256": r.key_sha256, "owner": r.owner, "lang": r.lang,
                "header": r.header, "actions": [a.action for a in acts],
                "rulings": [a.ruling for a in acts], "closed": bool(r.closed),
                "superseded": bool(r.superseded), "replaced_by": r.replaced_by,
                "created": _iso(r.created), "updated": _iso(r.updated)}}, ensure_ascii=False)


def read_lines(lines: Iterable[str]) -> list[dict[str, Any]]:
    """The matches of an export, checked for shape (a clear :class:`StorageError` if not)."""
    return read_export(lines)[0]


def read_export(lines: Iterable[str]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The matches and the referee sessions of an export, checked for shape."""
    it = iter(lines)
    try:
        header = json.loads(next(it))
    except (StopIteration, ValueError):
        raise StorageError("not a cuesport history export (no header line)") from None
    if header not in READS:
        raise StorageError(f"not a cuesport history export of version 1 or 2: {header!r}")
    out: list[dict[str, Any]] = []
    sessions: list[dict[str, Any]] = []
    for n, line in enumerate(it, start=2):
        if not line.strip():
            continue
        try:
            m = json.loads(line)
            if header == FORMAT and isinstance(m, dict) and "referee_session" in m:
                _check_session(m["referee_session"])
                sessions.append(m["referee_session"])
                continue
            _check(m)
        except (ValueError, KeyError, TypeError) as err:
            raise StorageError(f"line {n}: not a match or referee session of a history "
                               f"export ({err})") from None
        out.append(m)
    return out, sessions


def import_lines(store: Store, lines: Iterable[str]) -> list[int]:
    """Add every match and referee session of an export to ``store`` (new ids, one
    transaction: all or nothing); returns the new match ids, in the export's order."""
    return import_history(store, lines).matches


def import_history(store: Store, lines: Iterable[str]) -> Imported:
    """:func:`import_lines`, telling the referee sessions added and skipped too."""
    items, sessions = read_export(lines)
    ids: list[int] = []
    added: list[str] = []
    skipped: list[str] = []
    with store._write() as conn:
        for m in items:
            res = conn.execute(matches.insert().values(
                discipline=m["discipline"], players=list(m["players"]), rules=m["rules"],
                format=m["format"], created=_time(m["created"]) or _now(),
                finished=_time(m["finished"]), winner=m["winner"], version=0))
            key = res.inserted_primary_key
            assert key is not None
            mid = int(key[0])
            ids.append(mid)
            if m["seats"]:
                conn.execute(web_seats.insert(), [s | {"match_id": mid} for s in m["seats"]])
            for fr in m["frames"]:
                rec = fr["record"]
                res = conn.execute(frames.insert().values(
                    match_id=mid, number=fr["number"], start=rec["start"], rules=rec["rules"],
                    winner=fr["winner"], score=fr["score"]))
                key = res.inserted_primary_key
                assert key is not None
                fid = int(key[0])
                rows = [{"frame_id": fid, "seq": i, "action": a, "ruling": r, "stroke": s,
                         "created": _time(t) or _now()}
                        for i, (a, r, s, t) in enumerate(zip(
                            rec["actions"], fr["rulings"], fr["strokes"], fr["times"],
                            strict=True))]
                if rows:
                    conn.execute(strokes.insert(), rows)
        rs = referee_sessions.c
        for se in sessions:
            key = se["key_sha256"]
            if key in added or conn.execute(sa.select(rs.key_sha256).where(
                    rs.key_sha256 == key)).first() is not None:
                skipped.append(key)  # the same session, imported before: not twice
                continue
            now = _now()
            conn.execute(referee_sessions.insert(), {
                "key_sha256": key, "owner": se["owner"], "lang": se["lang"],
                "header": se["header"], "version": len(se["actions"]),
                "closed": se["closed"], "superseded": se["superseded"],
                "replaced_by": se["replaced_by"],
                "created": _time(se["created"]) or now, "updated": _time(se["updated"]) or now})
            if se["actions"]:
                conn.execute(referee_actions.insert(), [
                    {"session": key, "seq": i, "action": a, "ruling": r}
                    for i, (a, r) in enumerate(zip(se["actions"], se["rulings"], strict=True))])
            added.append(key)
    return Imported(ids, added, skipped)


def _check(m: dict[str, Any]) -> None:
    if not isinstance(m["discipline"], str) or len(m["players"]) != 2:
        raise ValueError("discipline and two players expected")
    for key in ("rules", "format"):
        if not isinstance(m[key], dict):
            raise ValueError(f"{key}: an object expected")
    for fr in m["frames"]:
        rec = fr["record"]
        if rec.get("protocol") != 1 or rec.get("discipline") != m["discipline"]:
            raise ValueError(f"frame {fr['number']}: not a protocol-1 record of this match")
        n = len(rec["actions"])
        if not (len(fr["rulings"]) == len(fr["strokes"]) == len(fr["times"]) == n):
            raise ValueError(f"frame {fr['number']}: one ruling, stroke and time per action")


def _check_session(se: dict[str, Any]) -> None:
    key = se["key_sha256"]
    if not (isinstance(key, str) and len(key) == 64):
        raise ValueError("key_sha256: a SHA-256 in hex expected")
    if not isinstance(se["header"], dict) or not isinstance(se["owner"], str) \
            or se["lang"] not in ("en", "ru"):
        raise ValueError("header (an object), owner and lang (en or ru) expected")
    if len(se["actions"]) != len(se["rulings"]):
        raise ValueError("one ruling per action expected")
    for flag in ("closed", "superseded"):
        if not isinstance(se[flag], bool):
            raise ValueError(f"{flag}: true or false expected")
    if se["replaced_by"] is not None and not isinstance(se["replaced_by"], str):
        raise ValueError("replaced_by: a key or null expected")


def _iso(t: dt.datetime | None) -> str | None:
    if t is None:
        return None
    # the store writes UTC; SQLite gives it back without the zone
    return (t if t.tzinfo else t.replace(tzinfo=dt.UTC)).isoformat()


def _time(s: str | None) -> dt.datetime | None:
    return None if s is None else dt.datetime.fromisoformat(s)
