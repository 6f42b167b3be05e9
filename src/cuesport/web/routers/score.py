"""``/score``: the marker's page, scoring a real table without coordinates.

A static page (``static/score.html``); it talks to ``/api/disciplines`` and the live
referee sessions of ``/api/referee/sessions`` with records of protocol 1.1 without positions
(docs: positions-free.md).
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

router = APIRouter(tags=["score"])
PAGE = Path(__file__).resolve().parents[1] / "static" / "score.html"


@router.get("/score", include_in_schema=False)
def score_page() -> FileResponse:
    return FileResponse(PAGE, headers={"Cache-Control": "no-cache"})
