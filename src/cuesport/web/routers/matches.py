"""``/api/matches``: create a match, join a seat, place, strike, decide, undo, concede, claim.

A seat acts with its secret token in the ``Authorization: Bearer`` header; without one a
request is a spectator's and may only read. Refusals are 4xx ``{"error": ...}`` and change
nothing.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Path, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import Response

from cuesport.storage import MAX_ID
from cuesport.web import actions
from cuesport.web.errors import Refused
from cuesport.web.live import Hub, Seat
from cuesport.web.schemas import DecideIn, JoinIn, MatchIn, PlaceIn, StrikeIn

router = APIRouter(prefix="/api/matches", tags=["matches"])


async def hub(request: Request) -> Hub:  # async: no thread for a dependency this small
    live: Hub = request.app.state.hub
    return live


async def bearer(authorization: Annotated[str | None, Header(max_length=200)] = None) -> str | None:
    if not authorization:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Refused("the Authorization header must be 'Bearer <seat token>'", 401)
    return token.strip()


HubDep = Annotated[Hub, Depends(hub)]
MatchId = Annotated[int, Path(ge=1, le=MAX_ID, description="the match id")]
TokenDep = Annotated[str | None, Depends(bearer)]


@router.post("", status_code=201)
def create(body: MatchIn, h: HubDep, request: Request) -> dict[str, Any]:
    seats = [Seat(name=p.name, kind=p.kind, level=p.level) for p in body.players]
    owner = request.client.host if request.client else None
    partners = None if body.partners is None else [
        Seat(name=p.name, kind=p.kind, level=p.level) for p in body.partners]
    live, tokens = h.create(body.discipline, seats, dict(body.rules), body.frames, body.lang,
                            owner=owner, partners=partners, alternate=body.alternate)
    # The fragment (never sent to the server) holds the seat tokens, comma-separated by seat.
    links = {f"seat{i}": f"/#match={live.id}&token={',' * i}{t}"
             for i, t in enumerate(tokens) if t}
    links["spectator"] = f"/#match={live.id}"
    return {"id": live.id, "tokens": tokens, "links": links,
            "match": h.view(live, seat=None)}


@router.get("/{mid}")
async def read(mid: MatchId, h: HubDep, token: TokenDep,
               since: int = Query(-1, ge=-1)) -> Response:
    """The match (``since``: only the log entries after that sequence number). A match
    live in this process is answered from memory, on the event loop, without a thread;
    one to load (or due for a look at the store) is read in a worker thread."""
    live = h.cached(mid)
    if live is None:
        live = await run_in_threadpool(h.get, mid)
    seat = live.seat_of(token) if token else None
    if token and seat is None:
        raise Refused("this token holds no seat in this match", 403, "no_seat")
    return Response(h.view_json(live, since, seat), media_type="application/json")


@router.post("/{mid}/join")
def join(mid: MatchId, body: JoinIn, h: HubDep, token: TokenDep) -> dict[str, Any]:
    return actions.join(h, h.get(mid), token, body)


@router.post("/{mid}/place")
def place(mid: MatchId, body: PlaceIn, h: HubDep, token: TokenDep) -> dict[str, Any]:
    return actions.place(h, h.get(mid), token, body)


@router.post("/{mid}/strike")
def strike(mid: MatchId, body: StrikeIn, h: HubDep, token: TokenDep) -> dict[str, Any]:
    return actions.strike(h, h.get(mid), token, body)


@router.post("/{mid}/decide")
def decide(mid: MatchId, body: DecideIn, h: HubDep, token: TokenDep) -> dict[str, Any]:
    return actions.decide(h, h.get(mid), token, body)


@router.post("/{mid}/undo")
def undo(mid: MatchId, h: HubDep, token: TokenDep) -> dict[str, Any]:
    return actions.undo(h, h.get(mid), token)


@router.post("/{mid}/concede")
def concede(mid: MatchId, h: HubDep, token: TokenDep) -> dict[str, Any]:
    return actions.concede(h, h.get(mid), token)


@router.post("/{mid}/claim")
def claim(mid: MatchId, h: HubDep, token: TokenDep) -> dict[str, Any]:
    return actions.claim(h, h.get(mid), token)
