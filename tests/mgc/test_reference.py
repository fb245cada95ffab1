"""`rules.follows` is the reference definition of "may this monomial be played": the engine's
precomputed masks (cards.py) must agree with it for every constraint of every deck."""

from __future__ import annotations

import pytest

from deckgen.games.mgc import rules
from deckgen.games.mgc.cards import tables


def test_follows_by_coefficient_or_degree_or_anything():
    assert rules.follows((3, 4), 3, 1) and rules.follows((3, 4), 5, 4)
    assert not rules.follows((3, 4), 4, 3)
    assert rules.follows((None, None), 7, 9)  # anything goes (a round opened by an action card)
    assert rules.follows((2, None), 2, 6) and not rules.follows((2, None), 3, 2)  # a named coefficient
    assert rules.follows((None, 5), 1, 5) and not rules.follows((None, 5), 5, 1)  # a named degree
    assert rules.follows((-2, 0), -2, 3) and rules.follows((-2, 0), 4, 0) and not rules.follows((-2, 0), 2, 1)


@pytest.mark.parametrize("options", [{}, {"coefficients": "-3-3", "degrees": "0-4", "copies": 3}])
def test_every_constraint_mask_is_what_follows_allows(make_deck, options):
    t = tables(make_deck(**options))
    assert len(t.masks) == len(t.constraints) > 2
    for index, constraint in enumerate(t.constraints):
        expected = {
            i for i in range(t.size)
            if t.kind[i] != rules.BASIC or rules.follows(constraint, t.coefficient[i], t.degree[i])
        }
        got = {i for i in range(t.size) if t.masks[index] >> i & 1}
        assert got == expected, constraint
    assert t.constraints[t.free] == (None, None) and t.masks[t.free] == (1 << t.size) - 1


@pytest.mark.parametrize("dealer, left, after", [(0, 1, 2), (1, 2, 0), (2, 0, 1)])
def test_each_first_card_rule_with_the_seats_wrapping_round(dealer, left, after):
    """Three players: who acts first, the direction, the draw and the choice for each first card."""
    table = {
        rules.BASIC: rules.Start(left, 1),
        rules.TOMA_DOS: rules.Start(after, 1, draw=2),
        rules.TOMA_CUATRO: rules.Start(after, 1, draw=4),
        rules.RETORNO: rules.Start(dealer, -1),
        rules.INTERMISION: rules.Start(after, 1),
        rules.ELECCION_COEF: rules.Start(left, 1, choose=rules.CHOOSE_COEFFICIENT),
        rules.ELECCION_GRADO: rules.Start(left, 1, choose=rules.CHOOSE_DEGREE),
    }
    for kind, start in table.items():
        assert rules.start_rule(kind, dealer, 3) == start, kind


def test_the_point_table_the_rulebook_prints_is_the_scoring():
    for name, value in rules.POINT_TABLE:
        if name == "basic":
            assert value == "coefficient"
            assert [rules.points(rules.BASIC, c) for c in (3, -4, 1)] == [3, 4, 1]
        else:
            assert rules.points(rules.ACTION_KIND[name]) == value, name
    assert [n for n, _ in rules.POINT_TABLE[1:]] == list(rules.ACTION_KIND)
