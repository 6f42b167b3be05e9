"""``/api/matches``: create a match, join a seat, place, strike, decide, undo, concede.

A seat acts with its secret token in the ``Authorization: Bearer`` header; without one a
request is a spectator's and may only read. Refusals are 4xx ``{"error": ...}`` and change
nothing.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Query, Request

from cuesport.web.errors import Refused
from cuesport.web.live import Hub, LiveMatch, Seat
from cuesport.web.schemas import CallIn, DecideIn, JoinIn, MatchIn, PlaceIn, StrikeIn

router = APIRouter(prefix="/api/matches", tags=["matches"])


def hub(request: Request) -> Hub:
    return request.app.state.hub


def bearer(authorization: Annotated[str | None, Header(max_length=200)] = None) -> str | None:
    if not authorization:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Refused("the Authorization header must be 'Bearer <seat token>'", 401)
    return token.strip()


HubDep = Annotated[Hub, Depends(hub)]
TokenDep = Annotated[str | None, Depends(bearer)]


def _seat(live: LiveMatch, token: str | None) -> int:
    if token is None:
        raise Refused("spectators cannot act: a seat token is needed", 401)
    seat = live.seat_of(token)
    if seat is None:
        raise Refused("this token holds no seat in this match", 403)
    return seat


@router.post("", status_code=201)
def create(body: MatchIn, h: HubDep) -> dict[str, Any]:
    seats = [Seat(name=p.name, kind=p.kind, level=p.level) for p in body.players]
    live, tokens = h.create(body.discipline, seats, dict(body.rules), body.frames, body.lang)
    # The fragment (never sent to the server) holds the seat tokens, comma-separated by seat.
    links = {f"seat{i}": f"/#match={live.id}&token={',' * i}{t}"
             for i, t in enumerate(tokens) if t}
    links["spectator"] = f"/#match={live.id}"
    return {"id": live.id, "tokens": tokens, "links": links,
            "match": h.view(live, seat=None)}


@router.get("/{mid}")
def read(mid: int, h: HubDep, token: TokenDep,
         since: int = Query(-1, ge=-1)) -> dict[str, Any]:
    live = h.get(mid)
    seat = live.seat_of(token) if token else None
    if token and seat is None:
        raise Refused("this token holds no seat in this match", 403)
    return h.view(live, since, seat)


@router.post("/{mid}/join")
def join(mid: int, body: JoinIn, h: HubDep, token: TokenDep) -> dict[str, Any]:
    live = h.get(mid)
    seat = _seat(live, token)
    if seat != body.seat:
        raise Refused(f"this token is for seat {seat}, not seat {body.seat}", 403)
    return h.join(live, seat)


@router.post("/{mid}/place")
def place(mid: int, body: PlaceIn, h: HubDep, token: TokenDep) -> dict[str, Any]:
    live = h.get(mid)
    return h.place(live, _seat(live, token), body.at)


@router.post("/{mid}/strike")
def strike(mid: int, body: StrikeIn, h: HubDep, token: TokenDep) -> dict[str, Any]:
    live = h.get(mid)
    seat = _seat(live, token)
    stroke = {"angle": body.angle, "speed": body.speed, "side": body.side,
              "height": body.height, "elevation": body.elevation}
    call = body.call.model_dump() if isinstance(body.call, CallIn) else body.call
    return h.strike(live, seat, stroke, body.place, body.nominate, call, body.push_out)


@router.post("/{mid}/decide")
def decide(mid: int, body: DecideIn, h: HubDep, token: TokenDep) -> dict[str, Any]:
    live = h.get(mid)
    return h.decide(live, _seat(live, token), body.choice)


@router.post("/{mid}/undo")
def undo(mid: int, h: HubDep, token: TokenDep) -> dict[str, Any]:
    live = h.get(mid)
    return h.undo(live, _seat(live, token))


@router.post("/{mid}/concede")
def concede(mid: int, h: HubDep, token: TokenDep) -> dict[str, Any]:
    live = h.get(mid)
    return h.concede(live, _seat(live, token))
