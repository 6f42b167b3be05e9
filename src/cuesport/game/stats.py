"""Statistics from stored matches and from any referee-protocol record: frames won, breaks
and runs, 50+ and centuries, pot success, fouls, safeties, head-to-head; CSV rows.

Everything is read from the actions and the referee's rulings, so any frame counts, whoever
(or whatever) played it: a stored match, a record file, a marker's live session (with or
without positions, sides with members). A *visit* is a run of consecutive strokes by one
player; its break is the highest ``break`` the rulings showed for him during it (points
in snooker and 1-red, balls in pool, which is the high run in 14.1).

What a stroke was meant to be is known from the bots' stroke parameters (``kind``) in a
stored match, and in a record from the pool call ``"safety"`` or ``shot.safety`` (1.1: a
marker's fact, in snooker and nine-ball). Otherwise every stroke that is not a break shot,
a push out or a safety counts as a pot attempt. Where the figures are defined:

* pot success: attempts that stayed at the table (legal, something potted and the striker
  still to play, or the frame won), or potted the ball aimed at;
* a safety *worked* when it was legal and the opponent's reply did not pot and stay at the
  table (it counts once the reply, or the end of the frame, has come);
* 50+ and centuries: breaks of at least 50 and 100 points (snooker only; a century is a
  50+ too);
* a player is his name trimmed and case-folded (``" ann "`` is ``"Ann"``); a bot is its
  level: ``bot:strong (1)`` and ``bot:strong (2)`` of a match against itself are both
  ``bot:strong``, so such a frame counts twice for the level, once won and once lost.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cuesport import disciplines
from cuesport.record import RecordError, loads, parse_record
from cuesport.rules.session import referee
from cuesport.storage import Store

_BOT_SUFFIX = re.compile(r"\s+\(\d+[a-d]?\)$")  # "bot:easy (2)", "bot:easy (1a)"


def display_name(name: str) -> str:
    """A name as printed: spaces trimmed and collapsed; a bot without its seat suffix."""
    out = " ".join(name.split())
    return _BOT_SUFFIX.sub("", out) if out.casefold().startswith("bot:") else out


def identity(name: str) -> str:
    """Who a name is, across matches and records (case-folded :func:`display_name`).

    >>> identity("  Ann  Lee "), identity("bot:Strong (2)")
    ('ann lee', 'bot:strong')
    """
    return display_name(name).casefold()


@dataclass(slots=True)
class PlayerStats:
    name: str
    frames: int = 0  # finished frames played
    frames_won: int = 0
    matches: int = 0  # stored matches (a record is a frame, not a match)
    matches_won: int = 0
    strokes: int = 0
    attempts: int = 0  # pot attempts
    pots: int = 0  # pot attempts that worked
    fouls: int = 0
    highest_break: int = 0
    fifties: int = 0  # breaks of 50 or more (centuries included)
    centuries: int = 0
    safeties: int = 0
    safeties_won: int = 0  # safeties that worked
    breaks: list[int] = field(default_factory=list)  # every visit with a score
    side: bool = False  # the totals of a side of several members

    @property
    def pot_success(self) -> float:
        return self.pots / self.attempts if self.attempts else 0.0

    @property
    def safety_success(self) -> float:
        return self.safeties_won / self.safeties if self.safeties else 0.0

    @property
    def average_break(self) -> float:
        return sum(self.breaks) / len(self.breaks) if self.breaks else 0.0

    @property
    def fouls_per_frame(self) -> float:
        return self.fouls / self.frames if self.frames else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "side": self.side, "matches": self.matches,
                "matches_won": self.matches_won, "frames": self.frames,
                "frames_won": self.frames_won, "strokes": self.strokes,
                "pot_attempts": self.attempts, "pots": self.pots,
                "pot_success": round(self.pot_success, 3), "fouls": self.fouls,
                "breaks": len(self.breaks), "highest_break": self.highest_break,
                "average_break": round(self.average_break, 2), "fifties": self.fifties,
                "centuries": self.centuries, "safeties": self.safeties,
                "safeties_won": self.safeties_won,
                "safety_success": round(self.safety_success, 3)}


Entry = tuple[Mapping[str, Any], Mapping[str, Any], Mapping[str, Any] | None]


def _aimed(target: str, ball: str) -> bool:
    """A potted ball is the one aimed at (``red`` stands for any red)."""
    return ball == target or (target == "red" and ball.startswith("red"))


def add_frame(stats: Sequence[PlayerStats], entries: Iterable[Entry],
              winner: int | None, discipline: str,
              seats: Sequence[Sequence[int]] = ((0,), (1,)), *,
              opening: bool = True, over: bool = True) -> None:
    """Add one frame's (action, ruling, stroke parameters) entries to both players (sides).

    With ``seats`` (``seats[side][member]``: an index into ``stats``) each member of a side
    (protocol 1.1) counts his own strokes, breaks and fouls; frames count for every member.
    ``opening``: the frame starts with a break shot (no given start position); ``over``:
    the frame is finished (only then it counts as played, and won)."""
    if over:
        for i in {i for side in seats for i in side}:
            stats[i].frames += 1
        if winner is not None:
            for i in set(seats[winner]):
                stats[i].frames_won += 1
    facts = disciplines.find(discipline)
    cue_balls = set(facts.cue_balls)
    visit_player: int | None = None
    due = 0  # the member to play, from the last ruling (1.1; 0 for a side of one)
    visit_break = 0
    breaking = opening  # the next stroke is a break shot
    pending: tuple[int, int] | None = None  # a legal safety (seat, side) awaiting the reply

    def close() -> None:
        if visit_player is not None and visit_break > 0:
            p = stats[visit_player]
            p.breaks.append(visit_break)
            p.highest_break = max(p.highest_break, visit_break)
            if facts.century_breaks:
                p.fifties += visit_break >= 50
                p.centuries += visit_break >= 100

    for action, ruling, params in entries:
        member, due = due, int(ruling.get("member", 0))
        was_breaking = breaking
        breaking = (bool(ruling["breaking"]) if "breaking" in ruling
                    else breaking and "shot" not in action)
        if "foul" in action:
            f = action["foul"]
            if pending is not None and int(f["player"]) != pending[1]:
                stats[pending[0]].safeties_won += 1  # the reply was a foul
                pending = None
            stats[seats[int(f["player"])][int(f.get("member", member))]].fouls += 1
            continue
        shot = action.get("shot")
        if shot is None or shot.get("stroke", True) is False:
            continue  # a decision, or a ball settling by itself: nobody's stroke
        side = int(shot["player"])
        who = seats[side][int(shot.get("member", member))]
        legal = bool(ruling.get("legal", True))
        potted = [str(e["pot"]) for e in shot.get("events", ())
                  if "pot" in e and e["pot"] not in cue_balls]
        stays = legal and bool(potted) and (
            ruling.get("to_play") == side or (ruling.get("frame_over", False)
                                              and ruling.get("winner") == side))
        if pending is not None:
            stats[pending[0]].safeties_won += side == pending[1] or not stays
            pending = None
        if who != visit_player:
            close()
            visit_player, visit_break = who, 0
        p = stats[who]
        p.strokes += 1
        if not legal:
            p.fouls += 1
        kind = (params or {}).get("kind")
        target = (params or {}).get("target")
        call = shot.get("call")
        if isinstance(call, Mapping):
            target = target or call.get("ball")
        if kind:
            safety, attempt = kind == "safety", kind == "pot"
        else:
            safety = call == "safety" or shot.get("safety", False) is True  # 1.1 intent
            attempt = not (safety or was_breaking or shot.get("push_out", False))
        if safety:
            p.safeties += 1
            if legal:
                pending = (who, side)
        if attempt:
            p.attempts += 1
            if legal and (any(_aimed(str(target), b) for b in potted) if target else stays):
                p.pots += 1
        if ruling.get("to_play") == side and seats[side][due] == who:
            # the visit goes on (scotch doubles: per member, a partner's stroke is next)
            visit_break = max(visit_break, int(ruling.get("break", 0) or 0))
    close()
    if pending is not None and over:
        stats[pending[0]].safeties_won += 1  # the frame ended before a reply


# ---------------------------------------------------------------- records


@dataclass(frozen=True, slots=True)
class RecordFrame:
    """A refereed record, read for statistics."""

    discipline: str
    sides: tuple[str, str]
    members: tuple[tuple[str, ...], tuple[str, ...]]
    entries: tuple[Entry, ...]
    over: bool
    winner: int | None
    opening: bool

    @property
    def score(self) -> tuple[int, int]:
        if not self.entries:
            return 0, 0
        sc = self.entries[-1][1].get("score", [0, 0])
        return int(sc[0]), int(sc[1])


def read_record(record: Mapping[str, Any],
                rulings: Sequence[Mapping[str, Any]] | None = None) -> RecordFrame:
    """A record and its rulings (refereed here when not given). A record the referee
    refuses is bad input: :class:`RecordError` says which action and why."""
    header = parse_record(dict(record) | {"actions": []})
    actions = list(record.get("actions", ()))
    out = list(rulings) if rulings is not None else referee(record)
    bad = next((r for r in out if "error" in r), None)
    if bad is not None:
        raise RecordError(f"action {bad.get('action')}: {bad['error']}")
    if len(out) != len(actions):
        raise RecordError(f"{len(actions)} actions but {len(out)} rulings")
    last = out[-1] if out else {}
    start = record.get("start")
    opening = start is None or bool(isinstance(start, Mapping) and start.get("breaking"))
    return RecordFrame(header.discipline, header.names, header.members,
                       tuple((a, r, None) for a, r in zip(actions, out, strict=True)),
                       bool(last.get("frame_over", False)), last.get("winner"), opening)


def _frame_stats(frame: RecordFrame, per_member: bool) -> list[tuple[int, PlayerStats]]:
    """Each row with the index of its side."""
    if per_member:
        names = [(i, n) for i, ms in enumerate(frame.members) for n in ms]
        seats = [[sum(len(m) for m in frame.members[:i]) + j for j in range(len(ms))]
                 for i, ms in enumerate(frame.members)]
    else:
        names = list(enumerate(frame.sides))
        seats = [[i] * len(ms) for i, ms in enumerate(frame.members)]
    stats = [PlayerStats(display_name(n), side=not per_member) for _, n in names]
    add_frame(stats, frame.entries, frame.winner, frame.discipline, seats,
              opening=frame.opening, over=frame.over)
    return [(i, s) for (i, _), s in zip(names, stats, strict=True)]


def record_stats(record: Mapping[str, Any],
                 rulings: Sequence[Mapping[str, Any]] | None = None) -> list[PlayerStats]:
    """Per player of a record; per member where a side has several (protocol 1.1).

    >>> shot = {"player": 0, "events": [{"t": 0, "hit": ["cue", "red"]},
    ...                                 {"t": 1, "pot": "red", "pocket": "top-left"}]}
    >>> rec = {"protocol": "1.1", "discipline": "snooker", "players": ["Ann", "Bob"],
    ...        "rules": {"positions": False}, "actions": [{"shot": shot}]}
    >>> ann, bob = record_stats(rec)
    >>> ann.strokes, ann.attempts, ann.breaks, bob.strokes
    (1, 0, [1], 0)
    """
    frame = read_record(record, rulings)
    return [s for _, s in _frame_stats(frame, per_member=True)]


def side_stats(record: Mapping[str, Any],
               rulings: Sequence[Mapping[str, Any]] | None = None) -> list[PlayerStats]:
    """Per side of a record (the same as :func:`record_stats` for sides of one)."""
    frame = read_record(record, rulings)
    return [s for _, s in _frame_stats(frame, per_member=False)]


def frame_rows(frame: RecordFrame) -> list[tuple[int, PlayerStats]]:
    """The rows of one frame (with their side): every player (member), then each side of
    several members."""
    rows = _frame_stats(frame, per_member=True)
    if any(len(ms) > 1 for ms in frame.members):
        rows += _frame_stats(frame, per_member=False)
    return rows


# ---------------------------------------------------------------- stored matches


def match_stats(store: Store, match_id: int) -> tuple[PlayerStats, PlayerStats]:
    m = store.match(match_id)
    stats = (PlayerStats(m.players[0]), PlayerStats(m.players[1]))
    members = m.format.get("members") or [[m.players[0]], [m.players[1]]]
    seats = [[i] * len(ms) for i, ms in enumerate(members)]  # per side
    for s in stats:
        s.matches = 1
        s.side = len(members[0]) > 1
    if m.winner is not None:
        stats[m.winner].matches_won = 1
    for fr in store.frames(match_id):
        rows = store.strokes(fr.id)
        if rows and rows[-1]["ruling"].get("frame_over", False):
            add_frame(stats, ((r["action"], r["ruling"], r["stroke"]) for r in rows),
                      rows[-1]["ruling"].get("winner"), m.discipline, seats,
                      opening=_opening(fr.start))
    return stats


def _opening(start: Mapping[str, Any] | None) -> bool:
    return start is None or bool(start.get("breaking", False))


def member_stats(store: Store, match_id: int) -> list[PlayerStats]:
    """Per member of each side (a 2-vs-2 match, protocol 1.1); per player otherwise."""
    m = store.match(match_id)
    members = m.format.get("members") or [[m.players[0]], [m.players[1]]]
    seats = [[2 * j + i for j in range(len(ms))] for i, ms in enumerate(members)]
    stats = [PlayerStats("")] * (1 + max(max(s) for s in seats))
    for i, ms in enumerate(members):
        for j, name in enumerate(ms):
            stats[seats[i][j]] = PlayerStats(name, matches=1,
                                             matches_won=int(m.winner == i))
    for fr in store.frames(match_id):
        rows = store.strokes(fr.id)
        if rows and rows[-1]["ruling"].get("frame_over", False):
            add_frame(stats, ((r["action"], r["ruling"], r["stroke"]) for r in rows),
                      rows[-1]["ruling"].get("winner"), m.discipline, seats,
                      opening=_opening(fr.start))
    return [s for s in stats if s.name]


def merge(into: PlayerStats, s: PlayerStats) -> None:
    for f in ("frames", "frames_won", "matches", "matches_won", "strokes", "attempts",
              "pots", "fouls", "fifties", "centuries", "safeties", "safeties_won"):
        setattr(into, f, getattr(into, f) + getattr(s, f))
    into.highest_break = max(into.highest_break, s.highest_break)
    into.breaks.extend(s.breaks)
    into.side = into.side or s.side


# ---------------------------------------------------------------- totals


@dataclass(frozen=True, slots=True)
class Meeting:
    """Two sides met: a stored match, or one frame of a record."""

    discipline: str
    sides: tuple[str, str]  # identities
    frames: tuple[int, int]  # frames won by each
    winner: int | None  # the match's winner (None: drawn, unfinished, or a record)
    match: bool  # a stored match (a record counts its frame only)


@dataclass(slots=True)
class Totals:
    """Stats per discipline and player identity, and every meeting, across sources."""

    players: dict[tuple[str, str], PlayerStats] = field(default_factory=dict)
    meetings: list[Meeting] = field(default_factory=list)

    def add(self, discipline: str, stats: Iterable[PlayerStats]) -> None:
        for s in stats:
            key = (discipline, identity(s.name))
            into = self.players.setdefault(key, PlayerStats(display_name(s.name)))
            merge(into, s)

    def table(self, discipline: str) -> list[PlayerStats]:
        return [s for (d, _), s in self.players.items() if d == discipline]

    @property
    def disciplines(self) -> list[str]:
        return sorted({d for d, _ in self.players})


# a source of records beside the stored matches (the referee sessions a marker scored)
RecordSource = Callable[[Store], Iterable[Mapping[str, Any]]]


def stored_session_records(store: Store) -> Iterator[Mapping[str, Any]]:
    """The record of each live referee session stored in ``store`` (a marker's frames,
    ``Store.referee_records()``), open or closed, oldest first."""
    for _key, text, _updated in store.referee_records():
        yield loads(text)


def add_store(totals: Totals, store: Store, discipline: str | None = None,
              limit: int = 10_000) -> None:
    """Every stored match (of one discipline, if given): per side, and per member of
    sides of several."""
    for m in store.matches(limit):
        if discipline is not None and m.discipline != discipline:
            continue
        sides = match_stats(store, m.id)
        totals.add(m.discipline, sides)
        if m.format.get("members"):
            totals.add(m.discipline, member_stats(store, m.id))
        won = [0, 0]
        for fr in store.frames(m.id):
            if fr.winner is not None:
                won[fr.winner] += 1
        totals.meetings.append(Meeting(m.discipline, (identity(m.players[0]),
                                                      identity(m.players[1])),
                                       (won[0], won[1]), m.winner, True))


def add_records(totals: Totals, records: Iterable[Mapping[str, Any]],
                discipline: str | None = None) -> int:
    """Records (one frame each) into the totals; the number added."""
    n = 0
    for record in records:
        frame = read_record(record)
        if discipline is not None and frame.discipline != discipline:
            continue
        totals.add(frame.discipline, (s for _, s in frame_rows(frame)))
        won = (int(frame.over and frame.winner == 0), int(frame.over and frame.winner == 1))
        totals.meetings.append(Meeting(frame.discipline, (identity(frame.sides[0]),
                                                          identity(frame.sides[1])),
                                       won, None, False))
        n += 1
    return n


def player_stats(store: Store, discipline: str | None = None,
                 limit: int = 10_000) -> dict[str, PlayerStats]:
    """Totals per player over every stored match (of one discipline, if given), by the
    printed name (one entry per :func:`identity`)."""
    totals = Totals()
    add_store(totals, store, discipline, limit)
    out: dict[str, PlayerStats] = {}
    for s in totals.players.values():
        merge(out.setdefault(s.name, PlayerStats(s.name)), s)
    return out


def meetings_between(meetings: Iterable[Meeting], a: str, b: str,
                     discipline: str | None = None) -> dict[str, Any]:
    """Matches and frames won by each of two players (by :func:`identity`) against each
    other, in one discipline if given; ``played`` counts matches, ``records`` frames
    from records."""
    ka, kb = identity(a), identity(b)
    res: dict[str, Any] = {"players": [a, b], "matches": [0, 0], "frames": [0, 0],
                           "played": 0, "records": 0}
    for m in meetings:
        if discipline is not None and m.discipline != discipline:
            continue
        if sorted(m.sides) != sorted([ka, kb]) or ka == kb:
            continue
        ia = m.sides.index(ka)
        res["played" if m.match else "records"] += 1
        if m.winner is not None:
            res["matches"][0 if m.winner == ia else 1] += 1
        res["frames"][0] += m.frames[ia]
        res["frames"][1] += m.frames[1 - ia]
    return res


def head_to_head(store: Store, a: str, b: str,
                 discipline: str | None = None) -> dict[str, Any]:
    """Matches and frames won by each of two players against each other (in one
    discipline, if given), over the stored matches."""
    totals = Totals()
    add_store(totals, store, discipline)
    return meetings_between(totals.meetings, a, b, discipline)


# ---------------------------------------------------------------- CSV

STAT_COLUMNS = ("player", "side", "matches", "matches_won", "frames", "frames_won",
                "strokes", "pot_attempts", "pots", "pot_success", "fouls", "breaks",
                "highest_break", "average_break", "fifties", "centuries", "safeties",
                "safeties_won", "safety_success")


def csv_text(rows: Iterable[Mapping[str, Any]], columns: Sequence[str]) -> str:
    """CSV (RFC 4180, a header line) of the given columns."""
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=list(columns), extrasaction="ignore",
                       lineterminator="\n")
    w.writeheader()
    for r in rows:
        w.writerow({k: int(v) if isinstance(v, bool) else v for k, v in r.items()})
    return buf.getvalue()


def stat_row(s: PlayerStats, **more: Any) -> dict[str, Any]:
    return more | {"player": s.name} | {k: v for k, v in s.to_dict().items() if k != "name"}


def totals_rows(totals: Totals) -> Iterator[dict[str, Any]]:
    for d in totals.disciplines:
        for s in totals.table(d):
            yield stat_row(s, discipline=d)


def match_rows(store: Store, match_id: int) -> Iterator[dict[str, Any]]:
    """A stored match, per frame and per player (then each side of several members),
    and the match's totals (``frame`` = ``all``)."""
    m = store.match(match_id)
    totals = Totals()
    for fr in store.frames(match_id):
        frame = read_record(store.frame_record(fr.id),
                            [s["ruling"] for s in store.strokes(fr.id)])
        rows = frame_rows(frame)
        totals.add(m.discipline, (s for _, s in rows))
        score = frame.score
        for idx, s in rows:
            yield stat_row(s, match=match_id, frame=fr.number, discipline=m.discipline,
                           score=score[idx], winner=int(frame.winner == idx))
    for s in totals.table(m.discipline):
        yield stat_row(s, match=match_id, frame="all", discipline=m.discipline)


def record_rows(record: Mapping[str, Any],
                rulings: Sequence[Mapping[str, Any]] | None = None
                ) -> Iterator[dict[str, Any]]:
    """One record (a frame), per player (then each side of several members)."""
    frame = read_record(record, rulings)
    for idx, s in frame_rows(frame):
        yield stat_row(s, discipline=frame.discipline, score=frame.score[idx],
                       winner=int(frame.over and frame.winner == idx))


MATCH_COLUMNS = ("match", "frame", "discipline", "score", "winner", *STAT_COLUMNS)
RECORD_COLUMNS = ("discipline", "score", "winner", *STAT_COLUMNS)
TOTAL_COLUMNS = ("discipline", *STAT_COLUMNS)
