"""A second process for the multi-process tests (run as a script, not collected).

``open URL GO READY`` says READY, then opens the store (creating the schema) once the
file GO exists;
``concede URL MATCH GO READY`` loads the match, says READY, waits for GO, then concedes
for the player to play;
``referee URL KEY GO READY`` reads the live referee session KEY's version, says READY,
waits for GO, then stores an action at that version. It prints one word: ok, stale or
error: ...
"""

from __future__ import annotations

import sys
import time
from pathlib import Path


def _wait(go: Path) -> None:
    end = time.monotonic() + 60
    while not go.exists():
        if time.monotonic() > end:
            sys.exit("timed out waiting for the go file")
        time.sleep(0.002)


def main(argv: list[str]) -> int:
    from cuesport.bots.moves import Concede
    from cuesport.game.match import Match
    from cuesport.game.players import Human
    from cuesport.storage import StaleError, StorageError, Store

    cmd, url = argv[0], argv[1]
    if cmd == "open":
        Path(argv[3]).touch()
        _wait(Path(argv[2]))
        try:
            Store(url).close()
        except StorageError as err:
            print(f"error: {err}")
            return 1
        print("ok")
        return 0
    if cmd == "referee":
        key, go, ready = argv[2], Path(argv[3]), Path(argv[4])
        store = Store(url)
        version = store.referee_version(key)
        assert version is not None
        ready.touch()
        _wait(go)
        try:
            store.add_referee_action(key, version, {"concede": {"player": 0}},
                                     {"action": version})
        except StaleError:
            print("stale")
            return 0
        print("ok")
        return 0
    mid, go, ready = int(argv[2]), Path(argv[3]), Path(argv[4])
    store = Store(url)
    m = Match.resume(store, mid, players=[Human("A"), Human("B")])
    ready.touch()
    _wait(go)
    try:
        m.play(Concede(), m.to_play)
    except StaleError:
        print("stale")
        return 0
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
