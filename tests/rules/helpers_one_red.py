"""Compact builders for snooker 1-red test records (imported by the one-red tests)."""

from __future__ import annotations

from typing import Any

from cuesport.protocol import RefereeSession

SPOT = (889.0, 3245.0)  # black spot, "the spot"
PYRAMID = (889.0, 2676.75)  # pink spot
CENTRE = (889.0, 1784.5)  # blue spot
BROWN = (889.0, 737.0)  # middle of the baulk line
D_CORNER = (1181.0, 737.0)  # right-hand corner of the D (yellow spot)
IN_D = (889.0, 700.0)
CUE = ("white", "yellow")


def hit(a: str, b: str, t: float | None = None) -> dict[str, Any]:
    return _t({"hit": [a, b]}, t)


def pot(ball: str, pocket: str = "top-left", t: float | None = None) -> dict[str, Any]:
    return _t({"pot": ball, "pocket": pocket}, t)


def cushion(ball: str, t: float | None = None) -> dict[str, Any]:
    return _t({"cushion": ball}, t)


def cross(ball: str, t: float | None = None) -> dict[str, Any]:
    return _t({"cross": ball, "line": "baulk"}, t)


def off(ball: str, t: float | None = None) -> dict[str, Any]:
    return _t({"off": ball}, t)


def _t(e: dict[str, Any], t: float | None) -> dict[str, Any]:
    if t is not None:
        e["t"] = t
    return e


def shot(player: int, *events: dict[str, Any], after: dict[str, Any] | None = None,
         cue_ball: tuple[float, float] | None = None, stroke: bool = True,
         declare: dict[str, Any] | None = None, **judgement: Any) -> dict[str, Any]:
    """A shot action; events without ``t`` get increasing times when none has one."""
    evs = [dict(e) for e in events]
    if not any("t" in e for e in evs):
        for i, e in enumerate(evs):
            e["t"] = round(0.1 * i, 3)
    body: dict[str, Any] = {"player": player, "events": evs}
    if after:
        body["after"] = {k: list(v) for k, v in after.items()}
    if cue_ball is not None:
        body["cue_ball"] = list(cue_ball)
    if not stroke:
        body["stroke"] = False
    if declare:
        body["declare"] = declare
    if judgement:
        body["judgement"] = judgement
    return {"shot": body}


def decide(player: int, choice: str) -> dict[str, Any]:
    return {"decision": {"player": player, "choice": choice}}


def position(balls: dict[str, Any], to_play: int = 0, score: tuple[int, int] = (0, 0),
             brk: int = 0, **extra: Any) -> dict[str, Any]:
    out = {"balls": {k: list(v) for k, v in balls.items()}, "to_play": to_play,
           "score": list(score), "break": brk}
    out.update(extra)
    return out


def record(actions: list[Any] | None = None, start: dict[str, Any] | None = None,
           rules: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"protocol": 1, "discipline": "snooker-one-red", "players": ["Ann", "Bob"],
            "rules": rules or {}, "start": start, "actions": actions or []}


class Game:
    """A live session; ``play`` insists on a ruling, ``bad`` on an error object."""

    def __init__(self, start: dict[str, Any] | None = None,
                 rules: dict[str, Any] | None = None, lang: str = "en") -> None:
        self.session = RefereeSession(record([], start, rules), lang)

    def play(self, action: dict[str, Any]) -> dict[str, Any]:
        ruling = self.session.feed(action)
        assert "error" not in ruling, ruling
        return ruling

    def bad(self, action: dict[str, Any]) -> str:
        ruling = self.session.feed(action)
        assert "error" in ruling, ruling
        assert "internal" not in ruling["error"], ruling
        return str(ruling["error"])

    @property
    def state(self) -> dict[str, Any]:
        return self.session.referee.state_to_json(self.session.state)


# A mid-game position: player 0 at the table with every ball out of baulk.
MID = {"white": (600.0, 1500.0), "yellow": (1200.0, 2200.0), "red": SPOT}


def cannon(player: int = 0, after: dict[str, Any] | None = None) -> dict[str, Any]:
    """A pure cannon by ``player`` from the MID-like position; balls stay put by default."""
    me, other = CUE[player], CUE[1 - player]
    return shot(player, hit(me, "red"), hit(me, other), after=after)


def red_pot(player: int = 0, after: dict[str, Any] | None = None) -> dict[str, Any]:
    """A plain pot of the red (3)."""
    me = CUE[player]
    return shot(player, hit(me, "red"), pot("red"), after=after)


def nothing(player: int = 0) -> dict[str, Any]:
    """A stroke that hits a cushion only (misses all: a foul ONE-2.11(15))."""
    return shot(player, cushion(CUE[player]))


def safety(player: int = 0) -> dict[str, Any]:
    """A non-scoring legal stroke: the cue ball touches the red only."""
    return shot(player, hit(CUE[player], "red"))
