"""The browser table: a FastAPI app over the game and the referee protocol.

``create_app(store=None)`` builds the app (FastAPI "Bigger Applications": one router per
resource under :mod:`cuesport.web.routers`); ``cuesport serve`` runs it with uvicorn. The
page (``static/``) is plain HTML, CSS and JavaScript modules; no build step.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cuesport import __version__
from cuesport.storage import Store

STATIC = Path(__file__).parent / "static"
MAX_BODY = 256 * 1024  # bytes: a long frame record is ~100 kB; nothing needs more


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes (413), declared or streamed: the body is
    read here, bounded, before the app sees any of it (FastAPI would turn an error raised
    while it reads into a 400)."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for k, v in scope.get("headers", []):
            if k == b"content-length" and v.isdigit() and int(v) > self.limit:
                await _too_large(send, self.limit)
                return
        chunks: list[bytes] = []
        seen = 0
        while True:
            msg = await receive()
            if msg["type"] != "http.request":  # the client left
                await self.app(scope, _replay([msg], receive), send)
                return
            body = msg.get("body", b"")
            seen += len(body)
            if seen > self.limit:
                await _too_large(send, self.limit)
                return
            chunks.append(body)
            if not msg.get("more_body", False):
                break
        whole: Message = {"type": "http.request", "body": b"".join(chunks), "more_body": False}
        await self.app(scope, _replay([whole], receive), send)


def _replay(first: list[Message], receive: Receive) -> Receive:
    """``first`` message(s), then the real channel (a disconnect, later)."""
    queue = list(first)

    async def replayed() -> Message:
        return queue.pop(0) if queue else await receive()

    return replayed


SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),  # seat tokens live in the URL fragment; belt and braces
    (b"x-frame-options", b"DENY"),
    (b"content-security-policy",
     b"default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; "
     b"style-src 'self'; script-src 'self'"),
]


class SecurityHeaders:
    """The same few defensive headers on every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        # The API docs page loads Swagger UI from its CDN: no CSP there.
        extra = SECURITY_HEADERS[:-1] if scope["path"] == "/api/docs" else SECURITY_HEADERS

        async def with_headers(msg: Message) -> None:
            if msg["type"] == "http.response.start":
                msg["headers"] = [*msg.get("headers", []), *extra]
            await send(msg)

        await self.app(scope, receive, with_headers)


async def _too_large(send: Send, limit: int) -> None:
    body = b'{"error": "request body too large (limit %d bytes)"}' % limit
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def app_from_env() -> FastAPI:
    """The app of one ``cuesport serve --workers N`` worker: the database in ``CUESPORT_DB``,
    the rate limit in ``CUESPORT_RATE`` (requests a second per client; 0: none)."""
    import os

    from cuesport.web.limits import RATE

    rate = float(os.environ.get("CUESPORT_RATE") or RATE)
    return create_app(Store(os.environ.get("CUESPORT_DB") or None), rate=rate,
                      think_in_pool=True)


def create_app(store: Store | None = None, *, bot_delay: float = 0.6,
               seed: int | None = None, rate: float | None = None,
               max_live: int | None = None, think_in_pool: bool = False,
               recheck_s: float = 0.0) -> FastAPI:
    """The web app. ``store`` keeps the matches (default: the user's SQLite database);
    ``rate``: requests a second per client (default :data:`cuesport.web.limits.RATE`, 0:
    no limit); ``max_live``: live matches kept in memory; ``think_in_pool``: bots think in
    a pool of processes (``cuesport serve`` does), not in the server's threads;
    ``recheck_s``: how often a read compares a live match with the store (0: every read,
    as several workers need; see :class:`~cuesport.web.live.Hub`)."""
    from starlette.middleware.gzip import GZipMiddleware

    from cuesport.web import errors, limits
    from cuesport.web.live import MAX_LIVE, Hub
    from cuesport.web.routers import (
        boards,
        disciplines,
        frames,
        matches,
        practice,
        referee,
        score,
        tables,
        ws,
    )

    app = FastAPI(title="cuesport", version=__version__, docs_url="/api/docs",
                  openapi_url="/api/openapi.json", redoc_url=None)
    app.state.hub = Hub(store or Store(), bot_delay=bot_delay, seed=seed,
                        max_live=MAX_LIVE if max_live is None else max_live,
                        think_in_pool=think_in_pool, recheck_s=recheck_s)
    app.state.referee_sessions = referee.Sessions()
    errors.install(app)
    for module in (referee, disciplines, tables, matches, frames, ws, score, boards, practice):
        app.include_router(module.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/api/health", tags=["meta"])
    async def health() -> dict[str, str]:  # async: answered on the event loop, no thread
        return {"status": "ok", "version": __version__}

    if think_in_pool:
        from cuesport.web import thinking

        app.router.on_startup.append(thinking.warm)
        app.router.on_shutdown.append(thinking.shutdown)

    app.add_middleware(BodyLimit)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(GZipMiddleware, minimum_size=1024)  # a match read is ~200 kB of JSON
    app.add_middleware(limits.RateLimit, rate=limits.RATE if rate is None else rate)
    return app
