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
    assert r.elo[0] == 0.0 and r.stderr(0) == 0.0 and r.interval(0) == (0.0, 0.0)
    assert r.elo[1] == pytest.approx(400 * math.log10(3), abs=0.1)
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
    r = _report(0.71, 5.0)
    assert r.win() == pytest.approx(0.71)
    assert r.skill_share() == pytest.approx(0.42)  # (0.71 - 0.5) / 0.5
    text = verdict(r)
    assert "wins 71% of 2-player games" in text and "3 games in 10" in text and "skill matters" in text
    # 20 Elo of error: the skill share's interval (0.33 to 0.50) crosses 0.5, between two verdicts
    assert "not measured precisely enough" in verdict(_report(0.71, 20.0))
    assert "no skill shows" in verdict(_report(0.52, 10.0))  # the interval reaches the fair share, all below 0.25
    assert "not measured precisely enough" in verdict(_report(0.55, 60.0))  # from none to 0.41: two verdicts
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
    assert "luck decides most" in verdict(_report(0.6, 5.0))  # 0.2 (0.17 to 0.23: inside one verdict)
    assert "almost every" in verdict(_report(0.95, 10.0))  # 0.9
    assert "still wins 1 game in 10" in verdict(_report(0.92, 10.0))  # (0.9 sits on the edge at 0.8: imprecise)


def test_three_equal_levels_have_the_textbook_covariance():
    """Equal levels, n games per pair: information n/4 [[2, -1], [-1, 2]], so var = 8 / 3n and
    cov = 4 / 3n (theta units); the difference of the two free levels has variance 8 / 3n too."""
    n = 100
    games = []
    for a, b in ((0, 1), (0, 2), (1, 2)):
        games += [GameResult((a, b), (1.0, 0.0)), GameResult((a, b), (0.0, 1.0))] * (n // 2)
    r = fit("abc", games)
    assert r.elo[1] == pytest.approx(0.0, abs=1e-6) and r.elo[2] == pytest.approx(0.0, abs=1e-6)
    assert r.cov[1][1] == pytest.approx(ELO**2 * 8 / (3 * n), rel=1e-3)
    assert r.cov[1][2] == pytest.approx(ELO**2 * 4 / (3 * n), rel=1e-3)
    assert r.difference(1, 2)[1] == pytest.approx(ELO * math.sqrt(8 / (3 * n)), rel=1e-3)


def test_win_probability_is_elos_curve():
    assert win_probability(0.0) == 0.5
    assert win_probability(200.0) == pytest.approx(1 / (1 + 10 ** -0.5), abs=1e-12)
    assert win_probability(-400.0) == pytest.approx(1 / 11, abs=1e-12)


def test_two_blocks_are_enough_for_an_error():
    s = share([[1.0], [0.0]])
    assert s.stderr == pytest.approx(0.5) and s.interval() == (0.0, 1.0)
