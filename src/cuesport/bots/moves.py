"""What a player does when it is to play: a stroke, a decision, or conceding."""

from __future__ import annotations

from dataclasses import dataclass

from cuesport.physics import Stroke

Vec = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Strike:
    """A stroke with its declarations. ``cue_ball`` places the ball when it is in hand;
    ``call`` is ``(ball, pocket)`` or ``"safety"``."""

    stroke: Stroke
    cue_ball: Vec | None = None
    nominate: str | None = None
    call: tuple[str, str] | str | None = None
    push_out: bool = False
    kind: str = ""  # what a bot meant: pot, safety, break, escape, push (for commentary)
    target: str | None = None


@dataclass(frozen=True, slots=True)
class Choose:
    """One of the options of the last ruling (``play``, ``pass``, ``replace`` ...)."""

    choice: str


@dataclass(frozen=True, slots=True)
class Concede:
    pass


@dataclass(frozen=True, slots=True)
class Claim:
    """SNK-2.1(b): claim the frame with only the black left and a lead of more than 7."""


Move = Strike | Choose | Concede | Claim
