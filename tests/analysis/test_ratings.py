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
    ratings = fit(["random", "mc"], [GameResult((0, 1), (0.0, 1.0))] * 3 + [GameResult((0, 1), (1.0, 0.0))])
    top = share([[p]] * 2)
    top = type(top)(p, stderr, 100)
    return SkillReport("g", "G", "", players, "games", ["random", "mc"], 50, 1, 100, 0, ratings, 1 / players,
                       [Step("random", "mc", 190, 50, top, True)], "mc", top, type(top)(1 - p, stderr, 100), False)


def test_skill_share_anchor_and_verdict():
    r = _report(0.71, 0.02)
    assert r.skill_share() == pytest.approx(0.42)  # (0.71 - 0.5) / 0.5
    text = verdict(r)
    assert "wins 71% of 2-player games" in text and "3 games in 10" in text and "skill matters" in text
    assert "no skill shows" in verdict(_report(0.55, 0.04))  # the interval reaches the fair share
    assert _report(0.5, 0.01, players=4).skill_share() == pytest.approx((0.5 - 0.25) / 0.75)
