"""Source sentences the other MGC tests did not pin (listed in deckgen/games/mgc/RULES.md)."""

from __future__ import annotations

import pytest

from mgc.mgctools import hand, new_state


@pytest.mark.parametrize("players", [2, 4, 7])
def test_the_deal_seven_cards_each_one_turned_up_the_rest_is_the_pile(deck, cards, players):
    state, _ = new_state(deck, players, top=cards(2, 3))
    assert [len(hand(state, s)) for s in range(players)] == [7] * players
    assert state.top == cards(2, 3)  # the first card of the pile, turned up
    assert len(state.pile) == len(deck.cards) - 7 * players - 1
    assert state.card_count() == len(deck.cards)
    dealt = {c for s in range(players) for c in hand(state, s)}
    assert state.top not in dealt and not dealt & set(state.pile)
