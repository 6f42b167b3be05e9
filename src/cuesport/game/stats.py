"""Statistics from stored (or live) frames: frames won, breaks and runs, centuries, pot
success, fouls, head-to-head.

Everything is read from the actions and rulings, so any stored frame counts, whoever (or
whatever) played it. A *visit* is a run of consecutive strokes by one player; its break is
the highest ``break`` the rulings showed for him during it (points in snooker and 1-red,
balls in pool, which is the high run in 14.1).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cuesport import disciplines
from cuesport.storage import Store


@dataclass(slots=True)
class PlayerStats:
    name: str
    frames: int = 0
    frames_won: int = 0
    matches: int = 0
    matches_won: int = 0
    strokes: int = 0
    attempts: int = 0  # pot attempts
    pots: int = 0  # pot attempts that went in
    fouls: int = 0
    highest_break: int = 0
    centuries: int = 0
    breaks: list[int] = field(default_factory=list)  # every visit with a score

    @property
    def pot_success(self) -> float:
        return self.pots / self.attempts if self.attempts else 0.0

    @property
    def average_break(self) -> float:
        return sum(self.breaks) / len(self.breaks) if self.breaks else 0.0

    @property
    def fouls_per_frame(self) -> float:
        return self.fouls / self.frames if self.frames else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "matches": self.matches, "matches_won": self.matches_won,
                "frames": self.frames, "frames_won": self.frames_won,
                "highest_break": self.highest_break, "centuries": self.centuries,
                "average_break": round(self.average_break, 2),
                "pot_success": round(self.pot_success, 3), "fouls": self.fouls,
                "strokes": self.strokes}


Entry = tuple[Mapping[str, Any], Mapping[str, Any], Mapping[str, Any] | None]


def add_frame(stats: Sequence[PlayerStats], entries: Iterable[Entry],
              winner: int | None, discipline: str,
              seats: Sequence[Sequence[int]] = ((0,), (1,))) -> None:
    """Add one frame's (action, ruling, stroke parameters) entries to both players (sides).
    With ``seats`` (``seats[side][member]``: an index into ``stats``) each member of a side
    (protocol 1.1) counts his own strokes, breaks and fouls; frames count for every member."""
    for s in stats:
        s.frames += 1
    if winner is not None:
        for i in set(seats[winner]):
            stats[i].frames_won += 1
    visit_player: int | None = None
    due = 0  # the member to play, from the last ruling (1.1; 0 for a side of one)
    visit_break = 0
    centuries = disciplines.find(discipline).century_breaks

    def close() -> None:
        if visit_player is not None and visit_break > 0:
            p = stats[visit_player]
            p.breaks.append(visit_break)
            p.highest_break = max(p.highest_break, visit_break)
            if centuries and visit_break >= 100:
                p.centuries += 1

    for action, ruling, params in entries:
        member, due = due, int(ruling.get("member", 0))
        if "foul" in action:
            f = action["foul"]
            stats[seats[int(f["player"])][int(f.get("member", member))]].fouls += 1
            continue
        shot = action.get("shot")
        if shot is None:
            continue
        side = int(shot["player"])
        who = seats[side][int(shot.get("member", member))]
        if who != visit_player:
            close()
            visit_player, visit_break = who, 0
        p = stats[who]
        p.strokes += 1
        if not ruling.get("legal", True):
            p.fouls += 1
        potted = {e["pot"] for e in shot.get("events", ()) if "pot" in e}
        kind = (params or {}).get("kind")
        target = (params or {}).get("target")
        call = shot.get("call")
        if isinstance(call, Mapping):
            target = target or call.get("ball")
        attempt = kind == "pot" if kind else (bool(potted) or isinstance(call, Mapping))
        if attempt:
            p.attempts += 1
            if ruling.get("legal", True) and (target in potted if target else bool(potted)):
                p.pots += 1
        if ruling.get("to_play") == side and due == int(shot.get("member", member)):
            visit_break = max(visit_break, int(ruling.get("break", 0) or 0))
    close()


def match_stats(store: Store, match_id: int) -> tuple[PlayerStats, PlayerStats]:
    m = store.match(match_id)
    stats = (PlayerStats(m.players[0]), PlayerStats(m.players[1]))
    members = m.format.get("members") or [[m.players[0]], [m.players[1]]]
    seats = [[i] * len(ms) for i, ms in enumerate(members)]  # per side
    for s in stats:
        s.matches = 1
    if m.winner is not None:
        stats[m.winner].matches_won = 1
    for fr in store.frames(match_id):
        rows = store.strokes(fr.id)
        over = bool(rows) and rows[-1]["ruling"].get("frame_over", False)
        if not over:
            continue  # a frame still being played does not count yet
        add_frame(stats, ((r["action"], r["ruling"], r["stroke"]) for r in rows),
                  rows[-1]["ruling"].get("winner"), m.discipline, seats)
    return stats


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
                      rows[-1]["ruling"].get("winner"), m.discipline, seats)
    return [s for s in stats if s.name]


def player_stats(store: Store, discipline: str | None = None,
                 limit: int = 10_000) -> dict[str, PlayerStats]:
    """Totals per player name over every stored match (of one discipline, if given)."""
    out: dict[str, PlayerStats] = {}
    for m in store.matches(limit):
        if discipline is not None and m.discipline != discipline:
            continue
        for s in match_stats(store, m.id):
            merge(out.setdefault(s.name, PlayerStats(s.name)), s)
    return out


def merge(into: PlayerStats, s: PlayerStats) -> None:
    for f in ("frames", "frames_won", "matches", "matches_won", "strokes", "attempts",
              "pots", "fouls", "centuries"):
        setattr(into, f, getattr(into, f) + getattr(s, f))
    into.highest_break = max(into.highest_break, s.highest_break)
    into.breaks.extend(s.breaks)


def head_to_head(store: Store, a: str, b: str,
                 discipline: str | None = None) -> dict[str, Any]:
    """Matches and frames won by each of two players against each other (in one
    discipline, if given)."""
    res: dict[str, Any] = {"players": [a, b], "matches": [0, 0], "frames": [0, 0],
                           "played": 0}
    for m in store.matches(10_000):
        names = list(m.players)
        if discipline is not None and m.discipline != discipline:
            continue
        if sorted(names) != sorted([a, b]):
            continue
        res["played"] += 1
        ia = names.index(a)
        if m.winner is not None:
            res["matches"][0 if m.winner == ia else 1] += 1
        for fr in store.frames(m.id):
            if fr.winner is not None:
                res["frames"][0 if fr.winner == ia else 1] += 1
    return res
