"""The shared re-deal of hidden cards: sizes kept, the same cards, and blind to where they were."""

from __future__ import annotations

import random

from deckgen.analysis.hidden import redeal


def test_redeal_keeps_sizes_and_cards_and_ignores_positions():
    a = [[5, 1, 9], [2], [], [7, 3, 8, 4]]
    b = [[9, 8, 7], [5], [], [4, 3, 2, 1]]  # the same cards in other places
    redeal(a, random.Random(3))
    redeal(b, random.Random(3))
    assert a == b
    assert [len(p) for p in a] == [3, 1, 0, 4]
    assert sorted(c for p in a for c in p) == [1, 2, 3, 4, 5, 7, 8, 9]
    deals = set()
    for seed in range(20):
        c = [[5, 1, 9], [2], [], [7, 3, 8, 4]]
        redeal(c, random.Random(seed))
        deals.add(tuple(map(tuple, c)))
    assert len(deals) > 15  # a shuffle, not a fixed order
