"""The referee's JSON text: one encoder for every ruling it prints (issue 12, speed).

``cuesport referee``, the HTTP referee endpoints and :func:`cuesport.rules.session.ruling_lines`
print rulings with :func:`dumps`: orjson's compact UTF-8 JSON (``{"a":1,"b":[1.5,2.0]}``,
no spaces, non-ASCII text as it is). A ruling's dict is built by the referee
(:meth:`Referee.ruling_dict`) and encoded here in C: with orjson that costs less than the
hand-written printer it replaced did (cachegrind, bench/referee-results.md, refspeed4).

orjson prints each float by its shortest round-trip digits, as ``repr`` does, though not
always in the same form (``1e-05`` is ``0.00001``, ``2.5e-07`` is ``2.5e-7``): the values
are the same. It refuses what it cannot print exactly (an integer beyond 64 bits, a lone
surrogate, a key that is not a str, an unknown type): such a value is printed by the
standard encoder in the same compact form (:func:`_fallback`).
"""

from __future__ import annotations

import json
from typing import Any

import orjson

_DUMPS = orjson.dumps
_ERROR = orjson.JSONEncodeError
_COMPACT = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
_COMPACT_ASCII = json.JSONEncoder(separators=(",", ":"))


def dumps(o: Any) -> bytes:
    """``o`` as compact JSON in UTF-8.

    ```pycon
    >>> dumps({"action": 0, "points": (1, 0), "balls": {"cue": [0.00001, 1e16]}, "é": None})
    b'{"action":0,"points":[1,0],"balls":{"cue":[0.00001,1e+16]},"\\xc3\\xa9":null}'

    ```
    """
    try:
        return _DUMPS(o)
    except _ERROR:
        return _fallback(o)


def _fallback(o: Any) -> bytes:
    """What orjson refuses: a key that is not a str (printed as the standard encoder
    prints it, ``1`` as ``"1"``), by orjson still where it can; an integer beyond 64
    bits (the protocol allows 30 digits) or a type it does not know, by the standard
    encoder, compact; a lone surrogate (a ``"\\ud800"`` escape in a record) escaped, as
    UTF-8 cannot hold it."""
    try:
        return _DUMPS(o, option=orjson.OPT_NON_STR_KEYS)
    except _ERROR:
        pass
    out = _COMPACT.encode(o)
    try:
        return out.encode("utf-8")
    except UnicodeEncodeError:
        return _COMPACT_ASCII.encode(o).encode("ascii")


def dumps_text(o: Any) -> str:
    """:func:`dumps` as a str."""
    return dumps(o).decode("utf-8")
