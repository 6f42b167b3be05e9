"""``cuesport stats``: per-player statistics, one match, or head-to-head; as tables or CSV.

The stored matches count, the referee sessions stored by a marker (once the store keeps
them), and any record files given with ``--records``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from cuesport import disciplines
from cuesport.cli.common import DB_HELP, UserError, missing, open_store


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("stats", help="statistics per player, per match, head-to-head",
                       description="Statistics of the stored matches and of referee-protocol "
                       "records: per player (one table per discipline, since a snooker break "
                       "counts points and a pool run balls), of one match, or head to head. "
                       "A player is his name, trimmed and case-folded; a bot is its level.")
    p.add_argument("--db", help=DB_HELP)
    p.add_argument("--match", type=int, metavar="ID", help="only this match")
    p.add_argument("--discipline", choices=disciplines.ids(),
                   help="only matches of this discipline")
    p.add_argument("--h2h", nargs=2, metavar=("A", "B"),
                   help="head-to-head of two players (of --discipline, if given)")
    p.add_argument("--records", nargs="+", metavar="FILE", default=[],
                   help="referee-protocol records to count too: a JSON record per file, or "
                   "one per line (as cuesport export writes several frames)")
    p.add_argument("--csv", metavar="FILE",
                   help="write the figures as CSV to FILE ('-': standard output) instead "
                   "of tables")
    p.set_defaults(func=run)


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}es" if word.endswith("ch") else f"{n} {word}s"


def read_records(paths: Sequence[str]) -> Iterator[dict[str, Any]]:
    """The records in the files: one JSON object per file, or one per line."""
    from cuesport.record import RecordError, loads

    for name in paths:
        try:
            text = Path(name).read_text(encoding="utf-8")
        except OSError as e:
            raise UserError(f"cannot read {name}: {e.strerror}") from None
        try:
            data = loads(text)
            items = [data]
        except RecordError:  # JSON lines
            try:
                items = [loads(line) for line in text.splitlines() if line.strip()]
            except RecordError as e:
                raise UserError(f"{name}: {e}") from None
        for i, r in enumerate(items):
            if not isinstance(r, dict):
                raise UserError(f"{name}: record {i + 1} is not a JSON object")
            yield r


def write_csv(where: str, text: str) -> None:
    if where == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
    else:
        Path(where).write_text(text, encoding="utf-8")


def run(args: argparse.Namespace) -> int:
    from rich.console import Console

    from cuesport.game import stats as st
    from cuesport.record import RecordError

    console = Console(highlight=False)
    err = Console(stderr=True, highlight=False)
    store = open_store(args.db)
    try:
        if args.match is not None:
            return one_match(args, store, console)
        totals = st.Totals()
        st.add_store(totals, store, args.discipline)
        try:
            st.add_records(totals, st.stored_session_records(store), args.discipline)
            st.add_records(totals, read_records(args.records), args.discipline)
        except RecordError as e:
            err.print(f"cuesport stats: a record is refused: {e}", markup=False)
            return 2
    finally:
        store.close()
    if args.h2h:
        a, b = args.h2h
        if st.identity(a) == st.identity(b):
            err.print(f"cuesport stats: {a} and {b} are the same player", markup=False)
            return 2
        h = st.meetings_between(totals.meetings, a, b, discipline=args.discipline)
        what = f" ({args.discipline})" if args.discipline else ""
        more = f" and {plural(h['records'], 'record')}" if h["records"] else ""
        console.print(f"{a} v {b}{what}: {plural(h['played'], 'match')}{more}, matches "
                      f"{h['matches'][0]}-{h['matches'][1]}, frames {h['frames'][0]}-"
                      f"{h['frames'][1]}", markup=False)
        return 0
    if args.csv:
        write_csv(args.csv, st.csv_text(st.totals_rows(totals), st.TOTAL_COLUMNS))
        return 0
    tables = [(d, totals.table(d)) for d in totals.disciplines]
    if not tables:
        console.print("no matches stored" + (f" of {args.discipline}" if args.discipline else ""))
    for discipline, rows in tables:
        print_table(console, discipline, rows)
    return 0


def one_match(args: argparse.Namespace, store: Any, console: Any) -> int:
    from cuesport.game import stats as st

    try:
        m = store.match(args.match)
    except KeyError as e:
        console.print(f"cuesport stats: {missing(e)}", markup=False)
        return 2
    if args.csv:
        write_csv(args.csv, st.csv_text(st.match_rows(store, args.match), st.MATCH_COLUMNS))
        return 0
    rows = list(st.match_stats(store, args.match))
    if m.format.get("members"):
        rows += st.member_stats(store, args.match)
    print_table(console, m.discipline, rows)
    return 0


def print_table(console: Any, discipline: str, rows: Sequence[Any]) -> None:
    from rich.table import Table

    facts = disciplines.find(discipline)
    # rack games count a run in balls; the others score points
    unit = "balls" if facts.frame_word == "rack" else "points"
    table = Table(title=f"{discipline} (won/played; breaks in {unit})")
    table.add_column("player", no_wrap=True)
    cols = ["matches", "frames", "high", *(["50+", "100+"] if facts.century_breaks else []),
            "avg", "pot%", "safe%", "fouls", "f/fr"]
    for col in cols:
        table.add_column(col, justify="right")
    for s in rows:
        hundreds = [str(s.fifties), str(s.centuries)] if facts.century_breaks else []
        table.add_row(s.name + (" (side)" if s.side else ""), f"{s.matches_won}/{s.matches}",
                      f"{s.frames_won}/{s.frames}", str(s.highest_break), *hundreds,
                      f"{s.average_break:.1f}", f"{100 * s.pot_success:.0f}",
                      f"{100 * s.safety_success:.0f}" if s.safeties else "-", str(s.fouls),
                      f"{s.fouls_per_frame:.2f}")
    if rows:
        console.print(table)
