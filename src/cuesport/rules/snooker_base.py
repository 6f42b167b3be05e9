"""What snooker and snooker 1-red rule alike: the touching ball, respotting, foul values.

:class:`SnookerFamily` is the small base of both referees (``snooker`` and
``snooker-one-red``); each declares its own penalty scale through :meth:`penalty`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from itertools import compress, repeat
from types import MappingProxyType
from typing import TypeVar

from cuesport.equipment.geometry import TOUCH_TOL
from cuesport.record import RecordError, Shot
from cuesport.rules.base import Foul, Referee, S, Vec
from cuesport.rules.events import jump_shot
from cuesport.rules.respot import NoRoomError

T = TypeVar("T")


class SnookerFamily(Referee[S]):
    """Shared machinery of the snooker referees."""

    def name(self, player: int) -> str:
        return self.players[player]

    # ------------------------------------------------------------ foul values

    def penalty(self, value: int) -> int:
        """The points a foul of ``value`` (the ball on or concerned) costs."""
        raise NotImplementedError

    def make_foul(self, rule: str, name: str, value: int = 0) -> Foul:
        return Foul(rule, name, self.penalty(value))

    @staticmethod
    def awarded(offender: int, points: int) -> tuple[int, int]:
        """SNK-3.1(d), ONE-2.5.1: a penalty is added to the opponent's score."""
        return (points, 0) if offender == 1 else (0, points)

    # ------------------------------------------------------------ the touching ball

    @staticmethod
    def jumped(shot: Shot, cue: str, first_fair: bool, touching_first: bool = False) -> bool:
        """SNK-2.19, ONE-2.11(8): the referee's call when given (``judgement.jump``), else
        what the airborne ``over`` events show."""
        if shot.judgement.jump is not None:
            return shot.judgement.jump
        return jump_shot(shot.events, cue, first_fair, touching_first)

    def touching_cue(self, cue: str, balls: Mapping[str, Vec]) -> list[str]:
        """SNK-3.8, ONE-2.10: the balls touching the cue ball ``cue``, nearest first
        (cached for the last frozen position seen: the ruling asks again)."""
        frozen = isinstance(balls, MappingProxyType)
        cached = getattr(self, "_near", None)
        if frozen and cached is not None and cached[0] is balls and cached[1] == cue:
            return list(cached[2])
        near: list[str] = []
        at = balls.get(cue)
        if at is not None:
            # geometry.touching_balls (centre distance < 2r + TOUCH_TOL, nearest first),
            # with the distances computed and filtered in C: it runs on every stroke
            lim = 2.0 * self.table.ball_radius + TOUCH_TOL
            ds = list(map(math.dist, repeat(at), balls.values()))
            hits = sorted((d, n) for d, n in compress(zip(ds, balls, strict=True),
                                                      map(lim.__gt__, ds)) if n != cue)
            near = [n for _, n in hits]
        if frozen:
            self._near = (balls, cue, tuple(near))
        return near

    # ------------------------------------------------------------ respotting

    @staticmethod
    def placing(place: Callable[[], T]) -> T:
        """Run a respotting procedure; no room on the table is bad input, not a crash."""
        try:
            return place()
        except NoRoomError as err:
            raise RecordError(str(err)) from None
