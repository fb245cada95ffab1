"""95% intervals with the game as the unit (../shared/DESIGN-MEASURES.md, "Intervals").

Proportions of games: Wilson's score interval (shares of a tie count as fractions of a success).
Everything else, skewed or bounded figures, percentiles, maxima and ratios of per-game sums: a
percentile bootstrap over games, its random numbers from a recorded seed (numpy's PCG64), so the
same figures always give the same interval.

The figures of one run's traced games (compute.py) share one draw of resamples and one matrix
product (:class:`Sums`). A figure that only some games have (a slope, a longest wait, a lock-in, a
margin) is read there as a ratio of per-game sums over all the games, the sum of the values over the
number of games that have one, so the game stays the unit and a resample holds as many games with the
value as it happens to draw: the bootstrap of a mean over a subset whose size is itself random. Its
value is the subset's mean, as before; only its interval differs, slightly, from a bootstrap that
resampled the subset alone.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Sequence

Z95 = 1.959964
RESAMPLES = 1000  # bootstrap resamples
DRAWS_A_BLOCK = 1 << 16  # games drawn at a time (Resampler.weights)


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
            w = np.empty((RESAMPLES, n))
            # drawn a block of resamples at a time (the same numbers as all at once: the generator
            # runs on), each block's draws and counts small enough to stay in the cache, and no
            # array of RESAMPLES x n but the weights
            rows = max(1, min(RESAMPLES, DRAWS_A_BLOCK // n))
            offsets = (np.arange(rows) * n)[:, None]  # each resample's games counted apart
            for start in range(0, RESAMPLES, rows):
                k = min(rows, RESAMPLES - start)
                drawn = rng.integers(0, n, size=(k, n))
                drawn += offsets[:k]
                w[start:start + k] = np.bincount(drawn.ravel(), minlength=k * n).reshape(k, n)
            self._drawn[n] = w
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
        return _interval(value, statistic(w, *arrays))


def _interval(value: float, stats: Any) -> Estimate:
    """``value`` and the 2.5th and 97.5th percentiles of its resamples' ``stats`` (those that are
    numbers: a resample whose denominator sums to 0 has none), widened to hold the value."""
    import numpy as np

    stats = np.asarray(stats, dtype=float)
    stats = stats[np.isfinite(stats)]
    if not len(stats):
        return Estimate(value, value, value)
    low, high = np.percentile(stats, [2.5, 97.5])
    return Estimate(value, float(min(low, value)), float(max(high, value)))


class Sums:
    """Columns of per-game numbers over one run's n games, summed over the games (for the figures)
    and in every resample (for their intervals) by one matrix product, ``W @ X`` with ``W`` the
    resamples' weights (RESAMPLES x n) and ``X`` the columns (n x k). Every figure read here is a
    function of some columns' sums: a mean (sum / n: each resample's weights sum to n), a ratio of
    sums, a standard deviation (the columns named in ``spread``), a nearest-rank percentile (the
    columns and percentiles named in ``ranked``: counts of the games up to a value are sums too).
    One draw of weights and one product serve every figure of the run.

    A column may leave out games (nan where a game has no value): its mean is then over the games
    that have one, the ratio of two sums over all the games, the values' (0 where there is none) and
    a column ``has:`` its name (1 where there is one). The figure is the same mean as over those
    games alone, summed in the same order (the same number to the last bit); its interval lets the
    number of games with a value vary from resample to resample (intervals.py)."""

    def __init__(self, columns: dict[str, Sequence[float]], resampler: "Resampler", spread: Sequence[str] = (),
                 ranked: dict[str, Sequence[float]] | None = None) -> None:
        import numpy as np

        names: list[str] = []
        x: list[Any] = []
        sums: list[float] = []

        def add(name: str, column: Any, total: float) -> None:
            names.append(name)
            x.append(column)
            sums.append(total)

        self._partial: set[str] = set()  # columns that leave out games
        self._kept: dict[str, Any] = {}  # the columns named in spread, as they are
        n = 0
        for name, values in columns.items():
            column = np.ascontiguousarray(values, dtype=float)  # as a list would be: a dot product sums a strided column in another order
            n = len(column)
            has = ~np.isnan(column)
            if has.all():
                add(name, column, float(np.ones(n) @ column))  # a dot product, as bootstrap sums a figure's games
                continue
            kept = column[has]
            add(name, np.where(has, column, 0.0), float(np.ones(len(kept)) @ kept))
            add(f"has:{name}", has.astype(float), float(len(kept)))
            self._partial.add(name)
        # the standard deviation from sums alone (:meth:`sd`): each column shifted by its plain mean,
        # and its squares. Unshifted, values around 1e6 with a spread of 1 would leave the variance as
        # the difference of two sums near n * 1e12 that agree in their first 12 digits, and the
        # rounding of those sums (1e12 * 1e-16 each) is the size of what is left (cancellation).
        # Shifted, a resample's mean of y is of the order of sd / sqrt(n), what it takes away from
        # the sum of squares is small beside it, and nothing cancels.
        for name in spread:
            self._kept[name] = column = x[names.index(name)]
            y = column - sums[names.index(name)] / n
            add(f"{name}:y", y, float(y.sum()))
            add(f"{name}:yy", y * y, float((y * y).sum()))
        self._ranks: dict[tuple[str, float], _Rank] = {}
        for name, qs in (ranked or {}).items():
            for q in qs:
                self._ranks[name, q] = rank = _Rank(x[names.index(name)], q)
                for j, column in enumerate(rank.columns):
                    add(f"{name}:{q}:{j}", column, float(column.sum()))
        self.n = n
        self.resampler = resampler
        self._at = {name: j for j, name in enumerate(names)}
        self._value = np.asarray(sums)
        self._resampled = None
        if n > 1:
            table = np.array(x).reshape(len(names), n)  # k x n
            # a column of one value (1 where every game has a value, 0 where none has) sums in every
            # resample to its sum over the games, its value times n: the product leaves it out
            varies = (table != table[:, :1]).any(axis=1)
            self._resampled = np.broadcast_to(self._value, (RESAMPLES, len(names))).copy()
            # one BLAS call on one thread (the command keeps numpy's BLAS to one: deckgen/main.py)
            self._resampled[:, varies] = resampler.weights(n) @ table[varies].T

    def __contains__(self, name: str) -> bool:
        return name in self._at

    def value(self, name: str) -> float:
        """The column's sum over the games (those that have a value)."""
        return float(self._value[self._at[name]])

    def of(self, statistic: Callable[..., Any], *names: str) -> Estimate | None:
        """The percentile bootstrap of ``statistic(n, *sums)``, the named columns' sums: over the
        games for the figure (numbers), and in every resample for its interval (arrays, a value per
        resample); ``n`` is the number of games, which every resample's weights sum to."""
        if not self.n:
            return None
        return self._estimate(float(statistic(float(self.n), *(self._value[self._at[k]] for k in names))), statistic, names)

    def _estimate(self, value: float, statistic: Callable[..., Any], names: Sequence[str]) -> Estimate:
        import numpy as np

        if self._resampled is None:  # one game
            return Estimate(value, value, value)
        with np.errstate(divide="ignore", invalid="ignore"):
            return _interval(value, statistic(float(self.n), *(self._resampled[:, self._at[k]] for k in names)))

    def mean(self, name: str) -> Estimate | None:
        """The mean over the games (over those that have a value, None when none has)."""
        if name in self._partial:
            return self.ratio(name, f"has:{name}")
        return self.of(lambda n, x: x / n, name)

    def ratio(self, num: str, den: str) -> Estimate | None:
        """sum(num) / sum(den) over games; None when the denominators sum to nothing."""
        if self.value(den) <= 0:
            return None
        return self.of(lambda n, a, b: a / b, num, den)

    def sd(self, name: str) -> Estimate | None:
        """The sample standard deviation of a column named in ``spread``; None under two games.
        The figure in two passes (as the reference bootstrap of tests/analysis/measures/reference_bootstrap.py). A resample's: with y the column less its
        plain mean and S a resample's weighted sum, its mean of y is m = S(y) / n and its variance
        (S(y*y) - n m^2) / (n - 1), the sum of squares about m."""
        import numpy as np

        if self.n < 2:
            return None
        x = self._kept[name]
        value = float(np.sqrt(((x - self.value(name) / self.n) ** 2).sum() / (self.n - 1)))
        return self._estimate(value, lambda n, y, yy: np.sqrt(np.maximum(0.0, yy - y * y / n) / (n - 1)), (f"{name}:y", f"{name}:yy"))

    def percentile(self, name: str, q: float) -> Estimate | None:
        """The nearest-rank ``q``-th percentile of a column named with ``q`` in ``ranked`` (the same
        estimate as the nearest rank of every resample written out: tests/analysis/measures/reference_bootstrap.py)."""
        if not self.n:
            return None
        rank = self._ranks[name, q]
        if self._resampled is None:
            return Estimate(rank.value, rank.value, rank.value)
        first = self._at[f"{name}:{q}:0"]
        counts = self._resampled[:, first:first + len(rank.columns)]
        return _interval(rank.value, rank.of(counts, self.resampler.weights(self.n)))


class _Rank:
    """A nearest-rank percentile of n values read from sums. Every resample's weights sum to n, so
    the rank, ceil(q n / 100), is one number for all of them, and a resample's percentile is the
    first of the sorted distinct values up to which it counts that many games: its count of games up
    to a value is the sum of a column, 1 for each game at or below the value. Only a window of the
    distinct values is summed, those around the rank (the plain counts up to them within two standard
    deviations of a resample's count, and one on each side); a resample whose percentile lies outside
    the window (one in twenty) is counted over all the values on its own."""

    SPREAD = 2.0  # narrower, more resamples counted on their own; wider, more columns for all

    def __init__(self, x, q: float) -> None:
        import numpy as np

        n = len(x)
        self.x = x
        self.rank = max(1, math.ceil(q / 100.0 * n))
        ranked = np.sort(x)
        self.value = float(ranked[self.rank - 1])
        self.distinct = np.unique(ranked)
        up_to = np.searchsorted(ranked, self.distinct, side="right")  # the plain count up to each value
        margin = self.SPREAD * math.sqrt(self.rank * (1.0 - self.rank / n)) + 1.0
        self.first = max(0, int(np.searchsorted(up_to, self.rank - margin, side="left")) - 1)
        last = min(len(self.distinct) - 1, int(np.searchsorted(up_to, self.rank + margin, side="left")))
        self.columns = [(x <= v).astype(float) for v in self.distinct[self.first:last + 1]]

    def of(self, counts, w):
        """Each resample's percentile from its counts up to the window's values (a row per resample)."""
        import numpy as np

        below = counts < self.rank
        at = self.first + np.count_nonzero(below, axis=-1)
        outside = below[:, -1] | (~below[:, 0] & (self.first > 0))  # the count reaches the rank after, or before, the window
        if outside.any():
            counted, values = _running_counts(w[outside], self.x)
            at[outside] = np.searchsorted(self.distinct, values[np.count_nonzero(counted < self.rank, axis=-1)])
        return self.distinct[at]


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


def _running_counts(w, x):
    """The games of each row of weights ``w`` (a row per resample) counted up to each value of ``x``
    in increasing order: (counts, a row per resample and a column per game; the values in that
    order). The weights in the order of x, summed as they run, in int16 or int32: a quarter or half
    the memory of floats to gather and sum."""
    import numpy as np

    order = np.argsort(x, kind="stable")
    whole = np.int16 if len(x) < 1 << 15 else np.int32
    return np.cumsum(w.astype(whole)[:, order], axis=-1, dtype=whole), x[order]


def seed_for(seed: int, key: str) -> int:
    """The bootstrap seed of one figure: from the run's seed and the figure's key alone."""
    import zlib

    return (int(seed) * 1_000_003 + zlib.crc32(key.encode())) % (1 << 63)
