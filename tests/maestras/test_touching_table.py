"""Where a card may go, cell by cell: the placement rules against an independent oracle on every
neighbourhood of one extra card, with and without the corners variant."""

from __future__ import annotations

import itertools

import pytest

from deckgen.games.maestras import rules as R

TARGET = (0, 0)
WINDOW = [(x, y) for x in range(-3, 4) for y in range(-3, 4)]


def oracle(occupied: set, cell, last, *, line: bool, corners: bool) -> str | None:
    """The rule in words: a free cell sharing a side with the target, touching no other card (by a
    side; with ``corners`` also by a corner), in line with the last card placed when ``line``."""
    if cell in occupied:
        return R.OCCUPIED
    if abs(cell[0]) + abs(cell[1]) != 1:
        return R.NOT_NEXT
    for other in occupied - {TARGET}:
        dx, dy = abs(other[0] - cell[0]), abs(other[1] - cell[1])
        if (dx + dy == 1) or (corners and dx == 1 and dy == 1):
            return R.TOUCHES_OTHER
    if line and last is not None and cell[0] != last[0] and cell[1] != last[1]:
        return R.NOT_IN_LINE
    return None


@pytest.mark.parametrize("corners", [False, True])
@pytest.mark.parametrize("line", [False, True])
def test_every_cell_around_a_target_with_one_other_card(corners, line):
    checked = 0
    for other in WINDOW:
        if other == TARGET:
            continue
        occupied = {TARGET, other}
        for cell, last in itertools.product(WINDOW, [None, other, (2, 3)]):
            want = oracle(occupied, cell, last, line=line, corners=corners)
            assert R.why_not(occupied, cell, TARGET, last, line=line, corners=corners) == want, (other, cell, last)
            assert R.can_place(occupied, cell, TARGET, last, line=line, corners=corners) == (want is None), (other, cell, last)
            checked += 1
        free = R.free_cells(occupied, TARGET, None, line=line, corners=corners)
        assert free == [c for c in R.SIDES if oracle(occupied, c, None, line=line, corners=corners) is None]
    assert checked == 48 * 49 * 3


def test_each_diagonal_neighbour_blocks_only_with_corners():
    # a card on each diagonal of the cell north of the target, one at a time
    north = (0, -1)
    for dx, dy in R.DIAGONAL:
        other = (north[0] + dx, north[1] + dy)
        if other == TARGET:
            continue
        occupied = {TARGET, other}
        assert R.can_place(occupied, north, TARGET, None, line=False, corners=False)
        assert not R.can_place(occupied, north, TARGET, None, line=False, corners=True), other
    assert sorted(R.touching((5, 5), True)) == [(4, 4), (4, 5), (4, 6), (5, 4), (5, 6), (6, 4), (6, 5), (6, 6)]
    assert sorted(R.touching((5, 5), False)) == [(4, 5), (5, 4), (5, 6), (6, 5)]
