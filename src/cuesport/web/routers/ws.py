"""``/api/matches/{id}/ws``: a push channel. It sends ``{"version": n}`` whenever the match
changes; the page then reads ``GET /api/matches/{id}?since=...``. Read-only for everyone, so
a spectator's socket is as good as a player's.
"""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from cuesport.web.errors import Refused

router = APIRouter(tags=["ws"])
POLL_S = 0.1  # how often a socket looks at its match: cheap (an integer compare)


@router.websocket("/api/matches/{mid}/ws")
async def match_socket(ws: WebSocket, mid: int) -> None:
    hub = ws.app.state.hub
    try:
        live = await asyncio.to_thread(hub.get, mid)
    except Refused as err:
        await ws.close(code=4404, reason=str(err)[:100])
        return
    await ws.accept()
    seen = -1
    try:
        while True:
            if live.version != seen:
                seen = live.version
                await ws.send_json({"version": seen})
            try:  # listening notices a closed socket; what a client says is ignored
                msg = await asyncio.wait_for(ws.receive(), POLL_S)
            except TimeoutError:
                continue
            if msg.get("type") == "websocket.disconnect":
                return
    except (WebSocketDisconnect, RuntimeError):
        return
