"""Bots think in a pool of processes, so the server's own process stays free for requests
(bot search is pure Python: in a thread it would hold the interpreter for seconds).

The worker gets what a bot needs to know, as plain data: the frame's record so far, the
player's spec and the state of its random generator. It replays the record into a referee
session, lets the bot choose and sends back the move and the generator's new state. A
worker that dies costs the pool, which is made again; the match is unchanged (nothing is
played until the move comes back) and the runner tries again on the next request.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from cuesport.bots.moves import Move
from cuesport.bots.search import Turn
from cuesport.game.match import Match
from cuesport.game.players import make_player
from cuesport.protocol import RefereeSession
from cuesport.rules.base import Outcome

WORKERS = max(1, min(4, (os.cpu_count() or 2)))
THINK_TIMEOUT_S = 600.0
_pool: ProcessPoolExecutor | None = None
_lock = threading.Lock()


def pool() -> ProcessPoolExecutor:
    global _pool
    with _lock:
        if _pool is None:
            # spawn, not fork: the server has threads (and a database pool) of its own
            _pool = ProcessPoolExecutor(WORKERS, mp_context=multiprocessing.get_context("spawn"))
        return _pool


def shutdown() -> None:
    """Stop the pool at once (the server is stopping): the workers' thinking is dropped."""
    global _pool
    with _lock:
        p, _pool = _pool, None
    if p is not None:
        for proc in list(getattr(p, "_processes", {}).values()):
            proc.terminate()  # a strong bot may think for a while: do not wait for it
        p.shutdown(wait=False, cancel_futures=True)


def _reset(broken: ProcessPoolExecutor) -> None:
    global _pool
    with _lock:
        if _pool is broken:
            _pool = None
    broken.shutdown(wait=False, cancel_futures=True)


def think(match: Match, who: int) -> Move:
    """The bot's move for ``match`` (a :attr:`Match.thinker`), computed in the pool."""
    player = match.players[who]
    spec = match.specs[who] if who < len(match.specs) else ""
    rng = getattr(player, "rng", None)
    if not spec.startswith("bot") or not isinstance(rng, random.Random):
        here: Move = player.choose(match.turn())  # not a bot we can rebuild: think here
        return here
    p = pool()
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
