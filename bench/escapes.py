"""Escapes from a snooker: how often the bot's escape fouls, per discipline.

    .venv/bin/python bench/escapes.py --positions 30 --levels strong
    .venv/bin/python bench/escapes.py --disciplines nine-ball snooker --positions 20

A position: a few object balls at random (snooker: the colours on their spots and two to
seven reds; 1-red: the red and the opponent's cue ball; eight-ball: the groups taken),
and the cue ball put just behind another ball, on the far side from a ball on, until no
ball on can be hit in a straight line (the bot's own test, :func:`cuesport.bots.search.snookered`).
The bot chooses its stroke (with its level's noise) and the referee rules on the
simulated result.

Whether an escape exists is decided apart from the bot: a fixed grid of noise-free
strokes (1440 directions, every quarter degree, at 2.5 and 4.0 m/s, no spin, coarse
directions first) is simulated until one is legal by the referee's ruling. ``exists``
counts the positions where one was found; the grid misses escapes that need side spin or
a finer aim, so ``exists`` is a lower bound (the positions it misses are left out of
``foul % exists``, the figure the issue's target is about). ``foul %`` counts every
position, ``found``: positions where the bot's own noise-free plan is legal.
In 14.1 every ball is on, and in 1-red both object balls (the red and the opponent's cue
ball), so a cue ball is hardly ever snookered there: their rows say how many positions
the generator found in its tries (none, so far).
"""

from __future__ import annotations

import argparse
import collections
import math
import random
import time
from typing import Any

from cuesport import disciplines
from cuesport.bots import Bot
from cuesport.bots.moves import Strike
from cuesport.bots.search import WIN, Candidate, Turn, judged, position_of, shot_action, snookered
from cuesport.disciplines import table_for
from cuesport.equipment import snooker_spots
from cuesport.game.match import Match
from cuesport.game.players import Human
from cuesport.physics import Shot, Stroke, simulate
from cuesport.record import parse_action

ALL = ("snooker", "snooker-one-red", "eight-ball", "nine-ball", "ten-ball", "straight-pool")
TRIES = 400  # random layouts tried per position wanted


def layout(discipline: str, rng: random.Random) -> dict[str, tuple[float, float]]:
    """The object balls of one random position."""
    t = table_for(discipline)
    r = t.ball_radius

    def anywhere() -> tuple[float, float]:
        return (rng.uniform(2 * r, t.width - 2 * r), rng.uniform(2 * r, t.length - 2 * r))

    if discipline == "snooker-one-red":  # the red and the opponent's cue ball
        return {"red": anywhere(), "yellow": anywhere()}
    if discipline == "snooker":
        balls = dict(snooker_spots(t))
        for i in range(rng.randint(2, 7)):
            balls[f"red{i + 1}"] = anywhere()
        return balls
    top = {"nine-ball": 9, "ten-ball": 10}.get(discipline, 15)
    names = [str(i) for i in range(1, top + 1)]
    keep = {"eight-ball": "8", "nine-ball": "9", "ten-ball": "10"}.get(discipline)
    k = rng.randint(3, min(9, top))
    chosen = set(rng.sample(names, k)) | ({keep} if keep else set())
    return {b: anywhere() for b in sorted(chosen, key=int)}


def start_of(discipline: str, balls: dict[str, tuple[float, float]]) -> dict[str, Any]:
    start: dict[str, Any] = {"balls": {k: list(v) for k, v in balls.items()}, "to_play": 0,
                             "score": [0, 0]}
    if discipline == "eight-ball":
        start["groups"] = ["solids", "stripes"]
    return start


def fits(t: Any, balls: dict[str, tuple[float, float]]) -> bool:
    """Every ball on the bed and no two overlapping."""
    r = t.ball_radius
    names = list(balls)
    if not all(r < x < t.width - r and r < y < t.length - r for x, y in balls.values()):
        return False
    return not any(math.dist(balls[a], balls[b]) < 2 * r + 1 for i, a in enumerate(names)
                   for b in names[i + 1:])


def positions(discipline: str, n: int, seed: int) -> list[dict[str, Any]]:
    """Up to ``n`` snookered starts (fewer when :data:`TRIES` layouts per position give
    no more)."""
    t = table_for(discipline)
    r = t.ball_radius
    rng = random.Random(seed)
    cue = disciplines.find(discipline).cue_ball_of(0)
    out: list[dict[str, Any]] = []
    for _ in range(TRIES * n):
        if len(out) >= n:
            break
        balls = layout(discipline, rng)
        if not fits(t, {**balls, cue: (t.width / 2, 40.0)}):
            continue
        probe = Match(discipline, [Human("a"), Human("b")],
                      start=start_of(discipline, {**balls, cue: (t.width / 2, 40.0)}))
        on = [b for b in probe.turn().targets() if b in balls]
        blockers = [b for b in balls if b not in on]
        if not on or not blockers:
            continue
        tb, bb = rng.choice(on), rng.choice(blockers)
        (tx, ty), (bx, by) = balls[tb], balls[bb]
        ang = math.atan2(by - ty, bx - tx) + rng.uniform(-0.25, 0.25)
        gap = 2 * r + rng.uniform(3, 40)
        balls[cue] = (bx + gap * math.cos(ang), by + gap * math.sin(ang))
        if not fits(t, balls):
            continue
        start = start_of(discipline, balls)
        m = Match(discipline, [Human("a"), Human("b")], start=start)
        if snookered(m.turn()):
            out.append(start)
    return out


def _grid() -> list[float]:
    """Quarter-degree directions, coarse first (so a plain escape is found early)."""
    seen: set[int] = set()
    order: list[int] = []
    step = 1440
    while step >= 1:
        for k in range(0, 1440, step):
            if k not in seen:
                seen.add(k)
                order.append(k)
        step //= 2
    return [k * 0.25 for k in order]


GRID = _grid()


def escape_exists(turn: Turn) -> bool:
    """Some noise-free stroke of the fixed grid is legal (see the module's docstring)."""
    call = "safety" if disciplines.find(turn.discipline).called_shots else None
    pos = position_of(turn, Candidate(Stroke(0.0, 1.0, cue_ball=turn.cue)))
    for speed in (2.5, 4.0):
        for ang in GRID:
            c = Candidate(Stroke(ang, speed, cue_ball=turn.cue), call=call, kind="escape")
            try:
                phys = simulate(turn.table, pos, c.stroke, record=False)
            except ValueError:
                continue
            if _legal(turn, phys, c):
                return True
    return False


def _legal(turn: Turn, phys: Shot, c: Candidate) -> bool:
    try:
        action = parse_action(shot_action(turn.player, phys, c))
        outcome, _ = turn.referee.shot(turn.state, action.shot)  # type: ignore[union-attr]
    except Exception:  # a record the referee refuses: not an escape
        return False
    return bool(outcome.legal)


def why(m: Match, cue: str) -> str:
    """What the foul was, from the ruling's fouls (or the first contact)."""
    fouls = m.ruling.get("fouls") or []
    if fouls:
        f = fouls[0]
        return str(f.get("kind") or f.get("rule") or f) if isinstance(f, dict) else str(f)
    return "foul"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--disciplines", nargs="*", default=list(ALL))
    ap.add_argument("--levels", nargs="*", default=["strong"])
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(f"seed {args.seed}, up to {args.positions} positions per discipline")
    print("| discipline | level | positions | exists | found | foul % | foul % exists | "
          "fouls (where an escape exists) | cpu s/dec mean / max |")
    print("|---|---|---|---|---|---|---|---|---|")
    for discipline in args.disciplines:
        starts = positions(discipline, args.positions, args.seed)
        exist = []
        for start in starts:
            m = Match(discipline, [Human("a"), Human("b")], start=start)
            exist.append(escape_exists(m.turn()))
        for level in args.levels:
            bot = Bot(level, args.seed)
            fouls = found = exist_fouls = 0
            kinds: collections.Counter[str] = collections.Counter()
            cpu = 0.0
            worst = 0.0
            for start, ex in zip(starts, exist, strict=True):
                m = Match(discipline, [Human("a"), Human("b")], start=start)
                turn = m.turn()
                c0 = time.process_time()
                move = bot.choose(turn)
                spent = time.process_time() - c0
                cpu += spent
                worst = max(worst, spent)
                assert isinstance(move, Strike)
                plan = bot.last_choice
                ok = False
                if plan is not None:
                    c = plan.candidate
                    phys = simulate(turn.table, position_of(turn, c), c.stroke, record=False)
                    ok = judged(turn, phys, c).value > -WIN and _legal(turn, phys, c)
                m.play(move, player=0)
                foul = not m.ruling.get("legal", True)
                fouls += foul
                found += ok
                if ex and foul:
                    exist_fouls += 1
                    kinds[why(m, turn.cue)] += 1
            n = len(starts)
            ne = sum(exist)
            detail = ", ".join(f"{k} {v}" for k, v in kinds.most_common()) or "-"
            print(f"| {discipline} | {level} | {n} | {ne} | {found} | "
                  f"{100 * fouls / n if n else 0:.0f} | "
                  f"{100 * exist_fouls / ne if ne else 0:.0f} | {detail} | "
                  f"{cpu / n if n else 0:.2f} / {worst:.2f} |", flush=True)


if __name__ == "__main__":
    main()
