"""Fouls of one snooker stroke and their penalty values (SNK-3.12, SNK-X.4).

Every foul found in a stroke is reported with its own penalty; only the highest is
applied (SNK-3.11(g), via :func:`cuesport.rules.base.worst`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from cuesport.equipment import COLOUR_VALUES
from cuesport.record import Judgement
from cuesport.rules.base import Foul
from cuesport.rules.snooker_state import REDS_SET, value


def penalty(v: int) -> int:
    """SNK-3.12: four points unless a higher value applies; never more than seven."""
    return max(4, min(7, v))


def foul(rule: str, name: str, v: int) -> Foul:
    return Foul(rule, name, penalty(v))


def concerned(v_on: int, balls: Iterable[str]) -> int:
    """SNK-X.4 group (b)/(c): the value of the ball on or of the balls concerned."""
    return max(v_on, max(map(value, balls), default=v_on))


@dataclass(frozen=True, slots=True)
class StrokeFacts:
    """What the fouls of a stroke depend on."""

    phase: str  # "reds", "colour", "sequence"
    v_on: int  # SNK-X.4 V_on
    on: frozenset[str]  # balls on (reds, the nominated colour, the colour in sequence)
    nominated: str | None  # colour nominated after a red (phase "colour")
    free: str | None  # nominated free ball (SNK-3.10)
    first: tuple[str, ...]  # first contact(s) of the cue ball
    credited: bool  # a touching ball on counts as hit first (SNK-3.8(c))
    potted: Sequence[str]
    off: Sequence[str]
    judgement: Judgement
    out_of_turn: bool
    misplaced: bool
    unclear: bool  # phase "colour" without a nomination and no obvious target
    pushed: Sequence[str]  # touching balls moved by the striker (SNK-3.8(b))
    jumped: bool = False  # SNK-2.19: a jump shot (the referee's call, or the over events)


def first_contact_fouls(f: StrokeFacts) -> tuple[list[Foul], bool]:
    """Fouls of the first contact, and whether the cue ball failed to hit a ball on first
    (the condition of a miss, SNK-3.14)."""
    fc, v = f.first, f.v_on
    if f.credited:
        return [], False  # SNK-3.8(c): the touching ball on is regarded as hit
    if not fc:
        return [foul("SNK-3.12(a)(v)", "missed-all-balls", v)], True
    if f.free is not None:
        if f.free not in fc:  # SNK-3.10(b)(i): the nominated ball first, or with the ball on
            return [foul("SNK-3.10(b)(i)", "free-ball-not-hit-first", concerned(v, fc))], True
        others = [b for b in fc if b != f.free and b not in f.on]
        if others or len(fc) > 2:  # SNK-3.6: only the free ball together with the ball on
            return [foul("SNK-3.12(c)", "two-balls-simultaneous", concerned(v, others))], False
        return [], False
    if f.phase == "reds":
        if all(b in REDS_SET for b in fc):
            return [], False  # SNK-3.6: several reds at once are fair
        hit_red = any(b in REDS_SET for b in fc)
        if len(fc) == 1:
            return [foul("SNK-3.12(b)(iv)", "wrong-ball-first", concerned(v, fc))], True
        return [foul("SNK-3.12(c)", "two-balls-simultaneous", concerned(v, fc))], not hit_red
    if f.phase == "colour" and any(b in REDS_SET for b in fc):
        # SNK-3.12(d)(iii): a red was potted and the next stroke is played at a red again
        return [foul("SNK-3.12(d)(iii)", "reds-successive-strokes", 7)], True
    if len(fc) == 1:
        if fc[0] in f.on:
            return [], False
        return [foul("SNK-3.12(b)(iv)", "wrong-ball-first", concerned(v, fc))], True
    # SNK-3.6: two colours at once is a foul even if one of them is nominated
    return ([foul("SNK-3.12(c)", "two-balls-simultaneous", concerned(v, fc))],
            not any(b in f.on for b in fc))


def stroke_fouls(f: StrokeFacts) -> tuple[list[Foul], bool]:
    """Every foul of a stroke (SNK-3.12) and whether the first contact failed."""
    fouls = judged_fouls(f)
    first, failed = first_contact_fouls(f)
    fouls += first
    fouls += pot_fouls(f)
    if fouls and f.unclear:
        fouls.append(foul("SNK-3.12(d)(v)", "no-nomination", 7))  # SNK-2.12
    return fouls, failed


def judged_fouls(f: StrokeFacts) -> list[Foul]:
    """The fouls of the referee's judgement (and of playing out of turn or from hand)."""
    v, j = f.v_on, f.judgement
    plain = [  # SNK-3.12(a): valued by the ball on
        (f.out_of_turn, "SNK-3.12(a)(iii)", "out-of-turn"),
        (f.misplaced, "SNK-3.12(a)(iv)", "improper-from-hand"),
        (j.double_hit, "SNK-3.12(a)(i)", "double-hit"),
        (j.feet_off_floor, "SNK-3.12(a)(ii)", "feet-off-floor"),
        (f.jumped, "SNK-3.12(a)(viii)", "jump-shot"),  # SNK-2.19
    ]
    fouls = [foul(rule, name, v) for seen, rule, name in plain if seen]
    if j.balls_moving:
        fouls.append(foul("SNK-3.12(b)(i)", "balls-moving", concerned(v, f.first)))
    if j.before_respot:
        fouls.append(foul("SNK-3.12(b)(ii)", "before-respot", v))  # SNK-3.7(c)(ii)
    if j.push_stroke:
        fouls.append(foul("SNK-3.12(b)(v)", "push-stroke", concerned(v, f.first)))
    for b in f.pushed:  # SNK-3.8(b): moving the touching ball is a push stroke
        fouls.append(foul("SNK-3.12(b)(v)", "push-stroke", concerned(v, [b])))
    if j.touched:
        fouls.append(foul("SNK-3.12(b)(vi)", "touched-ball", concerned(v, j.touched)))
    if j.struck_ball is not None and j.struck_ball != "cue":
        fouls.append(foul("SNK-3.12(d)(iv)", "other-ball-as-cue-ball", 7))  # SNK-2.6(a)
    return fouls


def pot_fouls(f: StrokeFacts) -> list[Foul]:
    """In-off, a ball not on potted, balls forced off the table (SNK-2.14)."""
    v = f.v_on
    fouls: list[Foul] = []
    legal_pots = set(f.on) | ({f.free} if f.free else set())
    for b in f.potted:
        if b == "cue":
            fouls.append(foul("SNK-3.12(a)(vi)", "in-off", v))
        elif b not in legal_pots:
            fouls.append(foul("SNK-3.12(b)(iii)", "ball-not-on-potted", concerned(v, [b])))
    for b in f.off:  # SNK-2.14
        fouls.append(foul("SNK-3.12(b)(vii)", "forced-off-table", concerned(v, [b])))
    return fouls


def colours_in(balls: Iterable[str]) -> list[str]:
    return [b for b in balls if b in COLOUR_VALUES]


def values_of(balls: Mapping[str, object]) -> int:
    return sum(value(b) for b in balls)
