"""The exact solver: known optima (OEIS A337125), brute force on random small sets, every order checked."""

import random
from itertools import permutations

import pytest

from deckgen.errors import DeckgenError
from deckgen.games.hectoedra import solver
from deckgen.games.hectoedra.numbers import linked
from deckgen.games.hectoedra.solver import explain, order_problems, solve

KNOWN = {10: 9, 12: 11, 20: 17, 30: 26, 50: 41, 68: 54, 100: 77}


def assert_valid(sol, cards, rule):
    assert order_problems(sol.order, cards, rule) == []
    for a, b in zip(sol.order, sol.order[1:]):  # link by link, independently of order_problems
        assert linked(a, b, rule), (a, b)
        if rule == "divisor":
            assert a % b == 0 or b % a == 0
    assert len(set(sol.order)) == len(sol.order) == sol.length


@pytest.mark.parametrize("n, best", sorted(KNOWN.items()))
def test_known_values(n, best):
    sol = solve(range(1, n + 1))
    assert sol.proven and sol.length == best and sol.bound == best
    assert_valid(sol, range(1, n + 1), "divisor")


def brute_force(cards, rule):
    """Longest path by dynamic programming over subsets (exact, for small sets)."""
    cards = list(cards)
    n = len(cards)
    if n == 0:
        return 0
    adj = [[linked(cards[i], cards[j], rule) for j in range(n)] for i in range(n)]
    reach = [set() for _ in range(1 << n)]
    for i in range(n):
        reach[1 << i].add(i)
    best = 1
    for mask in range(1, 1 << n):
        for end in reach[mask]:
            best = max(best, bin(mask).count("1"))
            for j in range(n):
                if not mask >> j & 1 and adj[end][j]:
                    reach[mask | 1 << j].add(j)
    return best


@pytest.mark.parametrize("rule", ["divisor", "full"])
def test_against_brute_force_on_random_small_sets(rule):
    rng = random.Random(2024 if rule == "divisor" else 7)
    for trial in range(150):
        top = rng.choice([12, 20, 30, 60, 100])
        size = rng.randint(1, min(11, top))
        cards = rng.sample(range(1, top + 1), size)
        sol = solve(cards, rule)
        assert sol.proven
        assert sol.length == brute_force(sorted(cards), rule), (sorted(cards), sol.order)
        assert_valid(sol, cards, rule)


def test_brute_force_agrees_with_permutations_on_tiny_sets():
    cards = [2, 3, 4, 6, 9]
    longest = max(
        (k for k in range(1, 6) for p in permutations(cards, k) if all(linked(a, b, "divisor") for a, b in zip(p, p[1:]))),
    )
    assert brute_force(cards, "divisor") == longest == solve(cards).length


@pytest.mark.parametrize("n", [16, 24, 30, 36])
def test_full_rule_and_divisor_rule_on_ranges(n):
    full = solve(range(1, n + 1), "full")
    assert full.proven and full.length == n  # with 1 and the shared divisors every card fits
    assert_valid(full, range(1, n + 1), "full")


def test_many_twins_are_handled_exactly():
    # The big primes have only 1 as neighbour: at most two of them in a stack (one at each end of 1).
    cards = [1, 53, 59, 61, 67, 71]
    assert solve(cards).length == 3
    cards = [1, 2, 4, 53, 59, 61, 67, 71, 73]
    sol = solve(cards)
    assert sol.length == brute_force(cards, "divisor") == 4  # 53, 1, 2, 4


def test_large_random_sets_match_the_milp_and_search():
    rng = random.Random(5)
    for _ in range(3):
        cards = rng.sample(range(1, 101), 40) + [1]
        sol = solve(set(cards))
        assert sol.proven
        assert_valid(sol, set(cards), "divisor")


def test_edge_cases():
    assert solve([]).length == 0 and solve([]).proven
    assert solve([7]).order == (7,)
    assert solve([25, 49]).length == 1  # no link: any single card is a stack
    assert solve([3, 9]).order in ((3, 9), (9, 3))
    with pytest.raises(DeckgenError, match="repeats"):
        solve([2, 2])
    with pytest.raises(DeckgenError, match="positive whole"):
        solve([0, 1])
    with pytest.raises(DeckgenError, match="unknown rule"):
        solve([1, 2], "nope")


def test_time_limit_reports_best_found_as_not_proven(monkeypatch):
    sol = solve(range(1, 101), time_limit=1e-6)
    assert not sol.proven
    assert sol.bound >= 77 >= sol.length
    assert order_problems(sol.order, range(1, 101), "divisor") == []
    # the pure search path too
    monkeypatch.setattr(solver, "SEARCH_LIMIT", 200)
    monkeypatch.setattr(solver, "SEARCH_BUDGET", 0)
    monkeypatch.setattr(solver, "_CHECK_EVERY", 1)
    sol = solve(range(1, 41), time_limit=0.01)
    assert not sol.proven and sol.bound >= 32 >= sol.length


def test_explain_names_each_link():
    assert explain([4, 12, 9, 3], "divisor") == ["12 on 4: 12 is a multiple of 4", "9 on 12: NOT LINKED", "3 on 9: 9 is a multiple of 3"]
    assert explain([6, 9, 2, 3], "full")[:1] == ["9 on 6: they share a divisor greater than 1"]
    assert order_problems([4, 12, 9], range(1, 20)) == ["9 cannot go on 12"]
    assert order_problems([4, 4], range(1, 20)) == ["4 is used twice"]
    assert order_problems([40], range(1, 20)) == ["40 is not in the set"]


def test_search_alone_agrees_with_milp_on_mid_sets(monkeypatch):
    rng = random.Random(11)
    sets = [sorted(rng.sample(range(1, 41), 22)) for _ in range(3)] + [list(range(1, 25))]
    monkeypatch.setattr(solver, "SEARCH_LIMIT", 0)
    milp = [solve(c) for c in sets]
    assert all(s.methods == ("milp",) for s in milp)
    monkeypatch.setattr(solver, "SEARCH_LIMIT", 200)
    monkeypatch.setattr(solver, "SEARCH_BUDGET", 0)
    search = [solve(c) for c in sets]
    assert all(s.methods == ("search",) for s in search)
    assert [s.length for s in search] == [s.length for s in milp]


def test_hard_small_set_hands_over_to_the_integer_program():
    cards = [1, 2, 3, 4, 9, 10, 14, 34, 41, 51, 56, 64, 68, 76, 87, 88, 93, 95, 98, 100]
    sol = solve(cards)
    assert sol.proven and sol.length == 13 and sol.methods == ("search+milp",)
    assert_valid(sol, cards, "divisor")
