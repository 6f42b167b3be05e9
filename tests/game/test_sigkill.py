"""Kill -9 a running ``cuesport play``: every completed stroke is in the database, each
frame replays through the referee, and ``--resume`` finishes the match."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from cuesport.protocol import referee
from cuesport.storage import Store


def _count(url: str) -> int:
    store = Store(url)
    try:
        return sum(len(store.strokes(f.id)) for m in store.matches() for f in store.frames(m.id))
    finally:
        store.close()


def test_sigkill_mid_frame_then_resume(tmp_path) -> None:
    url = f"sqlite:///{tmp_path / 'kill.db'}"
    cmd = [sys.executable, "-m", "cuesport", "play", "snooker", "--players", "bot:easy",
           "bot:easy", "--frames", "2", "--db", url, "--quiet", "--seed", "4"]
    Store(url).close()  # create the schema before the reader polls it
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    try:
        while _count(url) < 12:
            assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
            assert time.monotonic() < deadline
            time.sleep(0.05)
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    assert proc.returncode == -signal.SIGKILL
    store = Store(url)
    (match,) = store.matches()
    assert match.finished is None
    before = {}
    for f in store.frames(match.id):
        rows = store.strokes(f.id)
        before[f.number] = [r["action"] for r in rows]
        assert [r["seq"] for r in rows] == list(range(len(rows)))
        assert referee(store.frame_record(f.id)) == [r["ruling"] for r in rows]
    assert sum(len(v) for v in before.values()) >= 12
    store.close()
    done = subprocess.run([sys.executable, "-m", "cuesport", "play", "--resume",
                           str(match.id), "--db", url, "--quiet"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    store = Store(url)
    match = store.match(match.id)
    assert match.finished is not None
    frames = store.frames(match.id)
    assert len(frames) == 2 and all(f.winner in (0, 1) for f in frames)
    for f in frames:
        rows = store.strokes(f.id)
        # the strokes stored before the kill are still there, unchanged, at the start
        assert [r["action"] for r in rows[: len(before.get(f.number, []))]] == \
            before.get(f.number, [])
        assert referee(store.frame_record(f.id)) == [r["ruling"] for r in rows]
