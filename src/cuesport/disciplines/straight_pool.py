"""14.1 continuous (straight pool, P141-*): call any ball, one point each, to a target."""

from __future__ import annotations

from cuesport.disciplines._base import BotHints, Discipline, Names, Rng
from cuesport.equipment.balls import pool_balls
from cuesport.equipment.racks import Position, straight_pool_rack
from cuesport.equipment.tables import POOL_TABLES, TableSpec


def _rack(table: TableSpec, rng: Rng) -> Position:
    return straight_pool_rack(table, rng)


DISCIPLINE = Discipline(
    id="straight-pool",
    names=Names(en="14.1 straight pool", ru="Прямой пул 14.1"),
    family="pool",
    table="pool",
    sizes=tuple(POOL_TABLES),
    balls=pool_balls(15),
    cue_balls=("cue",),
    rack=_rack,
    referee="cuesport.rules.straight_pool:StraightPoolReferee",
    order=60,
    called_shots=True,
    lag=True,
    random_rack=True,
    target=True,
    break_unit="points",
    frame_word="game",
    stalemate_rule="P141-4.12",
    rack_outline=True,  # P141-4.2: the rack's outline is marked
    bots=BotHints(points_weight=2.0, safe_break=True, break_ball=True),
)
