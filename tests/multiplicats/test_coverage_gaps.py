"""Source sentences the other Multipli Cat's tests did not pin (listed in deckgen/games/multiplicats/RULES.md)."""

from __future__ import annotations

from collections import deque

import pytest
from multiplicats.test_rules import deck_of, play_turn, position

from deckgen.games.multiplicats.reaction import NEVER


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


class _CallsOnce:
    """Scripted reactions: ``caller`` makes one wrong ¡Ratón! call (the first wrong reaction asked
    for) and never slaps wrongly afterwards; everyone else never reacts wrongly."""

    def __init__(self, caller):
        self.caller, self.used = caller, False

    def time(self, rng, player):
        return 1000.0 + player

    def entitled_time(self, rng, player):
        return self.time(rng, player)

    def false_time(self, rng, player):
        if player == self.caller and not self.used:
            self.used = True
            return 200.0
        return NEVER


def test_a_wrong_raton_call_alone_sends_back_only_the_callers_face_up_cards():
    deck = deck_of("3x4", "12", "5x5", "2x2", "7x7", "1x1", "9x9", raton_call=True)
    s = position(deck, 3, [[3, 0], [4], [5, 6]], up=[[], [1], [2]])
    s.model = _CallsOnce(2)
    play_turn(s)  # seat 0 turns up 2×2 (no match); seat 2 calls ¡Ratón! wrongly and does not slap
    assert s.tally["raton_calls"] == 1 and s.tally["gulas"] == 0
    assert s.piles[2] == deque([5, 6, 2]) and s.up == [[3], [1], []] and s.turn == 1


def test_the_first_player_out_wins_and_the_game_ends_when_two_are_left():
    deck = deck_of("3x4", "12", "5x5", "2x2", "7x7", "1x1", "9x9", "8x8")
    # four players; seat 2 went out earlier (turn 0); now seat 0 turns up its last card and wins
    s = position(deck, 4, [[0], [3, 4, 5], [], [6]], up=[[], [1], [], [2, 7]], times={0: 100, 1: 500})
    s.out, s.out_turn = [2], {2: 0}
    play_turn(s)
    assert s.out == [2, 0] and s.is_terminal()  # two are left: the game is over
    assert s.winners() == [2] and s.returns() == [0.5, 0.0, 1.0, 0.0]  # the first out is the Gatosabio


def test_a_player_with_face_up_cards_but_no_face_down_pile_is_still_in():
    deck = deck_of("2x2", "12", "5x5", "3x3", "7x7", "1x1")
    s = position(deck, 3, [[0, 3], [], [4, 5]], up=[[], [1], [2]])
    play_turn(s)  # seat 0's 2×2 matches nothing: seat 1 still shows its 12
    assert s.out == [] and not s.is_terminal() and s.turn == 2  # seat 1 is skipped, not out


def test_the_game_is_for_two_to_eight_players():
    from deckgen.errors import OptionError
    from deckgen.games.multiplicats import GAME
    from deckgen.spec import spec_for

    assert GAME.players == (2, 8)
    assert GAME.player_counts(spec_for("multiplicats", cli={}).build()) == list(range(2, 9))
    assert spec_for("multiplicats", cli={"players": 8}).players == 8
    with pytest.raises(OptionError, match="2 to 8 players"):
        spec_for("multiplicats", cli={"players": 9})
