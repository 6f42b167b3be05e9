"""Reading records: the strict JSON text (:func:`loads`, :func:`load_record`) and the
checked actions and headers (:func:`parse_action`, :func:`parse_record`); all of it is
:mod:`cuesport.record`'s API (the referee compiles this module: :mod:`cuesport.accel`)."""

from __future__ import annotations

import json
import math
import operator
import re
from collections.abc import Callable, Iterator
from typing import Any

import orjson
from pydantic import ValidationError

from cuesport.record import (
    ACTION_MODELS,
    JUDGEMENT_FLAGS_1_1,
    PROTOCOL_1_1,
    UNKNOWN_POCKET,
    Action,
    FrameRecord,
    RecordError,
    Shot,
    ShotAction,
    _explain,
    check_version,
)
from cuesport.record.fast import fast_action

MAX_INT_DIGITS = 30  # protocol integers are small; a longer literal is refused, never computed


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        keys = [k for k, _ in pairs]
        dup = next(k for i, k in enumerate(keys) if k in keys[:i])
        raise RecordError(f"malformed JSON: the key {dup!r} appears twice in one object")
    return out


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise RecordError(f"malformed JSON: an integer of {len(text)} digits is too long")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise RecordError(f"malformed JSON: the number {text[:40]} is out of range")
    return value


def _constant(name: str) -> Any:
    raise RecordError(f"malformed JSON: {name} is not a JSON number")


_DECODER = json.JSONDecoder(object_pairs_hook=_no_duplicates, parse_int=_int,
                            parse_float=_float, parse_constant=_constant)
# The same checks for a text where no number can be too long or out of range: every number
# is then parsed in C (see _long_numbers).
_NO_LONG_NUMBERS = json.JSONDecoder(object_pairs_hook=_no_duplicates, parse_constant=_constant)
# digits -> "0", e/E -> "e", signs -> "s", anything else -> " " (a byte map: fast in C)
_NUMBER_SHAPE = bytes(48 if chr(c).isdigit() and c < 128 else 101 if c in b"eE"
                      else 115 if c in b"+-" else 32 for c in range(256))


WIDE_INT_DIGITS = 18  # orjson reads a longer integer beyond 64 bits as a float


def _number_runs(data: str | bytes | bytearray) -> tuple[bool, bool]:
    """Whether the text may hold a number that is too long or out of range (a run of 31
    digits or an exponent of 3 digits: then the strict decoder's number checks run), and
    whether it may hold an integer orjson cannot read exactly (a run of 19 digits: then
    the standard decoder reads the actions). Strings count too (only the slower path
    runs). With neither, an integer has at most 30 digits and a float is below 1e130.
    Read in pieces that overlap, so that a long record is not copied whole."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    step = 1 << 20
    wide = False
    for i in range(0, len(raw), step):
        shape = raw[i:i + step + 32].translate(_NUMBER_SHAPE)
        wide = wide or b"0" * (WIDE_INT_DIGITS + 1) in shape
        if b"0" * (MAX_INT_DIGITS + 1) in shape or b"e000" in shape or b"es000" in shape:
            return True, True
    return False, wide


def _long_numbers(data: str | bytes | bytearray) -> bool:
    return _number_runs(data)[0]


_PLAIN = json.JSONDecoder()  # all in C: only for text a strict decoder has accepted
_SPACE = re.compile(r"[ \t\n\r]*")


def _text(data: str | bytes | bytearray) -> str:
    if not isinstance(data, bytes | bytearray):
        return data
    if data.startswith((b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")):
        raise RecordError("malformed JSON: the text starts with a byte-order mark; "
                          "JSON is UTF-8 without one")
    try:
        return bytes(data).decode("utf-8")
    except UnicodeDecodeError as err:
        raise RecordError(f"malformed JSON: not UTF-8 (byte {err.start})") from None


def loads(data: str | bytes | bytearray) -> Any:
    """Parse JSON text strictly (RFC 8259), or raise :class:`RecordError` saying why.

    Bytes must be UTF-8 (no byte-order mark); an object may not repeat a key; NaN, Infinity
    and numbers out of range are refused; so is nesting deeper than the parser goes.
    """
    text = _text(data)
    try:
        return (_DECODER if _long_numbers(data) else _NO_LONG_NUMBERS).decode(text)
    except json.JSONDecodeError as err:
        raise RecordError(f"malformed JSON: {err}") from None
    except RecursionError:
        raise RecordError("malformed JSON: nested too deeply") from None


def load_record(data: str | bytes | bytearray) -> tuple[Any, Iterator[Any]]:
    """Parse a record's JSON text as strictly as :func:`loads`, keeping its actions unparsed.

    Returns the record without ``actions`` and an iterator that parses the actions one at a
    time, so a long record is refereed in little memory. The whole text is checked first:
    malformed JSON anywhere is refused before any action is returned. A text that is not an
    object is returned whole (with no actions) for the caller to refuse.
    """
    text = _text(data)
    long, wide = _number_runs(data)
    strict = _DECODER if long else _NO_LONG_NUMBERS
    try:
        header, starts, ends = _scan(text, strict)
    except json.JSONDecodeError as err:
        raise RecordError(f"malformed JSON: {err}") from None
    except RecursionError:
        raise RecordError("malformed JSON: nested too deeply") from None
    # each action's text passed the strict decoder above: a plain decoder gives its value
    if wide:
        return header, _plain_actions(text, starts)
    # orjson reads bytes; a str index is a byte index only in ASCII text
    raw = data if isinstance(data, bytes) and len(data) == len(text) else text
    return header, _actions(raw, text, starts, ends)


def _plain_actions(text: str, starts: list[int]) -> Iterator[Any]:
    plain = _PLAIN.scan_once  # type: ignore[attr-defined]  # raw_decode's scanner
    for start in starts:
        yield plain(text, start)[0]


def _actions(raw: str | bytes, text: str, starts: list[int], ends: list[int]
             ) -> Iterator[Any]:
    """Each action's value by orjson (about a third of the standard decoder's
    instructions, and the same values: with no run of 19 digits its numbers are those
    ``json`` reads); what orjson refuses (a lone surrogate's escape, say) by ``json``."""
    loads = orjson.loads
    for start, end in zip(starts, ends, strict=True):
        try:
            yield loads(raw[start:end])
        except orjson.JSONDecodeError:
            yield _PLAIN.scan_once(text, start)[0]  # type: ignore[attr-defined]


def _scan(text: str, strict: json.JSONDecoder) -> tuple[Any, list[int], list[int]]:
    """The top-level object's members but ``actions``, and where each action starts and
    ends."""
    def space(i: int) -> int:
        return _SPACE.match(text, i).end()  # type: ignore[union-attr]

    def expect(i: int, chars: str, what: str) -> str:
        if text[i:i + 1] not in tuple(chars):
            raise json.JSONDecodeError(f"expecting {what}", text, i)
        return text[i]

    i = space(0)
    if text[i:i + 1] != "{":
        return strict.decode(text), [], []
    header: dict[str, Any] = {}
    starts: list[int] = []
    ends: list[int] = []
    seen_actions = False
    i = space(i + 1)
    if text[i:i + 1] == "}":
        i += 1
    else:
        while True:
            expect(i, '"', "a property name in double quotes")
            key, i = strict.raw_decode(text, i)
            if key in header or (key == "actions" and seen_actions):
                raise RecordError(f"malformed JSON: the key {key!r} appears twice in one object")
            i = space(i)
            expect(i, ":", "':' delimiter")
            i = space(i + 1)
            if key == "actions" and text[i:i + 1] == "[":
                seen_actions = True
                i = _scan_actions(text, space(i + 1), strict, starts, ends)
            else:
                header[key], i = strict.raw_decode(text, i)
            i = space(i)
            if expect(i, ",}", "',' or '}'") == "}":
                i += 1
                break
            i = space(i + 1)
    if space(i) != len(text):
        raise json.JSONDecodeError("extra data", text, space(i))
    return header, starts, ends


def _scan_actions(text: str, i: int, strict: json.JSONDecoder, starts: list[int],
                  ends: list[int]) -> int:
    """Check the actions of the array whose first value (or ``]``) is at ``i``, noting
    where each starts and ends; the index after the array.

    Each action is checked by a decoder that collects its objects' keys with a C method
    (``list.extend``: the objects are not kept), not by the strict decoder's Python hook
    (which was most of the cost). Every key is followed by a colon, and a colon in a
    string only adds to the colons, so when the objects hold as many distinct keys as
    the text has colons, no object repeats a key; else (or for bad syntax, deep nesting,
    long numbers) the strict decoder reads the action, and refuses it or accepts it."""
    if text[i:i + 1] == "]":
        return i + 1
    counting = _counting_scanner(strict)
    quick, counted = (None, []) if counting is None else counting
    scan = strict.scan_once  # type: ignore[attr-defined]  # raw_decode's
    match = _SPACE.match
    count = text.count
    while True:
        end = -1
        if quick is not None:
            try:
                end = quick(text, i)[1]
                if count(":", i, end) != len(counted):
                    end = -1
            except (StopIteration, ValueError, RecursionError):
                end = -1
            counted.clear()
        if end < 0:  # the strict decoder says what is wrong, if anything
            try:
                end = scan(text, i)[1]
            except StopIteration as err:  # as raw_decode says it
                raise json.JSONDecodeError("Expecting value", text, err.value) from None
        starts.append(i)
        ends.append(end)
        i = match(text, end).end()  # type: ignore[union-attr]
        c = text[i:i + 1]
        if c == ",":
            i = match(text, i + 1).end()  # type: ignore[union-attr]
        elif c == "]":
            return i + 1
        else:
            raise json.JSONDecodeError("expecting ',' or ']'", text, i)


def _counting_scanner(strict: json.JSONDecoder
                      ) -> tuple[Callable[[str, int], tuple[Any, int]], list[str]] | None:
    """For the strict decoder without number hooks: a scanner that collects the keys of
    each object it reads into the list beside it (the objects are not kept), else None.
    Only the end is wanted (orjson reads the value later): a float's text is kept as it
    is, not converted (the scanner has checked its syntax; with no long number none is
    out of range)."""
    if strict is not _NO_LONG_NUMBERS:
        return None
    counted: list[str] = []
    scan = json.JSONDecoder(object_hook=counted.extend, parse_float=str,
                            parse_constant=_constant).scan_once  # type: ignore[attr-defined]
    return scan, counted



def parse_action(raw: Any, version: str = "1", positions: bool = True) -> Action:
    """Validate one action: an object with exactly one known key.

    ``version`` and ``positions`` are the record's: an input of version 1.1 in a version 1
    record, or a positions-free input in a record with positions (or the reverse), is bad
    input naming the field."""
    action = _parse_action(raw, version)
    if isinstance(action, ShotAction):
        check_shot_inputs(action.shot, version, positions)
    return action


_pocket = operator.attrgetter("pocket")


def check_shot_inputs(shot: Shot, version: str = "1", positions: bool = True) -> None:
    """The version 1.1 and positions-free inputs of a shot, against the record's header."""
    judged = shot.judgement.model_fields_set
    # (each comprehension costs a call: they run only where there is something to find)
    given = [f"judgement.{f}" for f in JUDGEMENT_FLAGS_1_1 if f in judged] if judged else []
    if shot.rest is not None:
        given.append("rest")
    if UNKNOWN_POCKET in map(_pocket, shot.events):
        given += [f"events.{i}.pocket" for i, e in enumerate(shot.events)
                  if e.pocket == UNKNOWN_POCKET]
    if given and version != PROTOCOL_1_1:
        raise RecordError(f"shot.{given[0]}: a version 1.1 input; the record says protocol 1 "
                          '(use "protocol": "1.1")')
    if positions and "judgement.fell" in given:
        given.remove("judgement.fell")  # the one 1.1 judgement any record may give
    if given and positions:
        why = ("a pot names its pocket" if given[0].endswith(".pocket")
               else "the referee computes it")
        raise RecordError(f"shot.{given[0]}: only a record without positions "
                          f"(rules.positions: false) takes it; with positions {why}")
    if not positions:
        if shot.cue_ball is not None:
            raise RecordError("shot.cue_ball: a record without positions places no cue ball "
                              "(a placement fault is judgement.misplaced)")
        if shot.after:
            raise RecordError("shot.after: a record without positions has no positions at "
                              "rest (shot.rest declares what the rules need)")


def _parse_action(raw: Any, version: str) -> Action:
    """Validate one action: an object with exactly one known key."""
    if not isinstance(raw, dict):
        raise RecordError("an action is a JSON object with exactly one key")
    if len(raw) != 1:
        raise RecordError(f"an action has exactly one key, got {sorted(raw) or 'none'}")
    key = next(iter(raw))
    fast = fast_action(key, raw[key], version)
    if fast is not None:
        return fast
    model = ACTION_MODELS.get(key)
    if model is None:
        raise RecordError(f"unknown action {key!r}; expected one of {', '.join(ACTION_MODELS)}")
    try:
        action = model.model_validate(raw)
    except ValidationError as err:
        raise RecordError(_explain(err)) from None
    check_version(action, version)
    return action  # type: ignore[return-value]


def parse_record(raw: Any) -> FrameRecord:
    if not isinstance(raw, dict):
        raise RecordError("a frame record is a JSON object")
    try:
        return FrameRecord.model_validate(raw)
    except ValidationError as err:
        raise RecordError(_explain(err)) from None
