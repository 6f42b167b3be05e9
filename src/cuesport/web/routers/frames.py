"""``/api/matches/{mid}/frames/{n}``: a frame of a match, read-only, for anyone with the link.

``/record`` is the frame as a referee-protocol record (what ``cuesport referee`` replays: a
link to a frame, or a position saved for later); ``/rulings?lang=`` is the referee's rulings
for it in a language, so a page can show the calls in its reader's language, whatever the
match's.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path, Query, Request

from cuesport.protocol import referee
from cuesport.record import RecordError
from cuesport.web.errors import Refused

router = APIRouter(prefix="/api/matches", tags=["matches"])
Number = Annotated[int, Path(ge=1, le=1000)]


def _record(request: Request, mid: int, number: int) -> dict[str, Any]:
    store = request.app.state.hub.store
    found = [f for f in store.frames(mid) if f.number == number]
    if not found:
        raise Refused(f"no frame {number} in match {mid}", 404)
    return dict(store.frame_record(found[-1].id))


@router.get("/{mid}/frames/{number}/record")
def frame_record(request: Request, mid: int, number: Number) -> dict[str, Any]:
    return _record(request, mid, number)


@router.get("/{mid}/frames/{number}/rulings")
def frame_rulings(request: Request, mid: int, number: Number,
                  lang: Annotated[Literal["en", "ru"], Query()] = "en") -> list[dict[str, Any]]:
    try:
        return list(referee(_record(request, mid, number), lang))
    except RecordError as err:  # a stored frame the referee refuses: say so, change nothing
        raise Refused(f"frame {number} cannot be ruled: {err}", 422) from err
