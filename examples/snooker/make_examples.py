"""Generate the snooker example records of this folder (run: python make_examples.py).

* ``maximum_147.json``: a maximum break from the opening stroke: every red with the
  black, then the colours in order (147).
* ``free_ball_155.json``: a foul leaves the cue ball behind the black; the free ball
  (black, as a red), its black, every red with the black and the colours (a 155 break).
* ``fouls_miss_respotted_black.json``: a frame with fouls, a foul and a miss with
  ``replace``, and a re-spotted black after a foul levels the scores; player 0 wins.

Each record is checked against the referee before it is written.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cuesport.equipment import COLOURS, REDS
from cuesport.protocol import referee

HERE = Path(__file__).resolve().parent
HOME = (600.0, 1200.0)  # where the cue ball comes to rest between strokes


def pot(player: int, ball: str, *, nominate: str | None = None,
        cue_ball: tuple[float, float] | None = None) -> dict[str, Any]:
    s: dict[str, Any] = {"player": player, "events": [
        {"t": 0.0, "hit": ["cue", ball]},
        {"t": 0.8, "pot": ball, "pocket": "top-left"},
    ], "after": {"cue": list(HOME)}}
    if nominate:
        s["nominate"] = nominate
    if cue_ball:
        s["cue_ball"] = list(cue_ball)
    return {"shot": s}


def safe(player: int, ball: str, *, cue_ball: tuple[float, float] | None = None
         ) -> dict[str, Any]:
    """Hit ``ball`` and pot nothing."""
    s: dict[str, Any] = {"player": player, "events": [{"t": 0.0, "hit": ["cue", ball]}],
                         "after": {"cue": list(HOME)}}
    if cue_ball:
        s["cue_ball"] = list(cue_ball)
    return {"shot": s}


def record(actions: list[dict], players: tuple[str, str] = ("Ann", "Bob")) -> dict[str, Any]:
    return {"protocol": 1, "discipline": "snooker", "players": list(players), "rules": {},
            "start": None, "actions": actions}


def maximum() -> dict[str, Any]:
    actions = []
    for i, red in enumerate(REDS):
        actions.append(pot(0, red, cue_ball=(889.0, 650.0) if i == 0 else None))
        actions.append(pot(0, "black", nominate="black"))
    actions += [pot(0, c) for c in COLOURS]
    return record(actions)


def free_ball() -> dict[str, Any]:
    # Ann breaks, hits a red first but knocks the pink in: foul 6; the cue ball stops
    # behind the black, which hides every red from it: Bob has a free ball.
    foul = {"shot": {"player": 0, "cue_ball": [889.0, 650.0], "events": [
        {"t": 0.0, "hit": ["cue", "red1"]}, {"t": 0.3, "hit": ["red1", "pink"]},
        {"t": 1.0, "pot": "pink", "pocket": "top-left"}],
        "after": {"cue": [889.0, 3300.0]}}}
    actions = [foul, {"decision": {"player": 1, "choice": "play"}},
               pot(1, "black", nominate="black"), pot(1, "black", nominate="black")]
    for red in REDS:
        actions += [pot(1, red), pot(1, "black", nominate="black")]
    actions += [pot(1, c) for c in COLOURS]
    return record(actions)


def fouls_miss_respotted_black() -> dict[str, Any]:
    a: list[dict] = [safe(0, "red1", cue_ball=(889.0, 650.0))]
    reds = iter(REDS)
    for _ in range(6):  # Bob 48
        a += [pot(1, next(reds)), pot(1, "black", nominate="black")]
    a.append(safe(1, "blue"))  # blue first with a clear path to the reds: foul and a miss
    a.append({"decision": {"player": 0, "choice": "replace"}})
    a.append(safe(1, "red15"))  # from the replaced position, a fair safety
    for i in range(9):  # Ann 5 + 7 x 8 + 2 x 7 = 75
        colour = "pink" if i < 2 else "black"
        a += [pot(0, next(reds)), pot(0, colour, nominate=colour)]
    a.append(safe(0, "yellow"))
    a += [pot(1, c) for c in COLOURS[:5]]  # Bob 48 + 20 = 68
    a.append(safe(1, "black"))
    a.append({"shot": {"player": 0, "events": [], "after": {"cue": list(HOME)}}})  # 75-75
    a.append({"lots": {"to_play": 1}})
    a.append(safe(1, "black", cue_ball=(889.0, 650.0)))
    a.append(pot(0, "black"))
    return record(a)


EXAMPLES = {
    "maximum_147.json": (maximum, {"score": [147, 0], "break": 147, "winner": 0}),
    "free_ball_155.json": (free_ball, {"score": [0, 161], "break": 155, "winner": 1}),
    "fouls_miss_respotted_black.json": (fouls_miss_respotted_black,
                                        {"score": [82, 75], "winner": 0}),
}


def check(rec: dict[str, Any], expect: dict[str, Any]) -> None:
    out = referee(rec)
    end = out[-1]
    assert "error" not in end, end
    assert end["frame_over"], end
    for k, v in expect.items():
        assert end[k] == v, (k, end[k], v)


def main() -> None:
    for name, (make, expect) in EXAMPLES.items():
        rec = make()
        check(rec, expect)
        (HERE / name).write_text(json.dumps(rec, indent=1) + "\n", "utf-8")
        print(name, len(rec["actions"]), "actions")


if __name__ == "__main__":
    main()
