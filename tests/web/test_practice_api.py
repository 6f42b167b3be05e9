"""``/api/practice``: racks, position checks, strokes simulated without noise, the aid, the
record kept across strokes, and the practice's own rate limit."""

from __future__ import annotations

import math
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cuesport import disciplines
from cuesport.protocol import referee
from cuesport.storage import Store
from cuesport.web import create_app
from cuesport.web.limits import Buckets
from cuesport.web.routers.practice import MAX_LINE, PATH_POINTS

NINE = {"cue": [635.0, 600.0], "1": [635.0, 1500.0], "2": [100.0, 100.0]}


def sim(client: TestClient, balls: dict[str, Any], discipline: str = "nine-ball",
        **extra: Any) -> Any:
    body = {"discipline": discipline, "balls": balls, "stroke": {"angle": 90.0, "speed": 3.0}}
    return client.post("/api/practice/simulate", json=body | extra)


def accepted(record: dict[str, Any]) -> list[dict[str, Any]]:
    out = referee(record)
    assert all("error" not in r for r in out), out[-1]
    return out


@pytest.mark.parametrize("discipline", disciplines.ids())
def test_every_rack_has_its_cue_balls_placed_and_passes_the_check(client, discipline):
    r = client.get(f"/api/practice/{discipline}/rack")
    assert r.status_code == 200
    balls = r.json()["balls"]
    assert set(disciplines.cue_balls(discipline)) <= set(balls)
    assert set(balls) <= set(disciplines.ball_names(discipline))
    assert client.post("/api/practice/check",
                       json={"discipline": discipline, "balls": balls}).json() == {"ok": True}


def test_the_rack_of_a_pool_table_size(client):
    small = client.get("/api/practice/nine-ball/rack?table=7ft").json()
    big = client.get("/api/practice/nine-ball/rack").json()
    assert (small["table"], big["table"]) == ("7ft", "9ft")
    assert small["balls"]["1"] != big["balls"]["1"]
    assert client.get("/api/practice/nine-ball/rack?table=13ft").status_code == 422
    assert client.get("/api/practice/darts/rack").status_code == 422


@pytest.mark.parametrize(("balls", "says"), [
    ({"cue": [635.0, 600.0], "1": [640.0, 610.0]}, "balls 'cue' and '1' overlap"),
    ({"cue": [10.0, 600.0]}, "off the table"),
    ({"cue": [635.0, 600.0], "1": [1245.0, 1200.0]}, "overlaps the cushion"),
    ({"cue": [635.0, 600.0], "red1": [635.0, 1000.0]}, "unknown ball 'red1'"),
])
def test_a_position_the_physics_refuses_is_a_422_saying_why(client, balls, says):
    r = client.post("/api/practice/check", json={"discipline": "nine-ball", "balls": balls})
    assert r.status_code == 422
    assert says in r.json()["error"]


def test_a_position_without_a_cue_ball_may_be_checked_but_not_struck(client):
    balls = {"1": [635.0, 1500.0]}
    assert client.post("/api/practice/check",
                       json={"discipline": "nine-ball", "balls": balls}).status_code == 200
    r = sim(client, balls)
    assert r.status_code == 422 and "not on the table" in r.json()["error"]


@pytest.mark.parametrize("body", [
    {"discipline": "nine-ball", "balls": NINE, "stroke": {"angle": "90", "speed": 3.0}},
    {"discipline": "nine-ball", "balls": NINE, "stroke": {"angle": 90, "speed": 13.0}},
    {"discipline": "nine-ball", "balls": NINE, "stroke": {"angle": 90, "speed": 3, "spin": 1}},
    {"discipline": "nine-ball", "balls": {"cue": [635.0]}, "stroke": {"angle": 90, "speed": 3}},
    {"discipline": "nine-ball", "balls": {"CUE": [635, 600]}, "stroke": {"angle": 90, "speed": 3}},
    {"discipline": "nine-ball", "balls": NINE, "stroke": {"angle": 90, "speed": 3}, "aid": 1},
    {"discipline": "snooker", "balls": NINE, "stroke": {"angle": 90, "speed": 3}},
    {"discipline": "nine-ball", "balls": NINE, "stroke": {"angle": 90, "speed": 3,
                                                          "cue_ball": "1"}},
    {"discipline": "nine-ball", "balls": NINE, "stroke": {"angle": 90, "speed": 3,
                                                          "side": 0.8, "height": 0.8}},
], ids=["string-number", "too-fast", "extra-field", "half-a-point", "bad-name", "aid-not-bool",
        "other-discipline's-balls", "not-a-cue-ball", "tip-off-the-ball"])
def test_bad_input_is_a_json_422(client, body):
    r = client.post("/api/practice/simulate", json=body)
    assert r.status_code == 422
    assert isinstance(r.json()["error"], str) and r.json()["error"]


def test_a_stroke_gives_the_shot_the_ruling_and_a_record_the_referee_accepts(client):
    r = sim(client, NINE)
    assert r.status_code == 200
    out = r.json()
    shot = out["shot"]
    assert next(e["hit"] for e in shot["events"] if "hit" in e) == ["cue", "1"]
    assert set(shot["after"]) == set(NINE) and shot["trajectories"]["cue"]
    assert out["new_line"] is True
    line = out["line"]
    assert line["start"]["balls"] == NINE and len(line["actions"]) == 1
    rulings = accepted(line)
    assert rulings[-1] == out["ruling"]
    assert sim(client, NINE).json() == out  # no noise: the same stroke, the same answer


def test_strokes_follow_one_record_until_the_position_is_changed(client):
    first = sim(client, NINE).json()
    after = first["shot"]["after"]
    second = sim(client, after, line=first["line"]).json()
    assert second["new_line"] is False and len(second["line"]["actions"]) == 2
    assert second["line"]["start"] == first["line"]["start"]
    accepted(second["line"])
    moved = dict(second["shot"]["after"]) | {"2": [200.0, 150.0]}
    third = sim(client, moved, line=second["line"]).json()
    assert third["new_line"] is True and len(third["line"]["actions"]) == 1
    assert third["line"]["start"]["balls"] == moved
    accepted(third["line"])


def test_a_record_the_referee_refuses_or_a_forged_one_starts_a_new_line(client):
    for line in ({"discipline": "nine-ball", "protocol": 1, "players": ["a", "b"],
                  "actions": [{"shot": {"player": 7}}]},
                 {"anything": True}, {"discipline": "snooker"}):
        out = sim(client, NINE, line=line)
        assert out.status_code == 200
        assert out.json()["new_line"] is True and len(out.json()["line"]["actions"]) == 1


def test_a_ball_the_referee_respotted_starts_a_new_line(client):
    # SNK-3.4: a colour potted while a red is on is respotted; the practice keeps the
    # physics' table (no pink), so the old record no longer leads to it.
    start = {"cue": [600.0, 600.0], "red1": [600.0, 1500.0], "pink": [889.0, 2676.75]}
    line = {"protocol": 1, "discipline": "snooker", "players": ["Player 1", "Player 2"],
            "rules": {}, "start": {"balls": start, "to_play": 0},
            "actions": [{"shot": {"player": 0, "events": [
                {"t": 0.0, "hit": ["cue", "pink"]},
                {"t": 1.0, "pot": "pink", "pocket": "top-left"}],
                "after": {"cue": [700.0, 2000.0]}}}]}
    assert "pink" in accepted(line)[-1]["respotted"]
    table = {"cue": [700.0, 2000.0], "red1": [600.0, 1500.0]}
    out = sim(client, table, "snooker", line=line).json()
    assert out["new_line"] is True and out["line"]["start"]["balls"] == table


def test_after_ball_in_hand_the_record_places_the_cue_ball_where_it_lies(client):
    # POOL-6.2 (no ball hit): ball in hand; the next stroke is played from where the cue
    # ball is, and the record says so (cue_ball), in the same line.
    weak = {"angle": -90.0, "speed": 1.0}
    first = sim(client, NINE, stroke=weak).json()
    assert first["ruling"]["in_hand"] == "table"
    second = sim(client, first["shot"]["after"], line=first["line"]).json()
    assert second["new_line"] is False
    placed = second["line"]["actions"][1]["shot"]["cue_ball"]
    assert math.dist(placed, first["shot"]["after"]["cue"]) < 1e-9
    accepted(second["line"])


def test_pool_1_6_practice_calls_the_first_ball_potted(client):
    balls = {"cue": [970.0, 2240.0], "1": [1170.0, 2440.0], "2": [300.0, 300.0]}
    out = sim(client, balls, "straight-pool", stroke={"angle": 45.0, "speed": 2.5}).json()
    assert out["shot"]["pocketed"] == {"1": "top-right"}
    assert out["line"]["actions"][0]["shot"]["call"] == {"ball": "1", "pocket": "top-right"}
    assert out["ruling"]["points"][0] == 1


def test_the_rulings_speak_the_language_asked_for(client):
    weak = {"angle": -90.0, "speed": 1.0}
    en = sim(client, NINE, stroke=weak).json()["ruling"]["announce"]
    ru = sim(client, NINE, stroke=weak, lang="ru").json()["ruling"]["announce"]
    assert en[0] == "Foul" and ru != en


def test_the_aid_gives_two_bounded_paths_and_no_trajectories(client):
    r = sim(client, NINE, aid=True)
    assert r.status_code == 200
    out = r.json()
    assert out["first"] == "1" and set(out["paths"]) == {"cue", "1"}
    assert "shot" not in out and "line" not in out
    for pts in out["paths"].values():
        assert 2 <= len(pts) <= PATH_POINTS + 40
    assert out["paths"]["cue"][0] == NINE["cue"]
    missed = sim(client, NINE, aid=True, stroke={"angle": -90.0, "speed": 1.0}).json()
    assert missed["first"] is None and set(missed["paths"]) == {"cue"}


def test_a_long_line_starts_again(client):
    # Strokes that touch a red and leave every ball where it was: the turn passes each time.
    balls = {"cue": [600.0, 600.0], "red1": [600.0, 1500.0]}
    actions = [{"shot": {"player": k % 2, "events": [{"t": 0.0, "hit": ["cue", "red1"]}]}}
               for k in range(MAX_LINE)]
    line = {"protocol": 1, "discipline": "snooker", "players": ["Player 1", "Player 2"],
            "rules": {}, "start": {"balls": balls, "to_play": 0}, "actions": actions}
    accepted(line)
    short = line | {"actions": actions[:-1]}
    assert sim(client, balls, "snooker", line=short).json()["new_line"] is False
    assert sim(client, balls, "snooker", line=line).json()["new_line"] is True


def test_simulations_are_rate_limited_per_client(db_url):
    app = create_app(Store(db_url), bot_delay=0.0)
    app.state.practice_limit = Buckets(rate=0.01, burst=2)
    with TestClient(app) as c:
        assert sim(c, NINE, aid=True).status_code == 200
        assert sim(c, NINE).status_code == 200
        r = sim(c, NINE, aid=True)
        assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1
        assert "too many simulations" in r.json()["error"]
        # a check is cheap: it is not counted
        assert c.post("/api/practice/check",
                      json={"discipline": "nine-ball", "balls": NINE}).status_code == 200


def test_the_pool_of_processes_simulates_the_same_stroke(db_url, client):
    pooled = TestClient(create_app(Store(db_url), bot_delay=0.0, think_in_pool=True))
    assert sim(pooled, NINE).json() == sim(client, NINE).json()


def test_the_practice_page_is_served(client):
    r = client.get("/practice")
    assert r.status_code == 200 and "practice.js" in r.text
    for name in ("practice.js", "practice.css"):
        assert client.get(f"/static/{name}").status_code == 200
    assert 'href="/practice"' in client.get("/").text
