"""Number facts the Hectoedra cards show and the rules use: primes, factorisations, divisors, links."""

from __future__ import annotations

from functools import lru_cache
from math import gcd

RULES = ("divisor", "full")  # divisor: the cooperative rule; full: the competitive rule's three links


@lru_cache(maxsize=4096)
def is_prime(n: int) -> bool:
    if n < 2:
        return False
    if n % 2 == 0:
        return n == 2
    d = 3
    while d * d <= n:
        if n % d == 0:
            return False
        d += 2
    return True


@lru_cache(maxsize=4096)
def factorisation(n: int) -> tuple[tuple[int, int], ...]:
    """Prime factors with exponents, smallest prime first: 72 -> ((2, 3), (3, 2)); 1 -> ()."""
    out: list[tuple[int, int]] = []
    p = 2
    while p * p <= n:
        k = 0
        while n % p == 0:
            n //= p
            k += 1
        if k:
            out.append((p, k))
        p += 1
    if n > 1:
        out.append((n, 1))
    return tuple(out)


def divisors(n: int) -> list[int]:
    """Every positive divisor of ``n``, ascending."""
    small = [d for d in range(1, int(n**0.5) + 1) if n % d == 0]
    return sorted(set(small + [n // d for d in small]))


def divides_either(a: int, b: int) -> bool:
    """One is a multiple or a divisor of the other (the cooperative rule)."""
    return a % b == 0 or b % a == 0


def link(a: int, b: int, rule: str = "full") -> str | None:
    """Why ``b`` may go on ``a`` (or ``a`` on ``b``: every link is symmetric), or None.

    "multiple" (one divides the other), "common" (they share a divisor greater than 1) or "primes"
    (both prime). The divisor rule only knows "multiple".
    """
    if divides_either(a, b):
        return "multiple"
    if rule == "divisor":
        return None
    if gcd(a, b) > 1:
        return "common"
    if is_prime(a) and is_prime(b):
        return "primes"
    return None


def linked(a: int, b: int, rule: str = "full") -> bool:
    return link(a, b, rule) is not None
