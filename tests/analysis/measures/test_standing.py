"""What a game's standing samples say, on hand-made samples (standing.py): the leader and the strictly
last, lead changes, when the winners lead for good, the sample at a point of the game, a turn's
progress and the final margin."""

from __future__ import annotations

import pytest

from deckgen.analysis.measures import standing as S
from deckgen.analysis.measures.trace import Sample


def samples(*rows):
    """Samples at clocks 0, 10, 20... from one standing per row (one number per seat)."""
    return [Sample(10 * i, [(x,) for x in row]) for i, row in enumerate(rows)]


def test_leader_and_last_are_alone_or_none():
    assert S.leader([(3,), (1,), (2,)]) == 0 and S.last([(3,), (1,), (2,)]) == 1
    assert S.leader([(3,), (3,), (2,)]) is None and S.last([(3,), (1,), (1,)]) is None
    assert S.leader(((1, 5), (1, 4))) == 0  # tuples: the second entry breaks a tie of the first
    assert S.top_set([(3,), (3,), (2,)]) == frozenset({0, 1}) and S.top_set([(1,), (2,)]) == frozenset({1})


def test_lead_changes_count_a_new_leader_only():
    ss = samples((1, 0), (0, 1), (0, 0), (0, 1), (1, 0), (1, 0))
    assert S.lead_changes(ss) == 2  # 0 -> 1, (tie), 1 again: no change, -> 0
    assert S.lead_changes(ss, [S.leader(s.standing) for s in ss]) == 2
    assert S.lead_changes([]) == 0


def test_lock_in_is_when_the_winners_lead_for_good():
    ss = samples((0, 0), (1, 0), (0, 1), (0, 2), (0, 3))  # clocks 0..40; seat 1 leads from clock 20
    leaders = [S.leader(s.standing) for s in ss]
    assert S.lock_in(ss, [1], 40) == pytest.approx(0.5)
    assert S.lock_in(ss, [1], 40, leaders) == pytest.approx(0.5)  # the same from the leaders
    assert S.lock_in(ss, [0], 40) == 1.0  # the last sample does not show the winner on top
    assert S.lock_in(ss, [0], 40, leaders) == 1.0
    shared = samples((0, 0, 0), (2, 1, 2), (3, 1, 3))
    assert S.lock_in(shared, [0, 2], 20) == pytest.approx(0.5)  # two winners on top from clock 10
    assert S.lock_in(shared, [0], 20) == 1.0  # one of two tied on top is not leading
    assert S.lock_in(samples((1, 0)), [0], 10) == 0.0
    always = samples((1, 0), (2, 0))  # the winner leads from the first sample: locked in at once
    assert S.lock_in(always, [0], 10) == 0.0 and S.lock_in(always, [0], 10, [0, 0]) == 0.0
    assert S.lock_in(ss, [], 40) is None and S.lock_in([], [1], 40) is None and S.lock_in(ss, [1], 0) is None


def test_the_sample_at_a_point_of_the_game_is_the_last_one_not_after_it():
    ss = samples((0,), (1,), (2,), (3,))  # clocks 0, 10, 20, 30
    assert S.at_fraction(ss, 0.5, 30).clock == 10  # 15: the sample at 10
    assert S.at_fraction(ss, 2 / 3, 30).clock == 20  # exactly at 20
    assert S.at_fraction(ss, 0.99, 30).clock == 20  # never the final sample
    assert S.index_at([5, 10], 0.1, 30) is None  # before the first sample
    assert S.at_fraction(ss, 0.5, 0) is None
    # every point of the game at once: the same samples (a point is at most the last turn's start)
    assert S.indices_at([0, 10, 20, 30], (0.1, 0.5, 2 / 3, 0.99), 30) == [0, 1, 2, 2]
    assert S.indices_at([5, 10, 29], (0.1, 0.5, 1.0), 30) == [None, 1, 2]
    assert S.indices_at([0, 10], (0.1, 0.5), 0) == [None, None]
    assert S.indices_at([0, 10, 30], (1.0,), 30) == [1] and S.indices_at([0], (0.5,), 1) == [0]  # never the final turn's sample


def test_progress_and_margin_in_turns():
    ss = samples((0, 0), (2, 1), (4, 1))  # over 20 turns the seats' first entries move 3 + 2 = 5
    assert S.progress(ss, 20) == pytest.approx(0.25)
    assert S.final_margin(ss[-1].standing) == 3.0 and S.final_margin([(4,)]) == 0.0
    assert S.margin_in_turns(ss, 20) == pytest.approx(12.0)  # 3 over 0.25
    assert S.margin_in_turns(samples((1, 1), (1, 1)), 10) is None  # never moved: unknown, never 0
    assert S.progress(ss[:2], 10) == pytest.approx(0.3) and S.progress(samples((0,), (3,)), 1) == 3.0  # two samples; one turn
    assert S.progress(ss, 0) == 0.0 and S.progress(ss[:1], 10) == 0.0 and S.margin_in_turns([], 10) is None


def test_a_share_of_the_win():
    assert S.win_share(1, [1]) == 1.0 and S.win_share(1, [0, 1]) == 0.5 and S.win_share(2, [0, 1]) == 0.0
