"""Matches being played on the web table: seats with secret tokens over the game's matches.

The game loop is :class:`cuesport.game.match.Match` (frames, bots, the automatic parts,
undo, storage per stroke, resume); this module adds what a server needs around it: seats
held by secret tokens, a runner thread that lets bots and the automatic steps play while
requests return at once, and a log of what happened (with the shots' trajectories) for
the pages to animate. Seat tokens are kept, hashed, in the same database (the store's
seats), so a server restart resumes the match with the same links.

Only a token's holder acts for a seat, only the player to play strikes, decides or
concedes, and a refused request changes nothing (checks come before any change).
"""

from __future__ import annotations

import copy
import hashlib
import hmac
import json
import logging
import math
import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Literal

from cuesport.bots.aim import cue_ball_of
from cuesport.bots.moves import Choose, Claim, Concede, Strike
from cuesport.game.match import GameError, Match, MatchFormat, Step
from cuesport.game.players import Human, make_player
from cuesport.physics import Stroke
from cuesport.storage import SeatRow, StaleError, StorageError, Store
from cuesport.web.errors import Refused

SeatKind = Literal["human", "bot"]
log = logging.getLogger("cuesport.web")
KEEP_SHOTS = 20  # trajectories kept in memory for late viewers (a break is ~50 kB)


def _server_stopping() -> bool:
    """The server is closing its pools (a bot's thinking was cut off, not failed)."""
    import sys

    thinking = sys.modules.get("cuesport.web.thinking")  # loaded only with pools
    return thinking is not None and bool(thinking.stopping.is_set())


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(slots=True)
class Seat:
    name: str
    kind: SeatKind = "human"
    level: str = "medium"
    token_sha256: str | None = None  # None for a bot: nobody holds its seat
    joined: bool = False

    def public(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "level": self.level,
                "joined": self.joined or self.kind == "bot"}


@dataclass(slots=True)
class LiveMatch:
    id: int
    match: Match
    seats: list[Seat]
    lang: str
    frames: int  # best of
    log: list[dict[str, Any]] = field(default_factory=list)
    # Versions (and log sequence numbers) start from the clock in ms, so after a server
    # restart they still only go up and open pages notice what is new.
    version: int = field(default_factory=lambda: int(time.time() * 1000))
    high_break: list[int] = field(default_factory=lambda: [0, 0])
    snapshot: dict[str, Any] = field(default_factory=dict)  # read without the lock
    snapshot_json: str = "{}"  # the snapshot as JSON, made once per change
    wire: dict[int, str] = field(default_factory=dict)  # log seq -> the entry as JSON
    lock: threading.RLock = field(default_factory=threading.RLock)
    running: bool = False
    owner: str | None = None  # the client that created it (for the bot-vs-bot limits)
    touched: float = field(default_factory=time.monotonic)  # last asked for
    checked: float = field(default_factory=time.monotonic)  # store's version last compared

    @property
    def bots_only(self) -> bool:
        return all(s.kind == "bot" for s in self.seats)

    @property
    def to_play(self) -> int:
        return int(self.snapshot["ruling"]["to_play"])

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


MAX_LIVE = 500  # live matches kept in memory; the idle ones beyond are dropped first
IDLE_S = 600.0  # a live match nobody asked for in this long is dropped (the store keeps it)
RECHECK_S = 1.0  # a lone server compares a live match with the store at most this often


class Hub:
    """All live matches of one server, backed by the game's store.

    Memory is bounded: a match nobody has asked for in ``idle_s`` seconds, or the least
    recently asked-for beyond ``max_live``, is dropped (never while its bots play) and
    loaded again from the store on the next request. Bot-vs-bot matches are limited per
    client and in all (:mod:`cuesport.web.limits`).

    A read compares the live match's version with the store's (another process may have
    moved it) at most every ``recheck_s`` seconds: 0 (several workers) compares on every
    read; a lone server may use :data:`RECHECK_S`, its reads answered from memory in
    between (a second server on the same file is still refused on write by the version).
    With ``think_in_pool`` bots think and strokes are simulated in other processes."""

    def __init__(self, store: Store, *, bot_delay: float = 0.6, seed: int | None = None,
                 max_live: int = MAX_LIVE, idle_s: float = IDLE_S,
                 think_in_pool: bool = False, recheck_s: float = 0.0) -> None:
        self.store = store
        self.think_in_pool = think_in_pool  # bots think in other processes (thinking.py)
        self.recheck_s = recheck_s
        self.bot_delay = bot_delay
        self.seed = seed
        self.max_live = max_live
        self.idle_s = idle_s
        self.matches: dict[int, LiveMatch] = {}
        self.lock = threading.Lock()
        self.swept = time.monotonic()

    def sweep(self, now: float | None = None) -> int:
        """Drop idle live matches (the store has them); returns how many were dropped."""
        t = time.monotonic() if now is None else now
        with self.lock:
            idle = sorted((m for m in self.matches.values() if not m.running),
                          key=lambda m: m.touched)
            extra = max(0, len(self.matches) - self.max_live)
            drop = [m for i, m in enumerate(idle) if i < extra or t - m.touched > self.idle_s]
            for m in drop:
                del self.matches[m.id]
        return len(drop)

    def check_bot_match(self, owner: str | None, frames: int) -> None:
        """Refuse (429/422) a bot-vs-bot match over the limits."""
        from cuesport.web import limits

        if frames > limits.BOT_FRAMES:
            raise Refused(f"a match between bots is at most {limits.BOT_FRAMES} frames", 422)
        with self.lock:
            playing = [m for m in self.matches.values() if m.bots_only and not m.match.over]
        mine = sum(1 for m in playing if m.owner == owner)
        if mine >= limits.BOT_MATCHES_PER_CLIENT:
            raise Refused(f"you already have {mine} matches between bots playing; wait for "
                          "one to end", 429)
        if len(playing) >= limits.BOT_MATCHES:
            raise Refused("the server is playing as many matches between bots as it may; "
                          "try later", 429)

    # ------------------------------------------------------------ create and load

    def create(self, discipline: str, seats: list[Seat], rules: dict[str, Any],
               frames: int, lang: str, start: dict[str, Any] | None = None,
               owner: str | None = None, partners: list[Seat] | None = None,
               alternate: str = "turn") -> tuple[LiveMatch, list[str | None]]:
        """A new match; ``start`` (a protocol position for frame 1) is for tests and tools;
        ``owner`` is the creating client (bot-vs-bot matches are limited per client).
        ``partners``: a second member for each side (2-vs-2, protocol 1.1); a side's seat
        token plays for its human members, its bots play by themselves."""
        if all(s.kind == "bot" for s in [*seats, *(partners or [])]):
            self.check_bot_match(owner, frames)
        self.sweep()
        seed = self.seed if self.seed is not None else secrets.randbelow(2**31)
        players = [Human(s.name, seed + i) if s.kind == "human"
                   else make_player(f"bot:{s.level}", seed + i) for i, s in enumerate(seats)]
        specs = [f"human:{s.name}" if s.kind == "human" else f"bot:{s.level}" for s in seats]
        mates = None if partners is None else [
            Human(s.name, seed + 2 + i) if s.kind == "human"
            else make_player(f"bot:{s.level}", seed + 2 + i) for i, s in enumerate(partners)]
        mate_specs = None if partners is None else [
            f"human:{s.name}" if s.kind == "human" else f"bot:{s.level}" for s in partners]
        for p, s in zip([*players, *(mates or [])], [*seats, *(partners or [])], strict=True):
            p.name = s.name  # members are named as their seats
        for seat, mate in zip(seats, partners or [], strict=False):
            if mate.kind == "human":
                seat.kind = "human"  # the side needs a token for its human member
        fmt = MatchFormat(frames=frames, race_to=frames // 2 + 1)
        tokens: list[str | None] = []
        for seat in seats:
            tok = secrets.token_urlsafe(24) if seat.kind == "human" else None
            seat.token_sha256 = token_hash(tok) if tok else None
            tokens.append(tok)
        rows = [SeatRow(i, s.kind, s.level, s.token_sha256, lang) for i, s in enumerate(seats)]
        try:  # the match, its first frame and the seats are stored in one transaction
            m = Match(discipline, players, rules=rules, fmt=fmt, store=self.store, seed=seed,
                      lang=lang, names=[s.name for s in seats], specs=specs, trajectories=True,
                      start=start, seats=rows, partners=mates, partner_specs=mate_specs,
                      alternate=alternate)
        except ValueError as err:
            raise Refused(f"cannot start the match: {err}", 422) from err
        assert m.match_id is not None
        self._equip(m)
        for seat, name in zip(seats, m.names, strict=True):
            seat.name = name  # the game tells two players of the same name apart
        live = LiveMatch(m.match_id, m, seats, lang, frames, owner=owner)
        self._snap(live)
        with self.lock:
            self.matches[live.id] = live
        self.kick(live)
        return live, tokens

    def cached(self, mid: int) -> LiveMatch | None:
        """The live match when a read may be answered from memory without waiting for
        anything (no lock, no database); None: ask :meth:`get`."""
        live = self.matches.get(mid)  # one dict read: atomic, no lock needed
        if live is None:
            return None
        now = time.monotonic()
        if not live.running and now - live.checked >= self.recheck_s:
            return None  # the store's version is due for a look
        live.touched = now
        self.kick(live, wait=False)
        return live

    def get(self, mid: int) -> LiveMatch:
        """The live match, loaded from the store when it is not in memory or when another
        process (a second server, a worker) has moved it since. The store is read outside
        the hub's lock: one slow load never holds up the other matches."""
        live = self.matches.get(mid)
        fresh = live is None
        if live is None:
            loaded = self._load(mid)
            with self.lock:  # two loads of the same match at once: the first one wins
                live = self.matches.setdefault(mid, loaded)
        now = time.monotonic()
        live.touched = now
        if len(self.matches) > self.max_live or now - self.swept > 30.0:
            self.swept = now
            self.sweep()
        if not fresh and not live.running and now - live.checked >= self.recheck_s:
            if self.store.version(mid) != live.match.version:
                live = self._reload(live)
            live.checked = now
        self.kick(live)
        return live

    def _reload(self, live: LiveMatch) -> LiveMatch:
        with live.lock:  # no step of ours in flight: the difference is another writer's
            if live.running or self.store.version(live.id) == live.match.version:
                return live
            new = self._load(live.id)
            new.version = max(new.version, live.version + 1)  # pages only see it go up
            new.owner = live.owner
            for old, seat in zip(live.seats, new.seats, strict=True):
                seat.joined = old.joined
            self._snap(new)
        with self.lock:
            self.matches[live.id] = new
        return new

    def _load(self, mid: int) -> LiveMatch:
        rows = self.store.seats(mid)
        if len(rows) != 2:
            raise Refused(f"no match {mid} on this table", 404)
        lang = rows[0].lang
        try:
            m = Match.resume(self.store, mid, lang=lang, trajectories=True)
        except (KeyError, GameError) as err:
            raise Refused(f"match {mid} cannot be resumed: {err}", 404) from err
        self._equip(m)
        seats = [Seat(m.names[r.seat], "bot" if r.kind == "bot" else "human", r.level,
                      r.token_sha256) for r in rows]
        frames = int(m.fmt.frames)
        live = LiveMatch(mid, m, seats, lang, frames)
        # The calls so far in this frame, and the high breaks of the match, from the store.
        for fr in self.store.frames(mid):
            for s in self.store.strokes(fr.id):
                self._track_break(live, s["ruling"])
                if fr.id == m.frame_id:
                    self._publish(live, {"frame": fr.number, "player": _player_of(s["action"]),
                                         "type": next(iter(s["action"])),
                                         "action": _lean(s["action"]), "ruling": s["ruling"]})
        self._snap(live)
        return live

    # ------------------------------------------------------------ views

    def view(self, live: LiveMatch, since: int = -1, seat: int | None = None) -> dict[str, Any]:
        snap = live.snapshot
        return snap | {"you": seat, "log": [e for e in list(live.log) if e["seq"] > since]}

    def view_json(self, live: LiveMatch, since: int = -1, seat: int | None = None) -> bytes:
        """:meth:`view` as JSON, from the pieces made when the match changed: a read only
        joins strings (many polls, one encoding of each shot)."""
        snap = live.snapshot_json  # one read each: a runner may replace them meanwhile
        wire = live.wire
        entries = [wire.get(e["seq"]) or _json(e) for e in list(live.log) if e["seq"] > since]
        return (f'{snap[:-1]},"you":{json.dumps(seat)},"log":[{",".join(entries)}]}}'
                .encode())

    def _snap(self, live: LiveMatch) -> None:
        m = live.match
        live.snapshot = {
            "id": live.id,
            "discipline": m.discipline,
            "rules": m.rules,
            "lang": live.lang,
            "seats": [s.public() for s in live.seats],
            "frames": live.frames,
            "frame_number": m.frame_no,
            "frames_won": list(m.wins),
            "high_break": list(live.high_break),
            "over": m.over,
            "winner": m.winner,
            "version": live.version,
            "busy": live.running,  # bots or automatic steps are playing
            "cue_balls": [cue_ball_of(m.discipline, 0), cue_ball_of(m.discipline, 1)],
            "ruling": copy.deepcopy(m.ruling),
            "members": [list(x) for x in m.member_names],  # each side's, in playing order
            "member": m.member,  # of the side to play
        }
        live.snapshot_json = _json(live.snapshot)

    # ------------------------------------------------------------ acting

    def _require_turn(self, live: LiveMatch, seat: int) -> None:
        m = live.match
        if m.over:
            raise Refused("the match is over", 409)
        if m.state.frame_over or live.running:
            raise Refused("wait: the table is busy (the other side is playing)", 409)
        if m.to_play != seat:
            raise Refused(f"not your turn: {m.names[m.to_play]} is to play", 409)

    def place(self, live: LiveMatch, seat: int, at: tuple[float, float]) -> dict[str, Any]:
        with live.lock:
            self._require_turn(live, seat)
            zone = live.match.state.in_hand
            if zone is None:
                raise Refused("the cue ball is not in hand", 409)
            self._check_place(live, seat, at, zone)
            return {"ok": True, "in_hand": zone}

    def _check_place(self, live: LiveMatch, seat: int, at: tuple[float, float],
                     zone: str) -> None:
        if not all(math.isfinite(c) for c in at):
            raise Refused("the cue ball position must be two finite numbers (mm)", 422)
        try:  # the game's own check, so the page and the match never disagree
            live.match.check_place(at, zone, cue_ball_of(live.match.discipline, seat))
        except GameError as err:
            raise Refused(str(err), 422) from None

    def strike(self, live: LiveMatch, seat: int, stroke: dict[str, float],
               place: tuple[float, float] | None, nominate: str | None, call: Any,
               push_out: bool) -> dict[str, Any]:
        with live.lock:
            self._require_turn(live, seat)
            m = live.match
            zone = m.state.in_hand
            if zone is not None and place is None:
                raise Refused(f"the cue ball is in hand ({zone}): place it first", 422)
            if zone is None and place is not None:
                raise Refused("the cue ball is not in hand; it is played from where it lies",
                              409)
            if place is not None:
                self._check_place(live, seat, place, zone or "table")
            cue = cue_ball_of(m.discipline, seat)
            if isinstance(call, dict):
                call = (call["ball"], call["pocket"])
            move = Strike(Stroke(cue_ball=cue, cue="playing", **stroke), place, nominate, call,
                          push_out)
            entry = self._play(live, move, seat)
        self.kick(live)
        return entry

    def decide(self, live: LiveMatch, seat: int, choice: str) -> dict[str, Any]:
        with live.lock:
            self._require_turn(live, seat)
            options = list(live.match.state.options)
            if choice not in options:
                offered = ", ".join(options) or "none"
                raise Refused(f"decision {choice!r} is not on offer (offered: {offered})", 409)
            entry = self._play(live, Choose(choice), seat)
        self.kick(live)
        return entry

    def concede(self, live: LiveMatch, seat: int) -> dict[str, Any]:
        with live.lock:
            self._require_turn(live, seat)
            entry = self._play(live, Concede(), seat)
        self.kick(live)
        return entry

    def claim(self, live: LiveMatch, seat: int) -> dict[str, Any]:
        """SNK-2.1(b): only the black left and a lead of more than seven; the referee checks."""
        with live.lock:
            self._require_turn(live, seat)
            entry = self._play(live, Claim(), seat)
        self.kick(live)
        return entry

    def undo(self, live: LiveMatch, seat: int) -> dict[str, Any]:
        """Take back this seat's last action in the frame, and the bot's replies after it."""
        with live.lock:
            m = live.match
            if m.over:
                raise Refused("the match is over", 409)
            if live.running:
                raise Refused("wait: the table is busy (the other side is playing)", 409)
            drop = 0
            for action in reversed(m.session.actions):
                who = _player_of(action)
                if who is not None and live.seats[who].kind == "bot":
                    drop += 1  # the bot's replies go too
                    continue
                if who != seat:
                    raise Refused("only your own last action can be undone", 409)
                drop += 1
                break
            else:
                raise Refused("nothing of yours to undo in this frame", 409)
            done = 0
            try:  # each undo is stored first; a failure stops with the earlier ones kept
                for _ in range(drop):
                    m.undo()
                    done += 1
            except StaleError:
                self.forget(live)
                raise
            finally:
                entry = self._publish(live, {"player": seat, "type": "undo", "undone": done,
                                             "ruling": copy.deepcopy(m.ruling)})
                self._snap(live)
        return entry

    def join(self, live: LiveMatch, seat: int) -> dict[str, Any]:
        with live.lock:
            live.seats[seat].joined = True
            live.version += 1
            self._snap(live)
            return {"seat": seat, "name": live.seats[seat].name}

    # ------------------------------------------------------------ bookkeeping

    def _equip(self, m: Match) -> None:
        if self.think_in_pool:
            from cuesport.web import thinking

            m.thinker = thinking.think
            m.simulator = thinking.simulate

    def forget(self, live: LiveMatch) -> None:
        """Drop a live match from memory (the next request loads it from the store)."""
        with self.lock:
            if self.matches.get(live.id) is live:
                del self.matches[live.id]

    def _play(self, live: LiveMatch, move: Any, seat: int) -> dict[str, Any]:
        try:
            step = live.match.play(move, seat)
        except GameError as err:
            raise Refused(str(err), 422) from None
        except StaleError:
            self.forget(live)  # another process moved the match: reload it from the store
            raise
        entry = self._entry(live, step)
        self._snap(live)
        assert entry is not None
        return entry

    def _entry(self, live: LiveMatch, step: Step) -> dict[str, Any] | None:
        m = live.match
        if step.kind == "action" and step.action is not None:
            ruling = step.ruling or {}
            self._track_break(live, ruling)
            shot = step.shot.to_json() if step.shot is not None and step.shot.trajectories \
                else None
            return self._publish(live, {"frame": step.frame, "player": step.player,
                                        "type": next(iter(step.action)),
                                        "action": _lean(step.action), "ruling": ruling,
                                        "shot": shot, "kind": getattr(step.move, "kind", None)})
        if step.kind == "frame-start":
            return self._publish(live, {"frame": m.frame_no, "type": "frame-start",
                                        "ruling": copy.deepcopy(m.ruling),
                                        "frames_won": list(m.wins)})
        if step.kind == "match-end":
            return self._publish(live, {"frame": m.frame_no, "type": "match-over",
                                        "winner": m.winner, "frames_won": list(m.wins)})
        return None

    @staticmethod
    def _track_break(live: LiveMatch, ruling: dict[str, Any]) -> None:
        p = ruling.get("to_play")
        if p in (0, 1):
            live.high_break[p] = max(live.high_break[p], int(ruling.get("break") or 0))

    def _publish(self, live: LiveMatch, entry: dict[str, Any]) -> dict[str, Any]:
        live.version += 1
        entry = {"seq": live.version} | entry
        live.log.append(entry)
        live.wire[entry["seq"]] = _json(entry)
        shots = [e for e in live.log if e.get("shot")]
        for old in shots[:-KEEP_SHOTS]:
            old["shot"] = None
            live.wire[old["seq"]] = _json(old)
        return entry

    # ------------------------------------------------------------ the runner

    def kick(self, live: LiveMatch, wait: bool = True) -> None:
        """Let the game play its automatic steps and the bots' moves, in a thread.
        ``wait=False`` (a read): when the match's lock is held, whoever holds it kicks."""
        if live.running or live.match.over:
            return  # without the lock: a reader must not wait for a bot thinking
        if not live.lock.acquire(blocking=wait):
            return
        try:
            if live.running or live.match.over:
                return
            if not self._automatic_next(live):
                return
            live.running = True
            live.version += 1
            self._snap(live)  # pages see "busy" at once
        finally:
            live.lock.release()
        threading.Thread(target=self._run, args=(live,), daemon=True,
                         name=f"match-{live.id}").start()

    def _automatic_next(self, live: LiveMatch) -> bool:
        m = live.match
        return m.state.frame_over or _bot_to_play(live) or \
            bool(m.ruling.get("lots")) or (not m.session.actions and m.facts.lag)

    def _run(self, live: LiveMatch) -> None:
        try:
            for _ in range(2000):  # a bound, in case a bot and a rule ever loop
                if _bot_to_play(live) and self.bot_delay:
                    time.sleep(self.bot_delay)  # a human pace, and time to watch
                with live.lock:
                    m = live.match
                    if m.over:
                        break
                    try:
                        step = m.step()
                    except StaleError:
                        self.forget(live)
                        break
                    except StorageError:
                        break  # unchanged; the next request's kick tries again
                    except Exception:  # a bot or a worker failed: the match is unchanged
                        if not _server_stopping():
                            log.exception("match %s: the runner stopped", live.id)
                        break
                    if step.kind == "wait":
                        break
                    self._entry(live, step)
                    self._snap(live)
                    if step.kind == "match-end":
                        break
        finally:
            with live.lock:
                live.running = False
                live.version += 1  # the table is free: tell the pages
                self._snap(live)


def _json(obj: Any) -> str:
    """JSON as the app writes it (no NaN); what plain json cannot write goes through
    FastAPI's encoder first."""
    try:
        return json.dumps(obj, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    except ValueError:  # a NaN somewhere: never expected; written, rather than a crash
        return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
    except TypeError:
        from fastapi.encoders import jsonable_encoder

        return json.dumps(jsonable_encoder(obj), ensure_ascii=False, allow_nan=False,
                          separators=(",", ":"))


def _player_of(action: dict[str, Any]) -> int | None:
    for body in action.values():
        if isinstance(body, dict) and isinstance(body.get("player"), int):
            return int(body["player"])
    return None


def _lean(action: dict[str, Any]) -> dict[str, Any]:
    """The action without its events list (the shot carries them already)."""
    return {k: ({kk: vv for kk, vv in v.items() if kk != "events"} if isinstance(v, dict) else v)
            for k, v in action.items()}


def _bot_to_play(live: LiveMatch) -> bool:
    """Whether the member to play is a bot (a side's seat for a side of one)."""
    m = live.match
    return bool(getattr(m.members[m.to_play][m.member], "is_bot", False))
