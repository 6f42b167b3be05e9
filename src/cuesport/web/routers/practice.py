"""``/practice`` and ``/api/practice``: a table to try strokes on, with no match to follow.

Stateless: every request carries the whole position (ball -> ``[x, y]`` mm).

- ``GET /api/practice/{discipline}/rack?table=``: the standard set-up, the cue ball placed
  where a break is usually played from.
- ``POST /api/practice/check``: the physics' check of a position (and the referee's: a
  position it would refuse could not be saved as a record); a 422 says what is wrong.
- ``POST /api/practice/simulate``: one stroke, without noise, simulated in the physics pool.
  The answer is the shot (events, positions at rest, trajectories) and what the referee
  would say of it. With ``"aid": true`` it is only the paths of the cue ball and of the
  first ball it hits, for drawing before the stroke. Simulations have their own rate limit
  per client (:data:`cuesport.web.limits.PRACTICE_RATE`).

What the referee says comes from a frame record kept by the page: ``line``, as the last
answer gave it. It starts at a position and holds the strokes played from it; the server
checks it again on every stroke and starts a new one from the request's position when the
referee's position after it is not the request's (a ball was moved, a colour respotted),
so a ``line`` is always a record that ``cuesport referee`` accepts.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import FileResponse
from pydantic import BaseModel, ConfigDict, Field, Strict, StringConstraints
from starlette.exceptions import HTTPException

from cuesport import disciplines, physics
from cuesport.equipment import TableSpec, d_centre, head_string_y
from cuesport.physics import PhysicsError, Shot, Stroke
from cuesport.physics.position import check_position
from cuesport.protocol import RefereeSession
from cuesport.record import RecordError
from cuesport.web import limits
from cuesport.web.errors import Refused

router = APIRouter(tags=["practice"])
PAGE = Path(__file__).resolve().parents[1] / "static" / "practice.html"
MAX_LINE = 40  # strokes kept in one line (record); a longer series starts a new one
PATH_POINTS = 240  # points per ball in an aid's path
SAME_MM = 0.01  # a ball this close to where the referee has it is where the referee has it
PLAYERS = {"en": ["Player 1", "Player 2"], "ru": ["Игрок 1", "Игрок 2"]}  # a record has two

Finite = Annotated[float, Field(allow_inf_nan=False)]
Point = Annotated[tuple[Finite, Finite], Strict(False)]  # a JSON array fills a pair
BallName = Annotated[str, StringConstraints(pattern=r"^[a-z0-9-]{1,12}$")]
Size = Annotated[str, StringConstraints(pattern=r"^[0-9a-z]{1,8}$")]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class PositionIn(_Strict):
    discipline: Annotated[str, StringConstraints(max_length=32)]
    table: Size | None = Field(None, description="the table's size (pool: 9ft, 8ft, 7ft)")
    balls: dict[BallName, Point] = Field(max_length=40, description="ball -> [x, y] mm")


class PracticeStroke(_Strict):
    angle: Finite = Field(ge=-3600.0, le=3600.0, description="degrees counter-clockwise from +x")
    speed: Finite = Field(ge=0.0, le=12.0, description="cue speed at impact, m/s")
    side: Finite = Field(0.0, ge=-0.8, le=0.8)
    height: Finite = Field(0.0, ge=-0.8, le=0.8)
    elevation: Finite = Field(0.0, ge=0.0, le=60.0)
    cue_ball: BallName | None = Field(None, description="default: the discipline's first")


class SimulateIn(PositionIn):
    stroke: PracticeStroke
    aid: bool = Field(False, description="only the paths of the cue ball and the first ball hit")
    line: dict[str, Any] | None = Field(None, description="the record of the strokes so far")
    lang: Literal["en", "ru"] = "en"


@router.get("/practice", include_in_schema=False)
def practice_page() -> FileResponse:
    return FileResponse(PAGE, headers={"Cache-Control": "no-cache"})


@router.get("/api/practice/{discipline}/rack")
def rack(discipline: str,
         table: Annotated[Size | None, Query()] = None) -> dict[str, Any]:
    spec = _table(discipline, table)
    balls = {k: [v[0], v[1]] for k, v in disciplines.setup(discipline, spec, rng=0).items()}
    for name, at in zip(disciplines.cue_balls(discipline), _cue_spots(spec), strict=False):
        balls[name] = at
    return {"discipline": discipline, "table": _size(discipline, spec), "balls": balls}


@router.post("/api/practice/check")
def check(body: PositionIn) -> dict[str, Any]:
    spec = _table(body.discipline, body.table)
    _check(body.discipline, spec, body.balls)
    return {"ok": True}


@router.post("/api/practice/simulate")
def simulate(body: SimulateIn, request: Request) -> dict[str, Any]:
    _take(request)
    d = body.discipline
    spec = _table(d, body.table)
    _check(d, spec, body.balls)
    cue = body.stroke.cue_ball or disciplines.cue_balls(d)[0]
    if cue not in disciplines.cue_balls(d):
        raise Refused(f"{cue!r} is not a cue ball of {d} "
                      f"({', '.join(disciplines.cue_balls(d))})", 422)
    if cue not in body.balls:
        raise Refused(f"the cue ball {cue!r} is not on the table: put it on first", 422)
    s = body.stroke
    stroke = Stroke(angle=s.angle, speed=s.speed, side=s.side, height=s.height,
                    elevation=s.elevation, cue_ball=cue)
    shot = _run(request, spec, dict(body.balls), stroke)
    if body.aid:
        return _aid(shot, cue)
    out: dict[str, Any] = {"shot": shot.to_json()}
    out.update(_follow(d, spec, body.balls, cue, shot, body.line, body.lang))
    return out


# ---------------------------------------------------------------- helpers


def _table(discipline: str, size: str | None) -> TableSpec:
    if discipline not in disciplines.ids():
        raise Refused(f"unknown discipline {discipline!r}; expected one of "
                      f"{', '.join(disciplines.ids())}", 422)
    try:
        return disciplines.table_for(discipline, size)
    except ValueError as err:
        raise Refused(str(err), 422) from None


def _size(discipline: str, spec: TableSpec) -> str:
    return next(k for k in disciplines.find(discipline).sizes
                if disciplines.table_for(discipline, k) == spec)


def _cue_spots(spec: TableSpec) -> list[list[float]]:
    """Where practice puts the cue ball(s) on a fresh rack: in the D, left of the brown
    (snooker), or on the head string (pool)."""
    if spec.kind == "snooker":
        cx, cy = d_centre(spec)
        return [[cx - spec.d_radius * 0.4, cy - 60.0], [cx + spec.d_radius * 0.4, cy - 60.0]]
    return [[spec.width / 2.0, head_string_y(spec)]]


def _check(discipline: str, spec: TableSpec, balls: dict[str, tuple[float, float]]) -> None:
    """The position is made of the discipline's balls, and the physics takes it."""
    known = disciplines.ball_names(discipline)
    for name in balls:
        if name not in known:
            raise Refused(f"unknown ball {name!r} in {discipline} (its balls: "
                          f"{', '.join(known)})", 422)
    cue = next((c for c in disciplines.cue_balls(discipline) if c in balls), None)
    try:
        check_position(spec, balls, cue)
    except PhysicsError as err:
        raise Refused(str(err), 422) from None


def _take(request: Request) -> None:
    """The practice bucket: a simulation costs far more than a read (429 with Retry-After)."""
    from cuesport.web.limits import Buckets, client_of

    buckets: Buckets | None = getattr(request.app.state, "practice_limit", None)
    if buckets is None:
        buckets = request.app.state.practice_limit = Buckets(limits.PRACTICE_RATE,
                                                             limits.PRACTICE_BURST)
    wait = buckets.take(client_of(request.scope))
    if wait > 0:
        retry = max(1, math.ceil(wait))
        raise HTTPException(429, f"too many simulations from this client; try again in {retry} s",
                            headers={"Retry-After": str(retry)})


def _run(request: Request, spec: TableSpec, balls: dict[str, tuple[float, float]],
         stroke: Stroke) -> Shot:
    try:
        if request.app.state.hub.think_in_pool:
            from cuesport.web import thinking

            return thinking.simulate(spec, balls, stroke, record=True)
        return physics.simulate(spec, balls, stroke, record=True)
    except PhysicsError as err:
        raise Refused(str(err), 422) from None
    except TimeoutError:
        raise Refused("the simulation took too long; try again", 503) from None


def _aid(shot: Shot, cue: str) -> dict[str, Any]:
    """The cue ball's path and the first ball it hits, each as at most PATH_POINTS points."""
    first = next((e["hit"][1] for e in shot.events
                  if "hit" in e and e["hit"][0] == cue), None)
    step = max(0.01, shot.duration / PATH_POINTS)
    paths = {b: [[round(x, 1), round(y, 1)] for x, y in shot.polyline(b, step)[:PATH_POINTS + 40]]
             for b in (cue, first) if b is not None}
    return {"aid": True, "cue_ball": cue, "first": first, "paths": paths,
            "pocketed": dict(shot.pocketed), "events": list(shot.events)}


def _follow(discipline: str, spec: TableSpec, balls: dict[str, tuple[float, float]], cue: str,
            shot: Shot, line: dict[str, Any] | None, lang: str) -> dict[str, Any]:
    """The stroke added to ``line`` (or to a new line from ``balls``) and the referee's ruling
    of it: ``{"line", "ruling", "new_line"}``; ``ruling`` None and ``referee`` the reason when
    the referee cannot rule on it (never expected for a position the physics took)."""
    session, new = _continue(discipline, spec, balls, line, lang), False
    if session is None:
        new = True
        try:
            session = RefereeSession(_fresh(discipline, spec, balls, lang), lang)
        except RecordError as err:
            return {"line": None, "ruling": None, "new_line": True, "referee": str(err)}
    action = _action(session, cue, shot, balls)
    ruling = session.feed(action)
    if "error" in ruling and not new:  # the old line does not take it: a new one may
        new = True
        session = RefereeSession(_fresh(discipline, spec, balls, lang), lang)
        ruling = session.feed(_action(session, cue, shot, balls))
    if "error" in ruling:
        return {"line": None, "ruling": None, "new_line": True, "referee": ruling["error"]}
    return {"line": session.record(), "ruling": ruling, "new_line": new}


def _fresh(discipline: str, spec: TableSpec, balls: dict[str, tuple[float, float]],
           lang: str) -> dict[str, Any]:
    rules = {"table": _size(discipline, spec)} if spec.kind == "pool" else {}
    return {"protocol": 1, "discipline": discipline, "players": PLAYERS[lang], "rules": rules,
            "start": {"balls": {k: [v[0], v[1]] for k, v in balls.items()}, "to_play": 0},
            "actions": []}


def _continue(discipline: str, spec: TableSpec, balls: dict[str, tuple[float, float]],
              line: dict[str, Any] | None, lang: str) -> RefereeSession | None:
    """A session at the end of ``line`` when the stroke may follow it: the same discipline
    and table, every action still accepted, not over, and the referee's balls where the
    request has them; else None (a new line)."""
    if not isinstance(line, dict) or line.get("discipline") != discipline \
            or line.get("protocol") != 1:
        return None
    actions = line.get("actions")
    if not isinstance(actions, list) or len(actions) >= MAX_LINE:
        return None
    if (line.get("rules") or {}) != ({"table": _size(discipline, spec)}
                                      if spec.kind == "pool" else {}):
        return None
    try:
        session = RefereeSession({k: v for k, v in line.items() if k != "actions"}, lang)
    except RecordError:
        return None
    for a in actions:
        if "error" in session.feed(a):
            return None
    if session.state.frame_over:
        return None
    at = session.referee.state_to_json(session.state).get("balls") or {}
    held = {k: v for k, v in at.items() if v is not None}
    in_hand = _in_hand_cue(session)  # the referee's is off the table; the page's is placed
    if set(held) != set(balls) - {in_hand} or (in_hand is not None and in_hand not in balls):
        return None
    for k, v in held.items():
        if math.dist(v, balls[k]) > SAME_MM:
            return None
    return session


def _in_hand_cue(session: RefereeSession) -> str | None:
    """The cue ball the referee has in hand (off its table, on the page's), if any."""
    state = session.state
    if getattr(state, "in_hand", None) is None:
        return None
    return disciplines.find(session.header.discipline).cue_ball_of(int(state.to_play))


def _action(session: RefereeSession, cue: str, shot: Shot,
            balls: dict[str, tuple[float, float]]) -> dict[str, Any]:
    """The protocol ``shot`` for the stroke: by the player the referee has to play, from
    hand where it has the cue ball in hand (placed where the page has it)."""
    state = session.state
    body: dict[str, Any] = {"player": int(state.to_play), "events": list(shot.events),
                            "after": {k: [v[0], v[1]] for k, v in shot.final.items()}}
    if getattr(state, "in_hand", None) is not None:
        body["cue_ball"] = [balls[cue][0], balls[cue][1]]
    d = disciplines.find(session.header.discipline)
    if d.called_shots and not getattr(state, "breaking", False):
        # POOL-1.6: practice makes no calls before a stroke; the first ball potted is
        # taken as called, into the pocket it went in (nothing potted: no call)
        pot = next((e for e in shot.events if "pot" in e and e["pot"] not in d.cue_balls),
                   None)
        if pot is not None:
            body["call"] = {"ball": pot["pot"], "pocket": pot["pocket"]}
    return {"shot": body}
