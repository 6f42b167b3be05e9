"""The whole database out and back in: a user's history is theirs.

:func:`export_lines` writes JSON Lines: a header ``{"cuesport": "history", "version": 1}``,
then one object per match: its metadata, its seats, and each frame as a referee-protocol
record (``cuesport referee`` replays it) with the stored rulings and stroke parameters.
:func:`import_lines` reads that back into any store, all or nothing, under new ids.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable, Iterator
from typing import Any

import sqlalchemy as sa

from cuesport.storage.store import (
    StorageError,
    Store,
    _now,
    frames,
    matches,
    strokes,
    web_seats,
)

FORMAT = {"cuesport": "history", "version": 1}


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


def read_lines(lines: Iterable[str]) -> list[dict[str, Any]]:
    """The matches of an export, checked for shape (a clear :class:`StorageError` if not)."""
    it = iter(lines)
    try:
        header = json.loads(next(it))
    except (StopIteration, ValueError):
        raise StorageError("not a cuesport history export (no header line)") from None
    if header != FORMAT:
        raise StorageError(f"not a cuesport history export of version 1: {header!r}")
    out = []
    for n, line in enumerate(it, start=2):
        if not line.strip():
            continue
        try:
            m = json.loads(line)
            _check(m)
        except (ValueError, KeyError, TypeError) as err:
            raise StorageError(f"line {n}: not a match of a history export ({err})") from None
        out.append(m)
    return out


def import_lines(store: Store, lines: Iterable[str]) -> list[int]:
    """Add every match of an export to ``store`` (new ids, one transaction: all or nothing);
    returns the new ids, in the export's order."""
    items = read_lines(lines)
    ids: list[int] = []
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
    return ids


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


def _iso(t: dt.datetime | None) -> str | None:
    if t is None:
        return None
    # the store writes UTC; SQLite gives it back without the zone
    return (t if t.tzinfo else t.replace(tzinfo=dt.UTC)).isoformat()


def _time(s: str | None) -> dt.datetime | None:
    return None if s is None else dt.datetime.fromisoformat(s)
