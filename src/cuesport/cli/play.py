"""``cuesport play``: a match between bots (or resume a stored one), with live commentary."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from cuesport import disciplines
from cuesport.cli.common import DB_HELP, missing, open_store, positive_int

TARGETS = tuple(d.id for d in disciplines.all() if d.target)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "play", help="play a match between bots, with commentary, stored in the database",
        description="Play a match stroke by stroke on the simulated table; the referee rules "
        "on every stroke and each one is stored at once, so an interrupted match resumes "
        "with --resume ID.")
    p.add_argument("discipline", nargs="?", choices=disciplines.ids())
    p.add_argument("--players", nargs=2, default=["bot:medium", "bot:medium"],
                   metavar=("P1", "P2"), help="bot:easy|medium|strong|pro (default bot:medium)")
    p.add_argument("--partners", nargs=2, metavar=("P3", "P4"),
                   help="a partner for each side: a 2-vs-2 match (four-handed snooker "
                   "SNK-3.17, pool doubles), members playing in the order P1 P2 P3 P4")
    p.add_argument("--scotch", action="store_true",
                   help="with --partners: members alternate strokes (scotch doubles)")
    p.add_argument("--frames", type=positive_int, default=1,
                   help="frames (racks) to play, at least 1 (default 1)")
    p.add_argument("--race-to", type=positive_int, metavar="N",
                   help="first to N frames wins, instead of --frames")
    p.add_argument("--target", type=positive_int, metavar="POINTS",
                   help=f"points to win a game of {' or '.join(TARGETS)} (default: the "
                   "discipline's, 100)")
    p.add_argument("--seed", type=int, default=0,
                   help="seed for the bots, the lag and the racks: the same seed plays the "
                   "same match (default 0)")
    p.add_argument("--db", help=DB_HELP)
    p.add_argument("--resume", type=int, metavar="ID", help="continue stored match ID")
    p.add_argument("--lang", default="en", choices=["en", "ru"],
                   help="language of the commentary and the referee's calls (default en)")
    p.add_argument("--quiet", action="store_true",
                   help="no commentary: a line per visit that scored, and the results")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from rich.console import Console

    from cuesport.cli.report import Reporter
    from cuesport.game.match import GameError, Match, MatchFormat
    from cuesport.game.players import make_player

    # soft wrap: long lines (a command to copy, a line in a pipe) are not cut
    console = Console(highlight=False, soft_wrap=True)
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    store = open_store(args.db)
    try:
        if args.resume is not None:
            m = Match.resume(store, args.resume, lang=args.lang)
        else:
            if args.discipline is None:
                err.print("cuesport play: give a DISCIPLINE (or --resume ID)", markup=False)
                return 2
            if any(not s.startswith("bot") for s in [*args.players, *(args.partners or [])]):
                err.print("cuesport play: the command line plays bots (bot:easy, bot:medium, "
                          "bot:strong); humans play through the API", markup=False)
                return 2
            players = [make_player(s, seed=args.seed * 2 + i)
                       for i, s in enumerate(args.players)]
            fmt = MatchFormat(args.frames, args.race_to, args.target)
            partners = None if args.partners is None else [
                make_player(s, seed=args.seed * 2 + 2 + i) for i, s in enumerate(args.partners)]
            m = Match(args.discipline, players, fmt=fmt, store=store, seed=args.seed,
                      lang=args.lang, specs=args.players, partners=partners,
                      partner_specs=args.partners,
                      alternate="stroke" if args.scotch else "turn")
    except KeyError as e:
        err.print(f"cuesport play: {missing(e)}", markup=False)
        return 2
    except (GameError, ValueError) as e:
        err.print(f"cuesport play: {e}", markup=False)
        return 2
    report = Reporter(console, m.discipline, m.names, args.lang, args.quiet,
                      members=m.member_names if m.protocol != 1 else None)
    if m.over:  # a finished match: say how it ended, play nothing
        report.say(report_over(m, args.lang))
        for r in m.results:
            report.frame_result(r.number, r.winner, r.score, wins_after(m, r.number))
        report.match_result(m.winner, m.wins)
        store.close()
        return 0
    try:
        code = play_out(m, report, console, err)
    except KeyboardInterrupt:
        err.print(report.interrupted(m.match_id, args.db), markup=False)
        store.close()
        return 130
    store.close()
    sys.stdout.flush()
    return code


def report_over(m: Any, lang: str) -> str:
    from cuesport.cli.report import w

    return w(lang, "already-over", id=m.match_id)


def wins_after(m: Any, number: int) -> list[int]:
    """Frames won by each player after frame ``number`` (for the lines of a finished match)."""
    wins = [0, 0]
    for r in m.results:
        if r.number <= number and r.winner is not None:
            wins[r.winner] += 1
    return wins


def play_out(m: Any, report: Any, console: Any, err: Any) -> int:
    """Step the match to its end, printing as it goes; a moving bar on a terminal."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from cuesport.game.commentary import t
    from cuesport.game.match import GameError

    total = m.fmt.race_to * 2 - 1 if m.fmt.race_to else m.fmt.frames
    t0 = time.perf_counter()
    where = m.store.url if m.store else "not stored"
    report.say(f"{m.discipline}: {m.names[0]} v {m.names[1]} (match {m.match_id}, {where})",
               "bold")
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  console=console, transient=True,
                  disable=not console.is_terminal) as progress:
        frames = progress.add_task("frames", total=total, completed=len(m.results))
        strokes = progress.add_task(f"frame {m.frame_no}: strokes", total=None)
        while True:
            try:
                s = m.step()
            except GameError as e:
                err.print(f"cuesport play: {e}", markup=False)
                return 1
            if s.kind == "action" and s.action is not None and s.ruling is not None:
                report.action(s, m.frame_no, m.wins)
                sc = s.ruling.get("score", [0, 0])
                progress.update(strokes, advance=1,
                                description=f"frame {m.frame_no}: {sc[0]}-{sc[1]}, strokes")
            elif s.kind in ("frame-start", "match-end"):
                res = m.results[-1]
                report.frame_result(res.number, res.winner, res.score, m.wins)
                progress.update(frames, completed=len(m.results))
                progress.reset(strokes, description=f"frame {m.frame_no}: strokes")
                if s.kind == "match-end":
                    break
                if not report.quiet:
                    report.say(t(report.lang, "frame-start", n=m.frame_no,
                                 name=m.names[m.to_play]))
            elif s.kind == "wait":
                err.print("cuesport play: a human is to play; humans play through the API",
                          markup=False)
                return 2
    report.match_result(m.winner, m.wins)
    report.say(f"{time.perf_counter() - t0:.1f} s; stored as match {m.match_id}", "dim")
    return 0
