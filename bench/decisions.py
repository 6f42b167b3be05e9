"""A bot match stroke by stroke, with the noisy stage behind each stroke.

    .venv/bin/python bench/decisions.py ten-ball --seed 2 --strokes 4

Plays the match of ``bench/bots.py`` (the same bots, seeds and format, so the same strokes
as its row for that seed; ``bench/pool_runouts.py``'s rack ``k`` is ``--seed k``) and
prints, for each stroke, who played what (kind, ball, called pocket, the pot's ghost-ball
ease) and the easiest pot the next player then has; then the candidates the search
sampled under the noise (:attr:`cuesport.bots.search.Choice.considered`), in the order
it sampled them: kind, ball and pocket, the noise-free value, the second stroke's
correction of the look, the samples, their valued mean and the mean after the race of
the best few. ``*`` marks the stroke played. A break, a stroke with no noisy stage and
a choice (``pass``, ``play``) print no candidates. What it is for: seeing why a
position was played as it was (two pots valued alike, a look that learnt nothing).
"""

from __future__ import annotations

import argparse

from bots import bot_match, pot_ease  # bench/bots.py, beside this script
from cuesport.bots import Bot
from cuesport.bots.aim import pot_lines
from cuesport.bots.moves import Strike
from cuesport.bots.search import Considered


def label(kind: str, target: str | None, call: object) -> str:
    pocket = call[1] if isinstance(call, tuple) else ""
    return f"{kind} {target or '-'}{'@' + pocket if pocket else ''}"


def row(c: Considered, chosen: bool) -> str:
    raced = "" if c.raced is None else f" raced {c.raced:7.2f}"
    cand = c.candidate
    return (f"    {'*' if chosen else ' '} {label(cand.kind, cand.target, cand.call):24s} "
            f"v0 {c.value0:7.2f} look {c.look:+6.2f} n {c.samples:2d} mean {c.mean:7.2f}"
            f"{raced}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("discipline")
    ap.add_argument("--level", default="strong")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--frames", type=int, default=1)
    ap.add_argument("--target", type=int, default=None, help="14.1: the game's points")
    ap.add_argument("--strokes", type=int, default=10, help="strokes printed")
    args = ap.parse_args()
    m = bot_match(args.discipline, args.level, args.seed, args.frames, args.target)
    shown = 0
    for _ in range(20 * args.strokes + 100):
        if m.over or shown >= args.strokes:
            break
        before = dict(m.state.balls)
        for p in m.players:
            if isinstance(p, Bot):
                p.last_choice = None  # set again only by a search
        s = m.step()
        if s.kind != "action" or not isinstance(s.move, Strike):
            continue
        mv = s.move
        bot = m.players[s.player] if s.player is not None else None
        choice = bot.last_choice if isinstance(bot, Bot) else None
        ease = pot_ease(m, before, mv)
        st = m.state
        nxt = ""
        if not st.frame_over:
            t = m.turn()
            if st.in_hand is None and t.cue in st.balls:
                lines = pot_lines(t.table, st.balls, t.cue, st.balls[t.cue], t.targets())
                nxt = (f"{lines[0].target}@{lines[0].pocket} ease {lines[0].ease:.2f}"
                       if lines else "no pot")
            else:
                nxt = f"in hand ({st.in_hand})"
        shown += 1
        print(f"stroke {shown}: player {s.player} {label(mv.kind, mv.target, mv.call)}"
              f"{'' if ease is None else f' ease {ease:.2f}'}; next: {nxt}")
        if choice is None:
            continue  # no search behind this stroke (a fallback): nothing to show
        played = choice.candidate
        for c in choice.considered:
            print(row(c, c.candidate is played))


if __name__ == "__main__":
    main()
