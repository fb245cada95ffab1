"""Multipli Cat's rules read against the source rulebook (issue 13): gula for every wrong slapper,
the infinite match (refill size, two losers, chapter VI), Regalo and Emboscada with two players,
the ¡Ratón! call and the card just turned up, and the reshuffle when no face-down pile is left."""

from __future__ import annotations

import random
from collections import deque

import pytest
from multiplicats.test_rules import deck_of, play_turn, position

from deckgen.games.multiplicats import GAME, rules
from deckgen.games.multiplicats.state import _OVER, MultiplicatsState
from deckgen.options import resolve
from deckgen.registry import BuildRequest

PAIR = ("3x4", "12", "5x5", "2x2", "7x7", "1x1")  # seat 0 turns up 3×4 = 12; seat 1 shows 12; seat 2 shows 25


# ---------------------------------------------------------------- item 5: gula


@pytest.mark.parametrize("glutton_ms", [100, 400, 600])
def test_a_wrong_slapper_is_a_glutton_whenever_they_slap_and_the_pair_still_exchanges(glutton_ms):
    s = position(deck_of(*PAIR), 3, [[0, 3], [4], [5]], up=[[], [1], [2]], false=(2,), times={0: 300, 1: 500, 2: glutton_ms})
    play_turn(s)
    assert s.tally["gulas"] == 1 and s.tally["slaps"] == 1
    assert s.piles[1] == deque([4, 0, 1])  # the exchange: the winner's 3×4, then the loser's own 12
    assert s.piles[2] == deque([5, 2])  # the glutton collects what is left face up (its own 5×5)
    assert s.up == [[], [], []] and s.turn == 1  # the loser of the exchange turns up next


def test_two_gluttons_are_both_counted_the_faster_collects_first():
    labels = PAIR + ("9x9", "8x8")
    s = position(deck_of(*labels), 4, [[0, 3], [4], [5], [6]], up=[[], [1], [2], [7]], false=(2, 3), times={0: 300, 1: 500, 2: 450, 3: 350})
    play_turn(s)
    assert s.tally["gulas"] == 2
    assert s.piles[3] == deque([6, 7, 2])  # seat 3 (350 ms) first: its own card, then seat 2's, in play order
    assert s.piles[2] == deque([5])  # seat 2 finds nothing left
    assert s.piles[1] == deque([4, 0, 1])


def test_a_glutton_on_a_balancin_is_counted_beside_the_duel():
    # seat 0 turns up Balancín; 25 (seat 2) and 12 (seat 1) are the high and low; seat 3 shows 16
    deck = deck_of("balancin", "12", "5x5", "2x2", "7x7", "1x1", "3x3", "4x4")
    s = position(deck, 4, [[0, 3], [4], [5], [6]], up=[[], [1], [2], [7]], false=(0,), times={1: 300, 2: 500, 3: 600, 0: 400})
    play_turn(s)
    assert s.tally["gulas"] == 1 and s.tally["slaps"] == 1
    assert s.piles[2] == deque([5, 1, 2])  # seat 1 (300 ms) won the duel against seat 2
    assert s.piles[0] == deque([3, 0, 7])  # the glutton collects what is left: its Balancín and seat 3's 4×4


# ---------------------------------------------------------------- item 6: the infinite match


def test_infinite_refill_is_the_sources_15_to_30_by_player_count():
    assert [rules.infinite_refill(160, p) for p in range(2, 9)] == [30, 30, 27, 24, 21, 18, 15]
    # a small deck: never more than an even share of it (tables 1-5: 88 cards)
    assert [rules.infinite_refill(88, p) for p in range(3, 9)] == [29, 22, 17, 14, 12, 11]
    assert rules.infinite_refill(160, 5, setting=9) == 9


def test_the_full_deck_refill_in_a_dealt_game():
    deck = GAME.build(BuildRequest(resolve(GAME.options, {"infinite": True}), 1))
    assert len(deck.cards) == 160
    assert MultiplicatsState(deck, 8, random.Random(1)).refill == 15
    assert MultiplicatsState(deck, 3, random.Random(1)).refill == 30


def test_the_two_lowest_scorers_lose_the_infinite_match():
    assert rules.infinite_losers([3, 1, 0, 2]) == [1, 2]
    assert rules.infinite_losers([3, 0, 1]) == [1, 2]
    assert rules.infinite_losers([3, 1, 1, 1]) == [1, 2, 3]  # a tie for second-to-last: all tied lose
    assert rules.infinite_losers([3, 2]) == [1]  # two players: one loser
    assert rules.infinite_losers([3, 3, 0]) == [2]  # the winners never lose
    deck = deck_of(*PAIR, infinite=True)
    s = position(deck, 4, [[0, 3], [4], [5], []], up=[[], [1], [2], []])
    s.points, s.phase = [3, 1, 0, 2], _OVER
    assert s.winners() == [0] and s.returns() == [1.0, 0.0, 0.0, 0.5]


def test_chapter_vi_the_last_card_special_hands_its_cards_to_the_two_slowest_of_the_group():
    # seats 0, 1 and 3 show 12 (3×4 turned up by seat 0); seat 2 has only face-up cards, a special on top
    deck = deck_of("3x4", "12", "magia", "2x2", "7x7", "5x5", "6x6", "4x3", "9x9")
    s = position(deck, 4, [[0, 3], [4], [], [8]], up=[[5], [1], [6, 2], [7]], times={2: 50, 0: 300, 1: 500, 3: 400})
    play_turn(s)
    assert s.out == [2]
    # the two slowest of the group, seats 3 (400 ms) and 1 (500 ms), get its face-up cards in turn
    assert s.piles[1] == deque([4, 6, 1]) and s.piles[3] == deque([8, 2, 7])  # dealt one each, lowest seat first
    assert s.up[0] == [5, 0]  # the fastest of the group keeps its cards


# ---------------------------------------------------------------- item 7: two players, two piles each


def test_regalo_with_two_players_gives_the_opponent_one_card():
    deck = deck_of("regalo", "12", "5x5", "2x2", "7x7", "1x1", "9x9", "8x8")
    # piles 0 and 2 are player 0's, piles 1 and 3 player 1's; pile 0 turns up Regalo
    s = position(deck, 2, [[0, 3, 6], [4], [5], [7]], up=[[], [1], [2], []])
    play_turn(s)
    assert [list(p) for p in s.piles] == [[6], [4, 3], [5], [7]]  # one card, under the first opponent pile


def test_emboscada_lost_with_two_players_the_opponent_gives_one_card():
    deck = deck_of("emboscada", "12", "5x5", "2x2", "7x7", "1x1", "9x9", "8x8")
    s = position(deck, 2, [[0, 3], [4, 6], [5], [7]], up=[[], [1], [2], []], times={0: 500, 1: 300})
    play_turn(s)
    assert [list(p) for p in s.piles] == [[3, 4], [6], [5], [7]]  # one card from player 1 only


# ---------------------------------------------------------------- item 8: ¡Ratón! and the card just turned up


def test_a_persecucion_turned_up_with_a_raton_call_is_still_played():
    deck = deck_of("3x4", "12", "5x5", "2x2", "persecucion", "1x1", "9x9", "8x8", raton_call=True)
    # seat 0 turns up 3×4 = 12 and seat 2 shows 12: both miss it
    s = position(deck, 4, [[0, 3], [4, 5], [6], [7]], up=[[], [2], [1], []], miss=(0, 2), times={3: 100, 0: 300, 2: 400, 1: 900})
    play_turn(s)
    assert s.missed == [0, 2] and s.turn == 1
    play_turn(s)  # seat 1 turns up a Persecución; seat 3 calls ¡Ratón! first
    assert s.tally["raton_calls"] == 1
    assert s.piles[0] == deque([3, 0]) and s.piles[2] == deque([6, 1])  # the denounced pair takes its cards back
    # and the Persecución is played: everyone slaps, the slowest (seat 1) takes back its face-up cards
    assert s.tally["chances"] == 2 and s.piles[1] == deque([5, 2, 4]) and s.up == [[], [], [], []]
    assert s.turn == 3  # the fastest slapper turns up next


def test_after_a_successful_call_the_caller_turns_up_next():
    deck = deck_of("3x4", "12", "5x5", "2x2", "7x7", "1x1", "9x9", "8x8", raton_call=True)
    s = position(deck, 4, [[0, 3], [4, 5], [6], [7]], up=[[], [2], [1], []], miss=(0, 2), times={3: 100, 1: 900})
    play_turn(s)  # 3×4 and seat 2's 12 go unslapped
    play_turn(s)  # seat 1 turns up 7×7, which matches nothing; seat 3 calls first
    assert s.tally["raton_calls"] == 1 and s.turn == 3  # the caller, not seat 2 (next after seat 1)


def test_a_card_of_a_denounced_player_goes_back_with_their_cards():
    deck = deck_of("3x4", "12", "5x5", "2x2", "persecucion", "1x1", "9x9", raton_call=True)
    s = position(deck, 3, [[0, 3], [4, 5], [6]], up=[[], [1], [2]], miss=(0, 1), times={2: 200})
    play_turn(s)
    play_turn(s)  # seat 1 (one of the pair) turns up the Persecución; seat 2 calls: it goes back with seat 1's cards
    assert s.piles[1] == deque([5, 1, 4]) and s.tally["chances"] == 1 and s.turn == 2


# ---------------------------------------------------------------- item 9: nobody has a face-down pile


def test_when_nobody_has_a_face_down_pile_everyone_shuffles_their_face_up_cards():
    deck = deck_of("2x2", "12", "5x5", "3x3", "7x7", "1x1")
    s = position(deck, 3, [[0], [], []], up=[[], [1, 3], [2, 4, 5]])
    before = [sorted([0]), sorted([1, 3]), sorted([2, 4, 5])]
    play_turn(s)  # 2×2 matches nothing; now nobody holds a face-down card
    assert s.tally["recycles"] == 1
    assert [sorted(p) for p in s.piles] == before and s.up == [[], [], []]
    assert s.card_count() == 6 and not s.is_terminal()
    assert s.turn == 1  # play goes on after the player who turned up the last card
