"""Strict input (issue 12 §1): every malformed record under ``tests/data/bad_input/`` is
refused with an error object and exit status 2, the rulings before the bad action standing;
the Python API refuses the same inputs. A missing optional field stays fine."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from cuesport.cli import main
from cuesport.protocol import RefereeSession, referee
from cuesport.record import RecordError, loads

BAD = Path(__file__).resolve().parents[1] / "data" / "bad_input"

# file -> (a word the error must contain, rulings that stand before it; None: no ruling at all,
# the file itself is refused)
CASES: dict[str, tuple[str, int | None]] = {
    "invalid_utf8.json": ("not UTF-8", None),
    "utf16.json": ("byte-order mark", None),
    "utf8_bom.json": ("byte-order mark", None),
    "nested_1000.json": ("nested too deeply", None),
    "nested_actions.json": ("nested too deeply", None),
    "huge_int.json": ("too long", None),
    "huge_float.json": ("out of range", None),
    "nan.json": ("NaN", None),
    "duplicate_key.json": ("appears twice", None),
    "protocol_true.json": ("protocol", None),
    "rules_bool_as_int.json": ("rules.four_snookers_rule", None),
    "player_true.json": ("shot.player", 1),
    "player_string.json": ("shot.player", 1),
    "coordinates_strings.json": ("shot.after.cue", 1),
    "event_time_string.json": ("shot.events.0.t", 1),
    "judgement_int.json": ("shot.judgement.miss", 1),
    "score_strings.json": ("start.score", None),
    "call_in_snooker.json": ("call: shots are not called in Snooker", 1),
    "push_out_in_snooker.json": ("push_out: there is no push out in Snooker", 1),
}


def run_cli(args: list[str], stdin: bytes = b"") -> tuple[int, list[dict[str, object]]]:
    out, old_out, old_in = io.StringIO(), sys.stdout, sys.stdin
    sys.stdout = out
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        code = main(args)
    finally:
        sys.stdout, sys.stdin = old_out, old_in
    return code, [json.loads(line) for line in out.getvalue().splitlines()]


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_file_is_refused_with_exit_2(name: str) -> None:
    word, standing = CASES[name]
    code, lines = run_cli(["referee", str(BAD / name)])
    assert code == 2
    assert word in str(lines[-1]["error"])
    if standing is None:
        assert len(lines) == 1 and set(lines[0]) == {"error"}
    else:
        assert [r["action"] for r in lines[:-1]] == list(range(standing))
        assert lines[-1]["action"] == standing and "legal" in lines[0]


@pytest.mark.parametrize("name", ["invalid_utf8.json", "duplicate_key.json", "player_true.json"])
def test_bad_input_on_stdin_is_refused_the_same(name: str) -> None:
    code, lines = run_cli(["referee", "-"], (BAD / name).read_bytes())
    assert code == 2 and CASES[name][0] in str(lines[-1]["error"])


@pytest.mark.parametrize("name", sorted(CASES))
def test_python_api_refuses_the_same(name: str) -> None:
    word, standing = CASES[name]
    data = (BAD / name).read_bytes()
    if standing is None:
        with pytest.raises(RecordError, match=word.replace("(", r"\(")):
            referee(data)
    else:
        out = referee(json.loads(data))  # a dict from a lenient parser: the models still refuse
        assert len(out) == standing + 1 and word in str(out[-1]["error"])


def test_live_session_refuses_a_coerced_action_and_changes_nothing() -> None:
    live = RefereeSession({"discipline": "snooker", "players": ["Ann", "Bob"]})
    shot = {"cue_ball": [950, 700], "events": [{"t": 0, "hit": ["cue", "red1"]}]}
    bad = live.feed({"shot": {"player": True, **shot}})
    assert "error" in bad and live.index == 0
    good = live.feed({"shot": {"player": 0, **shot}})
    assert good["legal"] and live.index == 1


def test_loads_keeps_valid_json_and_missing_optional_fields() -> None:
    assert loads(b'{"a": [1, 2.5, "\xc3\xa9", true, null]}') == {"a": [1, 2.5, "é", True, None]}
    rec = {"discipline": "snooker", "actions": [{"shot": {"player": 0, "cue_ball": [950, 700]}}]}
    out = referee(json.dumps(rec).encode())
    assert len(out) == 1 and "error" not in out[0]  # no cue_ball, no events, no after: fine


def test_load_record_streams_actions_in_any_key_order() -> None:
    from cuesport.record import load_record

    text = ' {"actions" : [ {"a": 1} , [2] ] , "discipline": "snooker" , "rules": {}}\n'
    header, actions = load_record(text)
    assert header == {"discipline": "snooker", "rules": {}}
    assert list(actions) == [{"a": 1}, [2]]
    header, actions = load_record("[1, 2]")
    assert header == [1, 2] and list(actions) == []


@pytest.mark.parametrize("text, word", [
    ('{"actions": [], "actions": []}', "appears twice"),
    ('{"discipline": "snooker", "discipline": "snooker"}', "appears twice"),
    ('{"actions": [{"shot": {}}, {"x": 1, "x": 2}]}', "appears twice"),
    ('{"actions": [1, 2,]}', "malformed JSON"),
    ('{"actions": [1] "rules": {}}', "malformed JSON"),
    ('{"discipline": "snooker"} x', "extra data"),
    ('{"actions": [1]', "malformed JSON"),
])
def test_load_record_refuses_malformed_text_before_any_ruling(text: str, word: str) -> None:
    from cuesport.record import load_record

    with pytest.raises(RecordError, match=word):
        load_record(text)


def test_streamed_rulings_equal_whole_record_rulings() -> None:
    record = json.loads((BAD / "player_true.json").read_bytes())
    record["actions"] = record["actions"][:1] * 3
    assert referee(json.dumps(record)) == referee(record)
    record["actions"] = 5
    with pytest.raises(RecordError, match="a list of actions"):
        referee(json.dumps(record))


def _load_both(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[object, object]:
    """load_record's answer (header and actions, or the error) with the counting check and
    with the strict decoder alone."""
    from cuesport.record import read as rec

    def answer() -> object:
        try:
            header, actions = rec.load_record(text)
            return header, list(actions)
        except RecordError as err:
            return f"error: {err}"

    quick = answer()
    with monkeypatch.context() as m:
        m.setattr(rec, "_counting_scanner", lambda strict: None)
        strict = answer()
    if not isinstance(quick, str):  # accepted: the values json reads (orjson read them)
        whole = json.loads(text)
        assert quick[1] == whole.pop("actions", [])  # type: ignore[index]
    return quick, strict


@pytest.mark.parametrize("text", [
    '{"actions": [{"shot": {"player": 0, "player": 1}}]}',  # a repeated key
    '{"actions": [{"shot": {"events": [{"hit": ["cue", "1"], "hit": ["cue", "2"]}]}}]}',
    '{"actions": [{"shot": {"call": {"ball": "a:b", "ball": "c"}}}]}',  # a colon and a repeat
    '{"actions": [{"shot": {"call": {"ball": "a:b", "pocket": "c"}}}]}',  # a colon: fine
    '{"actions": [{"x": 1, "x": 2, "y": [}]}',  # a repeat, then bad syntax
    '{"actions": [{"x": NaN}]}',
    '{"actions": [{"x": "\\u003a", "x": 1}]}',  # an escaped colon is no colon in the text
    '{"actions": [' + "[" * 5000 + "]" * 5000 + "]}",
])
def test_counted_key_check_refuses_and_accepts_as_the_strict_decoder(
        text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    quick, strict = _load_both(text, monkeypatch)
    assert quick == strict


def test_counted_key_check_on_mutated_records(monkeypatch: pytest.MonkeyPatch) -> None:
    """Repeated keys, colons in names and broken syntax put into real actions at random:
    the same header, actions or error as the strict decoder alone, every time."""
    import random

    rng = random.Random(12)
    shot = {"shot": {"player": 0, "events": [{"hit": ["cue", "3"]}, {"pot": "3",
            "pocket": "top-left"}], "call": {"ball": "3", "pocket": "top-left"},
            "after": {"cue": [500.5, 1200.25]}}}
    base = json.dumps({"discipline": "nine-ball", "actions": [shot, shot, shot]})
    errors = 0
    for _ in range(400):
        text = base
        for _ in range(rng.randint(1, 3)):
            k = rng.randrange(4)
            at = rng.randrange(1, len(text) - 1)
            if k == 0:  # repeat the member starting at a key
                start = text.find('"', at)
                end = text.find(", ", start)
                if start > 0 and end > 0 and text[start:end].count(":") == 1:
                    text = text[:start] + text[start:end] + ", " + text[start:]
            elif k == 1:  # a colon in a string
                start = text.find('"', at)
                if start > 0:
                    text = text[:start + 1] + ":" + text[start + 1:]
            elif k == 2:
                text = text[:at] + text[at + 1:]
            else:
                text = text[:at] + rng.choice('{}[],:"x1') + text[at:]
        quick, strict = _load_both(text, monkeypatch)
        assert quick == strict, text
        errors += isinstance(quick, str)
    assert 50 < errors < 400  # both kinds of text were tried


@pytest.mark.parametrize("sep", [", ", ",", " ,\n\t", "\n,\n"])
def test_the_actions_are_found_and_read_as_the_decoder_reads_them(sep: str) -> None:
    """Each action's span is found by the check and read by orjson: the same actions as
    the strict decoder reads, whatever the spaces between them."""
    from cuesport.record import read as rec

    actions = [{"shot": {"player": i % 2, "after": {"cue": [1.5 + i, 2e2]}}} for i in range(4)]
    text = ('{"discipline": "nine-ball", "actions": [ ' + sep.join(map(json.dumps, actions))
            + ' \n], "players": ["a", "b"]}')
    header, starts, ends = rec._scan(text, rec._NO_LONG_NUMBERS)
    assert [json.loads(text[s:e]) for s, e in zip(starts, ends, strict=True)] == actions
    for data in (text, text.encode()):
        header, read = rec.load_record(data)
        assert list(read) == actions
        assert header == {"discipline": "nine-ball", "players": ["a", "b"]}
    assert list(rec.load_record('{"actions": [ \n ]}')[1]) == []


@pytest.mark.parametrize("action", [
    {"x": 12345678901234567890123, "y": -98765432109876543210},  # beyond 64 bits
    {"x": 9223372036854775807, "y": 123456789012345678},  # 19 and 18 digits
    {"name": "é ☃ \u2028 😀", "x": [0.1, 1e-7, -0.0, 5e-324, 1.7976931348623157e308]},
    {"name": "a\ud800b"},  # a lone surrogate's escape: orjson refuses it, json reads it
    {"x": 2.2250738585072011e-308, "y": 9007199254740993.0, "z": "\u0000\\/"},
])
def test_actions_read_by_orjson_have_the_values_json_reads(action: dict[str, Any]) -> None:
    """orjson reads a 20-digit integer as a float: a run of 19 digits sends the record to
    the standard decoder. Non-ASCII text is read from the str, not the bytes."""
    from cuesport.record import read as rec

    text = json.dumps({"discipline": "nine-ball", "actions": [action, action]},
                      ensure_ascii=False)
    for data in (text, text.encode("utf-8", "surrogatepass")):
        if "\ud800" in action.get("name", ""):
            data = json.dumps({"actions": [action]})  # escaped, as a record holds it
        read = list(rec.load_record(data)[1])
        assert read == json.loads(data)["actions"]
        assert [type(v) for a in read for v in a.values()] == \
            [type(v) for a in json.loads(data)["actions"] for v in a.values()]
