"""The ``cuesport`` command. Each sub-command lives in its own module with a ``register``."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from cuesport import __version__
from cuesport.cli.common import UserError

DESCRIPTION = """cuesport: snooker, snooker 1-red and pool (eight-, nine-, ten-ball, 14.1) on a
simulated table with an automatic referee. Play in the browser (cuesport serve), run bot
matches in the terminal (cuesport play), rule on frame records (cuesport referee)."""

EPILOG = """Matches are stored in an SQLite file in your data folder; --db URL or the
CUESPORT_DB environment variable chooses another database. "cuesport COMMAND --help" tells
more about each command."""

# Modules under cuesport.cli, each exposing register(subparsers) -> None.
COMMANDS: tuple[str, ...] = ("show", "referee", "simulate", "play", "matches", "stats",
                             "export", "history", "replay", "serve", "batch")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cuesport", description=DESCRIPTION, epilog=EPILOG)
    parser.add_argument("--version", action="version", version=f"cuesport {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"cuesport.cli.{name}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except UserError as e:
        print(f"cuesport {args.command}: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except RuntimeError as err:
        from cuesport.storage import StorageError

        if not isinstance(err, StorageError):
            raise
        print(f"cuesport {args.command}: {err}", file=sys.stderr)  # one line, no traceback
        return 2
