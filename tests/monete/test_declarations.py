"""A play is legal only with declarations the cards allow: a numbered card counts as itself, a
comodín as a number 1..top and, only in the colour modes, a colour. The reference definition
(`is_legal_play`) refuses every other declaration, and the generator never offers one."""

from __future__ import annotations

import pytest

from deckgen.games.monete.cards import NO_COLOUR
from deckgen.games.monete.rules import Rules, Situation, card_options, is_legal_play, play_moves

RED, BLUE = 1, 0


def test_a_numbered_card_counts_only_as_itself(cards):
    t = cards.table
    seven = cards(7, "red")
    hand = [seven]
    sit = Situation(False, 5, BLUE, True, None)
    rules = Rules(mode="siesta")
    assert is_legal_play(rules, sit, t, hand, ((seven,), (7,), (RED,)))
    assert not is_legal_play(rules, sit, t, hand, ((seven,), (8,), (RED,)))  # declared as another number
    assert not is_legal_play(rules, sit, t, hand, ((seven,), (7,), (BLUE,)))  # declared as another colour
    assert not is_legal_play(Rules(mode="recreo"), Situation(False, 5, BLUE, True, True), t, hand, ((seven,), (7,), (BLUE,)))


@pytest.mark.parametrize("mode", ["perezoso", "siesta"])
def test_a_comodin_declares_no_colour_without_a_colour_marker(cards, mode):
    t = cards.table
    wild = cards.wilds[0]
    rules = Rules(mode=mode)
    sit = Situation(False, 5, BLUE, True, None)
    assert set(card_options(wild, t, rules)) == {(v, NO_COLOUR) for v in range(1, 21)}
    assert is_legal_play(rules, sit, t, [wild], ((wild,), (9,), (NO_COLOUR,)))
    assert not is_legal_play(rules, sit, t, [wild], ((wild,), (9,), (BLUE,)))
    assert not is_legal_play(rules, sit, t, [wild], ((wild,), (21,), (NO_COLOUR,)))  # past the top card
    assert not is_legal_play(rules, sit, t, [wild], ((wild,), (0,), (NO_COLOUR,)))


def test_a_comodin_declares_a_real_colour_with_a_colour_marker(cards):
    t = cards.table
    wild = cards.wilds[0]
    rules = Rules(mode="jungla")
    sit = Situation(False, 5, BLUE, True, True)  # up, same colour: a blue 5 or more
    assert is_legal_play(rules, sit, t, [wild], ((wild,), (9,), (BLUE,)))
    assert not is_legal_play(rules, sit, t, [wild], ((wild,), (9,), (NO_COLOUR,)))  # colour left out
    assert not is_legal_play(rules, sit, t, [wild], ((wild,), (9,), (RED,)))  # a colour the marker forbids
    assert all(c != NO_COLOUR for _, _, colours in play_moves(rules, sit, t, [wild]) for c in colours)


def test_a_smaller_top_card_limits_the_comodin(cards):
    t = cards.table
    wild = cards.wilds[0]
    rules = Rules(mode="siesta", top=15)
    sit = Situation(False, 5, BLUE, True, None)
    assert max(v for v, _ in card_options(wild, t, rules)) == 15
    assert not is_legal_play(rules, sit, t, [wild], ((wild,), (16,), (NO_COLOUR,)))
