"""MkDocs hook: parts of pages generated from the code at build time, so they cannot drift.

A page asks for one with a marker line ``<!-- generated: NAME -->``:

- ``cli-help``: the ``--help`` of ``cuesport`` and of each of its commands;
- ``record-schema``, ``ruling-schema``: the JSON Schemas of ``cuesport.record``;
- ``physics-parameters``: the parameter sets of ``cuesport.physics.params``.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import re
from collections.abc import Callable
from typing import Any

MARKER = re.compile(r"^<!-- generated: ([a-z-]+) -->$", re.M)


def _fenced(text: str, lang: str = "text") -> str:
    return f"```{lang}\n{text.rstrip()}\n```"


def cli_help() -> str:
    from cuesport.cli import build_parser

    old = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "100"  # argparse wraps to the terminal: fix the width
    try:
        parser = build_parser()
        parts = ["### cuesport", "", _fenced(parser.format_help())]
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        for name, command in sub.choices.items():
            parts += ["", f"### cuesport {name}", "", _fenced(command.format_help())]
    finally:
        if old is None:
            os.environ.pop("COLUMNS", None)
        else:
            os.environ["COLUMNS"] = old
    return "\n".join(parts)


def record_schema() -> str:
    from cuesport.record import record_schema as schema

    return _fenced(json.dumps(schema(), indent=2, sort_keys=True), "json")


def ruling_schema() -> str:
    from cuesport.record import ruling_schema as schema

    return _fenced(json.dumps(schema(), indent=2, sort_keys=True), "json")


def physics_parameters() -> str:
    from cuesport.physics import params

    sets = [params.POOL_PARAMS, params.SNOOKER_PARAMS, params.SNOOKER_MATHAVAN_PARAMS]
    names = [f.name for f in dataclasses.fields(params.PhysicsParams)
             if f.name not in ("name", "sources")]
    lines = ["| parameter | " + " | ".join(f"`{s.name}`" for s in sets) + " |",
             "|---|" + "---|" * len(sets)]
    for name in names:
        lines.append(f"| `{name}` | " + " | ".join(
            f"{getattr(s, name)}" for s in sets) + " |")
    lines += ["", "Sources named by each set:", ""]
    lines += [f"- `{s.name}`: {s.sources}" for s in sets]
    return "\n".join(lines)


PARTS: dict[str, Callable[[], str]] = {
    "cli-help": cli_help,
    "record-schema": record_schema,
    "ruling-schema": ruling_schema,
    "physics-parameters": physics_parameters,
}


def expand(markdown: str) -> str:
    def part(m: re.Match[str]) -> str:
        if m.group(1) not in PARTS:
            raise ValueError(f"unknown generated part {m.group(1)!r}")
        return PARTS[m.group(1)]()

    return MARKER.sub(part, markdown)


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    return expand(markdown)
