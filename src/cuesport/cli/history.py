"""``cuesport history export|import``: the whole match database out and back in.

``export`` writes JSON Lines (a header, then one match a line: its metadata, seats and
every frame as a referee-protocol record with the stored rulings; then one line per live
referee session of the marker's page); ``import`` adds such a file to a database (matches
under new ids, sessions under their own keys, those it has already skipped), all or
nothing, after replaying every frame and session through the referee to check that the
rulings are the stored ones.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("history", help="export or import the whole match database",
                       description="Export every stored match (JSON Lines) or import an "
                       "export into a database (new ids; all or nothing).")
    p.add_argument("action", choices=["export", "import"])
    p.add_argument("file", nargs="?", help="export: the file to write (default: standard "
                   "output); import: the file to read (- for standard input)")
    p.add_argument("--db", help="SQLAlchemy URL (default: SQLite in the user's data dir)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from cuesport.storage import StorageError, Store
    from cuesport.storage.transfer import export_lines, import_history, read_export

    store = Store(args.db)
    try:
        if args.action == "export":
            out = open(args.file, "w", encoding="utf-8") if args.file else sys.stdout  # noqa: SIM115
            written = sessions = 0
            try:
                for line in export_lines(store):
                    out.write(line + "\n")
                    if line.startswith('{"referee_session"'):
                        sessions += 1
                    else:
                        written += 1
            finally:
                if out is not sys.stdout:
                    out.close()
            print(f"cuesport history: {written - 1} matches and {sessions} referee sessions "
                  "exported", file=sys.stderr)
            return 0
        if not args.file:
            print("cuesport history import: give the FILE to import (- for stdin)",
                  file=sys.stderr)
            return 2
        try:
            text = sys.stdin.read() if args.file == "-" else \
                Path(args.file).read_text(encoding="utf-8")
        except OSError as err:
            print(f"cuesport history import: {args.file}: {err.strerror}", file=sys.stderr)
            return 2
        lines = text.splitlines()
        bad = _replay_problem(*read_export(lines))
        if bad:
            print(f"cuesport history import: nothing imported: {bad}", file=sys.stderr)
            return 2
        got = import_history(store, lines)
        ids = got.matches
        print(f"cuesport history: {len(ids)} matches imported"
              + (f" (ids {ids[0]}..{ids[-1]})" if ids else "")
              + f", {len(got.sessions)} referee sessions"
              + (f" ({len(got.skipped)} already there, skipped)" if got.skipped else ""),
              file=sys.stderr)
        return 0
    except StorageError as err:
        print(f"cuesport history {args.action}: {err}", file=sys.stderr)
        return 2
    finally:
        store.close()


def _replay_problem(items: list[dict[str, Any]],
                    sessions: list[dict[str, Any]]) -> str | None:
    """The first frame or referee session whose record does not replay to its stored
    rulings, if any."""
    from cuesport.protocol import referee
    from cuesport.record import RecordError

    for i, m in enumerate(items, start=1):
        for fr in m["frames"]:
            try:
                got = referee(fr["record"])
            except RecordError as err:
                return f"match {i}, frame {fr['number']}: {err}"
            if got != fr["rulings"]:
                return (f"match {i}, frame {fr['number']}: the record does not replay to the "
                        "stored rulings")
    for i, se in enumerate(sessions, start=1):
        try:
            got = referee(se["header"] | {"actions": se["actions"]}, se["lang"])
        except RecordError as err:
            return f"referee session {i}: {err}"
        if got != se["rulings"]:
            return f"referee session {i}: its actions do not replay to the stored rulings"
    return None
