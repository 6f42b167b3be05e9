"""The order of play of sides with members (protocol 1.1, ORDER; SNK-3.17, pool doubles).

Pure functions on a frozen :class:`Order`; the referee base applies them around every
discipline's action (:meth:`cuesport.rules.base.Referee.apply`), so a discipline knows only
sides. ``up[s]`` is the member whose turn (slot) is side ``s``'s current one if it is at the
table, or its next one otherwise; ``member`` plays the next stroke of the side to play.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

Seat = tuple[int, int]  # (side, member)
Alternate = Literal["turn", "stroke"]


@dataclass(frozen=True, slots=True)
class Sides:
    """The members of the two sides, in playing order for this frame, and how they
    alternate: ``turn`` (four-handed snooker, pool doubles) or ``stroke`` (scotch doubles)."""

    members: tuple[tuple[str, ...], tuple[str, ...]]
    alternate: Alternate = "turn"

    def size(self, side: int) -> int:
        return len(self.members[side])

    def name(self, seat: Seat) -> str:
        return self.members[seat[0]][seat[1]]


@dataclass(frozen=True, slots=True)
class Order:
    up: tuple[int, int] = (0, 0)
    member: int = 0  # of the side to play
    pass_to: Seat | None = None  # who plays if a hand-back choice is made
    striker: Seat | None = None  # the last stroke's striker (not printed)


@dataclass(frozen=True, slots=True)
class Turn:
    """What an action did to the order: the new order and the members passed over."""

    order: Order
    lost_turn: tuple[Seat, ...] = ()


def _next(sides: Sides, side: int, m: int) -> int:
    return (m + 1) % sides.size(side)


def _advanced(sides: Sides, up: tuple[int, int], side: int) -> tuple[int, int]:
    u = list(up)
    u[side] = _next(sides, side, u[side])
    return u[0], u[1]


def begin(up: tuple[int, int] = (0, 0), to_play: int = 0) -> Order:
    """A new frame (or a stalemate restart, SNK-3.16, P9-2.9): each side's first member."""
    return Order(up=up, member=up[to_play])


def striker(order: Order, to_play: int, side: int, given: int | None) -> int:
    """Who struck: the member given, else the member to play (a side out of turn: its
    ``up``)."""
    if given is not None:
        return given
    return order.member if side == to_play else order.up[side]


def lost_turn(order: Order, to_play: int, seat: Seat) -> tuple[Seat, ...]:
    """SNK-3.17(c), POOL-6.13: the wrong partner uses the slot of the member due, who loses
    his turn."""
    side, m = seat
    return ((side, order.member),) if side == to_play and m != order.member else ()


def after_stroke(sides: Sides, order: Order, seat: Seat, before: int, after: int,
                 hand_back: bool) -> Turn:
    """A shot (or a foul while not striking) by ``seat``; ``before`` and ``after`` are the
    side to play around it, ``hand_back`` whether a hand-back choice is now offered."""
    side = seat[0]
    lost = lost_turn(order, before, seat)
    up = order.up
    if sides.alternate == "stroke":
        if side == before:
            up = _advanced(sides, up, side)  # from the slot, not from whoever struck
        new = Order(up=up, member=up[after], striker=seat)
        return Turn(replace(new, pass_to=(side, up[side]) if hand_back else None), lost)
    if after != before:  # ORDER rule 1: the side that leaves the table used its slot
        up = _advanced(sides, up, before)
    member = order.member if after == before else up[after]
    return Turn(Order(up=up, member=member, pass_to=seat if hand_back else None,
                      striker=seat), lost)


def after_decision(sides: Sides, order: Order, before: int, after: int, hand_back: bool,
                   still_offered: bool) -> Turn:
    """A decision by the side to play: ``hand_back`` if the choice gives the table back to
    the previous striker (``pass``, ``replace`` ...)."""
    pass_to = order.pass_to if still_offered else None
    if sides.alternate == "stroke":  # the table goes to that side's up, no override
        return Turn(replace(order, member=order.up[after], pass_to=pass_to))
    if after == before:
        return Turn(replace(order, pass_to=pass_to))
    up = _advanced(sides, order.up, before)  # a decision is a turn (ORDER rule 1)
    if hand_back and order.pass_to is not None and order.pass_to[0] == after:
        offender = order.pass_to[1]  # SNK-3.11(h), SNK-3.17(c): plays in his side's slot
        lost = ((after, up[after]),) if up[after] != offender else ()
        return Turn(replace(order, up=up, member=offender, pass_to=pass_to), lost)
    return Turn(replace(order, up=up, member=up[after], pass_to=pass_to))


def after_lots(sides: Sides, order: Order, side: int, member: int | None) -> Turn:
    """SNK-3.17(d): the side playing first after the re-spotted black chooses its striker;
    the turn that tied the frame has ended (its striker's side moves on if still on him)."""
    up = order.up
    last = order.striker
    if sides.alternate == "turn" and last is not None and up[last[0]] == last[1]:
        up = _advanced(sides, up, last[0])
    chosen = up[side] if member is None else member
    u = list(up)
    u[side] = chosen
    return Turn(Order(up=(u[0], u[1]), member=chosen))
