"""Bot-vs-bot benchmark: N frames per discipline and level, with the statistics table.

    .venv/bin/python bench/bots.py --frames 10                 # every discipline and level
    .venv/bin/python bench/bots.py --disciplines snooker --levels strong --frames 5
    .venv/bin/python bench/bots.py --levels strong --noise olympiad --frames 10

Each row is one discipline, level and noise preset, both players of that level (a frame
is a rack in pool). Columns:

- ``avg``, ``high``: average and highest break (points in snooker and 1-red, balls in
  pool: the run, so ``high`` is the high run in 14.1); ``50+/fr``, ``100+/fr``: breaks
  of 50 and 100 or more per frame;
- ``B&R %``: racks won by the breaker without the opponent taking a stroke (pool; a push
  out passed back is not the opponent's stroke: :func:`break_and_run`);
- ``balls/inn``: balls potted legally per visit (pool);
- ``pot %`` by the ghost-ball ease of the pot chosen (easy >= 0.6 > medium >= 0.3 > hard);
- ``fouls/fr``; ``safe %``: safeties after which the opponent's next visit scores nothing;
  ``esc foul %``: escapes from a snooker that fouled;
- ``cpu s/dec`` (mean, max): processor seconds of one decision (the budget is counted in
  simulations and events, so this is the cost on one core whatever the load),
  ``sims/dec``, ``events/dec`` (physics events simulated, mean and max: the budget's cap).
Games to a target are played to ``--target`` points: by default 150 in straight pool
(the issue's "high run in games to 150") and 50 in 1-red.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from cuesport import disciplines
from cuesport.bots import LEVELS, Bot
from cuesport.bots.aim import pot_lines
from cuesport.bots.moves import Strike
from cuesport.game.match import Match, MatchFormat

POOL = tuple(d.id for d in disciplines.all() if d.family == "pool")
RACKED = tuple(d for d in POOL if not disciplines.find(d).target)  # a frame is a rack
TARGETS = {"straight-pool": 150, "snooker-one-red": 50}  # points a game is played to


def target_for(discipline: str, given: int | None) -> int | None:
    """The points a game of ``discipline`` is played to (None: a frame or a rack)."""
    if not disciplines.find(discipline).target:
        return None
    return given if given is not None else TARGETS.get(discipline, 50)


@dataclass(slots=True)
class Tally:
    frames: int = 0
    breaks: list[int] = field(default_factory=list)
    break_and_run: int = 0
    potted: int = 0
    visits: int = 0
    attempts: dict[str, int] = field(default_factory=lambda: {"easy": 0, "medium": 0,
                                                              "hard": 0})
    pots: dict[str, int] = field(default_factory=lambda: {"easy": 0, "medium": 0,
                                                          "hard": 0})
    fouls: int = 0
    safeties: int = 0
    safe_ok: int = 0
    escapes: int = 0
    escape_fouls: int = 0
    cpu: list[float] = field(default_factory=list)
    sims: list[int] = field(default_factory=list)
    events: list[int] = field(default_factory=list)


def bot_match(discipline: str, level: str, seed: int, frames: int,
              target: int | None = None) -> Match:
    """Two bots of ``level`` (seeds ``seed`` and ``seed + 1``) in a match of ``frames``,
    the set-up the single-match benches share."""
    bots = [Bot(level, seed), Bot(level, seed + 1)]
    return Match(discipline, bots, fmt=MatchFormat(frames=frames, target=target), seed=seed)


def pot_ease(m: Match, before: dict[str, Any], mv: Any) -> float | None:
    """The ghost-ball ease of the pot a stroke chose (None: not a pot), from the balls
    before it (the cue ball where it was placed from hand)."""
    if not (isinstance(mv, Strike) and mv.kind == "pot" and mv.target):
        return None
    cue = mv.stroke.cue_ball
    if mv.cue_ball is not None:
        before[cue] = mv.cue_ball
    lines = pot_lines(m.table, before, cue, before[cue], [mv.target]) if cue in before else []
    return lines[0].ease if lines else 0.0


def band(ease: float) -> str:
    return "easy" if ease >= 0.6 else "medium" if ease >= 0.3 else "hard"


def break_and_run(log: list[Any], winner: int | None) -> bool:
    """The issue's break-and-run: the breaker wins the rack without the opponent taking a
    stroke. An option the opponent takes (play or pass after a push out, P9-2.4 and
    P10-9.4; after a ball pocketed on a safety or without a call, P10-9.6 and P10-9.7) is
    not a stroke, so a push out passed back and then a run counts; ``bench/pool_racks.py``
    (``rack_story``) and ``bench/pool_runouts.py`` count the same."""
    shots = [a["shot"] for a, _, _ in log if "shot" in a]
    return bool(shots) and winner is not None and all(
        int(s["player"]) == winner for s in shots)


def frame_tally(t: Tally, log: list[Any], winner: int | None, eases: dict[int, float],
                discipline: str) -> None:
    """Add one frame's (action, ruling, params) log. ``eases``: log index -> ease of the
    pot the stroke was meant as."""
    t.frames += 1
    shots = [(i, a["shot"], r, p) for i, (a, r, p) in enumerate(log) if "shot" in a]
    if discipline in RACKED and break_and_run(log, winner):
        t.break_and_run += 1
    visit: int | None = None
    brk = 0
    pending_safety: int | None = None  # who played a safety the opponent now answers
    for k, (i, shot, ruling, params) in enumerate(shots):
        who = int(shot["player"])
        if who != visit:
            if visit is not None:
                t.visits += 1
                if brk > 0:
                    t.breaks.append(brk)
            visit, brk = who, 0
        legal = bool(ruling.get("legal", True))
        kind = (params or {}).get("kind", "")
        target = (params or {}).get("target")
        potted = {e["pot"] for e in shot.get("events", ()) if "pot" in e}
        if not legal:
            t.fouls += 1
        elif discipline in POOL:
            t.potted += len(potted)
        if pending_safety is not None and who != pending_safety:
            # the opponent's visit after a safety: did it score?
            nxt = [r for _, s, r, _ in shots[k:] if int(s["player"]) == who]
            first_break = 0
            for _, s, r, _ in shots[k:]:
                if int(s["player"]) != who:
                    break
                first_break = max(first_break, int(r.get("break", 0) or 0)
                                  if r.get("to_play") == who else 0)
            t.safe_ok += int(first_break == 0 and bool(nxt))
            pending_safety = None
        if kind == "safety":
            t.safeties += 1
            pending_safety = who if legal and ruling.get("to_play") != who else None
        if kind == "escape":
            t.escapes += 1
            t.escape_fouls += int(not legal)
        if kind == "pot" and i in eases:
            b = band(eases[i])
            t.attempts[b] += 1
            t.pots[b] += int(legal and target in potted)
        if ruling.get("to_play") == who:
            brk = max(brk, int(ruling.get("break", 0) or 0))
    if visit is not None:
        t.visits += 1
        if brk > 0:
            t.breaks.append(brk)


def run(job: tuple[str, str, str, int, int | None, int]) -> dict[str, Any]:
    discipline, level, noise, frames, target, seed = job
    tgt = target_for(discipline, target)
    bots = [Bot(level, seed, noise=noise), Bot(level, seed + 1, noise=noise)]
    m = Match(discipline, bots, fmt=MatchFormat(frames=frames, target=tgt), seed=seed)
    t = Tally()
    eases: dict[int, float] = {}
    steps = 0
    t0 = time.perf_counter()
    while not m.over:
        who = m.to_play
        before = dict(m.state.balls)
        sims0 = bots[who].simulations
        ev0 = bots[who].events
        c0 = time.process_time()
        s = m.step()
        steps += 1
        if s.kind == "action" and s.move is not None:
            t.cpu.append(time.process_time() - c0)
            t.sims.append(bots[who].simulations - sims0)
            t.events.append(bots[who].events - ev0)
            ease = pot_ease(m, before, s.move)
            if ease is not None:
                eases[len(m.log) - 1] = ease
        if s.kind in ("frame-start", "match-end"):
            res = m.results[-1]
            frame_tally(t, res.log, res.winner, eases, discipline)
            eases = {}
            # progress, so that a long row stopped early still says what it played
            print(f"{discipline}/{level}/{noise} seed {seed}: frame {t.frames} done, "
                  f"high {max(t.breaks, default=0)}, cpu {sum(t.cpu):.0f} s, breaks "
                  f"{' '.join(map(str, t.breaks))}", file=sys.stderr, flush=True)
        if steps > 10_000 * frames:
            raise RuntimeError(f"{discipline}/{level}: stuck")
    n = max(t.frames, 1)
    att = sum(t.attempts.values())
    return {
        "discipline": discipline, "level": level, "noise": noise, "frames": t.frames,
        "avg": statistics.mean(t.breaks) if t.breaks else 0.0,
        "high": max(t.breaks, default=0),
        "b50": sum(b >= 50 for b in t.breaks) / n, "b100": sum(b >= 100 for b in t.breaks) / n,
        "bnr": t.break_and_run / n if discipline in RACKED else None,
        "bpi": t.potted / t.visits if discipline in POOL and t.visits else None,
        "pot": sum(t.pots.values()) / att if att else 0.0,
        "pot_by": {b: (t.pots[b], t.attempts[b]) for b in t.attempts},
        "fouls": t.fouls / n,
        "safe": t.safe_ok / t.safeties if t.safeties else None,
        "esc": (t.escape_fouls, t.escapes),
        "cpu": statistics.mean(t.cpu) if t.cpu else 0.0, "cpu_max": max(t.cpu, default=0.0),
        "sims": statistics.mean(t.sims) if t.sims else 0.0,
        "events": statistics.mean(t.events) if t.events else 0.0,
        "events_max": max(t.events, default=0),
        "wall": time.perf_counter() - t0,
        "breaks": list(t.breaks),
    }


def pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.0f}"


def row(r: dict[str, Any]) -> str:
    by = " / ".join(f"{100 * p / a:.0f}" if a else "-" for p, a in r["pot_by"].values())
    ef, en = r["esc"]
    esc = f"{100 * ef / en:.0f} ({en})" if en else "- (0)"
    bpi = "-" if r["bpi"] is None else f"{r['bpi']:.2f}"
    return (f"| {r['discipline']} | {r['level']} | {r['noise']} | {r['frames']} | "
            f"{r['avg']:.1f} | {r['high']} | {r['b50']:.2f} | {r['b100']:.2f} | "
            f"{pct(r['bnr'])} | {bpi} | {100 * r['pot']:.0f} | {by} | {r['fouls']:.2f} | "
            f"{pct(r['safe'])} | {esc} | {r['cpu']:.2f} / {r['cpu_max']:.2f} | "
            f"{r['sims']:.0f} | {r['events']:.0f} / {r['events_max']} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--frames", type=int, default=10)
    ap.add_argument("--disciplines", nargs="*", default=list(disciplines.ids()))
    ap.add_argument("--levels", nargs="*", default=list(LEVELS))
    ap.add_argument("--noise", nargs="*", default=["level"], choices=["level", "olympiad"])
    ap.add_argument("--target", type=int, default=None,
                    help="points a game is played to (default: 150 in straight-pool, "
                         "50 in 1-red)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    jobs = [(d, lv, nz, args.frames, args.target, args.seed) for d in args.disciplines
            for lv in args.levels for nz in args.noise]
    done: dict[int, dict[str, Any]] = {}
    head = ("discipline", "level", "noise", "frames", "avg", "high", "50+/fr", "100+/fr",
            "B&R %", "balls/inn", "pot %", "pot % easy/med/hard", "fouls/fr", "safe %",
            "esc foul % (n)", "cpu s/dec mean / max", "sims/dec", "events/dec mean / max")
    with ProcessPoolExecutor(args.workers) as pool:
        futures = {pool.submit(run, job): i for i, job in enumerate(jobs)}
        for fut in as_completed(futures):
            i = futures[fut]
            try:
                done[i] = fut.result()
                b = done[i]["breaks"]
                se = statistics.stdev(b) / len(b) ** 0.5 if len(b) > 1 else 0.0
                # every break, and the average's standard error, for paired comparisons
                print(f"done {jobs[i][0]}/{jobs[i][1]}/{jobs[i][2]} in "
                      f"{done[i]['wall']:.0f} s; {len(b)} breaks, average s.e. {se:.1f}: "
                      f"{' '.join(map(str, b))}", file=sys.stderr, flush=True)
            except Exception as err:  # report the failure, keep the other rows
                print(f"{jobs[i][0]}/{jobs[i][1]} failed: {err}", file=sys.stderr, flush=True)
    games = ", ".join(f"{d} to {target_for(d, args.target)}" for d in args.disciplines
                      if target_for(d, args.target) is not None)
    print(f"seed {args.seed}, {args.frames} frames (racks, or games: {games or 'none'}) "
          f"per row")
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for i in range(len(jobs)):
        if i in done:
            print(row(done[i]), flush=True)


if __name__ == "__main__":
    main()
