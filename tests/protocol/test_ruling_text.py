"""The referee's printed rulings (issue 12, speed): ``cuesport referee``,
``session.ruling_lines`` and the HTTP referee endpoints print each ruling's dict with
:func:`cuesport.rules.text.dumps` (orjson, compact UTF-8). The JSON values are the dict's
exactly; the text is orjson's (no spaces; floats by their shortest digits in orjson's
form); what orjson refuses is printed by the standard encoder in the same compact form."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import orjson
import pytest

from cuesport.rules import text
from cuesport.rules.session import ruling_lines, rulings

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").rglob("*.json"))
sys.path.insert(0, str(ROOT / "bench"))


def test_ruling_lines_print_the_rulings_and_the_error() -> None:
    for path in EXAMPLES:
        data = path.read_bytes()
        lines = list(ruling_lines(data, "ru"))
        assert [line for line, _ in lines] == [text.dumps(r) for r in rulings(data, "ru")]
        assert [json.loads(line) for line, _ in lines] == list(rulings(data, "ru"))
        assert all(ok for _, ok in lines)
    record = json.loads(EXAMPLES[0].read_text("utf-8"))
    record["actions"] = [*record["actions"][:2], {"shot": {"player": 7}}]
    lines = list(ruling_lines(json.dumps(record), "en"))
    assert [ok for _, ok in lines] == [True, True, False]
    assert lines[-1][0] == text.dumps(list(rulings(record))[-1])


def test_a_long_bench_game_prints_its_values() -> None:
    from referee_pool import long_record

    rec = long_record("straight-pool", 400, seed=3)
    printed = [json.loads(line) for line, ok in ruling_lines(json.dumps(rec)) if ok]
    assert printed == list(rulings(rec)) and len(printed) == 400


def test_the_printed_form() -> None:
    """Compact, UTF-8, tuples as arrays; floats in orjson's form with the same values."""
    o = {"a": 1, "b": (1.5, -0.0), "c": "é ☃ \u2028", "d": None, "e": [True, False]}
    expected = '{"a":1,"b":[1.5,-0.0],"c":"é ☃ \u2028","d":null,"e":[true,false]}'
    assert text.dumps(o) == expected.encode()
    for x in (1e16, 1e-05, 2.5e-07, 5e-324, 1.7976931348623157e308, 0.1, 123456.789, -0.0):
        printed = text.dumps([x])
        assert json.loads(printed) == [x] and math.copysign(1, json.loads(printed)[0]) == \
            math.copysign(1, x)
    assert text.dumps([1e-05, 1e16]) == b"[0.00001,1e+16]"
    assert text.dumps_text({"x": "é"}) == '{"x":"é"}'


def test_what_orjson_refuses_prints_compact_by_the_standard_encoder() -> None:
    with pytest.raises(orjson.JSONEncodeError):
        orjson.dumps({1: 2})
    assert text.dumps({1: 2, "a": [1]}) == b'{"1":2,"a":[1]}'  # as json.dumps names it
    big = {"score": [10**29, -(10**25)], "é": 1.5}
    assert text.dumps(big) == (f'{{"score":[{10**29},{-(10**25)}],"é":1.5}}').encode()
    assert json.loads(text.dumps(big)) == big
    lone = {"name": "a\ud800b"}  # a record's "\ud800" escape: no UTF-8 for it
    assert text.dumps(lone) == b'{"name":"a\\ud800b"}'
    assert json.loads(text.dumps(lone)) == lone


def test_the_cli_prints_compact_rulings(tmp_path: Path) -> None:
    import io

    from cuesport.cli.referee import write_rulings

    out = io.BytesIO()
    assert write_rulings(EXAMPLES[0].read_bytes(), "en", out) == 0
    lines = out.getvalue().decode("utf-8").splitlines()
    assert lines and all(", " not in line.split('"announce"')[0] for line in lines)
    assert [json.loads(line) for line in lines] == list(rulings(EXAMPLES[0].read_bytes()))


def test_the_pool_bench_runs_its_end_to_end_path() -> None:
    # bench/referee_pool.py writes the CLI's bytes to its sink (a text sink broke it)
    from referee_pool import end_to_end, long_record

    rec = long_record("nine-ball", 50, seed=2)
    assert end_to_end(json.dumps(rec).encode()) == 0
