"""Source sentences the other Multipli Cat's tests did not pin (listed in deckgen/games/multiplicats/RULES.md)."""

from __future__ import annotations

from collections import deque

from multiplicats.test_rules import deck_of, play_turn, position


def test_a_wrong_raton_call_sends_the_callers_face_up_cards_under_their_pile():
    deck = deck_of("3x4", "12", "5x5", "2x2", "7x7", "1x1", "9x9", raton_call=True)
    # no pair was missed; seat 2 (a wrong slapper in this script) calls ¡Ratón! when seat 0 turns up 2×2
    s = position(deck, 3, [[3, 0], [4], [5, 6]], up=[[], [1], [2]], false=(2,), times={2: 200, 0: 900, 1: 900})
    s.missed = None
    play_turn(s)
    assert s.tally["raton_calls"] == 1
    # the wrong call first sends seat 2's own face-up card (2) under its pile; slapping on the 2×2,
    # which matches nobody, is then gula: it also collects the other face-up cards (3, then 1)
    assert s.piles[2] == deque([5, 6, 2, 3, 1]) and s.tally["gulas"] == 1 and s.up == [[], [], []]
