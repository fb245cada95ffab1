"""deckgen's Multipli Cat's verdicts agree with an independent solver (multiplicats_solver.py, written
from the rulebooks, not from the engine) on random tiny decks with random rule options (issue 40).

No argument proves that a game of Multipli Cat's ends (validate samples it): on decks of six cards
the solver decides it for every deal and every slap, and validate's verdict must not contradict it.
``python3 bench/independent_solvers.py --game multiplicats --players 3`` sweeps more."""

from __future__ import annotations

import random

from independent.multiplicats_compare import Case, compare, random_case
from independent.multiplicats_solver import BALANCIN, PERSECUCION, Rules, solve


def test_random_tiny_decks_get_the_solvers_verdicts():
    """Validate's verdicts (every game ends, every number card can be matched, a Balancín duel) and
    the solver's search of every game agree."""
    for seed in (1, 2):
        got = compare(random_case(random.Random(seed)), budget=20_000, games=6, confidence=30)
        assert got["complete"] and not got["problems"] and not got["sampled_refuted"], (got["case"], got["problems"], got["sampled_refuted"])


def test_a_deck_where_some_games_never_end_is_failed_by_both():
    """Nobody misses and nobody slaps wrongly: with a Persecución and a Balancín among six cards some
    positions can never lead to a player running out (the solver), and validate's games loop."""
    case = Case((PERSECUCION, BALANCIN, 5, 5, 6, 6), 3, {"end": "two-left", "next_after_exchange": "next", "miss_rate": 0.0,
                                                        "false_slap_rate": 0.0})
    got = compare(case, budget=60_000, games=6, confidence=30)
    assert got["complete"] and got["solver"].cannot_end > 0 and not got["problems"], got["problems"]
    assert any(str.__str__(c.name).startswith("every game ends") and not c.ok for c in got["report"].checks)


def test_false_slaps_open_a_way_out():
    """The same cards with simulated players who may slap without the right: gula moves every face-up
    card, and an end is reachable from every position of the solver's search."""
    loose = solve(Rules((PERSECUCION, BALANCIN, 5, 5, 6, 6), 3, "two-left", "next", False, True), budget=200_000)
    assert loose.complete and loose.cannot_end == 0 and not loose.dead_ends


def test_a_single_product_with_no_balancin_is_not_failed_for_a_duel():
    """Found by crafting decks the random ones did not hold: five cards showing 4 and one Persecución.
    validate failed "a Balancín can start a duel" (fewer than two different products) for any special
    card, though the deck holds no Balancín and the solver finds every game ends; with a Balancín
    among the same cards the check still fails, rightly: no duel can ever start."""
    options = {"end": "two-left", "next_after_exchange": "loser", "miss_rate": 0.1, "false_slap_rate": 0.01}
    got = compare(Case((PERSECUCION, 4, 4, 4, 4, 4), 3, options), budget=60_000, games=6, confidence=30)
    assert got["complete"] and got["solver"].cannot_end == 0 and not got["solver"].duel
    assert not got["problems"], got["problems"]
    assert all(c.ok for c in got["report"].checks), [str.__str__(c.name) for c in got["report"].checks if not c.ok]
    duel = compare(Case((BALANCIN, 4, 4, 4, 4, 4), 3, options), budget=60_000, games=6, confidence=30)
    assert duel["complete"] and not duel["problems"], duel["problems"]
    assert {str.__str__(c.name) for c in duel["report"].checks if not c.ok} == {"a Balancín can start a duel"}
