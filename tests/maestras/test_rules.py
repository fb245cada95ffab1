"""Pure rules: linking by colour and points, masters, empty cards, board geometry, scoring."""

from __future__ import annotations

import pytest

from deckgen.games.maestras import rules as R
from deckgen.games.maestras.cards import CENTRAL_INFO, EMPTY_K, MASTER_K, POINTS_K, Info
from deckgen.games.maestras.rules import CENTRE, Rules

BLUE, RED = 0, 1


def pts(colour: int, n: int) -> Info:
    return Info(POINTS_K, colour, n)


MASTER_RED = Info(MASTER_K, RED, 0)
EMPTY = Info(EMPTY_K, -1, 0)


# (previous card, new card) -> links? for each link rule
TABLE = [
    (pts(RED, 5), pts(RED, 2), {"either": True, "both": False, "colour": True, "points": False}),
    (pts(RED, 5), pts(BLUE, 6), {"either": True, "both": False, "colour": False, "points": True}),
    (pts(RED, 5), pts(BLUE, 4), {"either": True, "both": False, "colour": False, "points": True}),
    (pts(RED, 5), pts(RED, 4), {"either": True, "both": True, "colour": True, "points": True}),
    (pts(RED, 5), pts(BLUE, 3), {"either": False, "both": False, "colour": False, "points": False}),
    (pts(RED, 5), pts(BLUE, 5), {"either": False, "both": False, "colour": False, "points": False}),
    (pts(RED, 8), pts(BLUE, 1), {"either": False, "both": False, "colour": False, "points": False}),  # no wrap-around
]


@pytest.mark.parametrize("prev,new,expected", TABLE)
def test_link_table_for_every_link_rule(prev, new, expected):
    for rule, ok in expected.items():
        assert R.links(prev, new, Rules(link=rule)) is ok, rule


def test_equal_points_link_only_with_the_option():
    assert not R.links(pts(RED, 5), pts(BLUE, 5), Rules())
    assert R.links(pts(RED, 5), pts(BLUE, 5), Rules(same_points=True))
    assert not R.links(pts(RED, 5), pts(BLUE, 5), Rules(same_points=True, link="colour"))


def test_after_a_master_only_its_colour_unless_any():
    assert R.links(MASTER_RED, pts(RED, 7), Rules())
    assert not R.links(MASTER_RED, pts(BLUE, 1), Rules())
    assert R.links(MASTER_RED, pts(BLUE, 1), Rules(after_master="any"))
    # the rule for points does not apply to a master (it has no points)
    assert not R.links(MASTER_RED, pts(BLUE, 1), Rules(link="points"))


def test_empty_links_to_anything_and_the_next_card_links_to_the_card_before_it():
    for prev in (pts(RED, 5), MASTER_RED, CENTRAL_INFO):
        assert R.links(prev, EMPTY, Rules(link="both"))
    path = [pts(RED, 5), EMPTY]
    ref = R.reference(path, MASTER_RED)
    assert ref == pts(RED, 5)
    assert R.links(ref, pts(BLUE, 4), Rules()) and not R.links(ref, pts(BLUE, 7), Rules())
    # empties only: the path resumes from the master
    assert R.reference([EMPTY, EMPTY], MASTER_RED) == MASTER_RED
    with pytest.raises(ValueError):
        R.links(EMPTY, pts(RED, 1), Rules())


def test_the_central_card_links_to_anything_in_the_tiebreak():
    assert R.links(CENTRAL_INFO, pts(BLUE, 3), Rules(link="both")) and R.links(CENTRAL_INFO, MASTER_RED, Rules())


def test_linked_count_with_and_without_empty_cards():
    cards = [pts(RED, 5), EMPTY, pts(BLUE, 4)]
    assert R.linked_count(cards, Rules()) == 3
    assert R.linked_count(cards, Rules(empty_counts=False)) == 2


# ---------------------------------------------------------------- geometry


def test_a_free_cell_next_to_the_card_it_links_to():
    occupied = {CENTRE, (0, -1)}
    assert R.why_not(occupied, (0, -1), CENTRE, CENTRE, line=True, corners=False) == R.OCCUPIED
    assert R.why_not(occupied, (0, -3), (0, -1), CENTRE, line=True, corners=False) == R.NOT_NEXT
    assert R.why_not(occupied, (1, -2), (0, -1), None, line=True, corners=False) == R.NOT_NEXT  # diagonal is not next
    assert R.why_not(occupied, (0, -2), (0, -1), (0, -1), line=True, corners=False) is None
    # the engine's list of free cells: every free side of the card, whichever way it lies
    assert sorted(R.free_cells(occupied, (0, -1), (0, -1), line=True, corners=False)) == [(-1, -1), (0, -2), (1, -1)]
    assert sorted(R.free_cells({CENTRE}, CENTRE, None, line=True, corners=False)) == [(-1, 0), (0, -1), (0, 1), (1, 0)]


def test_a_new_card_touches_only_the_card_it_links_to():
    # north path (0,-1) -> (1,-1) would also touch nothing; (1,-1) next to the east master (1,0) touches two
    occupied = {CENTRE, (0, -1), (1, 0)}
    assert R.why_not(occupied, (1, -1), (0, -1), (1, 0), line=True, corners=False) == R.TOUCHES_OTHER
    # next to the central card: a card in a path never touches it
    occupied = {CENTRE, (0, -1), (-1, -1)}
    assert R.why_not(occupied, (-1, 0), (-1, -1), (-1, -1), line=True, corners=False) == R.TOUCHES_OTHER
    # corners: a diagonal neighbour touches only with the corners option, so with it a path
    # cannot turn (the turned card meets the card two back at a corner)
    occupied = {CENTRE, (0, -1), (0, -2)}
    assert R.why_not(occupied, (1, -2), (0, -2), (0, -2), line=True, corners=False) is None
    assert R.why_not(occupied, (1, -2), (0, -2), (0, -2), line=True, corners=True) == R.TOUCHES_OTHER
    assert R.why_not(occupied, (0, -3), (0, -2), (0, -2), line=True, corners=True) is None
    # the placement test the engine uses (can_place, free_cells) says the same as the explanation
    assert not R.can_place({CENTRE, (0, -1), (1, 0)}, (1, -1), (0, -1), (1, 0), line=True, corners=False)
    assert not R.can_place({CENTRE, (0, -1), (-1, -1)}, (-1, 0), (-1, -1), (-1, -1), line=True, corners=False)
    assert R.can_place(occupied, (1, -2), (0, -2), (0, -2), line=True, corners=False)
    assert not R.can_place(occupied, (1, -2), (0, -2), (0, -2), line=True, corners=True)
    assert R.free_cells({CENTRE, (0, -1), (1, 0)}, (0, -1), (0, -1), line=True, corners=False) == [(0, -2), (-1, -1)]


def test_in_line_with_the_last_card_placed():
    occupied = {CENTRE, (0, -1), (0, -2), (1, 0), (2, 0)}
    last = (0, -2)
    # continuing the east path at (3, 0): neither the row nor the column of (0, -2)
    assert R.why_not(occupied, (3, 0), (2, 0), last, line=True, corners=False) == R.NOT_IN_LINE
    assert R.why_not(occupied, (3, 0), (2, 0), last, line=False, corners=False) is None
    assert R.in_line((2, -1), (2, 5)) and R.in_line((2, -1), (7, -1)) and not R.in_line((2, -1), (3, 0))
    # continuing from the last card itself: all three free sides are in line with it
    assert sorted(R.free_cells(occupied, (2, 0), (2, 0), line=True, corners=False)) == [(2, -1), (2, 1), (3, 0)]
    # from the north tip, with the last card at (2, 0), no free side of (0, -2) is in line with it
    assert R.free_cells(occupied, (0, -2), (2, 0), line=True, corners=False) == []
    assert R.free_cells(occupied, (0, -2), (0, 5), line=True, corners=False) == [(0, -3)]


def test_scoring_masters_then_cards_then_shared():
    assert R.winners([2, 1, 2], [10, 15, 11]) == [2]
    assert R.winners([2, 1, 2], [10, 15, 10]) == [0, 2]
    assert R.winners([0, 3], [0, 5]) == [1]
    assert R.masters_tied([2, 2, 1]) and not R.masters_tied([3, 2, 2])
