"""Eight-ball (WPA section 3, ``eight-ball``): a thin override of :mod:`cuesport.rules.pool`.

Groups: ``solids`` (1-7) and ``stripes`` (9-15), chosen by the first called ball legally
pocketed after the break (P8-3.4); every shot after the break is called (``call``: ball
and pocket, or ``"safety"``).

Rule options: those of every pool game (``table``, ``seed``, ``racks``).

Ruling fields: the pool ones (``fouls_in_a_row``, ``warning`` (always false: no
three-foul rule, P8-3.10), ``breaking``) and ``groups``: ``[g0, g1]``, each ``"solids"``,
``"stripes"`` or null while the table is open. State key ``groups`` likewise. Break
options (P8-3.3): ``play`` / ``re-rack`` / ``re-rack-opponent`` after an illegal break,
``spot-eight`` / ``re-rack`` after the 8 on the break, ``play`` / ``in-hand`` after a
foul on the break.
"""

from __future__ import annotations

import random
from typing import Any, Literal

from pydantic import field_validator

from cuesport.equipment.racks import eight_ball_rack
from cuesport.record import Call as CallModel
from cuesport.record import Decision
from cuesport.rules.base import Foul, Outcome, freeze_balls
from cuesport.rules.calls import Call, Catalog
from cuesport.rules.pool import Play, PoolExtras, PoolReferee, PoolState, Position, evolve

EIGHT = "8"
GROUPS = ("solids", "stripes")

EIGHT_CALLS: Catalog = {
    "group-solids": {"en": "{player} is on solids", "ru": "У игрока {player} сплошные"},
    "group-stripes": {"en": "{player} is on stripes", "ru": "У игрока {player} полосатые"},
    "eight-options": {"en": "Spot the eight or re-rack?",
                      "ru": "Выставить восьмой шар или заново выставить пирамиду?"},
    "break-options": {"en": "Accept the table, re-rack and break, or re-rack and the "
                            "breaker breaks again?",
                      "ru": "Принять позицию, заново выставить пирамиду и разбивать самому "
                            "или предложить разбивать сопернику?"},
    "accept-or-in-hand": {"en": "Accept the table or ball in hand behind the head string?",
                          "ru": "Принять позицию или играть битком с руки из-за передней "
                                "линии?"},
    "loses": {"en": "{player} loses the rack", "ru": "Игрок {player} проигрывает партию"},
}


def group_of(ball: str) -> str | None:
    n = int(ball)
    return "solids" if n < 8 else "stripes" if n > 8 else None


Group = Literal["solids", "stripes"]


class EightBallExtras(PoolExtras):
    groups: tuple[Group | None, Group | None] = (None, None)  # P8-3.4: after the break

    @field_validator("groups")
    @classmethod
    def _pair(cls, g: tuple[Group | None, Group | None]) -> tuple[Group | None, Group | None]:
        if (g[0] is None) != (g[1] is None) or (g[0] is not None and g[0] == g[1]):
            raise ValueError("groups is [null, null] or one 'solids' and one 'stripes'")
        return g


class EightBallReferee(PoolReferee):
    discipline = "eight-ball"
    three_foul_rule = False  # P8-3.10: POOL-6.14 does not apply
    catalog = PoolReferee.catalog | EIGHT_CALLS
    extras_model = EightBallExtras

    def rack(self, rng: random.Random) -> Position:
        return eight_ball_rack(self.table, rng)  # P8-3.2

    def game_state_from_start(self, x: PoolExtras) -> dict[str, Any]:
        return {"groups": x.groups if isinstance(x, EightBallExtras) else (None, None)}

    def extra_fields(self, state: PoolState) -> dict[str, Any]:
        return super().extra_fields(state) | {"groups": list(state.groups)}

    def cleared(self, state: PoolState, player: int) -> bool:
        g = state.groups[player]
        return g is not None and not any(group_of(b) == g for b in state.balls if b not in
                                         ("cue", EIGHT))

    def ball_on(self, state: PoolState) -> tuple[str, ...] | None:
        g = state.groups[state.to_play]
        if g is None:
            return ("open",)  # P8-3.4
        return (EIGHT,) if self.cleared(state, state.to_play) else (g,)

    def legal_first(self, state: PoolState, play: Play) -> bool | None:
        if play.breaking:
            return None  # P8-3.3(2): no particular ball first on the break
        g = state.groups[play.player]
        if g is None:  # P8-3.4: on an open table any ball but the 8
            return any(b != EIGHT for b in play.first)
        if self.cleared(state, play.player):
            return EIGHT in play.first  # P8-3.6: the 8 is then his only object ball
        return any(group_of(b) == g for b in play.first)  # P8-3.9 with POOL-6.2

    # ------------------------------------------------------------ the break

    def judge_break(self, state: PoolState, play: Play, fouls: list[Foul]
                    ) -> tuple[Outcome, PoolState]:
        other = 1 - play.player
        cue_gone = play.scratch
        in_hand = "kitchen" if cue_gone else None
        base = evolve(state, to_play=other, breaking=False, in_hand=in_hand,
                       balls=freeze_balls({k: v for k, v in play.after.items()
                                           if not (cue_gone and k == "cue")}))
        eight_in = EIGHT in play.potted
        if eight_in and cue_gone:  # P8-3.3(6): the 8 and a scratch
            new = evolve(base, options=("spot-eight", "re-rack"), offer="eight-scratch")
            return Outcome(legal=False, fouls=tuple(fouls), calls=(
                Call.of("scratch"), Call.of("eight-options"))), new
        respot = [EIGHT] if (eight_in and fouls) or EIGHT in play.off else []
        balls, respotted = self.spot_balls(base.balls, respot)  # P8-3.7
        base = evolve(base, balls=balls)
        spotted = tuple(Call.of("spotted", ball=b) for b in respotted)
        if play.off:  # P8-3.3(7): an object ball off the table on the break
            fouls = [*fouls, self._f("P8-3.3(7)", "ball-off-table-on-break")]
        elif not play.potted and play.objects_railed() < 4:
            # P8-3.3(4): illegal break; with a scratch the table is accepted with the cue
            # ball in hand behind the head string (Ambiguities 4)
            fouls = [*fouls, self._f("P8-3.3(4)", "illegal-break")]
            new = evolve(base, options=("play", "re-rack", "re-rack-opponent"),
                          offer="illegal-break")
            return Outcome(legal=False, fouls=tuple(fouls), respotted=respotted, calls=(
                Call.of("illegal-break"), *spotted, Call.of("break-options"))), new
        if fouls:  # P8-3.3(7), P8-3.3(8): accept the table or ball in hand in the kitchen
            calls = (Call.of("scratch") if cue_gone else Call.of("foul"), *spotted)
            if cue_gone:
                return Outcome(legal=False, fouls=tuple(fouls), respotted=respotted, calls=(
                    *calls, Call.of("in-hand-kitchen"))), base
            new = evolve(base, options=("play", "in-hand"), offer="break-foul")
            return Outcome(legal=False, fouls=tuple(fouls), respotted=respotted, calls=(
                *calls, Call.of("accept-or-in-hand"))), new
        if eight_in:  # P8-3.3(5): the breaker spots the 8 and continues, or re-racks
            new = evolve(self.legal_by(base, play.player), to_play=play.player,
                          options=("spot-eight", "re-rack"), offer="eight-on-break")
            return Outcome(calls=(Call.of("eight-options"),)), new
        # P8-3.3(3): a ball pocketed without a foul: the breaker continues, table open
        new = self.play_on(state, play, play.after, bool(play.potted), scored=len(play.potted))
        return Outcome(calls=(Call.of("to-play", player=self.name(new.to_play)),)), new

    def game_decision(self, state: PoolState, base: PoolState, d: Decision
                      ) -> tuple[Outcome, PoolState]:
        p = state.to_play
        if d.choice == "in-hand":  # P8-3.3(7), P8-3.3(8)
            balls = freeze_balls({k: v for k, v in state.balls.items() if k != "cue"})
            return Outcome(calls=(Call.of("in-hand-kitchen"),)), evolve(
                base, balls=balls, in_hand="kitchen")
        if d.choice == "spot-eight":  # P8-3.3(5), P8-3.3(6)
            balls, respotted = self.spot_balls(state.balls, [EIGHT])
            return Outcome(respotted=respotted, calls=(Call.of("spotted", ball=EIGHT),)), \
                evolve(base, balls=balls)
        # re-rack (P8-3.3(4), P8-3.3(5), P8-3.3(6)): the chooser breaks; re-rack-opponent
        # (P8-3.3(4)): the offender breaks again
        breaks = p if d.choice == "re-rack" else 1 - p
        n = state.reracks + 1
        rack = self.draw_rack(n, self.object_balls())
        new = evolve(base, balls=freeze_balls(rack), to_play=breaks, breaker=breaks,
                      breaking=True, in_hand="kitchen", reracks=n, groups=(None, None), break_=0)
        return Outcome(respotted=rack, calls=(
            Call.of("re-rack"), Call.of("breaks", player=self.name(breaks)))), new

    # ------------------------------------------------------------ after the break

    def judge(self, state: PoolState, play: Play, fouls: list[Foul]
              ) -> tuple[Outcome, PoolState]:
        if play.breaking and play.shot.stroke:
            return self.judge_break(state, play, fouls)
        p = play.player
        call = play.call
        if EIGHT in play.potted or EIGHT in play.off:
            cleared = self.cleared(state, p)
            if (not fouls and cleared and isinstance(call, CallModel) and call.ball == EIGHT
                    and play.potted.get(EIGHT) == call.pocket):  # P8-3.5: the 8 wins
                new = self.won(state, play, play.after, p)
                return Outcome(calls=(Call.of("rack-to", player=self.name(p)),)), new
            if EIGHT in play.off:
                loss = self._f("P8-3.8(4)", "eight-off-table")
            elif fouls:
                loss = self._f("P8-3.8(1)", "eight-on-a-foul")
            elif not cleared:
                loss = self._f("P8-3.8(2)", "eight-before-group")
            else:
                loss = self._f("P8-3.8(3)", "eight-in-wrong-pocket")
            new = evolve(state, balls=play.after, frame_over=True, winner=1 - p,
                          to_play=1 - p, options=(), offer=None, in_hand=None)
            return Outcome(legal=False, fouls=(*fouls, loss), calls=(
                Call.of("loses", player=self.name(p)),
                Call.of("rack-to", player=self.name(1 - p)))), new
        if fouls:  # P8-3.9: ball in hand anywhere; P8-3.7: nothing is spotted
            return self.foul_turn(state, play, fouls, play.after, {}, "table")
        if play.safety:  # P8-3.6: the turn passes, pocketed balls stay down
            new = self.play_on(state, play, play.after, False)
            return Outcome(calls=(Call.of("safety"),
                                  Call.of("to-play", player=self.name(new.to_play)))), new
        called = play.called_in() and isinstance(call, CallModel)
        groups = state.groups
        calls: list[Call] = []
        if called and groups[p] is None:  # P8-3.4: the called ball decides the groups
            assert isinstance(call, CallModel)
            mine = group_of(call.ball)
            assert mine is not None
            theirs = GROUPS[1 - GROUPS.index(mine)]
            groups = (mine, theirs) if p == 0 else (theirs, mine)
            calls.append(Call.of("group-" + mine, player=self.name(p)))
        elif called:
            assert isinstance(call, CallModel)
            called = group_of(call.ball) == groups[p]  # his own group's ball
        new = self.play_on(state, play, play.after, called, scored=len(play.potted),
                           groups=groups)
        if not called:
            calls.append(Call.of("to-play", player=self.name(new.to_play)))
        return Outcome(calls=tuple(calls)), new
