"""Games: matches of any discipline between bots and humans, stored stroke by stroke.

The physics simulates each stroke, the referee rules on it, and the ruling says what comes
next (:mod:`cuesport.game.match`). Bots (:mod:`cuesport.bots`), statistics
(:mod:`cuesport.game.stats`), the database (:mod:`cuesport.storage`).
"""

from cuesport.bots import Bot
from cuesport.bots.moves import Choose, Claim, Concede, Move, Strike
from cuesport.game.match import GameError, Match, MatchFormat, Step
from cuesport.game.players import Human, make_player

__all__ = [
    "Bot",
    "Choose",
    "Claim",
    "Concede",
    "GameError",
    "Human",
    "Match",
    "MatchFormat",
    "Move",
    "Step",
    "Strike",
    "make_player",
]
