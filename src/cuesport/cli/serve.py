"""``cuesport serve``: the browser table (FastAPI app under uvicorn), 127.0.0.1:8000 by default."""

from __future__ import annotations

import argparse

from cuesport.cli.common import DB_HELP, open_store


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("serve", help="serve the browser table and the HTTP referee",
                       description="Serve the browser table: play any discipline against a "
                       "bot, on one screen, or with a friend by link; the referee protocol at "
                       "POST /api/referee.")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to bind (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--db", default=None, help=DB_HELP)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from cuesport.web import create_app

    store = open_store(args.db)
    app = create_app(store)
    host = f"[{args.host}]" if ":" in args.host else args.host
    print(f"cuesport: the table is at http://{host}:{args.port}/  (Ctrl+C to stop)", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0
