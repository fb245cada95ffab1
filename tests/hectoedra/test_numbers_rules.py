"""Number facts and the competitive rules' pure functions (legality table, starter, scoring)."""

import pytest

from deckgen.games.hectoedra import rules
from deckgen.games.hectoedra.numbers import divisors, factorisation, is_prime, link, linked


def test_primes_up_to_100():
    primes = [n for n in range(1, 101) if is_prime(n)]
    assert len(primes) == 25
    assert primes[:6] == [2, 3, 5, 7, 11, 13] and primes[-1] == 97
    assert not is_prime(1)


@pytest.mark.parametrize("n, expected", [(1, ()), (2, ((2, 1),)), (12, ((2, 2), (3, 1))), (72, ((2, 3), (3, 2))), (64, ((2, 6),)), (97, ((97, 1),)), (100, ((2, 2), (5, 2)))])
def test_factorisation(n, expected):
    assert factorisation(n) == expected


def test_divisors():
    assert divisors(1) == [1]
    assert divisors(12) == [1, 2, 3, 4, 6, 12]
    assert divisors(97) == [1, 97]
    assert len(divisors(96)) == 12


# (card, top, why) for the three ways a card is legal, and cards that are not.
LEGALITY = [
    (1, 97, "multiple"),  # 1 goes on anything...
    (53, 1, "multiple"),  # ...and anything on 1
    (12, 4, "multiple"),
    (4, 12, "multiple"),
    (12, 12 * 8, "multiple"),
    (6, 9, "common"),  # share 3
    (4, 6, "common"),  # share 2, the smallest common divisor there is
    (10, 15, "common"),
    (49, 91, "common"),  # share 7
    (2, 3, "primes"),
    (97, 2, "primes"),
    (53, 59, "primes"),
    (2, 4, "multiple"),  # a prime on its multiple is the multiple rule
    (9, 10, None),
    (97, 4, None),
    (25, 36, None),
    (35, 2, None),
    (8, 15, None),
]


@pytest.mark.parametrize("card, top, why", LEGALITY)
def test_legality_table(card, top, why):
    assert rules.why_legal(card, top) == why
    assert rules.why_legal(top, card) == why  # every link is symmetric
    assert rules.is_legal(card, top) == (why is not None)


def test_first_card_on_empty_pile_is_always_legal():
    assert all(rules.why_legal(c, None) == "first" for c in range(1, 101))


def test_divisor_rule_knows_only_multiples():
    assert link(6, 9, "divisor") is None and link(2, 3, "divisor") is None
    assert link(6, 3, "divisor") == "multiple"
    assert linked(6, 9, "full") and not linked(6, 9, "divisor")


def test_link_counts_of_the_full_deck():
    pairs_div = sum(1 for a in range(1, 101) for b in range(a + 1, 101) if linked(a, b, "divisor"))
    assert pairs_div == sum(100 // d - 1 for d in range(1, 101)) == 382


def test_starter_has_fewest_primes_and_ties_go_to_seat_0():
    assert rules.first_starter([[2, 3, 4, 6], [4, 6, 8, 9], [5, 10, 12, 14]]) == (1, False)
    assert rules.first_starter([[2, 4, 6, 8], [3, 9, 10, 12], [5, 7, 11, 13]]) == (0, True)
    assert rules.first_starter([[2, 3, 5, 7], [11, 4, 6, 8], [13, 9, 10, 12]]) == (1, True)
    assert rules.primes_in([1, 2, 97, 100]) == 2  # 1 is not prime


def test_round_and_match_winners():
    assert rules.round_winners([3, 1, 2]) == [1]
    assert rules.round_winners([2, 0, 0]) == [1, 2]
    assert rules.match_winners([5, 5, 9]) == [0, 1]
