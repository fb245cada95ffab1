"""The cooperative puzzle's exact solver agrees with an independent brute force (hectoedra_puzzle_compare.py)
on sets the random ranges of tests/hectoedra/test_solver.py rarely hold: many twins around a few hubs,
powers and their products, numbers up to 999, no 1; both rules. ``python3
tests/independent/hectoedra_puzzle_compare.py --sets N`` sweeps more."""

from __future__ import annotations

import random

import pytest

from independent.hectoedra_puzzle_compare import compare, longest, random_set


def test_the_brute_force_reads_the_rule():
    """Hand-checked stacks: 53 and 59 both hang from the 1 only (53, 1, 59); under the full rule two
    primes link, and 6 and 10 share the 2."""
    assert longest([1, 53, 59, 61], "divisor") == 3
    assert longest([1, 53, 59, 61], "full") == 4
    assert longest([6, 10, 9, 25], "divisor") == 1
    assert longest([6, 10, 9, 25], "full") == 4  # 9, 6, 10, 25


@pytest.mark.parametrize("seed", [1, 2])
def test_the_solver_agrees_with_the_brute_force_on_hard_kinds_of_set(seed):
    rng = random.Random(seed)
    for _ in range(12):
        cards, rule = random_set(rng, most=13), rng.choice(("divisor", "full"))
        assert compare(cards, rule) == [], (rule, cards)
