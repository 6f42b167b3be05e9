"""The referee protocol, version 1: a frame record in, one ruling per action out.

* :func:`referee` takes a whole record (a ``dict``, or its JSON text, read strictly) and
  returns the list of rulings. It stops at the first bad action, whose place in the list is
  taken by an error object ``{"action": i, "error": "..."}``; the rulings before it stand.
* :func:`rulings` gives the same rulings one at a time; from JSON text the actions are
  parsed one at a time too, so a long record is refereed in little memory.
* :class:`RefereeSession` is incremental, for live scoring: :meth:`RefereeSession.feed`
  takes one action and returns its ruling, or an error object that changes nothing (the
  session stays usable and the rejected action is not recorded).

Bad input raises :class:`cuesport.record.RecordError` (a bad header or malformed JSON) or
becomes an error object (a bad action); it never crashes the referee.
"""

from __future__ import annotations

from cuesport.record import RecordError
from cuesport.rules.session import RefereeSession, referee, rulings

__all__ = ["RecordError", "RefereeSession", "referee", "rulings"]
