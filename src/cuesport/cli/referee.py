"""``cuesport referee FILE|-``: rule on a frame record, one JSON ruling per line."""

from __future__ import annotations

import argparse
import gc
import json
import math
import sys
from itertools import chain
from json.encoder import encode_basestring
from pathlib import Path
from typing import Any, TextIO, cast

from cuesport.record import RecordError, StartExtras
from cuesport.rules.text import ENCODE


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
    return write_rulings(data, args.lang, sys.stdout)




_ENCODE = ENCODE  # the C encoder without the circular check (rules/text.py)
_BATCH = 256  # rulings per write
# Each ball's printed '"name": [x, y]', by name and position. Most balls do not move from
# one ruling to the next, and printing the floats (dtoa) is over half of encoding a ruling
# (cachegrind): a ruling's "state.balls" is mostly these cached parts.
_BALLS: dict[tuple[str, tuple[float, ...]], str] = {}
_BALLS_KEPT = 4096  # then the cache starts again (a re-rack makes new positions)
_POINT = frozenset((list, tuple))
_FLOAT = frozenset((float,))


def encode_ruling(ruling: dict[str, Any]) -> str:
    """``json.dumps(ruling, ensure_ascii=False)``, the same text, faster: the positions of
    ``state.balls`` are printed from a cache. A ruling of another shape is encoded whole.

    ```pycon
    >>> r = {"action": 0, "state": {"balls": {"cue": [1.5, 2.0]}, "to_play": 1}}
    >>> encode_ruling(r) == json.dumps(r, ensure_ascii=False)
    True

    ```
    """
    state = ruling.get("state") if type(ruling) is dict else None
    if (type(state) is not dict or len(ruling) < 2 or len(state) < 2
            or next(reversed(ruling)) != "state" or next(iter(state)) != "balls"):
        return _ENCODE(ruling)
    balls = _balls_json(state["balls"])
    if balls is None:
        return _ENCODE(ruling)
    head = ruling.copy()
    del head["state"]
    rest = state.copy()
    del rest["balls"]
    return f'{_ENCODE(head)[:-1]}, "state": {{"balls": {balls}, {_ENCODE(rest)[1:]}}}'


def _balls_json(balls: Any) -> str | None:
    """The JSON of ``{name: [x, y], ...}`` from the cache, or None for any other shape.

    Only keys that cannot equal a key printed otherwise are kept: names that are str,
    points that are lists (or tuples) of floats, none zero (0.0 == -0.0, 1 == 1.0 == True).
    """
    if type(balls) is not dict or not balls:
        return None
    points = balls.values()
    # a ball off the table (null) or an unusual value; ints and bools equal floats
    if (not _POINT.issuperset(map(type, points))
            or not _FLOAT.issuperset(map(type, chain.from_iterable(points)))):
        return None
    keys = list(zip(balls, map(tuple, points), strict=True))
    parts = list(map(_BALLS.get, keys))
    if None in parts:
        if len(_BALLS) >= _BALLS_KEPT:
            _BALLS.clear()
        for i, part in enumerate(parts):
            if part is None:
                name, point = keys[i]
                # kept only for a str name and no zero (0.0 == -0.0): no other key can then
                # equal a kept one and print differently (a str subclass prints the same)
                if type(name) is not str or 0.0 in point:
                    return None
                parts[i] = _BALLS[keys[i]] = _ball_json(name, point)
    return f"{{{', '.join(cast(list[str], parts))}}}"


def _ball_json(name: str, point: tuple[float, ...]) -> str:
    """'"name": [x, y]' as the encoder prints it (a finite float by its repr)."""
    if len(point) == 2 and math.isfinite(point[0]) and math.isfinite(point[1]):
        return f"{encode_basestring(name)}: [{point[0]!r}, {point[1]!r}]"
    return f"{encode_basestring(name)}: {_ENCODE(point)}"


def write_rulings(data: bytes, lang: str, out: TextIO) -> int:
    """Rule on a record's JSON text and write one JSON ruling per line to ``out``; the exit
    status (2: bad input, the error object last). Rulings are written as they come, in
    batches (the whole record is read and checked first, so nobody waits on one line, and
    a write per ruling costs more than the line)."""
    from cuesport.rules.session import ruling_lines

    status = 0
    lines: list[str] = []
    try:  # strict JSON (UTF-8, no duplicated keys, numbers that fit), one ruling at a time
        for line, ok in ruling_lines(data, lang):  # printed straight from the states
            lines.append(line)
            if not ok:
                status = 2
            elif len(lines) == _BATCH:
                lines.append("")
                out.write("\n".join(lines))
                lines.clear()
    except RecordError as err:
        lines.append(json.dumps({"error": str(err)}))
        status = 2
    finally:
        if lines:
            lines.append("")
            out.write("\n".join(lines))
        out.flush()
    return status
