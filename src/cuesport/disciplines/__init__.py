"""Disciplines: one descriptor module per discipline, found by name.

Each module of this package (``snooker.py``, ``nine_ball.py``, ...) defines ``DISCIPLINE``,
a :class:`Discipline` with every fact of the discipline that code outside its referee needs.
The modules are discovered (``pkgutil``), so a new discipline is its descriptor here plus
its referee module in :mod:`cuesport.rules`, nothing else::

    >>> from cuesport import disciplines
    >>> disciplines.find("nine-ball").push_out
    True
    >>> [d.id for d in disciplines.all()][:2]
    ['snooker', 'snooker-one-red']

This package is layer 1 beside :mod:`cuesport.equipment`: it imports equipment, nothing above.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable
from functools import lru_cache

from cuesport.disciplines._base import BotHints, Discipline, Names, Rng
from cuesport.equipment.balls import Ball
from cuesport.equipment.racks import Position
from cuesport.equipment.tables import TABLES, TableSpec

__all__ = [
    "BotHints",
    "Discipline",
    "Names",
    "UnknownDiscipline",
    "all",
    "ball_names",
    "ball_set",
    "cue_balls",
    "find",
    "for_table",
    "ids",
    "setup",
    "table_for",
]


class UnknownDiscipline(ValueError):
    """A discipline id that no descriptor declares."""


@lru_cache(maxsize=1)
def _registry() -> dict[str, Discipline]:
    found: list[Discipline] = []
    for info in pkgutil.iter_modules(__path__):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        d = getattr(module, "DISCIPLINE", None)
        if not isinstance(d, Discipline):
            raise TypeError(f"{module.__name__} defines no DISCIPLINE descriptor")
        found.append(d)
    found.sort(key=lambda d: (d.order, d.id))
    out: dict[str, Discipline] = {}
    for d in found:
        if d.id in out:
            raise TypeError(f"two descriptors declare the discipline {d.id!r}")
        out[d.id] = d
    return out


def all() -> tuple[Discipline, ...]:
    """Every discipline, in a stable order (menus, the API, tests)."""
    return tuple(_registry().values())


def ids() -> tuple[str, ...]:
    return tuple(_registry())


def find(name: str) -> Discipline:
    """The descriptor of discipline ``name``; an unknown name lists the known ids."""
    d = _registry().get(name)
    if d is None:
        raise UnknownDiscipline(
            f"unknown discipline {name!r}; expected one of {', '.join(_registry())}"
        )
    return d


def for_table(kind: str, balls: Iterable[str] = ()) -> Discipline:
    """The discipline a bare position on a ``kind`` table is most likely from: the first
    whose ball set holds every ball named in ``balls``, else the first with the largest set."""
    on_kind = [d for d in all() if d.table == kind]
    if not on_kind:
        raise ValueError(f"no discipline is played on a {kind!r} table")
    names = set(balls)
    if names:
        for d in on_kind:
            if names <= _name_set(d):
                return d
    return max(on_kind, key=lambda d: len(d.balls))


@lru_cache(maxsize=64)
def _name_set(d: Discipline) -> frozenset[str]:
    return frozenset(d.ball_names)


def table_for(name: str, size: str | None = None) -> TableSpec:
    """The table discipline ``name`` is played on (``size``: one of its sizes)."""
    d = find(name)
    if size is None:
        return TABLES[d.sizes[0]]
    for key in d.sizes:
        if size in (key, TABLES[key].name):  # the size, or the table's own name
            return TABLES[key]
    raise ValueError(f"{name} is played on the {' / '.join(d.sizes)} table, not {size!r}")


def ball_set(name: str) -> tuple[Ball, ...]:
    """The balls of discipline ``name``, cue ball(s) first."""
    return find(name).balls


def ball_names(name: str) -> tuple[str, ...]:
    return find(name).ball_names


def cue_balls(name: str) -> tuple[str, ...]:
    return find(name).cue_balls


def setup(name: str, table: TableSpec | None = None, rng: Rng = None) -> Position:
    """The standard starting position of ``name`` (cue balls in hand, so absent)."""
    d = find(name)
    return d.rack(table or table_for(name), rng)
