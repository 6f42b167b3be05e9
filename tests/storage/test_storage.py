from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa

from cuesport.storage import Store

ACTION = {"shot": {"player": 0, "events": []}}
RULING = {"action": 0, "legal": False, "score": [0, 4]}


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(f"sqlite:///{tmp_path / 'm.db'}")


def test_match_frames_and_strokes_round_trip(store: Store) -> None:
    m = store.create_match("snooker", ("Ann", "Bob"), {"total_points": False}, {"frames": 3})
    f = store.start_frame(m, 1, None, {"total_points": False})
    assert store.add_stroke(f, ACTION, RULING, {"speed": 2.0}) == 0
    assert store.add_stroke(f, ACTION, RULING) == 1
    row = store.match(m)
    assert (row.discipline, row.players, row.format) == ("snooker", ("Ann", "Bob"), {"frames": 3})
    assert [s["seq"] for s in store.strokes(f)] == [0, 1]
    assert store.strokes(f)[0]["stroke"] == {"speed": 2.0}


def test_frame_exports_as_a_protocol_record(store: Store) -> None:
    m = store.create_match("nine-ball", ("A", "B"))
    start = {"balls": {"cue": [600.0, 500.0], "9": [635.0, 1905.0]}, "to_play": 1}
    f = store.start_frame(m, 1, start, {"table": "9ft"})
    store.add_stroke(f, ACTION, RULING)
    rec = store.frame_record(f)
    assert rec == {"protocol": 1, "discipline": "nine-ball", "players": ["A", "B"],
                   "rules": {"table": "9ft"}, "start": start, "actions": [ACTION]}


def test_data_survives_reopening(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'm.db'}"
    first = Store(url)
    m = first.create_match("snooker", ("A", "B"))
    f = first.start_frame(m, 1)
    first.add_stroke(f, ACTION, RULING)
    first.close()
    again = Store(url)
    assert [s["action"] for s in again.strokes(f)] == [ACTION]


def test_undo_removes_only_the_last_stroke(store: Store) -> None:
    m = store.create_match("snooker", ("A", "B"))
    f = store.start_frame(m, 1)
    store.add_stroke(f, {"concede": {"player": 0}}, RULING)
    store.add_stroke(f, ACTION, RULING)
    assert store.undo_last_stroke(f)
    assert [s["action"] for s in store.strokes(f)] == [{"concede": {"player": 0}}]
    assert store.undo_last_stroke(f) and not store.undo_last_stroke(f)


def test_stroke_of_an_unknown_frame_is_refused_and_writes_nothing(store: Store) -> None:
    with pytest.raises(sa.exc.IntegrityError):
        store.add_stroke(999, ACTION, RULING)
    with store.engine.connect() as conn:
        assert conn.execute(sa.text("select count(*) from strokes")).scalar_one() == 0


def test_finish_records_winners_and_lists_newest_first(store: Store) -> None:
    a = store.create_match("snooker", ("A", "B"))
    b = store.create_match("ten-ball", ("C", "D"))
    f = store.start_frame(a, 1)
    store.finish_frame(f, 1, [40, 72])
    store.finish_match(a, 1)
    assert [m.id for m in store.matches()] == [b, a]
    assert store.match(a).winner == 1 and store.match(a).finished is not None
    assert store.frames(a)[0].score == [40, 72]
    with pytest.raises(KeyError):
        store.match(12345)
