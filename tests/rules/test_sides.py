"""Sides with members (protocol 1.1, section 1 of referee-protocol-1.1.md): the version
switch, the order of play (ORDER), four-handed snooker (SNK-3.17), the wrong partner
(SNK-3.12(a)(iii), ONE-2.11(5), POOL-6.13), per-side fouls (POOL-6.14), scotch doubles."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import helpers_one_red as one
import helpers_pool as pool
import pytest
from helpers_snooker import FAR, SPOTS, colours, position, reds, shot

from cuesport.protocol import RefereeSession, referee
from cuesport.record import RecordError

ROOT = Path(__file__).resolve().parents[2]
NORTH = {"name": "North", "members": ["Ann", "Cid"]}
SOUTH = {"name": "South", "members": ["Bob", "Dee"]}
FULL = {**reds(), **colours(), "cue": FAR}
D = (889.0, 650.0)  # a point of the D


def rec(actions: list[Any], discipline: str = "snooker", players: Any = (NORTH, SOUTH),
        rules: dict[str, Any] | None = None, start: dict[str, Any] | None = None
        ) -> dict[str, Any]:
    return {"protocol": "1.1", "discipline": discipline, "players": list(players),
            "rules": rules or {}, "start": start, "actions": actions}


def run(actions: list[Any], **kw: Any) -> list[dict[str, Any]]:
    out = referee(rec(actions, **kw))
    assert out and "error" not in out[-1], out[-1]
    return out


def error(actions: list[Any], **kw: Any) -> str:
    out = referee(rec(actions, **kw))
    assert "error" in out[-1], out[-1]
    assert "internal" not in out[-1]["error"], out[-1]
    return str(out[-1]["error"])


def seat(r: dict[str, Any]) -> tuple[int, int]:
    return r["to_play"], r["member"]


def lost(r: dict[str, Any]) -> list[list[int]]:
    return list(r["lost_turn"])


def foul_shot(player: int, member: int | None = None, **kw: Any) -> dict[str, Any]:
    """A stroke that hits a colour first with a red on (SNK-3.12(b)(iv)) and no miss."""
    s = shot(player, ["brown"], **kw)
    s["shot"]["judgement"] = {"miss": False}
    if member is not None:
        s["shot"]["member"] = member
    return s


def fair(player: int, member: int | None = None, **kw: Any) -> dict[str, Any]:
    """A fair stroke that pots nothing: the turn ends."""
    s = shot(player, ["red1"], **kw)
    if member is not None:
        s["shot"]["member"] = member
    return s


BREAK = {"cue_ball": (SPOTS["brown"][0] + 100, SPOTS["brown"][1])}


# ---------------------------------------------------------------- the version switch


def _v11_fields(r: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in r.items() if k not in ("member", "pass_to", "lost_turn")}
    if "state" in out:
        out["state"] = {k: v for k, v in out["state"].items()
                        if k not in ("member", "up", "pass_to")}
    return out


EXAMPLES = sorted((ROOT / "examples").rglob("*.json"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_a_1_1_record_without_new_inputs_gets_the_version_1_rulings_plus_the_order(path: Path
                                                                                   ) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(record, dict) or "discipline" not in record:
        pytest.skip("not a frame record")
    v1 = referee(record)
    v11 = referee(record | {"protocol": "1.1"})
    assert [_v11_fields(r) for r in v11] == v1
    assert all("error" in r or ("member" in r and "up" in r["state"]) for r in v11)
    assert all("member" not in r and "up" not in r.get("state", {}) for r in v1)


@pytest.mark.parametrize(("header", "actions", "field"), [
    ({"players": [NORTH, "Bob"]}, [], "players.0"),
    ({"rules": {"alternate": "turn"}}, [], "rules.alternate"),
    ({"start": position(FULL, up=[0, 0])}, [], "start.up"),
    ({}, [{"shot": {"player": 0, "member": 0, "cue_ball": list(D)}}], "shot.member"),
    ({}, [{"concede": {"player": 0, "member": 0}}], "concede.member"),
    ({}, [{"foul": {"player": 0, "rule": "SNK-3.12(a)(x)", "member": 1}}], "foul.member"),
])
def test_1_1_inputs_in_a_version_1_record_are_bad_input_naming_the_field(
        header: dict[str, Any], actions: list[Any], field: str) -> None:
    record = {"protocol": 1, "discipline": "snooker", "players": ["Ann", "Bob"]} | header
    record["actions"] = actions
    try:
        out = referee(record)
    except RecordError as err:
        assert str(err).startswith(field) and "1.1" in str(err)
        return
    assert out[-1]["error"].startswith(field) and "1.1" in out[-1]["error"]


@pytest.mark.parametrize("version", [1.1, "1", "1.2", True])
def test_the_version_is_1_or_the_string_1_1(version: Any) -> None:
    with pytest.raises(RecordError, match="protocol"):
        referee({"protocol": version, "discipline": "snooker", "actions": []})


def test_rules_alternate_is_turn_or_stroke_and_members_exist() -> None:
    with pytest.raises(RecordError, match="alternate"):
        referee(rec([], rules={"alternate": "inning"}))
    assert "no member 2" in error([fair(0, member=2, cue_ball=D)])
    assert "no member 1" in error([fair(0, member=1, cue_ball=D)], players=["Ann", SOUTH])
    with pytest.raises(RecordError, match=r"start\.up"):
        referee(rec([], start=position(FULL, up=[0, 2])))


def test_a_ruling_state_starts_a_new_record_with_the_same_order() -> None:
    actions = [foul_shot(0, **BREAK), {"decision": {"player": 1, "choice": "pass"}}, fair(0)]
    out = run(actions)
    again = run(actions[2:], start=out[1]["state"])
    assert again[-1] == out[-1] | {"action": 0}


# ---------------------------------------------------------------- four-handed snooker


def test_snk_3_17_a_sides_open_alternate_frames_with_their_first_member() -> None:
    r1 = RefereeSession(rec([], rules={"frame": 1}))
    r2 = RefereeSession(rec([], rules={"frame": 2}))
    assert r1.feed(fair(0, cue_ball=D))["to_play"] == 1
    first = r2.feed(fair(1, cue_ball=D))
    assert first["legal"] and seat(first) == (0, 0)  # Bob broke; Ann is North's first
    wrong = RefereeSession(rec([], rules={"frame": 2})).feed(fair(1, member=1, cue_ball=D))
    assert wrong["fouls"][0]["rule"] == "SNK-3.12(a)(iii)"


def test_snk_3_17_b_the_order_is_the_members_list_of_this_frame() -> None:
    out = run([fair(0, cue_ball=D), fair(1), fair(0)],
              players=[{"name": "North", "members": ["Cid", "Ann"]}, SOUTH])
    assert [seat(r) for r in out] == [(1, 0), (0, 1), (1, 1)]  # Bob, Ann, Dee
    assert out[0]["state"]["up"] == [1, 0]


def test_snk_3_17_c_the_worked_example_ann_fouls_bob_passes() -> None:
    """The draft's table: Ann fouls; Bob chooses pass: Ann plays again in Cid's slot (Cid
    loses his turn); Ann's turn ends: Dee, then Ann, Bob, Cid."""
    out = run([foul_shot(0, **BREAK), {"decision": {"player": 1, "choice": "pass"}},
               fair(0), fair(1), fair(0), fair(1), fair(0)])
    assert seat(out[0]) == (1, 0) and out[0]["pass_to"] == [0, 0]
    assert "pass" in out[0]["options"] and lost(out[0]) == []
    assert seat(out[1]) == (0, 0) and lost(out[1]) == [[0, 1]]
    assert out[1]["announce"] == ["Ann to play again"]
    assert [seat(r) for r in out[2:]] == [(1, 1), (0, 0), (1, 0), (0, 1), (1, 1)]
    assert all(lost(r) == [] for r in out[2:])


def test_snk_3_17_c_snk_3_12_a_iii_wrong_partner_loses_the_partner_his_turn() -> None:
    """Cid is due, Ann plays instead: a foul using Cid's slot; Dee may play or pass;
    either way Cid has lost his turn; after pass, Ann plays again in her own slot."""
    opening = [fair(0, cue_ball=D), fair(1)]  # Ann, Bob: Cid is due
    out = run([*opening, fair(0, member=0)])
    r = out[-1]
    assert [f["rule"] for f in r["fouls"]] == ["SNK-3.12(a)(iii)"] and not r["legal"]
    assert lost(r) == [[0, 1]] and seat(r) == (1, 1) and r["pass_to"] == [0, 0]
    played = run([*opening, fair(0, member=0), fair(1), fair(0)])
    assert seat(played[-2]) == (0, 0)  # Dee played; Ann's (not Cid's) slot is next
    passed = run([*opening, fair(0, member=0), {"decision": {"player": 1, "choice": "pass"}},
                  fair(0), fair(1)])
    assert seat(passed[-3]) == (0, 0) and lost(passed[-3]) == []  # Ann, her own slot
    assert seat(passed[-2]) == (1, 0) and seat(passed[-1]) == (0, 1)  # Bob, then Cid


def test_snk_3_12_a_iii_a_side_out_of_turn_uses_no_slot() -> None:
    out = run([fair(0, cue_ball=D), fair(0)])  # North again while South is to play
    assert out[-1]["fouls"][0]["rule"] == "SNK-3.12(a)(iii)"
    assert seat(out[-1]) == (1, 0) and out[-1]["state"]["up"] == [1, 0] and lost(out[-1]) == []


def test_snk_3_17_c_replace_after_a_miss_offender_plays_in_his_partners_slot() -> None:
    miss = foul_shot(0, **BREAK)  # Ann: a red on, a colour first: foul and a miss
    out = run([miss, {"decision": {"player": 1, "choice": "replace"}}, fair(0, **BREAK)])
    assert out[0]["options"] == ["play", "pass", "replace"] and out[0]["pass_to"] == [0, 0]
    assert out[1]["state"]["replaced"] and seat(out[1]) == (0, 0)  # Ann again, Cid's slot
    assert lost(out[1]) == [[0, 1]] and out[1]["state"]["up"] == [1, 1]
    assert seat(out[2]) == (1, 1)  # then Dee


def test_snk_3_17_d_the_side_chooses_who_plays_the_respotted_black() -> None:
    start = position({"black": SPOTS["black"], "cue": FAR}, to_play=1, score=[60, 53],
                     up=[0, 1])
    tie = shot(1, ["black"], ["black"])  # Dee pots the black: 60-60
    out = run([tie, {"lots": {"to_play": 0, "member": 1}}, shot(0, ["black"], cue_ball=D)],
              start=start)
    assert out[0]["state"]["lots_pending"] and seat(out[1]) == (0, 1)
    assert out[1]["announce"] == ["Cid to play from hand"]
    assert seat(out[2]) == (1, 0)  # Dee's turn ended with the tie: Bob is next for South
    default = run([tie, {"lots": {"to_play": 1}}], start=start)
    assert seat(default[-1]) == (1, 0)


def test_snk_3_17_e_conferring_is_a_foul_only_for_sides_with_partners() -> None:
    conferring = {"foul": {"player": 0, "rule": "SNK-3.12(a)(x)", "member": 1}}
    r = run([fair(0, cue_ball=D), fair(1), conferring])[-1]
    assert not r["legal"] and r["fouls"][0]["rule"] == "SNK-3.12(a)(x)"
    alone = {"foul": {"player": 0, "rule": "SNK-3.12(a)(x)"}}
    assert "two or more" in error([alone], players=["Ann", SOUTH])


def test_snk_3_16_stalemate_restart_resets_the_order() -> None:
    out = run([fair(1, cue_ball=D), fair(0), {"stalemate": {}}], rules={"frame": 2})
    assert out[1]["state"]["up"] == [1, 1]
    assert seat(out[-1]) == (1, 0) and out[-1]["state"]["up"] == [0, 0]


# ---------------------------------------------------------------- one-red, pool


def test_one_2_11_5_the_wrong_partner_in_snooker_one_red() -> None:
    start = one.position(one.MID)
    out = run([one.safety(0), one.safety(1), one.safety(0)], discipline="snooker-one-red",
              start=start)
    assert seat(out[-1]) == (1, 1)  # Ann, Bob, Cid played: Dee is due
    wrong = one.safety(1)
    wrong["shot"]["member"] = 0
    r = run([one.safety(0), one.safety(1), one.safety(0), wrong],
            discipline="snooker-one-red", start=start)[-1]
    assert "ONE-2.11(5)" in [f["rule"] for f in r["fouls"]] and lost(r) == [[1, 1]]


NINE = {"balls": {"cue": [635, 1200], "1": [400, 1900], "2": [900, 1900]}}


def _legal(player: int, member: int | None = None, in_hand: bool = False) -> dict[str, Any]:
    s = pool.shot(player, hits=["1"], rails=["1"], cue_ball=(635.0, 1000.0) if in_hand else None)
    if member is not None:
        s["shot"]["member"] = member
    return s


def _pool_foul(player: int, in_hand: bool = False) -> dict[str, Any]:
    cue = (635.0, 1000.0) if in_hand else None
    return pool.shot(player, hits=["2"], rails=["2"], cue_ball=cue)  # POOL-6.2


def test_pool_6_13_the_wrong_partner_is_a_foul_the_incoming_side_has_ball_in_hand() -> None:
    out = run([_legal(0), _legal(1, member=1)], discipline="nine-ball",
              players=(NORTH, SOUTH), start=NINE)
    r = out[-1]
    assert "POOL-6.13" in [f["rule"] for f in r["fouls"]]
    assert r["in_hand"] == "table" and seat(r) == (0, 1) and lost(r) == [[1, 0]]


def test_pool_6_14_three_fouls_count_per_side() -> None:
    fouls = [_pool_foul(0), _legal(1, in_hand=True), _pool_foul(0),
             _legal(1, in_hand=True)]  # Ann, Bob, Cid, Dee
    out = run(fouls, discipline="nine-ball", start=NINE)
    assert [seat(r) for r in out] == [(1, 0), (0, 1), (1, 1), (0, 0)]
    assert out[-1]["state"]["fouls_in_a_row"] == [2, 0]  # Ann's and Cid's fouls: North's
    assert out[-1]["warning"]  # North warned at the start of its next turn
    third = run([*fouls, _pool_foul(0, in_hand=False)], discipline="nine-ball",
                start=NINE)[-1]
    assert "POOL-6.14" in [f["rule"] for f in third["fouls"]] and third["winner"] == 1


def test_scotch_doubles_members_alternate_strokes() -> None:
    """The draft's example: Ann breaks and pockets a ball: Cid shoots next; Cid misses:
    Bob; Bob pockets: Dee; Dee fouls: Ann has ball in hand."""
    start = {"balls": {"cue": [635, 1200], "1": [400, 1900], "2": [900, 1900],
                       "3": [635, 2300]}}
    pots = pool.shot(0, hits=["1"], pots={"1": "top-left"})
    out = run([pots, _legal2(0), pool.shot(1, hits=["2"], pots={"2": "top-left"}),
               pool.shot(1, rails=["cue"])],
              discipline="nine-ball", rules={"alternate": "stroke"}, start=start)
    assert [seat(r) for r in out] == [(0, 1), (1, 0), (1, 1), (0, 0)]
    assert out[-1]["in_hand"] == "table" and not out[-1]["legal"]
    wrong = pool.shot(0, hits=["2"], rails=["2"])
    wrong["shot"]["member"] = 0  # Ann again: Cid is due
    r = run([pots, wrong], discipline="nine-ball", rules={"alternate": "stroke"},
            start=start)[-1]
    assert "POOL-6.13" in [f["rule"] for f in r["fouls"]] and lost(r) == [[0, 1]]
    assert seat(r) == (1, 0) and r["state"]["up"] == [0, 0]


def _legal2(player: int) -> dict[str, Any]:
    return pool.shot(player, hits=["2"], rails=["2"])


def _push_out_record(alternate: str) -> list[dict[str, Any]]:
    path = ROOT / "examples" / "nine-ball" / "push_out_and_three_fouls.json"
    actions = json.loads(path.read_text(encoding="utf-8"))["actions"][:3]
    return run(actions, discipline="nine-ball", rules={"alternate": alternate})


def test_p9_2_4_pass_after_a_push_out_turn_the_pusher_shoots_again() -> None:
    _, push, passed = _push_out_record("turn")  # Ann breaks, Bob pushes, Cid passes
    assert seat(push) == (0, 1) and push["pass_to"] == [1, 0]
    assert seat(passed) == (1, 0) and lost(passed) == [[1, 1]]  # Bob in Dee's slot


def test_p9_2_4_pass_after_a_push_out_stroke_the_pushers_partner_shoots() -> None:
    brk, push, passed = _push_out_record("stroke")  # Ann breaks, Bob pushes, Cid passes
    assert seat(brk) == (1, 0) and seat(push) == (0, 1) and push["pass_to"] == [1, 1]
    assert seat(passed) == (1, 1) and lost(passed) == []  # Dee: strict alternation
