"""``cuesport serve``: the browser table (FastAPI app under uvicorn), 127.0.0.1:8000 by default.

The port is taken before the address is announced, so a busy port is one clear line. With
``--workers N`` (N > 1) uvicorn runs N processes on one socket; each opens the database
itself (``CUESPORT_DB``), and the store's match versions keep them from overwriting each
other. PostgreSQL is the database for that; SQLite works too (one writer at a time).
"""

from __future__ import annotations

import argparse
import os
import socket

from cuesport.cli.common import DB_ENV, DB_HELP, open_store


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("serve", help="serve the browser table and the HTTP referee",
                       description="Serve the browser table: play any discipline against a "
                       "bot, on one screen, or with a friend by link; the referee protocol at "
                       "POST /api/referee.")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to bind (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--db", default=None, help=DB_HELP)
    p.add_argument("--workers", type=int, default=1,
                   help="worker processes (default 1; several need a shared database)")
    p.add_argument("--rate-limit", type=float, default=None, metavar="N",
                   help="API requests a second per client address (default 50; 0: no limit)")
    p.set_defaults(func=run)


def listen(host: str, port: int) -> socket.socket:
    """The bound socket, or one line saying why not (port busy, address not ours)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as err:
        sock.close()
        why = "the port is in use" if err.errno in (98, 48, 10048) else err.strerror
        raise SystemExit(f"cuesport serve: cannot listen on {host}:{port}: {why}") from None
    sock.set_inheritable(True)
    return sock


def run(args: argparse.Namespace) -> int:
    import uvicorn
    from uvicorn.supervisors import Multiprocess

    from cuesport.web import create_app
    from cuesport.web.live import RECHECK_S
    from cuesport.web.routers.ws import MAX_MESSAGE

    if args.workers < 1:
        raise SystemExit("cuesport serve: --workers must be 1 or more")
    store = open_store(args.db)  # a database that cannot be opened fails here, in one line
    sock = listen(args.host, args.port)
    host = f"[{args.host}]" if ":" in args.host else args.host
    where = f"http://{host}:{args.port}/"
    ws_max = MAX_MESSAGE + 1024  # a larger WebSocket frame is refused from its header
    if args.workers == 1:
        # a lone server: reads answered from memory, the store looked at once a second
        app = create_app(store, rate=args.rate_limit, think_in_pool=True,
                         recheck_s=RECHECK_S)
        config = uvicorn.Config(app, log_level="warning", ws_max_size=ws_max)
        print(f"cuesport: the table is at {where}  (Ctrl+C to stop)", flush=True)
        uvicorn.Server(config).run(sockets=[sock])
        return 0
    os.environ[DB_ENV] = store.url  # each worker opens the same database
    if args.rate_limit is not None:
        os.environ["CUESPORT_RATE"] = str(args.rate_limit)
    store.close()
    config = uvicorn.Config("cuesport.web:app_from_env", factory=True, workers=args.workers,
                            log_level="warning", ws_max_size=ws_max)
    print(f"cuesport: the table is at {where}  ({args.workers} workers; Ctrl+C to stop)",
          flush=True)
    Multiprocess(config, sockets=[sock]).run()
    return 0
