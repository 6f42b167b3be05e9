"""The referee beside a peer's: microseconds to judge one nine-ball stroke, ours and pooltool's.

    .venv/bin/python bench/referee_peer.py --racks 5 --repeat 5 --pooltool /tmp/pt-venv/bin/python

Both sides judge shots their own physics simulated, in-process, with the simulation and
the players' thinking outside the clock:

* cuesport: ``--racks`` nine-ball racks played by two easy bots (seeds 1, 2, ...); each
  rack's record (a ``dict``) is refereed whole by ``cuesport.protocol.referee`` (the
  strict reading of the record, every ruling and its dict), best of ``--repeat`` passes;
  and the same actions fed one at a time to a ``RefereeSession`` (live scoring).
* pooltool (when ``--pooltool PYTHON`` names an interpreter that imports it: it is never a
  cuesport dependency; bench/physics-results.md has its throw-away venv): ``--racks``
  nine-ball racks of its own (its rack, a break, then strokes aimed at the lowest ball with
  a random cut and speed; a pocketed cue ball goes back to the head spot), each simulated
  shot judged by ``Ruleset.process_and_advance`` (legality, turn, game over, respots) on
  fresh copies, best of ``--repeat`` passes.

The two referees do different amounts of work: ours reads and checks the record as
untrusted input and writes the ruling a client receives (positions, score, what is on
offer); pooltool's takes its own trusted objects. Its shots carry more events (every
motion transition), ours only contacts, cushions, pots and line crossings. The columns
say both.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

PEER = r"""
import copy, json, random, sys, time
import numpy as np
import pooltool as pt
from pooltool.ruleset.datatypes import BallInHandOptions

racks, repeat = int(sys.argv[1]), int(sys.argv[2])
gt = pt.GameType.NINEBALL
rng = random.Random(1)
shots = []  # (rack, the simulated shot before it is judged)
for rack in range(racks):
    np.random.seed(rack)  # pooltool's rack has small random gaps
    table = pt.Table.from_game_type(gt)
    system = pt.System(table=table, balls=pt.get_rack(gt, table), cue=pt.Cue(cue_ball_id="cue"))
    game = pt.get_ruleset(gt)(players=[pt.Player("A"), pt.Player("B")])
    for k in range(60):
        left = [b for b in system.balls if b != "cue" and system.balls[b].state.s != 4]
        if not left:
            break
        on = min(left, key=int)
        if k == 0:
            system.strike(V0=8.0, phi=pt.aim.at_ball(system, on))
        else:
            system.strike(V0=rng.uniform(1.5, 4.0),
                          phi=pt.aim.at_ball(system, on, cut=rng.uniform(-20.0, 20.0)))
        pt.simulate(system, inplace=True)
        shots.append((rack, copy.deepcopy(system)))
        game.process_and_advance(system)
        if game.shot_info.game_over:
            break
        system = system.copy()
        system.reset_history()
        cue = system.balls["cue"]
        if cue.state.s == 4:  # in hand: placed on the head spot
            cue.state.rvw[0] = [table.w / 2, table.l / 4, cue.params.R]
            cue.state.rvw[1:] = 0
            cue.state.s = 0
best = float("inf")
for _ in range(repeat):
    fresh = [(r, copy.deepcopy(s)) for r, s in shots]
    t = time.process_time()
    cur = None
    for r, s in fresh:
        if r != cur:
            game = pt.get_ruleset(gt)(players=[pt.Player("A"), pt.Player("B")])
            cur = r
        game.process_and_advance(s)
    best = min(best, time.process_time() - t)
print(json.dumps({"version": pt.__version__, "shots": len(shots),
                  "events": sum(len(s.events) for _, s in shots), "cpu": best}))
"""


def ours(racks: int, repeat: int) -> dict[str, Any]:
    from bots import bot_match
    from cuesport.protocol import RefereeSession, referee

    records = []
    for seed in range(1, racks + 1):
        m = bot_match("nine-ball", "easy", seed, 1)
        m.run()
        records.append(m.session.record())
    n = sum(len(r["actions"]) for r in records)
    shots = [a["shot"] for r in records for a in r["actions"] if "shot" in a]
    whole = feed = float("inf")
    for _ in range(repeat):
        t = time.process_time()
        for r in records:
            out = referee(r)
            assert not any("error" in x for x in out), out
        whole = min(whole, time.process_time() - t)
        t = time.process_time()
        for r in records:
            s = RefereeSession({k: v for k, v in r.items() if k != "actions"})
            for a in r["actions"]:
                s.feed(a)
        feed = min(feed, time.process_time() - t)
    # every action gets a ruling (shots, placements, decisions)
    return {"actions": n, "shots": len(shots),
            "events": sum(len(s.get("events", [])) for s in shots), "whole": whole, "feed": feed}


def peer(python: str, racks: int, repeat: int) -> dict[str, Any] | None:
    done = subprocess.run([python, "-c", PEER, str(racks), str(repeat)], capture_output=True,
                          text=True)
    if done.returncode != 0:
        print(f"(pooltool did not run: {done.stderr.strip().splitlines()[-1:]})")
        return None
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--racks", type=int, default=5)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--pooltool", metavar="PYTHON",
                    help="an interpreter that imports pooltool (its own venv)")
    args = ap.parse_args()
    us = ours(args.racks, args.repeat)
    rows = [("cuesport, referee(record)", us["actions"], us["events"] / us["shots"],
             us["whole"] / us["actions"]),
            ("cuesport, RefereeSession.feed", us["actions"], us["events"] / us["shots"],
             us["feed"] / us["actions"])]
    if args.pooltool:
        pt = peer(args.pooltool, args.racks, args.repeat)
        if pt is not None:
            rows.append((f"pooltool {pt['version']}, process_and_advance",
                         pt["shots"],  # one ruling a shot
                         pt["events"] / pt["shots"], pt["cpu"] / pt["shots"]))
    print(f"nine-ball, {args.racks} racks a side, best CPU of {args.repeat} passes")
    print(f"{'referee':<42} {'rulings':>8} {'events/shot':>12} {'us/ruling':>10} {'rulings/s':>10}")
    for name, k, ev, sec in rows:
        print(f"{name:<42} {k:>8} {ev:>12.1f} {sec * 1e6:>10.1f} {1 / sec:>10.0f}")


if __name__ == "__main__":
    main()
