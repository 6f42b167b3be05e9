"""The game loop with scripted (human) players: every kind of decision, bad input, undo."""

from __future__ import annotations

import pytest

from cuesport.bots.aim import pot_lines
from cuesport.bots.moves import Choose, Claim, Concede, Strike
from cuesport.disciplines import table_for
from cuesport.equipment import pocket, snooker_spots
from cuesport.game.match import GameError, Match, MatchFormat
from cuesport.game.players import Human, make_player
from cuesport.physics import Stroke
from cuesport.storage import Store


def humans() -> list[Human]:
    return [Human("Ann"), Human("Bob")]


def aim(m: Match, target: str, pocket_name: str, cue_pos=None) -> float:
    balls = dict(m.state.balls)
    cue = "cue"
    if cue_pos is not None:
        balls[cue] = cue_pos
    lines = pot_lines(m.table, balls, cue, balls[cue], [target])
    return next(x.angle for x in lines if x.pocket == pocket_name)


def snooker_start(balls: dict, to_play: int = 0, score=(0, 0), **extra) -> dict:
    return {"balls": {k: list(v) for k, v in balls.items()}, "to_play": to_play,
            "score": list(score), **extra}


def test_pool_bad_input_changes_nothing() -> None:
    m = Match("nine-ball", humans(), start=None)
    s = m.step()  # the lag for the break (POOL-1.2) is automatic
    assert s.action is not None and "lag" in s.action
    who = m.to_play
    assert m.step().kind == "wait"
    state = m.state
    table = m.table
    with pytest.raises(GameError, match="turn"):
        m.play(Strike(Stroke(90, 8.0), (table.width / 2, 300.0)), player=1 - who)
    with pytest.raises(GameError, match="kitchen"):
        m.play(Strike(Stroke(90, 8.0), (table.width / 2, table.length / 2)), player=who)
    with pytest.raises(GameError, match="place"):
        m.play(Strike(Stroke(90, 8.0)), player=who)
    with pytest.raises(GameError, match=r"not on offer|no decision"):
        m.play(Choose("pass"), player=who)
    with pytest.raises(GameError, match=r"off the ball|tip offset"):
        m.play(Strike(Stroke(90, 8.0, side=0.99), (table.width / 2, 300.0)), player=who)
    assert m.state is state and len(m.session.actions) == 1


def test_nine_ball_push_out_and_pass(tmp_path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'g.db'}")
    m = Match("nine-ball", humans(), store=store)
    m.step()
    who = m.to_play
    t = m.table
    m.play(Strike(Stroke(90, 9.0), (t.width / 2, t.length / 4 - 10)), player=who)
    r = m.ruling
    if r["frame_over"]:
        pytest.skip("the break won the rack")
    nxt = m.to_play
    assert r["push_out"] is True
    m.play(Strike(Stroke(200.0, 0.6), None, push_out=True), player=nxt)
    r = m.ruling
    assert r["to_play"] == 1 - nxt and set(r["options"]) == {"play", "pass"}
    m.play(Choose("pass"), player=1 - nxt)
    assert m.to_play == nxt and not m.state.options
    # undo takes the pass back, in the database too
    n = len(store.strokes(m.frame_id))
    m.undo()
    assert set(m.state.options) == {"play", "pass"}
    assert len(store.strokes(m.frame_id)) == n - 1


def test_eight_ball_illegal_break_re_rack_and_calls() -> None:
    m = Match("eight-ball", humans())
    m.step()
    who = m.to_play
    t = m.table
    m.play(Strike(Stroke(90, 0.9), (t.width / 2, t.length / 4 - 10)), player=who)
    r = m.ruling
    assert "re-rack" in r["options"], r
    m.play(Choose("re-rack"), player=m.to_play)
    assert m.ruling["breaking"] is True
    breaker = m.to_play
    m.play(Strike(Stroke(90, 9.0), (t.width / 2, t.length / 4 - 10)), player=breaker)
    if m.ruling["frame_over"] or m.state.options:
        return
    # a called shot: ball and pocket, or safety
    me = m.to_play
    if m.state.in_hand is not None:
        return
    target = sorted(m.state.balls)[0] if sorted(m.state.balls)[0] != "8" else "9"
    m.play(Strike(Stroke(45.0, 1.0), call=(target, "top-left")), player=me)
    last = m.session.actions[-1]["shot"]
    assert last["call"] == {"ball": target, "pocket": "top-left"}


def test_snooker_nominate_foul_options_replace_and_lots() -> None:
    spots = snooker_spots()
    t = table_for("snooker")
    tl = pocket(t, "top-left").mouth_centre
    red = (tl[0] + 300, tl[1] - 300)
    balls = {"cue": (red[0] + 400, red[1] - 400), "red1": red, "black": spots["black"],
             "pink": spots["pink"], "blue": spots["blue"]}
    m = Match("snooker", humans(), start=snooker_start(balls))
    m.play(Strike(Stroke(aim(m, "red1", "top-left"), 1.6, height=-0.5)), player=0)
    r = m.ruling
    assert r["points"] == [1, 0] and r["ball_on"] == ["any-colour"], r
    # a colour must be nominated: a nomination of a red is refused and changes nothing
    with pytest.raises(GameError):
        m.play(Strike(Stroke(0.0, 1.0), nominate="cue"), player=0)
    # miss everything: foul and a miss, the opponent may have the balls replaced
    cue = m.state.balls["cue"]
    away = 270.0 if cue[1] > 600 else 90.0
    m.play(Strike(Stroke(away, 0.25), nominate="blue"), player=0)
    r = m.ruling
    assert not r["legal"] and r["to_play"] == 1
    assert "play" in r["options"] and "pass" in r["options"]
    if "replace" in r["options"]:
        m.play(Choose("replace"), player=1)
        assert m.to_play == 0
    else:
        m.play(Choose("pass"), player=1)
        assert m.to_play == 0
    m.play(Concede(), player=0)
    assert m.ruling["frame_over"] and m.ruling["winner"] == 1


def test_snooker_respotted_black_lots_drawn() -> None:
    t = table_for("snooker")
    tl = pocket(t, "top-left").mouth_centre
    black = (tl[0] + 250, tl[1] - 250)
    balls = {"cue": (black[0] + 350, black[1] - 350), "black": black}
    m = Match("snooker", humans(), start=snooker_start(balls, to_play=1, score=(20, 13),
                                                       phase="sequence"))
    m.play(Strike(Stroke(aim(m, "black", "top-left"), 1.4, height=-0.5)), player=1)
    assert m.ruling["score"] == [20, 20] and m.ruling["lots"] is True
    s = m.step()
    assert s.action is not None and "lots" in s.action
    assert m.state.in_hand == "D"


def test_snooker_claim_with_only_the_black_left() -> None:
    t = table_for("snooker")
    balls = {"cue": (600.0, 1500.0), "black": snooker_spots(t)["black"]}
    m = Match("snooker", humans(), start=snooker_start(balls, to_play=0, score=(30, 10),
                                                       phase="sequence"))
    with pytest.raises(GameError):
        m.play(Claim(), player=1)  # out of turn
    m.play(Claim(), player=0)
    assert m.ruling["frame_over"] and m.ruling["winner"] == 0


def test_straight_pool_breaking_foul_re_break() -> None:
    m = Match("straight-pool", humans(), fmt=MatchFormat(target=10))
    m.step()
    who = m.to_play
    t = m.table
    m.play(Strike(Stroke(90, 0.8), (t.width / 2, t.length / 4 - 10)), player=who)
    r = m.ruling
    assert not r["legal"] and "re-break" in r["options"], r
    m.play(Choose("re-break"), player=1 - who)
    assert m.to_play == who and m.ruling["breaking"]


def test_bots_and_humans_mix_and_match_end() -> None:
    m = Match("nine-ball", [make_player("bot:easy", 1), Human("Bob")],
              fmt=MatchFormat(race_to=1))
    for _ in range(400):
        s = m.step()
        if s.kind == "match-end":
            break
        if s.kind == "wait":
            m.play(Concede(), player=s.player)
    assert m.over and m.winner in (0, 1)
    with pytest.raises(GameError, match="over"):
        m.play(Concede())
