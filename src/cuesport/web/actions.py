"""The seat actions, one function each, shared by the HTTP routes and the WebSocket.

Each takes the hub, the match, the seat token and the validated body (pydantic models from
:mod:`cuesport.web.schemas`), checks the token's seat and plays the action; a refusal is a
:class:`~cuesport.web.errors.Refused` and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from cuesport.web.errors import Refused
from cuesport.web.live import Hub, LiveMatch
from cuesport.web.schemas import CallIn, DecideIn, JoinIn, PlaceIn, StrikeIn


def seat_of(live: LiveMatch, token: str | None) -> int:
    if token is None:
        raise Refused("spectators cannot act: a seat token is needed", 401, "spectator")
    seat = live.seat_of(token)
    if seat is None:
        raise Refused("this token holds no seat in this match", 403, "no_seat")
    return seat


def join(h: Hub, live: LiveMatch, token: str | None, body: JoinIn) -> dict[str, Any]:
    seat = seat_of(live, token)
    if seat != body.seat:
        raise Refused(f"this token is for seat {seat}, not seat {body.seat}", 403, "no_seat")
    return h.join(live, seat)


def place(h: Hub, live: LiveMatch, token: str | None, body: PlaceIn) -> dict[str, Any]:
    return h.place(live, seat_of(live, token), body.at)


def strike(h: Hub, live: LiveMatch, token: str | None, body: StrikeIn) -> dict[str, Any]:
    seat = seat_of(live, token)
    stroke = {"angle": body.angle, "speed": body.speed, "side": body.side,
              "height": body.height, "elevation": body.elevation}
    call = body.call.model_dump() if isinstance(body.call, CallIn) else body.call
    return h.strike(live, seat, stroke, body.place, body.nominate, call, body.push_out)


def decide(h: Hub, live: LiveMatch, token: str | None, body: DecideIn) -> dict[str, Any]:
    return h.decide(live, seat_of(live, token), body.choice)


def undo(h: Hub, live: LiveMatch, token: str | None, body: None = None) -> dict[str, Any]:
    return h.undo(live, seat_of(live, token))


def concede(h: Hub, live: LiveMatch, token: str | None, body: None = None) -> dict[str, Any]:
    return h.concede(live, seat_of(live, token))


def claim(h: Hub, live: LiveMatch, token: str | None, body: None = None) -> dict[str, Any]:
    return h.claim(live, seat_of(live, token))


# op -> (body model or None, action): what a WebSocket message may ask for.
ACTIONS: dict[str, tuple[type[BaseModel] | None, Callable[..., dict[str, Any]]]] = {
    "join": (JoinIn, join),
    "place": (PlaceIn, place),
    "strike": (StrikeIn, strike),
    "decide": (DecideIn, decide),
    "undo": (None, undo),
    "concede": (None, concede),
    "claim": (None, claim),
}
