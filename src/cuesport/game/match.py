"""Matches: frames of any discipline played stroke by stroke, with the referee deciding.

One step is one action. :meth:`Match.step` plays whatever comes next: the automatic parts
(the lag for the break in pool, lots for a re-spotted black, a stalemate when a frame
stops progressing, the next frame) or a bot's move; when a human is to play it returns a
``wait`` step and the caller plays the move with :meth:`Match.play`. Every step is written
to the :class:`~cuesport.storage.Store` first (one transaction each: a stroke with its
ruling; a frame's end with the next frame's start) and only then made in memory, so a failed
write (:class:`~cuesport.storage.StorageError`) leaves the match as it was, and
:meth:`Match.resume` rebuilds a match from the database after a crash. Writes carry the
match's version: a stale one (another process played first) raises
:class:`~cuesport.storage.StaleError`.

Bad input (a move out of turn, a decision not on offer, a cue ball placed outside the D or
the kitchen) raises :class:`GameError` and changes nothing.

Sides of two (``partners``: four-handed snooker SNK-3.17, pool doubles; ``alternate=
"stroke"``: scotch doubles) are refereed as protocol 1.1: the rulings say which member is
to play, and the bot (or human) of that member plays.
"""

from __future__ import annotations

import copy
import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from cuesport import disciplines
from cuesport.bots.aim import cue_ball_of
from cuesport.bots.moves import Choose, Claim, Concede, Move, Strike
from cuesport.bots.search import Candidate, Turn, playable, shot_action
from cuesport.equipment import TableSpec, on_table, spots
from cuesport.physics import PhysicsError, Stroke, simulate
from cuesport.physics import Shot as PhysShot
from cuesport.record import RecordError
from cuesport.rules.base import Outcome
from cuesport.rules.in_hand import in_d, playable_from_kitchen
from cuesport.rules.session import RefereeSession
from cuesport.storage import NewFrame, SeatRow, StorageError, Store


class GameError(ValueError):
    """A move that cannot be played now; the match is unchanged."""


@dataclass(frozen=True, slots=True)
class MatchFormat:
    """``frames``: a match of exactly N frames; ``race_to``: the first to N frames wins.
    ``target``: the points target, for the disciplines played to one (``target`` fact)."""

    frames: int = 1
    race_to: int | None = None
    target: int | None = None

    def over(self, wins: Sequence[int], played: int) -> bool:
        if self.race_to is not None:
            return max(wins) >= self.race_to
        return played >= self.frames

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> MatchFormat:
        return cls(int(d.get("frames", 1)), d.get("race_to"), d.get("target"))


@dataclass(slots=True)
class Step:
    """What one call of :meth:`Match.step` did."""

    kind: str  # action, wait, frame-start, frame-end, match-end
    frame: int
    player: int | None = None  # the side
    action: dict[str, Any] | None = None
    ruling: dict[str, Any] | None = None
    move: Move | None = None
    shot: PhysShot | None = None
    seconds: float = 0.0  # the player's thinking time
    member: int = 0  # the member of the side (sides of two)


@dataclass(slots=True)
class FrameResult:
    number: int
    winner: int | None
    score: tuple[int, int]
    actions: int
    log: list[Any] = field(default_factory=list)  # (action, ruling, stroke parameters)


@dataclass(frozen=True, slots=True)
class _FramePlan:
    frame: NewFrame
    session: RefereeSession


@dataclass(slots=True)
class _Progress:
    quiet: int = 0  # strokes since the last pot
    stalemates: int = 0


class Match:
    """A match between two players (bots, or humans fed through :meth:`play`)."""

    def __init__(self, discipline: str, players: Sequence[Any], *,
                 rules: Mapping[str, Any] | None = None, fmt: MatchFormat | None = None,
                 store: Store | None = None, seed: int = 0, lang: str = "en",
                 names: Sequence[str] | None = None, specs: Sequence[str] | None = None,
                 trajectories: bool = False, start: Mapping[str, Any] | None = None,
                 seats: Sequence[SeatRow] = (), partners: Sequence[Any] | None = None,
                 partner_specs: Sequence[str] | None = None, alternate: str = "turn",
                 _match_id: int | None = None) -> None:
        try:
            self.facts = disciplines.find(discipline)
        except disciplines.UnknownDiscipline as err:
            raise GameError(str(err)) from None
        if len(players) != 2:
            raise GameError("a match has two players")
        self.discipline = discipline
        self.players = list(players)
        self.names = tuple(names or [getattr(p, "name", f"Player {i + 1}")
                                     for i, p in enumerate(players)])
        if self.names[0] == self.names[1]:
            self.names = (f"{self.names[0]} (1)", f"{self.names[1]} (2)")
        if partners is not None and len(partners) != 2:
            raise GameError("partners: one partner for each side")
        # each side's members in playing order (SNK-3.17(a)): a side of one without partners
        self.members = [[p] if partners is None else [p, partners[i]]
                        for i, p in enumerate(self.players)]
        self.member_names = _member_names(self.members, self.names, partners is not None)
        if partners is not None and not names:
            self.names = ("Side 1", "Side 2")
        self.protocol: int | str = 1 if partners is None else "1.1"
        self.fmt = fmt or MatchFormat()
        self.rules = dict(rules or {})
        if partners is not None and alternate != "turn":
            self.rules["alternate"] = alternate
        if self.fmt.target is not None and self.facts.target:
            self.rules.setdefault("target", self.fmt.target)
        self.seed = seed
        self.lang = lang
        self.store = store
        self.trajectories = trajectories
        self.rng = random.Random(seed)
        self.wins = [0, 0]
        self.results: list[FrameResult] = []
        self.first_breaker = 0
        self.winner: int | None = None
        self.over = False
        self.frame_id: int | None = None
        self.frame_no = 0
        self.progress = _Progress()
        self.last_shot: PhysShot | None = None
        # the current frame: (action, ruling, stroke parameters), for statistics
        self.log: list[tuple[dict[str, Any], dict[str, Any], dict[str, Any] | None]] = []
        self.match_id: int | None = _match_id
        self.specs = list(specs or [])  # the players as make_player specs, when known
        self.partner_specs = list(partner_specs or [])  # and the partners', for sides of two
        # thinker(match, player) -> the bot's move, computed elsewhere (None: in this thread)
        self.thinker: Callable[[Match, int], Move] | None = None
        # simulator(table, position, stroke, record) -> the shot, simulated elsewhere (the
        # web server's process pool); None: physics.simulate in this thread
        self.simulator: Callable[[TableSpec, dict[str, tuple[float, float]], Stroke, bool],
                                 PhysShot] | None = None
        self.version = 0  # the stored match's version this state was read or written at
        self.start = dict(start) if start is not None else None  # frame 1's position
        if _match_id is None:
            try:
                plan = self._plan_frame(1)
            except RecordError as err:
                raise GameError(str(err)) from None
            fid = None
            if store is not None:  # the match, its first frame and its seats: one write
                self.match_id, fid = store.create_match(
                    discipline, (self.names[0], self.names[1]), self.rules,
                    self.fmt.to_json() | {"seed": seed, "players": list(specs or [])}
                    | self._sides_format(partner_specs),
                    frame=plan.frame, seats=seats)
            self._enter_frame(plan, fid)

    # ------------------------------------------------------------ frames

    def frame_rules(self, number: int) -> dict[str, Any]:
        rules = dict(self.rules)
        if self.facts.random_rack:
            rules.setdefault("seed", self.seed * 1000 + number)  # a new rack every frame
        return rules

    def breaker(self, number: int) -> int:
        return (self.first_breaker + number - 1) % 2  # breaks alternate

    def _start_frame(self, number: int) -> None:
        """Open frame ``number`` (stored first)."""
        plan = self._plan_frame(number)
        fid = None
        if self.store is not None and self.match_id is not None:
            w = self.store.start_frame(self.match_id, self.version, plan.frame)
            self.version, fid = w.version, w.frame_id
        self._enter_frame(plan, fid)

    def _plan_frame(self, number: int) -> _FramePlan:
        """Frame ``number`` set up, without changing the match (nothing stored yet)."""
        rules = self.frame_rules(number)
        record = {"protocol": self.protocol, "discipline": self.discipline,
                  "players": self.side_headers(), "rules": rules}
        probe = RefereeSession(record, self.lang)
        start: dict[str, Any] | None = None
        if number == 1 and self.start is not None:
            start = dict(self.start)
            RefereeSession(record | {"start": start}, self.lang)  # a bad start fails here
        elif number > 1:
            start = probe.referee.state_to_json(probe.state)
            start["to_play"] = self.breaker(number)
            if "breaker" in start:
                start["breaker"] = self.breaker(number)
        session = RefereeSession(record | {"start": start}, self.lang)
        return _FramePlan(NewFrame(number, start, rules), session)

    def _enter_frame(self, plan: _FramePlan, frame_id: int | None) -> None:
        self.session = plan.session
        self.frame_no = plan.frame.number
        self.frame_id = frame_id
        self.progress = _Progress()
        self.log = []

    def side_headers(self) -> list[Any]:
        """The record's ``players``: names, or (1.1) sides with their members."""
        if self.protocol == 1:
            return list(self.names)
        return [{"name": n, "members": list(m)}
                for n, m in zip(self.names, self.member_names, strict=True)]

    def _sides_format(self, partner_specs: Sequence[str] | None) -> dict[str, Any]:
        if self.protocol == 1:
            return {}
        return {"partners": list(partner_specs or []),
                "members": [list(m) for m in self.member_names]}

    @property
    def member(self) -> int:
        """The member of the side to play who plays next (0 for a side of one)."""
        order = getattr(self.state, "order", None)
        return 0 if order is None else int(order.member)

    @property
    def state(self) -> Any:
        return self.session.state

    @property
    def referee(self) -> Any:
        return self.session.referee

    @property
    def table(self) -> Any:
        return self.session.referee.table

    @property
    def ruling(self) -> dict[str, Any]:
        """The last ruling of the frame (before any action: the position as set up)."""
        if self.session.rulings:
            return self.session.rulings[-1]
        out: dict[str, Any] = self.referee.ruling(0, Outcome(), self.state, self.lang).to_dict()
        return out

    @property
    def to_play(self) -> int:
        return int(self.state.to_play)

    def turn(self) -> Turn:
        return Turn(self.discipline, self.referee, self.table, self.state, self.ruling,
                    self.to_play, self.rng)

    # ------------------------------------------------------------ playing

    def step(self) -> Step:
        """Play the next thing that happens; a ``wait`` step when a human is to play.

        A failed write (:class:`StorageError`) leaves the match exactly as it was, the
        random draws included, so the same step can be tried again."""
        saved = (self.rng.getstate(), self.first_breaker, copy.copy(self.progress))
        try:
            return self._step()
        except StorageError:
            self.rng.setstate(saved[0])
            self.first_breaker, self.progress = saved[1], saved[2]
            raise

    def _step(self) -> Step:
        if self.over:
            return Step("match-end", self.frame_no)
        st = self.state
        if st.frame_over:
            return self._end_frame()
        ruling = self.ruling
        if ruling.get("lots"):
            # SNK-3.4(b): lots are drawn for who plays the re-spotted black
            return self._auto({"lots": {"to_play": self.rng.randrange(2)}})
        if self._lag_due():
            return self._auto({"lag": {"winner": self._lag()}})
        if self._stuck():
            return self._unstick()
        who, member = self.to_play, self.member
        player = self.members[who][member]
        if not getattr(player, "is_bot", False):
            return Step("wait", self.frame_no, who, member=member)
        t0 = time.perf_counter()
        # a thinker (the web server's process pool) may think elsewhere; else here
        move = self.thinker(self, who) if self.thinker is not None \
            else player.choose(self.turn())
        dt = time.perf_counter() - t0
        out = self.play(move, who)
        out.seconds = dt
        return out

    def _lag_due(self) -> bool:
        # a match opened from a given position has no lag
        return bool(self.facts.lag and self.frame_no == 1 and not self.session.actions
                    and self.start is None and getattr(self.state, "breaking", False))

    def automatic(self) -> bool:
        """Whether :meth:`step` would play something now (a frame's end, lots, the lag, a
        stalemate, a bot's move) rather than wait for a human."""
        if self.over:
            return False
        return bool(self.state.frame_over or self.ruling.get("lots") or self._lag_due()
                    or self._stuck()
                    or getattr(self.members[self.to_play][self.member], "is_bot", False))

    def play(self, move: Move, player: int | None = None) -> Step:
        """Play a move for the player to play (``player`` checks whose move it is)."""
        if self.over:
            raise GameError("the match is over")
        st = self.state
        if st.frame_over:
            raise GameError("the frame is over; step() starts the next one")
        who = self.to_play
        if player is not None and player != who:
            raise GameError(f"it is {self.names[who]}'s turn (player {who}), not player {player}")
        if isinstance(move, Choose):
            if not st.options:
                raise GameError("no decision is on offer now")
            if move.choice not in st.options:
                raise GameError(f"'{move.choice}' is not on offer; the options are "
                                f"{', '.join(st.options)}")
            return self._feed({"decision": {"player": who, "choice": move.choice}}, move)
        if isinstance(move, Concede):
            return self._feed({"concede": {"player": who}}, move)
        if isinstance(move, Claim):
            return self._feed({"claim": {"player": who}}, move)
        if isinstance(move, Strike):
            return self._strike(who, move)
        raise GameError(f"unknown move {move!r}")

    def _strike(self, who: int, move: Strike) -> Step:
        st = self.state
        cue = cue_ball_of(self.discipline, who)
        if move.stroke.cue_ball != cue:
            raise GameError(f"{self.names[who]} plays the {cue} ball, not {move.stroke.cue_ball}")
        if st.in_hand is not None:
            if move.cue_ball is None:
                raise GameError(f"the cue ball is in hand ({st.in_hand}): place it first")
            self.check_place(move.cue_ball, st.in_hand, cue)
        elif move.cue_ball is not None:
            raise GameError("the cue ball is not in hand; it is played from where it lies")
        position = dict(st.balls)
        if move.cue_ball is not None:
            position[cue] = (float(move.cue_ball[0]), float(move.cue_ball[1]))
        position = playable(self.table, position)
        try:
            shot = simulate(self.table, position, move.stroke, record=self.trajectories) \
                if self.simulator is None else \
                self.simulator(self.table, position, move.stroke, self.trajectories)
        except PhysicsError as err:
            raise GameError(str(err)) from None
        cand = Candidate(move.stroke, position[cue] if move.cue_ball is not None else None,
                         move.nominate, move.call, move.push_out)
        action = shot_action(who, shot, cand)
        s = move.stroke
        params = {"angle": s.angle, "speed": s.speed, "side": s.side, "height": s.height,
                  "elevation": s.elevation, "cue_ball": s.cue_ball, "kind": move.kind,
                  "target": move.target}
        out = self._feed(action, move, params)
        out.shot = shot
        self.last_shot = shot
        return out

    def check_place(self, p: tuple[float, float], zone: str, cue: str) -> None:
        """Refuse (GameError) a cue-ball placement outside ``zone`` ("D", "kitchen",
        "table") or where the ball cannot rest; the web face asks the same question."""
        if not all(isinstance(c, int | float) and math.isfinite(c) for c in p):
            raise GameError("the cue ball position must be two finite numbers (mm)")
        pt = (float(p[0]), float(p[1]))
        if not on_table(pt, self.table):
            raise GameError(f"({pt[0]:g}, {pt[1]:g}) is not on the table")
        if zone == "D" and not in_d(pt, self.table):
            raise GameError(f"the cue ball must be placed in the D, not at ({pt[0]:g}, {pt[1]:g})")
        if zone == "kitchen" and not playable_from_kitchen(pt, self.table):
            raise GameError("the cue ball must be placed in the kitchen (behind the head "
                            f"string), not at ({pt[0]:g}, {pt[1]:g})")
        r = self.table.ball_radius
        for name, q in self.state.balls.items():
            if name != cue and math.dist(pt, q) < 2 * r:
                raise GameError(f"the cue ball would overlap the {name} ball there")

    def _feed(self, action: dict[str, Any], move: Move | None = None,
              params: Mapping[str, Any] | None = None) -> Step:
        who = self.to_play
        seq = len(self.session.actions)

        def store_first(ruling: dict[str, Any]) -> None:
            if self.store is not None and self.match_id is not None \
                    and self.frame_id is not None:
                self.version = self.store.add_stroke(self.match_id, self.version,
                                                     self.frame_id, seq, action, ruling, params)

        member = self.member
        body = next(iter(action.values()))
        if self.protocol != 1 and "player" in body and body["player"] == who:
            body["member"] = member  # the record says who struck (1.1)
        ruling = self.session.feed(action, before_accept=store_first)
        if "error" in ruling:
            raise GameError(ruling["error"])
        self.log.append((action, ruling, dict(params) if params else None))
        self._track(action, ruling)
        return Step("action", self.frame_no, who, action, ruling, move, member=member)

    def _auto(self, action: dict[str, Any]) -> Step:
        return self._feed(action)

    def _track(self, action: Mapping[str, Any], ruling: Mapping[str, Any]) -> None:
        """Count strokes since the frame last progressed (a pot, or a legal score such as
        a cannon in 1-red), for the stalemate watch."""
        shot = action.get("shot")
        if shot is None:
            return
        scored = ruling.get("legal", True) and any(p > 0 for p in ruling.get("points", ()))
        if scored or any("pot" in e for e in shot.get("events", ())):
            self.progress.quiet = 0
        else:
            self.progress.quiet += 1

    # ------------------------------------------------------------ the automatic parts

    def _lag(self) -> int:
        """POOL-1.2: both players lag; the ball nearer the head cushion wins."""
        from cuesport.rules.pool import LagBall, lag_winner

        table = self.table
        head = spots(table)["head"]
        for _ in range(5):
            balls = []
            for dx, p in zip((-0.25, 0.25), self.players, strict=True):
                pos = {"cue": (head[0] + dx * table.width, head[1])}
                speed = float(p.lag_speed()) if hasattr(p, "lag_speed") else 2.5
                shot = simulate(table, pos, Stroke(90.0, min(max(speed, 0.3), 8.0)),
                                record=False)
                feet = sum(1 for e in shot.events if e.get("cushion") == "cue")
                y = shot.final.get("cue", (0.0, -1.0))[1]
                balls.append(LagBall(y=y, foot_rail=min(feet, 1) if feet else 0,
                                     pocketed="cue" in shot.pocketed))
            w = lag_winner(balls[0], balls[1])
            if w is not None:
                break
        else:
            w = self.rng.randrange(2)
        self.first_breaker = w
        return w

    def stalemate_after(self) -> int:
        return self.facts.bots.stalemate_after

    def _stuck(self) -> bool:
        return (self.progress.quiet >= self.stalemate_after()
                or len(self.session.actions) >= 1500)

    def _unstick(self) -> Step:
        self.progress.stalemates += 1
        self.progress.quiet = 0
        if self.facts.stalemate_rule is not None and self.progress.stalemates <= 2 \
                and len(self.session.actions) < 1500:
            return self._auto({"stalemate": {}})
        # no stalemate rule (or it keeps happening): the player behind concedes
        sc = self.state.score
        loser = 0 if sc[0] < sc[1] else 1 if sc[1] < sc[0] else self.to_play
        return self._auto({"concede": {"player": loser}})

    def _end_frame(self) -> Step:
        """The frame's end and the next frame's start (or the match's end): one write."""
        st = self.state
        res = FrameResult(self.frame_no, st.winner, (int(st.score[0]), int(st.score[1])),
                          len(self.session.actions), self.log)
        wins = list(self.wins)
        if st.winner is not None:
            wins[st.winner] += 1
        over = self.fmt.over(wins, len(self.results) + 1)
        winner = 0 if wins[0] > wins[1] else 1 if wins[1] > wins[0] else None
        plan = None if over else self._plan_frame(self.frame_no + 1)
        fid = None
        if self.store is not None and self.match_id is not None and self.frame_id is not None:
            w = self.store.end_frame(self.match_id, self.version, self.frame_id, st.winner,
                                     list(res.score), next_frame=plan.frame if plan else None,
                                     match_over=over, match_winner=winner)
            self.version, fid = w.version, w.frame_id
        self.results.append(res)
        self.wins = wins
        if plan is None:
            self.over, self.winner = True, winner
            return Step("match-end", self.frame_no)
        self._enter_frame(plan, fid)
        return Step("frame-start", self.frame_no, self.to_play)

    def run(self, max_steps: int = 100_000, on_step: Any = None) -> int | None:
        """Play to the end (bots only); returns the winner. ``on_step(step)`` is told of
        every step."""
        for _ in range(max_steps):
            s = self.step()
            if on_step is not None:
                on_step(s)
            if s.kind == "wait":
                raise GameError("a human is to play: use play()")
            if s.kind == "match-end":
                return self.winner
        raise GameError(f"the match did not end within {max_steps} steps")

    # ------------------------------------------------------------ undo, resume

    def undo(self) -> dict[str, Any]:
        """Take back the last action of the current frame; returns the ruling now in force."""
        if not self.session.actions:
            raise GameError("nothing to undo in this frame")
        record = self.session.record()
        record["actions"] = record["actions"][:-1]
        rebuilt = self._rebuild(record)  # before the write: a bad replay changes nothing
        if self.store is not None and self.match_id is not None and self.frame_id is not None:
            self.version = self.store.undo_stroke(self.match_id, self.version, self.frame_id,
                                                  len(record["actions"]))
        self.session, self.progress, self.log = rebuilt
        return self.ruling

    def _replay(self, record: Mapping[str, Any]) -> None:
        self.session, self.progress, self.log = self._rebuild(record)

    def _rebuild(self, record: Mapping[str, Any]) -> tuple[
            RefereeSession, _Progress,
            list[tuple[dict[str, Any], dict[str, Any], dict[str, Any] | None]]]:
        """The frame's session, stalemate watch and log after replaying ``record``."""
        actions = list(record.get("actions", []))
        session = RefereeSession({k: v for k, v in record.items() if k != "actions"},
                                 self.lang)
        keep, self.progress = self.progress, _Progress()
        params = {i: p for i, (_, _, p) in enumerate(self.log)}
        log: list[tuple[dict[str, Any], dict[str, Any], dict[str, Any] | None]] = []
        try:
            for i, a in enumerate(actions):
                r = session.feed(copy.deepcopy(a))
                if "error" in r:
                    raise GameError(f"stored action does not replay: {r['error']}")
                log.append((a, r, params.get(i)))
                self._track(a, r)
            progress = self.progress
        finally:
            self.progress = keep
        return session, progress, log

    @classmethod
    def resume(cls, store: Store, match_id: int, players: Sequence[Any] | None = None,
               lang: str = "en", trajectories: bool = False) -> Match:
        """Rebuild a stored match: finished frames counted, the open frame replayed."""
        from cuesport.game.players import make_player

        row = store.match(match_id)  # read first: its version is at most the state's
        fmt = MatchFormat.from_json(row.format)
        specs = list(row.format.get("players") or [])
        if players is None:
            if len(specs) != 2:
                raise GameError("the stored match does not say who the players are")
            players = [make_player(s, seed=i) for i, s in enumerate(specs)]
        partner_specs = row.format.get("partners")
        partners = None
        if partner_specs is not None:
            partners = [make_player(s, seed=2 + i) for i, s in enumerate(partner_specs)]
        rules = dict(row.rules)
        alternate = str(rules.pop("alternate", "turn"))
        m = cls(row.discipline, players, rules=rules, fmt=fmt, store=store,
                seed=int(row.format.get("seed", 0)), lang=lang, names=row.players,
                specs=specs, trajectories=trajectories, partners=partners,
                partner_specs=partner_specs, alternate=alternate, _match_id=match_id)
        if "members" in row.format:
            m.member_names = [list(x) for x in row.format["members"]]
        m.version = row.version
        frames = store.frames(match_id)
        if not frames:
            m._start_frame(1)
            return m
        for fr in frames:
            record = store.frame_record(fr.id)
            m.frame_no, m.frame_id = fr.number, fr.id
            m.log = []
            m._replay(record)
            if fr.number == 1 and m.facts.lag:
                lag = next((a["lag"] for a in record["actions"] if "lag" in a), None)
                if lag is not None:
                    m.first_breaker = int(lag.get("breaks", lag["winner"])
                                          if lag.get("breaks") is not None else lag["winner"])
            st = m.state
            # the last frame counts once the match is over (before that, step() ends it)
            if st.frame_over and (fr is not frames[-1] or row.finished is not None):
                m.results.append(FrameResult(fr.number, st.winner,
                                             (int(st.score[0]), int(st.score[1])),
                                             len(record["actions"])))
                if st.winner is not None:
                    m.wins[st.winner] += 1
        if row.finished is not None:
            m.over = True
            m.winner = row.winner
        return m



def _member_names(members: Sequence[Sequence[Any]], names: Sequence[str], sides: bool
                  ) -> list[list[str]]:
    """Each member's name, unique in the match: "bot:easy (1a)" when names repeat (a side
    of one is named as the side)."""
    if not sides:
        return [[n] for n in names]
    raw = [[str(getattr(p, "name", "") or "Player") for p in side] for side in members]
    flat = [n for side in raw for n in side]
    if len(set(flat)) == len(flat):
        return raw
    return [[f"{n} ({i + 1}{'abcd'[j]})" for j, n in enumerate(side)]
            for i, side in enumerate(raw)]
