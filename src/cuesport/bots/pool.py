"""Pool planning: the push out of nine-ball and ten-ball (P9-2.4, P10-9.4).

After a legal break the next shooter may push out: the cue ball goes anywhere, and the
opponent then chooses to play from there or to pass the shot back. So a push is worth to
the pusher what the opponent's better choice leaves him: if shooting from the position is
worth ``v`` to whoever shoots, the opponent plays when ``v > 0`` and passes back when
``v < 0``, and the pusher gets ``-|v|`` (:func:`push_value`). The best push leaves a
position that is worth nothing to either: a shot about as likely to lose the table as to
win it. The one who is offered the choice plays or passes by the same sign
(:func:`play_or_pass`).

The worth of having to shoot (:func:`shooter_value`) is signed, unlike the search's
``prospects``: the best pot's prospects, less the opponent's chance if it misses, and no
worse than a safety's small loss when no pot is worth trying.

Pure functions of numbers and positions: :mod:`cuesport.bots.search` supplies the
prospects and eases.
"""

from __future__ import annotations

import math

from cuesport.physics import Stroke

MISS = 0.5  # the opponent's chance after a missed pot, in units of (1 + table worth)
SAFE = 0.25  # what a safety costs the shooter when no pot is worth it, same units
PUSH_DIRECTIONS = 16
PUSH_SPEEDS = (0.6, 1.1, 1.7)  # cue speeds, m/s: a roll of about 0.3 to 1.8 m


def shooter_value(prospect: float, ease: float, unit: float) -> float:
    """What shooting from a position is worth to the shooter: the best pot's prospects
    (``prospect``, its chance ``ease``) less the opponent's chance after a miss, or a
    safety's small loss when that is better (``unit``: the table's worth)."""
    scale = 1.0 + unit
    # the strong bots pot far more hard balls than the ghost-ball ease says (53 % of those
    # under 0.3, bench/bots-results.md): the chance of a pot, about 1 - (1 - ease)^3
    chance = 1.0 - (1.0 - ease) ** 3
    return max(prospect * chance / max(ease, 1e-6) - (1.0 - chance) * MISS * scale,
               -SAFE * scale)


def push_value(shooter: float) -> float:
    """P9-2.4, P10-9.4: the pusher's worth of a push that leaves the opponent a position
    worth ``shooter`` to whoever shoots: he plays it when that is good, passes it back
    when it is bad, so the pusher gets the worse of the two."""
    return -abs(shooter)


def play_or_pass(shooter: float) -> str:
    """After the opponent's push out: play when shooting from here is worth something,
    else pass the shot back (P9-2.4)."""
    return "play" if shooter >= 0.0 else "pass"


def push_strokes(cue: str) -> list[Stroke]:
    """Push-out strokes: a soft roll in every direction at a few speeds, grouped by speed
    (the plainest first), for the simulator and :func:`push_value` to judge."""
    return [Stroke(360.0 * k / PUSH_DIRECTIONS + 11.25 * (i % 2), sp, cue_ball=cue)
            for i, sp in enumerate(PUSH_SPEEDS) for k in range(PUSH_DIRECTIONS)]


def push_groups(cue: str) -> list[list[Stroke]]:
    """:func:`push_strokes` split by speed, so that a search interleaving them with the
    pots tries some pushes early."""
    strokes = push_strokes(cue)
    n = PUSH_DIRECTIONS
    return [strokes[i * n:(i + 1) * n] for i in range(math.ceil(len(strokes) / n))]
