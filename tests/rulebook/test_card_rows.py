"""Issue 31, point 4: a row of card pictures that needs two rows splits evenly (4 cards: 2 and 2,
never 3 and a card alone)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from deckgen.rulebook.flow import CARD_GAP, CardRow, MM


@pytest.mark.parametrize("n,fits,rows", [(4, 3, [2, 2]), (7, 6, [4, 3]), (5, 4, [3, 2]), (3, 3, [3]), (1, 3, [1]), (10, 3, [3, 3, 2, 2]), (13, 4, [4, 3, 3, 3])])
def test_rows_are_even(n, fits, rows):
    ctx = SimpleNamespace(frame=SimpleNamespace(width=63.0, height=88.0))
    row = CardRow(ctx, list(range(n)), 32.0, [])
    avail = (fits * 32.0 + (fits - 1) * CARD_GAP + 1.0) * MM
    row.wrap(avail, 10_000)
    per = row._per
    counts = row._counts
    assert sum(counts) == n and counts == rows and max(counts) - min(counts) <= 1
    assert [row._place(k) for k in range(n)] == [(r, c) for r, m in enumerate(counts) for c in range(m)]
    assert per <= fits
