"""A ruling's JSON text printed straight from the referee's state (issue 12, speed).

:func:`ruling_text` gives ``json.dumps(referee.ruling_dict(...), ensure_ascii=False)``
without building the ruling's dict and encoding it: the referee's own hooks
(``ball_on``, ``free_ball``, ``say``, ``extra_fields``) give the same values, each value
is printed where it is read, the common keys once for the ruling and its ``state``, and
each ball's ``"name": [x, y]`` comes from a cache (printing floats is over half of
encoding a ruling). Building the dict and encoding it cost about half of a 14.1 ruling.

Every value is printed by a branch for its exact type (``type(v) is int``: a bool, an
int subclass or a float never takes the int branch); a value of any other type is printed
by the C encoder, as the dict would be, or the whole ruling is (the function returns
None, the caller encodes the dict). tests/protocol/test_ruling_text.py holds the text
to ``json.dumps`` of the dict on every example record and generated play.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping
from dataclasses import fields
from json.encoder import c_make_encoder, encode_basestring  # type: ignore[attr-defined]
from operator import add
from typing import Any, cast

from pydantic import BaseModel

from cuesport.record import jsonable, printed_fields


def _encoder() -> Callable[[Any], str]:
    """``json.dumps(o, ensure_ascii=False)``, less its check for circular references (a
    ruling is a fresh tree of dicts and lists). The C encoder is made once here:
    ``JSONEncoder.encode`` makes it anew on every call."""
    encoder = json.JSONEncoder(ensure_ascii=False, check_circular=False)
    if c_make_encoder is None:  # a Python without the C accelerator
        return encoder.encode
    chunks = c_make_encoder(None, encoder.default, encode_basestring, None, ": ", ", ",
                            False, False, True)
    return lambda o: "".join(chunks(o, 0))


ENCODE = _encoder()
_enc: Callable[[str], str] = encode_basestring  # a str as JSON (not ASCII-escaped)

# The printed point of each ball position, by the identity of its tuple: a ball that did
# not move keeps its tuple from one state to the next (an id is looked up in C, where
# hashing the floats of a (name, point) key cost more than printing them). The tuple is
# kept alive beside its text, so no other object can have its id while it is cached;
# a tuple of scalars is immutable, so its text cannot change.
POINTS: dict[int, str] = {}
_ALIVE: dict[int, tuple[Any, ...]] = {}
POINTS_KEPT = 4096  # then the cache starts again (a re-rack makes new positions)
NAMES: dict[str, str] = {}  # '"name": ' by name (a key equal to a str prints as it)
_SCALAR = frozenset((str, int, float, bool, type(None)))
_TUPLE = frozenset((tuple,))
_STR = frozenset((str,))
_HEAD = frozenset(("action", "legal", "fouls", "points", "score", "break", "to_play",
                   "member", "options", "pass_to", "lost_turn", "ball_on", "free_ball",
                   "in_hand", "respotted", "frame_over", "winner", "announce", "state"))


# The printed parts ('"name": [x, y]' by name, in order) of the last positions that
# apply_motion returned (it keeps each one's dict to itself, so their content is fixed;
# kept alive here, so no other object can have their id): the next position is the
# last one with the balls gone taken out and the balls moved set (Referee.last_step).
_PARTS: dict[int, tuple[Mapping[str, Any], dict[str, str]]] = {}
_PARTS_KEPT = 8


def position_text(ref: Any, balls: Mapping[str, Any], null: str | None) -> str | None:
    """:func:`balls_text`, from the previous position's parts where ``balls`` is a
    position that ``apply_motion`` made from it (the usual stroke)."""
    kept = _PARTS.get(id(balls))
    if kept is None:
        step = ref.last_step
        if step is None or step[1] is not balls:
            return balls_text(balls, null)
        base, out, gone, placed, after = step
        before = _PARTS.get(id(base))
        if before is None:
            parts = _parts(out)
            if parts is None:
                return balls_text(balls, null)
        else:
            parts = before[1].copy()
            for name in gone:
                parts.pop(name, None)
            for name in (*(placed or ()), *after):
                if name in out:
                    p = out[name]
                    if (type(name) is not str or type(p) is not tuple
                            or not _SCALAR.issuperset(map(type, p))):
                        return balls_text(balls, null)
                    parts[name] = f"{_enc(name)}: {_point_text(p)}"
        if len(_PARTS) >= _PARTS_KEPT:
            _PARTS.clear()
        _PARTS[id(out)] = (out, parts)
    else:
        parts = kept[1]
    if null is None:
        return f"{{{', '.join(parts.values())}}}"
    if null in balls:  # the dict sets the ball's value in its place
        return None
    if not parts:
        return f"{{{_enc(null)}: null}}"
    return f"{{{', '.join(parts.values())}, {_enc(null)}: null}}"


def _point_text(p: tuple[Any, ...]) -> str:
    """A tuple of scalars as the encoder prints it: a pair of finite floats by their
    repr (the encoder's float text) without the encoder's call."""
    if len(p) == 2:
        x, y = p
        if type(x) is float and type(y) is float and x - x == 0 and y - y == 0:
            return f"[{x!r}, {y!r}]"
    return ENCODE(p)


def _parts(balls: Mapping[str, Any]) -> dict[str, str] | None:
    parts = _ball_parts(balls)
    return None if parts is None else dict(zip(balls, parts, strict=True))


def balls_text(balls: Mapping[str, Any], null: str | None) -> str | None:
    """The JSON of a state's ``balls`` (``{name: [x, y], ...}``, with ``"null": null``
    appended when ``null`` is a ball in hand that is not on the table), or None when a
    position is not a tuple of scalars or a name not a str."""
    parts = _ball_parts(balls)
    if parts is None:
        return None
    if null is not None:
        if null in balls:  # the dict sets the ball's value in its place
            return None
        parts.append(f"{_enc(null)}: null")
    return f"{{{', '.join(parts)}}}"


def _ball_parts(balls: Mapping[str, Any]) -> list[str] | None:
    """Each ball's '"name": [x, y]', in order, from the caches; None for a position
    that is not a tuple of scalars or a name that is not a str."""
    points = list(map(POINTS.get, map(id, balls.values())))
    if None in points:
        if len(POINTS) >= POINTS_KEPT:
            POINTS.clear()
            _ALIVE.clear()
        for i, p in enumerate(balls.values()):
            if points[i] is None:
                if type(p) is not tuple or not _SCALAR.issuperset(map(type, p)):
                    return None  # a list (mutable) or odd values: the dict is encoded
                points[i] = POINTS[id(p)] = _point_text(p)
                _ALIVE[id(p)] = p
    names = list(map(NAMES.get, balls))
    if None in names:
        for i, name in enumerate(balls):
            if names[i] is None:
                if type(name) is not str:
                    return None
                names[i] = NAMES[name] = f"{_enc(name)}: "
    return list(map(add, cast(list[str], names), cast(list[str], points)))


def raw_text(v: Any) -> str:
    """A value as the encoder prints it."""
    t = type(v)
    if t is str:
        return _enc(v)
    if t is int:
        return str(v)
    if v is None:
        return "null"
    if t is bool:
        return "true" if v else "false"
    return ENCODE(v)


def state_value_text(v: Any) -> str:
    """A discipline's own state key as the ruling's ``state`` prints it: a scalar as it
    is, anything else through :func:`cuesport.record.jsonable` (a flat tuple is then the
    list the state's dict holds)."""
    t = type(v)
    if t is str or t is int or t is float or t is bool or v is None:
        return raw_text(v)
    return ENCODE(jsonable(v))


# The printed form of a state field by its annotation: a guard of the exact type and the
# text printed when it holds; any other value goes to state_value_text (exact for every
# value). Every guarded type is immutable (scalars, tuples of scalars), so a value that
# passed its guard prints the same text for as long as it lives.
_TEMPLATES: dict[str, tuple[str, str]] = {
    "bool": ("({v} is True or {v} is False)", "('true' if {v} else 'false')"),
    "int": ("_type({v}) is _int", "_str({v})"),
    "int | None": ("({v} is None or _type({v}) is _int)",
                   "('null' if {v} is None else _str({v}))"),
    "str": ("_type({v}) is _strt", "_enc({v})"),
    "str | None": ("({v} is None or _type({v}) is _strt)",
                   "('null' if {v} is None else _enc({v}))"),
    "tuple[int, int]": ("(_type({v}) is _tuple and _len({v}) == 2 and _type({v}[0]) is _int "
                        "and _type({v}[1]) is _int)", "f'[{{{v}[0]}}, {{{v}[1]}}]'"),
    "tuple[bool, bool]": ("(_type({v}) is _tuple and _len({v}) == 2 and _type({v}[0]) is _bool "
                          "and _type({v}[1]) is _bool)", "f'[{{_B[{v}[0]]}}, {{_B[{v}[1]]}}]'"),
    "tuple[str, ...]": ("(_type({v}) is _tuple and _STR.issuperset(_map(_type, {v})))",
                        "'[' + ', '.join(_map(_enc, {v})) + ']'"),
}
# the common keys of a state, each printed only for its exact type (else None: the
# whole ruling is encoded from its dict)
_COMMON = (("to_play", "to_play", "_type({v}) is _int"),
           ("score", "score", "_type({v}) is _tuple and _len({v}) == 2 and "
                              "_type({v}[0]) is _int and _type({v}[1]) is _int"),
           ("break", "break_", "_type({v}) is _int"),
           ("options", "options", "_type({v}) is _tuple and _STR.issuperset(_map(_type, {v}))"),
           ("in_hand", "in_hand", "({v} is None or _type({v}) is _strt)"),
           ("frame_over", "frame_over", "_type({v}) is _bool"),
           ("winner", "winner", "({v} is None or _type({v}) is _int)"))
_COMMON_TEXT = {"to_play": "_str({v})", "score": "f'[{{{v}[0]}}, {{{v}[1]}}]'",
                "break": "_str({v})", "options": "'[' + ', '.join(_map(_enc, {v})) + ']'",
                "in_hand": "'null' if {v} is None else _enc({v})",
                "frame_over": "'true' if {v} else 'false'",
                "winner": "'null' if {v} is None else _str({v})"}


def _memo_lines(i: int, v: str, out: str, guard: str, printed: str, otherwise: str
                ) -> list[str]:
    """The lines printing value ``v`` into ``out`` through memo ``m{i}``: the last value
    that passed ``guard`` and its text, one tuple (a single store: two threads printing
    at once cannot pair one value with another's text). The memo keeps its value alive,
    so no other object can have its identity; the same object prints the same text
    (every guarded type is immutable). A stroke changes a few of a state's fields and
    the copies keep the others' objects: most fields are found here."""
    return [f"    m = m{i}",
            f"    if {v} is m[0]:",
            f"        {out} = m[1]",
            f"    elif {guard.format(v=v)}:",
            f"        {out} = {printed.format(v=v)}",
            f"        m{i} = ({v}, {out})",
            "    else:",
            f"        {otherwise}"]


@functools.cache
def state_printer(model: type[BaseModel], state_cls: type
                  ) -> Callable[[Any], tuple[str, ...] | None] | None:
    """For a start model and a state class: a function of a state giving the texts of
    its common keys (to_play, score, break, options, in_hand, frame_over, winner) and of
    the rest of its ``state`` after ``balls``, or None for a value of an unusual type.
    None (no printer) where a discipline's key would repeat a common one. Each field's
    text is kept beside its last value (see :func:`_memo_lines`)."""
    keys = [k for k, _ in printed_fields(model)]
    names = [n for _, n in printed_fields(model)]  # the state's attributes
    common = [k for k, _, _ in _COMMON]
    if (len(set(keys)) != len(keys) or set(keys) & {"balls", *common}
            or not all(k.isidentifier() for k in keys)):
        return None
    hints = {f.name: str(f.type) for f in fields(state_cls)}
    assert all(n.isidentifier() for n in names)  # attribute names; keys go in as literals
    body = []
    memos: list[str] = []
    for i, (k, attr, guard) in enumerate(_COMMON):
        body.append(f"    c{i} = s.{attr}")
        body += _memo_lines(len(memos), f"c{i}", f"t{i}", guard, _COMMON_TEXT[k],
                            "return None")
        memos.append(f"m{len(memos)}")
    parts = [f'"{k}": {{t{i}}}' for i, k in enumerate(common)]
    for i, (k, n) in enumerate(zip(keys, names, strict=True)):
        body.append(f"    v{i} = s.{n}")
        template = _TEMPLATES.get(hints.get(n, ""))
        if template is None:
            body.append(f"    x{i} = _sv(v{i})")
        else:
            body += _memo_lines(len(memos), f"v{i}", f"x{i}", *template,
                                f"x{i} = _sv(v{i})")
            memos.append(f"m{len(memos)}")
        parts.append(f"{json.dumps(k, ensure_ascii=False)}: {{x{i}}}")
    tail = ", ".join(parts).replace("'", "\\'")
    body.append(f"    return ({', '.join(f't{i}' for i in range(len(common)))}, f'{tail}')")
    lines = ["def make():"]
    lines += [f"    {m} = _EMPTY" for m in memos]
    lines.append("    def state_text(s):")
    if memos:
        lines.append(f"        nonlocal {', '.join(memos)}")
    lines += [f"    {line}" for line in body]
    lines.append("    return state_text")
    env: dict[str, Any] = {"_type": type, "_int": int, "_bool": bool, "_strt": str,
                           "_tuple": tuple, "_len": len, "_map": map, "_str": str,
                           "_enc": _enc, "_STR": _STR, "_B": {True: "true", False: "false"},
                           "_sv": state_value_text, "_EMPTY": (_NO_VALUE, "")}
    exec("\n".join(lines), env)  # the source is made of field names and keys only
    return cast(Callable[[Any], tuple[str, ...] | None], env["make"]())


_NO_VALUE = object()  # no state's value: an empty memo matches nothing


def _fouls_text(fouls: Any) -> str | None:
    if type(fouls) is not tuple:
        return None
    out = []
    for f in fouls:
        d = f.to_dict()
        if type(d) is not dict or list(d) != ["rule", "name", "penalty"]:
            return None
        rule, name, penalty = d["rule"], d["name"], d["penalty"]
        if type(rule) is not str or type(name) is not str or type(penalty) is not int:
            return None
        out.append(f'{{"rule": {_enc(rule)}, "name": {_enc(name)}, "penalty": {penalty}}}')
    return f"[{', '.join(out)}]"


def _strs_text(v: Any) -> str | None:
    """A tuple or list of str as a JSON array, or None."""
    if (type(v) is tuple or type(v) is list) and _STR.issuperset(map(type, v)):
        return f"[{', '.join(map(_enc, v))}]"
    return None


def ruling_text(ref: Any, index: int, outcome: Any, state: Any, lang: str) -> str | None:
    """``json.dumps(ref.direct_ruling(index, outcome, state, lang), ensure_ascii=False)``
    for a referee of a record with positions and no order of play (the caller checks),
    read in the same order from the same hooks; None where a value is of a type this
    printer leaves to the encoder of the dict."""
    cls: type = type(state)
    printer = state_printer(ref.extras_model, cls)
    st = printer(state) if printer is not None else None
    if st is None or type(index) is not int:
        return None
    to_play, score, brk, options, in_hand, frame_over, winner, tail = st
    legal = outcome.legal
    if type(legal) is not bool:
        return None
    fouls = outcome.fouls
    fouls_t = "[]" if not fouls else _fouls_text(fouls)
    pts = outcome.points
    if (fouls_t is None or type(pts) is not tuple or len(pts) != 2
            or type(pts[0]) is not int or type(pts[1]) is not int):
        return None
    ball_on = ref.ball_on(state)
    ball_on_t = "" if ball_on is None else f', "ball_on": {ENCODE(list(ball_on))}'
    free = ref.free_ball(state)
    respotted = outcome.respotted
    respotted_t = ENCODE({k: v if isinstance(v, str) else [v[0], v[1]]
                          for k, v in respotted.items()}) if respotted else "{}"
    said = ref.say(outcome.calls, lang) if outcome.calls else ()
    announce = _strs_text(said)
    balls = position_text(ref, state.balls, ref.in_hand_null if state.in_hand else None)
    if announce is None or balls is None:
        return None
    extra_t = ref.extra_text(state)  # the discipline's own fields printed, where it can
    if extra_t is None:
        extra = ref.extra_fields(state)
        if type(extra) is not dict or not _HEAD.isdisjoint(extra) or not _STR.issuperset(
                map(type, extra)):
            return None
        extra_t = "".join([f", {_enc(k)}: {raw_text(v)}" for k, v in extra.items()])
    return (f'{{"action": {index}, "legal": {"true" if legal else "false"}, '
            f'"fouls": {fouls_t}, "points": [{pts[0]}, {pts[1]}], "score": {score}, '
            f'"break": {brk}, "to_play": {to_play}, "options": {options}{ball_on_t}, '
            f'"free_ball": {raw_text(free)}, "in_hand": {in_hand}, '
            f'"respotted": {respotted_t}, "frame_over": {frame_over}, "winner": {winner}, '
            f'"announce": {announce}{extra_t}, "state": {{"balls": {balls}, {tail}}}}}')
