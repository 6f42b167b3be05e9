"""``/api/boards``: the live scoreboards of a club's tables, for spectators (``/board``).

A marker's page (``/score``) publishes its table's board with ``PUT /api/boards/{name}``
after each ruling; ``GET /api/boards`` lists them and ``/api/boards/ws`` sends
``{"version": n, "boards": [...]}`` whenever one changes. Boards live in memory (what a
big screen shows now); the visits themselves are kept by the marker's page and the referee.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections import OrderedDict
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Request, WebSocket, WebSocketDisconnect
from fastapi import Path as PathParam
from fastapi.responses import FileResponse
from pydantic import BaseModel, ConfigDict, Field, Strict, StringConstraints

router = APIRouter(tags=["boards"])
PAGE = Path(__file__).resolve().parents[1] / "static" / "board.html"
MAX_BOARDS = 64  # tables of one club; the oldest board is dropped first
POLL_S = 0.2

Text = Annotated[str, StringConstraints(max_length=60)]
Score = Annotated[int, Field(ge=-10_000, le=10_000)]
Side = Annotated[int, Field(ge=0, le=1)]
Count = Annotated[int, Field(ge=0, le=999)]
Pair = Strict(False)  # a JSON array fills a pair; its items stay strict


class BoardIn(BaseModel):
    """What a big screen shows of one table (strict: a marker's page is untrusted)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, populate_by_name=True)

    discipline: Text
    players: Annotated[tuple[Text, Text], Pair]
    score: Annotated[tuple[Score, Score], Pair]
    frames: Annotated[tuple[Count, Count], Pair]
    break_: Annotated[int, Field(ge=-10_000, le=10_000)] = Field(alias="break")
    high: Annotated[tuple[Score, Score], Pair] = (0, 0)
    to_play: Side
    frame_over: bool = False
    winner: Side | None = None
    format: Text = ""
    calls: Annotated[list[Annotated[str, StringConstraints(max_length=200)]],
                     Field(max_length=12)] = Field(default_factory=list)


class Boards:
    """The boards of one app (kept on ``app.state``) with a version that counts changes."""

    def __init__(self) -> None:
        self.items: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self.version = 0
        self.lock = threading.Lock()

    def put(self, name: str, board: BoardIn) -> dict[str, Any]:
        out = {"name": name, **board.model_dump(by_alias=True), "updated": time.time()}
        with self.lock:
            self.items.pop(name, None)
            self.items[name] = out
            while len(self.items) > MAX_BOARDS:
                self.items.popitem(last=False)
            self.version += 1
        return out

    def all(self) -> list[dict[str, Any]]:
        with self.lock:
            return sorted(self.items.values(), key=lambda b: str(b["name"]))


def _boards(app: Any) -> Boards:
    boards: Boards | None = getattr(app.state, "boards", None)
    if boards is None:
        boards = app.state.boards = Boards()
    return boards


BoardName = Annotated[str, PathParam(pattern=r"^[\w .-]{1,40}$")]


@router.put("/api/boards/{name}")
def put_board(request: Request, name: BoardName, board: BoardIn) -> dict[str, Any]:
    return _boards(request.app).put(name, board)


@router.get("/api/boards")
def list_boards(request: Request) -> list[dict[str, Any]]:
    return _boards(request.app).all()


@router.websocket("/api/boards/ws")
async def boards_socket(ws: WebSocket) -> None:
    boards = _boards(ws.app)
    await ws.accept()
    seen = -1
    try:
        while True:
            if boards.version != seen:
                seen = boards.version
                await ws.send_json({"version": seen, "boards": boards.all()})
            try:
                msg = await asyncio.wait_for(ws.receive(), POLL_S)
            except TimeoutError:
                continue
            if msg.get("type") == "websocket.disconnect":
                return
    except (WebSocketDisconnect, RuntimeError):
        return


@router.get("/board", include_in_schema=False)
def board_page() -> FileResponse:
    return FileResponse(PAGE, headers={"Cache-Control": "no-cache"})
