"""The bootstrap written out the long way, figure by figure, over the resamples' weights: the
references that intervals.Sums (one product for every figure) is held equal to, and that are held
in turn to the games drawn written out (test_properties.py). Not used by deckgen itself."""

from __future__ import annotations

import math
from typing import Sequence

from deckgen.analysis.measures.intervals import Estimate, Resampler, _interval, _running_counts, bootstrap


def percentile_of(values: Sequence[float], q: float, seed: "int | Resampler") -> Estimate | None:
    return bootstrap([values], lambda w, x: nearest_rank(w, x, q), seed)


def percentiles_of(values: Sequence[float], qs: Sequence[float], seed: "int | Resampler") -> list[Estimate | None]:
    """:func:`percentile_of` at each of ``qs``, the same estimates, from one running count of the
    resamples (the costly part) for all of them."""
    import numpy as np

    if not values:
        return [None] * len(qs)
    x = np.asarray(values, dtype=float)
    n = len(x)
    # every resample's weights sum to n, as the games do: a percentile's rank is one number for all
    ranks = [max(1, math.ceil(q / 100.0 * n)) for q in qs]
    ranked = np.sort(x)
    values_at = [float(ranked[r - 1]) for r in ranks]
    if n == 1:
        return [Estimate(v, v, v) for v in values_at]
    counts, at = _running_counts((seed if isinstance(seed, Resampler) else Resampler(seed)).weights(n), x)
    # the nearest rank: the smallest value whose running count reaches the rank, the first column
    # at which the count is no longer below it
    return [_interval(v, at[np.count_nonzero(counts < r, axis=-1)]) for v, r in zip(values_at, ranks)]


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


def nearest_rank(w, x, q: float):
    """The nearest-rank percentile of ``x`` with each value counted ``w`` times (as
    engine/simulate.py's percentile): the smallest value whose cumulative count reaches the rank."""
    import numpy as np

    order = np.argsort(x, kind="stable")
    counts = np.cumsum(w[..., order], axis=-1)
    rank = np.maximum(1, np.ceil(q / 100.0 * counts[..., -1:]))
    return x[order][np.argmax(counts >= rank, axis=-1)]
