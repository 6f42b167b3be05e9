"""Statistics from protocol records (issue 16, item 5): every figure on small hand-made
records, players across records and stored matches, CSV that reads back, the stored
referee sessions' hook, the commands and the marker's HTTP endpoint."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest

from cuesport.cli import main
from cuesport.game import Match, MatchFormat, make_player
from cuesport.game import stats as st
from cuesport.record import RecordError
from cuesport.storage import Store
from record_builders import cushion, hit, pot, shot


def red(player: int) -> dict[str, Any]:
    return shot(player, hit("cue", "red"), pot("red"))


def colour(player: int, ball: str) -> dict[str, Any]:
    return shot(player, hit("cue", ball), pot(ball, "top-right"), nominate=ball)


def record(discipline: str, actions: list[dict[str, Any]], players: Any = ("Ann", "Bob"),
           start: Any = None) -> dict[str, Any]:
    return {"protocol": "1.1", "discipline": discipline, "players": list(players),
            "rules": {"positions": False}, "start": start, "actions": actions}


MISS = shot(1, hit("cue", "red"), cushion("red"))  # Bob plays a red, pots nothing


def century(players: Any = (" ann ", "Bob")) -> dict[str, Any]:
    """Ann breaks off; Bob makes 104 (13 reds and blacks), then misses; Ann concedes."""
    actions = [shot(0, hit("cue", "red"), cushion("cue"))]
    for _ in range(13):
        actions += [red(1), colour(1, "black")]
    return record("snooker", [*actions, MISS, {"concede": {"player": 0}}], players)


def fifty() -> dict[str, Any]:
    """A break of exactly 50 by Ann (5 reds and blacks, a red and the pink, a red and the
    yellow), an in-off by Bob, and a foul while not striking by Ann."""
    actions = [shot(0, hit("cue", "red"), cushion("cue")), MISS]
    for _ in range(5):
        actions += [red(0), colour(0, "black")]
    actions += [red(0), colour(0, "pink"), red(0), colour(0, "yellow"),
                shot(0, hit("cue", "red"), cushion("red")),
                shot(1, hit("cue", "red"), pot("cue", "top-left")),  # in-off: a foul
                {"decision": {"player": 0, "choice": "play"}},
                {"foul": {"player": 0, "rule": "SNK-3.12(a)(ix)"}}]
    return record("snooker", actions)


def test_a_century_break_counts_as_a_century_and_a_fifty() -> None:
    ann, bob = st.record_stats(century())
    assert ann.name == "ann"  # trimmed
    assert (bob.highest_break, bob.breaks, bob.fifties, bob.centuries) == (104, [104], 1, 1)
    assert (bob.frames, bob.frames_won, ann.frames, ann.frames_won) == (1, 1, 1, 0)
    # 26 pots and the miss were pot attempts; Ann's break-off was none
    assert (bob.attempts, bob.pots, bob.strokes) == (27, 26, 27)
    assert bob.pot_success == pytest.approx(26 / 27)
    assert (ann.strokes, ann.attempts, ann.breaks) == (1, 0, [])


def test_a_fifty_break_fouls_on_a_stroke_and_off_it() -> None:
    rec = fifty()
    ann, bob = st.record_stats(rec)
    assert (ann.highest_break, ann.fifties, ann.centuries) == (50, 1, 0)
    assert bob.fouls == 1 and ann.fouls == 1  # the in-off; the foul while not striking
    assert (ann.frames, bob.frames) == (0, 0)  # the frame is not over: no frame counts
    assert ann.strokes == 16 and ann.attempts == 15 and ann.pots == 14


def test_49_is_no_fifty() -> None:
    actions = [shot(0, hit("cue", "red"), cushion("cue")), MISS]
    for _ in range(5):
        actions += [red(0), colour(0, "black")]
    actions += [red(0), colour(0, "black"), red(0)]
    ann, _ = st.record_stats(record("snooker", actions))
    assert ann.highest_break == 49 and ann.fifties == 0


def test_pool_breaks_are_balls_and_never_fifties() -> None:
    start = {"balls": ["cue", *map(str, range(1, 16))], "score": [0, 0], "breaking": False}
    calls = [shot(0, hit("cue", b), pot(b), call={"ball": b, "pocket": "top-left"})
             for b in map(str, range(1, 8))]
    ann, _ = st.record_stats(record("straight-pool", calls, start=start))
    assert ann.breaks == [7] and ann.highest_break == 7 and ann.fifties == 0
    assert (ann.attempts, ann.pots) == (7, 7)  # a start with "breaking": false: no break shot


SAFETY_START = {"balls": ["cue", "3", "5", "12"], "score": [0, 0], "breaking": False}


def safety(player: int, ball: str) -> dict[str, Any]:
    return shot(player, hit("cue", ball), cushion(ball, 0.5), call="safety")


def called(player: int, ball: str, *events: dict[str, Any]) -> dict[str, Any]:
    return shot(player, *events, call={"ball": ball, "pocket": "top-left"})


def test_a_safety_that_worked_and_one_that_did_not() -> None:
    rec = record("straight-pool", [
        safety(0, "3"),
        called(1, "5", hit("cue", "5"), cushion("5", 0.5)),  # Bob's reply misses: it worked
        safety(0, "3"),
        called(1, "5", hit("cue", "5"), pot("5")),  # Bob pots and stays: it did not
        called(1, "3", hit("cue", "3"), pot("cue", "bottom-left")),  # a scratch
    ], start=SAFETY_START)
    ann, bob = st.record_stats(rec)
    assert (ann.safeties, ann.safeties_won, ann.attempts) == (2, 1, 0)
    assert ann.safety_success == 0.5
    assert (bob.attempts, bob.pots, bob.fouls, bob.safeties) == (3, 1, 1, 0)


def test_a_safety_answered_by_a_foul_worked_and_a_foul_safety_did_not() -> None:
    rec = record("straight-pool", [
        safety(0, "3"),
        called(1, "3", hit("cue", "3"), pot("cue", "bottom-left")),  # Bob scratches
        shot(0, hit("cue", "5"), pot("cue", "bottom-left"), call="safety"),  # a foul safety
    ], start=SAFETY_START)
    ann, _ = st.record_stats(rec)
    assert (ann.safeties, ann.safeties_won, ann.fouls) == (2, 1, 1)


NORTH = {"name": "North", "members": ["Ann", "Cid"]}
SOUTH = {"name": "South", "members": ["Bob", "Dee"]}


def doubles() -> dict[str, Any]:
    """Nine-ball doubles: Ann breaks and runs two, Bob one, Cid wins with the 9."""
    return record("nine-ball", [
        shot(0, hit("cue", "1"), cushion("3", 0.3), pot("2", t=0.5), member=0),
        shot(0, hit("cue", "1"), pot("1", t=0.5)),
        shot(0, hit("cue", "3"), cushion("3", 0.5)),
        shot(1, hit("cue", "3"), pot("3", t=0.5)),
        shot(1, hit("cue", "4"), cushion("4", 0.5)),
        shot(0, hit("cue", "4"), hit("4", "9", 0.2), pot("9", t=0.5)),
    ], players=(NORTH, SOUTH))


def test_sides_with_members_per_member_and_per_side() -> None:
    rec = doubles()
    ann, cid, bob, dee = st.record_stats(rec)
    assert [s.name for s in (ann, cid, bob, dee)] == ["Ann", "Cid", "Bob", "Dee"]
    assert (ann.strokes, ann.breaks, ann.attempts, ann.pots) == (3, [2], 2, 1)
    assert (cid.strokes, cid.breaks, bob.breaks, dee.strokes) == (1, [1], [1], 0)
    assert [s.frames_won for s in (ann, cid, bob, dee)] == [1, 1, 0, 0]
    north, south = st.side_stats(rec)
    assert north.side and (north.name, north.strokes, north.breaks) == ("North", 4, [2, 1])
    assert (south.strokes, south.frames, south.frames_won) == (2, 1, 0)


def test_players_add_up_across_records_by_name() -> None:
    totals = st.Totals()
    assert st.add_records(totals, [century((" ann ", "Bob")), century(("ANN", "bob"))]) == 2
    (ann, bob) = totals.table("snooker")
    assert ann.name == "ann" and (ann.frames, bob.frames, bob.frames_won) == (2, 2, 2)
    assert bob.centuries == 2 and bob.breaks == [104, 104]
    h = st.meetings_between(totals.meetings, "Bob", "Ann")
    assert (h["played"], h["records"], h["frames"]) == (0, 2, [2, 0])
    assert st.meetings_between(totals.meetings, "Bob", "Ann", "nine-ball")["records"] == 0


def test_a_refused_record_is_named_and_counts_nothing() -> None:
    totals = st.Totals()
    bad = record("snooker", [shot(2)])
    with pytest.raises(RecordError, match="action 0"):
        st.add_records(totals, [bad])
    assert not totals.players and not totals.meetings


def test_csv_reads_back() -> None:
    rows = list(st.record_rows(doubles()))
    text = st.csv_text(rows, st.RECORD_COLUMNS)
    back = list(csv.DictReader(io.StringIO(text)))
    assert [r["player"] for r in back] == ["Ann", "Cid", "Bob", "Dee", "North", "South"]
    assert list(back[0]) == list(st.RECORD_COLUMNS)
    ann = back[0]
    assert (ann["side"], ann["winner"], ann["strokes"], ann["breaks"]) == ("0", "1", "3", "1")
    assert ann["pot_success"] == "0.5" and ann["highest_break"] == "2"
    assert back[4]["side"] == "1" and back[5]["winner"] == "0"


# ---------------------------------------------------------------- stored matches and hooks


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, int]:
    """A finished nine-ball rack between "Ann" (a strong bot) and "Bob" (an easy one)."""
    url = f"sqlite:///{tmp_path_factory.mktemp('stats') / 's.db'}"
    store = Store(url)
    start = {"balls": {"cue": [635.0, 1900.0], "9": [635.0, 2400.0]}, "to_play": 0,
             "breaking": False}
    m = Match("nine-ball", [make_player("bot:strong", seed=0), make_player("bot:easy", seed=1)],
              fmt=MatchFormat(frames=1), store=store, start=start, names=["Ann", "Bob"])
    m.run(max_steps=500)
    assert m.over and m.match_id is not None
    store.close()
    return url, m.match_id


NINE = record("nine-ball", [shot(0, hit("cue", "1"), cushion("3", 0.3), pot("9", t=0.5))],
              players=("ann", "Bob"))


def test_stored_sessions_are_read_from_the_store(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'r.db'}")
    assert list(st.stored_session_records(store)) == []
    store.open_referee("k" * 64, "", "en", NINE | {"actions": []}, per_owner=64)
    store.add_referee_action("k" * 64, 0, NINE["actions"][0], {"action": 0})
    (back,) = st.stored_session_records(store)
    assert back["actions"] == NINE["actions"] and back["players"] == NINE["players"]
    store.close()


def test_cli_stats_counts_stored_matches_records_and_stored_sessions(
        stored: tuple[str, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    url, _ = stored
    path = tmp_path / "frames.jsonl"
    path.write_text(json.dumps(NINE) + "\n" + json.dumps(NINE) + "\n", encoding="utf-8")
    assert main(["stats", "--db", url, "--records", str(path), "--csv", "-"]) == 0
    rows = {r["player"]: r for r in csv.DictReader(io.StringIO(capsys.readouterr().out))}
    assert set(rows) == {"Ann", "Bob"}
    assert rows["Ann"]["matches"] == "1" and rows["Ann"]["frames"] == "3"  # 1 stored + 2
    # a marker's stored sessions count too
    monkeypatch.setattr(st, "stored_session_records", lambda store: iter([NINE]))
    assert main(["stats", "--db", url, "--csv", "-"]) == 0
    rows = {r["player"]: r for r in csv.DictReader(io.StringIO(capsys.readouterr().out))}
    assert rows["Ann"]["frames"] == "2"
    assert main(["stats", "--db", url, "--h2h", "ANN", "bob"]) == 0
    out = capsys.readouterr().out
    assert "ANN v bob: 1 match and 1 record," in out  # not "1 matches"


def test_cli_stats_refuses_a_bad_record_file(stored: tuple[str, int], tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    url, _ = stored
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record("snooker", [shot(2)])), encoding="utf-8")
    assert main(["stats", "--db", url, "--records", str(path)]) == 2
    assert "a record is refused: action 0" in capsys.readouterr().err
    path.write_text("{not json", encoding="utf-8")
    assert main(["stats", "--db", url, "--records", str(path)]) == 2
    assert "malformed JSON" in capsys.readouterr().err


def test_cli_export_csv_per_frame_and_player(stored: tuple[str, int], tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    url, match_id = stored
    out = tmp_path / "m.csv"
    assert main(["export", str(match_id), "--db", url, "--csv", str(out)]) == 0
    rows = list(csv.DictReader(io.StringIO(out.read_text("utf-8"))))
    assert [(r["frame"], r["player"]) for r in rows] == [
        ("1", "Ann"), ("1", "Bob"), ("all", "Ann"), ("all", "Bob")]
    assert list(rows[0]) == list(st.MATCH_COLUMNS)
    assert sum(int(r["winner"]) for r in rows[:2]) == 1
    assert rows[2]["frames"] == "1" and rows[2]["strokes"] == rows[0]["strokes"]
    assert main(["stats", "--db", url, "--match", str(match_id), "--csv", "-"]) == 0
    assert capsys.readouterr().out == out.read_text("utf-8")


def test_http_stats_of_a_live_session() -> None:
    from fastapi.testclient import TestClient

    from cuesport.web import create_app

    client = TestClient(create_app())
    sid = client.post("/api/referee/sessions", json=record("nine-ball", [], (NORTH, SOUTH))
                      ).json()["session"]
    for action in doubles()["actions"]:
        assert client.post(f"/api/referee/sessions/{sid}/actions", json=action).is_success
    data = client.get(f"/api/referee/sessions/{sid}/stats").json()
    assert [p["name"] for p in data["players"]] == ["Ann", "Cid", "Bob", "Dee"]
    assert data["players"][0]["highest_break"] == 2 and data["sides"][0]["frames_won"] == 1
    res = client.get(f"/api/referee/sessions/{sid}/stats", params={"format": "csv"})
    assert res.headers["content-type"].startswith("text/csv")
    back = list(csv.DictReader(io.StringIO(res.text)))
    assert [r["player"] for r in back] == ["Ann", "Cid", "Bob", "Dee", "North", "South"]
    assert client.get("/api/referee/sessions/nope/stats").status_code == 404
    assert client.get(f"/api/referee/sessions/{sid}/stats",
                      params={"format": "xml"}).status_code == 422


def test_cli_export_csv_of_one_frame(stored: tuple[str, int],
                                     capsys: pytest.CaptureFixture[str]) -> None:
    url, match_id = stored
    assert main(["export", str(match_id), "--db", url, "--frame", "1", "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [(r["frame"], r["player"]) for r in rows] == [("1", "Ann"), ("1", "Bob")]


def test_scotch_doubles_breaks_belong_to_the_side() -> None:
    rec = record("nine-ball", [
        shot(0, hit("cue", "1"), cushion("3", 0.3), pot("2", t=0.5)),  # Ann breaks
        shot(0, hit("cue", "1"), pot("1", t=0.5)),  # Cid
        shot(0, hit("cue", "3"), pot("3", t=0.5)),  # Ann
        shot(0, hit("cue", "4"), cushion("4", 0.5)),  # Cid misses
    ], players=(NORTH, SOUTH))
    rec["rules"]["alternate"] = "stroke"
    north, _ = st.side_stats(rec)
    assert north.breaks == [3] and north.strokes == 4
    ann, cid, _, _ = st.record_stats(rec)
    assert (ann.strokes, cid.strokes) == (2, 2)


def test_a_snooker_safety_from_the_markers_shot_safety() -> None:
    """Protocol 1.1 ``shot.safety`` (the marker's "played safe"): counted as a safety, not a
    pot attempt; it worked when the reply did not pot and stay."""
    rec = record("snooker", [
        shot(0, hit("cue", "red"), cushion("cue")),  # break-off
        shot(1, hit("cue", "red"), cushion("red"), safety=True),
        shot(0, hit("cue", "red"), cushion("red")),  # Ann's reply: nothing, it worked
        shot(1, hit("cue", "red"), cushion("red"), safety=True),
        red(0),  # Ann pots and stays: it did not
    ])
    ann, bob = st.record_stats(rec)
    assert (bob.safeties, bob.safeties_won, bob.attempts) == (2, 1, 0)
    assert (ann.safeties, ann.attempts, ann.pots) == (0, 2, 1)


def test_a_record_is_one_frame_and_a_file_of_records_counts_each(tmp_path: Path) -> None:
    """The protocol accepts no action after frame_over, so a record never holds two frames;
    a file with a record per line (as cuesport export writes a match) counts every one."""
    over = century()
    with pytest.raises(RecordError, match="the frame is over; no further action"):
        st.record_stats(over | {"actions": [*over["actions"], MISS]})
    from cuesport.cli.stats import read_records

    path = tmp_path / "match.jsonl"
    path.write_text("\n".join(json.dumps(century()) for _ in range(3)), encoding="utf-8")
    totals = st.Totals()
    assert st.add_records(totals, read_records([str(path)])) == 3
    _, bob = totals.table("snooker")
    assert (bob.frames, bob.frames_won, bob.centuries) == (3, 3, 3)
