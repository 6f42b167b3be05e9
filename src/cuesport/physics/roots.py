"""Robust first-contact times for polynomials of degree <= 4.

Event prediction (Leckie & Greenspan) asks one question of a polynomial f(t) on [0, H]: when
does f first become <= 0 *while decreasing*? (f is a squared distance minus the contact
distance squared, or a signed distance to a line.) Instead of computing all complex roots and
filtering them (which needs tolerances on imaginary parts, see pooltool issues #78, #154), we
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

    Returns the end of the final bracket on the side of ``flo`` (the start value), so that a
    contact is reported a hair early rather than late: balls never overlap.
    """
    pos = flo > 0.0
    t = 0.5 * (lo + hi)
    for _ in range(100):
        # Newton step from the midpoint, kept only if it stays inside the bracket.
        f = 0.0
        d = 0.0
        for a in c:
            d = d * t + f
            f = f * t + a
        if (f > 0.0) == pos:
            lo = t
        else:
            hi = t
        if hi - lo <= _T_TOL * (1.0 + hi):
            break
        if d != 0.0:
            tn = t - f / d
            t = tn if lo < tn < hi else 0.5 * (lo + hi)
        else:
            t = 0.5 * (lo + hi)
    return lo


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
        return sorted(r for r in (r1, r2) if lo < r < hi)
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
