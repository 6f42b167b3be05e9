"""One writer per match, any number of processes: real processes on one database."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from cuesport.bots.moves import Concede
from cuesport.game.match import Match
from cuesport.game.players import Human
from cuesport.storage import StaleError, Store

HELPER = Path(__file__).with_name("writer_proc.py")


def _spawn(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, str(HELPER), *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def _wait_all(files: list[Path]) -> None:
    end = time.monotonic() + 120
    while not all(f.exists() for f in files):
        assert time.monotonic() < end, "a helper process did not start"
        time.sleep(0.01)


def _answers(procs: list[subprocess.Popen[str]]) -> list[str]:
    out = []
    for p in procs:
        stdout, stderr = p.communicate(timeout=120)
        assert p.returncode == 0, (stdout + stderr)[-2000:]
        out.append(stdout.strip())
    return out


def test_processes_starting_at_once_on_a_new_database_all_open_it(
        store_url: str, tmp_path: Path) -> None:
    go = tmp_path / "go"
    ready = [tmp_path / f"ready{i}" for i in range(3)]
    procs = [_spawn("open", store_url, str(go), str(r)) for r in ready]
    _wait_all(ready)  # all imported, waiting at the line
    go.touch()
    assert _answers(procs) == ["ok"] * 3
    store = Store(store_url)
    assert store.matches() == []
    store.close()


def test_two_processes_play_the_same_move_one_is_refused(store: Store, tmp_path: Path) -> None:
    m = Match("snooker", [Human("A"), Human("B")], store=store)
    assert m.match_id is not None
    go = tmp_path / "go"
    ready = [tmp_path / "ready0", tmp_path / "ready1"]
    procs = [_spawn("concede", store.url, str(m.match_id), str(go), str(r)) for r in ready]
    _wait_all(ready)  # both have loaded the same state
    go.touch()
    assert sorted(_answers(procs)) == ["ok", "stale"]
    (frame,) = store.frames(m.match_id)
    assert [s["action"] for s in store.strokes(frame.id)] == [{"concede": {"player": 0}}]
    # the match loads, with the one concession, and goes on
    again = Match.resume(store, m.match_id, players=[Human("A"), Human("B")])
    assert again.state.frame_over and again.version == store.version(m.match_id)
    assert again.step().kind == "match-end"
    assert store.match(m.match_id).winner == 1
    with pytest.raises(StaleError):  # this process's copy is out of date as well
        m.play(Concede(), 0)


def test_two_processes_feed_one_referee_session_at_one_version_one_is_refused(
        store: Store, tmp_path: Path) -> None:
    header = {"protocol": 1, "discipline": "nine-ball", "players": ["A", "B"]}
    store.open_referee("k" * 64, "client", "en", header, per_owner=8)
    go = tmp_path / "go"
    ready = [tmp_path / "ready0", tmp_path / "ready1"]
    procs = [_spawn("referee", store.url, "k" * 64, str(go), str(r)) for r in ready]
    _wait_all(ready)  # both have read version 0
    go.touch()
    assert sorted(_answers(procs)) == ["ok", "stale"]
    row = store.referee_session("k" * 64)
    assert row is not None and row.version == 1 and len(row.actions) == 1


def test_a_new_sqlite_file_locked_while_another_process_creates_it_is_opened_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # SQLite answers "database is locked" at once, busy timeout or not, to one of the
    # processes turning a new file to WAL together (seen 2 in 72 under load): opening retries
    import sqlalchemy as sa

    from cuesport.storage import StorageError
    from cuesport.storage import store as store_mod

    real = store_mod.Store._create_schema
    calls: list[int] = []

    def flaky(self: Store) -> None:
        calls.append(1)
        if len(calls) < 3:
            raise sa.exc.OperationalError("PRAGMA journal_mode=WAL", {},
                                          Exception("database is locked"))
        real(self)

    monkeypatch.setattr(store_mod.time, "sleep", lambda _s: None)
    monkeypatch.setattr(store_mod.Store, "_create_schema", flaky)
    Store(f"sqlite:///{tmp_path / 'a.db'}").close()
    assert len(calls) == 3

    def broken(self: Store) -> None:
        calls.append(1)
        raise sa.exc.OperationalError("CREATE TABLE", {}, Exception("disk I/O error"))

    calls.clear()
    monkeypatch.setattr(store_mod.Store, "_create_schema", broken)
    with pytest.raises(StorageError, match="disk I/O error"):
        Store(f"sqlite:///{tmp_path / 'b.db'}")
    assert len(calls) == 1  # only a lock is waited out
