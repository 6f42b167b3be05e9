"""The HTTP API: every action, and every refusal (which must change nothing)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import bearer, wait_for
from fastapi.testclient import TestClient

from cuesport.disciplines import ids
from cuesport.protocol import referee
from cuesport.storage import Store
from cuesport.web import create_app

SNOOKER_D = [850.0, 650.0]  # inside the D, clear of the brown
KITCHEN = [635.0, 400.0]  # behind the head string of a 9-ft table


def hotseat(client: TestClient, discipline: str = "nine-ball") -> tuple[int, list[str]]:
    """A match of two humans; the tokens come back in playing order (the breaker first:
    pool begins with an automatic lag)."""
    r = client.post("/api/matches", json={
        "discipline": discipline, "players": [{"name": "Ann"}, {"name": "Bob"}]})
    assert r.status_code == 201, r.text[:300]
    mid, tokens = r.json()["id"], r.json()["tokens"]
    v = settled(client, mid)
    first = v["ruling"]["to_play"]
    return mid, [tokens[first], tokens[1 - first]]


def view(client: TestClient, mid: int) -> dict:
    return client.get(f"/api/matches/{mid}").json()


def settled(client: TestClient, mid: int) -> dict:
    """The match once bots and automatic steps have played."""
    return wait_for(lambda: (v := view(client, mid)) and not v["busy"] and v)


def snooker_foul(client: TestClient, mid: int, token: str) -> dict:
    """Player 0 plays the cue ball into the baulk cushion: no ball hit, a foul."""
    r = client.post(f"/api/matches/{mid}/strike", headers=bearer(token),
                    json={"angle": 270, "speed": 1.0, "place": SNOOKER_D})
    assert r.status_code == 200, r.text[:300]
    return r.json()["ruling"]


# ---------------------------------------------------------------- tables


@pytest.mark.parametrize("discipline", ids())
def test_table_geometry_for_every_discipline(client, discipline):
    t = client.get(f"/api/tables/{discipline}").json()
    assert len(t["pockets"]) == 6 and len(t["cushions"]) == 6
    assert {"points", "knuckles", "facings", "capture"} <= set(t["pockets"][0])
    assert t["width"] < t["length"] and t["ball_radius"] > 20
    assert t["balls"][0]["name"] in t["cue_balls"]
    assert ("d" in t) == (discipline.startswith("snooker"))


def test_table_refusals(client):
    assert client.get("/api/tables/carom").status_code == 404
    r = client.get("/api/tables/nine-ball?size=6ft")
    assert r.status_code == 422 and "6ft" in r.json()["error"]
    assert client.get("/api/tables/nine-ball?size=7ft").json()["length"] == pytest.approx(1981.2)


# ---------------------------------------------------------------- referee protocol


def _example_records() -> list[dict]:
    root = Path(__file__).resolve().parents[2] / "examples"
    out = []
    for p in sorted(root.rglob("*.json")):
        try:
            data = json.loads(p.read_text("utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(data, dict) and data.get("protocol") == 1:
            out.append(data)
    return out[:8]


def test_referee_answers_the_same_rulings_as_python(client):
    records = _example_records() or [{
        "protocol": 1, "discipline": "snooker", "players": ["A", "B"],
        "actions": [{"shot": {"player": 0, "cue_ball": SNOOKER_D, "events": [{"cushion": "cue"}],
                              "after": {"cue": [889, 300]}}},
                    {"decision": {"player": 1, "choice": "pass"}}]}]
    for rec in records:
        for lang in ("en", "ru"):
            r = client.post(f"/api/referee?lang={lang}", json=rec)
            expected = referee(rec, lang)
            assert r.json() == json.loads(json.dumps(expected))
            assert r.status_code == (422 if "error" in expected[-1] else 200)


def test_referee_bad_action_ends_with_its_error(client):
    rec = {"protocol": 1, "discipline": "nine-ball", "players": ["A", "B"],
           "actions": [{"concede": {"player": 1}}, {"shot": {"player": 7}}]}
    r = client.post("/api/referee", json=rec)
    assert r.status_code == 422
    out = r.json()
    assert out[0]["frame_over"] is True and out[1]["action"] == 1 and "error" in out[1]


def test_referee_bad_header_and_bad_json(client):
    r = client.post("/api/referee", json={"protocol": 1, "discipline": "carom", "players": []})
    assert r.status_code == 422 and "error" in r.json()
    assert client.post("/api/referee", json=[1, 2]).status_code == 422
    r = client.post("/api/referee", content=b"{nope", headers={"content-type": "application/json"})
    assert r.status_code == 422 and "error" in r.json()
    assert client.post("/api/referee?lang=de", json={}).status_code == 422


def test_referee_live_session(client):
    head = {"protocol": 1, "discipline": "snooker", "players": ["A", "B"], "actions": []}
    sid = client.post("/api/referee/sessions", json=head).json()["session"]
    shot = {"shot": {"player": 0, "cue_ball": SNOOKER_D, "events": [{"cushion": "cue"}],
                     "after": {"cue": [889, 300]}}}
    r = client.post(f"/api/referee/sessions/{sid}/actions", json=shot)
    assert r.status_code == 200 and r.json()["options"] == ["play", "pass"]
    bad = client.post(f"/api/referee/sessions/{sid}/actions", json={"decision": {"player": 0}})
    assert bad.status_code == 422 and bad.json()["action"] == 1
    ok = client.post(f"/api/referee/sessions/{sid}/actions",
                     json={"decision": {"player": 1, "choice": "pass"}})
    assert ok.status_code == 200 and ok.json()["action"] == 1  # the bad one changed nothing
    rec = client.get(f"/api/referee/sessions/{sid}/record").json()
    assert len(rec["actions"]) == 2
    assert client.post("/api/referee/sessions/nope/actions", json=shot).status_code == 404
    assert client.post("/api/referee/sessions", json=dict(head, actions=[shot])).status_code == 422


def test_request_size_is_bounded(client):
    big = {"protocol": 1, "discipline": "snooker", "players": ["A", "B"], "pad": "x" * 300_000}
    r = client.post("/api/referee", json=big)
    assert r.status_code == 413 and "too large" in r.json()["error"]


# ---------------------------------------------------------------- matches: create, read, join


def test_create_match_validates_its_body(client):
    good = {"discipline": "nine-ball", "players": [{"name": "A"}, {"name": "B", "kind": "bot"}]}
    for bad in (
        dict(good, discipline="carom"),
        dict(good, players=[{"name": "A"}]),
        dict(good, players=[{"name": "A"}, {"name": "B", "kind": "alien"}]),
        dict(good, frames=0),
        dict(good, extra=1),
        dict(good, lang="de"),
        dict(good, rules={"table": "6ft"}),
    ):
        r = client.post("/api/matches", json=bad)
        assert r.status_code == 422, bad
        assert r.json()["error"]
    r = client.post("/api/matches", json=good)
    assert r.status_code == 201
    body = r.json()
    assert body["tokens"][0] and body["tokens"][1] is None  # nobody holds a bot's seat
    assert body["links"]["spectator"] == f"/#match={body['id']}"
    assert body["match"]["seats"][1]["kind"] == "bot"


def test_create_match_takes_every_bot_level(client):
    for level in ("easy", "medium", "strong", "pro"):
        r = client.post("/api/matches", json={"discipline": "nine-ball", "players": [
            {"name": "A"}, {"name": "B", "kind": "bot", "level": level}]})
        assert r.status_code == 201, (level, r.json())
    r = client.post("/api/matches", json={"discipline": "nine-ball", "players": [
        {"name": "A"}, {"name": "B", "kind": "bot", "level": "godlike"}]})
    assert r.status_code == 422


def test_read_match_as_spectator_and_as_a_seat(client):
    mid, tokens = hotseat(client, "snooker")
    spectator = client.get(f"/api/matches/{mid}").json()
    assert spectator["you"] is None and "token" not in json.dumps(spectator)
    assert client.get(f"/api/matches/{mid}", headers=bearer(tokens[1])).json()["you"] == 1
    assert client.get(f"/api/matches/{mid}", headers=bearer("forged")).status_code == 403
    assert client.get("/api/matches/999").status_code == 404


def test_join_a_seat(client):
    mid, tokens = hotseat(client, "snooker")
    r = client.post(f"/api/matches/{mid}/join", headers=bearer(tokens[1]), json={"seat": 1})
    assert r.status_code == 200 and view(client, mid)["seats"][1]["joined"] is True
    wrong = client.post(f"/api/matches/{mid}/join", headers=bearer(tokens[1]), json={"seat": 0})
    assert wrong.status_code == 403
    assert client.post(f"/api/matches/{mid}/join", json={"seat": 0}).status_code == 401


# ---------------------------------------------------------------- refusals change nothing


def test_refusals_wrong_seat_wrong_turn_spectator(client):
    mid, tokens = hotseat(client)
    before = view(client, mid)
    shot = {"angle": 90, "speed": 3, "place": KITCHEN}
    cases = [
        ({}, 401, "spectators cannot act"),
        (bearer("not-a-token"), 403, "no seat"),
        ({"Authorization": "Basic abc"}, 401, "Bearer"),
        (bearer(tokens[1]), 409, "not your turn"),
    ]
    for headers, status, words in cases:
        r = client.post(f"/api/matches/{mid}/strike", headers=headers, json=shot)
        assert r.status_code == status and words in r.json()["error"], r.text[:300]
    r = client.post(f"/api/matches/{mid}/place", headers=bearer(tokens[1]), json={"at": KITCHEN})
    assert r.status_code == 409
    r = client.post(f"/api/matches/{mid}/decide", headers=bearer(tokens[1]),
                    json={"choice": "play"})
    assert r.status_code == 409
    assert view(client, mid) == before


def test_refusals_malformed_strokes(client):
    mid, tokens = hotseat(client)
    before = view(client, mid)
    h = bearer(tokens[0])
    for bad in ({"angle": 90}, {"angle": "x", "speed": 3}, {"angle": 90, "speed": 99},
                {"angle": 90, "speed": 3, "side": 2}, {"angle": 90, "speed": 3, "bogus": 1},
                {"angle": 90, "speed": 3, "place": [1, 2, 3]},
                {"angle": 90, "speed": 3, "call": {"ball": "1", "pocket": "corner"}}):
        r = client.post(f"/api/matches/{mid}/strike", headers=h, json=bad)
        assert r.status_code == 422 and r.json()["error"].startswith("invalid request"), bad
    r = client.post(f"/api/matches/{mid}/strike", headers=h,
                    content=b'{"angle": NaN, "speed": 1}',
                    )
    assert r.status_code == 422
    assert view(client, mid) == before


def test_refusals_bad_placement(client):
    mid, tokens = hotseat(client)
    before = view(client, mid)
    h = bearer(tokens[0])
    for at, words in (([635, 1500], "head string"), ([-50, 300], "on the table")):
        for route, body in (("place", {"at": at}),
                            ("strike", {"angle": 90, "speed": 3, "place": at})):
            r = client.post(f"/api/matches/{mid}/{route}", headers=h, json=body)
            assert r.status_code == 422 and words in r.json()["error"], (route, at, r.text[:300])
    r = client.post(f"/api/matches/{mid}/strike", headers=h, json={"angle": 90, "speed": 3})
    assert r.status_code == 422 and "in hand" in r.json()["error"]
    assert view(client, mid) == before
    ok = client.post(f"/api/matches/{mid}/place", headers=h, json={"at": KITCHEN})
    assert ok.status_code == 200 and ok.json()["in_hand"] == "kitchen"


def test_snooker_placement_must_be_in_the_d(client):
    mid, tokens = hotseat(client, "snooker")
    h = bearer(tokens[0])
    r = client.post(f"/api/matches/{mid}/place", headers=h, json={"at": [889, 900]})
    assert r.status_code == 422 and "the D" in r.json()["error"]
    r = client.post(f"/api/matches/{mid}/place", headers=h, json={"at": [900, 720]})
    assert r.status_code == 422 and "overlap the brown" in r.json()["error"]


# ---------------------------------------------------------------- playing


def test_strike_records_a_shot_with_its_trajectories(client, db_url):
    mid, tokens = hotseat(client)
    v0 = view(client, mid)
    assert v0["log"][0]["type"] == "lag"  # pool: the lag decides who breaks
    r = client.post(f"/api/matches/{mid}/strike", headers=bearer(tokens[0]),
                    json={"angle": 90, "speed": 8, "place": KITCHEN, "side": 0.1})
    assert r.status_code == 200, r.text[:300]
    entry = r.json()
    assert entry["type"] == "shot" and entry["player"] == v0["ruling"]["to_play"]
    shot = entry["shot"]
    assert shot["duration"] > 0 and shot["trajectories"]["cue"][0]["p0"][1] == pytest.approx(400)
    assert any("hit" in e for e in shot["events"])
    v = view(client, mid)
    assert v["log"][-1]["seq"] == v["version"] and v["ruling"] == entry["ruling"]
    assert client.get(f"/api/matches/{mid}?since={v['version']}").json()["log"] == []
    store = Store(db_url)
    fr = store.frames(mid)[0]
    stored = [s for s in store.strokes(fr.id) if "shot" in s["action"]]
    assert stored[0]["stroke"]["speed"] == 8 and stored[0]["stroke"]["side"] == 0.1
    assert referee(store.frame_record(fr.id))[-1]["state"] == v["ruling"]["state"]


def test_decision_play_pass_after_a_snooker_foul(client):
    mid, tokens = hotseat(client, "snooker")
    ruling = snooker_foul(client, mid, tokens[0])
    assert ruling["legal"] is False and ruling["to_play"] == 1
    assert ruling["options"] == ["play", "pass"]
    before = view(client, mid)
    for token, choice, status in ((tokens[0], "pass", 409), (tokens[1], "re-rack", 409),
                                  (tokens[1], "nonsense", 422)):
        r = client.post(f"/api/matches/{mid}/decide", headers=bearer(token),
                        json={"choice": choice})
        assert r.status_code == status, r.text[:300]
    assert view(client, mid) == before
    r = client.post(f"/api/matches/{mid}/decide", headers=bearer(tokens[1]),
                    json={"choice": "pass"})
    assert r.status_code == 200 and r.json()["ruling"]["to_play"] == 0


def test_undo(client):
    mid, tokens = hotseat(client, "snooker")
    r = client.post(f"/api/matches/{mid}/undo", headers=bearer(tokens[0]))
    assert r.status_code == 409 and "nothing of yours to undo" in r.json()["error"]
    start = view(client, mid)["ruling"]
    snooker_foul(client, mid, tokens[0])
    r = client.post(f"/api/matches/{mid}/undo", headers=bearer(tokens[1]))
    assert r.status_code == 409 and "your own" in r.json()["error"]
    r = client.post(f"/api/matches/{mid}/undo", headers=bearer(tokens[0]))
    assert r.status_code == 200 and r.json()["type"] == "undo"
    after = view(client, mid)["ruling"]
    assert after["state"] == start["state"] and after["in_hand"] == "D"


def test_concede_ends_the_match_and_then_everything_is_refused(client, db_url):
    mid, tokens = hotseat(client)
    r = client.post(f"/api/matches/{mid}/concede", headers=bearer(tokens[1]), json={})
    assert r.status_code == 409 and "not your turn" in r.json()["error"]
    r = client.post(f"/api/matches/{mid}/concede", headers=bearer(tokens[0]), json={})
    assert r.status_code == 200
    loser = r.json()["player"]
    v = settled(client, mid)
    assert v["over"] is True and v["winner"] == 1 - loser and sorted(v["frames_won"]) == [0, 1]
    assert v["log"][-1]["type"] == "match-over"
    for route, body in (("strike", {"angle": 90, "speed": 3, "place": KITCHEN}),
                        ("concede", {}), ("undo", None)):
        r = client.post(f"/api/matches/{mid}/{route}", headers=bearer(tokens[0]), json=body)
        assert r.status_code == 409 and "over" in r.json()["error"]
    assert Store(db_url).match(mid).winner == 1 - loser


def test_claim_is_refused_unless_only_the_black_is_left(client):
    mid, tokens = hotseat(client, "snooker")
    before = view(client, mid)
    r = client.post(f"/api/matches/{mid}/claim", headers=bearer(tokens[0]))
    assert r.status_code == 422 and r.json()["error"]
    r = client.post(f"/api/matches/{mid}/claim", headers=bearer(tokens[1]))
    assert r.status_code == 409 and "not your turn" in r.json()["error"]
    assert view(client, mid) == before


def test_claim_with_only_the_black_left_wins_the_frame(client):
    from cuesport.web.live import Seat

    hub = client.app.state.hub
    live, tokens = hub.create("snooker", [Seat("Ann"), Seat("Bob")], {}, 1, "en", start={
        "balls": {"black": [889.0, 3245.0], "cue": [889.0, 2800.0]}, "to_play": 0,
        "score": [60, 20]})
    r = client.post(f"/api/matches/{live.id}/claim", headers=bearer(tokens[0]))
    assert r.status_code == 200, r.text[:300]
    v = settled(client, live.id)
    assert v["over"] and v["winner"] == 0


def test_a_match_opened_from_a_position_is_never_busy_before_its_first_stroke(client, monkeypatch):
    # Pool has a lag, but not from a given position: reads must not start the runner (it
    # once did on every read, so that pages saw "busy" and strikes were refused at random).
    from cuesport.web.live import Seat

    hub = client.app.state.hub
    live, tokens = hub.create("eight-ball", [Seat("Ann"), Seat("Bob")], {}, 1, "en", start={
        "balls": {"cue": [635.0, 800.0], "3": [635.0, 1600.0], "8": [300.0, 2200.0]},
        "to_play": 0})
    runs: list[int] = []
    run = hub._run
    monkeypatch.setattr(hub, "_run", lambda lv: (runs.append(lv.id), run(lv)))
    for _ in range(20):
        assert view(client, live.id)["busy"] is False
    assert runs == [] and not live.match.automatic()
    fresh, _ = hub.create("eight-ball", [Seat("Ann"), Seat("Bob")], {}, 1, "en")
    assert wait_for(lambda: runs == [fresh.id])  # from the rack: the lag is played
    r = client.post(f"/api/matches/{live.id}/strike", headers=bearer(tokens[0]),
                    json={"angle": 90, "speed": 1.0, "call": {"ball": "3", "pocket": "top-right"}})
    assert r.status_code == 200, r.text[:300]


def test_best_of_three_goes_on_to_the_next_frame(client):
    r = client.post("/api/matches", json={"discipline": "snooker", "frames": 3,
                                          "players": [{"name": "A"}, {"name": "B"}]})
    mid, tokens = r.json()["id"], r.json()["tokens"]
    r = client.post(f"/api/matches/{mid}/concede", headers=bearer(tokens[1]), json={})
    assert r.status_code == 409 and "not your turn" in r.json()["error"]
    client.post(f"/api/matches/{mid}/concede", headers=bearer(tokens[0]), json={})
    v = settled(client, mid)
    assert not v["over"] and v["frame_number"] == 2 and v["frames_won"] == [0, 1]
    assert v["ruling"]["to_play"] == 1  # the players break in turn
    client.post(f"/api/matches/{mid}/concede", headers=bearer(tokens[1]), json={})
    v = settled(client, mid)
    assert v["frame_number"] == 3 and v["frames_won"] == [1, 1] and not v["over"]


def test_bot_replies_after_a_human_foul(client):
    r = client.post("/api/matches", json={
        "discipline": "snooker", "players": [{"name": "Ann"}, {"name": "Bot", "kind": "bot"}]})
    mid, token = r.json()["id"], r.json()["tokens"][0]
    assert snooker_foul(client, mid, token)["options"] == ["play", "pass"]
    v = wait_for(lambda: (x := settled(client, mid)) and any(
        e.get("player") == 1 for e in x["log"]) and x)
    bot = [e for e in v["log"] if e.get("player") == 1]
    assert bot[0]["type"] in ("decision", "shot")  # it took an option, or simply played
    for e in bot:
        assert e["type"] != "shot" or e["shot"]["trajectories"]["cue"]
    r = client.post(f"/api/matches/{mid}/strike", headers=bearer(None),
                    json={"angle": 90, "speed": 2})
    assert r.status_code == 401


def test_a_restarted_server_resumes_the_match(db_url):
    store = Store(db_url)
    with TestClient(create_app(store, bot_delay=0.0)) as c:
        mid, tokens = hotseat(c, "snooker")
        snooker_foul(c, mid, tokens[0])
        before = view(c, mid)
    store.close()
    with TestClient(create_app(Store(db_url), bot_delay=0.0)) as c:
        after = view(c, mid)
        assert after["ruling"] == before["ruling"] and after["seats"] == before["seats"]
        assert after["version"] > before["version"]  # open pages see the restart as news
        assert [e["type"] for e in after["log"]] == ["shot"]  # the frame's calls so far
        r = c.post(f"/api/matches/{mid}/decide", headers=bearer(tokens[1]),
                   json={"choice": "play"})
        assert r.status_code == 200  # the tokens still hold their seats


def test_websocket_pushes_versions(client):
    mid, tokens = hotseat(client)
    with client.websocket_connect(f"/api/matches/{mid}/ws") as ws:
        first = ws.receive_json()["version"]
        client.post(f"/api/matches/{mid}/concede", headers=bearer(tokens[0]), json={})
        assert ws.receive_json()["version"] > first


def test_index_and_static_files(client):
    r = client.get("/")
    assert r.status_code == 200 and "<canvas" in r.text
    for name in ("app.js", "table.js", "controls.js", "i18n.js", "style.css"):
        assert client.get(f"/static/{name}").status_code == 200
    assert client.get("/api/health").json()["status"] == "ok"
    assert r.headers["x-content-type-options"] == "nosniff"
    assert "script-src 'self'" in r.headers["content-security-policy"]


def test_websocket_actions_are_checked_like_http(client):
    mid, tokens = hotseat(client, "snooker")
    before = view(client, mid)
    with client.websocket_connect(f"/api/matches/{mid}/ws") as ws:
        ws.receive_json()

        def ask(msg: dict | str) -> dict:
            if isinstance(msg, str):
                ws.send_text(msg)
            else:
                ws.send_json(msg)
            while True:
                out = ws.receive_json()
                if "version" not in out:
                    return out

        bad = [
            ("not json", 422, "JSON"),
            ({"op": "fly", "id": 1}, 422, "unknown op"),
            ({"op": "strike", "body": {"angle": 90, "speed": 1}}, 401, "spectators"),
            ({"op": "strike", "token": "forged", "body": {"angle": 9, "speed": 1}}, 403, "seat"),
            ({"op": "strike", "token": tokens[1], "body": {"angle": 90, "speed": 1,
                                                           "place": SNOOKER_D}}, 409, "turn"),
            ({"op": "strike", "token": tokens[0], "body": {"angle": 90}}, 422, "invalid"),
            ({"op": "place", "token": tokens[0], "body": {"at": [889, 900]}}, 422, "the D"),
            ({"op": "decide", "token": tokens[0], "body": {"choice": "pass"}}, 409, "not on offer"),
        ]
        for msg, status, words in bad:
            out = ask(msg)
            assert out["status"] == status and words in out["error"], (msg, out)
        assert view(client, mid) == before
        out = ask({"op": "strike", "token": tokens[0], "id": 9,
                   "body": {"angle": 270, "speed": 1.0, "place": SNOOKER_D}})
        assert out["id"] == 9 and out["ok"]["type"] == "shot"
        out = ask({"op": "decide", "token": tokens[1], "body": {"choice": "play"}})
        assert out["ok"]["ruling"]["to_play"] == 1
        out = ask({"op": "undo", "token": tokens[1]})
        assert out["ok"]["type"] == "undo"


def test_undo_against_a_bot_takes_back_its_replies_too(client):
    r = client.post("/api/matches", json={
        "discipline": "snooker", "players": [{"name": "Ann"}, {"name": "Bot", "kind": "bot"}]})
    mid, token = r.json()["id"], r.json()["tokens"][0]
    start = settled(client, mid)["ruling"]
    snooker_foul(client, mid, token)
    v = wait_for(lambda: (x := settled(client, mid)) and x["ruling"]["to_play"] == 0 and x)
    assert any(e.get("player") == 1 for e in v["log"])
    r = client.post(f"/api/matches/{mid}/undo", headers=bearer(token))
    assert r.status_code == 200 and r.json()["undone"] >= 2
    after = view(client, mid)["ruling"]
    assert after["state"] == start["state"] and after["to_play"] == 0


def test_serve_command_binds_this_machine_by_default(client):
    from cuesport.cli import build_parser

    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.db) == ("127.0.0.1", 8000, None)
    docs = client.get("/api/docs")
    assert docs.status_code == 200 and "content-security-policy" not in docs.headers
    assert client.get("/api/openapi.json").json()["paths"]["/api/matches/{mid}/strike"]


def test_refusals_at_the_table_carry_a_stable_code_and_its_params(client):
    mid, tokens = hotseat(client, "snooker")
    r = client.post(f"/api/matches/{mid}/strike", headers=bearer(tokens[1]),
                    json={"angle": 270, "speed": 1.0, "place": SNOOKER_D})
    assert r.status_code == 409 and r.json()["code"] == "not_your_turn"
    assert r.json()["params"] == {"name": view(client, mid)["seats"][view(client, mid)["ruling"]
                                                                     ["to_play"]]["name"]}
    r = client.post(f"/api/matches/{mid}/place", headers=bearer(tokens[0]),
                    json={"at": [889.0, 737.0]})  # on the brown
    assert r.status_code == 422 and r.json()["code"] == "bad_place"
    assert r.json()["params"] == {"zone": "D"} and "brown" in r.json()["error"]
    r = client.post(f"/api/matches/{mid}/decide", headers=bearer(tokens[0]),
                    json={"choice": "play"})
    assert r.status_code == 409 and r.json()["code"] == "not_offered"
    r = client.post(f"/api/matches/{mid}/strike", json={"angle": 270, "speed": 1.0})
    assert r.status_code == 401 and r.json()["code"] == "spectator"
    r = client.post(f"/api/matches/{mid}/strike", headers=bearer(tokens[0]), json={"angle": "x"})
    assert r.status_code == 422 and r.json()["code"] == "invalid"
