"""The cooperative Hectoedra puzzle's exact solver (deckgen/games/hectoedra/solver.py) against a brute
force written from the rule alone (the longest stack of distinct cards, each linked to the one below:
one a multiple of the other, or with the full rule also a common divisor above 1 or two primes): every
stack, by dynamic programming over the subsets of the set and the card on top. Its own link test, its
own search. The sets are the kinds the solver's shortcuts are about: many twins (big primes around a
few hubs), powers and their products, numbers above 100 (a deck file's 1 to 999), sets without the 1,
and plain ranges; both rules.

    python3 tests/independent/hectoedra_puzzle_compare.py --sets 300 --seed 1   # prints every disagreement
"""

from __future__ import annotations

import random
from math import gcd


def prime(n: int) -> bool:
    return n > 1 and all(n % d for d in range(2, int(n ** 0.5) + 1))


def links(a: int, b: int, rule: str) -> bool:
    if a % b == 0 or b % a == 0:
        return True
    return rule == "full" and (gcd(a, b) > 1 or (prime(a) and prime(b)))


def longest(cards: list[int], rule: str) -> int:
    """The most cards in a stack: ends[mask] holds, as bits, every card that can be on top of a
    stack made of exactly the cards of ``mask``."""
    n = len(cards)
    if not n:
        return 0
    near = [sum(1 << j for j in range(n) if j != i and links(cards[i], cards[j], rule)) for i in range(n)]
    ends = [0] * (1 << n)
    for i in range(n):
        ends[1 << i] = 1 << i
    best = 1
    for mask in range(1, 1 << n):
        tops = ends[mask]
        if not tops:
            continue
        best = max(best, bin(mask).count("1"))
        while tops:
            low = tops & -tops
            tops ^= low
            free = near[low.bit_length() - 1] & ~mask
            while free:
                bit = free & -free
                free ^= bit
                ends[mask | bit] |= bit
    return best


PRIMES = [p for p in range(2, 1000) if prime(p)]


def random_set(rng: random.Random, most: int = 16) -> list[int]:
    size = rng.randint(8, most)
    kind = rng.randrange(6)
    if kind == 0:  # twins: primes above 50 hang from the same few hubs
        hubs = rng.sample([1, 2, 3, 4, 6, 8, 12, 24], rng.randint(2, min(8, size - 3)))
        return sorted(hubs + rng.sample([p for p in PRIMES if 50 < p < 400], size - len(hubs)))
    if kind == 1:  # powers of 2, 3 and 5 and their products: long chains, many links
        return sorted(rng.sample(sorted({2 ** a * 3 ** b * 5 ** c for a in range(7) for b in range(4) for c in range(3)}), size))
    if kind == 2:  # a deck file's numbers, up to 999
        return sorted(rng.sample(range(1, 1000), size))
    if kind == 3:  # no 1: primes, squares and products of two primes
        return sorted(rng.sample(PRIMES[:40] + [p * p for p in PRIMES[:6]] + [6, 10, 14, 15, 21, 35], size))
    if kind == 4:
        return sorted(rng.sample(range(1, 41), size))
    return sorted(rng.sample(range(2, 61), size))


def compare(cards: list[int], rule: str) -> list[str]:
    """Every way deckgen's answer differs from the brute force's (empty when they agree)."""
    from deckgen.games.hectoedra.solver import solve

    sol = solve(cards, rule)
    want = longest(cards, rule)
    problems = []
    if not sol.proven or sol.length != want or sol.bound != want:
        problems.append(f"deckgen: {sol.length} cards (proven {sol.proven}, at most {sol.bound}); brute force: {want}")
    order = list(sol.order)
    if len(set(order)) != len(order) or not set(order) <= set(cards) or not all(links(a, b, rule) for a, b in zip(order, order[1:])):
        problems.append(f"deckgen's stack {order} is not a stack of the set")
    return problems


def main() -> int:
    import argparse
    import sys
    import time
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sets", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--most", type=int, default=16, help="the most cards in a set (the brute force doubles its work per card)")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    start, bad = time.process_time(), 0
    for _ in range(args.sets):
        cards, rule = random_set(rng, args.most), rng.choice(("divisor", "full"))
        problems = compare(cards, rule)
        if problems:
            bad += 1
            print(f"DISAGREE {rule} {cards}: {'; '.join(problems)}", flush=True)
    print(f"{args.sets} sets of 8 to {args.most} cards, {bad} disagreements, {time.process_time() - start:.0f} CPU s (seed {args.seed})")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
