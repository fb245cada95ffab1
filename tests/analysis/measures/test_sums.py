"""The trace figures' intervals from one draw of weights and one matrix product (intervals.Sums):
the sums of every column equal their own products, a mean over the games that have a value is the
ratio-of-sums bootstrap written out, the standard deviation from shifted sums holds on values far
from 0, the percentiles equal the nearest-rank bootstrap, and what cannot be computed says why."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckgen.analysis.measures import intervals as I
from deckgen.analysis.measures import words as W
from deckgen.analysis.measures.compute import measure
from deckgen.analysis.measures.facts import FRACTIONS, GameFacts
from deckgen.analysis.measures.hooks import Design
from deckgen.analysis.measures.run import Plan, Played

from analysis.measures import reference_bootstrap as B

DESIGN = Design(standing=lambda s: [], standing_words="", world=None)
NAN = float("nan")


def _sums_seen(sums: I.Sums, *names: str) -> list[np.ndarray]:
    """The per-resample sums a statistic of ``names`` is handed (a row per resample)."""
    seen: list[np.ndarray] = []

    def record(n, *got):
        if isinstance(got[0], np.ndarray):
            seen.extend(np.array(g) for g in got)
        return got[0]

    sums.of(record, *names)
    return seen


def _by_hand(value: float, stats: np.ndarray) -> I.Estimate:
    stats = stats[np.isfinite(stats)]
    low, high = np.percentile(stats, [2.5, 97.5])
    return I.Estimate(value, min(low, value), max(high, value))


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 60), st.integers(0, 2**31), st.data())
def test_each_columns_sums_equal_its_own_product_with_the_weights(n, seed, data):
    """One product for every column: each column's sums per resample are W @ column (the constant
    columns, left out of the product, included), and its sum over the games is the plain sum."""
    column = st.lists(st.integers(-50, 50), min_size=n, max_size=n)
    columns = {f"c{i}": data.draw(column) for i in range(data.draw(st.integers(1, 6)))}
    columns["ones"], columns["zeros"], columns["sevens"] = [1] * n, [0] * n, [7.5] * n
    resampler = I.Resampler(seed)
    sums = I.Sums(columns, resampler)
    w = resampler.weights(n)
    for name, values in columns.items():
        x = np.asarray(values, dtype=float)
        (got,) = _sums_seen(sums, name)
        assert got.shape == (I.RESAMPLES,)
        assert got == pytest.approx(w @ x, rel=1e-12, abs=1e-9), name
        assert sums.value(name) == pytest.approx(float(x.sum()), rel=1e-12, abs=1e-12)


def test_the_weights_drawn_by_blocks_are_the_whole_ones():
    whole = I.Resampler(5).weights(37)
    blocks = I.Resampler(5)
    blocks_of = pytest.MonkeyPatch()
    try:
        blocks_of.setattr(I, "DRAWS_A_BLOCK", 37 * 7)  # 7 resamples a block, the last one shorter
        assert (blocks.weights(37) == whole).all()
    finally:
        blocks_of.undo()
    assert (whole.sum(axis=1) == 37).all()


def test_a_mean_over_the_games_that_have_a_value_is_the_ratio_of_sums_bootstrap():
    """Seven games, four with a value: the figure is the four's mean; each resample's, the sum of its
    values over the number of its games that have one (those with none drawn have no figure)."""
    values = [3.0, NAN, 8.0, NAN, NAN, 1.5, 4.0]
    resampler = I.Resampler(11)
    sums = I.Sums({"v": values, "all": [1, 2, 3, 4, 5, 6, 7]}, resampler)
    w = resampler.weights(7)
    x = np.array([3.0, 0, 8.0, 0, 0, 1.5, 4.0])
    has = np.array([1.0, 0, 1, 0, 0, 1, 1])
    with np.errstate(divide="ignore", invalid="ignore"):
        expected = _by_hand((3.0 + 8.0 + 1.5 + 4.0) / 4, (w @ x) / (w @ has))
    got = sums.mean("v")
    assert got.value == expected.value == I.mean_of([3.0, 8.0, 1.5, 4.0], 11).value
    assert (got.low, got.high) == pytest.approx((expected.low, expected.high), rel=1e-12)
    # a value every game has is an ordinary mean over them all, as mean_of
    assert sums.mean("all") == I.mean_of([1, 2, 3, 4, 5, 6, 7], resampler)


def test_what_no_game_has_is_not_applicable():
    sums = I.Sums({"v": [NAN, NAN, NAN], "zero": [0, 0, 0], "x": [1, 2, 3]}, I.Resampler(1))
    assert sums.mean("v") is None and sums.ratio("x", "zero") is None
    assert sums.mean("x") is not None
    one = I.Sums({"v": [2.5], "u": [NAN]}, I.Resampler(1), spread=("v",), ranked={"v": (10, 90)})
    assert one.mean("v") == I.Estimate(2.5, 2.5, 2.5) and one.mean("u") is None and one.sd("v") is None
    assert one.percentile("v", 90) == I.Estimate(2.5, 2.5, 2.5)


@pytest.mark.parametrize("centre, n", [(1e6, 400), (-3e7, 50), (0.0, 30)])
def test_the_standard_deviation_from_shifted_sums_holds_far_from_zero(centre, n):
    """Values around 1e6 with a spread of 1, skewed: each resample's standard deviation from the
    shifted sums equals the two-pass one written out, to 1e-9 of itself."""
    rng = np.random.default_rng(int(abs(centre)) + n)
    x = centre + rng.exponential(1.0, n)  # skewed
    resampler = I.Resampler(3)
    w = resampler.weights(n)
    means = (w @ x) / n
    direct = np.sqrt((w * (x - means[:, None]) ** 2).sum(axis=1) / (n - 1))
    sums = I.Sums({"x": x}, resampler, spread=("x",))
    y, yy = _sums_seen(sums, "x:y", "x:yy")
    got = np.sqrt((yy - y * y / n) / (n - 1))
    assert got == pytest.approx(direct, rel=1e-9)
    e = sums.sd("x")
    assert e.value == B.sd_of(list(x), resampler).value  # the figure itself: the same two passes
    expected = _by_hand(e.value, direct)
    assert (e.low, e.high) == pytest.approx((expected.low, expected.high), rel=1e-9)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 120), st.integers(1, 40), st.integers(0, 2**31), st.sampled_from([None, 0.0, 0.5]))
def test_percentiles_from_a_window_of_counts_are_the_nearest_rank_bootstrap(n, spread, seed, narrow):
    """The same estimates as the nearest rank of every resample written out (percentile_of), with
    the window as it is or so narrow that most resamples fall outside it and are counted alone."""
    x = list(map(float, np.random.default_rng(seed).integers(0, spread, n)))
    resampler = I.Resampler(seed)
    patch = pytest.MonkeyPatch()
    try:
        if narrow is not None:
            patch.setattr(I._Rank, "SPREAD", narrow)
        sums = I.Sums({"x": x}, resampler, ranked={"x": (10, 50, 90)})
        for q in (10, 50, 90):
            assert sums.percentile("x", q) == B.percentile_of(x, q, resampler), q
    finally:
        patch.undo()
    assert B.percentiles_of(x, (10, 90), resampler) == [B.percentile_of(x, q, resampler) for q in (10, 90)]


def _game(seed: int, length: int, **kw) -> GameFacts:
    base = dict(length=length, winners=(seed % 3,), order=(0, 1, 2), turns=length, passive=length // 3, real=length - length // 3,
                real_legal=2 * (length - length // 3), wait_sum=2 * length, wait_count=length, wait_max=None, samples=4,
                lead_changes=seed % 3, lock_in=None, last_at=tuple(None for _ in FRACTIONS), first_at=tuple(None for _ in FRACTIONS),
                margin=None, slope=None, seat_waits=((length, length // 2), (length + 1, length // 2)))
    base.update(kw)
    return GameFacts(seed, 3, True, **base)


def _measured(facts):
    return measure(Played(3, Plan(len(facts), 0, 2, 0, 0, seed=9), facts, [], []), DESIGN, game="toy", pace=10.0)


def test_figures_no_game_has_say_why_and_those_some_have_are_over_them():
    facts = [_game(s, 10 + 3 * s) for s in range(8)]
    m = _measured(facts)
    parts = {p.key: p for p in m["passive_turns"].parts}
    assert parts["narrowing"].estimate is None and parts["narrowing"].reason == W.NO_SLOPE
    assert m["lock_in"].estimate is None and m["lock_in"].reason == W.NO_GAMES
    assert m["close_finishes"].estimate is None and m["close_finishes"].reason == W.NO_MARGIN
    longest = {p.key: p for p in m["waiting"].parts}["longest"]
    assert longest.estimate is None and longest.reason == W.NO_WAITS
    some = [_game(s, 10 + 3 * s, slope=0.1 * s if s % 2 else None, lock_in=s / 10 if s > 2 else None,
                  margin=float(s) if s % 3 else None, wait_max=s if s < 5 else None) for s in range(8)]
    m = _measured(some)
    resampler = I.Resampler(I.seed_for(9, "toy::3"))
    assert {p.key: p for p in m["passive_turns"].parts}["narrowing"].estimate.value == I.mean_of([0.1 * s for s in (1, 3, 5, 7)], resampler).value
    assert m["lock_in"].estimate.value == I.mean_of([s / 10 for s in range(3, 8)], resampler).value
    assert {p.key: p for p in m["close_finishes"].parts}["margin"].estimate.value == I.mean_of([1.0, 2.0, 4.0, 5.0, 7.0], resampler).value
    assert {p.key: p for p in m["waiting"].parts}["longest"].estimate.value == I.mean_of([0.0, 1, 2, 3, 4], resampler).value


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 80), st.integers(0, 3), st.integers(1, 9)), min_size=2, max_size=40))
def test_figures_over_every_game_are_those_of_their_own_bootstrap(rows):
    """A figure every game has is the same estimate as before the batching: mean_of, ratio_of,
    sd_of and percentiles_of over the same games and the same weights."""
    facts = [_game(s, length, lead_changes=changes, samples=samples) for s, (length, changes, samples) in enumerate(rows)]
    m = _measured(facts)
    resampler = I.Resampler(I.seed_for(9, "toy::3"))
    lengths = [float(g.length) for g in facts]

    def same(a, b):
        assert a.value == b.value and (a.low, a.high) == pytest.approx((b.low, b.high), rel=1e-12, abs=1e-12)

    same(m["length"].estimate, I.mean_of(lengths, resampler))
    parts = {p.key: p.estimate for p in m["length"].parts}
    same(parts["sd"], B.sd_of(lengths, resampler))
    assert [parts["p10"], parts["p90"]] == B.percentiles_of(lengths, (10, 90), resampler)
    same(m["lead_changes"].estimate, I.mean_of([float(g.lead_changes) for g in facts], resampler))
    per = I.ratio_of([g.lead_changes for g in facts], [g.samples - 1 for g in facts], resampler)
    got = {p.key: p.estimate for p in m["lead_changes"].parts}["per_sample"]
    assert (got is None) == (per is None) and (per is None or same(got, per) is None)
    same(m["passive_turns"].estimate, I.ratio_of([g.passive for g in facts], [g.turns for g in facts], resampler))
