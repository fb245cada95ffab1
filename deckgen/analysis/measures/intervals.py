"""95% intervals with the game as the unit (../shared/DESIGN-MEASURES.md, "Intervals").

Proportions of games: Wilson's score interval (shares of a tie count as fractions of a success).
Everything else, skewed or bounded figures, percentiles, maxima and ratios of per-game sums: a
percentile bootstrap over games, its random numbers from a recorded seed (numpy's PCG64), so the
same figures always give the same interval.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Sequence

Z95 = 1.959964
RESAMPLES = 1000  # bootstrap resamples


@dataclass(frozen=True)
class Estimate:
    """A figure and its 95% interval."""

    value: float
    low: float
    high: float

    @property
    def stderr(self) -> float:
        """The standard error a normal interval of the same width would have (for comparisons)."""
        return (self.high - self.low) / (2 * Z95)

    def contains(self, x: float) -> bool:
        return self.low - 1e-12 <= x <= self.high + 1e-12

    def scaled(self, k: float) -> "Estimate":
        lo, hi = sorted((self.low * k, self.high * k))
        return Estimate(self.value * k, lo, hi)


def wilson(hits: float, trials: float) -> Estimate | None:
    """Wilson's interval of a proportion; None without trials."""
    if trials <= 0:
        return None
    p = hits / trials
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(max(0.0, p * (1 - p) / trials + z2 / (4 * trials * trials))) / (1 + z2 / trials)
    return Estimate(p, max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


class Resampler:
    """The bootstrap's resamples of ``n`` games, drawn once for a run's seed and shared by every
    figure over the same number of games (each figure's interval is still its own percentile
    bootstrap; drawing them once is what keeps the intervals cheap). A resample is kept as its
    weights: how many times it draws each game (a row of RESAMPLES x n), so that a figure of the
    resamples is a matrix product, not a copy of every value drawn."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._drawn: dict[int, Any] = {}

    def weights(self, n: int) -> Any:
        if n not in self._drawn:
            import numpy as np

            rng = np.random.Generator(np.random.PCG64([self.seed, n]))
            drawn = rng.integers(0, n, size=(RESAMPLES, n))
            drawn += (np.arange(RESAMPLES) * n)[:, None]  # in place: no second array of RESAMPLES x n
            self._drawn[n] = np.bincount(drawn.ravel(), minlength=RESAMPLES * n).reshape(RESAMPLES, n).astype(float)
        return self._drawn[n]


def bootstrap(columns: Sequence[Sequence[float]], statistic: Callable[..., Any], seed: "int | Resampler") -> Estimate | None:
    """The percentile bootstrap of ``statistic`` over games (the rows of the columns, kept
    together); None without games. ``statistic(w, *columns)`` takes the games' weights ``w`` (ones
    for the figure itself; a matrix, a row per resample, for the resamples) and the columns as numpy
    arrays, and returns one value per row of weights (weighted sums: ``w @ x``). ``seed``: the
    resamples' seed, or a :class:`Resampler` that keeps them for other figures."""
    import numpy as np

    n = len(columns[0]) if columns else 0
    if n == 0:
        return None
    arrays = [np.asarray(c, dtype=float) for c in columns]
    value = float(statistic(np.ones(n), *arrays))
    if n == 1:
        return Estimate(value, value, value)
    w = (seed if isinstance(seed, Resampler) else Resampler(seed)).weights(n)
    with np.errstate(divide="ignore", invalid="ignore"):
        stats = np.asarray(statistic(w, *arrays), dtype=float)
    stats = stats[np.isfinite(stats)]
    if not len(stats):
        return Estimate(value, value, value)
    low, high = np.percentile(stats, [2.5, 97.5])
    return Estimate(value, float(min(low, value)), float(max(high, value)))


def weighted_mean(w, x):
    """The mean of ``x`` with each value counted ``w`` times: ``w`` is ones or a resample's counts
    (:class:`Resampler`), which sum to the games, ``x``'s length, in every row (exactly: whole
    numbers as floats), so no row is summed."""
    return (w @ x) / float(w.shape[-1])


def mean_of(values: Sequence[float], seed: "int | Resampler") -> Estimate | None:
    return bootstrap([values], weighted_mean, seed)


def ratio_of(num: Sequence[float], den: Sequence[float], seed: "int | Resampler") -> Estimate | None:
    """sum(num) / sum(den) over games; None when the denominators sum to nothing."""
    if not den or sum(den) <= 0:
        return None
    return bootstrap([num, den], lambda w, a, b: (w @ a) / (w @ b), seed)


def percentile_of(values: Sequence[float], q: float, seed: "int | Resampler") -> Estimate | None:
    return bootstrap([values], lambda w, x: _nearest_rank(w, x, q), seed)


def percentiles_of(values: Sequence[float], qs: Sequence[float], seed: "int | Resampler") -> list[Estimate | None]:
    """:func:`percentile_of` at each of ``qs``, the same estimates, from one sort and one running
    count of the resamples (the costly part) for all of them."""
    import numpy as np

    if not values:
        return [None] * len(qs)
    x = np.asarray(values, dtype=float)
    n = len(x)
    order = np.argsort(x, kind="stable")
    ranked = x[order]
    ones = np.cumsum(np.ones(n))
    values_at = [float(ranked[np.argmax(ones >= max(1.0, np.ceil(q / 100.0 * n)))]) for q in qs]
    if n == 1:
        return [Estimate(v, v, v) for v in values_at]
    w = (seed if isinstance(seed, Resampler) else Resampler(seed)).weights(n)
    counts = np.cumsum(w[..., order], axis=-1)
    out = []
    for q, value in zip(qs, values_at):
        rank = np.maximum(1, np.ceil(q / 100.0 * counts[..., -1:]))
        stats = ranked[np.argmax(counts >= rank, axis=-1)]
        low, high = np.percentile(stats, [2.5, 97.5])
        out.append(Estimate(value, float(min(low, value)), float(max(high, value))))
    return out


def sd_of(values: Sequence[float], seed: "int | Resampler") -> Estimate | None:
    if len(values) < 2:
        return None
    return bootstrap([values], weighted_sd, seed)


def weighted_sd(w, x):
    """The sample standard deviation of ``x`` with each value counted ``w`` times."""
    import numpy as np

    k = float(w.shape[-1])  # each row's counts sum to the games (weighted_mean)
    mean = np.asarray((w @ x) / k)[..., None]
    return np.sqrt((w * (x - mean) ** 2).sum(axis=-1) / (k - 1))  # two passes: no cancellation


def _nearest_rank(w, x, q: float):
    """The nearest-rank percentile of ``x`` with each value counted ``w`` times (as
    engine/simulate.py's percentile): the smallest value whose cumulative count reaches the rank."""
    import numpy as np

    order = np.argsort(x, kind="stable")
    counts = np.cumsum(w[..., order], axis=-1)
    rank = np.maximum(1, np.ceil(q / 100.0 * counts[..., -1:]))
    return x[order][np.argmax(counts >= rank, axis=-1)]


def seed_for(seed: int, key: str) -> int:
    """The bootstrap seed of one figure: from the run's seed and the figure's key alone."""
    import zlib

    return (int(seed) * 1_000_003 + zlib.crc32(key.encode())) % (1 << 63)
