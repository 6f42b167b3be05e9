"""One decision's referee, with the rulings' position-only questions answered once.

A bot rules on hundreds of simulated strokes from the same position. Where the snooker
referee decides a foul and a miss (SNK-3.14), it asks whether the cue ball had a clear path
to any part of a ball on *before* the stroke (``miss_paths``, the geometry seam of
:class:`~cuesport.rules.snooker.SnookerReferee`): a question of the starting position alone,
the same for every candidate, and the costliest part of a ruling when the cue ball is
snookered by a full pack (every red's contact fan checked against every colour: about
30 ms a ruling, most of a 5 s decision). :func:`for_decision` gives the search a copy of
the referee whose ``miss_paths`` remembers its answers by position, so the rulings, and
so the strokes chosen, are the same and the question is answered once a decision.

A second question depends on the position after each stroke and cannot be shared: after
a foul that leaves the cue ball in hand, whether the next player is snookered from every
placement in the D (SNK-2.16(a), for a free ball). Where the answer is yes (the colours
in front of the D) the referee samples the whole D: about 0.12 s a ruling, as long as
2,000 physics events take. The copy charges the decision's budget that many events
for each such answer (:data:`HAND_CHECK`), so that the event cap bounds its time too.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from cuesport.bots.aim import Vec
from cuesport.rules.base import Referee

if TYPE_CHECKING:
    from cuesport.bots.search import Sims

# physics events a decision is charged for a ruling that found the next player snookered
# from the whole D (bench/bot_cost.py: 0.1-0.14 s of a 2 s decision, at about 0.06 ms
# an event)
HAND_CHECK = 2000
# the simulations leave HAND_CHECK events of the cap for that charge (Sims.hold): the cap
# is then a bound; off, a decision could pass it by up to HAND_CHECK
HOLD = True

Paths = Callable[[Any, Mapping[str, Vec], frozenset[str]], tuple[bool, bool]]


def for_decision(referee: Referee[Any], sims: Sims | None = None) -> Referee[Any]:
    """A copy of ``referee`` for one decision whose position-only geometry is memoized
    and whose free-ball test from the D is charged to ``sims`` (the referee itself when
    it has neither: every discipline but snooker)."""
    if getattr(referee, "miss_paths", None) is None or not getattr(referee, "positions",
                                                                   False):
        # without positions the answer is read from each shot's declared judgement
        return referee
    own = copy.copy(referee)
    plain: Paths = own.miss_paths  # type: ignore[attr-defined]
    found: dict[tuple[tuple[tuple[str, float, float], ...], frozenset[str]],
                tuple[bool, bool]] = {}

    def miss_paths(shot: Any, start: Mapping[str, Vec], could: frozenset[str]
                   ) -> tuple[bool, bool]:
        key = (tuple(sorted((k, float(v[0]), float(v[1])) for k, v in start.items())), could)
        got = found.get(key)
        if got is None:
            got = found[key] = plain(shot, start, could)
        return got

    own.miss_paths = miss_paths  # type: ignore[attr-defined]  # shadows the method
    on: Callable[[Any], bool] | None = getattr(own, "snookered_on", None)
    if sims is not None and on is not None:
        plain_on = on

        def snookered_on(state: Any) -> bool:
            got = plain_on(state)
            if got and state.in_hand is not None:
                sims.spend(HAND_CHECK)  # SNK-2.16(a): the whole D was sampled
            return got

        own.snookered_on = snookered_on  # type: ignore[attr-defined]
        # the simulations leave room for one such charge after the last of them, so that
        # the event cap bounds the decision (it passed it by up to HAND_CHECK)
        # (at most a quarter of the cap: below 8,000 events, medium and easy, the room
        # would starve the search, and the cap is passed by at most the rest)
        sims.hold = min(HAND_CHECK, sims.cap // 4) if HOLD else 0
    return own
