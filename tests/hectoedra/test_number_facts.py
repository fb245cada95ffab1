"""The number facts behind the cards, checked against plain definitions over 1..100."""

from __future__ import annotations

from math import gcd

from deckgen.games.hectoedra.numbers import divisors, is_prime, link


def plain_prime(n: int) -> bool:
    return n >= 2 and all(n % d for d in range(2, n))


def test_primes_are_exactly_true_or_false():
    for n in range(0, 102):
        assert is_prime(n) is plain_prime(n), n  # a bool, never a falsy None


def test_divisors_of_every_card():
    for n in range(1, 101):
        assert divisors(n) == [d for d in range(1, n + 1) if n % d == 0]


def test_every_pair_links_for_the_reason_the_rules_give():
    for a in range(1, 101):
        for b in range(1, 101):
            if a % b == 0 or b % a == 0:
                want = "multiple"
            elif gcd(a, b) > 1:
                want = "common"
            elif plain_prime(a) and plain_prime(b):
                want = "primes"
            else:
                want = None
            assert link(a, b) == want, (a, b)
            assert link(a, b, "divisor") == (want if want == "multiple" else None), (a, b)
    assert link(4, 6) == "common" and link(10, 15) == "common" and link(7, 11) == "primes" and link(8, 9) is None
