"""Nine-ball (WPA rules, P9-*): rotation, the 9 wins; push out after the break."""

from __future__ import annotations

from cuesport.disciplines._base import BotHints, Discipline, Names
from cuesport.equipment.balls import pool_balls
from cuesport.equipment.racks import nine_ball_rack
from cuesport.equipment.tables import POOL_TABLES

DISCIPLINE = Discipline(
    id="nine-ball",
    names=Names(en="Nine-ball", ru="Девятка"),
    family="pool",
    table="pool",
    sizes=tuple(POOL_TABLES),
    balls=pool_balls(9),
    cue_balls=("cue",),
    rack=nine_ball_rack,
    referee="cuesport.rules.nine_ball:NineBallReferee",
    order=40,
    push_out=True,  # P9-2.4
    lag=True,
    random_rack=True,
    frame_word="rack",
    stalemate_rule="P9-2.9",
    bots=BotHints(position_play=True),
)
