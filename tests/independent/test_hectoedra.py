"""deckgen's Hectoedra claims agree with an independent solver (hectoedra_solver.py, written from the
rulebooks, not from the engine) on random tiny decks with random rule options (issue 40).

The suite's share is three 8-card decks the solver finishes in about a second each;
``python3 bench/independent_solvers.py --game hectoedra`` sweeps more and prints its figures."""

from __future__ import annotations

import random

from independent.hectoedra_compare import compare, random_case
from independent.hectoedra_solver import Rules, solve


def test_random_tiny_decks_get_the_solvers_verdicts():
    """Every claim validate labels [proven] (the match's length bound, every game ends) and every
    failure it reports (a round dealt short: seed 7's hand of 5 from 4 cards a player) agree with
    the solver's exhaustive search."""
    shorts = 0
    for seed in (3, 5, 7):
        got = compare(random_case(random.Random(seed), small=True), budget=40_000)
        assert got["solver"].complete and got["proven"] >= 2, got["case"]
        assert not got["problems"] and not got["sampled_refuted"], (got["case"], got["problems"], got["sampled_refuted"])
        shorts += got["solver"].short_deal
    assert shorts == 1


def test_penalties_kept_out_until_rounds_are_dealt_short_or_nothing():
    """Issue 40's case 2, smaller: numbers in pairs that rarely link to another pair, a hand of 1, penalties kept out of later
    deals over 6 rounds, so later rounds are dealt short and then nothing (fewer cards than players);
    the solver finds no dead end and every match bounded, and validate says the same and fails the
    short deal."""
    from independent.hectoedra_compare import Case

    case = Case((4, 8, 9, 14, 25, 27, 35, 49), 2, {"per_player": 4, "hand": 1, "rounds": 6, "keep_penalties": True})
    got = compare(case, budget=60_000)
    v = got["solver"]
    assert v.complete and not v.dead_ends and not v.cycle and v.short_deal and 9 < v.longest < 6 * (2 * 4 + 1)
    assert got["proven"] >= 2 and not got["problems"] and not got["sampled_refuted"], got


def test_the_solver_counts_a_match_as_the_engine_does():
    """A round of 2 × 4 turns and its deal: the longest one-round match is the argument's bound."""
    v = solve(Rules((2, 3, 4, 8, 9, 16, 27, 81), 2, per_player=4, hand=4, rounds=1))
    assert v.complete and not v.dead_ends and not v.cycle and v.longest == 2 * 4 + 1 and not v.short_deal
