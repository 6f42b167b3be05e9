from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa

from cuesport.storage import NewFrame, StaleError, StorageError, Store

ACTION = {"shot": {"player": 0, "events": []}}
RULING = {"action": 0, "legal": False, "score": [0, 4]}


def _match(store: Store, discipline: str = "snooker", start: dict | None = None,
           rules: dict | None = None) -> tuple[int, int]:
    m, f = store.create_match(discipline, ("Ann", "Bob"), rules or {}, {"frames": 3},
                              frame=NewFrame(1, start, rules or {}))
    assert f is not None
    return m, f


def test_match_frames_and_strokes_round_trip(store: Store) -> None:
    m, f = _match(store, rules={"total_points": False})
    assert store.add_stroke(m, 0, f, 0, ACTION, RULING, {"speed": 2.0}) == 1
    assert store.add_stroke(m, 1, f, 1, ACTION, RULING) == 2
    row = store.match(m)
    assert (row.discipline, row.players, row.format) == ("snooker", ("Ann", "Bob"), {"frames": 3})
    assert row.version == store.version(m) == 2
    assert [s["seq"] for s in store.strokes(f)] == [0, 1]
    assert store.strokes(f)[0]["stroke"] == {"speed": 2.0}


def test_frame_exports_as_a_protocol_record(store: Store) -> None:
    start = {"balls": {"cue": [600.0, 500.0], "9": [635.0, 1905.0]}, "to_play": 1}
    m, f = _match(store, "nine-ball", start, {"table": "9ft"})
    store.add_stroke(m, 0, f, 0, ACTION, RULING)
    rec = store.frame_record(f)
    assert rec == {"protocol": 1, "discipline": "nine-ball", "players": ["Ann", "Bob"],
                   "rules": {"table": "9ft"}, "start": start, "actions": [ACTION]}


def test_data_survives_reopening(store_url: str) -> None:
    first = Store(store_url)
    m, f = _match(first)
    first.add_stroke(m, 0, f, 0, ACTION, RULING)
    first.close()
    again = Store(store_url)
    assert [s["action"] for s in again.strokes(f)] == [ACTION]
    again.close()


def test_undo_removes_only_the_last_stroke(store: Store) -> None:
    m, f = _match(store)
    v = store.add_stroke(m, 0, f, 0, {"concede": {"player": 0}}, RULING)
    v = store.add_stroke(m, v, f, 1, ACTION, RULING)
    with pytest.raises(StaleError):
        store.undo_stroke(m, v, f, 0)  # not the last one
    v = store.undo_stroke(m, v, f, 1)
    assert [s["action"] for s in store.strokes(f)] == [{"concede": {"player": 0}}]
    assert store.undo_stroke(m, v, f, 0) == v + 1 and store.strokes(f) == []


def test_a_write_on_a_stale_version_is_refused_and_changes_nothing(store: Store) -> None:
    m, f = _match(store)
    store.add_stroke(m, 0, f, 0, ACTION, RULING)
    with pytest.raises(StaleError, match="changed elsewhere"):
        store.add_stroke(m, 0, f, 1, ACTION, RULING)  # another writer's view: version 0
    with pytest.raises(StaleError):
        store.end_frame(m, 0, f, 1, [0, 4], match_over=True, match_winner=1)
    assert len(store.strokes(f)) == 1 and store.version(m) == 1
    assert store.match(m).finished is None and store.frames(m)[0].winner is None


def test_the_same_stroke_number_twice_is_refused(store: Store) -> None:
    m, f = _match(store)
    v = store.add_stroke(m, 0, f, 0, ACTION, RULING)
    with pytest.raises(StaleError):
        store.add_stroke(m, v, f, 0, ACTION, RULING)
    assert store.version(m) == v and len(store.strokes(f)) == 1


def test_stroke_of_an_unknown_frame_is_refused_and_writes_nothing(store: Store) -> None:
    m, _ = _match(store)
    with pytest.raises(StorageError):
        store.add_stroke(m, 0, 999, 0, ACTION, RULING)
    assert store.version(m) == 0
    with store.engine.connect() as conn:
        assert conn.execute(sa.text("select count(*) from strokes")).scalar_one() == 0


def test_end_frame_opens_the_next_or_finishes_the_match(store: Store) -> None:
    a, f = _match(store)
    b, _ = _match(store, "ten-ball")
    w = store.end_frame(a, 0, f, 1, [40, 72], next_frame=NewFrame(2, None, {}))
    assert w.version == 1 and w.frame_id is not None
    assert [fr.number for fr in store.frames(a)] == [1, 2]
    store.end_frame(a, 1, w.frame_id, 1, [0, 80], match_over=True, match_winner=1)
    assert [m.id for m in store.matches()] == [b, a]
    assert store.match(a).winner == 1 and store.match(a).finished is not None
    assert [fr.score for fr in store.frames(a)] == [[40, 72], [0, 80]]
    with pytest.raises(KeyError):
        store.match(12345)


def test_ids_out_of_range_name_nothing(store: Store) -> None:
    with pytest.raises(KeyError):
        store.match(10**20)
    assert store.frames(10**20) == [] and store.seats(-1) == [] and store.version(10**20) is None


def test_an_old_database_gains_the_version_column(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    eng = sa.create_engine(url)
    with eng.begin() as conn:
        conn.execute(sa.text("create table matches (id integer primary key, discipline "
                             "varchar(32) not null, players json not null, rules json not "
                             "null, format json not null, created datetime not null, "
                             "finished datetime, winner integer)"))
        conn.execute(sa.text("insert into matches values (1, 'snooker', '[\"A\", \"B\"]', "
                             "'{}', '{}', '2026-01-01 00:00:00', null, null)"))
    eng.dispose()
    store = Store(url)
    assert store.version(1) == 0 and store.match(1).players == ("A", "B")
    store.close()


HEADER = {"protocol": 1, "discipline": "nine-ball", "players": ["A", "B"], "rules": {},
          "start": None}


def test_a_referee_session_stores_actions_in_order_one_version_at_a_time(
        store: Store) -> None:
    assert store.open_referee("a" * 64, "c1", "en", HEADER, per_owner=8) == []
    assert store.referee_version("a" * 64) == 0
    assert store.add_referee_action("a" * 64, 0, {"concede": {"player": 0}},
                                    {"action": 0}) == 1
    with pytest.raises(StaleError):  # a second writer at version 0
        store.add_referee_action("a" * 64, 0, {"concede": {"player": 1}}, {"action": 0})
    row = store.referee_session("a" * 64)
    assert row is not None and row.version == 1 and row.header == HEADER
    assert row.actions == [{"concede": {"player": 0}}] and row.rulings == [{"action": 0}]
    assert store.referee_version("b" * 64) is None and store.referee_session("b" * 64) is None
    with pytest.raises(StaleError):  # no such session
        store.add_referee_action("b" * 64, 0, {}, {})


def test_an_owner_over_its_share_has_its_least_recently_fed_sessions_closed(
        store: Store) -> None:
    keys = [f"{i:064d}" for i in range(4)]
    assert store.open_referee(keys[0], "c1", "en", HEADER, per_owner=2) == []
    assert store.open_referee(keys[1], "c1", "en", HEADER, per_owner=2) == []
    store.add_referee_action(keys[0], 0, {"concede": {"player": 0}}, {})  # fed last
    assert store.open_referee("x" * 64, "c2", "en", HEADER, per_owner=2) == []  # not c1's
    assert store.open_referee(keys[2], "c1", "en", HEADER, per_owner=2) == [keys[1]]
    assert store.referee_version(keys[1]) is None  # closed: takes no more actions
    with pytest.raises(StaleError):
        store.add_referee_action(keys[1], 0, {}, {})
    closed = store.referee_session(keys[1])
    assert closed is not None and closed.closed  # ... but kept for the history
    assert len(list(store.referee_records())) == 4
