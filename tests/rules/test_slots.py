"""``rules.slots.fast_init``: the same constructor as the dataclass's, faster."""

from __future__ import annotations

import dataclasses
import inspect
from dataclasses import dataclass, field

import pytest

from cuesport.rules.base import Outcome
from cuesport.rules.slots import fast_init


@dataclass(frozen=True, slots=True)
class Plain:
    a: int
    b: tuple[int, ...] = ()
    c: dict[str, int] = field(default_factory=dict)


@fast_init
@dataclass(frozen=True, slots=True)
class Fast:
    a: int
    b: tuple[int, ...] = ()
    c: dict[str, int] = field(default_factory=dict)


def test_fast_init_takes_the_dataclass_arguments() -> None:
    assert list(inspect.signature(Fast).parameters) == ["a", "b", "c"]
    assert "_set0" in Fast.__init__.__code__.co_names  # the slot setters, not setattr
    for args, kwargs in (((1,), {}), ((1, (2,)), {}), ((), {"a": 1, "c": {"x": 1}})):
        fast, plain = Fast(*args, **kwargs), Plain(*args, **kwargs)
        assert dataclasses.astuple(fast) == dataclasses.astuple(plain)
    with pytest.raises(TypeError):
        Fast()  # a is required
    with pytest.raises(TypeError):
        Fast(1, d=2)  # no such field
    with pytest.raises(dataclasses.FrozenInstanceError):
        Fast(1).a = 2  # type: ignore[misc]


def test_fast_init_calls_the_default_factory_each_time() -> None:
    assert Fast(1).c == {} and Fast(1).c is not Fast(1).c
    assert Outcome().respotted == {} and Outcome().respotted is not Outcome().respotted
    assert Outcome(False, points=(1, 0)) == Outcome(legal=False, points=(1, 0))
