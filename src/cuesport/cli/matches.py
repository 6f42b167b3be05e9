"""``cuesport matches``: the stored matches, newest first."""

from __future__ import annotations

import argparse

from cuesport.cli.common import DB_HELP, open_store


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("matches", help="list stored matches")
    p.add_argument("--db", help=DB_HELP)
    p.add_argument("--limit", type=int, default=30)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    store = open_store(args.db)
    table = Table(title=f"matches ({store.url})")
    for col in ("id", "date", "discipline", "players", "frames", "winner"):
        table.add_column(col)
    for m in store.matches(args.limit):
        frames = store.frames(m.id)
        wins = [sum(1 for f in frames if f.winner == i) for i in (0, 1)]
        status = (m.players[m.winner] if m.winner is not None else "draw") if m.finished \
            else "in progress"
        table.add_row(str(m.id), m.created.strftime("%Y-%m-%d %H:%M"), m.discipline,
                      f"{m.players[0]} v {m.players[1]}", f"{wins[0]}-{wins[1]}", status)
    Console().print(table)
    store.close()
    return 0
