"""Compact builders of pool records and actions for the pool referee tests."""

from __future__ import annotations

from typing import Any

from cuesport.protocol import RefereeSession, referee

FOOT = (635.0, 1905.0)
HEAD = (635.0, 635.0)
KITCHEN = (635.0, 400.0)


def shot(player: int = 0, hits: list[Any] = (), rails: list[str] = (), pots: dict | None = None,
         off: list[str] = (), after: dict | None = None, cue_ball: Any = None,
         call: Any = None, push_out: bool = False, cross: list[str] = (),
         judgement: dict | None = None, declare: dict | None = None,
         stroke: bool = True, events: list[dict] | None = None) -> dict:
    """A shot action. ``hits``: a ball name means the cue ball hit it; a pair (a, b) means
    ball a hit ball b. Events come in this order: hits, crosses, rails, pots, offs."""
    if events is None:
        events = []
        for h in hits:
            pair = ["cue", h] if isinstance(h, str) else list(h)
            events.append({"hit": pair})
        events += [{"cross": b, "line": "head-string"} for b in cross]
        events += [{"cushion": b} for b in rails]
        events += [{"pot": b, "pocket": p} for b, p in (pots or {}).items()]
        events += [{"off": b} for b in off]
    s: dict[str, Any] = {"player": player, "events": events}
    if after:
        s["after"] = {k: list(v) for k, v in after.items()}
    if cue_ball is not None:
        s["cue_ball"] = list(cue_ball)
    if call is not None:
        s["call"] = call if call == "safety" else {"ball": call[0], "pocket": call[1]}
    if push_out:
        s["push_out"] = True
    if judgement:
        s["judgement"] = judgement
    if declare:
        s["declare"] = declare
    if not stroke:
        s["stroke"] = False
    return {"shot": s}


def decide(player: int, choice: str) -> dict:
    return {"decision": {"player": player, "choice": choice}}


def record(discipline: str, actions: list[dict], start: dict | None = None,
           rules: dict | None = None) -> dict:
    return {"protocol": 1, "discipline": discipline, "players": ["Ann", "Bob"],
            "rules": rules or {}, "start": start, "actions": actions}


def rule(discipline: str, actions: list[dict], start: dict | None = None,
         rules: dict | None = None, lang: str = "en") -> list[dict]:
    """Every ruling; fails the test on an error object."""
    out = referee(record(discipline, actions, start, rules), lang)
    for r in out:
        assert "error" not in r, r
    return out


def last(discipline: str, actions: list[dict], start: dict | None = None,
         rules: dict | None = None) -> dict:
    return rule(discipline, actions, start, rules)[-1]


def error(discipline: str, actions: list[dict], start: dict | None = None,
          rules: dict | None = None) -> str:
    out = referee(record(discipline, actions, start, rules))
    assert "error" in out[-1], out[-1]
    assert "internal" not in out[-1]["error"], out[-1]
    return out[-1]["error"]


def session(discipline: str, start: dict | None = None, rules: dict | None = None
            ) -> RefereeSession:
    return RefereeSession(record(discipline, [], start, rules))


def pos(balls: dict, to_play: int = 0, **extra: Any) -> dict:
    """A start position: ``balls`` maps names to (x, y); ``cue`` absent = in hand."""
    out = {"balls": {k: list(v) for k, v in balls.items()}, "to_play": to_play}
    out.update(extra)
    return out


def fouls(r: dict) -> list[str]:
    return [f["rule"] for f in r["fouls"]]


def break_shot(player: int = 0, pots: dict | None = None, rails: list[str] = (),
               first: str = "1", after: dict | None = None, **kw: Any) -> dict:
    """A break from the kitchen hitting ``first``; pots are reached via ``first``."""
    hits: list[Any] = [first] + [(first, b) for b in (pots or {}) if b != first and b != "cue"]
    return shot(player, hits=hits, rails=rails, pots=pots, after=after, cue_ball=KITCHEN, **kw)
