"""``cuesport play``: a match between bots (or resume a stored one), with live commentary."""

from __future__ import annotations

import argparse
import sys
import time

from cuesport import disciplines


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "play", help="play a match between bots, with commentary, stored in the database",
        description="Play a match stroke by stroke on the simulated table; the referee rules "
        "on every stroke and each one is stored at once, so an interrupted match resumes "
        "with --resume ID.")
    p.add_argument("discipline", nargs="?", choices=disciplines.ids())
    p.add_argument("--players", nargs=2, default=["bot:medium", "bot:medium"],
                   metavar=("P1", "P2"), help="bot:easy|medium|strong (default bot:medium)")
    p.add_argument("--partners", nargs=2, metavar=("P3", "P4"),
                   help="a partner for each side: a 2-vs-2 match (four-handed snooker "
                   "SNK-3.17, pool doubles), members playing in the order P1 P2 P3 P4")
    p.add_argument("--scotch", action="store_true",
                   help="with --partners: members alternate strokes (scotch doubles)")
    p.add_argument("--frames", type=int, default=1, help="frames (racks) to play (default 1)")
    p.add_argument("--race-to", type=int, help="first to N frames wins instead")
    targets = ", ".join(d.id for d in disciplines.all() if d.target)
    p.add_argument("--target", type=int, help=f"points target ({targets})")
    p.add_argument("--seed", type=int, default=0, help="seed for bots, lag and racks")
    p.add_argument("--db", help="SQLAlchemy URL (default: SQLite in the user's data dir)")
    p.add_argument("--resume", type=int, metavar="ID", help="continue stored match ID")
    p.add_argument("--lang", default="en", choices=["en", "ru"])
    p.add_argument("--quiet", action="store_true", help="no commentary, only the result")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from cuesport.game.commentary import action_line, scoreboard, t
    from cuesport.game.match import GameError, Match, MatchFormat
    from cuesport.game.players import make_player
    from cuesport.storage import Store

    console = Console(highlight=False)
    err = Console(stderr=True)
    store = Store(args.db)
    try:
        if args.resume is not None:
            m = Match.resume(store, args.resume, lang=args.lang)
        else:
            if args.discipline is None:
                err.print("cuesport play: give a DISCIPLINE (or --resume ID)")
                return 2
            if any(not s.startswith("bot") for s in [*args.players, *(args.partners or [])]):
                err.print("cuesport play: the command line plays bots (bot:easy, bot:medium, "
                          "bot:strong); humans play through the API")
                return 2
            players = [make_player(s, seed=args.seed * 2 + i)
                       for i, s in enumerate(args.players)]
            partners = None if args.partners is None else [
                make_player(s, seed=args.seed * 2 + 2 + i) for i, s in enumerate(args.partners)]
            fmt = MatchFormat(max(1, args.frames), args.race_to, args.target)
            m = Match(args.discipline, players, fmt=fmt, store=store, seed=args.seed,
                      lang=args.lang, specs=args.players, partners=partners,
                      partner_specs=args.partners,
                      alternate="stroke" if args.scotch else "turn")
    except (GameError, ValueError, KeyError) as e:
        err.print(f"cuesport play: {e}")
        return 2
    lang = args.lang
    total = m.fmt.race_to * 2 - 1 if m.fmt.race_to else m.fmt.frames
    t0 = time.perf_counter()
    console.print(f"[bold]{m.discipline}[/bold]: {m.names[0]} v {m.names[1]} "
                  f"(match {m.match_id}, {m.store.url if m.store else 'not stored'})")
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  console=console, transient=True,
                  disable=not console.is_terminal) as progress:
        task = progress.add_task("frames", total=total, completed=len(m.results))
        while True:
            try:
                s = m.step()
            except GameError as e:
                err.print(f"cuesport play: {e}")
                return 1
            if s.kind == "action" and s.action is not None and s.ruling is not None:
                if not args.quiet:
                    mv = s.move
                    line = action_line(m.names, s.action, s.ruling, getattr(mv, "kind", ""),
                                       getattr(mv, "target", None), lang,
                                       members=m.member_names)
                    console.print(f"  {line}")
                    if "shot" in s.action and s.ruling["to_play"] != s.player:
                        board = scoreboard(m.names, m.frame_no, m.wins, s.ruling, lang)
                        console.print(f"[dim]{board}[/dim]")
            elif s.kind in ("frame-start", "match-end"):
                res = m.results[-1]
                a, b = res.score
                # rotation games and eight-ball keep no score: the rack is the unit
                key = "rack-won" if m.facts.frame_word == "rack" else "frame-won"
                msg = (t(lang, key, n=res.number, name=m.names[res.winner], a=a, b=b)
                       if res.winner is not None else t(lang, "frame-drawn", n=res.number))
                console.print(f"[bold]{msg}[/bold] — {m.wins[0]}-{m.wins[1]}")
                progress.update(task, completed=len(m.results))
                if s.kind == "match-end":
                    break
                if not args.quiet:
                    console.print(t(lang, "frame-start", n=m.frame_no,
                                    name=m.names[m.to_play]))
            elif s.kind == "wait":
                err.print("cuesport play: a human is to play; humans play through the API")
                return 2
    a, b = m.wins
    if m.winner is None:
        console.print(f"[bold]{t(lang, 'match-drawn', a=a, b=b)}[/bold]")
    else:
        won = t(lang, "match-won", name=m.names[m.winner], a=max(a, b), b=min(a, b))
        console.print(f"[bold]{won}[/bold]")
    console.print(f"[dim]{time.perf_counter() - t0:.1f} s; stored as match {m.match_id}[/dim]")
    store.close()
    sys.stdout.flush()
    return 0
