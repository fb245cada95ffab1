"""Hypothesis over random standings and random games: every figure stays inside its bounds, every
interval holds its value, and what cannot be computed says why instead of reading 0."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckgen.analysis.measures import standing as S
from deckgen.analysis.measures import words as W
from deckgen.analysis.measures.compute import measure
from deckgen.analysis.measures.facts import FRACTIONS, GameFacts
from deckgen.analysis.measures.hooks import Design
from deckgen.analysis.measures.intervals import wilson
from deckgen.analysis.measures.run import Plan, Played
from deckgen.analysis.measures.trace import Sample

from analysis.measures import reference_bootstrap as B


@st.composite
def samples(draw, players=None):
    n = players or draw(st.integers(2, 5))
    count = draw(st.integers(1, 30))
    clocks = sorted(draw(st.lists(st.integers(0, 200), min_size=count, max_size=count)))
    out = [Sample(c, [(draw(st.integers(-3, 3)), draw(st.integers(0, 2))) for _ in range(n)]) for c in clocks]
    return n, out


@settings(max_examples=100, deadline=None)
@given(samples(), st.data())
def test_standing_figures_stay_in_their_bounds(sampled, data):
    n, ss = sampled
    length = max(1, ss[-1].clock)
    winners = data.draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=n, unique=True))
    assert 0 <= S.lead_changes(ss) <= max(0, len(ss) - 1)
    lock = S.lock_in(ss, winners, length)
    assert lock is not None and 0.0 <= lock <= 1.0
    for s in ss:
        lead, last = S.leader(s.standing), S.last(s.standing)
        assert lead is None or all(s.standing[lead] > x for i, x in enumerate(s.standing) if i != lead)
        assert last is None or all(s.standing[last] < x for i, x in enumerate(s.standing) if i != last)
    previous = -1
    for f in FRACTIONS:
        k = S.index_at([s.clock for s in ss], f, length)
        assert k is None or (ss[k].clock <= f * length and k >= previous)
        previous = k if k is not None else previous
    assert S.progress(ss, length) >= 0.0
    margin = S.margin_in_turns(ss, length)
    assert margin is None or margin >= 0.0
    if all(s.standing == ss[0].standing for s in ss):  # a standing that never moves: no margin, never 0
        assert margin is None


@settings(max_examples=100, deadline=None)
@given(samples(), st.data())
def test_a_games_facts_read_the_standing_as_its_definitions_do(sampled, data):
    """facts_of, which reads each point of the game once for the points it serves, against the
    definitions read point by point: the last and the first seat's win share at each point (the
    latest sample then, S.index_at), the lead changes and the lock-in."""
    from deckgen.analysis.measures.facts import facts_of
    from deckgen.analysis.measures.trace import Trace

    n, ss = sampled
    length = max(1, ss[-1].clock + data.draw(st.integers(0, 5)))
    winners = tuple(data.draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=n, unique=True)))
    t = Trace(n, samples=list(ss), ended=True, length=length, winners=winners)
    got = facts_of(7, t)

    def share(seat):
        return None if seat is None else S.win_share(seat, winners)

    at = [S.index_at([s.clock for s in ss], f, length) for f in FRACTIONS]
    assert list(got.last_at) == [None if k is None else share(S.last(ss[k].standing)) for k in at]
    assert list(got.first_at) == [None if k is None else share(S.leader(ss[k].standing)) for k in at]
    assert got.lead_changes == S.lead_changes(ss) and got.lock_in == S.lock_in(ss, winners, length)
    assert got.samples == len(ss)


@settings(max_examples=60, deadline=None)
@given(samples(), st.lists(st.integers(0, 3), min_size=30, max_size=30))
def test_runs_of_equal_standings_are_read_once_and_give_every_samples_figures(sampled, repeats):
    """Leaders and a turn's progress are read once per run of equal standings (copies, not the same
    object): the same as read at every sample."""
    n, ss = sampled
    runs = [Sample(s.clock, list(s.standing)) for s, r in zip(ss, repeats) for _ in range(r + 1)]
    assert S.leaders_of(runs) == [S.leader(s.standing) for s in runs]
    length = max(1, runs[-1].clock)
    moved = sum(abs(a[0] - b[0]) for x, y in zip(runs, runs[1:]) for a, b in zip(x.standing, y.standing))
    assert S.progress(runs, length) == (moved / length if len(runs) > 1 else 0.0)


def test_the_first_leader_is_not_a_change_and_a_tie_between_is_none():
    a, b, tie = [(2,), (1,)], [(1,), (2,)], [(1,), (1,)]
    assert S.lead_changes([Sample(0, a)]) == 0
    assert S.lead_changes([Sample(0, a), Sample(1, tie), Sample(2, a)]) == 0
    assert S.lead_changes([Sample(0, a), Sample(1, tie), Sample(2, b)]) == 1
    assert S.lead_changes([Sample(0, tie), Sample(1, b)]) == 0


@settings(max_examples=200, deadline=None)
@given(st.floats(0, 500), st.integers(1, 500))
def test_wilson_holds_its_value_inside_zero_and_one(hits, trials):
    hits = min(hits, trials)
    e = wilson(hits, trials)
    assert 0.0 <= e.low <= e.value <= e.high <= 1.0


@st.composite
def games(draw):
    n = draw(st.integers(2, 4))
    out = []
    for seed in range(draw(st.integers(0, 12))):
        ended = draw(st.booleans()) or seed == 0
        if not ended:
            out.append(GameFacts(seed, n, False))
            continue
        winners = tuple(draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=n, unique=True)))
        turns = draw(st.integers(1, 60))
        real = draw(st.integers(0, turns))
        maybe = lambda strategy: draw(st.one_of(st.none(), strategy))  # noqa: E731
        share = st.sampled_from([0.0, 1.0, 1.0 / len(winners)])
        out.append(GameFacts(
            seed, n, True, length=turns, winners=winners, order=tuple(draw(st.permutations(range(n)))),
            turns=turns, passive=turns - real, real=real, real_legal=real * draw(st.integers(2, 6)), slope=maybe(st.floats(-5, 5)),
            wait_sum=(n - 1) * max(0, turns - n), wait_count=max(0, turns - n), wait_max=maybe(st.integers(0, 9)),
            samples=draw(st.integers(1, 20)), lead_changes=draw(st.integers(0, 5)), lock_in=maybe(st.floats(0, 1)),
            last_at=tuple(maybe(share) for _ in FRACTIONS), first_at=tuple(maybe(share) for _ in FRACTIONS), margin=maybe(st.floats(0, 30)),
        ))
    return n, out


DESIGN = Design(standing=lambda s: [], standing_words="", world=None)


@settings(max_examples=40, deadline=None)
@given(games(), st.lists(st.lists(st.floats(0, 1), min_size=1, max_size=4), max_size=6))
def test_every_figure_holds_its_value_in_its_interval_or_says_why_not(drawn, skill):
    n, facts = drawn
    plan = Plan(len(facts), 0, 2, 4, len(skill), seed=3)
    m = measure(Played(n, plan, facts, [], skill), DESIGN, game="any", pace=10.0)
    ended = [f for f in facts if f.ended]
    reasons = {value for name, value in vars(W).items() if name.isupper() and isinstance(value, str)}
    for key, f in m.figures.items():
        if f.estimate is None:
            assert f.reason in reasons, key  # never a 0 in place of a figure that cannot be computed
            continue
        e = f.estimate
        assert e.low - 1e-9 <= e.value <= e.high + 1e-9, key
        if f.share and key != "seat_edge":
            assert -1e-9 <= e.low and e.high <= 1 + 1e-9, key
        for p in f.parts:
            if p.estimate is not None:
                assert p.estimate.low - 1e-9 <= p.estimate.value <= p.estimate.high + 1e-9, (key, p.key)
            else:
                assert p.reason in reasons or p.key == "fair", (key, p.key)
    if not ended:
        assert all(m[k].reason == W.NO_GAMES for k in ("seat_edge", "length", "lead_changes", "lock_in"))
    assert m["choices_matter"].reason in (W.NO_EVALUATOR, W.NO_CHOICES)
    if n == 2:
        assert m["kingmaking"].reason in (W.NEEDS_THREE, W.NO_EVALUATOR, W.NO_CHOICES)
    if not any(f.ended and f.last_at[FRACTIONS.index(0.5)] is not None for f in facts) and ended:
        assert m["comebacks"].reason == W.NO_LAST
    if not skill:
        assert m["skill_share"].reason == W.NO_SKILL_GAMES


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 40), min_size=2, max_size=30), st.data())
def test_a_resample_kept_as_weights_gives_the_figures_of_the_games_it_draws(values, data):
    """The bootstrap keeps a resample (n games drawn from n) as how many times it draws each game:
    every statistic of the weights equals the statistic of the games drawn, written out (and the
    percentile is engine/simulate.py's nearest rank)."""
    import numpy as np

    from deckgen.analysis.measures import intervals as I
    from deckgen.engine.simulate import percentile

    n = len(values)
    picks = data.draw(st.lists(st.integers(0, n - 1), min_size=n, max_size=n))  # a resample: n games drawn
    counts = [picks.count(i) for i in range(n)]
    den = data.draw(st.lists(st.integers(1, 5), min_size=n, max_size=n))
    drawn = [v for v, c in zip(values, counts) for _ in range(c)]
    drawn_den = [d for d, c in zip(den, counts) for _ in range(c)]
    w, x = np.asarray(counts, dtype=float), np.asarray(values, dtype=float)
    assert I.weighted_mean(w, x) == pytest.approx(sum(drawn) / len(drawn))
    assert (w @ x) / (w @ np.asarray(den, dtype=float)) == pytest.approx(sum(drawn) / sum(drawn_den))
    for q in (10, 50, 90):
        assert B.nearest_rank(w, x, q) == percentile(drawn, q)
        assert B.nearest_rank(np.ones(n), x, q) == percentile(values, q)
    assert B.weighted_sd(w, x) == pytest.approx(float(np.std(drawn, ddof=1)), abs=1e-9)
    assert B.sd_of(drawn, 1).value == pytest.approx(float(np.std(drawn, ddof=1)), abs=1e-9)
    both = np.stack([w, np.ones(n)])  # a row per resample
    assert B.nearest_rank(both, x, 90).tolist() == [percentile(drawn, 90), percentile(values, 90)]
    three = np.stack([w, np.ones(n), w])  # more rows than games, or fewer: each row is a resample of its own
    assert I.weighted_mean(three, x).tolist() == pytest.approx([sum(drawn) / n, sum(values) / n, sum(drawn) / n])
    sds = [float(np.std(drawn, ddof=1)), float(np.std(values, ddof=1)), float(np.std(drawn, ddof=1))]
    assert B.weighted_sd(three, x).tolist() == pytest.approx(sds, abs=1e-9)


def test_resample_weights_draw_every_game_n_times_in_all_and_are_fixed_by_the_seed():
    from deckgen.analysis.measures.intervals import RESAMPLES, Resampler

    w = Resampler(7).weights(50)
    assert w.shape == (RESAMPLES, 50) and (w.sum(axis=1) == 50).all()
    assert (Resampler(7).weights(50) == w).all() and not (Resampler(8).weights(50) == w).all()
    assert 0.9 < w.mean(axis=0).min() and w.mean(axis=0).max() < 1.1  # each game drawn once per resample on average
