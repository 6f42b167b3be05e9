"""Request bodies of the web API (pydantic): anything else is refused with a 422."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from cuesport import disciplines

Finite = Annotated[float, Field(allow_inf_nan=False)]
Point = tuple[Finite, Finite]
Name = Annotated[str, Field(min_length=1, max_length=40)]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatIn(_Body):
    name: Name
    kind: Literal["human", "bot"] = "human"
    level: Literal["easy", "medium", "strong", "pro"] = "medium"


class MatchIn(_Body):
    discipline: str
    players: tuple[SeatIn, SeatIn]
    partners: tuple[SeatIn, SeatIn] | None = Field(
        None, description="a second member for each side: a 2-vs-2 match")
    alternate: Literal["turn", "stroke"] = Field(
        "turn", description="with partners: members alternate turns, or strokes (scotch)")
    frames: int = Field(1, ge=1, le=35, description="best of this many frames")
    rules: dict[str, str | int | bool | float] = Field(default_factory=dict, max_length=16)
    lang: Literal["en", "ru"] = "en"

    @field_validator("discipline")
    @classmethod
    def _known(cls, v: str) -> str:
        disciplines.find(v)  # UnknownDiscipline (a ValueError) lists the known ids
        return v


class PlaceIn(_Body):
    at: Point


class CallIn(_Body):
    ball: Annotated[str, Field(max_length=8)]
    pocket: Literal["bottom-left", "bottom-right", "middle-left", "middle-right", "top-left",
                    "top-right"]


class StrikeIn(_Body):
    angle: Finite = Field(description="aim, degrees counter-clockwise from +x")
    speed: Finite = Field(ge=0.0, le=12.0, description="cue speed at impact, m/s")
    side: Finite = Field(0.0, ge=-0.8, le=0.8)
    height: Finite = Field(0.0, ge=-0.8, le=0.8)
    elevation: Finite = Field(0.0, ge=0.0, le=60.0)
    place: Point | None = Field(None, description="where the cue ball in hand is placed")
    nominate: Annotated[str, Field(max_length=12)] | None = None
    call: CallIn | Literal["safety"] | None = None
    push_out: bool = False


class DecideIn(_Body):
    choice: Literal["play", "pass", "replace", "in-hand", "re-rack", "re-rack-opponent",
                    "spot-eight", "re-break", "spot-ball"]


class JoinIn(_Body):
    seat: int = Field(ge=0, le=1)
