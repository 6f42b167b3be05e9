"""Refereeing a frame record: one ruling per action (the machinery behind
:mod:`cuesport.protocol`, kept in the rules layer so the game can drive it too).

Two forms with the same behaviour (the referee protocol):

* :func:`referee` takes a whole record (a ``dict``) and returns the list of rulings. It
  stops at the first bad action, whose place in the list is taken by an error object
  ``{"action": i, "error": "..."}``; the rulings before it stand.
* :class:`RefereeSession` is incremental, for live scoring: :meth:`RefereeSession.feed`
  takes one action and returns its ruling, or an error object that changes nothing (the
  session stays usable and the rejected action is not recorded).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from cuesport.record import (
    FrameRecord,
    RecordError,
    load_record,
    parse_action,
    parse_record,
)
from cuesport.rules import text
from cuesport.rules.base import FrameState, Referee
from cuesport.rules.calls import LANGS
from cuesport.rules.registry import referee_class
from cuesport.rules.sides import Sides


class RefereeSession:
    """A frame being refereed, one action at a time."""

    def __init__(self, record: Mapping[str, Any], lang: str = "en", *, keep: bool = True
                 ) -> None:
        if lang not in LANGS:
            raise RecordError(f"unknown language {lang!r}; expected one of {', '.join(LANGS)}")
        header = parse_record(dict(record) | {"actions": []})
        self.lang = lang
        self.header = header
        self.referee: Referee[Any] = make_referee(header)
        self.state: FrameState = self.referee.initial(header.start)
        self._inputs = (header.version, self.referee.positions)  # read once: feed is hot
        self.keep = keep  # keep the accepted actions and rulings (for :meth:`record`)
        self.actions: list[dict[str, Any]] = []
        self.rulings: list[dict[str, Any]] = []
        self.index = 0  # the number of accepted actions

    def feed(self, raw: Any,
             before_accept: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
        """Rule on one action. Bad input gives ``{"action": i, "error": ...}`` and no change.

        ``before_accept(ruling)`` runs once the action is ruled valid and before the session
        moves (a store writes it there); if it raises, the session is unchanged.
        """
        i = self.index
        try:
            action = parse_action(raw, *self._inputs)
            outcome, new = self.referee.apply(self.state, action)
            ruling = self.referee.ruling_dict(i, outcome, new, self.lang)
        except RecordError as err:
            return {"action": i, "error": str(err)}
        except Exception as err:  # a referee bug must not crash a live scorer
            return {"action": i, "error": f"internal referee error ({type(err).__name__}: {err})"}
        if before_accept is not None:
            before_accept(ruling)
        self.state = new
        self.index += 1
        if self.keep:
            self.actions.append(_snapshot(raw))
            self.rulings.append(ruling)
        return ruling

    def feed_text(self, raw: Any) -> tuple[bytes, bool]:
        """:meth:`feed`, printed: the ruling's JSON (:func:`cuesport.rules.text.dumps`,
        compact UTF-8) and whether the action was accepted (else the text is the error
        object's, and nothing changed)."""
        i = self.index
        try:
            action = parse_action(raw, *self._inputs)
            outcome, new = self.referee.apply(self.state, action)
            ruling = self.referee.ruling_dict(i, outcome, new, self.lang)
        except RecordError as err:
            return text.dumps({"action": i, "error": str(err)}), False
        except Exception as err:  # a referee bug must not crash a live scorer
            return text.dumps({"action": i, "error": f"internal referee error "
                                                     f"({type(err).__name__}: {err})"}), False
        self.state = new
        self.index += 1
        if self.keep:
            self.actions.append(_snapshot(raw))
            self.rulings.append(ruling)
        return text.dumps(ruling), True

    def record(self) -> dict[str, Any]:
        """The record of every accepted action: replaying it gives the same rulings."""
        if not self.keep:
            raise RecordError("this session does not keep its actions (keep=False)")
        out = self.header.model_dump(mode="json")
        if out.get("start") is not None and not self.referee.positions:
            out["start"] = self.referee.names_only(out["start"])
        out["actions"] = copy.deepcopy(self.actions)
        return out


def make_referee(header: FrameRecord) -> Referee[Any]:
    """The discipline's referee for a record's header; 1.1 gives it the sides."""
    rules = dict(header.rules)
    sides = None
    if header.version != "1":
        sides = Sides(header.members, rules.pop("alternate", "turn"))
    return referee_class(header.discipline)(rules, header.names, sides=sides)


def _snapshot(raw: Any) -> Any:
    """A private copy of an accepted action, so a caller's later edits cannot change it.

    A JSON round trip is several times faster than ``deepcopy`` on plain JSON data.
    """
    try:
        return json.loads(json.dumps(raw, allow_nan=False))
    except (TypeError, ValueError):
        return copy.deepcopy(raw)


def referee(record: Mapping[str, Any] | str | bytes, lang: str = "en") -> list[dict[str, Any]]:
    """Rule on every action of a frame record; stop at the first bad one (an error object).

    The record is a ``dict`` or its JSON text (parsed strictly, see :func:`cuesport.record.loads`).
    A bad header (discipline, players, rules, start) or malformed JSON raises
    :class:`RecordError`.

    ```pycon
    >>> shot = {"player": 0, "cue_ball": [635, 500], "events": [{"t": 0, "hit": ["cue", "3"]}]}
    >>> out = referee({"discipline": "nine-ball", "players": ["Ann", "Bob"],
    ...                "actions": [{"shot": shot}, {"shot": {"player": 0}}]})
    >>> [f["rule"] for f in out[0]["fouls"]], out[0]["to_play"], out[0]["in_hand"]
    (['POOL-6.2', 'P9-2.3(2)'], 1, 'table')
    >>> out[1]["action"], "error" in out[1]
    (1, True)

    ```
    """
    return list(rulings(record, lang))


def rulings(record: Any, lang: str = "en") -> Iterator[dict[str, Any]]:
    """Like :func:`referee`, one ruling at a time (the header is checked on the first step)."""
    session, actions = _start(record, lang)
    for raw in actions:
        ruling = session.feed(raw)
        yield ruling
        if "error" in ruling:
            return


def ruling_lines(record: Any, lang: str = "en") -> Iterator[tuple[bytes, bool]]:
    """:func:`rulings` as JSON (:func:`cuesport.rules.text.dumps`: compact, UTF-8), each
    with whether its action was accepted (the last is the error object when not): what
    ``cuesport referee`` prints."""
    session, actions = _start(record, lang)
    for raw in actions:
        line, ok = session.feed_text(raw)
        yield line, ok
        if not ok:
            return


def _start(record: Any, lang: str) -> tuple[RefereeSession, Iterable[Any]]:
    actions: Iterable[Any] = ()
    if isinstance(record, str | bytes | bytearray):
        record, actions = load_record(record)  # parsed one action at a time: long records
    if not isinstance(record, Mapping):
        raise RecordError("a frame record is a JSON object")
    if "actions" in record:
        actions = record["actions"]
        if not isinstance(actions, list):
            raise RecordError("actions: a list of actions is expected")
    return RefereeSession(record, lang, keep=False), actions
