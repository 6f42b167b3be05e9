"""Snooker with one red (ONE-*): a red and two cue balls, one per player, to a points target."""

from __future__ import annotations

from cuesport.disciplines._base import BotHints, Discipline, Names, Rng
from cuesport.equipment.balls import one_red_balls
from cuesport.equipment.racks import Position, one_red_setup
from cuesport.equipment.tables import TableSpec


def _rack(table: TableSpec, rng: Rng) -> Position:
    return one_red_setup(table)  # ONE-2.2: the red on the black spot


DISCIPLINE = Discipline(
    id="snooker-one-red",
    names=Names(en="Snooker 1-red", ru="Снукер с одним красным"),
    family="snooker",
    table="snooker",
    sizes=("12ft",),
    balls=one_red_balls(),
    cue_balls=("white", "yellow"),  # ONE-2.1: each player has a cue ball
    rack=_rack,
    referee="cuesport.rules.snooker_one_red:OneRedReferee",
    order=20,
    target=True,
    break_unit="points",
    frame_word="frame",
    stalemate_rule=None,  # the rules have none: the match loop makes the player behind concede
    # keeping the table worth 6, not 3 (bench/bots-results.md, botsnk), and a foul as
    # much more, so that a direct stroke at a ball in baulk stays below a legal route;
    # snooker's break-building seam too (bots/snooker.py: side aimed for squirt, the
    # noisy stage kept to both balls, cautious means, the race; bot1red)
    bots=BotHints(table_worth=6.0, foul_cost=6.0, stalemate_after=80, cannons_score=True,
                  position_play=True, break_building=True, respot_cycle=True),
)
