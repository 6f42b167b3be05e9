"""Every refusal is a JSON object ``{"error": "..."}`` with a 4xx status."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException


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

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code,
                            headers=getattr(exc, "headers", None))
