"""``cuesport stats``: per-player statistics, one match, or head-to-head."""

from __future__ import annotations

import argparse

from cuesport import disciplines
from cuesport.cli.common import DB_HELP, missing, open_store


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("stats", help="statistics per player, per match, head-to-head",
                       description="Statistics of the stored matches: per player (one table "
                       "per discipline, since a snooker break counts points and a pool run "
                       "balls), of one match, or head to head.")
    p.add_argument("--db", help=DB_HELP)
    p.add_argument("--match", type=int, metavar="ID", help="only this match")
    p.add_argument("--discipline", choices=disciplines.ids(),
                   help="only matches of this discipline")
    p.add_argument("--h2h", nargs=2, metavar=("A", "B"),
                   help="head-to-head of two players (of --discipline, if given)")
    p.set_defaults(func=run)


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}es" if word.endswith("ch") else f"{n} {word}s"


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from cuesport.game.stats import PlayerStats, head_to_head, match_stats, player_stats

    console = Console(highlight=False)
    store = open_store(args.db)
    if args.h2h:
        a, b = args.h2h
        h = head_to_head(store, a, b, discipline=args.discipline)
        what = f" ({args.discipline})" if args.discipline else ""
        console.print(f"{a} v {b}{what}: {plural(h['played'], 'match')}, matches "
                      f"{h['matches'][0]}-{h['matches'][1]}, frames {h['frames'][0]}-"
                      f"{h['frames'][1]}", markup=False)
        store.close()
        return 0
    tables: list[tuple[str, list[PlayerStats]]] = []
    try:
        if args.match is not None:
            m = store.match(args.match)
            tables.append((m.discipline, list(match_stats(store, args.match))))
        else:
            played = sorted({m.discipline for m in store.matches(10_000)})
            for d in [args.discipline] if args.discipline else played:
                tables.append((d, list(player_stats(store, d).values())))
    except KeyError as e:
        console.print(f"cuesport stats: {missing(e)}", markup=False)
        return 2
    if not any(rows for _, rows in tables):
        console.print("no matches stored" + (f" of {args.discipline}" if args.discipline else ""))
    for discipline, rows in tables:
        # rack games count a run in balls; the others score points
        unit = "balls" if disciplines.find(discipline).frame_word == "rack" else "points"
        table = Table(title=f"{discipline} (won/played; breaks in {unit})")
        table.add_column("player", no_wrap=True)
        for col in ("matches", "frames", "high", "100s", "avg", "pot%", "fouls", "f/fr"):
            table.add_column(col, justify="right")
        for s in rows:
            table.add_row(s.name, f"{s.matches_won}/{s.matches}", f"{s.frames_won}/{s.frames}",
                          str(s.highest_break), str(s.centuries), f"{s.average_break:.1f}",
                          f"{100 * s.pot_success:.0f}", str(s.fouls),
                          f"{s.fouls_per_frame:.2f}")
        if rows:
            console.print(table)
    store.close()
    return 0
