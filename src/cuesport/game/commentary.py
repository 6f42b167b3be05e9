"""Live commentary: one line per stroke (what was meant, the referee's calls) and a
scoreboard, in English or Russian. The referee's calls come already translated."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

TEXT: dict[str, dict[str, str]] = {
    "en": {
        "pot": "goes for the {target}", "safety": "plays safe off the {target}",
        "break": "breaks", "escape": "tries to escape the snooker", "push": "pushes out",
        "shot": "plays", "decision": "chooses to {choice}", "concede": "concedes",
        "lots": "Lots drawn", "lag": "The lag", "stalemate": "Stalemate declared",
        "frame": "Frame {n}", "frame-start": "Frame {n}: {name} to break",
        "frame-won": "Frame {n} to {name} ({a}-{b})", "frame-drawn": "Frame {n} drawn",
        "rack-won": "Rack {n} to {name}",
        "match-won": "{name} wins the match {a}-{b}", "match-drawn": "Match drawn {a}-{b}",
        "foul": "FOUL", "potted": "potted", "in": "in", "break-of": "break {b}",
    },
    "ru": {
        "pot": "бьёт {target}", "safety": "отыгрывается от шара {target}",
        "break": "разбивает", "escape": "выходит из снукера", "push": "делает пуш-аут",
        "shot": "бьёт", "decision": "выбирает: {choice}", "concede": "сдаётся",
        "lots": "Жребий брошен", "lag": "Розыгрыш разбоя", "stalemate": "Объявлен пат",
        "frame": "Фрейм {n}", "frame-start": "Фрейм {n}: разбивает {name}",
        "frame-won": "Фрейм {n} выиграл {name} ({a}-{b})", "frame-drawn": "Фрейм {n}: ничья",
        "rack-won": "Партия {n}: победа {name}",
        "match-won": "{name} выигрывает матч {a}-{b}", "match-drawn": "Ничья в матче {a}-{b}",
        "foul": "ФОЛ", "potted": "забиты", "in": "в", "break-of": "серия {b}",
    },
}


def t(lang: str, key: str, **kw: Any) -> str:
    return TEXT.get(lang, TEXT["en"])[key].format(**kw)


def action_line(names: Sequence[str], action: Mapping[str, Any], ruling: Mapping[str, Any],
                kind: str = "", target: str | None = None, lang: str = "en",
                members: Sequence[Sequence[str]] | None = None) -> str:
    """One line for an accepted action; a stroke names the member who struck (sides of
    two, protocol 1.1)."""
    key = next(iter(action))
    body = action[key]
    calls = "; ".join(ruling.get("announce", ()))
    if key == "shot":
        who = names[int(body["player"])]
        if members is not None and "member" in body:
            who = members[int(body["player"])][int(body["member"])]
        what = t(lang, kind, target=target or "") if kind in ("pot", "safety", "break",
                                                               "escape", "push") \
            else t(lang, "shot")
        pots = [e["pot"] for e in body.get("events", ()) if "pot" in e]
        line = f"{who} {what}"
        if pots:
            line += f" — {t(lang, 'potted')}: {', '.join(pots)}"
        if not ruling.get("legal", True):
            line += f" — {t(lang, 'foul')}"
    elif key == "decision":
        line = f"{names[int(body['player'])]} {t(lang, 'decision', choice=body['choice'])}"
    elif key == "concede":
        line = f"{names[int(body['player'])]} {t(lang, 'concede')}"
    else:
        line = t(lang, key) if key in TEXT["en"] else key
    return f"{line}  [{calls}]" if calls else line


def scoreboard(names: Sequence[str], frame: int, wins: Sequence[int],
               ruling: Mapping[str, Any], lang: str = "en") -> str:
    sc = ruling.get("score", [0, 0])
    brk = int(ruling.get("break", 0) or 0)
    tail = f" | {t(lang, 'break-of', b=brk)}" if brk else ""
    return (f"{t(lang, 'frame', n=frame)} | {names[0]} {wins[0]} ({sc[0]}) – "
            f"({sc[1]}) {wins[1]} {names[1]}{tail}")
