"""Which referee class rules which discipline: the descriptor names it, imported lazily."""

from __future__ import annotations

import importlib
from typing import Any

from cuesport import disciplines
from cuesport.record import RecordError
from cuesport.rules.base import Referee


def referee_class(discipline: str) -> type[Referee[Any]]:
    try:
        target = disciplines.find(discipline).referee
    except disciplines.UnknownDiscipline as err:
        raise RecordError(str(err)) from None
    module, _, name = target.partition(":")
    try:
        cls = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        raise RecordError(f"the {discipline} referee is not available in this version") from None
    if not (isinstance(cls, type) and issubclass(cls, Referee)):
        raise RecordError(f"{target} is not a referee class")
    return cls
