"""One frame at the table: the referee session plus the physics, as the web needs it.

This is the thin seam between the web faces and the game: a frame is a
:class:`~cuesport.protocol.RefereeSession` fed with the actions the players make; a stroke is
simulated by :func:`cuesport.physics.simulate` and turned into a protocol ``shot`` action.
Placement of a cue ball in hand is checked here (the D, the kitchen, the table) so that a bad
placement is refused before anything is simulated or recorded.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cuesport.equipment import (
    CUE_BALLS,
    TableSpec,
    behind_head_string,
    in_d,
    on_table,
    table_for,
)
from cuesport.physics import PhysicsError, Stroke, simulate
from cuesport.protocol import RefereeSession
from cuesport.rules.base import Outcome

Vec = tuple[float, float]


class Refused(ValueError):
    """An action that is not allowed now; nothing has changed. ``code`` is the HTTP status."""

    def __init__(self, message: str, code: int = 409) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True, slots=True)
class StrokeInput:
    angle: float
    speed: float
    side: float = 0.0
    height: float = 0.0
    elevation: float = 0.0


def table_of(discipline: str, rules: Mapping[str, Any]) -> TableSpec:
    size = rules.get("table")
    return table_for(discipline, size if isinstance(size, str) else None)


def start_for_breaker(discipline: str, players: Sequence[str], rules: Mapping[str, Any],
                      breaker: int) -> dict[str, Any] | None:
    """The standard set-up with ``breaker`` to break (``None``: player 0 breaks)."""
    if breaker == 0:
        return None
    fresh = Frame(discipline, players, rules)
    state = dict(fresh.ruling["state"])
    state["to_play"] = breaker
    if "breaker" in state:
        state["breaker"] = breaker
    return state


class Frame:
    """A frame in progress: the accepted actions, the last ruling, and how to add more."""

    def __init__(self, discipline: str, players: Sequence[str], rules: Mapping[str, Any],
                 start: Mapping[str, Any] | None = None, lang: str = "en",
                 actions: Sequence[Mapping[str, Any]] = ()) -> None:
        self.discipline = discipline
        self.table = table_of(discipline, rules)
        self.session = RefereeSession({"protocol": 1, "discipline": discipline,
                                       "players": list(players), "rules": dict(rules),
                                       "start": dict(start) if start else None}, lang)
        self.ruling: dict[str, Any] = self._initial_ruling()
        for raw in actions:  # replaying stored actions: they were accepted once
            out = self.session.feed(raw)
            if "error" in out:
                raise ValueError(f"stored action does not replay: {out['error']}")
            self.ruling = out

    def _initial_ruling(self) -> dict[str, Any]:
        ref = self.session.referee
        out = ref.ruling(0, Outcome(), self.session.state, self.session.lang).to_dict()
        out["action"] = None
        return out

    # ------------------------------------------------------------ facts

    @property
    def to_play(self) -> int:
        return int(self.ruling["to_play"])

    @property
    def over(self) -> bool:
        return bool(self.ruling["frame_over"])

    @property
    def balls(self) -> dict[str, Vec]:
        raw = self.ruling["state"]["balls"]
        return {k: (float(v[0]), float(v[1])) for k, v in raw.items() if v is not None}

    def cue_ball(self, player: int) -> str:
        names = CUE_BALLS[self.discipline]
        return names[player] if len(names) > 1 else names[0]

    def in_hand(self) -> str | None:
        return self.ruling.get("in_hand")

    # ------------------------------------------------------------ checks

    def check_placement(self, player: int, at: Vec) -> None:
        """Refuse a cue-ball placement outside the area the ruling allows, or on a ball."""
        where = self.in_hand()
        if where is None:
            raise Refused("the cue ball is not in hand", 409)
        x, y = at
        if not (math.isfinite(x) and math.isfinite(y)) or not on_table(at, self.table):
            raise Refused("the cue ball must be placed on the table", 422)
        if where == "D" and not in_d(at, self.table):
            raise Refused("the cue ball must be placed in the D", 422)
        if where == "kitchen" and not behind_head_string(at, self.table):
            raise Refused("the cue ball must be placed behind the head string (kitchen)", 422)
        cue = self.cue_ball(player)
        reach = 2.0 * self.table.ball_radius
        for name, p in self.balls.items():
            if name != cue and math.dist(p, at) < reach - 1e-6:
                raise Refused(f"the cue ball would overlap the {name} ball", 422)

    # ------------------------------------------------------------ actions

    def feed(self, action: Mapping[str, Any]) -> dict[str, Any]:
        out = self.session.feed(dict(action))
        if "error" in out:
            raise Refused(out["error"], 422)
        self.ruling = out
        return out

    def strike(self, player: int, stroke: StrokeInput, *, place: Vec | None = None,
               nominate: str | None = None, call: Any = None, push_out: bool = False,
               ) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        """Simulate a stroke and rule on it: (action, ruling, shot JSON). Refuses, changing
        nothing, when the placement or the stroke is not valid."""
        cue = self.cue_ball(player)
        position = dict(self.balls)
        if self.in_hand() is not None:
            if place is None:
                raise Refused("the cue ball is in hand: place it first", 422)
            self.check_placement(player, place)
            position[cue] = place
        elif place is not None:
            raise Refused("the cue ball is not in hand", 409)
        if cue not in position:
            raise Refused("the cue ball is not on the table", 409)
        try:
            shot = simulate(self.table, position,
                            Stroke(angle=stroke.angle, speed=stroke.speed, side=stroke.side,
                                   height=stroke.height, elevation=stroke.elevation,
                                   cue_ball=cue))
        except PhysicsError as err:
            raise Refused(str(err), 422) from err
        body: dict[str, Any] = {
            "player": player,
            "events": list(shot.events),
            "after": {k: [v[0], v[1]] for k, v in shot.final.items()},
        }
        if place is not None:
            body["cue_ball"] = [place[0], place[1]]
        if nominate is not None:
            body["nominate"] = nominate
        if call is not None:
            body["call"] = call
        if push_out:
            body["push_out"] = True
        action = {"shot": body}
        ruling = self.feed(action)
        return action, ruling, shot.to_json()
