"""A real server for the browser tests: the app on a free local port, in a thread; and
where their screenshots go.

Screenshots: the browser tests take pictures of the pages for a person to look at (they
check nothing). They go to the folder named by the environment variable
``CUESPORT_SCREENSHOTS`` (created if missing), for example::

    CUESPORT_SCREENSHOTS=out/screenshots .venv/bin/pytest tests/web -m browser

and, when it is unset or empty, to a fresh folder under pytest's own temporary directory
(``screenshots0`` under ``pytest --basetemp`` or ``/tmp/pytest-of-$USER/pytest-current``),
never to a fixed path: the tests take the ``shot`` fixture (tests/web/conftest.py).
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

SCREENSHOTS_VARIABLE = "CUESPORT_SCREENSHOTS"


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


@dataclass(frozen=True)
class Screenshots:
    """Takes pictures of pages into ``folder``: ``shot(page, "name")`` writes ``name.png``."""

    folder: Path

    def __call__(self, page: Any, name: str, *, full_page: bool = False) -> Path:
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / f"{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path


def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Screenshots:
    """The folder named by ``$CUESPORT_SCREENSHOTS``, else a new one of pytest's tmp dirs."""
    named = os.environ.get(SCREENSHOTS_VARIABLE, "").strip()
    return Screenshots(Path(named) if named else tmp_path_factory.mktemp("screenshots"))
