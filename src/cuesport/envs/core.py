"""The table an agent plays at: action decoding, observation encoding, the turn loop.

This module needs neither Gymnasium nor PettingZoo: :mod:`cuesport.envs.gym_env` and
:mod:`cuesport.envs.aec` wrap it. It drives :class:`cuesport.game.Match` (the referee
rules every stroke; nothing here knows a rule) with :class:`~cuesport.game.Human` seats
for the learning agents and :class:`~cuesport.game.Bot` seats for bot opponents.

The encodings are documented in :mod:`cuesport.envs` (the package docstring).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, cast

import numpy as np
from numpy.typing import NDArray

from cuesport import disciplines
from cuesport.equipment import POCKET_NAMES, d_centre, head_string_y
from cuesport.game import Bot, Choose, GameError, Human, Match, MatchFormat, Step, Strike
from cuesport.physics import Stroke, StrokeNoise

DISCIPLINES: tuple[str, ...] = disciplines.ids()
ZONES: tuple[str | None, ...] = (None, "D", "kitchen", "table")
OPTIONS: tuple[str, ...] = ("play", "pass", "replace", "in-hand", "re-break", "re-rack",
                            "re-rack-opponent", "spot-eight", "spot-ball")
GROUPS: tuple[str | None, ...] = (None, "solids", "stripes")
CALLS: tuple[str, ...] = (*POCKET_NAMES, "safety")
FLAGS: tuple[str, ...] = ("nominate", "call", "push_out", "free_ball", "breaking", "decide")

# The action vector: every component in [-1, 1].
ACTION_FIELDS: tuple[str, ...] = ("angle", "speed", "side", "height", "elevation", "place_x",
                                  "place_y", "ball", "pocket", "choice", "push_out")
ACTION_SIZE = len(ACTION_FIELDS)
MAX_TIP = 0.9  # tip offsets are kept inside 0.9 R (the simulator refuses 0.95 R)
REWARDS: tuple[str, ...] = ("points", "frames", "fouls")
NOISES: tuple[str, ...] = ("easy", "medium", "strong", "olympiad")
REDRAWS = 100  # matches drawn at a reset before giving up on the agent reaching the table

Array = NDArray[np.float32]


class EnvError(ValueError):
    """A bad environment setting (unknown discipline, opponent, reward ...)."""


@dataclass(frozen=True, slots=True)
class Config:
    """What an environment is: see :mod:`cuesport.envs` for each field."""

    discipline: str
    opponent: str = "bot:easy"  # bot:LEVEL or self
    seat: int | None = 0  # the agent's seat; None: drawn at each reset
    reward: Mapping[str, float] = field(default_factory=lambda: {"points": 1.0})
    frames: int = 1
    decisions: str = "bot"  # bot or agent
    max_strokes: int = 300
    max_speed: float = 8.0
    max_elevation: float = 30.0
    start: Mapping[str, Any] | None = None
    rules: Mapping[str, Any] | None = None
    noise: str | None = None  # the agent's execution noise: easy, medium, strong, olympiad

    def check(self) -> None:
        if self.discipline not in DISCIPLINES:
            raise EnvError(f"unknown discipline {self.discipline!r}; expected one of "
                           f"{', '.join(DISCIPLINES)}")
        kind, _, level = self.opponent.partition(":")
        if not (self.opponent == "self" or (kind == "bot" and level in
                                            ("easy", "medium", "strong"))):
            raise EnvError(f"unknown opponent {self.opponent!r}; expected bot:easy, "
                           "bot:medium, bot:strong or self")
        if self.seat not in (0, 1, None):
            raise EnvError(f"seat must be 0, 1 or None, not {self.seat!r}")
        bad = [k for k in self.reward if k not in REWARDS]
        if bad or not self.reward:
            raise EnvError(f"reward terms must be among {', '.join(REWARDS)}, not {bad}")
        if self.decisions not in ("bot", "agent"):
            raise EnvError(f"decisions must be 'bot' or 'agent', not {self.decisions!r}")
        if self.frames < 1 or self.max_strokes < 1:
            raise EnvError("frames and max_strokes must be at least 1")
        if self.noise not in (None, *NOISES):
            raise EnvError(f"noise must be one of {', '.join(NOISES)} or None, not "
                           f"{self.noise!r}")
        if not 0.0 < self.max_speed <= 20.0 or not 0.0 <= self.max_elevation < 90.0:
            raise EnvError("max_speed must be in (0, 20] m/s and max_elevation in [0, 90)")


def reward_weights(reward: str | Mapping[str, float]) -> dict[str, float]:
    """``"points"``, ``"frames"`` or weights such as ``{"points": 1, "frames": 10}``."""
    if isinstance(reward, str):
        return {reward: 1.0}
    return {str(k): float(v) for k, v in reward.items()}


def steady(bot: Bot) -> Bot:
    """A bot whose strokes depend only on its seed. Where its budget is a number of
    seconds (which a busy machine cuts short), the time limit is lifted; a budget counted
    in simulations (issue 14) is deterministic as it is."""
    if any(f.name == "seconds" for f in fields(bot.budget)):
        bot.budget = replace(cast(Any, bot.budget), seconds=math.inf)
    return bot


def stroke_noise(name: str, radius: float) -> StrokeNoise:
    """A bot level's execution noise, or the Computational Pool tournaments' (olympiad)."""
    if name == "olympiad":
        return StrokeNoise.computational_pool(radius)
    return Bot(name).noise


def object_balls(d: disciplines.Discipline) -> tuple[str, ...]:
    """The balls a stroke may aim at, nominate or call; where each player has his own
    cue ball (1-red), the opponent's is one of them."""
    if len(d.cue_balls) > 1:
        return d.ball_names
    return tuple(b.name for b in d.object_balls)


def scores_points(d: disciplines.Discipline) -> bool:
    """The referee scores points (snooker, 1-red, 14.1); the others count racks."""
    return d.family == "snooker" or d.target


def _unit(a: float) -> float:
    """[-1, 1] to [0, 1]."""
    return (min(max(a, -1.0), 1.0) + 1.0) / 2.0


def _index(a: float, n: int) -> int:
    return min(int(_unit(a) * n), n - 1)


# ---------------------------------------------------------------- the table


@dataclass(slots=True)
class Transition:
    """What one agent move led to (the referee's steps until an agent is to play)."""

    steps: list[Step]
    striker: int
    illegal: bool
    correction: str | None
    frames_before: int


class Table:
    """A match played by one or two learning agents (see :mod:`cuesport.envs`)."""

    def __init__(self, config: Config) -> None:
        config.check()
        self.config = config
        self.discipline = config.discipline
        self.facts = disciplines.find(config.discipline)
        self.weights = dict(config.reward)
        self.names = self.facts.ball_names
        self.objects = object_balls(self.facts)
        self.match: Match
        self.seat = 0
        self.strokes = 0
        self._decider: Bot | None = None
        self._noise: StrokeNoise | None = None
        self._noise_rng = random.Random(0)

    # ------------------------------------------------------------ episodes

    def reset(self, seed: int) -> None:
        """A new match; everything random in it comes from ``seed``. A match that ends
        before the agent is ever to play (the bot breaks and runs out) is no episode: the
        next match drawn from the same seed is played instead."""
        rng = random.Random(seed)
        for _ in range(REDRAWS):
            self._new_match(rng)
            if not self.match.over:
                return
        raise EnvError(f"the agent never came to the table in {REDRAWS} matches")

    def _new_match(self, rng: random.Random) -> None:
        cfg = self.config
        self.seat = cfg.seat if cfg.seat is not None else rng.randrange(2)
        players: list[Any] = [Human(f"agent {i}", seed=rng.randrange(1 << 30)) for i in (0, 1)]
        if cfg.opponent != "self":
            players[1 - self.seat] = steady(Bot(cfg.opponent.partition(":")[2],
                                                seed=rng.randrange(1 << 30),
                                                name=cfg.opponent))
        self._decider = steady(Bot("medium", seed=rng.randrange(1 << 30)))
        try:
            self.match = Match(self.discipline, players, rules=cfg.rules,
                               fmt=MatchFormat(frames=cfg.frames), seed=rng.randrange(1 << 30),
                               start=cfg.start)
        except GameError as err:
            raise EnvError(str(err)) from None
        self.strokes = 0
        self._noise_rng = random.Random(rng.randrange(1 << 30))
        if cfg.noise is not None:
            self._noise = stroke_noise(cfg.noise, self.match.table.ball_radius)
        self.advance()

    @property
    def over(self) -> bool:
        return self.match.over

    @property
    def to_play(self) -> int:
        return self.match.to_play

    def learner(self, seat: int) -> bool:
        return self.config.opponent == "self" or seat == self.seat

    def deciding(self) -> bool:
        """The agent to play has a decision on offer (only with ``decisions="agent"``)."""
        return not self.over and bool(self.match.state.options)

    def advance(self) -> list[Step]:
        """Play the automatic parts and the bots until a learning agent is to act."""
        m = self.match
        out: list[Step] = []
        while not m.over:
            s = m.step()
            if s.kind != "wait":
                out.append(s)
                continue
            if m.state.options and self.config.decisions == "bot":
                assert self._decider is not None
                turn = m.turn()
                move = self._decider.choose(turn)
                if not isinstance(move, Choose):  # pragma: no cover - options are on offer
                    move = Choose(m.state.options[0])
                out.append(m.play(move, s.player))
                continue
            break
        return out

    # ------------------------------------------------------------ acting

    def act(self, action: Sequence[float] | Array) -> Transition:
        """Play the learning agent's move (see the action encoding) and advance."""
        m = self.match
        if m.over:
            raise EnvError("the match is over: reset first")
        who = m.to_play
        frames_before = len(m.results)
        raw = np.asarray(action, dtype=np.float64).reshape(-1)
        if raw.shape != (ACTION_SIZE,):
            raise EnvError(f"an action has {ACTION_SIZE} components, not {raw.shape}")
        illegal = not bool(np.all(np.isfinite(raw)))
        a = [float(v) if math.isfinite(v) else 0.0 for v in raw]
        steps: list[Step] = []
        correction: str | None = None
        if m.state.options:
            choice = m.state.options[_index(a[9], len(m.state.options))]
            steps.append(m.play(Choose(choice), who))
        else:
            self.strokes += 1
            step, correction = self._strike(who, a)
            steps.append(step)
            illegal = illegal or correction is not None
        steps += self.advance()
        return Transition(steps, who, illegal, correction, frames_before)

    def _strike(self, who: int, a: list[float]) -> tuple[Step, str | None]:
        """The decoded stroke; what the referee refuses is corrected, in a fixed order."""
        m = self.match
        moves = self.strikes(who, a)
        last: GameError | None = None
        for note, move in moves:
            try:
                return m.play(move, who), note
            except GameError as err:
                last = err
        raise EnvError(f"no correction of the stroke was accepted: {last}")  # pragma: no cover

    def strikes(self, who: int, a: list[float]) -> list[tuple[str | None, Strike]]:
        """The decoded strike, then its corrections (tried in this order)."""
        m, cfg = self.match, self.config
        st = m.state
        cue = self.facts.cue_ball_of(who)
        side, height = a[2] * MAX_TIP, a[3] * MAX_TIP
        off = math.hypot(side, height)
        if off > MAX_TIP:
            side, height = side * MAX_TIP / off, height * MAX_TIP / off
        stroke = Stroke(angle=180.0 * min(max(a[0], -1.0), 1.0),
                        speed=_unit(a[1]) * cfg.max_speed, side=side, height=height,
                        elevation=_unit(a[4]) * cfg.max_elevation, cue_ball=cue)
        if self._noise is not None:
            stroke = self._noise.apply(stroke, self._noise_rng)
        place: tuple[float, float] | None = None
        moved = False
        if st.in_hand is not None:
            want = self.zone_point(st.in_hand, a[5], a[6])
            place = self.legal_place(want, st.in_hand, cue)
            moved = place != want
        nominate, call, push = self.declarations(a)
        first = Strike(stroke, place, nominate, call, push)
        note = "place" if moved else None
        plain = Strike(stroke, place, None, "safety" if call is not None else None, False)
        still = Strike(replace(stroke, speed=0.0), place, None,
                       "safety" if call is not None else None, False)
        return [(note, first), ("declarations", plain), ("no-stroke", still)]

    def declarations(self, a: list[float]) -> tuple[str | None, tuple[str, str] | str | None,
                                                    bool]:
        """Nomination (snooker), call (call-shot pool) and push-out, where they apply."""
        flags = self.flags()
        ball = self._present(_index(a[7], len(self.objects)))
        nominate = ball if flags["nominate"] and ball is not None else None
        call: tuple[str, str] | str | None = None
        if flags["call"]:
            pocket = CALLS[_index(a[8], len(CALLS))]
            call = "safety" if pocket == "safety" or ball is None else (ball, pocket)
        push = flags["push_out"] and a[10] > 0.0
        return nominate, call, push

    def _present(self, k: int) -> str | None:
        """The k-th object ball, or the next one on the table (wrapping round)."""
        balls = self.match.state.balls
        n = len(self.objects)
        for i in range(n):
            name = self.objects[(k + i) % n]
            if name in balls:
                return name
        return None

    # ------------------------------------------------------------ cue-ball placement

    def zone_box(self, zone: str) -> tuple[float, float, float, float]:
        t = self.match.table
        r = t.ball_radius
        if zone == "D":
            cx, cy = d_centre(t)
            return (cx - t.d_radius, cx + t.d_radius, cy - t.d_radius, cy)
        top = head_string_y(t) if zone == "kitchen" else t.length - r
        return (r, t.width - r, r, top)

    def zone_point(self, zone: str, u: float, v: float) -> tuple[float, float]:
        x0, x1, y0, y1 = self.zone_box(zone)
        return (x0 + _unit(u) * (x1 - x0), y0 + _unit(v) * (y1 - y0))

    def legal_place(self, p: tuple[float, float], zone: str, cue: str) -> tuple[float, float]:
        """``p`` if the referee accepts it, else the nearest accepted place found on rings
        round it (a fixed search: the same point always gives the same place)."""
        t = self.match.table
        r = t.ball_radius
        x0, x1, y0, y1 = self.zone_box(zone)
        x = min(max(p[0], max(x0, r + 0.5)), min(x1, t.width - r - 0.5))
        y = min(max(p[1], max(y0, r + 0.5)), min(y1, t.length - r - 0.5) - 0.5)
        if zone == "D":
            cx, cy = d_centre(t)
            d = math.hypot(x - cx, y - cy)
            if d > t.d_radius - 0.5:
                k = (t.d_radius - 0.5) / d
                x, y = cx + (x - cx) * k, cy + (y - cy) * k
        base = (x, y)
        if self._accepts(base, zone, cue):
            return base
        for ring in range(1, 120):
            rad = ring * r / 2.0
            for k in range(24):
                q = (base[0] + rad * math.cos(k * math.pi / 12),
                     base[1] + rad * math.sin(k * math.pi / 12))
                if self._accepts(q, zone, cue):
                    return q
        return base  # pragma: no cover - a zone with no room at all; the referee refuses

    def _accepts(self, p: tuple[float, float], zone: str, cue: str) -> bool:
        try:
            self.match.check_place(p, zone, cue)
        except GameError:
            return False
        return True

    # ------------------------------------------------------------ observing

    def flags(self) -> dict[str, bool]:
        m = self.match
        st, ruling = m.state, m.ruling
        breaking = bool(getattr(st, "breaking", False))
        live = not st.frame_over and not m.over
        return {
            "nominate": live and self.facts.nominates and (
                getattr(st, "phase", "") == "colour" or bool(getattr(st, "free_ball", False))),
            "call": live and self.facts.called_shots and not breaking,
            "push_out": live and bool(getattr(st, "push_out", False)),
            "free_ball": bool(ruling.get("free_ball", False)),
            "breaking": breaking,
            "decide": live and bool(st.options),
        }

    def observe(self, seat: int) -> dict[str, Any]:
        """The observation for ``seat`` (see :mod:`cuesport.envs`)."""
        m = self.match
        st = m.state
        t = m.table
        n = len(self.names)
        balls = np.zeros((n, 2), dtype=np.float32)
        mask = np.zeros(n, dtype=np.float32)
        on = np.zeros(n, dtype=np.float32)
        targets = set(self.targets()) if not st.frame_over else set()
        for i, name in enumerate(self.names):
            p = st.balls.get(name)
            if p is None:
                continue
            balls[i] = (min(max(p[0] / t.width, -0.1), 1.1), min(max(p[1] / t.length, -0.1),
                                                                  1.1))
            mask[i] = 1.0
            on[i] = 1.0 if name in targets else 0.0
        score = np.array([st.score[seat], st.score[1 - seat]], dtype=np.float32)
        wins = np.array([m.wins[seat], m.wins[1 - seat]], dtype=np.float32)
        offered = np.array([1.0 if o in st.options else 0.0 for o in OPTIONS], dtype=np.float32)
        flags = self.flags()
        groups = getattr(st, "groups", (None, None))
        group = groups[seat] if groups[seat] in GROUPS else None
        return {
            "balls": balls,
            "mask": mask,
            "on": on,
            "to_play": int(st.to_play),
            "seat": seat,
            "score": np.clip(score, -1e4, 1e4),
            "frames": np.clip(wins, 0, 1e4),
            "in_hand": ZONES.index(st.in_hand) if st.in_hand in ZONES else 0,
            "group": GROUPS.index(group),
            "flags": np.array([1.0 if flags[f] else 0.0 for f in FLAGS], dtype=np.float32),
            "options": offered,
        }

    def targets(self) -> list[str]:
        """The balls the player to play may legally hit first (read off the ruling)."""
        turn = self.match.turn()
        return turn.targets()

    # ------------------------------------------------------------ rewards

    def rewards(self, tr: Transition) -> tuple[float, float]:
        """The reward of each seat for one transition (zero-sum in points and frames)."""
        pts = [0.0, 0.0]
        fouls = [0.0, 0.0]
        for s in tr.steps:
            if s.kind != "action" or s.ruling is None or s.action is None:
                continue
            r = s.ruling
            if scores_points(self.facts):
                for i in (0, 1):
                    pts[i] += float(r["points"][i])
            elif "shot" in s.action and r.get("legal", True) and s.player is not None:
                potted = [e["pot"] for e in s.action["shot"].get("events", ())
                          if "pot" in e and e["pot"] in self.objects]
                pts[s.player] += len(potted)
            if r.get("fouls") and s.player is not None and "shot" in s.action:
                fouls[s.player] += 1.0
        frames = [0.0, 0.0]
        for res in self.match.results[tr.frames_before:]:
            if res.winner is not None:
                frames[res.winner] += 1.0
                frames[1 - res.winner] -= 1.0
        w = self.weights
        out = []
        for i in (0, 1):
            v = w.get("points", 0.0) * (pts[i] - pts[1 - i]) + w.get("frames", 0.0) * frames[i]
            v -= w.get("fouls", 0.0) * fouls[i]
            out.append(v)
        return out[0], out[1]

    def info(self, tr: Transition | None = None) -> dict[str, Any]:
        m = self.match
        out: dict[str, Any] = {
            "discipline": self.discipline,
            "frame": m.frame_no,
            "strokes": self.strokes,
            "score": [int(m.state.score[0]), int(m.state.score[1])],
            "frames": list(m.wins),
            "winner": m.winner,
            "to_play": m.to_play,
            "options": list(m.state.options),
        }
        if tr is not None:
            out["illegal"] = tr.illegal
            out["correction"] = tr.correction
            own = next((s for s in tr.steps if s.player == tr.striker and s.ruling), None)
            if own is not None and own.ruling is not None:
                out["legal"] = bool(own.ruling.get("legal", True))
                out["fouls"] = [f["rule"] for f in own.ruling.get("fouls", ())]
                shot = (own.action or {}).get("shot", {})
                out["potted"] = [e["pot"] for e in shot.get("events", ()) if "pot" in e]
            out["actions"] = len(tr.steps)
        return out
