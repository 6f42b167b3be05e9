"""The discipline descriptor: every fact of a discipline that code outside its referee needs.

One frozen :class:`Discipline` per discipline module of this package (python-chess's
variant classes are the model): the facts are attributes, and :func:`cuesport.disciplines.find`
looks one up by its id. Code elsewhere asks a descriptor (``d.called_shots``,
``d.bots.table_worth``) instead of testing the discipline's name.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from cuesport.equipment.balls import Ball
from cuesport.equipment.racks import Position
from cuesport.equipment.tables import TableSpec

Family = Literal["snooker", "pool"]
TableKind = Literal["snooker", "pool"]
FrameWord = Literal["frame", "rack", "game"]
BreakUnit = Literal["points", "balls"]
Rng = random.Random | int | None
RackBuilder = Callable[[TableSpec, Rng], Position]


@dataclass(frozen=True, slots=True)
class Names:
    """Display names; the page and the commentary pick one by language."""

    en: str
    ru: str

    def get(self, lang: str) -> str:
        return self.ru if lang == "ru" else self.en


@dataclass(frozen=True, slots=True)
class BotHints:
    """What a bot and the match loop need to know beyond the rules (not rules themselves)."""

    table_worth: float = 3.0  # keeping the table, in the discipline's points (a foul's worth)
    points_weight: float = 1.0  # how much a point scored counts against position
    safe_break: bool = False  # the opening stroke is a safety (14.1), not a power break
    concede_when_beaten: bool = False  # concede once the balls left cannot catch up
    stalemate_after: int = 50  # strokes without a pot before the match loop calls stalemate
    break_building: bool = False  # plan breaks of reds and colours (snooker)
    cannons_score: bool = False  # a cannon or an in-off scores without a pot (1-red)
    # the object ball's respot moves round a cycle of spots, read from the state's
    # red_origin and red_count (1-red, ONE-2.7.2): the pot that sends it to the centre
    # spot is tried with the pace to bring the cue ball down the table (bots/one_red.py)
    respot_cycle: bool = False
    break_ball: bool = False  # re-racks: leave and play a break ball into the new pack (14.1)
    # pool position play: strokes valued by the rack's win chance, a wider noisy stage
    # (bots/pool.py; nine-, ten- and eight-ball)
    rack_value: bool = False
    # ... its power break: (cue-ball spot as a fraction of the width, cue speed in m/s, tip
    # height) candidates; empty: the grid of bots/pool.py
    break_grid: tuple[tuple[float, float, float], ...] = ()
    # a legal stroke after which the player is to play keeps the table though it scores no
    # points (eight-ball): the second stroke simulated corrects its look (search.second_look)
    pots_keep: bool = False
    # the groups a player may be given on an open table (eight-ball: solids, stripes): the
    # rack's value counts each ball left by its open pockets, and an open table by the
    # better group's run-out chance (bots/pool.py, ball_rate)
    run_groups: tuple[tuple[str, ...], ...] = ()
    # pool position play's noisy stage: the best this many means get more samples and the
    # best by all its samples is played (bots/pool.py, RACE_SAMPLES); 0: the best mean
    race: int = 0
    # position play: the look values a pot by its chance measured under noise, and the
    # levels that search widely spend twice the simulations on position (snooker, 1-red)
    position_play: bool = False
    foul_cost: float = 2.0  # what a foul costs beyond its points (in the value's units)
    # break-building: keeping the table is worth this share of the points still on it
    # (at least table_worth), the break it may become; 0: table_worth alone
    break_share: float = 0.0


@dataclass(frozen=True, slots=True)
class Discipline:
    """One discipline's facts. ``referee`` is ``"module:Class"``, imported only when needed."""

    id: str
    names: Names
    family: Family
    table: TableKind
    sizes: tuple[str, ...]  # table sizes it may be played on; the first is the default
    balls: tuple[Ball, ...]  # the whole set, cue ball(s) first
    cue_balls: tuple[str, ...]  # one for both players, or one per player (player order)
    rack: RackBuilder  # the standard starting position (cue balls in hand, so absent)
    referee: str
    order: int  # place in lists (menus, the API); ties are broken by id
    called_shots: bool = False  # the shooter calls ball and pocket
    nominates: bool = False  # the striker nominates a ball (a colour, a free ball)
    push_out: bool = False  # a push out may follow the break
    lag: bool = False  # a lag decides the first break (else the first player breaks)
    random_rack: bool = False  # racked at random: each frame gets its own seed
    target: bool = False  # played to a points target rather than frame by frame
    frame_word: FrameWord = "frame"
    break_unit: BreakUnit = "balls"  # a break (a visit's run) is counted in points or balls
    stalemate_rule: str | None = None  # the rule ID of its stalemate rule, None: none
    century_breaks: bool = False  # breaks of 100 are counted as centuries
    rack_outline: bool = False  # the rack's outline is marked on the cloth
    bots: BotHints = field(default_factory=BotHints)

    @property
    def ball_names(self) -> tuple[str, ...]:
        return tuple(b.name for b in self.balls)

    @property
    def object_balls(self) -> tuple[Ball, ...]:
        return tuple(b for b in self.balls if b.name not in self.cue_balls)

    def cue_ball_of(self, player: int) -> str:
        """The cue ball ``player`` strikes (the same one for both in most disciplines)."""
        return self.cue_balls[player] if len(self.cue_balls) > 1 else self.cue_balls[0]

    def value_of(self, ball: str) -> int:
        """A ball's points value; balls without one count one."""
        for b in self.balls:
            if b.name == ball:
                return b.value if b.value is not None else 1
        return 1
