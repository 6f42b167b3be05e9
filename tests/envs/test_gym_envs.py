"""The Gymnasium environments: checker, seeding, action decoding, corrections, rewards."""

from __future__ import annotations

import math
import subprocess
import sys

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import cuesport.envs as ce  # noqa: E402
from cuesport.envs.core import ACTION_SIZE, FLAGS, OPTIONS  # noqa: E402
from cuesport.equipment import d_centre  # noqa: E402
from cuesport.rules.in_hand import in_d  # noqa: E402


def action(**parts: float) -> np.ndarray:
    a = np.zeros(ACTION_SIZE, dtype=np.float32)
    for k, v in parts.items():
        a[ce.ACTION_FIELDS.index(k)] = v
    return a


@pytest.mark.parametrize("discipline", ce.DISCIPLINES)
def test_check_env_passes_and_the_id_is_registered(discipline: str) -> None:
    # self-play keeps it quick (no bot thinking); the spaces and the API are the same
    env = gym.make(f"cuesport/{discipline}-v0", opponent="self", max_strokes=20)
    check_env(env.unwrapped, skip_render_check=True)
    assert env.unwrapped.table.discipline == discipline


@pytest.mark.parametrize("discipline", ["snooker", "nine-ball"])
def test_check_env_passes_against_a_bot(discipline: str) -> None:
    env = gym.make(f"cuesport/{discipline}-v0", opponent="bot:easy", max_strokes=20)
    check_env(env.unwrapped, skip_render_check=True)


def _episode(discipline: str, seed: int, steps: int, **kw: object) -> list[object]:
    env = ce.make(discipline, **kw)
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(99)
    trace: list[object] = [{k: np.asarray(v).tolist() for k, v in obs.items()}, info]
    for _ in range(steps):
        obs, r, term, trunc, info = env.step(rng.uniform(-1, 1, ACTION_SIZE).astype(np.float32))
        trace += [{k: np.asarray(v).tolist() for k, v in obs.items()}, r, term, trunc, info]
        if term or trunc:
            break
    actions = env.unwrapped.table.match.session.actions
    return [*trace, actions]


@pytest.mark.parametrize("discipline", ["nine-ball", "snooker"])
def test_reset_with_a_seed_replays_the_episode_exactly(discipline: str) -> None:
    a = _episode(discipline, 7, 12, opponent="bot:easy", seat=None)
    b = _episode(discipline, 7, 12, opponent="bot:easy", seat=None)
    assert a == b
    c = _episode(discipline, 8, 12, opponent="bot:easy", seat=None)
    assert c[-1] != a[-1]  # another seed, another episode (rack, lag, bot noise)


def test_observation_is_the_seat_view_with_a_mask() -> None:
    env = ce.make("nine-ball", opponent="bot:easy", seat=1)
    obs, _ = env.reset(seed=3)
    assert obs["seat"] == 1 and obs["to_play"] == 1  # reset stops when the agent acts
    on_table = (obs["balls"] != 0.0).any(axis=1)  # absent balls are zeros
    assert obs["balls"].shape == (10, 2) and (obs["mask"] == on_table).all()
    assert obs["mask"].sum() >= 8  # at most the cue ball and a ball or two off after the break
    assert env.observation_space.contains(obs)


def test_a_refused_cue_ball_place_moves_to_the_nearest_accepted_one() -> None:
    env = ce.make("snooker", opponent="bot:easy", seat=0)
    obs, _ = env.reset(seed=1)
    assert obs["in_hand"] == 1  # the D
    table = env.unwrapped.table.match.table
    brown = d_centre(table)  # the brown's spot: the place overlaps the brown
    _, _, _, _, info = env.step(action(angle=0.5, speed=-0.5, place_x=0.0, place_y=1.0))
    assert info["correction"] == "place" and info["illegal"]
    placed = env.unwrapped.table.match.session.actions[0]["shot"]["cue_ball"]
    assert in_d(tuple(placed), table)
    assert math.dist(placed, brown) >= 2 * table.ball_radius
    assert math.dist(placed, brown) < 2 * table.ball_radius + table.ball_radius  # nearest ring


def test_non_finite_actions_do_not_crash_and_are_reported() -> None:
    env = ce.make("nine-ball", opponent="bot:easy")
    env.reset(seed=2)
    bad = np.full(ACTION_SIZE, np.nan, dtype=np.float32)
    _, _, _, _, info = env.step(bad)
    assert info["illegal"] is True


def test_called_shot_sends_the_ball_and_pocket_of_the_action() -> None:
    start = {"balls": {"cue": [635.0, 600.0], "1": [635.0, 1500.0], "5": [300.0, 2000.0]},
             "to_play": 0}
    env = ce.make("ten-ball", opponent="self", start=start, max_strokes=1)
    obs, _ = env.reset(seed=0)
    assert obs["flags"][FLAGS.index("call")] == 1.0
    # ball component: index 0 of 1..10 is "1"; pocket bin 4 of 7 is top-left
    env.step(action(angle=0.5, speed=-0.6, ball=-1.0, pocket=(4.5 / 7) * 2 - 1))
    shot = env.unwrapped.table.match.session.actions[-1]["shot"]
    assert shot["call"] == {"ball": "1", "pocket": "top-left"}


def test_a_called_ball_off_the_table_gives_the_next_one_on_it() -> None:
    start = {"balls": {"cue": [635.0, 600.0], "1": [635.0, 1500.0], "5": [300.0, 2000.0]},
             "to_play": 0}
    env = ce.make("ten-ball", opponent="self", start=start, max_strokes=1)
    env.reset(seed=0)
    env.step(action(angle=0.5, speed=-0.6, ball=(1.5 / 10) * 2 - 1, pocket=1.0))  # the 2
    shot = env.unwrapped.table.match.session.actions[-1]["shot"]
    assert shot["call"] == "safety"  # pocket bin 7: safety
    env.reset(seed=0)
    env.step(action(angle=0.5, speed=-0.6, ball=(1.5 / 10) * 2 - 1, pocket=-1.0))
    shot = env.unwrapped.table.match.session.actions[-1]["shot"]
    assert shot["call"] == {"ball": "5", "pocket": "bottom-left"}


def test_agent_decisions_are_steps_of_their_own() -> None:
    env = ce.make("nine-ball", opponent="self", decisions="agent", max_strokes=50)
    push = FLAGS.index("push_out")
    for seed in range(10):  # a legal break (no foul) gives the push-out chance
        obs, _ = env.reset(seed=seed)
        obs, *_ = env.step(action(angle=0.5, speed=0.9, elevation=-1.0))
        if obs["flags"][push]:
            break
    assert obs["flags"][push] == 1.0, "no push-out chance after the break"
    pusher = obs["to_play"]
    obs, *_ = env.step(action(angle=0.0, speed=-0.8, push_out=1.0))
    assert obs["flags"][FLAGS.index("decide")] == 1.0
    assert obs["to_play"] == 1 - pusher
    assert obs["options"][OPTIONS.index("play")] == obs["options"][OPTIONS.index("pass")] == 1
    obs, *_ = env.step(action(choice=-1.0))  # the first option: play
    assert env.unwrapped.table.match.session.actions[-1] == {
        "decision": {"player": 1 - pusher, "choice": "play"}}
    assert obs["to_play"] == 1 - pusher and obs["flags"][FLAGS.index("decide")] == 0.0


def test_frames_reward_is_plus_one_for_the_winner() -> None:
    # the 9 alone, straight at the top-left corner pocket: potting it wins the rack
    start = {"balls": {"cue": [400.0, 1800.0], "9": [200.0, 2200.0]}, "to_play": 0}
    env = ce.make("nine-ball", opponent="bot:easy", reward="frames", start=start)
    env.reset(seed=0)
    table = env.unwrapped.table.match.table
    ang = math.degrees(math.atan2(2200.0 - 1800.0, 200.0 - 400.0))
    _, r, term, _, info = env.step(action(angle=ang / 180.0, speed=-0.4))
    assert info["potted"] == ["9"] and term and r == 1.0 and info["winner"] == 0
    assert table.kind == "pool"


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ce.EnvError, match="opponent"):
        ce.make("nine-ball", opponent="bot:godlike")
    with pytest.raises(ce.EnvError, match="discipline"):
        ce.Table(ce.Config(discipline="carom"))
    with pytest.raises(ce.EnvError, match="reward"):
        ce.make("snooker", reward="money")


def test_import_cuesport_stays_light() -> None:
    code = "import sys, cuesport; print('gymnasium' in sys.modules, 'ray' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["False", "False"]


def test_agent_noise_is_drawn_from_the_episode_seed() -> None:
    start = {"balls": {"cue": [400.0, 1800.0], "9": [200.0, 2200.0]}, "to_play": 0}

    def after(seed: int, noise: str | None) -> object:
        env = ce.make("nine-ball", opponent="self", start=start, max_strokes=1, noise=noise)
        env.reset(seed=seed)
        env.step(action(angle=0.65, speed=-0.4))
        return env.unwrapped.table.match.session.actions[-1]["shot"]["after"]

    exact = after(1, None)
    assert after(2, None) == exact  # no noise: the seed does not matter here
    noisy = after(1, "medium")
    assert noisy != exact and after(1, "medium") == noisy and after(2, "medium") != noisy
    with pytest.raises(ce.EnvError, match="noise"):
        ce.make("nine-ball", noise="loud")


def test_reward_weights_add_points_and_frames() -> None:
    # nine-ball scores no points: a legally potted ball counts one; the rack won counts 10
    start = {"balls": {"cue": [400.0, 1800.0], "9": [200.0, 2200.0]}, "to_play": 0}
    env = ce.make("nine-ball", opponent="bot:easy", reward={"points": 1, "frames": 10},
                  start=start)
    env.reset(seed=0)
    ang = math.degrees(math.atan2(2200.0 - 1800.0, 200.0 - 400.0))
    _, r, term, _, info = env.step(action(angle=ang / 180.0, speed=-0.4))
    assert info["potted"] == ["9"] and term and r == 11.0


def test_a_match_the_agent_never_plays_is_redrawn_at_reset(monkeypatch) -> None:
    # the bot breaks into a rack of the 9 alone: it often pots it and wins at once
    drawn: list[int] = []
    real = ce.Table._new_match

    def spy(self: ce.Table, rng: object) -> None:
        drawn.append(1)
        real(self, rng)  # type: ignore[arg-type]

    monkeypatch.setattr(ce.Table, "_new_match", spy)
    start = {"balls": {"9": [635.0, 1905.0]}, "breaking": True, "to_play": 1}
    env = ce.make("nine-ball", opponent="bot:strong", seat=0, start=start)
    counts = []
    for seed in (0, 1, 0):
        drawn.clear()
        obs, info = env.reset(seed=seed)
        assert obs["to_play"] == 0 and info["winner"] is None  # the agent is to play
        assert env.unwrapped.table.match.session.actions  # after the bot's break
        counts.append(len(drawn))
    assert max(counts) > 1  # the bot won some match outright: it was drawn again
    assert counts[0] == counts[2]  # the same seed, the same draws
