"""Can the search's pots reach the position a wider grid reaches? Decision by decision.

    .venv/bin/python bench/reach.py ten-ball --seeds 1 13

Plays the matches of ``bench/bots.py`` (one frame each, seeds ``--seeds A B``; in pool
``bench/pool_runouts.py``'s rack ``k`` is seed ``k``). Then, for each decision where the
player had the table (not in hand, not a break, not an option), it simulates noise-free:

- every pot candidate the search generates (``search.candidates``);
- a brute grid on each of the ball's best ``--lines`` lines: 0.8 to 6.5 m/s, heights
  -0.8 to 0.8, side -0.5 to 0.5. The aim is corrected for throw (``search.refine``) and
  for squirt.

Each stroke that pots its ball and keeps the table is scored by the ghost-ball ease of
the best pot it leaves. A row prints the search's best, the grid's best and the played
stroke's, with the grid's best stroke (pocket, speed, height, side). ``-`` means no
stroke kept the table.

What it is for: a row with the search near 0 and the grid well above is a position
the candidates cannot reach. Power strokes past twice the pot's speed were found so
(bench/bots-results.md, session 16). Slow: about 300 simulations a line a decision;
``--decisions`` caps the decisions looked at per match.
"""

from __future__ import annotations

import argparse
from dataclasses import replace

from bots import bot_match  # bench/bots.py, beside this script
from cuesport.bots import Bot, Budget, Candidate, Turn
from cuesport.bots import search as S
from cuesport.bots.aim import pot_lines, pot_speed, squirt_aim
from cuesport.physics import Stroke

SPEEDS = (0.8, 1.1, 1.5, 2.0, 2.6, 3.3, 4.2, 5.3, 6.5)  # m/s
HEIGHTS = (-0.8, -0.5, -0.25, 0.0, 0.25, 0.5, 0.8)
SIDES = (-0.5, -0.25, 0.0, 0.25, 0.5)


def leaves(turn: Turn, cand: Candidate, budget: Budget, sims: S.Sims) -> float | None:
    """The best pot's ease after ``cand`` noise-free, when it keeps the table (0: no
    pot on); None when it does not (``search._kept_after``, the second looks' start)."""
    nxt = S._kept_after(turn, cand, replace(budget, deep_lines=max(1, budget.deep_lines)),
                        sims)
    if nxt is None:
        return None
    balls = nxt.state.balls
    lines = pot_lines(turn.table, balls, nxt.cue, balls[nxt.cue], nxt.targets())
    return lines[0].ease if lines else 0.0


def grid(turn: Turn, budget: Budget, lines: int, sims: S.Sims
         ) -> tuple[float | None, tuple[object, ...]]:
    """The brute grid's best leave and its stroke (pocket, speed, height, side)."""
    pos = S.playable(turn.table, turn.state.balls)
    best: float | None = None
    how: tuple[object, ...] = ()
    for line in pot_lines(turn.table, pos, turn.cue, pos[turn.cue], turn.targets())[:lines]:
        s0 = pot_speed(turn.table, line)
        angle = S.refine(turn.table, pos, turn.cue, line, s0, sims)
        nominate, call = S._declare(turn, line.target, line.pocket, False)
        for sp in SPEEDS:
            if sp < 0.7 * s0:
                continue  # too soft to reach the pocket
            for h in HEIGHTS:
                for sd in SIDES:
                    stroke = Stroke(squirt_aim(turn.table, angle, sd, h), sp, sd, h,
                                    cue_ball=turn.cue)
                    c = Candidate(stroke, None, nominate, call, False, "pot", line.target)
                    e = leaves(turn, c, budget, sims)
                    if e is not None and (best is None or e > best):
                        best, how = e, (line.pocket, sp, h, sd)
    return best, how


def show(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("discipline")
    ap.add_argument("--level", default="strong")
    ap.add_argument("--seeds", type=int, nargs=2, default=(1, 4), metavar=("A", "B"),
                    help="matches with seeds A to B-1")
    ap.add_argument("--lines", type=int, default=6, help="lines per decision in the grid")
    ap.add_argument("--decisions", type=int, default=None, help="decisions per match")
    args = ap.parse_args()
    caught: list[tuple[Turn, Candidate, Budget]] = []
    choose = Bot.choose

    def watching(bot: Bot, turn: Turn) -> object:
        bot.last_choice = None
        move = choose(bot, turn)
        st = turn.state
        if (bot.last_choice is not None and st.in_hand is None and not st.options
                and not getattr(st, "breaking", False)):
            caught.append((turn, bot.last_choice.candidate, bot.budget))
        return move

    Bot.choose = watching  # type: ignore[assignment,method-assign]
    print(f"{args.discipline} {args.level}: seed, stroke played, best leave of the "
          "search / the grid / the stroke played, the grid's best stroke")
    for seed in range(*args.seeds):
        caught.clear()
        m = bot_match(args.discipline, args.level, seed, 1)
        for _ in range(400):
            if m.over:
                break
            m.step()
        for turn, played, budget in caught[: args.decisions]:
            sims = S.Sims(10**9)
            pots = [c for c in S.candidates(turn, budget, S.Sims(10**9)) if c.kind == "pot"]
            found = [e for c in pots if (e := leaves(turn, c, budget, sims)) is not None]
            mine = max(found) if found else None
            own = leaves(turn, played, budget, sims) if played.kind == "pot" else None
            best, how = grid(turn, budget, args.lines, sims)
            print(f"{seed:4d} {played.kind:7s} {played.target or '-':6s} search "
                  f"{show(mine):>4s} grid {show(best):>4s} played {show(own):>4s} {how}",
                  flush=True)


if __name__ == "__main__":
    main()
