"""The discipline descriptors (cuesport.disciplines): lookup, discovery, and that each
descriptor's facts agree with the equipment and with its referee."""

from __future__ import annotations

import importlib
import sys
import textwrap
from pathlib import Path

import pytest

from cuesport import disciplines
from cuesport.equipment import POOL_8FT, POOL_9FT, SNOOKER, TABLES
from cuesport.record import RecordError, parse_record, record_schema
from cuesport.rules.registry import referee_class

ALL = disciplines.all()


def test_find_returns_the_descriptor_and_unknown_names_list_the_known_ids() -> None:
    assert disciplines.find("nine-ball").id == "nine-ball"
    with pytest.raises(disciplines.UnknownDiscipline) as err:
        disciplines.find("carom")
    assert isinstance(err.value, ValueError)
    for d in ALL:
        assert d.id in str(err.value)


def test_all_is_in_the_declared_order_without_duplicates() -> None:
    assert [d.order for d in ALL] == sorted(d.order for d in ALL)
    assert len({d.id for d in ALL}) == len(ALL) == len(disciplines.ids())
    assert disciplines.ids()[:2] == ("snooker", "snooker-one-red")  # the menu order


@pytest.mark.parametrize("d", ALL, ids=lambda d: d.id)
def test_descriptor_agrees_with_its_referee_and_equipment(d: disciplines.Discipline) -> None:
    ref = referee_class(d.id)
    assert ref.discipline == d.id
    assert d.referee.endswith(f":{ref.__name__}")
    assert set(d.cue_balls) <= set(d.ball_names)
    assert d.ball_names[: len(d.cue_balls)] == d.cue_balls  # cue ball(s) first
    assert d.sizes and all(TABLES[s].kind == d.table for s in d.sizes)
    assert d.names.en and d.names.ru and d.names.get("ru") == d.names.ru
    position = disciplines.setup(d.id, rng=7)
    assert position == disciplines.setup(d.id, rng=7)  # seeded racks repeat
    assert set(position) <= set(d.ball_names) - set(d.cue_balls)  # cue balls in hand
    if d.stalemate_rule is not None:
        assert d.stalemate_rule.split("-")[0] in ("SNK", "P8", "P9", "P10", "P141")


def test_values_and_cue_balls_per_player() -> None:
    snooker = disciplines.find("snooker")
    assert snooker.value_of("black") == 7 and snooker.value_of("red3") == 1
    assert [b.value for b in snooker.object_balls][-6:] == [2, 3, 4, 5, 6, 7]
    one_red = disciplines.find("snooker-one-red")
    assert (one_red.cue_ball_of(0), one_red.cue_ball_of(1)) == ("white", "yellow")
    assert disciplines.find("ten-ball").cue_ball_of(1) == "cue"


def test_table_for_takes_the_descriptor_sizes() -> None:
    assert disciplines.table_for("snooker") is SNOOKER
    assert disciplines.table_for("snooker", "snooker") is SNOOKER  # the table's own name
    assert disciplines.table_for("eight-ball") is POOL_9FT
    assert disciplines.table_for("eight-ball", "8ft") is POOL_8FT
    with pytest.raises(ValueError, match="'9ft'"):
        disciplines.table_for("snooker-one-red", "9ft")
    with pytest.raises(ValueError, match="'6ft'"):
        disciplines.table_for("nine-ball", "6ft")


def test_for_table_guesses_from_the_balls_present() -> None:
    assert disciplines.for_table("snooker").id == "snooker"  # the fullest set
    assert disciplines.for_table("pool").id == "eight-ball"
    assert disciplines.for_table("snooker", ["white", "red"]).id == "snooker-one-red"
    assert disciplines.for_table("snooker", ["cue", "red1", "black"]).id == "snooker"
    with pytest.raises(ValueError):
        disciplines.for_table("carom")


def test_record_accepts_exactly_the_descriptor_ids_and_the_schema_lists_them() -> None:
    for d in ALL:
        assert parse_record({"discipline": d.id}).discipline == d.id
    with pytest.raises(RecordError, match="unknown discipline 'carom'"):
        parse_record({"discipline": "carom"})
    assert record_schema()["properties"]["discipline"]["enum"] == list(disciplines.ids())


def test_a_new_descriptor_module_is_discovered_without_registering_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "toy_pool.py").write_text(textwrap.dedent('''
        from cuesport.disciplines._base import Discipline, Names
        from cuesport.equipment.balls import pool_balls
        from cuesport.equipment.racks import nine_ball_rack

        DISCIPLINE = Discipline(
            id="toy-pool", names=Names("Toy", "Игрушка"), family="pool", table="pool",
            sizes=("7ft",), balls=pool_balls(9), cue_balls=("cue",), rack=nine_ball_rack,
            referee="cuesport.rules.nine_ball:NineBallReferee", order=99)
    '''), encoding="utf-8")
    package = importlib.import_module("cuesport.disciplines")
    monkeypatch.setattr(package, "__path__", [*package.__path__, str(tmp_path)])
    disciplines._registry.cache_clear()
    try:
        assert disciplines.ids()[-1] == "toy-pool"
        assert disciplines.table_for("toy-pool").name == "7ft"
    finally:
        monkeypatch.undo()
        disciplines._registry.cache_clear()
        sys.modules.pop("cuesport.disciplines.toy_pool", None)
    assert "toy-pool" not in disciplines.ids()
