"""Queries over the events of one stroke, shared by every discipline.

The events come in time order (the protocol requires it). Events with the same ``t`` are
simultaneous; first contacts closer in time than ``SIMULTANEOUS_S`` are too (spec README).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cuesport.record import Event

SIMULTANEOUS_S = 0.001


def first_contacts(events: Sequence[Event], cue: str) -> tuple[str, ...]:
    """The ball(s) the cue ball touched first; several when they were hit simultaneously.

    A ``hit`` names the moving ball first, but a ball may also run into a stationary cue
    ball; either order counts as the cue ball touching the other ball.
    """
    first: list[str] = []
    t0: float | None = None
    for e in events:
        if e.hit is None or cue not in e.hit:
            continue
        other = e.hit[1] if e.hit[0] == cue else e.hit[0]
        if not first:
            first.append(other)
            t0 = e.t
            continue
        if t0 is not None and e.t is not None and e.t - t0 < SIMULTANEOUS_S:
            if other not in first:
                first.append(other)
            continue
        break
    return tuple(first)


def index_of_first_contact(events: Sequence[Event], cue: str) -> int | None:
    for i, e in enumerate(events):
        if e.hit is not None and cue in e.hit:
            return i
    return None


def potted(events: Iterable[Event]) -> dict[str, str]:
    """Ball -> pocket for every pot, in time order."""
    return {e.pot: e.pocket for e in events if e.pot is not None and e.pocket is not None}


def off_table(events: Iterable[Event]) -> tuple[str, ...]:
    return tuple(e.off for e in events if e.off is not None)


def cushions_after(events: Sequence[Event], start: int) -> tuple[str, ...]:
    """Balls that touched a cushion after event index ``start`` (in order, repeats kept)."""
    return tuple(e.cushion for e in events[start + 1 :] if e.cushion is not None)


def balls_touched(events: Iterable[Event]) -> set[str]:
    """Every ball named by a hit event."""
    out: set[str] = set()
    for e in events:
        if e.hit is not None:
            out.update(e.hit)
    return out


def crossed(events: Iterable[Event], line: str) -> tuple[str, ...]:
    return tuple(e.cross for e in events if e.cross is not None and e.line == line)


def jump_shot(events: Sequence[Event], cue: str, first_fair: bool,
              touching_first: bool = False) -> bool:
    """SNK-2.19 from airborne events: the cue ball passed over an object ball (an ``over``
    event), except (a) over another ball than the one it struck first, (b) when it did not
    come down on the far side, (c) over the ball it fairly struck first, after a cushion or
    another ball. ``touching_first``: a touching ball on counts as struck at the start
    (SNK-3.8(b), (c)), so any later jump is exception (a) or (c)."""
    first = first_contacts(events, cue)
    start = -1 if touching_first else index_of_first_contact(events, cue)
    for i, e in enumerate(events):
        if e.over is None or e.over[0] != cue:
            continue
        if e.far_side is False:
            continue  # SNK-2.19(b)
        if start is not None and start < i:
            ball = e.over[1]
            if touching_first or ball not in first:
                continue  # SNK-2.19(a)
            between = events[start + 1:i]
            if first_fair and any(x.cushion == cue or (x.hit is not None and cue in x.hit)
                                  for x in between):
                continue  # SNK-2.19(c)
        return True
    return False
