"""Faster constructors for the frozen slotted dataclasses built on every ruling.

A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__`` by name,
about twice the cost of the slot's own setter; :func:`fast_init` generates an
``__init__`` with the same signature (fields in order, positional or keyword, the same
defaults and default factories) that calls the slot setters directly, as ``dataclasses``
itself generates code once per class.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar, cast

T = TypeVar("T")


def fast_init(cls: type[T]) -> type[T]:
    """Give a frozen slotted dataclass without ``__post_init__`` a direct ``__init__``
    (a class decorator, applied after ``@dataclass``). Only the class's own
    ``__init__`` changes: a dataclass subclass keeps the one ``dataclasses`` made."""
    assert "__post_init__" not in vars(cls), "fast_init skips __post_init__"
    fs = dataclasses.fields(cast(Any, cls))
    env: dict[str, Any] = {}
    params, body = [], []
    for i, f in enumerate(fs):
        assert f.init and not f.kw_only, "fast_init: plain fields only"
        env[f"_set{i}"] = getattr(cls, f.name).__set__  # the slot's setter (frozen: no setattr)
        if f.default is not dataclasses.MISSING:
            env[f"_d{i}"] = f.default
            params.append(f"{f.name}=_d{i}")
            body.append(f"    _set{i}(self, {f.name})")
        elif f.default_factory is not dataclasses.MISSING:
            env[f"_f{i}"], env["_NO"] = f.default_factory, _NO
            params.append(f"{f.name}=_NO")
            body.append(f"    _set{i}(self, _f{i}() if {f.name} is _NO else {f.name})")
        else:
            params.append(f.name)
            body.append(f"    _set{i}(self, {f.name})")
    src = f"def __init__(self, {', '.join(params)}):\n" + "\n".join(body or ["    pass"])
    exec(src, env)  # the source is made of the field names only
    init = env["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    type.__setattr__(cls, "__init__", init)
    return cls


_NO: Any = object()  # a field left to its default factory
