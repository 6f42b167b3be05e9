"""Snooker break-building: which strokes reach the noise, and the strokes that open the pack.

The search (:mod:`cuesport.bots.search`) screens pot lines noise-free, then simulates the
best few under the level's noise. A noise-free screen rates a long pot on the black far
above an easy blue (its miss is not in it), so the noisy stage is given several balls
(:func:`diverse`), and the means of a few samples are ranked with caution
(:func:`cautious`): the best of several noisy means is biased up, most for the strokes
whose samples spread most. Lines are tried in order of worth (ease times the ball and
the table kept), so that the costly position look goes to the pots that build a break.

When the reds are still in a cluster, a break needs them opened: the pot whose cue
ball then runs into the pack (a cannon off the black or the blue, or a red that splits
the cluster) is found by the simulator among stronger variants, which the search
tries only while a cluster exists (:func:`extra_variants`). Safeties get the pace to
bring the cue ball back to baulk off the top cushion (:data:`BAULK_SPEEDS`).

Measured on random positions after a red (bench notes in bench/bots-results.md):
ranking the lines by worth instead of ease put the black into the screen but chose
worse strokes under noise, so the lines are still chosen by ease.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, TypeVar

from cuesport.bots.aim import Vec

if TYPE_CHECKING:
    from cuesport.bots.search import Budget

T = TypeVar("T")
TOUCH = 6.0  # mm: reds nearer than 2r + this are one cluster


def clusters(balls: Mapping[str, Vec], r: float) -> list[set[str]]:
    """The reds in groups of touching (or nearly touching) balls, two or more per group,
    biggest first."""
    reds = [b for b in balls if b.startswith("red")]
    seen: set[str] = set()
    out: list[set[str]] = []
    for red in reds:
        if red in seen:
            continue
        group, todo = {red}, [red]
        while todo:
            a = todo.pop()
            for b in reds:
                if b not in group and math.dist(balls[a], balls[b]) < 2 * r + TOUCH:
                    group.add(b)
                    todo.append(b)
        seen |= group
        if len(group) > 1:
            out.append(group)
    return sorted(out, key=len, reverse=True)


def pack_closed(balls: Mapping[str, Vec], r: float, size: int = 4) -> bool:
    """A cluster of at least ``size`` reds is on the table (the pack still to open)."""
    groups = clusters(balls, r)
    return bool(groups) and len(groups[0]) >= size


def packed(balls: Mapping[str, Vec], r: float, size: int = 4) -> int:
    """The reds in clusters of at least ``size`` (the pack still to open)."""
    return sum(len(g) for g in clusters(balls, r) if len(g) >= size)


# points a red freed from the pack is worth to whoever plays next (break-building): the
# look sees the next pot or two, not the reds a split leaves for the rest of the break,
# and frames' visits took the loose reds and ended with the pack closed and nothing on
# (bench/snooker_frames.py). Off: on paired pack visits 2.0 lost 19.5 points a visit
# (s.e. 9.4) and 0.5 -2.9 (s.e. 6.7) (bench/bots-results.md, botsnk5)
PACK_RED = 0.0


def pack_opened(before: Mapping[str, Vec], after: Mapping[str, Vec], r: float) -> int:
    """How many fewer reds a stroke leaves in the pack (:func:`packed`): those it split
    off and a red potted out of it; negative when it pushed reds onto the pack."""
    return packed(before, r) - packed(after, r)


# (speed factor, height, side): a stronger stroke that can carry the cue ball into a
# cluster, with follow, stun-run and screw; and the same pace with side
PACK_VARIANTS: tuple[tuple[float, float, float], ...] = (
    (2.2, 0.4, 0.0), (2.2, -0.5, 0.0), (2.8, 0.2, 0.0), (1.9, 0.3, 0.35), (1.9, 0.3, -0.35))
# side for position (the cue ball off a cushion on another line), tried after the plain
SIDE_VARIANTS: tuple[tuple[float, float, float], ...] = (
    (1.1, 0.2, 0.3), (1.1, 0.2, -0.3), (1.3, -0.4, 0.3), (1.3, -0.4, -0.3))


SIDE_LINES = 3  # the pot lines (best first) whose side variants get their own aim


def extra_variants(balls: Mapping[str, Vec], r: float) -> list[tuple[float, float, float]]:
    """Variants tried after a level's own on every pot line: side for position, and the
    pack-opening strokes while a cluster of reds is on the table."""
    out = list(SIDE_VARIANTS)
    if pack_closed(balls, r):
        out += PACK_VARIANTS
    return out + list(POSITION_VARIANTS)


# safeties: a thin contact with pace enough to bring the cue ball off the top cushion
# back towards baulk (m/s), tried after a level's own safety speeds
BAULK_SPEEDS = (2.6, 3.4)


def break_worth(balls: Mapping[str, Vec], value: Callable[[str], int], share: float,
                least: float) -> float:
    """What keeping the table is worth in break-building: ``share`` of the points still on
    it (each red with the dearest colour after it, SNK-3.5, and the colours), at least
    ``least``. A fixed worth of a few points counts a visit's next pot alone; with reds
    on, the break it keeps is many pots long, so the pot's own chance and the chance of
    the pot it leaves weigh more against the points of the ball."""
    worths = [value(b) for b in balls]
    reds = sum(1 for b in balls if b.startswith("red"))
    top = max((w for b, w in zip(balls, worths, strict=True) if not b.startswith("red")),
              default=0)
    return max(least, share * (sum(worths) + reds * top))


def diverse(scored: Sequence[tuple[float, T]], keep: int, ball: Callable[[T], str | None],
               per_ball: int = 3) -> list[tuple[float, T]]:
    """The ``keep`` best of ``scored`` (best first) for the noisy re-simulation, at most
    ``per_ball`` on one ball while others are left: a noise-free screen rates a long pot
    on the black above an easy blue (the black's miss is not in it), so without this the
    easy pot never reaches the noise that would show it the better stroke."""
    out: list[tuple[float, T]] = []
    rest: list[tuple[float, T]] = []
    count: dict[str | None, int] = {}
    for s in scored:
        b = ball(s[1])
        if count.get(b, 0) < per_ball:
            count[b] = count.get(b, 0) + 1
            out.append(s)
        else:
            rest.append(s)
        if len(out) >= keep:
            break
    return (out + rest)[:keep]


# the noisy stage's places by each pot's chance (by_chance): off, it did worse than
# without it on paired visits (bench/bots-results.md, botsnk4)
CHANCE_ORDER = False


def by_chance(scored: Sequence[tuple[float, T]], ease: Callable[[T], float | None],
              miss: float) -> list[tuple[float, T]]:
    """``scored`` (noise-free values) in the order the noisy stage should see them: a pot
    by its value discounted by its measured chance (:func:`chance` of its ease; a miss
    worth ``-miss``), anything else by its value. The noise-free screen pots every pot it
    keeps, so a long red whose cue ball runs well outranks an easy one, and the noisy
    stage's few places went to pots of ease 0.06 at 5 m/s (bench/snooker_breaks.py,
    seed 1, position 9). The values themselves are left as they were."""
    def key(s: tuple[float, T]) -> float:
        e = ease(s[1])
        if e is None:
            return s[0]
        p = chance(e)
        return p * s[0] - (1.0 - p) * miss
    return sorted(scored, key=lambda s: -key(s))


RACE = 3  # the best noisy means given more samples (break-building)
RACE_SAMPLES = 16

CAUTION = 0.5  # standard errors taken off a candidate's mean


def cautious(mean: float, samples: Sequence[float]) -> float:
    """A candidate's noisy mean less half its standard error. The best of several means
    of a few samples each is biased up, most for the strokes whose samples spread most
    (a hard pot: in or missed); ranking by this bound picks the stroke that is good,
    not the one that was lucky in its samples."""
    n = len(samples)
    if n < 2:
        return mean
    m = sum(samples) / n
    var = sum((x - m) ** 2 for x in samples) / (n - 1)
    return mean - CAUTION * math.sqrt(var / n)


# the pot rate by ghost-ball ease under the strong level's noise: (ease, rate) at the
# middle of each band, for plain strokes that pot without noise at the throw-corrected
# aim (bench/pot_calibration.py --level strong --lines 500 --samples 12 --seed 1). The
# ease underrates every pot but the easiest: a position valued by it counts a medium
# pot left as little more than a hard one
POT_CHANCE: tuple[tuple[float, float], ...] = (
    (0.0, 0.0), (0.075, 0.25), (0.125, 0.41), (0.175, 0.55), (0.25, 0.63), (0.35, 0.71),
    (0.45, 0.81), (0.55, 0.93), (0.65, 0.96), (0.75, 0.99), (1.0, 1.0))
_EASES = tuple(e for e, _ in POT_CHANCE)


def chance(ease: float) -> float:
    """The chance of a pot of this ghost-ball ease (linear between the measured bands)."""
    if ease <= 0.0:
        return 0.0
    if ease >= 1.0:
        return 1.0
    i = bisect.bisect_right(_EASES, ease)
    (e0, p0), (e1, p1) = POT_CHANCE[i - 1], POT_CHANCE[i]
    return p0 + (p1 - p0) * (ease - e0) / (e1 - e0)


# position play (issue 14): the cue ball's next spot searched with more side, and the
# second stroke simulated for more lines and spins (where the third ball is played from)
POSITION_VARIANTS: tuple[tuple[float, float, float], ...] = (
    (0.9, -0.5, 0.3), (0.9, -0.5, -0.3), (0.9, 0.3, 0.3), (0.9, 0.3, -0.3),
    (1.6, -0.5, 0.3), (1.6, -0.5, -0.3), (1.6, 0.3, 0.3), (1.6, 0.3, -0.3))
DEEP_VARIANTS: tuple[tuple[float, float], ...] = ((1.1, 0.0), (1.9, -0.3))
WIDER = 2  # the simulations of a decision, times the level's (its event cap unchanged)


def widen(budget: Budget) -> Budget:
    """The level's budget for snooker break-building: twice the simulations (the strong
    level used about half of its 400, 0.33 s of the 2 s allowed), spent on the position
    a pot leaves: two more pot lines screened, four more strokes re-simulated under
    noise, a third line in the second stroke and two more of its spins; the event cap
    (the time bound) is the level's."""
    return replace(budget, simulations=budget.simulations * WIDER,
                   lines=budget.lines + 2, keep=budget.keep + 4,
                   deep_lines=budget.deep_lines + 1,
                   deep_variants=budget.deep_variants + DEEP_VARIANTS)
