"""The design measures on games whose answers are known before any number is trusted (toys.py):
a coin-flip game, a game decided at the deal, a game the first seat always wins, a game without
choices. Every figure goes through the same trace, standing, evaluator and interval code as the
five games."""

from __future__ import annotations

import pytest

from deckgen.analysis.measures import words as W
from deckgen.analysis.measures.compute import measure
from deckgen.analysis.measures.intervals import Estimate
from deckgen.analysis.measures.run import Plan, run

from analysis.measures.toys import CoinFlip, FirstSeat, Forced, HighCard, deck, engine_for

PACE = 10.0


def measured(kind: type, players: int, turns: int = 24, seed: int = 1, **design):
    engine = engine_for(kind, turns, **design)
    plan = Plan.of(engine.design, seed)
    played = run("toy", deck(), players, plan, engine=engine)
    return measure(played, engine.design, game="toy", pace=PACE)


@pytest.fixture(scope="module")
def coin():
    return {n: measured(CoinFlip, n) for n in (2, 3, 4)}


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_coin_flip_gives_the_last_a_fair_chance_and_no_seat_an_edge(coin, n):
    m = coin[n]
    assert m["comebacks"].estimate.contains(1 / n)
    snowball = next(p for p in m["comebacks"].parts if p.key == "snowball")
    if n > 2:  # nobody is strictly first before the end
        assert snowball.estimate is None and snowball.reason == W.NO_FIRST
    assert m["seat_edge"].estimate.contains(0.0)
    assert all(p.estimate.contains(0.0) for p in m["seat_edge"].parts if p.key == "seat")
    assert m["skill_share"].estimate.contains(0.0)
    assert _deal(m).estimate.contains(0.0)  # the coins come after the deal: it decides nothing
    assert m["length"].estimate.value == 24 and m["length"].parts[0].estimate.value == 0  # sd
    assert m["waiting"].estimate.value == n - 1  # turns in order: n - 1 others between two of mine
    seats = [p for p in m["waiting"].parts if p.key == "wait_seat"]
    assert [p.params["n"] for p in seats] == list(range(1, n + 1)) and all(p.estimate.value == n - 1 for p in seats)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_coin_flip_has_no_choice_that_matters(coin, n):
    m = coin[n]
    assert m["choices_matter"].estimate.value == 0.0 and m["choices_matter"].decisions > 0
    assert m["obvious_move_wrong"].estimate.value == 0.0
    gap = m["choices_matter"].parts[0].estimate
    assert gap.value == gap.low == gap.high == 0.0  # the same world and random numbers for both actions
    if n == 2:
        assert m["kingmaking"].estimate is None and m["kingmaking"].reason == W.NEEDS_THREE
    else:
        assert m["kingmaking"].estimate.value == 0.0


@pytest.mark.parametrize("n", [3, 4])
def test_a_coin_flip_is_decided_at_the_last_move(coin, n):
    m = coin[n]
    assert m["lock_in"].estimate.value == 1.0
    assert m["lock_in"].parts[0].estimate.value == 1.0  # every game decided in its last tenth
    assert m["lead_changes"].estimate.value == 0.0  # nobody leads alone before the end


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_game_decided_at_the_deal_is_locked_in_from_the_start(n):
    m = measured(HighCard, n)
    assert m["lock_in"].estimate.value == 0.0
    assert m["comebacks"].estimate.value == 0.0
    assert next(p for p in m["comebacks"].parts if p.key == "snowball").estimate.value == 1.0
    assert m["lead_changes"].estimate.value == 0.0
    assert m["close_finishes"].estimate is None and m["close_finishes"].reason == W.NO_MARGIN
    assert _deal(m).estimate == Estimate(1.0, 1.0, 1.0)  # every play of a deal ends as the deal said


def _deal(m):
    return next(p for p in m["skill_share"].parts if p.key == "deal_share")


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_game_the_first_seat_always_wins(n):
    m = measured(FirstSeat, n)
    assert m["seat_edge"].estimate.value == pytest.approx(1 - 1 / n)
    balance, *seats = m["seat_edge"].parts
    assert balance.estimate.value == pytest.approx(0.0)
    assert [s.estimate.value for s in seats] == pytest.approx([1 - 1 / n] + [-1 / n] * (n - 1))
    assert m["lock_in"].estimate.value < 0.2
    assert _deal(m).estimate is None and _deal(m).reason == W.NO_DEAL_SPREAD  # the same result in every game
    if n == 2:
        assert m["comebacks"].estimate.value == 0.0
    else:  # the others tie for last place: nobody is strictly last
        assert m["comebacks"].estimate is None and m["comebacks"].reason == W.NO_LAST


def test_a_game_without_choices_says_why_its_choice_measures_do_not_apply():
    m = measured(Forced, 3)
    assert m["passive_turns"].estimate.value == 1.0
    legal, slope = m["passive_turns"].parts
    assert legal.estimate is None and legal.reason == W.NO_REAL and slope.estimate is None
    for key in ("choices_matter", "obvious_move_wrong", "kingmaking"):
        assert m[key].estimate is None and m[key].reason == W.NO_CHOICES


def test_no_evaluator_and_no_games_are_said_in_words():
    m = measured(CoinFlip, 3, world=None)
    assert m["choices_matter"].reason == W.NO_EVALUATOR
    m = measured(CoinFlip, 3, games=0, skill_games=0)
    assert all(not f.applicable for f in m.figures.values())
    assert {f.reason for f in m.figures.values()} <= {W.NO_GAMES, W.NO_EVALUATION, W.NO_SKILL_GAMES, W.NO_CHOICES}


def test_a_lesson_counts_the_games_that_fit_it():
    m = measured(CoinFlip, 2, turns=300)  # 300 turns at 10 s: 50 minutes, over a lesson of 45
    fits = next(p for p in m["length"].parts if p.key == "fits_lesson")
    assert fits.estimate.value == 0.0
    m = measured(CoinFlip, 2, turns=240)  # 40 minutes
    assert next(p for p in m["length"].parts if p.key == "fits_lesson").estimate.value == 1.0
