"""Compact builders for snooker test records."""

from __future__ import annotations

from typing import Any

from cuesport.equipment import snooker_setup, snooker_spots
from cuesport.protocol import RefereeSession, referee

SPOTS = snooker_spots()
SETUP = snooker_setup()
PLAYERS = ("Ann", "Bob")
FAR = (300.0, 1500.0)  # a quiet place for the cue ball, clear of every spot and the reds


def record(actions: list[dict], start: dict | None = None, rules: dict | None = None
           ) -> dict[str, Any]:
    return {"protocol": 1, "discipline": "snooker", "players": list(PLAYERS),
            "rules": rules or {}, "start": start, "actions": actions}


def run(actions: list[dict], start: dict | None = None, rules: dict | None = None,
        lang: str = "en") -> list[dict]:
    out = referee(record(actions, start, rules), lang)
    assert out and "error" not in out[-1], out[-1]
    return out


def last(actions: list[dict], start: dict | None = None, rules: dict | None = None,
         lang: str = "en") -> dict:
    return run(actions, start, rules, lang)[-1]


def error(actions: list[dict], start: dict | None = None, rules: dict | None = None) -> str:
    out = referee(record(actions, start, rules))
    assert "error" in out[-1], out[-1]
    return out[-1]["error"]


def session(start: dict | None = None, rules: dict | None = None) -> RefereeSession:
    return RefereeSession(record([], start, rules))


def shot(player: int = 0, hits: list | tuple = (), pots: list | tuple = (), *,
         simul: list | tuple = (), cue_ball: tuple | None = None, nominate: str | None = None,
         after: dict | None = None, off: list | tuple = (), stroke: bool = True,
         events: list | None = None, **judgement: Any) -> dict:
    """A shot: ``hits`` are cue-ball contacts in order (a name, or a (a, b) pair);
    ``simul`` balls are hit by the cue ball at the same instant, first; ``pots`` are balls
    (or (ball, pocket)) potted after the hits; each potted object ball gets a hit from the
    first ball contacted unless it was hit already."""
    ev: list[dict] = []
    t = 0.0
    if events is None:
        for b in simul:
            ev.append({"t": 0.0, "hit": ["cue", b]})
        if simul:
            t = 0.1
        for h in hits:
            pair = list(h) if isinstance(h, tuple | list) else ["cue", h]
            ev.append({"t": round(t, 3), "hit": pair})
            t += 0.1
        touched = {b for e in ev for b in e["hit"]}
        first = ev[0]["hit"][1] if ev else None
        pairs = [p if isinstance(p, tuple) else (p, "top-left") for p in pots]
        for ball, _ in pairs:
            if ball != "cue" and ball not in touched and first is not None and first != ball:
                ev.append({"t": round(t, 3), "hit": [first, ball]})
                touched.add(ball)
                t += 0.1
        for ball, pocket in pairs:
            ev.append({"t": round(t, 3), "pot": ball, "pocket": pocket})
            t += 0.1
        for b in off:
            ev.append({"t": round(t, 3), "off": b})
            t += 0.1
    else:
        ev = events
    s: dict[str, Any] = {"player": player, "events": ev}
    if cue_ball is not None:
        s["cue_ball"] = list(cue_ball)
    if nominate is not None:
        s["nominate"] = nominate
    if after:
        s["after"] = {k: list(v) for k, v in after.items()}
    if judgement:
        s["judgement"] = judgement
    if not stroke:
        s["stroke"] = False
    return {"shot": s}


def decision(player: int, choice: str) -> dict:
    return {"decision": {"player": player, "choice": choice}}


def position(balls: dict[str, tuple[float, float]], **state: Any) -> dict[str, Any]:
    """A ``start`` position (a frame in progress)."""
    return {"balls": {k: None if v is None else list(v) for k, v in balls.items()}, **state}


def colours(*names: str) -> dict[str, tuple[float, float]]:
    names = names or tuple(SPOTS)
    return {n: SPOTS[n] for n in names}


def reds(n: int = 15) -> dict[str, tuple[float, float]]:
    return {f"red{i}": SETUP[f"red{i}"] for i in range(1, n + 1)}
