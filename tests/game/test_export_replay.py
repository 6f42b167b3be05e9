"""Stored frames export as referee-protocol records that replay to the stored rulings,
for every discipline, through the API and the command line."""

from __future__ import annotations

import json

import pytest

from cuesport.cli import main
from cuesport.disciplines import ids
from cuesport.game.match import Match, MatchFormat
from cuesport.game.players import make_player
from cuesport.game.stats import head_to_head, match_stats, player_stats
from cuesport.protocol import referee
from cuesport.storage import Store


@pytest.mark.parametrize("discipline", ids())
def test_round_trip(discipline: str, tmp_path, capsys) -> None:
    url = f"sqlite:///{tmp_path / 'x.db'}"
    store = Store(url)
    target = 10 if discipline in ("straight-pool", "snooker-one-red") else None
    m = Match(discipline, [make_player("bot:easy", 1), make_player("bot:easy", 2)],
              fmt=MatchFormat(frames=2, target=target), store=store, seed=5)
    m.run(max_steps=5000)
    frames = store.frames(m.match_id)
    assert len(frames) == 2 and all(f.winner in (0, 1) for f in frames)
    for f in frames:
        stored = [s["ruling"] for s in store.strokes(f.id)]
        record = store.frame_record(f.id)
        assert referee(json.loads(json.dumps(record))) == stored
    # the command line: export a frame, referee it, replay it
    capsys.readouterr()
    assert main(["export", str(m.match_id), "--frame", "2", "--db", url]) == 0
    exported = json.loads(capsys.readouterr().out)
    path = tmp_path / "r.json"
    path.write_text(json.dumps(exported))
    assert main(["referee", str(path)]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert lines == [s["ruling"] for s in store.strokes(frames[1].id)]
    assert main(["replay", str(m.match_id), "--frame", "1", "--db", url,
                 "--svg", str(tmp_path / "svg")]) == 0
    assert "0 rulings differ" in capsys.readouterr().out
    assert (tmp_path / "svg" / "breaks.svg").exists()
    # statistics read the same data
    a, b = match_stats(store, m.match_id)
    assert a.frames == b.frames == 2 and a.frames_won + b.frames_won == 2
    # one bot level is one player: both seats of the match count for it (#18)
    (level,) = player_stats(store).values()
    assert level.name == "bot:easy" and level.frames == 4 and level.frames_won == 2
    assert head_to_head(store, *m.names)["played"] == 0  # nobody meets himself


def test_cli_play_matches_stats(tmp_path, capsys) -> None:
    url = f"sqlite:///{tmp_path / 'c.db'}"
    assert main(["play", "ten-ball", "--players", "bot:easy", "bot:medium", "--frames", "1",
                 "--db", url, "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "Партия 1" in out  # ten-ball is played in racks
    assert main(["matches", "--db", url]) == 0
    assert "ten-ball" in capsys.readouterr().out
    assert main(["stats", "--db", url]) == 0
    assert "bot:easy" in capsys.readouterr().out
    assert main(["play", "snooker", "--players", "human", "bot:easy", "--db", url]) == 2
