"""Players: a bot decides by itself; a human is fed moves through the API.

``make_player("bot:strong")``, ``make_player("human:Ann")``. A :class:`Human` has no
``choose``: :meth:`cuesport.game.match.Match.step` stops when a human is to play, and the
caller plays the human's move with :meth:`Match.play`.
"""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from cuesport.bots import LEVELS, Bot, Turn
from cuesport.bots.moves import Move


@runtime_checkable
class Player(Protocol):
    name: str
    is_bot: bool

    def lag_speed(self) -> float: ...


class Human:
    """A person at the table; moves come through :meth:`Match.play`."""

    is_bot = False

    def __init__(self, name: str = "Human", seed: int | None = None) -> None:
        self.name = name
        self.rng = random.Random(seed)

    def lag_speed(self) -> float:
        return max(0.5, self.rng.gauss(2.55, 0.15))

    def choose(self, turn: Turn) -> Move:  # pragma: no cover - never called by the match
        raise RuntimeError("a human's move is played through Match.play")


def make_player(spec: str, seed: int | None = None) -> Bot | Human:
    """``bot:LEVEL`` (easy, medium, strong, pro), ``human`` or ``human:NAME``."""
    kind, _, arg = spec.partition(":")
    if kind == "bot":
        level = arg or "medium"
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r}; expected one of {', '.join(LEVELS)}")
        return Bot(level, seed)
    if kind == "human":
        return Human(arg or "Human", seed)
    raise ValueError(f"unknown player {spec!r}; expected bot:easy|medium|strong|pro or human:NAME")
