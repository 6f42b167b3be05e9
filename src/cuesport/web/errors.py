"""Every refusal is a JSON object ``{"error": "..."}`` with a 4xx status; a database that
cannot be written is a 503 (the match is unchanged: try again), and anything unforeseen is
a JSON 500, never a plain-text page."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from cuesport.storage import StaleError, StorageError


class Refused(ValueError):
    """A request that is not allowed now; nothing has changed. ``code`` is the HTTP status."""

    def __init__(self, message: str, code: int = 409) -> None:
        super().__init__(message)
        self.code = code


def _where(loc: tuple[object, ...]) -> str:
    return ".".join(str(p) for p in loc if p not in ("body",)) or "body"


def install(app: FastAPI) -> None:
    @app.exception_handler(Refused)
    async def _refused(_: Request, exc: Refused) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=exc.code)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        problems = [f"{_where(tuple(e.get('loc', ())))}: {e.get('msg', 'invalid')}"
                    for e in exc.errors()[:5]]
        return JSONResponse({"error": "invalid request: " + "; ".join(problems)},
                            status_code=422)

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
