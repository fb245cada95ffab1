"""The pure rule functions on the product 1 (the smallest product, still a number card), next to
special cards (negative codes) and empty piles (None)."""

from __future__ import annotations

from deckgen.games.multiplicats import rules

SPECIAL = -3


def test_magia_matches_piles_showing_one():
    assert rules.all_match_groups([1, 1, 12, None], [0, 1, 2, 3]) == [[0, 1]]
    assert rules.all_match_groups([1, 12, 1, 12], [0, 1, 2, 3]) == [[0, 2], [1, 3]]
    assert rules.all_match_groups([1, 1, 1, 1], [0, 1, 0, 1]) == [[0, 1, 2, 3]]
    assert rules.all_match_groups([1, 1, SPECIAL, SPECIAL], [0, 0, 1, 1]) == []  # one player's piles; specials never match


def test_a_slap_on_one_and_never_on_a_special():
    assert rules.match_group([1, 1, 5], [0, 1, 2], 0) == [0, 1]
    assert rules.match_group([SPECIAL, SPECIAL, 5], [0, 1, 2], 0) == []
    assert rules.match_group([None, 5, 5], [0, 1, 2], 0) == []


def test_balancin_counts_one_as_the_lowest_product():
    assert rules.balancin_sides([1, 100, 12, SPECIAL], [0, 1, 2, 3]) == ([1], [0])
    assert rules.balancin_sides([1, SPECIAL, None], [0, 1, 2]) is None  # one number card shown
    assert rules.balancin_sides([1, 1, 1], [0, 1, 2]) is None  # every number equal


def test_the_slowest_slapper_gives_and_ties_go_to_the_first_listed():
    assert rules.slowest([0, 1, 2], {0: 300.0, 1: 500.0, 2: 400.0}) == 1
    assert rules.slowest([2, 0, 1], {0: 500.0, 1: 500.0, 2: 500.0}) == 2
    assert rules.slowest([0, 1], {0: 300.0}) == 1  # a player who never slapped counts as the latest
    assert rules.slowest([1, 0], {}) == 1
