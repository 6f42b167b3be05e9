"""A real server for the browser tests: the app on a free local port, in a thread."""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from typing import Any

import pytest


def chromium_or_skip() -> str:
    """The system Chromium for a browser-test module; the whole module skipped, loudly,
    when there is none or Playwright is missing."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        pytest.skip("BROWSER TESTS SKIPPED: no Chromium on this machine (python3 tasks.py test "
                    "installs it with apt-get when run as root; or: apt-get install chromium)",
                    allow_module_level=True)
    pytest.importorskip("playwright.sync_api")
    return found


def launch_chromium(path: str) -> Iterator[Any]:
    """A Chromium browser driven by Playwright, for a module-scoped ``browser`` fixture."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=["--no-sandbox"])
        yield b
        b.close()


def serve_in_thread(app: Any) -> Iterator[str]:
    """Run ``app`` on a free port of this machine in a thread; yield its address."""
    import socket
    import threading

    import uvicorn

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))  # tests only ever talk to this machine
    port = sock.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    for _ in range(100):
        if srv.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}/"
    srv.should_exit = True
    thread.join(5)
