"""Robust first-contact times for polynomials of degree <= 4.

Event prediction (Leckie & Greenspan) asks one question of a polynomial f(t) on [0, H]: when
does f first become <= 0 *while decreasing*? (f is a squared distance minus the contact
distance squared, or a signed distance to a line.) Instead of computing all complex roots and
filtering them (which needs tolerances on imaginary parts, see pooltool PR #80), we
split [0, H] into pieces on which f is monotone, using the real roots of f' (found the same way
from f''), and bracket the crossing in the first decreasing piece. This never misses a sign
change that a monotone piece contains, handles degenerate leading coefficients (a quartic that
is really a quadratic) without special cases, and treats "touching and approaching" as a
contact at t = 0 and "touching and separating" as no contact.
"""

from __future__ import annotations

import itertools
import math

INF = math.inf
_T_TOL = 1e-13  # s: bracket width at which a root is accepted


def _bracket(c: tuple[float, ...], lo: float, hi: float, flo: float) -> float:
    """A root of the polynomial ``c`` (highest degree first) in [lo, hi] where f changes sign.

    Safeguarded Newton (a Newton step is kept only inside the bracket, else bisection).
    Returns a point on the side of ``flo`` (the start value) within ~1e-13 s of the root, so
    that a contact is reported a hair early rather than late: balls never overlap.
    """
    n = len(c)
    if n == 5:
        return _bracket4(c[0], c[1], c[2], c[3], c[4], lo, hi, flo, _horner(c, hi), 0.0)
    if n == 4:
        return _bracket3(c[0], c[1], c[2], c[3], lo, hi, flo, _horner(c, hi), 0.0)
    pos = flo > 0.0
    t = 0.5 * (lo + hi)
    for _ in range(80):
        f = 0.0
        d = 0.0
        for a in c:
            d = d * t + f
            f = f * t + a
        if f == 0.0:
            return t
        if (f > 0.0) == pos:
            lo = t
        else:
            hi = t
        tol = _T_TOL * (1.0 + hi)
        if hi - lo <= tol:
            break
        tn = t - f / d if d != 0.0 else 0.5 * (lo + hi)
        if not lo < tn < hi:
            tn = 0.5 * (lo + hi)
        elif abs(tn - t) < tol:
            # Newton has converged from one side; step just past the root to close the bracket.
            tn = tn + tol if (tn > t) else tn - tol
            if not lo < tn < hi:
                break
        t = tn
    return lo


# The two hot cases of _bracket with the coefficients as arguments, without the generic
# loop's per-iteration overhead, and with a better start. Started at the midpoint, Newton
# mostly left the bracket (the piece's far end is an extremum of f, where f' is small), so
# that most iterations were bisections: about 16 per quartic root. These start with Newton
# from ``lo`` when its slope ``dlo`` is known (the first piece starts at 0, where f'(0) is a
# coefficient), else from the secant through the bracket's ends (``fhi`` is known there),
# and stop as soon as an iterate on ``flo``'s side is less than a Newton step of the tolerance
# from the root: 4 to 5 iterations. The contract is the same: a point on ``flo``'s side (a
# contact is reported a hair early, never late) within about 1e-13 s of the root.


def _start(lo: float, hi: float, flo: float, fhi: float, dlo: float) -> float:
    """The first iterate: Newton from lo when f'(lo) is known and the step stays in the
    bracket, else the secant's root (regula falsi), else the midpoint."""
    if dlo != 0.0:
        t = lo - flo / dlo
        if lo < t < hi:
            return t
    t = lo - flo * (hi - lo) / (fhi - flo)  # fhi != flo: f changes sign on [lo, hi]
    return t if lo < t < hi else 0.5 * (lo + hi)


def _bracket4(a0: float, a1: float, a2: float, a3: float, a4: float, lo: float, hi: float,
              flo: float, fhi: float, dlo: float) -> float:
    pos = flo > 0.0
    t = _start(lo, hi, flo, fhi, dlo)
    ttol = _T_TOL
    tol = ttol * (1.0 + hi)
    for _ in range(80):
        p = a0 * t
        f = p + a1
        d = p + f  # the same product a0 t
        f = f * t + a2
        d = d * t + f
        f = f * t + a3
        d = d * t + f
        f = f * t + a4
        if f == 0.0:
            return t
        if (f > 0.0) == pos:
            lo = t
            if d != 0.0 and abs(f) < tol * abs(d):
                return t  # on flo's side, a Newton step of less than tol from the root
        else:
            hi = t
            tol = ttol * (1.0 + hi)  # it depends on hi only
        if hi - lo <= tol:
            break
        tn = t - f / d if d != 0.0 else 0.5 * (lo + hi)
        if not lo < tn < hi:
            tn = 0.5 * (lo + hi)
        elif abs(tn - t) < tol:
            tn = tn + tol if (tn > t) else tn - tol
            if not lo < tn < hi:
                break
        t = tn
    return lo


def _bracket3(a0: float, a1: float, a2: float, a3: float, lo: float, hi: float,
              flo: float, fhi: float, dlo: float) -> float:
    pos = flo > 0.0
    t = _start(lo, hi, flo, fhi, dlo)
    ttol = _T_TOL
    tol = ttol * (1.0 + hi)
    for _ in range(80):
        p = a0 * t
        f = p + a1
        d = p + f  # the same product a0 t
        f = f * t + a2
        d = d * t + f
        f = f * t + a3
        if f == 0.0:
            return t
        if (f > 0.0) == pos:
            lo = t
            if d != 0.0 and abs(f) < tol * abs(d):
                return t  # on flo's side, a Newton step of less than tol from the root
        else:
            hi = t
            tol = ttol * (1.0 + hi)  # it depends on hi only
        if hi - lo <= tol:
            break
        tn = t - f / d if d != 0.0 else 0.5 * (lo + hi)
        if not lo < tn < hi:
            tn = 0.5 * (lo + hi)
        elif abs(tn - t) < tol:
            tn = tn + tol if (tn > t) else tn - tol
            if not lo < tn < hi:
                break
        t = tn
    return lo


def first_entry_quadratic(a: float, b: float, c: float, horizon: float) -> float:
    """:func:`first_entry` for a t^2 + b t + c, in closed form (cushion lines)."""
    if horizon <= 0.0:
        return INF
    if a == 0.0:
        if b >= 0.0:
            return INF
        if c <= 0.0:
            return 0.0
        t = -c / b
        return t if t <= horizon else INF
    tc = -0.5 * b / a  # the extremum
    if a > 0.0:
        # decreasing on (-inf, tc]: only [0, min(tc, horizon)] matters
        if tc <= 0.0:
            return INF
        if c <= 0.0:
            return 0.0
        disc = b * b - 4.0 * a * c
        if disc < 0.0:
            return INF
        # smaller root, stable form (b < 0 here since tc > 0)
        t = 2.0 * c / (-b + math.sqrt(disc))
        return t if t <= horizon else INF
    # a < 0: decreasing on [tc, inf)
    start = max(tc, 0.0)
    if start >= horizon:
        return INF
    f0 = (a * start + b) * start + c
    if f0 <= 0.0:
        return start
    disc = b * b - 4.0 * a * c
    if disc < 0.0:
        return INF
    s = math.sqrt(disc)
    # larger root of a concave parabola
    q = -0.5 * (b + math.copysign(s, b))
    r1, r2 = q / a, (c / q if q != 0.0 else INF)
    t = max(r1, r2)
    return t if start <= t <= horizon else INF


def _horner(c: tuple[float, ...], t: float) -> float:
    f = 0.0
    for a in c:
        f = f * t + a
    return f


def _derivative(c: tuple[float, ...]) -> tuple[float, ...]:
    n = len(c) - 1
    return tuple(a * (n - i) for i, a in enumerate(c[:-1]))


def _trim(c: tuple[float, ...]) -> tuple[float, ...]:
    i = 0
    while i < len(c) - 1 and c[i] == 0.0:
        i += 1
    return c[i:]


def real_roots(c: tuple[float, ...], lo: float, hi: float) -> list[float]:
    """Sorted real roots of ``c`` in (lo, hi) where it changes sign (multiplicity odd)."""
    c = _trim(c)
    n = len(c) - 1
    if n <= 0:
        return []
    if n == 1:
        r = -c[1] / c[0]
        return [r] if lo < r < hi else []
    if n == 2:
        a, b, k = c
        disc = b * b - 4.0 * a * k
        if disc <= 0.0:
            return []
        s = math.sqrt(disc)
        q = -0.5 * (b + math.copysign(s, b))  # stable form, no cancellation
        r1, r2 = q / a, (k / q if q != 0.0 else -q / a)
        if r2 < r1:
            r1, r2 = r2, r1
        return [r for r in (r1, r2) if lo < r < hi]
    cuts = [lo, *real_roots(_derivative(c), lo, hi), hi]
    out: list[float] = []
    f0 = _horner(c, cuts[0])
    for a, b in itertools.pairwise(cuts):
        f1 = _horner(c, b)
        if (f0 < 0.0 < f1) or (f1 < 0.0 < f0):
            out.append(_bracket(c, a, b, f0))
        f0 = f1
    return out


def first_entry(c: tuple[float, ...], horizon: float) -> float:
    """The first t in [0, horizon] where f(t) <= 0 and f is decreasing; ``inf`` if none.

    ``c`` lists the coefficients, highest degree first (any degree <= 4).
    """
    c = _trim(c)
    if len(c) == 1 or horizon <= 0.0:
        return INF
    dc = _derivative(c)
    cuts = [0.0, *real_roots(dc, 0.0, horizon), horizon]
    flo = c[-1]
    for a, b in itertools.pairwise(cuts):
        fhi = _horner(c, b)
        mid = _horner(dc, 0.5 * (a + b))
        decreasing = mid < 0.0 if mid != 0.0 else fhi < flo
        if decreasing:
            if flo <= 0.0:
                return a
            if fhi <= 0.0:
                return _bracket(c, a, b, flo)
        flo = fhi
    return INF



def first_entry_quartic(c4: float, c3: float, c2: float, c1: float, c0: float,
                        horizon: float) -> float:
    """:func:`first_entry` for a quartic, unrolled (the hot path of ball-ball prediction).

    Same method: the real roots of f' (a cubic, isolated between the roots of f'', a
    quadratic in closed form) cut [0, horizon] into monotone pieces, generated lazily (the
    cuts past the answer are never needed). Before that, a cheap proof of "no contact":
    f(t) is at least its smallest Bernstein coefficient on [0, horizon]; when that bound is
    clearly positive every value the method would evaluate is positive too, so the answer
    is ``inf`` either way (the same result, without the root finding).
    """
    if horizon <= 0.0:
        return INF
    if c4 == 0.0 and c3 == 0.0:
        return first_entry_quadratic(c2, c1, c0, horizon)
    if c0 <= 0.0 and c1 < 0.0:
        # touching and approaching: f' < 0 from 0 up to its first root, so the first piece
        # is decreasing and starts at f <= 0; the method below returns its start, 0
        return 0.0
    if c0 > 0.0:
        h = horizon
        a1, a2 = c1 * h, c2 * h * h
        a3 = c3 * h * h * h
        a4 = c4 * h * h * h * h
        scale = c0 + abs(a1) + abs(a2) + abs(a3) + abs(a4)
        floor = 1e-9 * scale  # far above the round-off of any evaluation of f
        if (c0 > floor and c0 + 0.25 * a1 > floor and c0 + 0.5 * a1 + a2 / 6.0 > floor
                and c0 + 0.75 * a1 + 0.5 * a2 + 0.25 * a3 > floor
                and c0 + a1 + a2 + a3 + a4 > floor):
            return INF
    d3, d2, d1, d0 = 4.0 * c4, 3.0 * c3, 2.0 * c2, c1  # f'
    if d0 > 0.0:
        # The same proof for f' (touching balls moving apart, the common case in a rack): f'
        # clearly positive on [0, horizon] means f increasing there, no decreasing piece,
        # so ``inf`` (every value of f' the method would evaluate is positive too).
        h = horizon
        b1, b2, b3 = d1 * h, d2 * h * h, d3 * h * h * h
        floor = 1e-9 * (d0 + abs(b1) + abs(b2) + abs(b3))
        if (d0 > floor and d0 + b1 / 3.0 > floor and d0 + (2.0 * b1 + b2) / 3.0 > floor
                and d0 + b1 + b2 + b3 > floor):
            return INF
    a = 0.0  # start of the current monotone piece of f
    flo = c0
    s_lo = 0.0  # start of the current monotone piece of f'
    g_lo = d0
    # real_roots of f'' on (0, horizon), inlined (the same operations)
    qa, qb, qc = 3.0 * d3, 2.0 * d2, d1
    inner: list[float] = []
    if qa != 0.0:
        disc = qb * qb - 4.0 * qa * qc
        if disc > 0.0:
            sq = math.sqrt(disc)
            q = -0.5 * (qb + math.copysign(sq, qb))
            r1, r2 = q / qa, (qc / q if q != 0.0 else -q / qa)
            if r2 < r1:  # sorted, without the generator (the hot path)
                r1, r2 = r2, r1
            if 0.0 < r1 < horizon:
                inner.append(r1)
            if 0.0 < r2 < horizon:
                inner.append(r2)
    elif qb != 0.0:
        r1 = -qc / qb
        if 0.0 < r1 < horizon:
            inner = [r1]
    inner.append(horizon)
    for b2 in inner:
        g_hi = ((d3 * b2 + d2) * b2 + d1) * b2 + d0
        if (g_lo < 0.0 < g_hi) or (g_hi < 0.0 < g_lo):
            # g = f' starts at 0 with slope f''(0) = d1; at an inflection (a root of f''), 0
            b = _bracket3(d3, d2, d1, d0, s_lo, b2, g_lo, g_hi, d1 if s_lo == 0.0 else 0.0)
            fhi = (((c4 * b + c3) * b + c2) * b + c1) * b + c0
            m = 0.5 * (a + b)
            slope = ((d3 * m + d2) * m + d1) * m + d0
            if (slope < 0.0) if slope != 0.0 else (fhi < flo):
                if flo <= 0.0:
                    return a
                if fhi <= 0.0:
                    # f'(0) = c1 on the first piece; the others start at a root of f'
                    return _bracket4(c4, c3, c2, c1, c0, a, b, flo, fhi,
                                     c1 if a == 0.0 else 0.0)
            a, flo = b, fhi
        s_lo, g_lo = b2, g_hi
    b = horizon
    fhi = (((c4 * b + c3) * b + c2) * b + c1) * b + c0
    m = 0.5 * (a + b)
    slope = ((d3 * m + d2) * m + d1) * m + d0
    if (slope < 0.0) if slope != 0.0 else (fhi < flo):
        if flo <= 0.0:
            return a
        if fhi <= 0.0:
            return _bracket4(c4, c3, c2, c1, c0, a, b, flo, fhi, c1 if a == 0.0 else 0.0)
    return INF
