"""``Referee.ruling_dict`` (what a session prints for every action) is the ruling's
``to_dict`` built in one step: the two must print the same JSON text, keys in the same
order, for every action of every example record and of long random pool games."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from cuesport.record import parse_action
from cuesport.rules.session import RefereeSession

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").rglob("*.json"))
POCKETS = ("bottom-left", "bottom-right", "middle-left", "middle-right", "top-left",
           "top-right")


def both(record: dict[str, Any], actions: list[Any], lang: str) -> int:
    """Replay ``actions``; assert the two prints agree on each; the number compared."""
    s = RefereeSession(record | {"actions": []}, lang, keep=False)
    ref, state, n = s.referee, s.state, 0
    for i, raw in enumerate(actions):
        action = parse_action(raw, s.header.version, ref.positions)
        outcome, new = ref.apply(state, action)
        direct = json.dumps(ref.ruling_dict(i, outcome, new, lang), ensure_ascii=False)
        assert direct == json.dumps(ref.ruling(i, outcome, new, lang).to_dict(),
                                    ensure_ascii=False), (i, raw)
        state, n = new, n + 1
    return n


@pytest.mark.parametrize("lang", ("en", "ru"))
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_ruling_dict_prints_the_ruling_of_every_example(path: Path, lang: str) -> None:
    record = json.loads(path.read_text("utf-8"))
    assert both(record, record["actions"], lang) == len(record["actions"])


def _free(rng: random.Random, balls: dict[str, Any], kitchen: bool) -> list[float]:
    r, w, length = 28.575, 1270.0, 2540.0
    for _ in range(50):
        p = (rng.uniform(r, w - r), rng.uniform(r, length / 4 - 5 if kitchen else length - r))
        if all(q is None or ((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2) ** 0.5 > 2 * r + 1
               for q in balls.values()):
            return [p[0], p[1]]
    return [r, r]


def _random_actions(game: str, n: int, seed: int) -> list[dict[str, Any]]:
    """Random legal-looking play (pots, misses, scratches, decisions), bad actions
    dropped: fouls, spotting, re-racks and the end of racks all come up."""
    rng = random.Random(seed)
    record: dict[str, Any] = {"discipline": game, "actions": []}
    session = RefereeSession(record, keep=False)
    actions: list[dict[str, Any]] = []
    last: dict[str, Any] | None = None
    while len(actions) < n:
        if last is not None and last["frame_over"]:
            break
        if last and last["options"] and (rng.random() < 0.5 or "play" not in last["options"]):
            raw: dict[str, Any] = {"decision": {"player": last["to_play"],
                                                "choice": rng.choice(last["options"])}}
        else:
            balls = dict(last["state"]["balls"]) if last else {}
            objects = sorted((b for b in balls if b != "cue"), key=int) or ["1"]
            target = objects[0] if rng.random() < 0.7 else rng.choice(objects)
            pocket = rng.choice(POCKETS)
            shot: dict[str, Any] = {"player": last["to_play"] if last else 0,
                                    "events": [{"hit": ["cue", target]}]}
            if last is None or last["in_hand"]:
                kitchen = last is None or last["in_hand"] == "kitchen"
                shot["cue_ball"] = _free(rng, balls, kitchen)
            if rng.random() < 0.6:
                shot["events"].append({"pot": target, "pocket": pocket})
                if rng.random() < 0.1:
                    shot["events"].append({"pot": "cue", "pocket": rng.choice(POCKETS)})
            else:
                shot["events"] += [{"cushion": "cue"}, {"cushion": target}]
            if game != "nine-ball":
                shot["call"] = {"ball": target, "pocket": pocket} if rng.random() < 0.9 else (
                    "safety")
            gone = {e["pot"] for e in shot["events"] if "pot" in e}
            if "cue" not in gone:
                rest = {k: v for k, v in balls.items() if k not in ("cue", target)}
                shot["after"] = {"cue": _free(rng, rest, False)}
            raw = {"shot": shot}
        ruling = session.feed(raw)
        if "error" not in ruling:
            actions.append(raw)
            last = ruling
    return actions


@pytest.mark.parametrize("game", ("nine-ball", "ten-ball", "eight-ball", "straight-pool"))
def test_ruling_dict_prints_the_ruling_of_random_pool_play(game: str) -> None:
    compared = seed = 0
    while compared < 200:  # racks, each to its end (a rack of nine-ball is short)
        compared += both({"discipline": game}, _random_actions(game, 150, seed), "en")
        seed += 1
    assert seed < 40
