"""Pool break candidates scanned under the strong noise: how often each keeps the table.

    .venv/bin/python bench/break_scan.py eight-ball --first 1000 --racks 20 --strokes 3

Each candidate (spot on the head string as a fraction of the width, cue speed in m/s, tip
height, degrees aimed off the head ball towards the centre line) is played ``--strokes``
noisy times on each rack; kept = a ball down legally and the table kept, or the rack won.
"""

from __future__ import annotations

import argparse
import itertools
from dataclasses import replace

from cuesport.bots import Bot, pool
from cuesport.bots.search import Candidate, Turn, _ruled, position_of
from cuesport.game.match import Match
from cuesport.game.players import Human
from cuesport.physics import noisy_strokes, simulate

Cand = tuple[float, float, float, float]


def break_turn(discipline: str, seed: int) -> Turn:
    m = Match(discipline, [Human("a"), Human("b")], seed=seed)
    while not getattr(m.state, "breaking", False) or m.state.in_hand is None:
        m.step()
    return m.turn()


def kept(turn: Turn, cand: Candidate, n: int, seed: int) -> tuple[int, int]:
    """(strokes that kept the table or won, fouls) of ``n`` noisy strokes."""
    pos = position_of(turn, cand)
    k = f = 0
    for stroke in noisy_strokes(cand.stroke, Bot("strong").noise, n, seed):
        ruled = _ruled(turn, simulate(turn.table, pos, stroke, record=False), cand)
        if ruled is None:
            continue
        outcome, new = ruled
        won = new.frame_over and new.winner == turn.player
        k += int(won or (outcome.legal and not new.frame_over
                         and new.to_play == turn.player and not new.options))
        f += int(not outcome.legal)
    return k, f


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("discipline")
    ap.add_argument("--first", type=int, default=1000)
    ap.add_argument("--racks", type=int, default=20)
    ap.add_argument("--strokes", type=int, default=3)
    args = ap.parse_args()
    grid: list[Cand] = list(itertools.product((0.15, 0.3, 0.5, 0.7, 0.85), (11.0, 12.5, 14.0),
                                              (0.1, -0.2), (0.0, 0.6)))
    res = {c: [0, 0, 0] for c in grid}
    for seed in range(args.first, args.first + args.racks):
        turn = break_turn(args.discipline, seed)
        st = turn.state
        for c in grid:
            fx, sp, h, off = c
            spot, stroke, front = pool.break_strokes(turn.table, st.balls, turn.cue,
                                                     turn.targets(), [(fx, sp, h)])[0]
            turn_to = 1.0 if fx <= 0.5 else -1.0  # towards the centre line
            stroke = replace(stroke, angle=stroke.angle + turn_to * off)
            k, f = kept(turn, Candidate(stroke, spot, None, None, False, "break", front),
                        args.strokes, seed * 7 + 1)
            r = res[c]
            r[0] += k
            r[1] += f
            r[2] += args.strokes
    print("spot\tspeed\theight\toff\tkept\tfouls\tstrokes")
    for c, (k, f, n) in sorted(res.items(), key=lambda x: -x[1][0]):
        print(*c, k, f, n, sep="\t")


if __name__ == "__main__":
    main()
