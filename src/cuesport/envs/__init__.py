"""Research face: Gymnasium and PettingZoo environments, and batch simulation.

``pip install cuesport[rl]`` brings Gymnasium and PettingZoo; ``import cuesport.envs``
registers ``cuesport/<discipline>-v0`` for the six disciplines (``cuesport/snooker-v0``,
``cuesport/snooker-one-red-v0``, ``cuesport/eight-ball-v0``, ``cuesport/nine-ball-v0``,
``cuesport/ten-ball-v0``, ``cuesport/straight-pool-v0``)::

    import gymnasium as gym
    import cuesport.envs

    env = gym.make("cuesport/nine-ball-v0", opponent="bot:easy", reward="frames")
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(env.action_space.sample())

``cuesport.envs.pettingzoo_env(discipline=...)`` is the AEC environment for two learning
agents (``player_0``, ``player_1``); :mod:`cuesport.envs.batch` simulates noisy strokes in
a process pool or on Ray (``cuesport batch``). ``import cuesport`` imports none of this.

**Episodes.** An episode is a match of ``frames`` frames (default 1) from the discipline's
set-up (or ``start``, a referee-protocol start position, for drills). The agent holds seat
``seat`` (0 or 1; ``None`` draws it at each reset) against ``opponent``: ``bot:easy``,
``bot:medium``, ``bot:strong`` or ``self`` (the agent plays both seats; the observation
is then that of the seat to play). The pool lag, lots and stalemates are played by the
match loop, the opponent's strokes by the bot. One ``step`` is one stroke of the agent: the
referee rules it, then everything else is played until the agent is to act again (or the
match ends: ``terminated``). ``max_strokes`` agent strokes (default 300) truncate. A
match that ends before the agent ever plays (the bot breaks and runs out) is not an
episode: ``reset`` plays the next match drawn from its seed instead.
Decisions on offer to the agent (play on or pass back after a foul, replace, re-rack,
push-out replies) are taken by the medium bot's rule of thumb with ``decisions="bot"``
(default); with ``decisions="agent"`` they are steps of their own (``flags[decide]`` is 1)
where only the ``choice`` component is read. ``reset(seed=s)`` reproduces an episode
exactly: the rack, the lag, the bot's noise and thinking all come from ``s`` (bots search
with no time limit here, so a busy machine does not change their strokes). ``noise``
(``easy``, ``medium``, ``strong``: a bot level's; ``olympiad``: the Computational Pool
tournaments') adds execution noise to the agent's strokes, drawn from the episode's seed;
by default the agent's strokes are played exactly.

**Action:** ``Box(-1, 1, (11,), float32)``; every component is clipped to [-1, 1] and a
non-finite one is read as 0 (and reported as illegal):

====  =========  ===========================================================================
 0    angle      aim, degrees = 180 a (counter-clockwise from +x; 90 deg is up the table)
 1    speed      cue speed, m/s = max_speed (a + 1) / 2 (``max_speed`` 8 m/s by default)
 2    side       tip offset right of centre, in ball radii = 0.9 a
 3    height     tip offset above centre (follow > 0, draw < 0) = 0.9 a; (side, height) is
                 pulled back radially into the 0.9 R disc
 4    elevation  cue elevation, degrees = max_elevation (a + 1) / 2 (30 by default)
 5,6  place      cue ball in hand: x, y over the zone's box, (a + 1) / 2 across it: the D's
                 box (its width, from the baulk line down by the D's radius), the kitchen
                 (the table's width, from the head cushion to the head string) or the
                 whole bed; read only when the cue ball is in hand
 7    ball       the nominated (snooker) or called (eight-ball, ten-ball, 14.1) ball: index
                 floor(k (a + 1) / 2) into the discipline's object balls (``1`` ... ``15``;
                 ``red1`` ... ``red15``, ``yellow`` ... ``black``); a ball off the table
                 gives the next one on it in that order
 8    pocket     the called pocket: one of bottom-left, bottom-right, middle-left,
                 middle-right, top-left, top-right, or ``safety`` (seven equal bins)
 9    choice     a decision: index into the options on offer (``decisions="agent"``)
10    push_out   > 0 declares a push-out where one is allowed (nine-ball, ten-ball)
====  =========  ===========================================================================

Nominations and calls are sent only where the ruling needs them (``flags``).

**Illegal actions** never raise: a cue-ball place the referee refuses (outside the zone,
overlapping a ball) is moved to the nearest accepted place on rings of R/2 round it (24
points a ring), and ``info["correction"]`` is ``"place"``; a stroke the referee still
refuses is played again without its declarations (``"declarations"``, a called shot then
calls ``safety``), and then as a stroke of speed 0 (``"no-stroke"``, which the referee
rules a foul). All of it is deterministic; ``info["illegal"]`` says whether it happened.

**Observation:** a ``Dict``, from the point of view of ``seat``:

- ``balls`` (N, 2): ball centres as fractions of the table's width and length, in the order
  of the discipline's ball set (cue balls first), zeros for balls not on the table (N = 22
  snooker, 3 one-red, 16 eight-ball and 14.1, 10 nine-ball, 11 ten-ball); ``mask`` (N,): 1
  for a ball on the table; ``on`` (N,): 1 for a ball the player to play may hit first;
- ``to_play``, ``seat``: seat numbers; ``score`` (2,): (this seat, the other) in the
  referee's score; ``frames`` (2,): frames won;
- ``in_hand``: 0 not in hand, 1 the D, 2 the kitchen, 3 anywhere on the table;
- ``group``: eight-ball group of this seat: 0 none (open table), 1 solids, 2 stripes;
- ``flags`` (6,): nomination needed, call needed, push-out allowed, free ball, break shot,
  a decision on offer;
- ``options`` (9,): on offer among play, pass, replace, in-hand, re-break, re-rack,
  re-rack-opponent, spot-eight, spot-ball.

**Reward** (``reward``): ``"points"`` (default): the referee's points of the agent less the
opponent's over the step (snooker, 1-red, 14.1; foul points included); in eight-, nine- and
ten-ball, which score no points, object balls potted on strokes ruled legal; ``"frames"``:
+1 for a frame won, -1 for a frame lost; ``"fouls"``: -1 per foul of the agent; or a
mapping of weights, e.g. ``{"points": 1, "frames": 10}``. In self-play the reward is that of
the seat that struck.
"""

from __future__ import annotations

from typing import Any

from cuesport.envs.core import ACTION_FIELDS, DISCIPLINES, Config, EnvError, Table

__all__ = ["ACTION_FIELDS", "DISCIPLINES", "Config", "EnvError", "Table", "env_id",
           "make", "pettingzoo_env", "register"]

_HINT = "the environments need Gymnasium and PettingZoo: pip install 'cuesport[rl]'"


def env_id(discipline: str) -> str:
    return f"cuesport/{discipline}-v0"


def register() -> bool:
    """Register ``cuesport/<discipline>-v0`` with Gymnasium; False when it is missing."""
    try:
        import gymnasium
    except ImportError:
        return False
    for d in DISCIPLINES:
        if env_id(d) not in gymnasium.registry:
            gymnasium.register(env_id(d), entry_point="cuesport.envs.gym_env:CueSportEnv",
                               kwargs={"discipline": d})
    return True


def make(discipline: str, **kwargs: Any) -> Any:
    """``gymnasium.make("cuesport/<discipline>-v0", **kwargs)``."""
    try:
        import gymnasium
    except ImportError:
        raise ImportError(_HINT) from None
    register()
    return gymnasium.make(env_id(discipline), **kwargs)


def pettingzoo_env(discipline: str, **kwargs: Any) -> Any:
    """The PettingZoo AEC environment of ``discipline`` (two learning agents)."""
    try:
        from cuesport.envs.aec import CueSportAEC
    except ImportError:
        raise ImportError(_HINT) from None
    return CueSportAEC(discipline, **kwargs)


register()
