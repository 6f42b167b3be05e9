"""What ``cuesport play`` prints: a line per stroke that says what was meant and what
happened, the running break, a scoreboard in the discipline's own terms, the results.

Everything is printed as plain text (never as rich markup): the referee's calls and the
players' names may hold square brackets.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import IO, Any

from rich.console import Console
from rich.text import Text

from cuesport import disciplines
from cuesport.game.commentary import t


def in_racks(discipline: str) -> bool:
    """Rotation games and eight-ball are played in racks and keep no points."""
    return disciplines.find(discipline).frame_word == "rack"

WORDS: dict[str, dict[str, str]] = {
    "en": {"missed": "missed", "breaks-off": "breaks off", "rack": "Rack {n}",
           "frames": "frames {a}-{b}", "racks": "racks {a}-{b}", "open": "open table",
           "solids": "solids", "stripes": "stripes", "interrupted":
           "interrupted: match {id} is stored up to its last stroke; resume it with",
           "already-over": "match {id} is already over", "fouled": "foul"},
    "ru": {"missed": "мимо", "breaks-off": "разбивает", "rack": "Партия {n}",
           "frames": "фреймы {a}-{b}", "racks": "партии {a}-{b}", "open": "стол открыт",
           "solids": "сплошные", "stripes": "полосатые", "interrupted":
           "прервано: матч {id} сохранён до последнего удара; продолжить:",
           "already-over": "матч {id} уже окончен", "fouled": "фол"},
}


def w(lang: str, key: str, **kw: Any) -> str:
    return WORDS.get(lang, WORDS["en"])[key].format(**kw)


def shot_line(names: Sequence[str], action: Mapping[str, Any], ruling: Mapping[str, Any],
              kind: str = "", target: str | None = None, lang: str = "en",
              members: Sequence[Sequence[str]] | None = None) -> str:
    """One line for an accepted action: who, what was meant, what happened, the calls; a
    stroke names the member who struck (sides of two, protocol 1.1)."""
    key = next(iter(action))
    body = action[key]
    calls = "; ".join(ruling.get("announce", ()))
    if key != "shot":
        if key == "decision":
            line = f"{names[int(body['player'])]} {t(lang, 'decision', choice=body['choice'])}"
        elif key == "concede":
            line = f"{names[int(body['player'])]} {t(lang, 'concede')}"
        else:
            line = t(lang, key) if key in ("lots", "lag", "stalemate") else key
        return f"{line} ({calls})" if calls else line
    who = names[int(body["player"])]
    if members is not None and "member" in body:
        who = members[int(body["player"])][int(body["member"])]
    pots = [str(e["pot"]) for e in body.get("events", ()) if "pot" in e]
    legal = bool(ruling.get("legal", True))
    first_stroke = int(ruling.get("action", -1)) == 0 and kind in ("break", "escape")
    if first_stroke:
        what = w(lang, "breaks-off") if kind == "escape" else t(lang, "break")
    elif kind == "safety" and pots and legal:
        what = t(lang, "shot")  # a safety that pots is no safety: say what happened
    elif kind in ("pot", "safety", "break", "escape", "push"):
        what = t(lang, kind, target=target or "")
    else:
        what = t(lang, "shot")
    line = f"{who} {what}"
    if pots:
        line += f" — {t(lang, 'potted')}: {', '.join(pots)}"
    if kind == "pot" and target is not None and not any(_is(target, b) for b in pots):
        line += f" — {w(lang, 'missed')}"
    if not legal:
        line += f" — {t(lang, 'foul')}"
    return f"{line} ({calls})" if calls else line


def _is(target: str, ball: str) -> bool:
    """Whether a potted ball is the one aimed at (``red`` stands for any red in snooker)."""
    return ball == target or (target == "red" and ball.startswith("red"))


def board(discipline: str, names: Sequence[str], frame: int, wins: Sequence[int],
          ruling: Mapping[str, Any], lang: str = "en") -> str:
    """The scoreboard: racks (and groups) in rack games, points and frames elsewhere."""
    if in_racks(discipline):
        out = (f"{w(lang, 'rack', n=frame)} | {names[0]} {wins[0]} – {wins[1]} {names[1]}")
        groups = ruling.get("groups") or ruling.get("state", {}).get("groups")
        if groups is not None:  # eight-ball: who has which group
            if groups[0] is None:
                out += f" | {w(lang, 'open')}"
            else:
                out += (f" | {names[0]}: {w(lang, groups[0])}, "
                        f"{names[1]}: {w(lang, groups[1])}")
        return out
    sc = ruling.get("score", [0, 0])
    out = (f"{t(lang, 'frame', n=frame)} | {names[0]} {sc[0]} – {sc[1]} {names[1]} | "
           f"{w(lang, 'frames', a=wins[0], b=wins[1])}")
    brk = int(ruling.get("break", 0) or 0)
    return out + (f" | {t(lang, 'break-of', b=brk)}" if brk else "")


class Reporter:
    """Prints a match as it is played; text only, flushed line by line (pipes too)."""

    def __init__(self, console: Console, discipline: str, names: Sequence[str],
                 lang: str = "en", quiet: bool = False,
                 members: Sequence[Sequence[str]] | None = None) -> None:
        self.console = console
        self.members = members
        self.discipline = discipline
        self.names = list(names)
        self.lang = lang
        self.quiet = quiet
        self.visit_break = 0  # the running break of the visit at the table (quiet lines)

    def say(self, text: str, style: str | None = None) -> None:
        self.console.print(Text(text, style=style or ""))
        file: IO[str] = self.console.file
        file.flush()

    def action(self, step: Any, frame: int, wins: Sequence[int]) -> None:
        """A stroke or another action: its line, then the board when the turn changed, or
        the running break when the striker goes on."""
        if step.action is None or step.ruling is None:
            return
        if self.quiet:
            self.quiet_visit(step, frame, wins)
            return
        mv = step.move
        self.say("  " + shot_line(self.names, step.action, step.ruling, getattr(mv, "kind", ""),
                                  getattr(mv, "target", None), self.lang, self.members))
        if "shot" not in step.action:
            return
        r = step.ruling
        if r["to_play"] != step.player or r.get("frame_over"):
            self.say(board(self.discipline, self.names, frame, wins, r, self.lang), "dim")
        elif not in_racks(self.discipline) and int(r.get("break", 0) or 0) > 0:
            self.say(f"    {t(self.lang, 'break-of', b=int(r['break']))}", "dim")

    def quiet_visit(self, step: Any, frame: int, wins: Sequence[int]) -> None:
        """Quiet: one line when a visit that scored ends (so that a piped run shows
        progress within a frame), with the board after it."""
        body = step.action.get("shot")
        if body is None:
            return
        r, side = step.ruling, int(body["player"])
        brk = int(r.get("break", 0) or 0)
        if r["to_play"] == side and not r.get("frame_over"):
            self.visit_break = max(self.visit_break, brk)
            return
        if r.get("frame_over") and r.get("winner") == side:
            brk = max(self.visit_break, brk)  # the winning pot ends the visit
        else:
            brk = self.visit_break
        self.visit_break = 0
        if brk <= 0:
            return
        who = self.names[side]
        if self.members is not None and "member" in body:
            who = self.members[side][int(body["member"])]
        self.say(f"  {who}: {t(self.lang, 'break-of', b=brk)} — "
                 f"{board(self.discipline, self.names, frame, wins, r, self.lang)}")

    def frame_result(self, number: int, winner: int | None, score: tuple[int, int],
                     wins: Sequence[int]) -> None:
        self.visit_break = 0
        a, b = score
        key = "rack-won" if in_racks(self.discipline) else "frame-won"
        msg = (t(self.lang, key, n=number, name=self.names[winner], a=a, b=b)
               if winner is not None else t(self.lang, "frame-drawn", n=number))
        self.say(f"{msg} — {wins[0]}-{wins[1]}", "bold")

    def match_result(self, winner: int | None, wins: Sequence[int]) -> None:
        a, b = wins
        if winner is None:
            self.say(t(self.lang, "match-drawn", a=a, b=b), "bold")
        else:
            self.say(t(self.lang, "match-won", name=self.names[winner], a=max(a, b),
                       b=min(a, b)), "bold")

    def interrupted(self, match_id: int | None, db: str | None) -> str:
        """The line for Ctrl-C: the match id and the command that resumes it."""
        cmd = f"cuesport play --resume {match_id}" + (f" --db {db}" if db else "")
        return f"{w(self.lang, 'interrupted', id=match_id)} {cmd}"
