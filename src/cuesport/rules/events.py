"""Queries over the events of one stroke, shared by every discipline.

The events come in time order (the protocol requires it). Events with the same ``t`` are
simultaneous; first contacts closer in time than ``SIMULTANEOUS_S`` are too (spec README).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from cuesport.record import Event
from cuesport.rules.slots import fast_init

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


# Facts of an events tuple, kept by its identity (issue 12, speed): the record's parser
# shares one tuple among the strokes with the same events (most strokes: a hit and a pot,
# or a hit and two cushions), so these are read once per distinct stroke, not per stroke.
# Each entry keeps its tuple alive, so no other tuple can have its id while it is kept;
# events are frozen models, so the facts cannot change.
_KEPT = 4096


def _shared(events: Sequence[Event]) -> bool:
    """Whether facts of these events are worth keeping: an immutable tuple (its facts stay
    true) without event times (the parser shares such tuples among strokes; a stroke
    with times has its own)."""
    return type(events) is tuple and bool(events) and events[0].t is None


@fast_init  # one per stroke with events of its own
@dataclass(frozen=True, slots=True)
class Motion:
    """What the events say of where balls went, by themselves (no position needed)."""

    named: frozenset[str]  # every ball an event names
    ok: bool  # no ball is named once it is potted or off the table (so none goes twice)
    gone: Mapping[str, str]  # ball -> "potted" or "off the table", in order (when ok)
    potted: Mapping[str, str]  # ball -> pocket (when ok)
    off: tuple[str, ...]  # balls driven off the table, in order (when ok)


_motions: dict[int, tuple[Sequence[Event], Motion]] = {}


def note_gone(e: Event, gone: dict[str, str], potted: dict[str, str], off: list[str]) -> None:
    """The ball of a pot or an off-the-table event, noted as gone (and where)."""
    if e.pot is not None and e.pocket is not None:
        potted[e.pot] = e.pocket
        gone[e.pot] = "potted"
    elif e.off is not None:
        off.append(e.off)
        gone[e.off] = "off the table"


def motion_of(events: Sequence[Event]) -> Motion:
    """The :class:`Motion` of a stroke's events (kept by the tuple's identity)."""
    kept = _motions.get(id(events))
    if kept is not None and kept[0] is events:
        return kept[1]
    named: set[str] = set()
    gone: dict[str, str] = {}
    potted: dict[str, str] = {}
    off: list[str] = []
    ok = True
    for e in events:
        balls = e.balls()
        named.update(balls)
        if not gone.keys().isdisjoint(balls):
            ok = False
        note_gone(e, gone, potted, off)
    motion = Motion(frozenset(named), ok, MappingProxyType(gone), MappingProxyType(potted),
                    tuple(off))
    if _shared(events):
        if len(_motions) >= _KEPT:
            _motions.clear()
        _motions[id(events)] = (events, motion)
    return motion


Contact = tuple[int | None, tuple[str, ...], frozenset[str], tuple[str, ...]]
_contacts: dict[tuple[int, str], tuple[Sequence[Event], Contact]] = {}


def contact_of(events: Sequence[Event], cue: str) -> Contact:
    """:func:`index_of_first_contact`, :func:`first_contacts`, the balls that reached a
    rail or a pocket after that contact, none frozen to a rail (POOL-8.4,
    :func:`rails_after`), and the balls other than the cue ball potted before it (all
    pots when there is none) of a stroke's events, kept by the tuple's identity."""
    kept = _contacts.get((id(events), cue))
    if kept is not None and kept[0] is events:
        return kept[1]
    i = index_of_first_contact(events, cue)
    found = (i, first_contacts(events, cue),
             rails_after(events, i, set()) if i is not None else frozenset(),
             tuple(e.pot for e in (events if i is None else events[:i])
                   if e.pot is not None and e.pot != cue))
    if _shared(events):
        if len(_contacts) >= _KEPT:
            _contacts.clear()
        _contacts[id(events), cue] = (events, found)
    return found


def rails_after(events: Sequence[Event], start: int, frozen: set[str]) -> frozenset[str]:
    """POOL-8.4: balls driven to a rail after event ``start``; pocketed or off-table balls
    count. A ball frozen to a rail is taken as pressed against that rail on its first
    cushion event, so only a later one counts (the protocol names no rail)."""
    seen: set[str] = set()
    out: set[str] = set()
    for e in events[start + 1:]:
        if e.cushion is not None:
            if e.cushion in frozen and e.cushion not in seen:
                seen.add(e.cushion)
                continue
            out.add(e.cushion)
        elif e.pot is not None:
            out.add(e.pot)
        elif e.off is not None:
            out.add(e.off)
    return frozenset(out)
