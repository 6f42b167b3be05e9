"""The referee's calls, as spoken at the table, in English and Russian.

A discipline builds :class:`Call` values (a key and its arguments); the protocol face renders
them in the language asked for, from the catalog of that discipline. Catalog entries map a
key to ``{"en": template, "ru": template}``; templates use ``str.format`` fields, and
``{n:words}`` spells a number.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

from cuesport.rules.slots import fast_init

Catalog = dict[str, dict[str, str]]
LANGS = ("en", "ru")

_EN = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
).split()
_EN_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
_RU = (
    "ноль один два три четыре пять шесть семь восемь девять десять одиннадцать двенадцать "
    "тринадцать четырнадцать пятнадцать шестнадцать семнадцать восемнадцать девятнадцать"
).split()
_RU_TENS = (
    "_ _ двадцать тридцать сорок пятьдесят шестьдесят семьдесят восемьдесят девяносто"
).split()


def number_words(n: int, lang: str = "en") -> str:
    """Spell 0..199 (negative numbers with 'minus'); larger numbers stay digits."""
    if n < 0:
        return ("minus " if lang == "en" else "минус ") + number_words(-n, lang)
    if n >= 200:
        return str(n)
    units, tens = (_EN, _EN_TENS) if lang == "en" else (_RU, _RU_TENS)
    if n >= 100:
        rest = n - 100
        head = "one hundred" if lang == "en" else "сто"
        if not rest:
            return head
        return f"{head} and {number_words(rest, lang)}" if lang == "en" else (
            f"{head} {number_words(rest, lang)}")
    if n < 20:
        return units[n]
    t, u = divmod(n, 10)
    if not u:
        return tens[t]
    return f"{tens[t]}-{units[u]}" if lang == "en" else f"{tens[t]} {units[u]}"


_WORDS = re.compile(r"\{(\w+):words\}")


@functools.cache
def _plain(template: str) -> tuple[str, tuple[str, ...]]:
    """A template for plain ``str.format`` (one runs per call, ``string.Formatter`` was
    several times slower): each ``{name:words}`` field becomes ``{name__words}``, filled
    with the spelt number. Returns the template and the names spelt."""
    return _WORDS.sub(r"{\1__words}", template), tuple(_WORDS.findall(template))


@fast_init  # built several times per ruling
@dataclass(frozen=True, slots=True)
class Call:
    key: str
    args: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, key: str, **args: Any) -> Call:
        items = tuple(args.items())
        return cls(key, items if len(items) < 2 else tuple(sorted(items)))

    def render(self, catalog: Catalog, lang: str = "en") -> str:
        entry = catalog.get(self.key)
        if entry is None:
            raise KeyError(f"no call {self.key!r} in the catalog")
        template, spelt = _plain(entry.get(lang) or entry["en"])
        args = dict(self.args)
        for name in spelt:
            args[f"{name}__words"] = number_words(int(args[name]), lang)
        return template.format(**args)


COMMON_CALLS: Catalog = {
    "foul": {"en": "Foul", "ru": "Фол"},
    "away": {"en": "{n:words} away", "ru": "{n:words} очков сопернику"},
    "score": {"en": "{a}, {b}", "ru": "{a}, {b}"},
    "frame-over": {"en": "Frame to {player}", "ru": "Партия за игроком {player}"},
    "conceded": {"en": "{player} concedes", "ru": "{player} сдаётся"},
    "stalemate": {"en": "Stalemate: the frame is replayed", "ru": "Пат: партия переигрывается"},
    "ball-in-hand": {"en": "Ball in hand", "ru": "Шар в руке"},
    "play-or-pass": {"en": "Play or pass?", "ru": "Играть или передать ход?"},
}
