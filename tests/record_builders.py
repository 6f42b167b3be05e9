"""Builders of protocol events and shots for tests that write records by hand."""
from __future__ import annotations

from typing import Any


def hit(a: str, b: str, t: float = 0.0) -> dict[str, Any]:
    return {"t": t, "hit": [a, b]}


def cushion(ball: str, t: float = 1.0) -> dict[str, Any]:
    return {"t": t, "cushion": ball}


def pot(ball: str, pocket: str = "top-left", t: float = 0.8) -> dict[str, Any]:
    return {"t": t, "pot": ball, "pocket": pocket}


def shot(player: int, *events: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"shot": {"player": player, "events": list(events), **more}}


def positions_free(discipline: str, actions: list[dict[str, Any]], start: Any = None,
                   **rules: Any) -> dict[str, Any]:
    """A record of protocol 1.1 without positions, Ann against Bob."""
    return {"protocol": "1.1", "discipline": discipline, "players": ["Ann", "Bob"],
            "rules": {"positions": False, **rules}, "start": start, "actions": actions}


def ruled(rec: dict[str, Any]) -> list[dict[str, Any]]:
    """The rulings of a record the referee accepts whole."""
    from cuesport.protocol import referee

    out = referee(rec)
    errors = [r for r in out if "error" in r]
    assert not errors, errors
    return out
