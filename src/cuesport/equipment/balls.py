"""Balls: names (as in the referee protocol), colours, values; the sets they come in.

Which set a discipline plays with is a fact of its descriptor (:mod:`cuesport.disciplines`).
"""

from __future__ import annotations

from dataclasses import dataclass

SNOOKER_RADIUS = 26.25  # SNK-1.2: diameter 52.5 mm
POOL_RADIUS = 28.575  # WPA: 2 1/4 in

REDS: tuple[str, ...] = tuple(f"red{i}" for i in range(1, 16))
COLOURS: tuple[str, ...] = ("yellow", "green", "brown", "blue", "pink", "black")
COLOUR_VALUES: dict[str, int] = {
    "yellow": 2,
    "green": 3,
    "brown": 4,
    "blue": 5,
    "pink": 6,
    "black": 7,
}

# Pool ball colours: 1-8 solids, 9-15 stripes of the colour of n - 8.
_POOL_COLOURS = {
    1: "#f2c200",  # yellow
    2: "#1846b8",  # blue
    3: "#d0201a",  # red
    4: "#5a2a8c",  # purple
    5: "#f07a10",  # orange
    6: "#11803a",  # green
    7: "#7a1f1f",  # maroon
    8: "#111111",  # black
}

SNOOKER_COLOURS_RGB: dict[str, str] = {
    "cue": "#f8f6ee",
    "white": "#f8f6ee",
    "red": "#c8102e",
    "yellow": "#f5d000",
    "green": "#107a3c",
    "brown": "#7b4a1e",
    "blue": "#1848c0",
    "pink": "#f28cb1",
    "black": "#111111",
}


@dataclass(frozen=True, slots=True)
class Ball:
    """One ball of a set: its protocol name, radius (mm), display colour and number."""

    name: str
    radius: float
    colour: str
    number: int | None = None  # pool balls carry a number
    striped: bool = False
    value: int | None = None  # snooker points value


def snooker_balls() -> tuple[Ball, ...]:
    r = SNOOKER_RADIUS
    balls = [Ball("cue", r, SNOOKER_COLOURS_RGB["cue"])]
    balls += [Ball(n, r, SNOOKER_COLOURS_RGB["red"], value=1) for n in REDS]
    balls += [Ball(c, r, SNOOKER_COLOURS_RGB[c], value=COLOUR_VALUES[c]) for c in COLOURS]
    return tuple(balls)


def one_red_balls() -> tuple[Ball, ...]:
    r = SNOOKER_RADIUS
    return (
        Ball("white", r, SNOOKER_COLOURS_RGB["white"]),
        Ball("yellow", r, SNOOKER_COLOURS_RGB["yellow"]),
        Ball("red", r, SNOOKER_COLOURS_RGB["red"]),
    )


def pool_ball(number: int) -> Ball:
    if not 1 <= number <= 15:
        raise ValueError(f"pool balls are numbered 1 to 15, not {number}")
    base = number if number <= 8 else number - 8
    return Ball(str(number), POOL_RADIUS, _POOL_COLOURS[base], number=number, striped=number > 8)


def pool_balls(count: int) -> tuple[Ball, ...]:
    cue = Ball("cue", POOL_RADIUS, SNOOKER_COLOURS_RGB["cue"])
    return (cue, *(pool_ball(n) for n in range(1, count + 1)))
