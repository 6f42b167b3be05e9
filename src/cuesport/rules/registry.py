"""Which referee class rules which discipline (imported lazily, one module per discipline)."""

from __future__ import annotations

import importlib
from typing import Any

from cuesport.record import RecordError
from cuesport.rules.base import Referee

REFEREES: dict[str, str] = {
    "snooker": "cuesport.rules.snooker:SnookerReferee",
    "snooker-one-red": "cuesport.rules.snooker_one_red:OneRedReferee",
    "eight-ball": "cuesport.rules.eight_ball:EightBallReferee",
    "nine-ball": "cuesport.rules.nine_ball:NineBallReferee",
    "ten-ball": "cuesport.rules.ten_ball:TenBallReferee",
    "straight-pool": "cuesport.rules.straight_pool:StraightPoolReferee",
}


def referee_class(discipline: str) -> type[Referee[Any]]:
    target = REFEREES.get(discipline)
    if target is None:
        raise RecordError(f"unknown discipline {discipline!r}; expected one of "
                          f"{', '.join(REFEREES)}")
    module, _, name = target.partition(":")
    try:
        cls = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        raise RecordError(f"the {discipline} referee is not available in this version") from None
    return cls  # type: ignore[no-any-return]
