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

from backends import new_url
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
    store_url = pg_url
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "cuesport", "serve", "--port", str(port),
                             "--db", store_url, "--workers", "2"],
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
