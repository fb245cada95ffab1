"""deckgen's Monete claims agree with an independent solver (monete_solver.py, written from the
rulebooks, not from the engine) on random tiny decks with random rule options (issue 40).

The suite's share is three decks of 14 or 15 cards the solver finishes in about a second each;
``python3 bench/independent_solvers.py --game monete`` sweeps more and prints its figures."""

from __future__ import annotations

import random

from independent.monete_compare import Case, compare, random_case
from independent.monete_solver import ACT, NUM, PURPLE, WILD, Rules, solve


def test_random_tiny_decks_get_the_solvers_verdicts():
    """Every claim validate labels [proven] (the length bound, every game ends) and the claims it
    proves by enumerating tops and markers (a round can be closed, every card can follow another)
    agree with the solver's search of every game of every deal."""
    for seed in (1, 6, 11):
        got = compare(random_case(random.Random(seed)), budget=20_000, games=6)
        assert got["complete"] and got["proven"] >= 2, got["case"]
        assert not got["problems"] and not got["sampled_refuted"], (got["case"], got["problems"], got["sampled_refuted"])


def test_the_solver_reads_the_ends_and_actions_of_the_rulebook():
    """Fourteen cards, seven each way: every game ends within the variant's bound; with Toma 3 and
    Ladronzuelos in play, and the draw pile ending the game only when someone must draw, too."""
    plain = solve(Rules(((NUM, 1, 0, None), (NUM, 10, 0, None)), (6, 8), 2, "siesta", 10, 3, "empty"))
    assert plain.complete and not plain.dead_ends and not plain.cycle and plain.closes and 0 < plain.longest <= 2 * 14
    acts = solve(Rules(((NUM, 1, 0, None), (NUM, 10, 0, None), (ACT, 5, PURPLE, "toma_3"), (ACT, 6, PURPLE, "ladronzuelos")),
                       (6, 6, 1, 1), 2, "siesta", 10, 1, "need"), budget=100_000)
    assert acts.complete and not acts.dead_ends and not acts.cycle and acts.longest <= 2 * 14


def test_a_comodin_and_every_mode_of_a_deck_for_all_modes():
    """A deck for every mode is validated (and solved) once per mode, PEREZOSO without its purple card."""
    case = Case([(NUM, 1, 0, None), (NUM, 10, 1, None), (ACT, 5, PURPLE, "repite_turno"), (WILD, None, None, None)], [6, 7, 1, 1], 2,
                {"mode": "all", "top": 10, "combo": 1, "wildcards": True})
    assert case.modes() == ("perezoso", "siesta", "recreo", "jungla")
    assert ACT not in {t[0] for t in case.rules("perezoso").types}


def test_a_third_closing_card_on_the_spared_twin_closes_the_round():
    """Found by the solver: fifteen 10s of a deck up to 10. A round opened with a 10 spares the 10 played
    right after it, and the next 10 closes (the rulebook: "the next one does"); validate said no card
    could ever close a round."""
    case = Case([(NUM, 10, 1, None)], [15], 2, {"mode": "perezoso", "top": 10, "combo": 3, "wildcards": False})
    got = compare(case, games=6)
    assert got["complete"] and got["solver"]["perezoso"].closes and not got["problems"], got["problems"]
    closed = next(c for c in got["report"].checks if str.__str__(c.name) == "a round can be closed (PEREZOSO)")
    assert closed.ok and "1 kinds of card" in str.__str__(closed.detail)


def test_an_action_card_numbered_top_closes_a_round():
    """Found by crafting decks the random ones did not hold: ten red 10s and four Te la cambio numbered
    20 (a deck file may number an action card 1 to --top). Played, a purple 20 closes the round as a
    number 20 does (the engine and the solver agree), but the static check counted number cards only,
    failed "a round can be closed" and skipped every game. In PEREZOSO, which plays without the purple
    cards, no card closes a round, and the mode's own check says so."""
    options = {"top": 20, "combo": 3, "wildcards": False, "deck_out": "empty"}
    got = compare(Case([(NUM, 10, 1, None), (ACT, 20, PURPLE, "te_la_cambio")], [10, 4], 2, {**options, "mode": "siesta"}), games=6)
    assert got["complete"] and got["solver"]["siesta"].closes and got["proven"] >= 2
    assert not got["problems"], got["problems"]
    closed = next(c for c in got["report"].checks if str.__str__(c.name) == "a round can be closed")
    assert closed.ok and "20" in str.__str__(closed.detail)
    every = compare(Case([(NUM, 10, 1, None), (ACT, 20, PURPLE, "toma_2")], [14, 2], 2, {**options, "mode": "all"}), games=6)
    assert every["complete"] and not every["problems"], every["problems"]
    assert not every["solver"]["perezoso"].closes and every["solver"]["siesta"].closes
    failed = {str.__str__(c.name) for c in every["report"].checks if not c.ok}
    assert failed == {"a round can be closed (PEREZOSO)"}, failed
