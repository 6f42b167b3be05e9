"""A pot's window: the aims either side of the search's aim that still pot the ball.

The search finds an aim that pots without noise, but often near one edge of the window:
the jaws and the throw make it lopsided about the ghost-ball line. Under the level's angle
noise (a normal law of standard deviation ``sigma``) such a pot is missed far more often
than the same pot aimed at the window's middle. A handful of noise-free simulations find
the two edges (:func:`find`); the aim moves to the middle, and the chance that the angle
noise keeps the stroke inside is known in closed form (:attr:`Window.chance`). A few noisy
samples say that chance only to within about one part in ``n``, and the best of several
such means is the luckiest, so a candidate's value is the mix of what its samples that
potted and those that missed are worth, weighted by that chance (:func:`mixed`).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass

# the scan out from the aim, in standard deviations of the angle noise: past the last the
# noise reaches one stroke in 100,000, so a window at least that wide is as good as open
SCAN = (0.5, 1.1, 2.2, 4.4)
HALVINGS = 2  # of each edge's bracket, after the scan


@dataclass(frozen=True, slots=True)
class Window:
    """The window about a pot's aim, in degrees: ``shift`` moves the aim to its middle,
    ``half`` is its half-width from there (``open`` when it reached the scan's end on
    both sides)."""

    shift: float
    half: float
    sigma: float
    open: bool = False

    @property
    def chance(self) -> float:
        """The chance that the angle noise keeps a stroke aimed at the middle inside."""
        if self.open or self.sigma <= 0.0:
            return 1.0
        return math.erf(self.half / (self.sigma * math.sqrt(2.0)))

    def inside(self, offset: float) -> bool:
        """Whether a stroke ``offset`` degrees off the middle aim is inside the window."""
        return self.open or abs(offset) <= self.half


def _edge(pots: Callable[[float], bool | None], sign: float, sigma: float
          ) -> tuple[float, bool] | None:
    """How far from the aim, on the ``sign`` side, the window ends (degrees), and whether
    it was still open at the scan's end; None when the budget ran out."""
    inside = 0.0
    out: float | None = None
    for k in SCAN:
        d = k * sigma
        ok = pots(sign * d)
        if ok is None:
            return None
        if not ok:
            out = d
            break
        inside = d
    if out is None:
        return inside, True
    for _ in range(HALVINGS):
        mid = (inside + out) / 2
        ok = pots(sign * mid)
        if ok is None:
            break
        inside, out = (mid, out) if ok else (inside, mid)
    return (inside + out) / 2, False


def find(pots: Callable[[float], bool | None], sigma: float) -> Window | None:
    """The window of a pot, from ``pots(offset)``: whether the stroke aimed ``offset``
    degrees off pots, noise-free (None: the budget is spent). At most
    ``2 * (len(SCAN) + HALVINGS)`` calls."""
    if sigma <= 0.0:
        return None
    right = _edge(pots, 1.0, sigma)
    left = _edge(pots, -1.0, sigma) if right is not None else None
    if right is None or left is None:
        return None
    (hi, hi_open), (lo, lo_open) = right, left
    if hi_open and lo_open:
        return Window(0.0, hi, sigma, open=True)
    return Window((hi - lo) / 2, (hi + lo) / 2, sigma)


def mixed(window: Window, samples: Sequence[tuple[float, bool, float]],
          pot_value: float, miss_value: Callable[[], float | None]
          ) -> tuple[float, float] | None:
    """A pot's value and its standard error from its noisy samples (value, potted, angle
    off the middle aim): the mean of those that potted and of those that missed, weighted
    by the chance to pot (the window's chance, times the share of the samples inside it
    that potted: the speed and spin noise miss some too). ``pot_value`` stands in when no
    sample potted (the noise-free stroke pots); ``miss_value()`` when none missed (a stroke
    just outside the window). None without samples."""
    if not samples:
        return None
    inside = [p for _, p, off in samples if window.inside(off)]
    outside = [p for _, p, off in samples if not window.inside(off)]
    q_in = sum(inside) / len(inside) if inside else 1.0
    q_out = sum(outside) / len(outside) if outside else 0.0
    w = window.chance
    p = w * q_in + (1.0 - w) * q_out
    potted = [v for v, ok, _ in samples if ok]
    missed = [v for v, ok, _ in samples if not ok]
    v_pot = statistics.fmean(potted) if potted else pot_value
    var = 0.0
    if len(potted) > 1:
        var += p * p * statistics.variance(potted) / len(potted)
    if p >= 1.0:
        return v_pot, math.sqrt(var)
    if missed:
        v_miss = statistics.fmean(missed)
        if len(missed) > 1:
            var += (1 - p) ** 2 * statistics.variance(missed) / len(missed)
    else:
        got = miss_value()
        if got is None:  # nothing to weigh a miss by: the samples' plain mean
            vals = [v for v, _, _ in samples]
            se = statistics.stdev(vals) / math.sqrt(len(vals)) if len(vals) > 1 else 0.0
            return statistics.fmean(vals), se
        v_miss = got
    return p * v_pot + (1 - p) * v_miss, math.sqrt(var)
