"""Ratings of the ladder's levels from the games they played, with confidence intervals.

The model is Bradley–Terry's, extended to games of several seats as Luce's choice model: in a game,
seat s wins with probability exp(theta[level of s]) / sum over the seats of exp(theta[level]).
With two seats it is exactly Bradley–Terry (and Elo's logistic curve). A shared win counts as a
share of a win (the game's ``returns``). The first level is the anchor (theta = 0); the fit is
Newton's method on the log-likelihood, and the intervals come from the inverse of the observed
information (the curvature at the optimum). Ratings are printed on the Elo scale: 400 / ln 10 per
unit of theta, so 200 Elo points mean the stronger wins 76% of two-player games.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

ELO = 400.0 / math.log(10.0)
Z95 = 1.959964  # two-sided 95%
RIDGE = 1e-4  # a whisper of a prior, so that a level that never won still gets a finite rating


@dataclass(frozen=True)
class GameResult:
    """One game: the level playing each seat and each seat's share of the win."""

    levels: tuple[int, ...]
    returns: tuple[float, ...]


@dataclass(frozen=True)
class Ratings:
    names: tuple[str, ...]
    elo: tuple[float, ...]  # the first level is 0
    cov: tuple[tuple[float, ...], ...]  # covariance of the Elo ratings (the anchor's row is 0)

    def stderr(self, i: int) -> float:
        return math.sqrt(max(self.cov[i][i], 0.0))

    def interval(self, i: int) -> tuple[float, float]:
        half = Z95 * self.stderr(i)
        return self.elo[i] - half, self.elo[i] + half

    def difference(self, i: int, j: int) -> tuple[float, float]:
        """Elo of ``i`` minus Elo of ``j`` and its standard error."""
        var = self.cov[i][i] + self.cov[j][j] - 2.0 * self.cov[i][j]
        return self.elo[i] - self.elo[j], math.sqrt(max(var, 0.0))

    def beats(self, i: int, j: int) -> bool:
        """True when ``i`` is rated above ``j`` beyond the 95% interval of the difference."""
        d, se = self.difference(i, j)
        return d - Z95 * se > 0.0

    def spread(self) -> float:
        """The standard deviation of the ratings (Duersch et al.'s measure of skill)."""
        m = sum(self.elo) / len(self.elo)
        return math.sqrt(sum((e - m) ** 2 for e in self.elo) / len(self.elo))


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the systems are a handful of levels)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] for i in range(n)]


def _inverse(a: list[list[float]]) -> list[list[float]]:
    n = len(a)
    cols = [_solve(a, [1.0 if r == c else 0.0 for r in range(n)]) for c in range(n)]
    return [[cols[c][r] for c in range(n)] for r in range(n)]


def fit(names: Sequence[str], games: Sequence[GameResult], iterations: int = 100) -> Ratings:
    """Maximum-likelihood ratings of ``names`` (level ``i`` is ``names[i]``; level 0 the anchor)."""
    k = len(names)
    # each game as (seats per level, wins per level), over the levels present
    data = []
    for g in games:
        total = sum(g.returns)
        if total <= 0:
            continue  # a game that did not end says nothing about who is stronger
        seats: dict[int, int] = {}
        wins: dict[int, float] = {}
        for lvl, r in zip(g.levels, g.returns):
            seats[lvl] = seats.get(lvl, 0) + 1
            wins[lvl] = wins.get(lvl, 0.0) + r / total
        if len(seats) > 1:
            data.append((seats, wins))
    theta = [0.0] * k
    free = list(range(1, k))
    info: list[list[float]] = [[0.0] * (k - 1) for _ in range(k - 1)]
    for _ in range(iterations):
        grad = [-RIDGE * theta[i] for i in range(k)]
        hess = [[RIDGE if i == j else 0.0 for j in range(k)] for i in range(k)]  # minus the Hessian
        for seats, wins in data:
            den = sum(n * math.exp(theta[lvl]) for lvl, n in seats.items())
            q = {lvl: n * math.exp(theta[lvl]) / den for lvl, n in seats.items()}
            for lvl in seats:
                grad[lvl] += wins.get(lvl, 0.0) - q[lvl]
                for other in seats:
                    hess[lvl][other] += (q[lvl] if lvl == other else 0.0) - q[lvl] * q[other]
        info = [[hess[i][j] for j in free] for i in free]
        if not free:
            break
        step = _solve(info, [grad[i] for i in free])
        biggest = max(abs(s) for s in step)
        scale = min(1.0, 2.0 / biggest) if biggest else 1.0  # damped: no leap past a flat likelihood
        for i, s in zip(free, step):
            theta[i] += scale * s
        if biggest < 1e-10:
            break
    cov_free = _inverse(info) if free else []
    cov = [[0.0] * k for _ in range(k)]
    for a, i in enumerate(free):
        for b, j in enumerate(free):
            cov[i][j] = cov_free[a][b] * ELO * ELO
    return Ratings(tuple(names), tuple(ELO * t for t in theta), tuple(tuple(r) for r in cov))


def win_probability(elo_difference: float) -> float:
    """The two-player win chance of a player rated ``elo_difference`` above the other."""
    return 1.0 / (1.0 + 10.0 ** (-elo_difference / 400.0))


@dataclass(frozen=True)
class Share:
    """A mean share of wins over games, with its standard error (games played in blocks on the same
    deal are not independent: the error comes from the blocks' means)."""

    mean: float
    stderr: float
    games: int

    def interval(self) -> tuple[float, float]:
        return max(0.0, self.mean - Z95 * self.stderr), min(1.0, self.mean + Z95 * self.stderr)


def share(blocks: Sequence[Sequence[float]]) -> Share:
    """The mean of every value in ``blocks`` and its standard error from the block means."""
    values = [v for b in blocks for v in b]
    means = [sum(b) / len(b) for b in blocks if b]
    n = len(means)
    if not values:
        return Share(0.0, float("inf"), 0)
    mean = sum(values) / len(values)
    if n < 2:
        return Share(mean, float("inf"), len(values))
    m = sum(means) / n
    var = sum((x - m) ** 2 for x in means) / (n - 1) / n
    return Share(mean, math.sqrt(var), len(values))
