"""Pool position play: the noisy stage widened and the break under the noise.

The search (:mod:`cuesport.bots.search`) screens pot candidates noise-free; in the rotation
games a visit has one ball on, so the screen is short and most of a strong decision's budget
was left unused (about 130 of 400 simulations). Racks were lost on pots the noise-free
simulation made but the noisy stroke missed about one time in ten (a pot near a jaw, the
object ball thrown off the pocket's centre by speed and spin): with 8 samples and the
noise-free result counted as one of them, such a pot looked safe. So, where the discipline
asks for it (``BotHints.rack_value``) at the levels that simulate the second stroke:

- the noisy stage keeps more candidates and samples each more (:func:`widened`); each
  sample's own cue-ball position is valued, and the noise-free simulation is not counted as
  a sample (:func:`noisy_mean`), so a candidate's value is its pot rate under the noise times
  what the pot leaves, plus the misses' value;
- each pot is tried with power strokes (3 to 5.5 m/s, :func:`power_variants`), which
  send the cue ball the length of the table, and a finer grid of speeds, heights and side
  (:func:`variants`), with the budget the search left unused;
- the candidates kept for the noisy stage are spread over pockets and spins
  (:func:`spread`), so that a budget spent on near-copies of one stroke does not hide a
  safer one;
- a power break is chosen among its candidates by a few noisy samples each (:func:`breaks`:
  the ball potted and the cue ball kept off the pockets, near the table's centre);
- a stroke is valued on the rack's scale (:func:`rack_value`): the chance to win the rack
  from the position it leaves, by the calibrated chance of the next pot and a run-out rate
  for the balls after it; for the kept pots the next pot is simulated too
  (:data:`SECOND_LOOK`, ``search.pool_look``), so a pot is also valued by the ball after.
  The shared value counts keeping the table as a few points and a rack won as 1000, so
  that one chance in twelve of a lucky nine on a combination outranked a sure pot with the
  table kept;
- a discipline may give its own power-break candidates (``BotHints.break_grid``: eight-ball
  breaks at 11-12.5 m/s).
"""

from __future__ import annotations

import itertools
import math
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, TypeVar

from cuesport import disciplines
from cuesport.bots.aim import _pocket_aims, clear, pot_lines
from cuesport.equipment import TableSpec, head_string_y
from cuesport.physics import Stroke

if TYPE_CHECKING:
    from cuesport.bots.search import Budget, Candidate, Turn
    from cuesport.rules.base import FrameState, Outcome

T = TypeVar("T")

KEEP = 18  # candidates simulated under the noise (strong keeps 8 elsewhere)
SAMPLES = 12  # noisy simulations each (strong: 8 elsewhere)
BREAK_SAMPLES = 3  # noisy simulations of each power-break candidate
# standard errors taken off a candidate's mean (snooker's too): 0.5 against 0.25, +7
# break-and-runs in 660 paired racks, 11 gains and 4 losses (not significant alone;
# bench/bots-results.md, session 12)
CAUTION = 0.5


def plans(turn: Turn, budget: Budget) -> bool:
    """Position play for pool: where the discipline asks for it (``BotHints``), at the
    levels that simulate the second stroke (strong, pro)."""
    return disciplines.find(turn.discipline).bots.rack_value and budget.deep_lines > 0


RACE_SAMPLES = 12  # more noisy simulations for each of the best means (BotHints.race)


# the second stroke simulated for each kept pot (search.pool_look): the position a pot
# leaves valued by the next pot played, not only by its ghost-ball ease; off: the look
# alone. On: break-and-run 187 against 164 of 480 paired racks, gains 62 losses 40 (nine
# 91/76 of 180, ten 45/44 of 180, eight 51/44 of 120; bench/bots-results.md, session 12)
SECOND_LOOK = True


def widened(budget: Budget, race: int = 0) -> Budget:
    """The noisy stage's width for pool position play (never narrower than the level's),
    and the simulations a race of the ``race`` best means adds, and those of the second
    strokes (:data:`SECOND_LOOK`) of every kept candidate."""
    keep = max(budget.keep, KEEP)
    deep = 1 + budget.deep_lines * len(budget.deep_variants) if SECOND_LOOK else 0
    return replace(budget, keep=keep, samples=max(budget.samples, SAMPLES),
                   simulations=budget.simulations + race * RACE_SAMPLES + keep * deep)


ESCAPE_RESERVE = 40  # simulations the noise-free stage leaves for escapes

# (speed factor, height, side) added to the level's pot variants: finer steps of speed
# and height, and side at the middle speeds (the noisy stage finds which still pot)
FINE: tuple[tuple[float, float, float], ...] = tuple(
    [(k, h, 0.0) for k in (0.55, 0.7, 0.9, 1.05, 1.2, 1.6, 2.0)
     for h in (-0.6, -0.4, -0.2, 0.0, 0.2, 0.35, 0.5)]
    + [(k, h, sd) for k in (0.9, 1.2, 1.6) for h in (-0.3, 0.3) for sd in (-0.3, 0.3)])


SIDE_LINES = 2  # the pot lines (best first) whose side variants are aimed for throw too


# power strokes: cue speeds (m/s) past the finer grid's top (twice a pot's own speed),
# stun, draw and follow, for a cue ball sent up the table and back or round it. From a
# rack's traces: where every pot at up to twice its speed left no pot on the next ball, a
# grid up to 6.5 m/s found one from 0.5 to 0.9 ease, mostly at 3 to 5 m/s
# (bench/bots-results.md, session 16)
POWER_SPEEDS = (3.0, 3.8, 4.6, 5.5)
POWER_HEIGHTS = (-0.6, -0.3, 0.0, 0.3, 0.5)


def power_variants(s0: float) -> list[tuple[float, float, float]]:
    """The power strokes of a pot whose own speed is ``s0`` (m/s), as speed factors: the
    speeds beyond the finer grid's top for that pot."""
    top = max(k for k, _, _ in FINE) * s0
    return [(sp / s0, h, 0.0) for sp in POWER_SPEEDS if sp > 1.1 * top for h in POWER_HEIGHTS]


def variants(level: Sequence[tuple[float, float, float]], s0: float
             ) -> list[tuple[float, float, float]]:
    """A pot's variants at its own speed ``s0``: the level's, its power strokes, then the
    finer grid's others, the plainest first. The power strokes come before the finer grid
    so that a screen cut short by the budget still tries them: after it they were not
    reached where a ball had three lines or more."""
    have = set(level)
    extra = [v for v in FINE if v not in have]
    return (list(level) + power_variants(s0)
            + sorted(extra, key=lambda v: abs(math.log(v[0])) + 0.5 * abs(v[1]) + abs(v[2])))


def noisy_mean(v0: float, vals: Sequence[float]) -> float:
    """A candidate's value from its noisy samples alone (the noise-free ``v0`` only when no
    sample ran), less a share of the standard error: of two strokes with the same mean the
    one that varies less is the surer."""
    if not vals:
        return v0
    mean = statistics.fmean(vals)
    if len(vals) < 2:
        return mean
    return mean - CAUTION * statistics.stdev(vals) / math.sqrt(len(vals))


# the pot's own rate under the noise taken as its samples' and a prior's: POT_PRIOR
# pseudo-samples at the strong level's measured rate for its ease (botpool4's 800 lines:
# 0.36 at ease 0-0.1 to 0.94 at 0.5-0.6; above 0.6 a guess); 0: the samples alone. Twelve
# samples that all pot say 100 %, and the best of 18 such means is the luckiest (bot8c)
POT_PRIOR = 0
PRIOR_RATES = ((0.05, 0.36), (0.15, 0.53), (0.25, 0.71), (0.35, 0.77), (0.45, 0.87),
               (0.55, 0.94), (0.8, 0.97), (1.0, 0.99))


def prior_rate(ease: float) -> float:
    """The strong level's pot rate at this ghost-ball ease (linear between the bins)."""
    pts = PRIOR_RATES
    if ease <= pts[0][0]:
        return pts[0][1]
    for (e0, r0), (e1, r1) in itertools.pairwise(pts):
        if ease <= e1:
            return r0 + (r1 - r0) * (ease - e0) / (e1 - e0)
    return pts[-1][1]


def prior_mean(keeps: Sequence[bool], vals: Sequence[float], ease: float,
               miss: float | None) -> float | None:
    """A pot's value with its rate shrunk to the prior (``POT_PRIOR`` pseudo-samples):
    the kept samples' mean and the misses' (its own, else ``miss``: the decision's misses)
    weighed by that rate; None where it cannot be said (no sample kept, no miss value)."""
    kept = [v for v, k in zip(vals, keeps, strict=True) if k]
    lost = [v for v, k in zip(vals, keeps, strict=True) if not k]
    if not kept or POT_PRIOR <= 0:
        return None
    lv = statistics.fmean(lost) if lost else miss
    if lv is None:
        return None
    p = (len(kept) + POT_PRIOR * prior_rate(ease)) / (len(vals) + POT_PRIOR)
    return p * statistics.fmean(kept) + (1.0 - p) * lv


def spread(scored: Sequence[tuple[float, T]], keep: int,
           key: Callable[[T], object]) -> list[tuple[float, T]]:
    """The best ``keep`` of ``scored`` (best first), at most two with the same ``key``
    before any key has a third, so that the noisy stage sees different strokes."""
    first: list[tuple[float, T]] = []
    later: list[tuple[float, T]] = []
    seen: dict[object, int] = {}
    for s in scored:
        k = key(s[1])
        seen[k] = seen.get(k, 0) + 1
        (first if seen[k] <= 2 else later).append(s)
    out = (first + later)[:keep]
    return sorted(out, key=lambda s: -s[0])


def stroke_key(c: Candidate) -> object:
    """What makes two pot candidates different strokes: ball, pocket and the spin's sign."""
    call = c.call if isinstance(c.call, tuple) else None
    if c.push_out:  # pushes by their direction, so that the noisy stage sees several
        return (c.kind, round(c.stroke.angle / 90.0) % 4)
    h = c.stroke.height
    return (c.kind, c.target, call, -1 if h < -0.1 else 1 if h > 0.1 else 0,
            0 if abs(c.stroke.side) < 0.05 else math.copysign(1, c.stroke.side))


RACK = 20.0  # a rack won, in the value's units (a rack lost: -RACK)
HOPELESS = -0.25 * RACK  # every candidate this bad: escapes are searched too
PER_BALL = 0.9  # the chance a strong player pots each ball after the next one
REST = 0.4  # the chance to win the rack after a run that stops short
IN_HAND = 0.95  # the next pot's chance with the cue ball in hand anywhere
NO_POT = 0.2  # ... with no pot on (a kick, a safety to play first)


def pot_chance(ease: float) -> float:
    """The ghost-ball ease of a pot as the strong level's chance of making it (measured
    under the strong noise in bench/bots.py: 96-98 % of the pots it calls easy, 88-94 %
    medium, 53-83 % hard)."""
    return 0.5 + 0.47 * min(1.0, max(0.0, ease) / 0.6)


def balls_left(turn: Turn, state: FrameState, who: int) -> int:
    """How many balls ``who`` must still pot to win the rack: every object ball in the
    rotation games, the group left and the last ball otherwise."""
    cue = turn.cue
    objects = [b for b in state.balls if b != cue]
    if bool(getattr(turn.referee, "rotation", False)):
        return max(1, len(objects))
    on = turn.targets(state, who)
    if len(on) >= len(objects) - 1:  # an open table: about half the balls, and the 8
        return max(1, (len(objects) - 1) // 2 + 1)
    return max(1, len(on) + (0 if "8" in on or "8" not in objects else 1))


# a ball's share of the run-out chance by its open pockets (none, one, two or more): a
# pocket is open when the ball's path to it is clear and the ghost ball's spot is free and
# on the table; a ball touching another (a cluster) counts CLUSTERED less. Guesses around
# PER_BALL (bot8's trial of session 5 used the same), not measured rates
OPEN_RATES = (0.55, 0.82, 0.93)
CLUSTERED = 0.9
_RATES: dict[tuple[tuple[str, float, float], ...], dict[str, float]] = {}


def ball_rates(table: TableSpec, balls: Mapping[str, tuple[float, float]], cue: str
               ) -> dict[str, float]:
    """Every object ball's run-out share (:data:`OPEN_RATES`) in this layout (cached by
    the object balls' exact places: a clean pot leaves the others where they were)."""
    key = tuple(sorted((b, p[0], p[1]) for b, p in balls.items() if b != cue))
    got = _RATES.get(key)
    if got is not None:
        return got
    r = table.ball_radius
    objects = {b: (x, y) for b, x, y in key}
    aims = _pocket_aims(table)
    out: dict[str, float] = {}
    for b, tp in objects.items():
        others = {k: v for k, v in objects.items() if k != b}
        near = any(math.dist(tp, v) < 2.3 * r for v in others.values())
        n = 0
        for _, aim, axis in aims:
            dx, dy = aim[0] - tp[0], aim[1] - tp[1]
            d2 = math.hypot(dx, dy)
            if d2 < 2.5 * r:  # in the jaws: any contact drops it
                n += 2
                continue
            ux, uy = dx / d2, dy / d2
            if ux * axis[0] + uy * axis[1] < 0.25:
                continue
            gx, gy = tp[0] - 2 * r * ux, tp[1] - 2 * r * uy
            if not (r <= gx <= table.width - r and r <= gy <= table.length - r):
                continue
            if any(math.dist((gx, gy), v) < 2 * r for v in others.values()):
                continue
            if clear(tp, aim, others, r):
                n += 1
        out[b] = OPEN_RATES[min(n, 2)] * (CLUSTERED if near else 1.0)
    if len(_RATES) > 20000:
        _RATES.clear()
    _RATES[key] = out
    return out


def group_chance(turn: Turn, state: FrameState, who: int,
                 groups: Sequence[Sequence[str]]) -> float:
    """The run-out chance (no ``REST``) of the player to pot a group and then the 8: the
    next pot's calibrated chance times each other ball's :func:`ball_rates`; on an open
    table the better group's, so that the stroke that leaves the better group is worth
    more (the group choice after the break) and a clustered or blocked ball costs."""
    cue = turn.cue
    cpos = state.balls.get(cue)
    on = [b for b in turn.targets(state, who) if b in state.balls]
    objects = [b for b in state.balls if b != cue]
    rates = ball_rates(turn.table, state.balls, cue)
    last = [b for b in ("8",) if b in state.balls]
    # open while the balls on span both groups; a player on the 8 who faces the last
    # ball of the other group is not (that ball is his opponent's, not his run)
    if sum(any(b in on for b in g) for g in groups) > 1 or len(on) >= len(objects):
        options = [[b for b in g if b in state.balls] for g in groups]
        options = [g for g in options if g] or [on]
    else:
        options = [[b for b in on if b not in last]]
    best = 0.0
    for g in options:
        order = g + last
        start = g or last
        if state.in_hand == "table" or cpos is None or state.in_hand is not None:
            first = IN_HAND if state.in_hand == "table" else 0.7
            nxt = max(start, key=lambda b: rates.get(b, 0.0)) if start else None
        else:
            lines = pot_lines(turn.table, state.balls, cue, cpos, start)
            first = pot_chance(lines[0].ease) if lines else NO_POT
            nxt = lines[0].target if lines else None
        chain = first
        for b in order:
            if b != nxt:
                chain *= rates.get(b, PER_BALL)
        best = max(best, chain)
    return best


def run_chance(turn: Turn, state: FrameState, who: int) -> float:
    """The chance that ``who``, at the table in ``state``, wins the rack: the next pot's
    calibrated chance, the run-out rate for the rest, and ``REST`` if the run stops."""
    groups = disciplines.find(turn.discipline).bots.run_groups
    # (not for the break: its few noisy samples are chaotic, and the break stays the one
    # measured in bench/bots-results.md, so that racks compare paired)
    if (groups and not bool(getattr(turn.referee, "rotation", False))
            and not bool(getattr(turn.state, "breaking", False))):
        chain = group_chance(turn, state, who, groups)
        if state.in_hand == "table":
            # in hand anywhere the clusters are broken at leisure: never below the plain
            # rate, or a foul looked cheap against a clustered group (bench: 18 fouls in
            # one rack of bots.py's seed 1 with the rates alone)
            chain = max(chain, IN_HAND * PER_BALL ** (balls_left(turn, state, who) - 1))
        return chain + (1.0 - chain) * REST
    n = balls_left(turn, state, who)
    if state.in_hand == "table":
        first = IN_HAND
    else:
        cue = turn.cue
        cpos = state.balls.get(cue)
        if cpos is None or state.in_hand is not None:
            first = 0.7  # in hand behind the head string
        else:
            lines = pot_lines(turn.table, state.balls, cue, cpos, turn.targets(state, who))
            first = pot_chance(lines[0].ease) if lines else NO_POT
    chain = first * PER_BALL ** (n - 1)
    return chain + (1.0 - chain) * REST


# a push out, and the position a ten-ball shooter leaves after a ball pocketed without a
# call, valued by the opponent's choice to play it or pass it back (its play-or-pass rule,
# search.plays_on); off: as if the opponent always played, so the bot pushed to a snooker,
# was passed back and escaped (bench/bots-results.md, botpool4)
OPTION_CHOICE = True
# the pushes tried (direction in degrees, cue speed in m/s): all round at two paces, so
# that one leaves a shot the opponent passes back and the pusher can make
PUSHES: tuple[tuple[float, float], ...] = tuple(
    (float(a), sp) for sp in (0.8, 1.5) for a in range(0, 360, 30))


def rack_value(turn: Turn, outcome: Outcome, new: FrameState,
               plays: Callable[[Turn, FrameState, int], bool] | None = None) -> float:
    """A stroke's worth on the rack's scale: ``RACK * (2 p - 1)`` with ``p`` the chance to
    win the rack after it (a rack won by a foul of the opponent's counts half). Where the
    opponent may play or pass the position back (P9-2.4, P10-9.4, P10-9.6, P10-9.7),
    ``plays(turn, state, player)`` says which he chooses (:data:`OPTION_CHOICE`)."""
    me = turn.player
    if new.frame_over:
        if new.winner != me:
            return -RACK
        return RACK if outcome.legal else RACK / 2
    if new.to_play == me and not new.options and outcome.legal:
        p = run_chance(turn, new, me)
    elif (OPTION_CHOICE and plays is not None and outcome.legal and new.to_play != me
          and "pass" in new.options and not plays(turn, new, 1 - me)):
        p = run_chance(turn, new, me)  # passed back: the same position, me to play
    else:
        p = 1.0 - run_chance(turn, new, 1 - me)
    return RACK * (2.0 * p - 1.0)


# the power break: spots on the head string (fractions of the width: the side rails' and
# the centre first), cue speeds (m/s) and tip heights; scanned on 8 racks x 6 noisy
# strokes each (bench notes): a break from beside the side rail at 6.5 m/s kept the table
# 75 % of the time in ten-ball where the centre at 7.5-9 m/s kept it 40-55 %
BREAK_SPOTS = (0.12, 0.88, 0.5, 0.3, 0.7)
BREAK_SPEEDS = (6.5, 7.5, 8.5)
BREAK_HEIGHTS = (0.1, -0.1)
BREAK_ROUNDS = ((2, 8), (4, 3), (6, 1))  # (noisy strokes each, candidates kept after)
BREAK_SIMULATIONS = 110


def break_strokes(table: TableSpec, balls: Mapping[str, tuple[float, float]], cue: str,
                  targets: Sequence[str], grid: Sequence[tuple[float, float, float]] = ()
                  ) -> list[tuple[tuple[float, float], Stroke, str]]:
    """The power-break candidates: (cue-ball spot, stroke, the ball aimed at), each spot's
    plainest strokes first; ``grid`` (spot, speed, height) triples replace the default
    spots, speeds and heights (a discipline's own, ``BotHints.break_grid``)."""
    hy = head_string_y(table) - 10.0
    objects = [b for b in (targets or list(balls)) if b in balls and b != cue]
    grid = list(grid) or [(fx, sp, h) for h in BREAK_HEIGHTS for sp in BREAK_SPEEDS
                          for fx in BREAK_SPOTS]
    out = []
    for fx, sp, h in grid:
        spot = (table.width * fx, hy)
        front = min(objects, key=lambda b: math.dist(balls[b], spot))
        ang = math.degrees(math.atan2(balls[front][1] - spot[1], balls[front][0] - spot[0]))
        out.append((spot, Stroke(ang, sp, 0.0, h, cue_ball=cue), front))
    return out


def choose_break(cands: Sequence[T], sample: Callable[[T, int], list[float]]
                 ) -> tuple[T, float] | None:
    """Successive halving under the noise: every candidate gets a few noisy strokes
    (``sample(candidate, n)`` returns their values, fewer when the budget runs out), the
    best means get more. A break's result is chaotic (a noise-free simulation is one
    sample among many), so only the means decide."""
    vals: dict[int, list[float]] = {i: [] for i in range(len(cands))}
    alive = list(range(len(cands)))
    for n, keep in BREAK_ROUNDS:
        for i in alive:
            got = sample(cands[i], n)
            vals[i] += got
            if len(got) < n:
                break
        alive = [i for i in alive if vals[i]]
        if not alive:
            return None
        alive.sort(key=lambda i: -statistics.fmean(vals[i]))
        alive = alive[:keep]
    best = alive[0]
    return cands[best], statistics.fmean(vals[best])
