"""Ten-ball (WPA section 9, ``ten-ball``): a thin override of :mod:`cuesport.rules.pool`.

A call-shot rotation game: the lowest ball first, every shot after the break called
(``call``: ball and pocket, or ``"safety"``), the called 10 wins only as the last ball.

Rule options: those of every pool game (``table``, ``seed``, ``racks``).

Ruling fields: the pool ones (``fouls_in_a_row``, ``warning``, ``breaking``) and
``push_out``: a push out may be declared on the next stroke (P10-9.4). After a safety or an
illegally pocketed ball the ``options`` are ``play`` / ``pass`` (``pass`` gives the shot
back to the player who made it).
"""

from __future__ import annotations

import random
from typing import Any

from cuesport.equipment.racks import ten_ball_rack
from cuesport.record import Call as CallModel
from cuesport.rules.base import Foul, Outcome
from cuesport.rules.calls import Call
from cuesport.rules.pool import ALL_FOULS, Play, PoolReferee, PoolState, Position, evolve

TEN = "10"


class TenBallReferee(PoolReferee):
    discipline = "ten-ball"
    rotation = True  # P10-9.10 with POOL-6.2: the lowest ball first
    push_outs = True  # P10-9.4
    # P10-9.10: the standard fouls of ten-ball (POOL-6.11 is not among them)
    standard_fouls = ALL_FOULS - {"POOL-6.11"}
    declared_flags = frozenset({"misplaced", "railed"})  # no POOL-6.11 in this game

    def rack(self, rng: random.Random) -> Position:
        return ten_ball_rack(self.table, rng)  # P10-9.2

    def spot_ten(self, play: Play) -> tuple[Any, dict[str, tuple[float, float]]]:
        """P10-9.9: the 10 is spotted unless it was the winning ball."""
        spot = [TEN] if TEN in play.potted or TEN in play.off else []
        return self.spot_balls(play.after, spot)

    def judge(self, state: PoolState, play: Play, fouls: list[Foul]
              ) -> tuple[Outcome, PoolState]:
        if play.breaking and play.shot.stroke:
            fouls = [*fouls, *self.open_break_fouls(play, "P10-9.3")]  # P10-9.3(2)
        if fouls:  # P10-9.10: ball in hand anywhere; P10-9.9: a fallen 10 is spotted
            balls, respotted = self.spot_ten(play)
            return self.foul_turn(state, play, fouls, balls, respotted, "table")
        if play.shot.push_out:
            return self.push_out_ruling(state, play, TEN)  # P10-9.4
        spotted_calls: tuple[Call, ...]
        if play.breaking:  # P10-9.3: the break is not called; a 10 on it is spotted
            balls, respotted = self.spot_ten(play)
            new = self.play_on(state, play, balls, bool(play.potted), scored=len(play.potted))
            spotted_calls = tuple(Call.of("spotted", ball=b) for b in respotted)
            return Outcome(respotted=respotted, calls=spotted_calls), new
        called = play.called_in()
        if called:
            call = play.call
            assert isinstance(call, CallModel)
            others = [b for b in play.after if b != "cue"]
            if call.ball == TEN and not others:  # P10-9.0: the called 10 as the last ball
                new = self.won(state, play, play.after, play.player)
                return Outcome(calls=(Call.of("rack-to", player=self.name(play.player)),)), new
            # P10-9.8: the shooter continues; other balls stay down, the 10 is spotted
            balls, respotted = self.spot_ten(play)
            new = self.play_on(state, play, balls, True, scored=len(play.potted))
            spotted_calls = tuple(Call.of("spotted", ball=b) for b in respotted)
            return Outcome(respotted=respotted, calls=spotted_calls), new
        balls, respotted = self.spot_ten(play)
        spotted_calls = tuple(Call.of("spotted", ball=b) for b in respotted)
        new = self.play_on(state, play, balls, False)
        if play.potted:
            # P10-9.6 (safety), P10-9.7 (wrong pocket or another ball): the opponent may
            # play from the position or give the shot back
            rule = "safety" if play.safety else "illegally-pocketed"
            new = evolve(new, options=("play", "pass"), offer=rule)
            return Outcome(respotted=respotted, calls=(
                *spotted_calls, Call.of("play-or-pass"))), new
        calls = (Call.of("safety"),) if play.safety else ()
        return Outcome(respotted=respotted, calls=(
            *calls, *spotted_calls, Call.of("to-play", player=self.name(new.to_play)))), new
