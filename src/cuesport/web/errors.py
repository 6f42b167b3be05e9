"""Every refusal is a JSON object ``{"error": "..."}`` with a 4xx status; a database that
cannot be written is a 503 (the match is unchanged: try again), and anything unforeseen is
a JSON 500, never a plain-text page.

A refusal a player meets at the table also has a stable ``"code"`` and its ``"params"``
(``{"error": "not your turn: Bob is to play", "code": "not_your_turn", "params": {"name":
"Bob"}}``): the page words it in its own language; ``error`` stays the English text."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from cuesport.storage import StaleError, StorageError


class Refused(ValueError):
    """A request that is not allowed now; nothing has changed. ``code`` is the HTTP status;
    ``key`` (with ``params``) names the refusal for a page to translate."""

    def __init__(self, message: str, code: int = 409, key: str | None = None,
                 **params: str | int | float) -> None:
        super().__init__(message)
        self.code = code
        self.key = key
        self.params = params

    def body(self) -> dict[str, object]:
        out: dict[str, object] = {"error": str(self)}
        if self.key is not None:
            out |= {"code": self.key, "params": self.params}
        return out


def _where(loc: tuple[object, ...]) -> str:
    return ".".join(str(p) for p in loc if p not in ("body",)) or "body"


def install(app: FastAPI) -> None:
    @app.exception_handler(Refused)
    async def _refused(_: Request, exc: Refused) -> JSONResponse:
        return JSONResponse(exc.body(), status_code=exc.code)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        problems = [f"{_where(tuple(e.get('loc', ())))}: {e.get('msg', 'invalid')}"
                    for e in exc.errors()[:5]]
        return JSONResponse({"error": "invalid request: " + "; ".join(problems),
                             "code": "invalid", "params": {}}, status_code=422)

    @app.exception_handler(StorageError)
    async def _storage(_: Request, exc: StorageError) -> JSONResponse:
        if isinstance(exc, StaleError):
            return JSONResponse({"error": f"{exc}; the match was reloaded"}, status_code=409)
        return JSONResponse({"error": f"{exc}; nothing was changed, try again"},
                            status_code=503, headers={"Retry-After": "1"})

    @app.exception_handler(Exception)
    async def _bug(_: Request, exc: Exception) -> JSONResponse:
        return JSONResponse({"error": f"internal error ({type(exc).__name__})"},
                            status_code=500)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code,
                            headers=getattr(exc, "headers", None))
