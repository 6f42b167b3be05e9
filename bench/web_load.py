"""Load on the browser table's server: players against bots, and the server's health
while strong bots think. Traffic goes to 127.0.0.1 only, bounded in count and time.

    .venv/bin/python bench/web_load.py                        # 50 players, 60 s
    .venv/bin/python bench/web_load.py --players 10 --seconds 20 --health-seconds 10
    .venv/bin/python bench/web_load.py --db postgresql://user@localhost/bench --workers 4

It starts ``cuesport serve`` on a free port (its own SQLite file unless ``--db``; no rate
limit), then:

1. ``--players`` clients, each with its own connections, play nine-ball against a medium
   bot for ``--seconds``: they poll the match every ``--poll`` seconds (as a page does)
   and strike (or decide) when it is their turn. Printed: requests, errors (5xx and
   transport failures; refusals such as a placement the rules refuse are counted apart),
   poll latency p50/p95/max, strike-acknowledged latency p50/p95/max, matches played.
2. Two strong bot-vs-bot snooker matches play while ``/api/health`` is asked every 50 ms
   for ``--health-seconds``: its p50/p95/max.

The targets of issue 15: 0 errors, poll p95 <= 100 ms, strike p95 <= 200 ms, health p95
<= 20 ms while two strong bot matches play.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

import httpx

HOST = "127.0.0.1"  # never anything else


@dataclass
class Figures:
    polls: list[float] = field(default_factory=list)
    strikes: list[float] = field(default_factory=list)
    requests: int = 0
    errors: int = 0
    refused: int = 0
    matches: int = 0
    error_kinds: dict[str, int] = field(default_factory=dict)

    def error(self, kind: str) -> None:
        self.errors += 1
        self.error_kinds[kind] = self.error_kinds.get(kind, 0) + 1


def pct(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def row(name: str, xs: list[float]) -> str:
    ms = [x * 1000 for x in xs]
    return (f"{name:<24} n={len(ms):<6} p50={pct(ms, 0.5):7.1f} ms  p95={pct(ms, 0.95):7.1f} ms"
            f"  max={max(ms, default=float('nan')):7.1f} ms")


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


async def request(c: httpx.AsyncClient, fig: Figures, method: str, url: str,
                  **kw: Any) -> tuple[httpx.Response | None, float]:
    t0 = time.perf_counter()
    try:
        r = await c.request(method, url, **kw)
    except httpx.HTTPError as err:
        fig.requests += 1
        fig.error(type(err).__name__)
        return None, time.perf_counter() - t0
    dt = time.perf_counter() - t0
    fig.requests += 1
    if r.status_code >= 500:
        fig.error(f"HTTP {r.status_code}")
    elif r.status_code >= 400:
        fig.refused += 1
    return r, dt


def place_in(zone: str, table: dict[str, Any], rng: random.Random) -> list[float]:
    r, w, head = table["ball_radius"], table["width"], table["length"] / 4
    if zone == "kitchen":
        return [rng.uniform(3 * r, w - 3 * r), rng.uniform(3 * r, head - 3 * r)]
    return [rng.uniform(3 * r, w - 3 * r), rng.uniform(3 * r, table["length"] - 3 * r)]


async def player(n: int, base: str, end: float, poll: float, table: dict[str, Any],
                 fig: Figures) -> None:
    rng = random.Random(n)
    async with httpx.AsyncClient(base_url=base, timeout=30) as c:
        while time.monotonic() < end:
            r, _ = await request(c, fig, "POST", "/api/matches", json={
                "discipline": "nine-ball", "players": [
                    {"name": f"P{n}"}, {"name": "Bot", "kind": "bot", "level": "medium"}]})
            if r is None or r.status_code != 201:
                await asyncio.sleep(1)
                continue
            fig.matches += 1
            mid, token = r.json()["id"], r.json()["tokens"][0]
            auth = {"Authorization": f"Bearer {token}"}
            since = -1
            while time.monotonic() < end:
                await asyncio.sleep(poll * rng.uniform(0.8, 1.2))
                r, dt = await request(c, fig, "GET", f"/api/matches/{mid}",
                                      params={"since": since}, headers=auth)
                fig.polls.append(dt)
                if r is None or r.status_code != 200:
                    continue
                v = r.json()
                since = max([e["seq"] for e in v["log"]], default=since)
                if v["over"]:
                    break
                ruling = v["ruling"]
                if v["busy"] or ruling["to_play"] != 0 or ruling.get("frame_over"):
                    continue
                if ruling.get("options"):
                    await request(c, fig, "POST", f"/api/matches/{mid}/decide", headers=auth,
                                  json={"choice": ruling["options"][0]})
                    continue
                for _ in range(4):  # a placement the rules refuse: another spot
                    body: dict[str, Any] = {"angle": rng.uniform(0, 360),
                                            "speed": rng.uniform(1.5, 6.0)}
                    if ruling.get("in_hand"):
                        body["place"] = place_in(ruling["in_hand"], table, rng)
                    r, dt = await request(c, fig, "POST", f"/api/matches/{mid}/strike",
                                          headers=auth, json=body)
                    fig.strikes.append(dt)
                    if r is None or r.status_code != 422:
                        break


async def health(base: str, seconds: float) -> tuple[list[float], Figures]:
    fig = Figures()
    lat: list[float] = []
    async with httpx.AsyncClient(base_url=base, timeout=30) as c:
        for _ in range(2):
            r, _ = await request(c, fig, "POST", "/api/matches", json={
                "discipline": "snooker", "players": [
                    {"name": "S1", "kind": "bot", "level": "strong"},
                    {"name": "S2", "kind": "bot", "level": "strong"}]})
            assert r is not None and r.status_code == 201, r and r.text
        await asyncio.sleep(2)  # the bots are thinking
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            _, dt = await request(c, fig, "GET", "/api/health")
            lat.append(dt)
            await asyncio.sleep(0.05)
    return lat, fig


def start_server(port: int, db: str, workers: int) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, "-m", "cuesport", "serve", "--host", HOST, "--port", str(port),
           "--db", db, "--rate-limit", "0", "--workers", str(workers)]
    print("server:", " ".join(cmd), flush=True)
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=sys.stderr)
    end = time.monotonic() + 120
    while time.monotonic() < end:
        try:
            if httpx.get(f"http://{HOST}:{port}/api/health", timeout=2).status_code == 200:
                return proc
        except httpx.HTTPError:
            pass
        if proc.poll() is not None:
            sys.exit("the server did not start")
        time.sleep(0.3)
    proc.kill()
    sys.exit("the server did not answer within 120 s")


async def main_async(args: argparse.Namespace, base: str) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=30) as c:
        table = (await c.get("/api/tables/nine-ball")).json()
    if args.players:
        fig = Figures()
        end = time.monotonic() + args.seconds
        t0 = time.monotonic()
        await asyncio.gather(*(player(n, base, end, args.poll, table, fig)
                               for n in range(args.players)))
        took = time.monotonic() - t0
        print(f"\n{args.players} players v medium bots (nine-ball), {took:.0f} s:")
        print(f"requests {fig.requests} ({fig.requests / took:.0f}/s), errors {fig.errors} "
              f"{fig.error_kinds or ''}, refused (4xx) {fig.refused}, matches {fig.matches}")
        print(row("poll", fig.polls))
        print(row("strike acknowledged", fig.strikes))
    if args.health_seconds:
        lat, hf = await health(base, args.health_seconds)
        print(f"\n/api/health while two strong bot matches play ({args.health_seconds:.0f} s), "
              f"errors {hf.errors}:")
        print(row("health", lat))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--poll", type=float, default=0.5, help="seconds between a page's polls")
    ap.add_argument("--health-seconds", type=float, default=20.0)
    ap.add_argument("--db", help="database URL (default: a new SQLite file)")
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args()
    if not (0 <= args.players <= 200 and 0 < args.seconds <= 300
            and 0 <= args.health_seconds <= 120):
        sys.exit("bounded: at most 200 players, 300 s of play and 120 s of health checks")
    folder = tempfile.mkdtemp(prefix="cuesport-load-")
    db = args.db or f"sqlite:///{os.path.join(folder, 'load.db')}"
    port = free_port()
    proc = start_server(port, db, args.workers)
    try:
        asyncio.run(main_async(args, f"http://{HOST}:{port}"))
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
