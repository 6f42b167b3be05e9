"""``cuesport serve`` as a user runs it: several workers on one database, a busy port, a
database that cannot be opened: always one clear line, never a traceback."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from backends import new_url, store_url  # noqa: F401 - store_url: the fixture, both backends
from cuesport.cli import main


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def pg_url(tmp_path: Path) -> Iterator[str]:
    """Several workers are for a database server: PostgreSQL (SQLite's several processes
    are tested in tests/storage/test_two_processes.py)."""
    yield from new_url("postgresql", tmp_path)


def test_several_workers_on_one_database_agree(pg_url: str) -> None:
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "cuesport", "serve", "--port", str(port),
                             "--db", pg_url, "--workers", "2"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        assert proc.stdout is not None
        assert "2 workers" in proc.stdout.readline()
        end = time.monotonic() + 120
        while True:
            try:
                if httpx.get(f"{base}/api/health", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < end and proc.poll() is None
            time.sleep(0.2)
        r = httpx.post(f"{base}/api/matches", json={
            "discipline": "snooker", "players": [{"name": "A"}, {"name": "B"}]}, timeout=30)
        assert r.status_code == 201, r.text
        mid, tokens = r.json()["id"], r.json()["tokens"]
        first = r.json()["match"]["ruling"]["to_play"]
        # new connections each time: the kernel spreads them over the workers
        for _ in range(6):
            assert not httpx.get(f"{base}/api/matches/{mid}", timeout=30).json()["over"]
        r = httpx.post(f"{base}/api/matches/{mid}/concede", timeout=30,
                       headers={"Authorization": f"Bearer {tokens[first]}"})
        assert r.status_code == 200, r.text
        end = time.monotonic() + 60
        views = []
        while len(views) < 6:
            v = httpx.get(f"{base}/api/matches/{mid}", timeout=30).json()
            if v["over"] or views:
                views.append(v)
            assert time.monotonic() < end, "the match did not end"
        assert all(v["over"] and v["winner"] == 1 - first for v in views)
        r = httpx.post(f"{base}/api/matches/{mid}/concede", timeout=30,
                       headers={"Authorization": f"Bearer {tokens[1 - first]}"})
        assert r.status_code == 409 and "over" in r.json()["error"]
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def _serve(url: str, workers: int) -> tuple[subprocess.Popen[str], str]:
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "cuesport", "serve", "--port", str(port),
                             "--db", url, "--workers", str(workers)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    base = f"http://127.0.0.1:{port}"
    end = time.monotonic() + 120
    while True:
        try:
            if httpx.get(f"{base}/api/health", timeout=2).status_code == 200:
                return proc, base
        except httpx.TransportError:
            pass
        if time.monotonic() > end or proc.poll() is not None:
            proc.kill()
            raise AssertionError(f"the server did not start: {proc.communicate()[0][-2000:]}")
        time.sleep(0.2)


def _stop(proc: subprocess.Popen[str]) -> str:
    """Stop the server as a service manager does (SIGTERM); everything it printed."""
    proc.terminate()
    out, _ = proc.communicate(timeout=60)
    return out


def test_a_referee_session_goes_on_on_any_worker_and_after_a_restart(
        store_url: str) -> None:  # noqa: F811 - the imported fixture
    head = {"protocol": 1, "discipline": "nine-ball", "players": ["A", "B"], "actions": []}

    def foul(p: int) -> dict[str, object]:
        return {"shot": {"player": p, "cue_ball": [635, 500],
                         "events": [{"t": 0, "hit": ["cue", "3"]}]}}

    proc, base = _serve(store_url, 2)
    try:
        r = httpx.post(f"{base}/api/referee/sessions", json=head, timeout=30)
        assert r.status_code == 201, r.text
        sid = r.json()["session"]
        # new connections each time: the kernel spreads them over the workers
        for i in range(4):
            r = httpx.post(f"{base}/api/referee/sessions/{sid}/actions", json=foul(i % 2),
                           timeout=30)
            assert r.status_code == 200 and r.json()["action"] == i, r.text
        for _ in range(4):
            rec = httpx.get(f"{base}/api/referee/sessions/{sid}/record", timeout=30).json()
            assert rec["actions"] == [foul(0), foul(1), foul(0), foul(1)]
    finally:
        out = _stop(proc)
    assert "leaked" not in out, out  # the pools closed their queues (no named semaphores)
    proc, base = _serve(store_url, 1)  # a restart: the session is in the database
    try:
        r = httpx.post(f"{base}/api/referee/sessions/{sid}/actions", json=foul(0), timeout=30)
        assert r.status_code == 200 and r.json()["action"] == 4, r.text
        assert r.json()["frame_over"]  # A's third foul in a row: the fouls were remembered
    finally:
        _stop(proc)


def test_a_busy_port_is_one_line_before_any_address_is_announced(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        with pytest.raises(SystemExit) as exc:
            main(["serve", "--port", str(port), "--db", f"sqlite:///{tmp_path / 'x.db'}"])
    assert str(exc.value) == f"cuesport serve: cannot listen on 127.0.0.1:{port}: " \
        "the port is in use"
    assert "the table is at" not in capsys.readouterr().out


@pytest.mark.parametrize("command", ["serve", "matches", "play"])
@pytest.mark.parametrize(("db", "why"), [
    ("sqlite:////nonexistent-folder/cuesport.db", "the folder /nonexistent-folder does not exist"),
    ("postgresql://nobody@127.0.0.1:{port}/cuesport", "Connection refused"),
    ("nonsense", "not a database URL"),
])
def test_a_database_that_cannot_be_opened_is_one_line(
        command: str, db: str, why: str, capsys: pytest.CaptureFixture[str]) -> None:
    url = db.format(port=_free_port())  # nothing listens there
    args = [command, "--db", url] + (["snooker"] if command == "play" else [])
    assert main(args) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and err.startswith(f"cuesport {command}: "), err
    assert why in err
