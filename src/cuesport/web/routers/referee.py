"""``/api/referee``: the referee protocol over HTTP, for scoring apps (spec: referee-protocol.md).

``POST /api/referee`` takes a whole frame record and answers the list of rulings the Python
:func:`cuesport.protocol.referee` and ``cuesport referee`` give. A bad action ends the list
with its error object (status 422, the rulings before it stand); a bad header is a 422 error.
For live scoring, ``/api/referee/sessions`` feeds one action at a time; the sessions are
stored, so any worker of ``cuesport serve --workers N`` and a restarted server go on with them.
A session opened with ``"replaces": OLD_SID`` supersedes the old one (the marker's undo and
language switch replay the kept actions into a new session): the old one is kept in the
database but answers 410 and is no longer counted by ``cuesport stats``;
``DELETE /api/referee/sessions/{sid}`` supersedes a session with no successor.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse, Response

from cuesport.protocol import RefereeSession, referee
from cuesport.record import RecordError, loads
from cuesport.rules.text import dumps
from cuesport.storage import StaleError, Store, SupersededError
from cuesport.web.errors import Refused
from cuesport.web.limits import client_of

router = APIRouter(prefix="/api/referee", tags=["referee"])


class RulingsResponse(JSONResponse):
    """Rulings printed as ``cuesport referee`` prints them (:func:`cuesport.rules.text.dumps`:
    compact UTF-8, orjson's floats), one format on every face."""

    def render(self, content: Any) -> bytes:
        return dumps(content)

MAX_SESSIONS = 4096  # live-scoring sessions kept in memory (the store keeps them all)
SESSIONS_PER_CLIENT = 64  # open sessions per client: its own least recently fed is closed


def session_key(sid: str) -> str:
    """The stored key of a session: the hash of its secret id, never the id itself."""
    return hashlib.sha256(sid.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(slots=True)
class Live:
    """A session held in memory, at ``version`` (its number of accepted actions)."""

    session: RefereeSession
    version: int
    lock: threading.Lock = field(default_factory=threading.Lock)


class Sessions:
    """Live-scoring sessions of one app (kept on ``app.state``, not in the module), stored
    first through ``store`` so that any worker process, and a restarted server, takes a
    session up where it was: written first, then advanced; reloaded on demand.

    The secret session id is the capability (the store keeps only its hash). Each session
    belongs to the client (address) that opened it: a client over its share of open
    sessions has its own least recently fed one closed, never another client's. At most
    ``MAX_SESSIONS`` are held in memory (least recently used dropped: the store has them).
    Each action names the version it was ruled on; another writer's action in between
    refuses it (409) and changes nothing."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.items: OrderedDict[str, Live] = OrderedDict()  # key -> live, LRU first
        self.lock = threading.Lock()  # guards ``items`` only; each Live has its own

    def add(self, session: RefereeSession, owner: str = "", replaces: str | None = None
            ) -> str:
        """Open a session; ``replaces``: the id of one it supersedes, in the same write."""
        sid = secrets.token_urlsafe(12)
        key = session_key(sid)
        old = None if replaces is None else session_key(replaces)
        try:
            closed = self.store.open_referee(key, owner, session.lang, session.record(),
                                             per_owner=SESSIONS_PER_CLIENT, replaces=old)
        except KeyError:
            raise Refused(f"no referee session {replaces!r} to replace", 404) from None
        except SupersededError:
            raise Refused(f"referee session {replaces!r} was replaced already", 410) from None
        with self.lock:
            for k in closed:
                self.items.pop(k, None)
            if old is not None:
                self.items.pop(old, None)
            self._hold(key, Live(session, 0))
        return sid

    def discard(self, sid: str) -> None:
        """Supersede a session with no successor: kept, closed, no longer counted."""
        key = session_key(sid)
        try:
            self.store.supersede_referee(key)
        except KeyError:
            raise Refused(f"no referee session {sid!r}", 404) from None
        except SupersededError:
            raise Refused(f"referee session {sid!r} was replaced already", 410) from None
        with self.lock:
            self.items.pop(key, None)

    def _missing(self, sid: str, key: str) -> Refused:
        """404 for no such (or closed) session, 410 for one its owner superseded."""
        row = self.store.referee_session(key)
        if row is not None and row.superseded:
            return Refused(f"referee session {sid!r} was replaced by a newer one", 410)
        return Refused(f"no referee session {sid!r}", 404)

    def _hold(self, key: str, live: Live) -> None:
        self.items[key] = live
        self.items.move_to_end(key)
        while len(self.items) > MAX_SESSIONS:
            self.items.popitem(last=False)

    def get(self, sid: str) -> Live:
        """The session at the store's version: reloaded when another writer moved it."""
        key = session_key(sid)
        version = self.store.referee_version(key)  # one small indexed read
        with self.lock:
            live = self.items.get(key)
            if version is None:
                self.items.pop(key, None)
            elif live is not None:
                self.items.move_to_end(key)
        if version is None:
            raise self._missing(sid, key)
        if live is None or live.version != version:
            live = self._load(sid, key)
        return live

    def _load(self, sid: str, key: str) -> Live:
        row = self.store.referee_session(key)
        if row is None or row.closed:
            raise self._missing(sid, key)
        session = RefereeSession(row.header, row.lang)
        for i, action in enumerate(row.actions):
            if "error" in session.feed(action):
                raise Refused(f"referee session {sid!r} cannot be resumed: its stored "
                              f"action {i} does not replay", 409)
        live = Live(session, row.version)
        with self.lock:
            self._hold(key, live)
        return live

    def feed(self, sid: str, action: Any) -> dict[str, Any]:
        """Rule on one action: stored with its ruling before the session moves."""
        live = self.get(sid)
        key = session_key(sid)
        with live.lock:
            def store(ruling: dict[str, Any]) -> None:
                live.version = self.store.add_referee_action(key, live.version, action,
                                                             ruling)
            try:
                return live.session.feed(action, before_accept=store)
            except StaleError:
                with self.lock:  # another writer moved it: the next request reloads it
                    if self.items.get(key) is live:
                        del self.items[key]
                if self.store.referee_version(key) is None:  # closed or replaced meanwhile
                    raise self._missing(sid, key) from None
                raise Refused(f"referee session {sid!r} was fed elsewhere first; nothing "
                              "was changed: read its record, then send again", 409) from None

    def record(self, sid: str) -> dict[str, Any]:
        live = self.get(sid)
        with live.lock:
            return live.session.record()


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
    return RulingsResponse(out, status_code=422 if bad else 200)


@router.post("/sessions", status_code=201, openapi_extra=JSON_BODY)
async def open_session(request: Request, lang: LangQuery = "en") -> dict[str, Any]:
    record = await _body(request)
    if not isinstance(record, dict):
        raise Refused("a frame record is a JSON object", 422)
    replaces = record.pop("replaces", None)  # not part of the record: the session it replaces
    if replaces is not None and not isinstance(replaces, str):
        raise Refused("replaces: the id (a string) of the session this one replaces", 422)
    if record.get("actions"):
        raise Refused("open a session with an empty actions list, then feed actions", 422)
    try:
        session = RefereeSession(record, lang)
    except RecordError as err:
        raise Refused(str(err), 422) from err
    sid = await run_in_threadpool(_sessions(request).add, session, client_of(request.scope),
                                  replaces)
    return {"session": sid}


@router.delete("/sessions/{sid}", status_code=204)
async def discard_session(request: Request, sid: str) -> Response:
    """Supersede a session (kept in the database, no longer counted; 410 afterwards)."""
    await run_in_threadpool(_sessions(request).discard, sid)
    return Response(status_code=204)


@router.post("/sessions/{sid}/actions", openapi_extra=JSON_BODY)
async def feed(request: Request, sid: str) -> JSONResponse:
    action = await _body(request)
    ruling = await run_in_threadpool(_sessions(request).feed, sid, action)
    return RulingsResponse(ruling, status_code=422 if "error" in ruling else 200)


@router.get("/sessions/{sid}/record")
def session_record(request: Request, sid: str) -> dict[str, Any]:
    return _sessions(request).record(sid)


@router.get("/sessions/{sid}/stats", response_model=None)
def session_stats(request: Request, sid: str,
                  format: Literal["json", "csv"] = "json") -> dict[str, Any] | Response:
    """The session's figures per player (member) and per side (``cuesport.game.stats``)."""
    from cuesport.game import stats

    live = _sessions(request).get(sid)
    with live.lock:
        record, rulings = live.session.record(), list(live.session.rulings)
    if format == "csv":
        text = stats.csv_text(stats.record_rows(record, rulings), stats.RECORD_COLUMNS)
        return Response(text, media_type="text/csv; charset=utf-8")
    return {"players": [s.to_dict() for s in stats.record_stats(record, rulings)],
            "sides": [s.to_dict() for s in stats.side_stats(record, rulings)]}
