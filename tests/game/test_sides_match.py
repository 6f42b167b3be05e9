"""2-vs-2 matches (protocol 1.1 sides): four-handed snooker (SNK-3.17) and pool doubles
played by bots end to end, stored, exported, refereed again with identical rulings; the
command line, per-member statistics, resuming, the web API."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cuesport.cli import main
from cuesport.game.match import Match
from cuesport.game.players import make_player
from cuesport.game.stats import match_stats, member_stats
from cuesport.protocol import referee
from cuesport.storage import Store


def _bots(seed: int) -> list[Any]:
    return [make_player("bot:easy", seed + i) for i in range(4)]


def _played(discipline: str, store: Store, alternate: str = "turn", seed: int = 5) -> Match:
    p = _bots(seed)
    m = Match(discipline, p[:2], partners=p[2:], partner_specs=["bot:easy"] * 2,
              specs=["bot:easy"] * 2, store=store, seed=seed, alternate=alternate)
    m.run(max_steps=5000)
    return m


def _seats(record: dict[str, Any]) -> list[tuple[int, int]]:
    return [(a["shot"]["player"], a["shot"]["member"]) for a in record["actions"]
            if "shot" in a]


def _played_by_all(discipline: str, store: Store, alternate: str) -> Match:
    """The first match (of a few seeds) whose frame all four members played: easy bots
    often lose a snooker frame at once by three misses (SNK-3.14)."""
    for seed in (7, 8, 11, 12, 13, 14):
        m = _played(discipline, store, alternate, seed)
        if len(set(_seats(store.frame_record(store.frames(m.match_id)[0].id)))) == 4:
            return m
    raise AssertionError("no frame of these seeds was played by all four members")


@pytest.mark.parametrize(("discipline", "alternate"), [
    ("snooker", "turn"), ("nine-ball", "turn"), ("eight-ball", "stroke")])
def test_a_2_vs_2_frame_by_bots_is_stored_exported_and_refereed_again(
        discipline: str, alternate: str, tmp_path, capsys) -> None:
    url = f"sqlite:///{tmp_path / 'x.db'}"
    store = Store(url)
    m = _played_by_all(discipline, store, alternate)
    (frame,) = store.frames(m.match_id)
    assert frame.winner in (0, 1)
    record = store.frame_record(frame.id)
    assert record["protocol"] == "1.1"
    assert [p["members"] for p in record["players"]] == m.member_names
    stored = [s["ruling"] for s in store.strokes(frame.id)]
    assert referee(json.loads(json.dumps(record))) == stored
    seats = _seats(record)
    assert all("member" in r and "up" in r["state"] for r in stored)
    # the order: each stroke by the side to play is by the member the last ruling named
    prev = {"to_play": 0, "member": 0}
    for a, r in zip(record["actions"], stored, strict=True):
        if "shot" in a and a["shot"]["player"] == prev["to_play"]:
            assert a["shot"]["member"] == prev["member"] and not any(
                f["rule"] in ("SNK-3.12(a)(iii)", "POOL-6.13") for f in r["fouls"])
        prev = r
    # exported through the command line, refereed by the command line: the same rulings
    capsys.readouterr()
    assert main(["export", str(m.match_id), "--frame", "1", "--db", url]) == 0
    path = tmp_path / "r.json"
    path.write_text(capsys.readouterr().out)
    assert main(["referee", str(path)]) == 0
    assert [json.loads(x) for x in capsys.readouterr().out.splitlines()] == stored
    # statistics per side and per member
    sides = match_stats(store, m.match_id)
    members = member_stats(store, m.match_id)
    assert [s.name for s in members] == [m.member_names[i][j] for j in (0, 1) for i in (0, 1)]
    assert sum(s.strokes for s in members) == sum(s.strokes for s in sides) == len(seats)
    assert sum(s.fouls for s in members) == sum(s.fouls for s in sides)
    for side in (0, 1):
        mine = [s for s in members if s.name in m.member_names[side]]
        assert sum(s.strokes for s in mine) == sides[side].strokes
        assert all(s.frames_won == sides[side].frames_won == int(frame.winner == side)
                   for s in mine)
    store.close()


def test_scotch_doubles_members_alternate_every_stroke_of_a_side(tmp_path) -> None:
    store = Store(f"sqlite:///{tmp_path / 's.db'}")
    m = _played("nine-ball", store, "stroke", seed=7)
    record = store.frame_record(store.frames(m.match_id)[0].id)
    assert record["rules"]["alternate"] == "stroke"
    by_side: dict[int, list[int]] = {0: [], 1: []}
    rulings = referee(record)
    prev_to_play = 0
    for a, r in zip(record["actions"], rulings, strict=True):
        if "shot" in a and a["shot"]["player"] == prev_to_play:
            by_side[a["shot"]["player"]].append(a["shot"]["member"])
        prev_to_play = r["to_play"]
    for seq in by_side.values():
        assert seq == [i % 2 for i in range(len(seq))]  # 0, 1, 0, 1 ... within the side
    store.close()


def test_a_stored_2_vs_2_match_resumes_with_its_members(tmp_path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'r.db'}")
    p = _bots(3)
    m = Match("snooker", p[:2], partners=p[2:], partner_specs=["bot:easy"] * 2,
              specs=["bot:easy"] * 2, store=store, seed=3)
    for _ in range(12):
        m.step()
    again = Match.resume(store, m.match_id)
    assert again.member_names == m.member_names and again.protocol == "1.1"
    assert again.ruling == m.ruling and again.member == m.member
    store.close()


def test_cli_plays_a_2_vs_2_match(tmp_path, capsys) -> None:
    url = f"sqlite:///{tmp_path / 'c.db'}"
    assert main(["play", "snooker", "--players", "bot:easy", "bot:easy",
                 "--partners", "bot:easy", "bot:easy", "--seed", "3", "--db", url]) == 0
    out = capsys.readouterr().out
    assert "Side 1 v Side 2" in out and "bot:easy (1a)" in out and "wins the match" in out
    store = Store(url)
    (row,) = store.matches(10)
    assert row.format["partners"] == ["bot:easy", "bot:easy"]
    assert len(member_stats(store, row.id)) == 4
    store.close()


def test_web_api_creates_and_plays_a_2_vs_2_match(tmp_path) -> None:
    from fastapi.testclient import TestClient

    from cuesport.web import create_app

    store = Store(f"sqlite:///{tmp_path / 'w.db'}")
    bot = {"kind": "bot", "level": "easy"}
    with TestClient(create_app(store, bot_delay=0.0, seed=1)) as client:
        r = client.post("/api/matches", json={
            "discipline": "nine-ball", "players": [{"name": "North"} | bot,
                                                   {"name": "South"} | bot],
            "partners": [{"name": "Cid"} | bot, {"name": "Dee"} | bot]})
        assert r.status_code == 201, r.text[:300]
        mid = r.json()["id"]
        import time
        end = time.monotonic() + 120
        while time.monotonic() < end:
            v = client.get(f"/api/matches/{mid}").json()
            if v["over"]:
                break
            time.sleep(0.1)
        assert v["over"] and v["winner"] in (0, 1)
        assert v["members"] == [["North", "Cid"], ["South", "Dee"]]
    record = store.frame_record(store.frames(mid)[0].id)
    assert record["protocol"] == "1.1" and record["players"][1]["members"] == ["South", "Dee"]
    assert referee(record) == [s["ruling"] for s in store.strokes(store.frames(mid)[0].id)]
    store.close()
