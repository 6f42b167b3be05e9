"""Snooker (WPBSA rules, SNK-*): 15 reds and six colours on the 12 ft table."""

from __future__ import annotations

from cuesport.disciplines._base import BotHints, Discipline, Names, Rng
from cuesport.equipment.balls import snooker_balls
from cuesport.equipment.racks import Position, snooker_setup
from cuesport.equipment.tables import TableSpec


def _rack(table: TableSpec, rng: Rng) -> Position:
    return snooker_setup(table)  # SNK-3.2: nothing random in a snooker set-up


DISCIPLINE = Discipline(
    id="snooker",
    names=Names(en="Snooker", ru="Снукер"),
    family="snooker",
    table="snooker",
    sizes=("12ft",),
    balls=snooker_balls(),
    cue_balls=("cue",),
    rack=_rack,
    referee="cuesport.rules.snooker:SnookerReferee",
    order=10,
    nominates=True,  # a colour after a red, a free ball
    break_unit="points",
    frame_word="frame",
    stalemate_rule="SNK-3.16",
    century_breaks=True,
    bots=BotHints(table_worth=4.0, concede_when_beaten=True, stalemate_after=80,
                  break_building=True, position_play=True, break_share=0.2),
)
