"""Nine-ball (WPA section 2, ``nine-ball``): a thin override of :mod:`cuesport.rules.pool`.

Rule options: those of every pool game (``table``, ``seed``, ``racks``) and
``three_ball_break_rule`` (default false): P9-2.3(3), WPA Regulation 18.

Ruling fields: the pool ones (``fouls_in_a_row``, ``warning``, ``breaking``) and
``push_out``: a push out may be declared on the next stroke (P9-2.4).
"""

from __future__ import annotations

import random
from typing import ClassVar, cast

from cuesport.equipment.racks import nine_ball_rack
from cuesport.rules.base import Foul, Options, Outcome
from cuesport.rules.calls import Call
from cuesport.rules.pool import (
    ALL_FOULS,
    Play,
    PoolOptions,
    PoolReferee,
    PoolState,
    Position,
)

NINE = "9"


class NineBallOptions(PoolOptions):
    three_ball_break_rule: bool = False  # P9-2.3(3), WPA Regulation 18 (not in seed)


class NineBallReferee(PoolReferee):
    discipline = "nine-ball"
    options_model: ClassVar[type[Options]] = NineBallOptions
    rotation = True  # P9-2.7 with POOL-6.2: the lowest ball first
    push_outs = True
    # P9-2.7: the standard fouls of nine-ball (POOL-6.11 is not among them)
    standard_fouls = ALL_FOULS - {"POOL-6.11"}
    declared_flags = frozenset({"misplaced", "railed"})  # no POOL-6.11 in this game

    def rack(self, rng: random.Random) -> Position:
        return nine_ball_rack(self.table, rng)  # P9-2.2

    def judge(self, state: PoolState, play: Play, fouls: list[Foul]
              ) -> tuple[Outcome, PoolState]:
        if play.breaking and play.shot.stroke:  # P9-2.3(2), P9-2.3(3)
            opts = cast(NineBallOptions, self.options)
            three = "P9-2.3(3)" if opts.three_ball_break_rule else None
            fouls = [*fouls, *self.open_break_fouls(play, "P9-2.3(2)", three)]
        if fouls:
            # P9-2.6: the 9 is spotted when pocketed on a foul or driven off the table
            spot = [NINE] if NINE in play.potted or NINE in play.off else []
            balls, respotted = self.spot_balls(play.after, spot)
            return self.foul_turn(state, play, fouls, balls, respotted, "table")  # P9-2.7
        if play.shot.push_out:
            return self.push_out_ruling(state, play, NINE)  # P9-2.4, P9-2.6
        if NINE in play.potted:  # P9-2.5: a legal 9, on the break or by combination, wins
            new = self.won(state, play, play.after, play.player)
            return Outcome(calls=(Call.of("rack-to", player=self.name(play.player)),)), new
        # P9-2.5: a legally pocketed ball lets the shooter continue
        new = self.play_on(state, play, play.after, bool(play.potted), scored=len(play.potted))
        calls = () if play.potted else (Call.of("to-play", player=self.name(new.to_play)),)
        return Outcome(calls=calls), new
