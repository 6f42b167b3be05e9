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
    """Refuse request bodies over ``limit`` bytes (413), declared or streamed."""

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
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            msg = await receive()
            if msg["type"] == "http.request":
                seen += len(msg.get("body", b""))
                if seen > self.limit:
                    raise _TooLarge
            return msg

        try:
            await self.app(scope, limited, send)
        except _TooLarge:
            await _too_large(send, self.limit)


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


class _TooLarge(Exception):
    pass


async def _too_large(send: Send, limit: int) -> None:
    body = b'{"error": "request body too large (limit %d bytes)"}' % limit
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def create_app(store: Store | None = None, *, bot_delay: float = 0.6,
               seed: int | None = None) -> FastAPI:
    """The web app. ``store`` keeps the matches (default: the user's SQLite database)."""
    from cuesport.web import errors
    from cuesport.web.live import Hub
    from cuesport.web.routers import boards, disciplines, matches, referee, score, tables, ws

    app = FastAPI(title="cuesport", version=__version__, docs_url="/api/docs",
                  openapi_url="/api/openapi.json", redoc_url=None)
    app.state.hub = Hub(store or Store(), bot_delay=bot_delay, seed=seed)
    app.state.referee_sessions = referee.Sessions()
    errors.install(app)
    for module in (referee, disciplines, tables, matches, ws, score, boards):
        app.include_router(module.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/api/health", tags=["meta"])
    def health() -> dict[str, str]:
        return {"status": "ok", "version": __version__}

    app.add_middleware(BodyLimit)
    app.add_middleware(SecurityHeaders)
    return app
