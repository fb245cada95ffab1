"""Bradley–Terry / Luce ratings: exact values on small data, intervals, recovery of known ratings."""

from __future__ import annotations

import math
import random

import pytest

from deckgen.analysis.ratings import ELO, GameResult, fit, share, win_probability
from deckgen.analysis.skill import SkillReport, Step, verdict


def test_three_wins_in_four_is_400_log10_3_elo_with_the_binomial_error():
    games = [GameResult((0, 1), (0.0, 1.0))] * 3 + [GameResult((1, 0), (0.0, 1.0))]
    r = fit(["a", "b"], games)
    assert r.elo[0] == 0.0
    assert r.elo[1] == pytest.approx(400 * math.log10(3), abs=0.5)
    # observed information of n games at p = 3/4 is n p (1 - p)
    assert r.stderr(1) == pytest.approx(ELO / math.sqrt(4 * 0.75 * 0.25), rel=0.01)
    assert not r.beats(1, 0)  # 4 games do not make it significant


def test_a_shared_win_counts_half():
    games = [GameResult((0, 1), (0.5, 0.5))] * 10
    assert fit(["a", "b"], games).elo[1] == pytest.approx(0.0, abs=1e-6)


def test_games_that_did_not_end_are_left_out():
    games = [GameResult((0, 1), (0.0, 1.0))] * 3 + [GameResult((0, 1), (1.0, 0.0))] + [GameResult((0, 1), ())] * 5
    assert fit(["a", "b"], games).elo[1] == pytest.approx(400 * math.log10(3), abs=0.5)


def test_known_ratings_are_recovered_within_their_intervals():
    rng = random.Random(3)
    true = [0.0, 150.0, 300.0, 300.0]
    games = []
    for _ in range(4000):
        a, b = rng.sample(range(4), 2)
        won = rng.random() < win_probability(true[a] - true[b])
        games.append(GameResult((a, b), (1.0, 0.0) if won else (0.0, 1.0)))
    r = fit("abcd", games)
    for i, t in enumerate(true):
        lo, hi = r.interval(i)
        assert lo - 10 <= t <= hi + 10
    assert r.beats(1, 0) and r.beats(2, 1)
    assert not r.beats(3, 2) and not r.beats(2, 3)  # equal players: no significant difference


def test_several_seats_follow_luces_choice_model():
    """Level 1 is worth three times level 0: a lone level-1 seat among two level-0 seats wins 3/5."""
    games = [GameResult((1, 0, 0), (1.0, 0.0, 0.0))] * 30 + [GameResult((0, 1, 0), (1.0, 0.0, 0.0))] * 20
    r = fit(["a", "b"], games)
    assert r.elo[1] == pytest.approx(ELO * math.log(3), abs=1.0)


def test_share_error_comes_from_block_means():
    s = share([[1.0, 1.0], [0.0, 0.0], [1.0, 0.0], [1.0, 0.0]])
    assert s.mean == 0.5 and s.games == 8
    assert s.stderr == pytest.approx(math.sqrt((0.25 + 0.25) / 3 / 4))


def _report(p: float, stderr: float, players: int = 2):
    """A report whose strongest level wins a share ``p`` as the lone player (by its rating gap)."""
    ratings = fit(["random", "mc"], [GameResult((0, 1), (0.0, 1.0))] * 3 + [GameResult((0, 1), (1.0, 0.0))])
    gap = 400 * math.log10(p * (players - 1) / (1 - p))
    top = share([[p]] * 2)
    return SkillReport("g", "G", "", players, "games", ["random", "mc"], 50, 1, 100, 0, ratings, 1 / players,
                       [Step("random", "mc", gap, 50, top, True)], "mc", top, top, False, gap=(gap, stderr))


def test_skill_share_anchor_and_verdict():
    r = _report(0.71, 20.0)
    assert r.win() == pytest.approx(0.71)
    assert r.skill_share() == pytest.approx(0.42)  # (0.71 - 0.5) / 0.5
    text = verdict(r)
    assert "wins 71% of 2-player games" in text and "3 games in 10" in text and "skill matters" in text
    assert "no skill shows" in verdict(_report(0.55, 60.0))  # the interval reaches the fair share
    four = _report(0.5, 10.0, players=4)  # a lone strong player wins half: g = 3, so a lone beginner wins 1/10
    assert four.skill_share() == pytest.approx((0.5 - 0.25) / 0.75)
    assert four.back() == pytest.approx(0.1)
    lo, hi = four.win_interval()
    assert lo < 0.5 < hi and hi - lo < 0.06


def test_returns_are_read_as_shares_and_games_without_a_winner_are_left_out():
    tie = [GameResult((0, 1), (1.0, 1.0))] * 4  # a two-way tie written as two wins: half each
    lost = [GameResult((0, 1), (0.0, 1.0))] * 2 + [GameResult((0, 1), (1.0, 0.0))]
    r = fit(["a", "b"], tie + lost + [GameResult((0, 1), (0.0, 0.0))] * 3)
    assert r.elo[1] == pytest.approx(400 * math.log10(4 / 3), abs=0.5)  # b: 2 + 2 of 7


def test_a_level_holding_two_seats_wins_with_both():
    """Level 1 sits twice among three seats and wins 4 games in 5: 2g / (1 + 2g) = 0.8, so g = 2."""
    games = [GameResult((0, 1, 1), (0.0, 1.0, 0.0))] * 40 + [GameResult((0, 1, 1), (1.0, 0.0, 0.0))] * 10
    assert fit(["a", "b"], games).elo[1] == pytest.approx(ELO * math.log(2), abs=1.0)


def test_the_difference_of_two_levels_is_known_better_than_either_rating():
    """b and c met often, the anchor seldom: each rating is uncertain, their difference is not."""
    games = [GameResult((0, 1), (1.0, 0.0)), GameResult((0, 1), (0.0, 1.0)), GameResult((0, 2), (0.0, 1.0)), GameResult((0, 2), (1.0, 0.0))]
    games += [GameResult((1, 2), (1.0, 0.0))] * 150 + [GameResult((1, 2), (0.0, 1.0))] * 150
    r = fit("abc", games)
    d, se = r.difference(1, 2)
    assert se < 0.5 * min(r.stderr(1), r.stderr(2))


def test_the_verdict_words_follow_the_skill_share():
    assert "skill matters, luck still decides much" in verdict(_report(0.72, 10.0))  # share 0.44
    assert "skill matters a lot" in verdict(_report(0.8, 10.0))  # 0.6
    assert "luck decides most" in verdict(_report(0.6, 10.0))  # 0.2
    assert "almost every" in verdict(_report(0.95, 10.0))  # 0.9
