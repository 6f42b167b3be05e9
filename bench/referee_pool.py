"""Benchmark: rulings per second of the pool referees (nine-, ten-, eight-ball, 14.1).

Builds records of each game by random legal-looking play (fixed seed, bad actions
dropped), then times (CPU time, best of ``--repeat``) replaying them two ways, geometry
included (spotting, re-racks, placement checks): ``dict API`` is
:func:`cuesport.protocol.referee` on the record as a ``dict``; ``end to end`` is what
``cuesport referee FILE`` does once the file is read: the record's JSON text (bytes) in,
strict decoding, one JSON line per ruling out (to /dev/null). Building the records and
their JSON text is set-up and not timed. Usage::

    python bench/referee_pool.py [--actions 3000] [--repeat 3] [--game straight-pool]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import time
from collections.abc import Callable
from typing import Any

from cuesport.cli.referee import write_rulings
from cuesport.protocol import RefereeSession, referee

GAMES = ("nine-ball", "ten-ball", "eight-ball", "straight-pool")
POCKETS = ("bottom-left", "bottom-right", "middle-left", "middle-right", "top-left", "top-right")
R, W, L = 28.575, 1270.0, 2540.0


def _free(rng: random.Random, balls: dict[str, Any], kitchen: bool) -> list[float]:
    for _ in range(50):
        p = (rng.uniform(R, W - R), rng.uniform(R, L / 4 - 5 if kitchen else L - R))
        if all(q is None or math.dist(p, q) > 2 * R + 1 for q in balls.values()):
            return [p[0], p[1]]
    return [R, R]


def _action(rng: random.Random, ruling: dict[str, Any] | None, game: str) -> dict[str, Any]:
    if ruling and ruling["options"] and (rng.random() < 0.5 or "play" not in ruling["options"]):
        return {"decision": {"player": ruling["to_play"],
                             "choice": rng.choice(ruling["options"])}}
    balls = dict(ruling["state"]["balls"]) if ruling else {}
    objects = sorted((b for b in balls if b != "cue"), key=int) or ["1"]
    player = ruling["to_play"] if ruling else 0
    target = objects[0] if rng.random() < 0.7 else rng.choice(objects)
    pocket = rng.choice(POCKETS)
    shot: dict[str, Any] = {"player": player, "events": [{"hit": ["cue", target]}]}
    if ruling is None or ruling["in_hand"]:
        shot["cue_ball"] = _free(rng, balls, ruling is None or ruling["in_hand"] == "kitchen")
    if rng.random() < 0.6:
        shot["events"].append({"pot": target, "pocket": pocket})
    else:
        shot["events"] += [{"cushion": "cue"}, {"cushion": target}]
    if game != "nine-ball":
        shot["call"] = {"ball": target, "pocket": pocket}
    rest = {k: v for k, v in balls.items() if k not in ("cue", target)}
    shot["after"] = {"cue": _free(rng, rest, False)}
    return {"shot": shot}


def long_record(game: str, n: int, seed: int = 1) -> dict[str, Any]:
    rng = random.Random(seed)
    rules = {"target": 10**6} if game == "straight-pool" else {}
    actions: list[dict[str, Any]] = []
    session = RefereeSession({"discipline": game, "rules": rules})
    last = None
    while len(actions) < n:  # one rack (one game of 14.1) per record
        a = _action(rng, last, game)
        out = session.feed(a)
        if "error" in out:
            continue
        actions.append(a)
        last = out
        if out["frame_over"]:
            break
    return {"discipline": game, "rules": rules, "actions": actions}


def records(game: str, n: int) -> list[dict[str, Any]]:
    """Racks of ``game`` adding up to about ``n`` actions."""
    out, total, seed = [], 0, 1
    while total < n:
        rec = long_record(game, n - total, seed)
        out.append(rec)
        total += len(rec["actions"])
        seed += 1
    return out


SINK = open(os.devnull, "wb")  # noqa: SIM115 (open for the whole run; the CLI writes bytes)


def end_to_end(data: bytes, lang: str = "en") -> int:
    """``cuesport referee`` after reading the file: JSON text in, JSON lines out."""
    status = write_rulings(data, lang, SINK)
    assert status == 0, "a bench record was refused"
    return status


def best_cpu(run: Callable[[], object], repeat: int) -> float:
    best = math.inf
    for _ in range(repeat):
        t0 = time.process_time()  # CPU time: steadier than wall time on a busy machine
        run()
        best = min(best, time.process_time() - t0)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--actions", type=int, default=3000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--game", choices=GAMES, action="append")
    args = ap.parse_args()
    grand_n, grand_dict, grand_e2e = 0, 0.0, 0.0
    for game in args.game or GAMES:
        recs = records(game, args.actions)
        texts = [json.dumps(r).encode() for r in recs]  # set-up: not timed
        n = sum(len(r["actions"]) for r in recs)
        t_dict = best_cpu(lambda: [referee(r) for r in recs], args.repeat)  # noqa: B023
        t_e2e = best_cpu(lambda: [end_to_end(t) for t in texts], args.repeat)  # noqa: B023
        grand_n += n
        grand_dict += t_dict
        grand_e2e += t_e2e
        print(f"{game:14s} {n:6d} rulings in {len(recs):4d} records: "
              f"dict API {n / t_dict:8,.0f} rulings/s, end to end {n / t_e2e:8,.0f} rulings/s")
    print(f"{'all':14s} {grand_n:6d} rulings:{'':18s}dict API {grand_n / grand_dict:8,.0f} "
          f"rulings/s, end to end {grand_n / grand_e2e:8,.0f} rulings/s")


if __name__ == "__main__":
    main()
