"""The snooker referee's calls in English and Russian (Russian terms from the seed:
«Фол», «Свободный шар», «Фол и промах», «Соприкасающийся шар»)."""

from __future__ import annotations

from cuesport.rules.calls import COMMON_CALLS, Catalog

SNOOKER_CALLS: Catalog = {
    "foul-and-a-miss": {"en": "Foul and a miss", "ru": "Фол и промах"},
    "away-4": {"en": "Four away", "ru": "Четыре очка сопернику"},
    "away-5": {"en": "Five away", "ru": "Пять очков сопернику"},
    "away-6": {"en": "Six away", "ru": "Шесть очков сопернику"},
    "away-7": {"en": "Seven away", "ru": "Семь очков сопернику"},
    "free-ball": {"en": "Free ball", "ru": "Свободный шар"},
    "touching-ball": {"en": "Touching ball", "ru": "Соприкасающийся шар"},
    "touching-balls": {"en": "Touching balls", "ru": "Соприкасающиеся шары"},
    "respotted-black": {"en": "Re-spotted black", "ru": "Черный выставляется снова"},
    "break": {"en": "{n:words}", "ru": "{n:words}"},
    "miss-warning": {
        "en": "Warning: a third failure will award the frame to {player}",
        "ru": "Предупреждение: при третьем промахе фрейм будет присуждён игроку {player}",
    },
    "frame-awarded": {"en": "Frame awarded to {player}", "ru": "Фрейм присуждён игроку {player}"},
    "to-play": {"en": "{player} to play from hand", "ru": "{player} играет с руки"},
    "claim": {"en": "{player} claims the frame", "ru": "{player} требует засчитать фрейм"},
    "strike-cue-ball": {
        "en": "Strike the cue ball: the frame has not started, no foul",
        "ru": "Бить нужно по битку: фрейм не начат, фола нет",
    },
    "replaced": {"en": "Balls replaced", "ru": "Шары возвращены на места"},
    "play-again": {"en": "{player} to play again", "ru": "{player} играет снова"},
    "ball-replaced": {"en": "The {ball} is replaced", "ru": "Шар {ball} возвращён на место"},
    "four-snookers": {
        "en": "Four snookers required: frame to {player}",
        "ru": "Требуется четыре снукера: фрейм за игроком {player}",
    },
    "repositioned": {"en": "Balls repositioned, no penalty",
                     "ru": "Шары восстановлены, без штрафа"},
    "scores-level": {"en": "Scores level", "ru": "Счёт равный"},
    "colour-removed": {"en": "The {ball} is taken off the table",
                       "ru": "Шар {ball} снимается со стола"},
}

CATALOG: Catalog = {**COMMON_CALLS, **SNOOKER_CALLS}
