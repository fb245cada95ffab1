"""deckgen's claims on MGC rounds agree with an independent solver (mgc_solver.py, written from the
rulebooks, not from the engine) on random tiny decks with random rule options (issue 40).

The suite's share is small (15-card decks of two monomial types and at most one kind of action
card); ``python3 bench/independent_solvers.py`` sweeps larger decks and prints its figures."""

from __future__ import annotations

import random

import pytest

from independent.mgc_compare import Case, compare, random_case
from independent.mgc_solver import BASIC, TOMA2, rules_of, solve

def test_random_tiny_decks_get_the_solvers_verdicts():
    """Decks of 15 cards (seven each and the one turned up: nothing left to draw after the deal), two
    monomial types and at most one kind of action card, every rule option at random; a deck either
    side cannot finish within the budget is not compared."""
    compared = 0
    # the seeds of 0-11 both sides finish (4, 5, 8, 10) and two they do not (3, 11: the partial
    # comparison still runs); the others cost the suite 3-4 s each and compare nothing more
    for seed in (3, 4, 5, 8, 10, 11):
        case = random_case(random.Random(seed), players=2, spare=0, kinds=2)
        got = compare(case, budget=60_000)
        assert not got["problems"], got["case"]
        compared += got["solver"].complete and got["model"] is not None and got["model"].complete
    assert compared >= 4  # many decks exceed this budget on one side or the other: bench/independent_solvers.py sweeps more


def test_the_follow_graph_check_no_longer_fails_a_deck_whose_turn_keeping_cards_still_let_rounds_end():
    """Found by the solver: 9 x², 4 3x³ and 3 Intermisión, any card after an action card, two
    players: the two groups are linked only by a card that gives the choice back to its player, and
    yet every round can end (deckgen's model checker agrees). The check proves nothing there."""
    case = Case([(BASIC, 1, 2), (BASIC, 3, 3), ("intermision", None, None)], [9, 4, 3], 2,
                {"after_action": "free", "draw_freely": False, "retorno_two_players": "reverse", "last_card_draws": True, "algebra_call": 1.0})
    got = compare(case, budget=200_000)
    assert got["solver"].complete and got["solver"].cannot_end == 0
    assert got["graph_ok"] and not got["problems"]


def test_the_solver_finds_the_islands_trap_and_the_blocked_end():
    """Two groups and no action card: positions that cannot end (as deckgen's search finds); a
    deck of exactly 15 cards whose first card nobody can follow ends at once, blocked."""
    stuck = solve(rules_of([(BASIC, 2, 3), (BASIC, 3, 1)], [8, 8], 2, {}))
    assert stuck.complete and stuck.cannot_end > 0
    one = solve(rules_of([(BASIC, 3, 3), (BASIC, 1, 1), (TOMA2, None, None)], [1, 12, 2], 2, {"after_action": "free"}))
    assert one.complete and one.ends >= 1 and one.cannot_end == 0
