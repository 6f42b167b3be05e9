"""Export and import of the whole database: a round trip keeps every match, frame, stroke,
ruling and seat (on SQLite and PostgreSQL), and a bad file imports nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cuesport.cli import main
from cuesport.game.match import Match, MatchFormat
from cuesport.game.players import Human, make_player
from cuesport.protocol import referee
from cuesport.storage import SeatRow, StorageError, Store
from cuesport.storage.transfer import export_lines, import_history, import_lines


def _history(url: str) -> Store:
    store = Store(url)
    bots = [make_player("bot:easy", seed=1), make_player("bot:easy", seed=2)]
    Match("nine-ball", bots, fmt=MatchFormat(2), store=store, seed=5,
          specs=["bot:easy", "bot:easy"]).run()
    seats = [SeatRow(0, "human", "medium", "a" * 64, "ru"), SeatRow(1, "bot", "strong", None,
                                                                   "ru")]
    Match("snooker", [Human("Аня"), Human("Bob")], store=store, seats=seats, lang="ru")
    return store


def _without_ids(lines: list[str]) -> list[dict]:
    out = []
    for line in lines[1:]:
        m = json.loads(line)
        m.pop("id")
        out.append(m)
    return out


def test_export_then_import_keeps_everything(tmp_path: Path, store: Store) -> None:
    source = _history(f"sqlite:///{tmp_path / 'source.db'}")
    lines = list(export_lines(source))
    assert json.loads(lines[0]) == {"cuesport": "history", "version": 2} and len(lines) == 3
    for m in map(json.loads, lines[1:]):
        for fr in m["frames"]:  # each frame is a protocol record that replays as stored
            assert referee(fr["record"]) == fr["rulings"]
    ids = import_lines(store, lines)
    assert len(ids) == 2
    assert _without_ids(list(export_lines(store))) == _without_ids(lines)
    # the imported matches load as the game's matches, and the open one plays on
    done = Match.resume(store, ids[0])
    assert done.over and sum(done.wins) == 2
    open_ = Match.resume(store, ids[1], players=[Human("Аня"), Human("Bob")])
    assert not open_.over and store.seats(ids[1])[0].token_sha256 == "a" * 64
    assert open_.step().kind == "wait"
    source.close()


def test_a_bad_export_imports_nothing(tmp_path: Path, store: Store) -> None:
    source = _history(f"sqlite:///{tmp_path / 'source.db'}")
    lines = list(export_lines(source))
    source.close()
    broken = [*lines[:2], lines[2].replace('"frames": [', '"frames": 7, "x": [', 1)]
    with pytest.raises(StorageError, match="line 3"):
        import_lines(store, broken)
    with pytest.raises(StorageError, match="not a cuesport history"):
        import_lines(store, lines[1:])
    assert store.matches() == []


def test_the_command_line_round_trip_checks_the_rulings(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = f"sqlite:///{tmp_path / 'source.db'}"
    _history(src).close()
    out = tmp_path / "history.jsonl"
    assert main(["history", "export", str(out), "--db", src]) == 0
    m = json.loads(out.read_text(encoding="utf-8").splitlines()[1])
    m["frames"][0]["rulings"][0]["to_play"] = 1 - m["frames"][0]["rulings"][0]["to_play"]
    lines = out.read_text(encoding="utf-8").splitlines()
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join([lines[0], json.dumps(m), lines[2]]), encoding="utf-8")
    dst = f"sqlite:///{tmp_path / 'dst.db'}"
    capsys.readouterr()
    assert main(["history", "import", str(tampered), "--db", dst]) == 2
    assert "does not replay to the stored rulings" in capsys.readouterr().err
    assert Store(dst).matches() == []
    assert main(["history", "import", str(out), "--db", dst]) == 0
    assert "2 matches imported" in capsys.readouterr().err
    assert len(Store(dst).matches()) == 2


NINE = {"protocol": 1, "discipline": "nine-ball", "players": ["A", "B"]}
FOUL = {"shot": {"player": 0, "cue_ball": [635, 500], "events": [{"t": 0, "hit": ["cue", "3"]}]}}


def _with_sessions(url: str) -> Store:
    """A history with a match and a marker's sessions: one replaced by an undo, one open."""
    from cuesport.protocol import RefereeSession

    store = _history(url)
    for key, lang, acts, replaces in (("a" * 64, "en", [FOUL], None),
                                      ("b" * 64, "en", [], "a" * 64),
                                      ("c" * 64, "ru", [FOUL, {"concede": {"player": 1}}], None)):
        store.open_referee(key, "client", lang, NINE, per_owner=8, replaces=replaces)
        session = RefereeSession(NINE | {"actions": []}, lang)
        for i, a in enumerate(acts):
            store.add_referee_action(key, i, a, session.feed(a))
    return store


def test_referee_sessions_go_out_and_back_in_once(tmp_path: Path, store: Store) -> None:
    source = _with_sessions(f"sqlite:///{tmp_path / 'source.db'}")
    lines = list(export_lines(source))
    source.close()
    sessions = [json.loads(x)["referee_session"] for x in lines if "referee_session" in x]
    assert [(s["key_sha256"][0], s["superseded"], len(s["actions"])) for s in sessions] == [
        ("a", True, 1), ("b", False, 0), ("c", False, 2)]
    for s in sessions:  # each replays to its stored rulings, in its language
        assert referee(s["header"] | {"actions": s["actions"]}, s["lang"]) == s["rulings"]
    got = import_history(store, lines)
    assert len(got.matches) == 2 and got.sessions == ["a" * 64, "b" * 64, "c" * 64]
    again = list(export_lines(store))
    assert again[3:] == lines[3:]  # the sessions, byte for byte (their keys kept)
    assert [k[0] for k, _, _ in store.referee_records()] == ["b", "c"]  # not the replaced
    row = store.referee_session("a" * 64)
    assert row is not None and row.superseded and row.replaced_by == "b" * 64
    assert store.add_referee_action("c" * 64, 2, FOUL, {"action": 2}) == 3  # goes on
    # a second import of the same file adds the matches again but not the sessions
    twice = import_history(store, lines)
    assert twice.sessions == [] and len(twice.skipped) == 3
    assert len(list(store.referee_records())) == 2


def test_a_version_1_export_still_imports(tmp_path: Path, store: Store) -> None:
    source = _history(f"sqlite:///{tmp_path / 'source.db'}")
    lines = list(export_lines(source))
    source.close()
    old = [json.dumps({"cuesport": "history", "version": 1}), *lines[1:]]
    assert len(import_lines(store, old)) == 2
    bad = [*old, json.dumps({"referee_session": {}})]  # version 1 has no sessions
    with pytest.raises(StorageError, match="line 4"):
        import_lines(store, bad)


def test_a_bad_referee_session_imports_nothing(tmp_path: Path, store: Store) -> None:
    source = _with_sessions(f"sqlite:///{tmp_path / 'source.db'}")
    lines = list(export_lines(source))
    source.close()
    se = json.loads(lines[-1])
    se["referee_session"]["rulings"] = []
    with pytest.raises(StorageError, match="one ruling per action"):
        import_lines(store, [*lines[:-1], json.dumps(se)])
    assert store.matches() == [] and list(store.referee_records()) == []


def test_the_command_line_refuses_a_session_that_does_not_replay(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = f"sqlite:///{tmp_path / 'source.db'}"
    _with_sessions(src).close()
    out = tmp_path / "history.jsonl"
    assert main(["history", "export", str(out), "--db", src]) == 0
    assert "2 matches and 3 referee sessions exported" in capsys.readouterr().err
    lines = out.read_text(encoding="utf-8").splitlines()
    se = json.loads(lines[-1])
    se["referee_session"]["rulings"][0]["to_play"] = 0  # B is to play after A's foul
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join([*lines[:-1], json.dumps(se)]), encoding="utf-8")
    dst = f"sqlite:///{tmp_path / 'dst.db'}"
    assert main(["history", "import", str(tampered), "--db", dst]) == 2
    assert "referee session 3: its actions do not replay" in capsys.readouterr().err
    assert list(Store(dst).referee_records()) == []
    assert main(["history", "import", str(out), "--db", dst]) == 0
    assert "2 matches imported (ids 1..2), 3 referee sessions" in capsys.readouterr().err
    assert main(["history", "import", str(out), "--db", dst]) == 0
    assert "0 referee sessions (3 already there, skipped)" in capsys.readouterr().err
