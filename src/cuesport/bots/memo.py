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
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

from cuesport.bots.aim import Vec
from cuesport.rules.base import Referee

Paths = Callable[[Any, Mapping[str, Vec], frozenset[str]], tuple[bool, bool]]


def for_decision(referee: Referee[Any]) -> Referee[Any]:
    """A copy of ``referee`` for one decision whose position-only geometry is memoized
    (the referee itself when it has none: every discipline but snooker's family)."""
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
    return own
