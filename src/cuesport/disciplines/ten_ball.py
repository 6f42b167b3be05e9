"""Ten-ball (WPA rules, P10-*): rotation with called shots, the 10 wins; push out."""

from __future__ import annotations

from cuesport.disciplines._base import BotHints, Discipline, Names
from cuesport.equipment.balls import pool_balls
from cuesport.equipment.racks import ten_ball_rack
from cuesport.equipment.tables import POOL_TABLES

DISCIPLINE = Discipline(
    id="ten-ball",
    names=Names(en="Ten-ball", ru="Десятка"),
    family="pool",
    table="pool",
    sizes=tuple(POOL_TABLES),
    balls=pool_balls(10),
    cue_balls=("cue",),
    rack=ten_ball_rack,
    referee="cuesport.rules.ten_ball:TenBallReferee",
    order=50,
    called_shots=True,
    push_out=True,  # P10-9.4
    lag=True,
    random_rack=True,
    frame_word="rack",
    stalemate_rule="P10-9.12",
    bots=BotHints(position_play=True),
)
