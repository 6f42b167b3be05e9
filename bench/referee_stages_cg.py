"""Benchmark harness for instruction counts of the stages of a 14.1 ruling (valgrind
cachegrind): the first ``--actions`` actions (default 2,300) of the 14.1 record of
``referee_long.py`` (``python bench/referee_long.py --actions 20000`` builds it), each
mode doing the stages of the one before and one more:

* ``setup``: read the record, make the session (nothing refereed);
* ``decode``: the whole-text check and the decoding of every action (``load_record``);
* ``parse``: and ``parse_action`` on each;
* ``apply``: and ``Referee.apply``;
* ``text``: and the ruling's JSON (``Referee.ruling_dict``, ``rules.text.dumps``);
* ``write``: ``cli.referee.write_rulings`` instead (what ``cuesport referee`` runs).

A stage's instructions per action is the difference of two modes' counts over the
number of actions (the set-up and the imports cancel). Usage::

    PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no \\
        --cachegrind-out-file=/dev/null .venv/bin/python bench/referee_stages_cg.py decode

The counts are deterministic to about 0.1 %, unlike CPU time on a shared machine.
"""

from __future__ import annotations

import argparse
import gc
import io
import json
import sys
import tempfile
from pathlib import Path

MODES = ("setup", "decode", "parse", "apply", "text", "write")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mode", choices=MODES)
    ap.add_argument("--actions", type=int, default=2300)
    ap.add_argument("--record", type=Path,
                    default=Path(tempfile.gettempdir()) / "cuesport-bench-14.1-20000.json")
    args = ap.parse_args()
    from cuesport.cli.referee import write_rulings
    from cuesport.record import load_record, parse_action
    from cuesport.rules.session import RefereeSession
    from cuesport.rules.text import dumps

    rec = json.loads(args.record.read_text("utf-8"))
    rec["actions"] = rec["actions"][:args.actions]
    data = json.dumps(rec).encode()
    session = RefereeSession({k: v for k, v in rec.items() if k != "actions"}, "en",
                             keep=False)
    del rec
    ref, state = session.referee, session.state
    version, positions = session.header.version, ref.positions
    gc.freeze()  # as the CLI does
    n = 0
    if args.mode == "write":
        write_rulings(data, "en", io.BytesIO())
    elif args.mode != "setup":
        _, actions = load_record(data)
        for raw in actions:
            n += 1
            if args.mode == "decode":
                continue
            action = parse_action(raw, version, positions)
            if args.mode == "parse":
                continue
            outcome, state = ref.apply(state, action)
            if args.mode == "text":
                dumps(ref.ruling_dict(n - 1, outcome, state, "en"))
    print(f"{args.mode}: {n} actions", file=sys.stderr)


if __name__ == "__main__":
    main()
