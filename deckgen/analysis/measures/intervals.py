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
    bootstrap; drawing them once is what keeps the intervals cheap)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._drawn: dict[int, Any] = {}

    def indices(self, n: int) -> Any:
        if n not in self._drawn:
            import numpy as np

            rng = np.random.Generator(np.random.PCG64([self.seed, n]))
            self._drawn[n] = rng.integers(0, n, size=(RESAMPLES, n))
        return self._drawn[n]


def bootstrap(columns: Sequence[Sequence[float]], statistic: Callable[..., float], seed: "int | Resampler") -> Estimate | None:
    """The percentile bootstrap of ``statistic(*columns)`` resampling games (the rows of the
    columns, kept together); None without games. ``statistic`` takes numpy arrays whose last axis
    is the games (a batch of resamples at once) and returns one value per resample. ``seed``: the
    resamples' seed, or a :class:`Resampler` that keeps them for other figures."""
    import numpy as np

    n = len(columns[0]) if columns else 0
    if n == 0:
        return None
    arrays = [np.asarray(c, dtype=float) for c in columns]
    value = float(statistic(*arrays))
    if n == 1:
        return Estimate(value, value, value)
    idx = (seed if isinstance(seed, Resampler) else Resampler(seed)).indices(n)
    with np.errstate(divide="ignore", invalid="ignore"):
        stats = np.asarray(statistic(*(a[idx] for a in arrays)), dtype=float)
    stats = stats[np.isfinite(stats)]
    if not len(stats):
        return Estimate(value, value, value)
    low, high = np.percentile(stats, [2.5, 97.5])
    return Estimate(value, float(min(low, value)), float(max(high, value)))


def mean_of(values: Sequence[float], seed: "int | Resampler") -> Estimate | None:
    return bootstrap([values], lambda x: x.mean(axis=-1), seed)


def ratio_of(num: Sequence[float], den: Sequence[float], seed: "int | Resampler") -> Estimate | None:
    """sum(num) / sum(den) over games; None when the denominators sum to nothing."""
    if not den or sum(den) <= 0:
        return None
    return bootstrap([num, den], lambda a, b: a.sum(axis=-1) / b.sum(axis=-1), seed)


def percentile_of(values: Sequence[float], q: float, seed: "int | Resampler") -> Estimate | None:
    return bootstrap([values], lambda x: _nearest_rank(x, q), seed)


def sd_of(values: Sequence[float], seed: "int | Resampler") -> Estimate | None:
    if len(values) < 2:
        return None
    return bootstrap([values], lambda x: x.std(axis=-1, ddof=1), seed)


def _nearest_rank(x, q: float):
    """The nearest-rank percentile along the last axis (as engine/simulate.py's percentile)."""
    import numpy as np

    n = x.shape[-1]
    rank = max(1, math.ceil(q / 100.0 * n))
    return np.sort(x, axis=-1)[..., rank - 1]


def seed_for(seed: int, key: str) -> int:
    """The bootstrap seed of one figure: from the run's seed and the figure's key alone."""
    import zlib

    return (int(seed) * 1_000_003 + zlib.crc32(key.encode())) % (1 << 63)
