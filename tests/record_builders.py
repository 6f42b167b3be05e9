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
