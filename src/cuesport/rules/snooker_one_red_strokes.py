"""Snooker 1-red: pure judgements of one stroke from its events (ONE-X.1, ONE-X.2, ONE-X.4).

Nothing here knows whose turn it is or what the score is: each function takes the events
of a stroke, the names of the striker's cue ball ``S``, the red and the opponent's cue ball
``O``, and the positions it needs, and answers one question. The referee in
:mod:`cuesport.rules.snooker_one_red` puts the answers together.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cuesport.equipment.geometry import LINE_TOL
from cuesport.equipment.tables import TableSpec
from cuesport.record import Event
from cuesport.rules.events import first_contacts
from cuesport.rules.in_hand import in_baulk, in_d

Vec = tuple[float, float]

CANNON = 2  # ONE-2.5.2(1)
POT_OPPONENT = 2  # ONE-2.5.2(1): pot of the white / of the yellow
POT_RED = 3  # ONE-2.5.2(2)
IN_OFF_OPPONENT = 2  # ONE-2.5.2(1), ONE-2.5.4(2)
IN_OFF_RED = 3  # ONE-2.5.2(2), ONE-2.5.4(1)
IN_OFF_BOTH = 2  # ONE-2.5.4(3)


@dataclass(frozen=True, slots=True)
class StrokeScore:
    """The points of a stroke without a foul (ONE-X.1) and its class."""

    cannon: bool = False
    red_potted: bool = False
    opponent_potted: bool = False
    in_off: int = 0  # 0, or the in-off's value (2 or 3)

    @property
    def points(self) -> int:
        return (
            (CANNON if self.cannon else 0)
            + (POT_RED if self.red_potted else 0)
            + (POT_OPPONENT if self.opponent_potted else 0)
            + self.in_off
        )

    @property
    def potted(self) -> bool:
        """Some ball entered a pocket and scored (ONE-2.9.1: an in-off is a pot)."""
        return self.red_potted or self.opponent_potted or self.in_off > 0

    @property
    def kind(self) -> str:
        """``cannon``, ``hazard``, ``mixed`` or ``none`` (ONE-X.1 classification)."""
        if self.cannon:
            return "mixed" if self.potted else "cannon"
        return "hazard" if self.potted else "none"

    @property
    def plain_red(self) -> bool:
        """ONE-2.7.2: the red was potted and nothing else scored."""
        return self.red_potted and self.points == POT_RED


def contacts_of(events: Sequence[Event], ball: str) -> set[str]:
    """Every ball that ``ball`` touched in the stroke (either side of a ``hit``)."""
    out: set[str] = set()
    for e in events:
        if e.hit is not None and ball in e.hit:
            out.add(e.hit[1] if e.hit[0] == ball else e.hit[0])
    return out


def score_stroke(events: Sequence[Event], cue: str, red: str, opponent: str) -> StrokeScore:
    """ONE-X.1: the points of a stroke with no foul, scored by ``cue``'s striker; pots,
    an in-off and a cannon count alone or together (ONE-2.4.1)."""
    touched = contacts_of(events, cue)
    in_hit = set().union(*(e.hit for e in events if e.hit is not None))
    pots = {e.pot for e in events if e.pot is not None}
    # ONE-2.4.4: a cannon is the cue ball itself touching both object balls, at most one
    cannon = red in touched and opponent in touched
    # ONE-2.4.2: an object ball scores when it falls after contact with another ball
    red_potted = red in pots and red in in_hit
    opponent_potted = opponent in pots and opponent in in_hit
    in_off = 0
    if cue in pots and touched:
        # ONE-2.4.3, ONE-2.5.4: the in-off is valued by the first object ball contacted
        first = [b for b in first_contacts(events, cue) if b in (red, opponent)]
        if len(first) > 1:
            in_off = IN_OFF_BOTH  # ONE-2.5.4(3): both hit simultaneously
        elif first and first[0] == red:
            in_off = IN_OFF_RED  # ONE-2.5.4(1)
        else:
            in_off = IN_OFF_OPPONENT  # ONE-2.5.4(2)
    return StrokeScore(cannon, red_potted, opponent_potted, in_off)


# ---------------------------------------------------------------- play from the D


def in_hand_fault(
    events: Sequence[Event],
    cue: str,
    placement: Vec,
    positions: Mapping[str, Vec],
    table: TableSpec,
) -> str | None:
    """ONE-X.2: why a stroke from in-hand was played improperly, or None when it was not.

    ``positions`` are the object balls at the start of the stroke. The answer is the
    foul's name (all are ONE-2.11(6)).
    """
    if not in_d(placement, table):
        return "cue-ball-not-in-d"  # ONE-2.6.1
    out_of_baulk = False  # zone of the cue ball, tracked by its cross events
    released = False  # it has crossed out, or hit a ball lying out of baulk (ONE-2.6.3)
    cleared = False  # it has touched a cushion or a ball while out of baulk (ONE-2.6.4)
    for e in events:
        if e.cross == cue and e.line == "baulk":
            out_of_baulk = not out_of_baulk
            if out_of_baulk:
                released = True
            elif not cleared:
                return "returned-to-baulk"  # ONE-2.6.4: back before a cushion or ball
        elif e.cushion == cue:
            # ONE-2.6.5: cushions inside baulk before release are allowed
            if out_of_baulk and released:
                cleared = True
        elif e.hit is not None and cue in e.hit and not cleared:
            other = e.hit[1] if e.hit[0] == cue else e.hit[0]
            where = positions.get(other)
            if where is not None and not in_baulk(where, table):
                released = cleared = True  # ONE-2.6.3: a ball out of baulk releases it
            elif not released:
                return "ball-in-baulk-played-directly"  # ONE-2.6.6
            else:
                return "returned-to-baulk"  # ONE-2.6.4: a ball in baulk before clearing
    if not released:
        return "not-played-out-of-baulk"  # ONE-2.6.3
    return None


def all_in_baulk(positions: Mapping[str, Vec], table: TableSpec) -> bool:
    """ONE-2.11(7): every object ball on the table lies in baulk."""
    return bool(positions) and all(in_baulk(p, table) for p in positions.values())


# ---------------------------------------------------------------- the baulk line rule


def crossed_into_baulk(
    events: Sequence[Event],
    cue: str,
    start: Vec | None,
    rest: Vec | None,
    table: TableSpec,
) -> bool:
    """ONE-X.4: the cue ball was out of baulk, then moved into baulk, and rests in baulk.

    ``start`` is None when the cue ball was played from in-hand (it starts in baulk);
    ``rest`` is None when it did not come to rest on the table.
    """
    if rest is None or not in_baulk(rest, table):
        return False
    line = table.baulk_from_bottom
    out = start is not None and not in_baulk(start, table)
    was_out = out
    came_in = False
    for e in events:
        if e.cross == cue and e.line == "baulk":
            if out:
                came_in = True  # ONE-2.13.1: crossing the line moving into baulk
            out = not out
            was_out = was_out or out
    # ONE-2.13.1: coming to rest with its centre on the line also counts
    on_line = abs(rest[1] - line) <= LINE_TOL
    return came_in or (was_out and on_line)
