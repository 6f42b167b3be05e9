"""Eight-ball (WPA rules, P8-*): solids and stripes, then the 8; shots are called."""

from __future__ import annotations

from cuesport.disciplines._base import BotHints, Discipline, Names
from cuesport.equipment.balls import pool_balls
from cuesport.equipment.racks import eight_ball_rack
from cuesport.equipment.tables import POOL_TABLES

# the noisy stage's best means sampled again (bots/pool.py): off, 4 ran 32/100 racks out
# against 30/100 (+2 +- 5.3 points, paired: not shown; bench/bots-results.md, bot8c)
RACE = 0

DISCIPLINE = Discipline(
    id="eight-ball",
    names=Names(en="Eight-ball", ru="Восьмёрка"),
    family="pool",
    table="pool",
    sizes=tuple(POOL_TABLES),
    balls=pool_balls(15),
    cue_balls=("cue",),
    rack=eight_ball_rack,
    referee="cuesport.rules.eight_ball:EightBallReferee",
    order=30,
    called_shots=True,
    lag=True,
    random_rack=True,
    frame_word="rack",
    stalemate_rule="P8-3.11",
    # pool position play (the rack's value), and the power break from beside the centre
    # at 11-12.5 m/s with a little follow: it kept the table in 118-135 of 200 noisy breaks,
    # the old break's kind (7.5-9.5 m/s, a little draw) 80-116 (bench/bots-results.md)
    bots=BotHints(pots_keep=True, rack_value=True,
                  break_grid=((0.3, 11.0, 0.1), (0.7, 11.0, 0.1), (0.3, 12.5, 0.1),
                              (0.7, 12.5, 0.1)),
                  run_groups=(tuple(str(n) for n in range(1, 8)),
                              tuple(str(n) for n in range(9, 16))),
                  race=RACE),

)
