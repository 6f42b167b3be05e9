"""``/api/matches/{id}/ws``: the match over one WebSocket.

The server sends ``{"version": n}`` whenever the match changes (the page then reads
``GET /api/matches/{id}?since=...``). A client may also act through the socket, with the
same checks as over HTTP: ``{"op": "strike", "token": "...", "body": {...}, "id": 7}``
(ops: join, place, strike, decide, undo, concede, claim) is answered by ``{"id": 7, "ok": {...}}``
or ``{"id": 7, "error": "...", "status": 409}``. Without a token the socket only watches.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from cuesport.web import actions
from cuesport.web.errors import Refused
from cuesport.web.live import Hub, LiveMatch

router = APIRouter(tags=["ws"])
POLL_S = 0.1  # how often a socket looks at its match: cheap (an integer compare)
MAX_MESSAGE = 16 * 1024  # bytes; an action is a few hundred
REFRESH_S = 1.0  # how often a socket asks the store whether another process moved the match


@router.websocket("/api/matches/{mid}/ws")
async def match_socket(ws: WebSocket, mid: int) -> None:
    hub: Hub = ws.app.state.hub
    try:
        live = await asyncio.to_thread(hub.get, mid)
    except Refused as err:
        await ws.close(code=4404, reason=str(err)[:100])
        return
    await ws.accept()
    seen = -1
    checked = asyncio.get_running_loop().time()
    try:
        while True:
            now = asyncio.get_running_loop().time()
            if now - checked > REFRESH_S:  # another worker may have moved the match
                checked = now
                live = await asyncio.to_thread(hub.get, mid)
            if live.version != seen:
                seen = live.version
                await ws.send_json({"version": seen})
            try:
                msg = await asyncio.wait_for(ws.receive(), POLL_S)
            except TimeoutError:
                continue
            if msg.get("type") == "websocket.disconnect":
                return
            text = msg.get("text")
            if text is None and msg.get("bytes") is not None:
                text = msg["bytes"].decode("utf-8", "replace")
            if text:
                await ws.send_json(await _act(hub, live, text))
    except (WebSocketDisconnect, RuntimeError):
        return


async def _act(hub: Hub, live: LiveMatch, text: str) -> dict[str, Any]:
    """One action message in, its answer out (never an exception)."""
    ref: Any = None
    try:
        if len(text) > MAX_MESSAGE:
            raise Refused(f"message too large (limit {MAX_MESSAGE} bytes)", 413)
        try:
            msg = json.loads(text)
        except ValueError:
            raise Refused("a message is a JSON object", 422) from None
        if not isinstance(msg, dict):
            raise Refused("a message is a JSON object", 422)
        ref = msg.get("id")
        op, token, body = msg.get("op"), msg.get("token"), msg.get("body")
        if op not in actions.ACTIONS:
            raise Refused(f"unknown op {op!r}; expected one of {', '.join(actions.ACTIONS)}",
                          422)
        if token is not None and not isinstance(token, str):
            raise Refused("token: a string is expected", 422)
        model, action = actions.ACTIONS[op]
        try:
            parsed = model.model_validate(body if body is not None else {}) if model else None
        except ValidationError as err:
            problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'body'}: {e['msg']}"
                                 for e in err.errors()[:5])
            raise Refused(f"invalid request: {problems}", 422) from None
        out = await asyncio.to_thread(action, hub, live, token, parsed)
        return {"id": ref, "ok": out}
    except Refused as err:
        return {"id": ref, **err.body(), "status": err.code}
