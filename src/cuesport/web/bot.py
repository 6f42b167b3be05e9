"""A stand-in opponent for the web table: aims straight at a ball on, with some noise.

Used only while ``cuesport.game`` offers no bot of its own (see :func:`choose`).
"""

from __future__ import annotations

import math
import random
from typing import Any

from cuesport.equipment import COLOUR_VALUES, CUE_BALLS, d_centre, head_string_y, spots
from cuesport.web.engine import Frame, StrokeInput

Vec = tuple[float, float]


def _targets(frame: Frame, cue: str) -> list[str]:
    balls = frame.balls
    objects = [b for b in balls if (b != cue and b not in CUE_BALLS[frame.discipline][:1])
               or (frame.discipline == "snooker-one-red" and b != cue)]
    on = frame.ruling.get("ball_on") or []
    out: list[str] = []
    for tok in on:
        if tok in balls:
            out.append(tok)
        elif tok == "red":
            out += [b for b in objects if b.startswith("red")]
        elif tok == "any-colour":
            out += [b for b in objects if b in COLOUR_VALUES]
        elif tok == "open":
            out += [b for b in objects if b != "8"]
        elif tok == "solids":
            out += [b for b in objects if b.isdigit() and int(b) < 8]
        elif tok == "stripes":
            out += [b for b in objects if b.isdigit() and int(b) > 8]
    return out or [b for b in objects if b != cue]


def _placement(frame: Frame, player: int) -> Vec:
    t = frame.table
    if frame.in_hand() == "D":
        cx, cy = d_centre(t)
        candidates = [(cx + dx, cy - dy) for dx in (60.0, -60.0, 150.0, -150.0, 0.0)
                      for dy in (80.0, 150.0)]
    elif frame.in_hand() == "kitchen":
        hx = spots(t)["head"][0]
        candidates = [(hx + dx, head_string_y(t) - 100.0) for dx in (0.0, 120.0, -120.0, 240.0)]
    else:
        candidates = [(t.width / 2 + dx, t.length / 4) for dx in (0.0, 150.0, -150.0, 300.0)]
    for p in candidates:
        try:
            frame.check_placement(player, p)
            return p
        except ValueError:
            continue
    return candidates[0]


def choose(frame: Frame, player: int, level: int, rng: random.Random) -> dict[str, Any]:
    """The bot's next move as a request body: a decision or a stroke (with its extras)."""
    options = frame.ruling.get("options") or []
    if options:
        return {"decide": "play" if "play" in options else options[0]}
    cue = frame.cue_ball(player)
    place = _placement(frame, player) if frame.in_hand() else None
    at = place or frame.balls[cue]
    targets = _targets(frame, cue)
    target = min(targets, key=lambda b: math.dist(frame.balls[b], at))
    tx, ty = frame.balls[target]
    angle = math.degrees(math.atan2(ty - at[1], tx - at[0]))
    spread = max(0.2, 3.0 - 0.5 * level)  # degrees: better bots aim straighter
    body: dict[str, Any] = {
        "stroke": StrokeInput(angle=angle + rng.gauss(0.0, spread), speed=3.5),
        "place": place,
    }
    if frame.discipline == "snooker" and target in COLOUR_VALUES:
        body["nominate"] = target
    if frame.discipline in ("eight-ball", "straight-pool"):
        body["call"] = "safety"
    return body
