"""``/api/referee``: the referee protocol over HTTP, for scoring apps (spec: referee-protocol.md).

``POST /api/referee`` takes a whole frame record and answers the list of rulings the Python
:func:`cuesport.protocol.referee` and ``cuesport referee`` give. A bad action ends the list
with its error object (status 422, the rulings before it stand); a bad header is a 422 error.
For live scoring, ``/api/referee/sessions`` feeds one action at a time.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse

from cuesport.protocol import RefereeSession, referee
from cuesport.record import RecordError, loads
from cuesport.web.errors import Refused

router = APIRouter(prefix="/api/referee", tags=["referee"])
MAX_SESSIONS = 256  # live-scoring sessions kept in memory, oldest dropped first



class Sessions:
    """Live-scoring sessions of one app (kept on ``app.state``, not in the module)."""

    def __init__(self) -> None:
        self.items: OrderedDict[str, RefereeSession] = OrderedDict()
        self.lock = threading.Lock()

    def add(self, session: RefereeSession) -> str:
        sid = secrets.token_urlsafe(12)
        with self.lock:
            self.items[sid] = session
            while len(self.items) > MAX_SESSIONS:
                self.items.popitem(last=False)
        return sid

    def get(self, sid: str) -> RefereeSession:
        with self.lock:
            session = self.items.get(sid)
        if session is None:
            raise Refused(f"no referee session {sid!r}", 404)
        return session


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
    return {"session": _sessions(request).add(session)}


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
