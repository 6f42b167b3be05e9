"""Write first, then advance: a failed write at any point of any step leaves the match
exactly as it was (in memory and in the database), and the match loads and continues."""

from __future__ import annotations

from typing import Any

import pytest

from cuesport.game.match import Match, MatchFormat
from cuesport.game.players import make_player
from cuesport.storage import StorageError, Store
from faults import Faults


def _bots() -> list[Any]:
    return [make_player("bot:easy", seed=1), make_player("bot:easy", seed=2)]


def _fingerprint(m: Match) -> tuple[Any, ...]:
    """Everything a step may change."""
    return (m.session.record(), list(m.session.rulings), m.frame_no, m.frame_id, m.wins,
            len(m.results), m.over, m.winner, m.version, m.rng.getstate(), m.first_breaker,
            (m.progress.quiet, m.progress.stalemates), len(m.log))


def _stored(m: Match, store: Store) -> tuple[Any, ...]:
    assert m.match_id is not None
    again = Match.resume(store, m.match_id, players=_bots())
    return (again.session.record(), again.frame_no, again.frame_id, again.wins, again.over,
            again.winner, again.version)


def _memory(m: Match) -> tuple[Any, ...]:
    return (m.session.record(), m.frame_no, m.frame_id, m.wins, m.over, m.winner, m.version)


def _with_failures(m: Match, faults: Faults, store: Store, act: Any) -> tuple[Any, int]:
    """Run ``act`` with a failure at its 1st, 2nd, ... write point until it gets through;
    after each failure the match must be unchanged and load from the store as it is."""
    failures = 0
    for point in range(1, 50):
        before = _fingerprint(m)
        faults.arm(point)
        try:
            out = act()
        except StorageError as err:
            assert "injected: disk full" in str(err)
            failures += 1
            assert _fingerprint(m) == before, f"write point {point} moved the match"
            assert _stored(m, store) == _memory(m)
            continue
        finally:
            faults.disarm()
        return out, failures
    raise AssertionError("a step kept failing")


def test_a_failed_write_at_every_point_of_every_step_changes_nothing(store: Store) -> None:
    faults = Faults(store)
    faults.arm(1)
    with pytest.raises(StorageError):  # creating the match is one write too
        Match("nine-ball", _bots(), fmt=MatchFormat(2), store=store, seed=3)
    faults.disarm()
    assert store.matches() == []
    m = Match("nine-ball", _bots(), fmt=MatchFormat(2), store=store, seed=3)
    steps = failures = undos = 0
    while not m.over:
        step, n = _with_failures(m, faults, store, m.step)
        failures += n
        steps += 1
        if step.kind == "action" and steps % 9 == 0 and m.session.actions:
            _, n = _with_failures(m, faults, store, m.undo)  # undo is stored first too
            failures += n
            undos += 1
        assert steps < 400
    assert m.over and len(m.results) == 2 and undos >= 1
    assert failures >= 3 * steps  # every step has several write points, each one failed
    assert _stored(m, store) == _memory(m)
    assert store.match(m.match_id or 0).finished is not None
