"""Dealing again what a player cannot see: the shared step of every game's ``sample_hidden`` (the
determinization a Monte Carlo player searches, :mod:`deckgen.analysis.montecarlo`). Which places are
hidden from a seat is the game's to say."""

from __future__ import annotations

import random
from typing import Any, Sequence


def redeal(places: Sequence[list[Any]], rng: random.Random) -> None:
    """Shuffle the cards of ``places`` together and deal them back, each place keeping its size.

    The pool is sorted before the shuffle, so the deal depends only on which cards are hidden and on
    ``rng``, never on where the cards were."""
    pool = sorted(c for place in places for c in place)
    rng.shuffle(pool)
    i = 0
    for place in places:
        n = len(place)
        place[:] = pool[i : i + n]
        i += n


def misfits(hand: Sequence[Any], rules: Sequence[tuple[int, frozenset]]) -> int:
    """How far ``hand`` is from ``rules``: for each ``(need, forbidden)``, the cards short of ``need``
    outside ``forbidden``."""
    return sum(max(0, need - sum(1 for c in hand if c not in bad)) for need, bad in rules)


def deal_avoiding(pool: Sequence[Any], sizes: Sequence[int], avoid: dict[int, list[tuple[int, frozenset]]],
                  rng: random.Random, tries: int = 16) -> list[list[Any]]:
    """Deal ``pool`` into places of ``sizes`` so that place ``i`` holds, for each ``(need, forbidden)``
    of ``avoid[i]``, at least ``need`` cards outside ``forbidden`` (an opponent who could not follow
    then holds, of the cards it held then, none that follows).

    Constructive: the pool is shuffled, and place ``i``'s ``j``-th card is the first left that none
    of its rules with ``need > j`` forbids (a uniform pick among the cards that fit), the rules'
    slots nested from the most needed; the other cards are dealt at random. A deal that runs out of
    fitting cards is tried again, up to ``tries`` times; then the plain deal that misses by the
    fewest cards. Depends only on ``pool``'s cards, ``avoid`` and ``rng``."""
    pool = sorted(pool)
    best, fewest = None, None
    for _ in range(tries):
        cards = list(pool)
        rng.shuffle(cards)
        out: list[list[Any]] = [[] for _ in sizes]
        ok = True
        for i in sorted(avoid):
            rules = sorted((r for r in avoid[i] if r[0] > 0), key=lambda r: -r[0])
            for j in range(min(sizes[i], rules[0][0]) if rules else 0):
                bad = frozenset().union(*(b for need, b in rules if need > j))
                k = next((k for k, c in enumerate(cards) if c not in bad), None)
                if k is None:
                    ok = False
                    break
                out[i].append(cards.pop(k))
            if not ok:
                break
        if ok:
            for i, n in enumerate(sizes):
                while len(out[i]) < n:
                    out[i].append(cards.pop())
            return out
        cards = list(pool)
        rng.shuffle(cards)
        plain, at = [], 0
        for n in sizes:
            plain.append(cards[at : at + n])
            at += n
        bad = sum(misfits(plain[i], avoid[i]) for i in avoid)
        if fewest is None or bad < fewest:
            best, fewest = plain, bad
    assert best is not None
    return best
