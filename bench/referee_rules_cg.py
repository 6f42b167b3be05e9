"""Benchmark harness for instruction counts of the referee (valgrind cachegrind): replays a
fixed mix of records of all six disciplines (1,580 actions) in one of three modes, so that
the difference of two runs' instruction counts is the cost of one part:

* ``setup``: build the records' sessions and parse every action (nothing ruled);
* ``rules``: ``setup``, then apply every parsed action and build its ruling dict (the
  rules side: :meth:`Referee.apply`, :meth:`Referee.ruling_dict`);
* ``full``: ``setup``, then :func:`cuesport.protocol.referee` on every record (end to end).

Instructions per ruling: ``(rules - setup) / 1580`` and ``(full - setup) / 1580``. A second
argument keeps one group of records: ``pool`` (the 1,000 pool actions) or ``snooker`` (the
580 snooker and 1-red actions). Usage::

    python bench/referee_rules_cg.py build          # once: the records, under the temp folder
    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \\
        .venv/bin/python bench/referee_rules_cg.py rules    # and setup, full

The counts are deterministic to about 0.1 %, unlike CPU time on a shared machine.
"""

from __future__ import annotations

import json
import pickle
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples" / "snooker"))

RECORDS = Path(tempfile.gettempdir()) / "cuesport-bench-rules-cg.pkl"


def build() -> list[dict[str, Any]]:
    import make_examples

    import referee_snooker
    import referee_snooker_one_red as one_red
    from referee_pool import records

    recs: list[dict[str, Any]] = []
    for game in ("nine-ball", "ten-ball", "eight-ball", "straight-pool"):
        recs += records(game, 250)
    recs += [make() for make, _ in make_examples.EXAMPLES.values()]
    recs.append(referee_snooker.safety_exchange(100))
    recs.append(one_red.long_game(10))
    recs += [json.loads(p.read_text("utf-8")) for p in sorted(one_red.EXAMPLES.glob("*.json"))]
    return recs


def main() -> None:
    mode = sys.argv[1] if len(sys.argv) > 1 else "rules"
    if mode == "build":
        recs = build()
        RECORDS.write_bytes(pickle.dumps(recs))
        print(f"{len(recs)} records, {sum(len(r['actions']) for r in recs)} actions")
        return
    from cuesport.record import parse_action
    from cuesport.rules.session import RefereeSession, referee

    recs = pickle.loads(RECORDS.read_bytes())
    if len(sys.argv) > 2:  # one group: pool, or snooker and 1-red
        snooker = sys.argv[2] == "snooker"
        recs = [r for r in recs if r["discipline"].startswith("snooker") == snooker]
    parsed = []
    for r in recs:
        s = RefereeSession(r, keep=False)
        parsed.append((s, [parse_action(a, s.header.version, s.referee.positions)
                           for a in r["actions"]]))
    if mode == "rules":
        for s, actions in parsed:
            ref, state = s.referee, s.state
            # what a session prints (an older tree, to compare with: ruling().to_dict())
            rule = getattr(ref, "ruling_dict", None) or (
                lambda i, o, st, lang, ref=ref: ref.ruling(i, o, st, lang).to_dict())
            for i, action in enumerate(actions):
                outcome, state = ref.apply(state, action)
                rule(i, outcome, state, "en")
    elif mode == "full":
        for r in recs:
            out = referee(r)
            assert "error" not in out[-1], out[-1]
    print(sum(len(a) for _, a in parsed), "actions", file=sys.stderr)


if __name__ == "__main__":
    main()
