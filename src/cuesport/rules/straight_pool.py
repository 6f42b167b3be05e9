"""14.1 continuous (WPA section 4, ``straight-pool``): a thin override of
:mod:`cuesport.rules.pool`.

Every ball counts a point (P141-4.7); fouls deduct points (scores may be negative); after
the 14th ball of a rack the balls are re-racked (P141-4.8, decided geometrically from the
positions with the rack outline of the spec README); the first to ``target`` wins.

Rule options: those of every pool game (``table``, ``seed``, ``racks``: with 14 or 15
balls for the re-racks, in order) and ``target`` (default 100): the points to win.

Ruling fields: the pool ones (``fouls_in_a_row``, ``warning``, ``breaking``) and
``target``. ``ball_on`` is omitted: any ball may be played. After a breaking foul the
``options`` are ``play`` / ``re-break``. ``respotted`` lists re-racked balls too.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from pydantic import Field

from cuesport.equipment.racks import straight_pool_rack
from cuesport.record import Decision, Stalemate
from cuesport.rules.base import Balls, Foul, Options, Outcome, Vec, copy_balls, freeze_balls
from cuesport.rules.calls import Call, Catalog
from cuesport.rules.in_hand import behind_head_string
from cuesport.rules.pool import (
    ALL_FOULS,
    Play,
    PoolOptions,
    PoolReferee,
    PoolState,
    Position,
    evolve,
)
from cuesport.rules.rack_interference import interferes_with_rack
from cuesport.rules.respot import head_or_centre_spot

STRAIGHT_CALLS: Catalog = {
    "breaking-foul": {"en": "Breaking foul", "ru": "Фол при разбое"},
    "minus": {"en": "Minus {n:words}", "ru": "Минус {n:words}"},
    "re-break-options": {"en": "Accept the table or require a re-break?",
                         "ru": "Принять позицию или потребовать повторный разбой?"},
}


class StraightPoolOptions(PoolOptions):
    target: int = Field(default=100, ge=1)  # P141-4.4: the agreed total


class StraightPoolReferee(PoolReferee):
    discipline = "straight-pool"
    options_model: ClassVar[type[Options]] = StraightPoolOptions
    catalog = PoolReferee.catalog | STRAIGHT_CALLS
    foul_penalty = 1  # P141-4.9
    win_call = "game-to"
    foul_in_hand = "kitchen"  # P141-4.9: 14.1 has ball in hand only behind the head string
    # P141-4.9: the standard fouls of 14.1 (POOL-6.2 does not apply: any ball first)
    standard_fouls = ALL_FOULS - {"POOL-6.2"}
    rest_facts = frozenset({"touching", "occupied", "restored", "interferes",
                            "behind_head_string"})

    def rack(self, rng: random.Random) -> Position:
        return straight_pool_rack(self.table, rng)  # P141-4.2

    def extra_fields(self, state: PoolState) -> dict[str, Any]:
        out = super().extra_fields(state)
        out["target"] = self.target
        return out

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # P141-4.4: the points to win, read once (a field of the options model is slow)
        self.target: int = self.options.target  # type: ignore[attr-defined]

    def new_rack(self, state: PoolState, names: list[str]) -> tuple[int, Position]:
        n = state.reracks + 1
        return n, self.draw_rack(n, tuple(names),
                                 lambda rng: straight_pool_rack(self.table, rng, names))

    def points(self, p: int, n: int) -> tuple[int, int]:
        return (n, 0) if p == 0 else (0, n)

    def add(self, state: PoolState, pts: tuple[int, int]) -> tuple[int, int]:
        return (state.score[0] + pts[0], state.score[1] + pts[1])

    # ------------------------------------------------------------ rulings

    def judge(self, state: PoolState, play: Play, fouls: list[Foul]
              ) -> tuple[Outcome, PoolState]:
        p = play.player
        if play.breaking and play.shot.stroke:
            # P141-4.3(2): a called ball pocketed, or the cue ball and two object balls
            # driven to a rail after the break
            met = (play.called_in() and not fouls) or (
                play.cue_railed() and play.objects_railed() >= 2)
            if not met:
                return self.breaking_foul(state, play, fouls)
        if fouls:
            return self.standard_foul(state, play, fouls)
        st = state
        safety = play.safety
        if safety or not play.called_in():
            # P141-4.5, P141-4.6: balls pocketed on a safety or not as called are spotted
            balls, spotted = self.spot_balls(play.after, sorted(play.potted, key=int))
            new = self.play_on(st, play, balls, False)
            said = (Call.of("safety"),) if safety else ()
            return Outcome(respotted=spotted, calls=(
                *said, *(Call.of("spotted", ball=b) for b in spotted),
                Call.of("to-play", player=self.name(new.to_play)))), new
        # P141-4.7: the called ball and every other ball pocketed with it score a point
        pts = self.points(p, len(play.potted))
        score = self.add(st, pts)
        new = self.play_on(st, play, play.after, True, scored=len(play.potted), score=score)
        calls: list[Call] = [Call.of("score", a=score[0], b=score[1])]
        if score[p] >= self.target:  # P141-4.4
            new = evolve(new, frame_over=True, winner=p)
            return Outcome(points=pts, calls=(*calls, Call.of("game-to", player=self.name(p)))
                           ), new
        respotted: dict[str, Vec] = {}
        if len(new.balls) - ("cue" in new.balls) <= 1:  # the object balls left
            new, respotted, rack_calls = self.rerack(new)
            calls.extend(rack_calls)
        return Outcome(points=pts, respotted=respotted, calls=tuple(calls)), new

    def breaking_foul(self, state: PoolState, play: Play, fouls: list[Foul]
                      ) -> tuple[Outcome, PoolState]:
        """P141-4.3, P141-4.10: minus two; the opponent accepts the table or has the breaker
        break again. Breaking fouls do not count toward three fouls (P141-4.11)."""
        p = play.player
        fouls = [*fouls, self._f("P141-4.3", "breaking-foul", 2)]
        pts = self.points(p, -2)
        balls, respotted = self.spot_balls(play.after, sorted({*play.potted, *play.off}, key=int))
        in_hand = "kitchen" if play.scratch else None
        if in_hand:
            balls = freeze_balls({k: v for k, v in balls.items() if k != "cue"})
        new = evolve(state, balls=balls, score=self.add(state, pts), to_play=1 - p,
                      in_hand=in_hand, breaking=False, options=("play", "re-break"),
                      offer="breaking-foul", break_=0)
        return Outcome(legal=False, fouls=tuple(fouls), points=pts, respotted=respotted, calls=(
            Call.of("breaking-foul"), Call.of("minus", n=2),
            *(Call.of("spotted", ball=b) for b in respotted),
            Call.of("re-break-options"))), new

    def standard_foul(self, state: PoolState, play: Play, fouls: list[Foul]
                      ) -> tuple[Outcome, PoolState]:
        """P141-4.9: minus one, balls spotted, the opponent plays the cue ball where it lies
        (in hand behind the head string after POOL-6.1 or POOL-6.11's second paragraph);
        P141-4.11: the third in a row costs fifteen more and the offender breaks anew."""
        p = play.player
        counts, warned, serious = self.count_foul(state, p)
        if serious:
            fouls = [*fouls, self._f("P141-4.11", "three-successive-fouls", 16)]
            pts = self.points(p, -16)
            n, rack = self.new_rack(state, [str(i) for i in range(1, 16)])
            new = evolve(state, balls=freeze_balls(rack), score=self.add(state, pts),
                          to_play=p, breaker=p, breaking=True, in_hand="kitchen",
                          fouls_in_a_row=counts, warned=warned, reracks=n, options=(),
                          offer=None, break_=0)
            return Outcome(legal=False, fouls=tuple(fouls), points=pts, respotted=rack, calls=(
                Call.of("three-fouls", player=self.name(p)), Call.of("minus", n=16),
                Call.of("re-rack"), Call.of("breaks", player=self.name(p)))), new
        pts = self.points(p, -1)
        balls, respotted = self.spot_balls(play.after, sorted({*play.potted, *play.off}, key=int))
        # P141-4.9: POOL-6.11's second paragraph gives ball in hand behind the head string
        stayed = play.kitchen is not None and play.kitchen.stayed_behind
        kitchen = play.scratch or "cue" not in balls or stayed
        if kitchen:
            balls = freeze_balls({k: v for k, v in balls.items() if k != "cue"})
        new = evolve(state, balls=balls, score=self.add(state, pts), to_play=1 - p,
                      in_hand="kitchen" if kitchen else None, breaking=False,
                      fouls_in_a_row=counts, warned=warned, options=(), offer=None, break_=0)
        calls = [Call.of("scratch") if play.scratch else Call.of("foul"), Call.of("minus", n=1)]
        calls += [Call.of("spotted", ball=b) for b in respotted]
        if kitchen:
            calls.append(Call.of("in-hand-kitchen"))
        return Outcome(legal=False, fouls=tuple(fouls), points=pts, respotted=respotted,
                       calls=tuple(calls)), new

    def rerack(self, state: PoolState) -> tuple[PoolState, dict[str, Vec], list[Call]]:
        """P141-4.8: the 14th ball is down; re-rack, moving the 15th ball or the cue ball
        when it interferes with the rack outline."""
        balls = copy_balls(state.balls)
        cue = balls.get("cue")
        rest = [b for b in balls if b != "cue"]
        everything = [str(i) for i in range(1, 16)]
        cue_int = cue is not None and self.in_rack_way("cue", cue)
        in_hand = state.in_hand
        moved: dict[str, Vec] = {}
        if not rest or self.in_rack_way(rest[0], balls[rest[0]]):
            if rest and not cue_int:
                # P141-4.8(3): only the 15th ball interferes: head spot (centre spot if the
                # cue ball is on the head spot); 14 balls racked
                last = rest[0]
                placed = head_or_centre_spot(self.spot_space(balls), last, self.table)
                moved[last] = placed[last]
                names = [b for b in everything if b != last]
                balls = {"cue": balls["cue"], last: placed[last]}
            else:
                # P141-4.8(1): the 15th ball went with the 14th; P141-4.8(2): both interfere
                names = everything
                balls = {} if cue_int else {"cue": balls["cue"]} if cue else {}
                if cue_int:
                    in_hand = "kitchen"
        else:
            last = rest[0]
            names = [b for b in everything if b != last]
            if cue_int:
                if not self.behind_string(last, balls[last]):
                    # P141-4.8(4): 15th ball on or in front of the head string
                    balls = {last: balls[last]}
                    in_hand = "kitchen"
                else:
                    # P141-4.8(4): 15th ball behind the head string: cue ball on the head
                    # spot (centre spot if occupied)
                    placed = head_or_centre_spot(self.spot_space({last: balls[last]}), "cue",
                                                 self.table)
                    balls = {last: balls[last], "cue": placed["cue"]}
                    moved["cue"] = placed["cue"]
            else:
                balls = {last: balls[last], "cue": balls["cue"]}
        n, rack = self.new_rack(state, names)
        balls.update(rack)
        new = evolve(state, balls=self._frozen(balls), in_hand=in_hand, reracks=n)
        calls = [Call.of("re-rack")]
        if in_hand == "kitchen":
            calls.append(Call.of("in-hand-kitchen"))
        return new, {**rack, **moved}, calls

    # P141-4.8's questions of the position: measured, or declared in a record without
    # positions (rest.interferes, rest.behind_head_string, rest.occupied)

    def in_rack_way(self, ball: str, at: Vec) -> bool:
        if not self.positions:
            return ball in self._rest.interferes
        return interferes_with_rack(at, self.table)

    def behind_string(self, ball: str, at: Vec) -> bool:
        if not self.positions:
            return ball in self._rest.behind_head_string
        return behind_head_string(at, self.table)

    def spot_space(self, balls: Mapping[str, Vec]) -> Mapping[str, Vec]:
        return balls if self.positions else self.declared_space()

    def _frozen(self, balls: dict[str, Vec]) -> Balls:
        out = freeze_balls(balls)
        self.check_balls(out, "re-rack")
        return out

    # ------------------------------------------------------------ decisions

    def game_decision(self, state: PoolState, base: PoolState, d: Decision
                      ) -> tuple[Outcome, PoolState]:
        if d.choice != "re-break":
            return super().game_decision(state, base, d)
        # P141-4.3: the breaker breaks again from a full rack
        breaker = 1 - state.to_play
        n, rack = self.new_rack(state, [str(i) for i in range(1, 16)])
        new = evolve(base, balls=freeze_balls(rack), to_play=breaker, breaker=breaker,
                      breaking=True, in_hand="kitchen", reracks=n, break_=0)
        return Outcome(respotted=rack, calls=(
            Call.of("re-rack"), Call.of("breaks", player=self.name(breaker)))), new

    def stalemate(self, state: PoolState, s: Stalemate) -> tuple[Outcome, PoolState]:
        """P141-4.12: the game restarts; the players lag again for the break."""
        self.require_live(state)
        n, rack = self.new_rack(state, [str(i) for i in range(1, 16)])
        new = evolve(state, balls=freeze_balls(rack), score=(0, 0), breaking=True,
                      in_hand="kitchen", options=(), offer=None, reracks=n, break_=0,
                      fouls_in_a_row=(0, 0), warned=(False, False), spot=())
        return Outcome(respotted=rack, calls=(Call.of("stalemate"),)), new
