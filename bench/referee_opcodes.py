"""Bytecodes and Python calls per ruling of the rules side, per discipline: a count that
does not depend on the machine's load (``sys.settrace`` opcode events), for the records
of :mod:`referee_rules_cg` (``python bench/referee_rules_cg.py build`` first).

Each parsed action is applied and its ruling dict built (``Referee.ruling_dict`` where
the tree has it, else ``ruling().to_dict()``) under the tracer; parsing is not counted.
With ``--top N`` the N functions with the most bytecodes in the usual 14.1 shots (a pot
as called, a miss) are listed too. Usage::

    python bench/referee_opcodes.py [--top 30]
"""

from __future__ import annotations

import argparse
import collections
import pickle
import sys
from pathlib import Path
from types import FrameType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cuesport.record import parse_action
from cuesport.rules.session import RefereeSession
from referee_rules_cg import RECORDS


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--top", type=int, default=0)
    args = ap.parse_args()
    recs = pickle.loads(RECORDS.read_bytes())
    ops: collections.Counter[str] = collections.Counter()
    calls: collections.Counter[str] = collections.Counter()
    where: collections.Counter[str] = collections.Counter()
    typical: collections.Counter[str] = collections.Counter()
    n: collections.Counter[str] = collections.Counter()
    key = [""]
    usual = [False]

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        frame.f_trace_opcodes = True
        if event == "call":
            calls[key[0]] += 1
        elif event == "opcode":
            ops[key[0]] += 1
            if usual[0]:
                co = frame.f_code
                where[f"{Path(co.co_filename).name}:{co.co_firstlineno} {co.co_name}"] += 1
        return tracer

    for r in recs:
        s = RefereeSession(r, keep=False)
        ref, state = s.referee, s.state
        acts = [parse_action(a, s.header.version, ref.positions) for a in r["actions"]]
        rule = getattr(ref, "ruling_dict", None) or (
            lambda i, o, st, lang, ref=ref: ref.ruling(i, o, st, lang).to_dict())
        for i, action in enumerate(acts):
            key[0] = r["discipline"]
            first, _ = ref.apply(state, action)  # once untraced: is it a usual shot?
            keys = [c.key for c in first.calls]
            usual[0] = r["discipline"] == "straight-pool" and keys in (["score"], ["to-play"])
            sys.settrace(tracer)
            outcome, state = ref.apply(state, action)
            rule(i, outcome, state, "en")
            sys.settrace(None)
            n[key[0]] += 1
            typical["n"] += usual[0]
    for d in n:
        print(f"{d:16s} {n[d]:5d} actions: {ops[d] / n[d]:6.0f} bytecodes, "
              f"{calls[d] / n[d]:5.1f} Python calls per ruling")
    t = sum(n.values())
    print(f"{'all':16s} {t:5d} actions: {sum(ops.values()) / t:6.0f} bytecodes, "
          f"{sum(calls.values()) / t:5.1f} Python calls per ruling")
    if args.top and typical["n"]:
        print(f"\nbytecodes per ruling by function, {typical['n']} usual 14.1 shots:")
        for f, v in where.most_common(args.top):
            print(f"{v / typical['n']:7.1f}  {f}")


if __name__ == "__main__":
    main()
