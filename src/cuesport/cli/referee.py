"""``cuesport referee FILE|-``: rule on a frame record, one JSON ruling per line."""

from __future__ import annotations

import argparse
import gc
import json
import sys
from pathlib import Path
from typing import BinaryIO, TextIO, cast

from cuesport.record import RecordError, StartExtras
from cuesport.rules.text import dumps


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("referee", help="rule on a frame record (JSON), print rulings as JSONL")
    p.add_argument("file", nargs="?", default="-", help="the record file, or - for stdin")
    p.add_argument("--lang", default="en", choices=["en", "ru"], help="language of the calls")
    p.add_argument("--schema", choices=["record", "ruling"], nargs="?", const="record",
                   help="print the JSON Schema of the record (or of a ruling) and exit")
    p.set_defaults(func=run)


def _extras() -> dict[str, type[StartExtras]]:
    """Each discipline's own start keys, as its referee declares them."""
    from cuesport import disciplines
    from cuesport.rules.registry import referee_class

    return {d: referee_class(d).extras_model for d in disciplines.ids()}


def run(args: argparse.Namespace) -> int:
    from cuesport.record import record_schema, ruling_schema

    if args.schema:
        schema = record_schema(_extras()) if args.schema == "record" else ruling_schema()
        print(json.dumps(schema, indent=2))
        return 0
    try:
        data = sys.stdin.buffer.read() if args.file == "-" else Path(args.file).read_bytes()
    except OSError as err:
        print(json.dumps({"error": f"cannot read {args.file}: {err.strerror}"}))
        return 2
    # The objects made so far (modules, models, tables) live as long as this process:
    # the collector need not walk them again on every full collection (about 4 % of the
    # instructions of a long record, cachegrind).
    gc.freeze()
    sys.stdout.flush()  # the rulings go to the bytes under it
    out = getattr(sys.stdout, "buffer", None)
    if out is None:
        out = cast(BinaryIO, _TextOut(sys.stdout))
    return write_rulings(data, args.lang, out)


class _TextOut:
    """A text stream (a caller's ``sys.stdout`` replaced by a ``StringIO``) taking bytes."""

    def __init__(self, out: TextIO) -> None:
        self.out = out

    def write(self, b: bytes) -> int:
        return self.out.write(b.decode("utf-8"))

    def flush(self) -> None:
        self.out.flush()


_BATCH = 256  # rulings per write


def write_rulings(data: bytes, lang: str, out: BinaryIO) -> int:
    """Rule on a record's JSON text and write one JSON ruling per line to ``out`` (compact
    UTF-8, :func:`cuesport.rules.text.dumps`); the exit status (2: bad input, the error
    object last). Rulings are written as they come, in batches (the whole record is read
    and checked first, so nobody waits on one line, and a write per ruling costs more than
    the line)."""
    from cuesport.rules.session import ruling_lines

    status = 0
    lines: list[bytes] = []
    try:  # strict JSON (UTF-8, no duplicated keys, numbers that fit), one ruling at a time
        for line, ok in ruling_lines(data, lang):
            lines.append(line)
            if not ok:
                status = 2
            elif len(lines) == _BATCH:
                lines.append(b"")
                out.write(b"\n".join(lines))
                lines.clear()
    except RecordError as err:
        lines.append(dumps({"error": str(err)}))
        status = 2
    finally:
        if lines:
            lines.append(b"")
            out.write(b"\n".join(lines))
        out.flush()
    return status
