"""``cuesport stats``: per-player statistics, one match, or head-to-head."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("stats", help="statistics per player, per match, head-to-head")
    p.add_argument("--db", help="SQLAlchemy URL (default: SQLite in the user's data dir)")
    p.add_argument("--match", type=int, metavar="ID", help="only this match")
    p.add_argument("--discipline", help="only matches of this discipline")
    p.add_argument("--h2h", nargs=2, metavar=("A", "B"), help="head-to-head of two players")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from cuesport.game.stats import head_to_head, match_stats, player_stats
    from cuesport.storage import Store

    console = Console()
    store = Store(args.db)
    if args.h2h:
        h = head_to_head(store, *args.h2h)
        a, b = args.h2h
        console.print(f"{a} v {b}: {h['played']} matches, matches {h['matches'][0]}-"
                      f"{h['matches'][1]}, frames {h['frames'][0]}-{h['frames'][1]}")
        return 0
    try:
        rows = (list(match_stats(store, args.match)) if args.match is not None
                else list(player_stats(store, args.discipline).values()))
    except KeyError as e:
        console.print(f"cuesport stats: {e}")
        return 2
    table = Table(title="statistics (won/played; breaks: points, or balls in pool)")
    table.add_column("player", no_wrap=True)
    for col in ("matches", "frames", "high", "100s", "avg", "pot%", "fouls", "f/fr"):
        table.add_column(col, justify="right")
    for s in rows:
        table.add_row(s.name, f"{s.matches_won}/{s.matches}", f"{s.frames_won}/{s.frames}",
                      str(s.highest_break), str(s.centuries), f"{s.average_break:.1f}",
                      f"{100 * s.pot_success:.0f}", str(s.fouls), f"{s.fouls_per_frame:.2f}")
    console.print(table)
    store.close()
    return 0
