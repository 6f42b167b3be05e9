"""``/api/referee``: the referee protocol over HTTP, for scoring apps (spec: referee-protocol.md).

``POST /api/referee`` takes a whole frame record and answers the list of rulings the Python
:func:`cuesport.protocol.referee` and ``cuesport referee`` give. A bad action ends the list
with its error object (status 422, the rulings before it stand); a bad header is a 422 error.
For live scoring, ``/api/referee/sessions`` feeds one action at a time.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse, Response

from cuesport.protocol import RefereeSession, referee
from cuesport.record import RecordError, loads
from cuesport.web.errors import Refused
from cuesport.web.limits import client_of

router = APIRouter(prefix="/api/referee", tags=["referee"])
MAX_SESSIONS = 4096  # live-scoring sessions kept in memory, in all
SESSIONS_PER_CLIENT = 64  # ... per client: its own least recently used goes first
SESSION_IDLE_S = 900.0  # a session unused this long may make room for another client's


class Sessions:
    """Live-scoring sessions of one app (kept on ``app.state``, not in the module).

    Each belongs to the client (address) that opened it: a client over its share loses its
    own least recently used session, never another client's; when the server is full, only
    a session idle for ``SESSION_IDLE_S`` makes room, else the new one is refused (429)."""

    def __init__(self) -> None:
        # sid -> (owner, session, last used), least recently used first
        self.items: OrderedDict[str, tuple[str, RefereeSession, float]] = OrderedDict()
        self.lock = threading.Lock()

    def add(self, session: RefereeSession, owner: str = "") -> str:
        sid = secrets.token_urlsafe(12)
        now = time.monotonic()
        with self.lock:
            mine = [k for k, (o, _, _) in self.items.items() if o == owner]
            if len(mine) >= SESSIONS_PER_CLIENT:
                del self.items[mine[0]]
            elif len(self.items) >= MAX_SESSIONS:
                oldest, (_, _, used) = next(iter(self.items.items()))
                if now - used < SESSION_IDLE_S:
                    raise Refused("too many live referee sessions on this server; try later",
                                  429)
                del self.items[oldest]
            self.items[sid] = (owner, session, now)
        return sid

    def get(self, sid: str) -> RefereeSession:
        with self.lock:
            item = self.items.get(sid)
            if item is not None:
                self.items[sid] = (item[0], item[1], time.monotonic())
                self.items.move_to_end(sid)
        if item is None:
            raise Refused(f"no referee session {sid!r}", 404)
        return item[1]


def _sessions(request: Request) -> Sessions:
    sessions: Sessions = request.app.state.referee_sessions
    return sessions

LangQuery = Annotated[Literal["en", "ru"], Query()]
JSON_BODY: dict[str, Any] = {"requestBody": {"required": True, "content": {
    "application/json": {"schema": {"type": "object"}}}}}


async def _body(request: Request) -> Any:
    """The request's JSON, read as strictly as ``cuesport referee`` reads a file."""
    try:
        return loads(await request.body())
    except RecordError as err:
        raise Refused(str(err), 422) from None


@router.post("", openapi_extra=JSON_BODY)
async def rule(request: Request, lang: LangQuery = "en") -> JSONResponse:
    record = await _body(request)
    if not isinstance(record, dict):
        raise Refused("a frame record is a JSON object", 422)
    try:
        out = await run_in_threadpool(referee, record, lang)
    except RecordError as err:
        raise Refused(str(err), 422) from err
    bad = bool(out) and "error" in out[-1]
    return JSONResponse(out, status_code=422 if bad else 200)


@router.post("/sessions", status_code=201, openapi_extra=JSON_BODY)
async def open_session(request: Request, lang: LangQuery = "en") -> dict[str, Any]:
    record = await _body(request)
    if not isinstance(record, dict):
        raise Refused("a frame record is a JSON object", 422)
    if record.get("actions"):
        raise Refused("open a session with an empty actions list, then feed actions", 422)
    try:
        session = RefereeSession(record, lang)
    except RecordError as err:
        raise Refused(str(err), 422) from err
    return {"session": _sessions(request).add(session, client_of(request.scope))}


@router.post("/sessions/{sid}/actions", openapi_extra=JSON_BODY)
async def feed(request: Request, sid: str) -> JSONResponse:
    sessions = _sessions(request)
    session = sessions.get(sid)
    action = await _body(request)
    with sessions.lock:  # one action at a time per server: feeding is fast
        ruling = session.feed(action)
    return JSONResponse(ruling, status_code=422 if "error" in ruling else 200)


@router.get("/sessions/{sid}/record")
def session_record(request: Request, sid: str) -> dict[str, Any]:
    return _sessions(request).get(sid).record()


@router.get("/sessions/{sid}/stats", response_model=None)
def session_stats(request: Request, sid: str,
                  format: Literal["json", "csv"] = "json") -> dict[str, Any] | Response:
    """The session's figures per player (member) and per side (``cuesport.game.stats``)."""
    from cuesport.game import stats

    session = _sessions(request).get(sid)
    record, rulings = session.record(), list(session.rulings)
    if format == "csv":
        text = stats.csv_text(stats.record_rows(record, rulings), stats.RECORD_COLUMNS)
        return Response(text, media_type="text/csv; charset=utf-8")
    return {"players": [s.to_dict() for s in stats.record_stats(record, rulings)],
            "sides": [s.to_dict() for s in stats.side_stats(record, rulings)]}
