"""A real server for the browser tests: the app on a free local port, in a thread."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any


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
