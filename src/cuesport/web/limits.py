"""Bounds on what one server gives away: requests per client, bot-vs-bot matches, frames.

A client is its address (``scope["client"]``). :class:`RateLimit` is a token bucket per
client over the API (HTTP and WebSocket connects): ``rate`` requests a second on average,
``burst`` at once; over it a request gets a JSON 429 with ``Retry-After``. The buckets are
bounded too (the fullest are forgotten first).
"""

from __future__ import annotations

import math
import threading
import time
from dataclasses import dataclass

from starlette.types import ASGIApp, Receive, Scope, Send

RATE = 50.0  # requests a second per client, on average (a page polls 4 a second)
BURST = 200.0
MAX_CLIENTS = 10_000  # buckets kept; beyond it the full (idle) ones are dropped
BOT_MATCHES_PER_CLIENT = 2  # bot-vs-bot matches being played, per client
BOT_MATCHES = 8  # ... and in all
BOT_FRAMES = 9  # the longest bot-vs-bot match, in frames (best of)
PRACTICE_RATE = 5.0  # practice simulations a second per client, on average (the aid: 4)
PRACTICE_BURST = 20.0


@dataclass(slots=True)
class _Bucket:
    tokens: float
    at: float


class Buckets:
    """Token buckets by client; thread-safe, bounded."""

    def __init__(self, rate: float = RATE, burst: float = BURST) -> None:
        self.rate, self.burst = rate, burst
        self.items: dict[str, _Bucket] = {}
        self.lock = threading.Lock()

    def take(self, client: str, now: float | None = None) -> float:
        """0 when the request may go, else the seconds to wait."""
        t = time.monotonic() if now is None else now
        with self.lock:
            b = self.items.get(client)
            if b is None:
                if len(self.items) >= MAX_CLIENTS:
                    self._prune(t)
                b = self.items[client] = _Bucket(self.burst, t)
            b.tokens = min(self.burst, b.tokens + (t - b.at) * self.rate)
            b.at = t
            if b.tokens >= 1.0:
                b.tokens -= 1.0
                return 0.0
            return (1.0 - b.tokens) / self.rate

    def _prune(self, t: float) -> None:
        full = [k for k, b in self.items.items()
                if b.tokens + (t - b.at) * self.rate >= self.burst]
        for k in full or list(self.items)[: len(self.items) // 2]:
            del self.items[k]


def client_of(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


class RateLimit:
    """Per-client rate limit on ``/api/`` (static files and the page are not counted)."""

    def __init__(self, app: ASGIApp, rate: float = RATE, burst: float = BURST) -> None:
        self.app = app
        self.buckets = Buckets(rate, burst) if rate > 0 else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.buckets is None or scope["type"] not in ("http", "websocket") \
                or not str(scope.get("path", "")).startswith("/api/"):
            await self.app(scope, receive, send)
            return
        wait = self.buckets.take(client_of(scope))
        if wait <= 0:
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1013, "reason": "rate limited"})
            return
        retry = str(max(1, math.ceil(wait)))
        body = b'{"error": "too many requests from this client; try again in %s s"}' % \
            retry.encode()
        await send({"type": "http.response.start", "status": 429,
                    "headers": [(b"content-type", b"application/json"),
                                (b"retry-after", retry.encode()),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
