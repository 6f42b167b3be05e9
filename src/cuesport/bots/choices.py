"""Decisions a bot makes without a stroke: options after a foul, push-out replies,
re-rack choices, conceding a lost snooker frame."""

from __future__ import annotations

from cuesport import disciplines
from cuesport.bots.search import Turn, plays_on

# Choices that are always at least as good as playing on (the offender breaks or re-racks
# for us, a fresh rack on our break).
_PREFERRED = ("re-rack", "in-hand", "re-break")


def decide(turn: Turn) -> str:
    """One of ``turn.state.options``."""
    options = list(turn.state.options)
    for choice in _PREFERRED:
        if choice in options:
            return choice
    if plays_on(turn, turn.state, turn.player) and "play" in options:
        return "play"
    if "replace" in options:
        return "replace"  # the offender must try again from where he failed
    if "pass" in options:
        return "pass"
    return options[0]


def should_concede(turn: Turn) -> bool:
    """A frame is conceded when even every ball left cannot catch up (where that is done)."""
    if not disciplines.find(turn.discipline).bots.concede_when_beaten:
        return False
    remaining = turn.ruling.get("points_remaining")
    if not isinstance(remaining, int):
        return False
    me, other = turn.state.score[turn.player], turn.state.score[1 - turn.player]
    return other - me > remaining + 7  # would need more than one snooker
