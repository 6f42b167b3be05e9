"""Matches being played on the web table: seats with secret tokens, turns, bots, storage.

Every accepted action is written through :class:`cuesport.game.storage.Store` before it is
published, so a reload or a server restart resumes the match: a match not in memory is
rebuilt from its stored frames by replaying their actions through the referee.

Only a token's holder acts for a seat, only the player to play strikes or decides, and a
refused request changes nothing (the frame is only touched after every check passed).
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Literal

from cuesport.game.storage import Store
from cuesport.web import bot as standin_bot
from cuesport.web.engine import Frame, Refused, StrokeInput, start_for_breaker

SeatKind = Literal["human", "bot"]
KEEP_SHOTS = 20  # trajectories kept in memory for late viewers (a break is ~50 kB)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(slots=True)
class Seat:
    name: str
    kind: SeatKind = "human"
    level: int = 3
    token_sha256: str | None = None  # None for a bot: nobody holds its seat
    joined: bool = False

    def public(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "level": self.level,
                "joined": self.joined or self.kind == "bot"}

    def stored(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "level": self.level,
                "token_sha256": self.token_sha256}


@dataclass(slots=True)
class LiveMatch:
    id: int
    discipline: str
    rules: dict[str, Any]
    frames_to_play: int  # best of
    seats: list[Seat]
    lang: str
    frame: Frame
    frame_id: int
    frame_number: int = 1
    frames_won: list[int] = field(default_factory=lambda: [0, 0])
    winner: int | None = None
    over: bool = False
    high_break: list[int] = field(default_factory=lambda: [0, 0])
    log: list[dict[str, Any]] = field(default_factory=list)
    version: int = 0
    lock: threading.RLock = field(default_factory=threading.RLock)
    bot_running: bool = False

    @property
    def players(self) -> list[str]:
        return [s.name for s in self.seats]

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token this is (constant-time comparison), or None."""
        if not token:
            return None
        digest = token_hash(token)
        found = None
        for i, seat in enumerate(self.seats):
            if seat.token_sha256 and hmac.compare_digest(seat.token_sha256, digest):
                found = i
        return found


class Hub:
    """All live matches of one server, backed by a store."""

    def __init__(self, store: Store, *, bot_delay: float = 0.4, seed: int | None = None) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.rng = random.Random(seed)
        self.matches: dict[int, LiveMatch] = {}
        self.lock = threading.Lock()

    # ------------------------------------------------------------ create and load

    def create(self, discipline: str, seats: list[Seat], rules: dict[str, Any],
               frames: int, lang: str) -> tuple[LiveMatch, list[str | None]]:
        tokens: list[str | None] = []
        for seat in seats:
            if seat.kind == "human":
                tok = secrets.token_urlsafe(24)
                seat.token_sha256 = token_hash(tok)
                tokens.append(tok)
            else:
                tokens.append(None)
        frame = Frame(discipline, [s.name for s in seats], rules, lang=lang)  # checks rules
        fmt = {"frames": frames, "lang": lang, "web": True,
               "seats": [s.stored() for s in seats]}
        mid = self.store.create_match(discipline, (seats[0].name, seats[1].name), rules, fmt)
        fid = self.store.start_frame(mid, 1, None, rules)
        live = LiveMatch(mid, discipline, dict(rules), frames, seats, lang, frame, fid)
        with self.lock:
            self.matches[mid] = live
        self.kick(live)
        return live, tokens

    def get(self, mid: int) -> LiveMatch:
        with self.lock:
            live = self.matches.get(mid)
            if live is None:
                live = self._load(mid)
                self.matches[mid] = live
        self.kick(live)
        return live

    def _load(self, mid: int) -> LiveMatch:
        try:
            row = self.store.match(mid)
        except KeyError:
            raise Refused(f"no match {mid}", 404) from None
        fmt = row.format or {}
        if not fmt.get("web"):
            raise Refused(f"match {mid} was not created on the web table", 404)
        seats = [Seat(**s) for s in fmt["seats"]]
        lang = fmt.get("lang", "en")
        frames = self.store.frames(mid)
        won = [0, 0]
        high = [0, 0]
        frame: Frame | None = None
        fr_row = frames[-1]
        for fr in frames:
            actions = [s["action"] for s in self.store.strokes(fr.id)]
            frame = Frame(row.discipline, list(row.players), fr.rules, fr.start, lang, actions)
            for s in self.store.strokes(fr.id):
                p = s["ruling"].get("to_play")
                if p in (0, 1):
                    high[p] = max(high[p], int(s["ruling"].get("break") or 0))
            if frame.over and frame.ruling.get("winner") in (0, 1):
                won[frame.ruling["winner"]] += 1
        assert frame is not None
        live = LiveMatch(mid, row.discipline, dict(row.rules), int(fmt.get("frames", 1)),
                         seats, lang, frame, fr_row.id, fr_row.number, won, row.winner,
                         row.finished is not None, high)
        if not live.over and frame.over:
            self._next_frame(live)
        return live

    # ------------------------------------------------------------ views

    def view(self, live: LiveMatch, since: int = -1, seat: int | None = None) -> dict[str, Any]:
        with live.lock:
            fr = live.frame
            return {
                "id": live.id,
                "discipline": live.discipline,
                "rules": live.rules,
                "lang": live.lang,
                "seats": [s.public() for s in live.seats],
                "frames": live.frames_to_play,
                "frame_number": live.frame_number,
                "frames_won": list(live.frames_won),
                "high_break": list(live.high_break),
                "over": live.over,
                "winner": live.winner,
                "version": live.version,
                "you": seat,
                "cue_balls": [fr.cue_ball(0), fr.cue_ball(1)],
                "ruling": fr.ruling,
                "log": [e for e in live.log if e["seq"] > since],
            }

    # ------------------------------------------------------------ acting

    def _require_turn(self, live: LiveMatch, seat: int) -> None:
        if live.over:
            raise Refused("the match is over", 409)
        if live.frame.to_play != seat:
            raise Refused(f"not your turn: {live.players[live.frame.to_play]} is to play", 409)

    def place(self, live: LiveMatch, seat: int, at: tuple[float, float]) -> dict[str, Any]:
        with live.lock:
            self._require_turn(live, seat)
            live.frame.check_placement(seat, at)
            return {"ok": True, "in_hand": live.frame.in_hand()}

    def strike(self, live: LiveMatch, seat: int, stroke: StrokeInput,
               place: tuple[float, float] | None, nominate: str | None, call: Any,
               push_out: bool) -> dict[str, Any]:
        with live.lock:
            self._require_turn(live, seat)
            if live.frame.ruling.get("options"):
                opts = ", ".join(live.frame.ruling["options"])
                raise Refused(f"a decision is on offer first ({opts})", 409)
            action, ruling, shot = live.frame.strike(seat, stroke, place=place,
                                                     nominate=nominate, call=call,
                                                     push_out=push_out)
            params = {"angle": stroke.angle, "speed": stroke.speed, "side": stroke.side,
                      "height": stroke.height, "elevation": stroke.elevation}
            entry = self._record(live, seat, "shot", action, ruling, params, shot)
        self.kick(live)
        return entry

    def decide(self, live: LiveMatch, seat: int, choice: str) -> dict[str, Any]:
        with live.lock:
            self._require_turn(live, seat)
            options = live.frame.ruling.get("options") or []
            if choice not in options:
                offered = ", ".join(options) or "none"
                raise Refused(f"decision {choice!r} is not on offer (offered: {offered})", 409)
            action = {"decision": {"player": seat, "choice": choice}}
            ruling = live.frame.feed(action)
            entry = self._record(live, seat, "decision", action, ruling)
        self.kick(live)
        return entry

    def concede(self, live: LiveMatch, seat: int, match: bool) -> dict[str, Any]:
        with live.lock:
            if live.over:
                raise Refused("the match is over", 409)
            action = {"concede": {"player": seat}}
            ruling = live.frame.feed(action)
            entry = self._record(live, seat, "concede", action, ruling, concede_match=match)
        return entry

    def undo(self, live: LiveMatch, seat: int) -> dict[str, Any]:
        """Take back this seat's last action (and the bot's replies after it)."""
        with live.lock:
            if live.over:
                raise Refused("the match is over", 409)
            strokes = self.store.strokes(live.frame_id)
            drop = 0
            for s in reversed(strokes):
                who = _player_of(s["action"])
                if who is not None and live.seats[who].kind == "bot":
                    drop += 1
                    continue
                if who != seat:
                    raise Refused("only your own last action can be undone", 409)
                drop += 1
                break
            else:
                raise Refused("nothing to undo in this frame", 409)
            keep = [s["action"] for s in strokes[: len(strokes) - drop]]
            fr = self.store.frames(live.id)[-1]
            frame = Frame(live.discipline, live.players, fr.rules, fr.start, live.lang, keep)
            for _ in range(drop):
                self.store.undo_last_stroke(live.frame_id)
            live.frame = frame
            entry = self._publish(live, {"player": seat, "type": "undo", "undone": drop,
                                         "ruling": frame.ruling})
        return entry

    def join(self, live: LiveMatch, seat: int) -> dict[str, Any]:
        with live.lock:
            live.seats[seat].joined = True
            live.version += 1
            return {"seat": seat, "name": live.seats[seat].name}

    # ------------------------------------------------------------ bookkeeping

    def _record(self, live: LiveMatch, seat: int, kind: str, action: dict[str, Any],
                ruling: dict[str, Any], params: dict[str, Any] | None = None,
                shot: dict[str, Any] | None = None, concede_match: bool = False,
                ) -> dict[str, Any]:
        self.store.add_stroke(live.frame_id, action, ruling, {"stroke": params} if params else None)
        p = ruling.get("to_play")
        if p in (0, 1):
            live.high_break[p] = max(live.high_break[p], int(ruling.get("break") or 0))
        entry = self._publish(live, {"player": seat, "type": kind, "action": _lean(action),
                                     "ruling": ruling, "shot": shot})
        if live.frame.over:
            self._end_frame(live, concede_match)
        return entry

    def _publish(self, live: LiveMatch, entry: dict[str, Any]) -> dict[str, Any]:
        live.version += 1
        entry = {"seq": live.version, "frame": live.frame_number} | entry
        live.log.append(entry)
        shots = [e for e in live.log if e.get("shot")]
        for old in shots[:-KEEP_SHOTS]:
            old["shot"] = None
        return entry

    def _end_frame(self, live: LiveMatch, concede_match: bool) -> None:
        ruling = live.frame.ruling
        winner = ruling.get("winner")
        self.store.finish_frame(live.frame_id, winner, list(ruling["score"]))
        if winner in (0, 1):
            live.frames_won[winner] += 1
        need = live.frames_to_play // 2 + 1
        if concede_match and winner in (0, 1):
            live.winner = winner
        elif max(live.frames_won) >= need:
            live.winner = 0 if live.frames_won[0] >= need else 1
        elif live.frame_number >= live.frames_to_play:
            a, b = live.frames_won
            live.winner = None if a == b else (0 if a > b else 1)
        else:
            self._next_frame(live)
            return
        live.over = True
        self.store.finish_match(live.id, live.winner)
        self._publish(live, {"type": "match-over", "winner": live.winner})

    def _next_frame(self, live: LiveMatch) -> None:
        number = live.frame_number + 1
        breaker = (number - 1) % 2  # the players break in turn
        start = start_for_breaker(live.discipline, live.players, live.rules, breaker)
        live.frame_id = self.store.start_frame(live.id, number, start, live.rules)
        live.frame_number = number
        live.frame = Frame(live.discipline, live.players, live.rules, start, live.lang)
        self._publish(live, {"type": "frame-start", "ruling": live.frame.ruling})

    # ------------------------------------------------------------ bots

    def kick(self, live: LiveMatch) -> None:
        """Let a bot play while it is its turn (in a thread: requests return at once)."""
        with live.lock:
            if live.bot_running or live.over:
                return
            if live.seats[live.frame.to_play].kind != "bot":
                return
            live.bot_running = True
        threading.Thread(target=self._bot_loop, args=(live,), daemon=True,
                         name=f"bot-{live.id}").start()

    def _bot_loop(self, live: LiveMatch) -> None:
        try:
            for _ in range(200):  # a bound, in case a bot and a rule ever loop
                time.sleep(self.bot_delay)
                with live.lock:
                    if live.over or live.seats[live.frame.to_play].kind != "bot":
                        return
                    seat = live.frame.to_play
                    move = standin_bot.choose(live.frame, seat, live.seats[seat].level,
                                              self.rng)
                    try:
                        if "decide" in move:
                            self.decide(live, seat, move["decide"])
                        else:
                            self.strike(live, seat, move["stroke"], move["place"],
                                        move.get("nominate"), move.get("call"), False)
                    except Refused:
                        # A stand-in bot's bad idea must not stop the match: play safe.
                        self.strike(live, seat, StrokeInput(angle=90.0, speed=2.0),
                                    move.get("place"), None, None, False)
        finally:
            with live.lock:
                live.bot_running = False


def _player_of(action: dict[str, Any]) -> int | None:
    for body in action.values():
        if isinstance(body, dict) and isinstance(body.get("player"), int):
            return int(body["player"])
    return None


def _lean(action: dict[str, Any]) -> dict[str, Any]:
    """The action without its events list (the shot carries them already)."""
    out = {}
    for k, v in action.items():
        out[k] = {kk: vv for kk, vv in v.items() if kk != "events"} if isinstance(v, dict) else v
    return out
