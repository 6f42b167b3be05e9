"""Decisions a bot makes without a stroke: options after a foul, push-out replies,
re-rack choices, conceding a lost snooker frame."""

from __future__ import annotations

from cuesport import disciplines
from cuesport.bots.pool import play_or_pass
from cuesport.bots.search import Budget, Turn, prospects, shooting_worth, shot_worth
from cuesport.physics import StrokeNoise

# Choices that are always at least as good as playing on (the offender breaks or re-racks
# for us, a fresh rack on our break).
_PREFERRED = ("re-rack", "in-hand", "re-break")


def decide(turn: Turn, budget: Budget | None = None, noise: StrokeNoise | None = None
           ) -> str:
    """One of ``turn.state.options``. With a ``budget`` and ``noise``, the play-or-pass
    choice after a push out is made by simulating the shot (:func:`shot_worth`)."""
    options = list(turn.state.options)
    for choice in _PREFERRED:
        if choice in options:
            return choice
    if getattr(turn.state, "offer", None) == "push-out" and "pass" in options:
        # P9-2.4, P10-9.4: play the pushed position when shooting it is worth something
        worth = (shot_worth(turn, budget, noise) if budget is not None and noise is not None
                 else shooting_worth(turn, turn.state, turn.player))
        return play_or_pass(worth)
    mine = prospects(turn, turn.state, turn.player)
    unit = disciplines.find(turn.discipline).bots.table_worth
    good = mine >= 0.35 * unit
    if good and "play" in options:
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
