"""``/api/disciplines``: each discipline's facts, in menu order, for the page.

Provisional: the "core" redesign (issue 11) derives this list from ``cuesport.disciplines``;
until it lands, the facts are gathered here from the equipment so the page needs none of its
own. The shape is the descriptor's: id, names, family, table, sizes, cue balls, balls,
called shots, nominates, push out, target, frame word.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from cuesport.equipment import CUE_BALLS, DISCIPLINES, ball_set

router = APIRouter(prefix="/api/disciplines", tags=["tables"])

_NAMES = {
    "snooker": ("Snooker", "Снукер"),
    "snooker-one-red": ("Snooker 1-red", "Снукер с одним красным"),
    "eight-ball": ("Eight-ball", "Восьмёрка"),
    "nine-ball": ("Nine-ball", "Девятка"),
    "ten-ball": ("Ten-ball", "Десятка"),
    "straight-pool": ("14.1 straight pool", "Прямой пул 14.1"),
}
_CALLED = {"eight-ball", "ten-ball", "straight-pool"}  # POOL-1.6: the call-shot games
_PUSH_OUT = {"nine-ball", "ten-ball"}
_FRAME_WORD = {"snooker": "frame", "snooker-one-red": "frame", "straight-pool": "game"}


def facts(d: str) -> dict[str, Any]:
    snooker = d.startswith("snooker")
    return {
        "id": d,
        "names": {"en": _NAMES[d][0], "ru": _NAMES[d][1]},
        "family": "snooker" if snooker else "pool",
        "table": "snooker" if snooker else "pool",
        "sizes": ["12ft"] if snooker else ["9ft", "8ft", "7ft"],
        "cue_balls": list(CUE_BALLS[d]),
        "balls": [b.name for b in ball_set(d)],
        "called_shots": d in _CALLED,
        "nominates": d == "snooker",  # SNK-2.12: colours and the free ball are nominated
        "push_out": d in _PUSH_OUT,
        "target": d == "straight-pool",
        "frame_word": _FRAME_WORD.get(d, "rack"),
    }


@router.get("")
def list_disciplines() -> list[dict[str, Any]]:
    return [facts(d) for d in DISCIPLINES]
