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
from cuesport.storage.transfer import export_lines, import_lines


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
    assert json.loads(lines[0]) == {"cuesport": "history", "version": 1} and len(lines) == 3
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
