"""Bots think, and strokes are simulated, in pools of processes, so the server's own
process stays free for requests (bot search and physics are Python: in a thread they would
hold the interpreter for seconds). Strokes have their own pool, so a player's stroke never
waits behind the bots' thinking.

The worker gets what a bot needs to know, as plain data: the frame's record so far, the
player's spec and the state of its random generator. It replays the record into a referee
session, lets the bot choose and sends back the move and the generator's new state. A
worker that dies costs the pool, which is made again; the match is unchanged (nothing is
played until the move comes back) and the runner tries again on the next request.
"""

from __future__ import annotations

import contextlib
import gc
import logging
import multiprocessing
import os
import random
import threading
from concurrent.futures import ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from cuesport import physics
from cuesport.bots.moves import Move
from cuesport.bots.search import Turn
from cuesport.equipment import TableSpec
from cuesport.game.match import Match
from cuesport.game.players import make_player
from cuesport.physics import Shot, Stroke
from cuesport.protocol import RefereeSession
from cuesport.rules.base import Outcome

WORKERS = max(1, min(4, (os.cpu_count() or 2)))
PHYSICS_WORKERS = max(1, min(2, (os.cpu_count() or 2)))
THINK_TIMEOUT_S = 600.0
SIMULATE_TIMEOUT_S = 60.0
THINK_NICE = 10  # bots think at a lower priority than requests are answered
_pools: dict[str, ProcessPoolExecutor] = {}
_lock = threading.Lock()
stopping = threading.Event()  # set by shutdown(): a runner's broken pool is no failure then
log = logging.getLogger("cuesport.web")


def pool(kind: str = "think") -> ProcessPoolExecutor:
    """The pool of ``kind``: "think" (bots) or "physics" (strokes)."""
    with _lock:
        p = _pools.get(kind)
        if p is None:
            # spawn, not fork: the server has threads (and a database pool) of its own
            p = _pools[kind] = ProcessPoolExecutor(
                WORKERS if kind == "think" else PHYSICS_WORKERS,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_lower_priority if kind == "think" else None)
        return p


def warm(timeout: float = 60.0) -> None:
    """Start both pools' workers now and wait for them (the server is starting: a
    worker's start, imports included, takes seconds on a busy machine), not on the first
    stroke. A pool that does not start in ``timeout`` is left to start on its own."""
    stopping.clear()
    jobs = [pool(kind).submit(_ready)
            for kind, n in (("think", WORKERS), ("physics", PHYSICS_WORKERS))
            for _ in range(n)]
    done, _ = wait(jobs, timeout=timeout)
    for job in done:
        if job.exception() is not None:
            log.warning("a worker did not start: %s", job.exception())


def _lower_priority() -> None:
    """A thinking worker yields the CPU to the server's requests (and to strokes)."""
    with contextlib.suppress(OSError, AttributeError):
        os.nice(THINK_NICE)


def _ready() -> bool:
    return True  # the worker has imported this module (bots, physics) to run it


def shutdown() -> None:
    """Stop the pools at once (the server is stopping): the workers' thinking is dropped.

    The pools are closed for good here, not left to the interpreter's exit: uvicorn ends a
    server stopped by SIGTERM by raising the signal again, which skips the exit handlers,
    so queues left open kept their named semaphores ("leaked semaphore objects")."""
    stopping.set()
    with _lock:
        pools = list(_pools.values())
        _pools.clear()
    while pools:
        _close(pools.pop())
    gc.collect()  # the queues sit in reference cycles: finalized now, semaphores unlinked


def _close(p: ProcessPoolExecutor) -> None:
    for proc in list((getattr(p, "_processes", None) or {}).values()):
        proc.terminate()  # a strong bot may think for a while: do not wait for it
    p.shutdown(wait=True, cancel_futures=True)  # quick: its workers are gone


def _reset(broken: ProcessPoolExecutor) -> None:
    with _lock:
        for kind, p in list(_pools.items()):
            if p is broken:
                del _pools[kind]
    broken.shutdown(wait=False, cancel_futures=True)


def simulate(table: TableSpec, position: dict[str, tuple[float, float]], stroke: Stroke,
             record: bool) -> Shot:
    """``physics.simulate`` in the physics pool (a :attr:`Match.simulator`); the same shot
    to the bit (the simulator is deterministic). A pool that broke is made again and the
    stroke simulated here: the match has not moved yet."""
    p = pool("physics")
    try:
        shot: Shot = p.submit(_simulate, table, position, stroke, record) \
            .result(timeout=SIMULATE_TIMEOUT_S)
    except BrokenProcessPool:
        _reset(p)
        return physics.simulate(table, position, stroke, record=record)
    return shot


def _simulate(table: TableSpec, position: dict[str, tuple[float, float]], stroke: Stroke,
              record: bool) -> Shot:
    return physics.simulate(table, position, stroke, record=record)


def think(match: Match, who: int) -> Move:
    """The bot's move for ``match`` (a :attr:`Match.thinker`), computed in the pool."""
    player = match.players[who]
    spec = match.specs[who] if who < len(match.specs) else ""
    rng = getattr(player, "rng", None)
    if not spec.startswith("bot") or not isinstance(rng, random.Random):
        here: Move = player.choose(match.turn())  # not a bot we can rebuild: think here
        return here
    p = pool("think")
    try:
        job = p.submit(_think, match.discipline, match.session.record(), match.lang, spec,
                       rng.getstate(), who)
        out: tuple[Move, Any] = job.result(timeout=THINK_TIMEOUT_S)
    except BrokenProcessPool:
        _reset(p)
        raise
    rng.setstate(out[1])
    return out[0]


def _think(discipline: str, record: dict[str, Any], lang: str, spec: str,
           rng_state: Any, who: int) -> tuple[Move, Any]:
    """In a worker: the position rebuilt from the record, and the bot's choice."""
    session = RefereeSession({k: v for k, v in record.items() if k != "actions"}, lang)
    for action in record["actions"]:
        session.feed(action)
    ruling = session.rulings[-1] if session.rulings else \
        session.referee.ruling(0, Outcome(), session.state, lang).to_dict()
    player = make_player(spec)
    rng = getattr(player, "rng", None)
    assert isinstance(rng, random.Random)
    rng.setstate(rng_state)
    turn = Turn(discipline, session.referee, session.referee.table, session.state, ruling,
                who, random.Random())
    move = player.choose(turn)
    return move, rng.getstate()
