"""Pool planning (:mod:`cuesport.bots.pool`): the push out and the answer to it (P9-2.4)."""

from __future__ import annotations

import random
from typing import Any

from cuesport.bots import Bot
from cuesport.bots.choices import decide
from cuesport.bots.moves import Strike
from cuesport.bots.pool import play_or_pass, push_value, shooter_value
from cuesport.bots.search import Turn, shot_worth
from cuesport.game.match import Match
from cuesport.game.players import Human

# seed 112's rack after the break (bench/bots.py's nine-ball racks): the 1 on the left
# behind the 4 and the 7, the breaker's opponent to play, who may push out
AFTER_BREAK = {"1": (355, 1400), "2": (971, 2290), "3": (831, 873), "4": (320, 1486),
               "5": (731, 2042), "6": (257, 2457), "7": (357, 1204), "9": (758, 2313),
               "cue": (320, 937)}


def _match(balls: dict[str, tuple[int, int]], **state: Any) -> Match:
    start = {"balls": {k: list(v) for k, v in balls.items()}, "to_play": 0, "score": [0, 0],
             **state}
    return Match("nine-ball", [Human("a"), Human("b")], start=start)


def _worth_to(turn: Turn, level: str = "strong") -> float:
    bot = Bot(level, 5)
    turn.rng = random.Random(5)
    return shot_worth(turn, bot.budget, bot.noise)


def test_p9_2_4_push_value_is_the_opponents_better_choice() -> None:
    # he plays a good position (we lose its worth) and passes a bad one back (we shoot it)
    assert push_value(2.0) == -2.0 and push_value(-1.5) == -1.5 and push_value(0.0) == 0.0
    assert play_or_pass(0.3) == "play" and play_or_pass(-0.3) == "pass"
    # a shooter with an easy pot is ahead; one with no pot settles for a safety's loss
    assert shooter_value(3.6, 0.9, 3.0) > 0.0 > shooter_value(0.0, 0.0, 3.0) == -1.0


def test_p9_2_4_push_out_leaves_the_opponent_a_position_worth_little() -> None:
    m = _match(AFTER_BREAK, push_out=True)
    bot = Bot("strong", 112)
    move = bot.choose(m.turn())
    assert isinstance(move, Strike) and move.push_out and move.kind == "push"
    assert bot.last_choice is not None and bot.last_choice.value < 0.0
    m.play(move, player=0)
    assert m.state.options == ("play", "pass") and m.to_play == 1
    # the pushed position, searched by the opponent's own strong bot: worth little to
    # whoever shoots (the four soft pushes valued by the opponent's geometric chance that
    # this replaces left him 4.8 here, by the same search)
    assert abs(_worth_to(m.turn())) < 2.0


def test_p9_2_4_offered_a_push_out_the_bot_plays_a_shot_it_can_make() -> None:
    # a long cut on the 1 (ghost-ball ease about 0.14): the strong bot pots it often enough
    balls = {"cue": (963, 908), "1": (239, 783), "9": (300, 2300)}
    m = _match(balls, options=["play", "pass"], offer="push-out")
    turn = m.turn()
    assert _worth_to(turn) > 0.0  # shooting it is worth more than handing it over
    bot = Bot("strong", 1)
    turn.rng = bot.rng
    assert decide(turn, bot.budget, bot.noise) == "play"
