"""The ``cuesport`` command. Each sub-command lives in its own module with a ``register``."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from cuesport import __version__

# Modules under cuesport.cli, each exposing register(subparsers) -> None.
COMMANDS: tuple[str, ...] = ("show", "referee", "simulate", "play", "matches", "stats",
                             "export", "replay", "serve", "batch")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cuesport", description=__doc__)
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
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
