"""Rules read against the source rulebook (issue 13): when the main phase ends, when a player draws,
and the deal."""

from __future__ import annotations

import random

import pytest
from maestras.helpers import build, lay_path, make_state

from deckgen.engine.loop import play_seeded
from deckgen.games.maestras.engine import ENGINE, new_state
from deckgen.games.maestras.rules import CENTRE, Rules
from deckgen.games.maestras.state import DRAW, MAIN, OVER, TIEBREAK, encode


def _last_master_position(deck, find, **options):
    """Seven masters are on the table (three paths open, four won and taken away); seat 0 holds the
    eighth and a point card, seat 1 a card that could still link to the red path."""
    r, b, g = find("master", "red"), find("master", "blue"), find("master", "green")
    last = find("master", "yellow")
    for _ in range(4):
        find("master")  # the four masters of the won paths, out of play
    r5, b2, g7 = find("points", "red", 5), find("points", "blue", 2), find("points", "green", 7)
    state = make_state(deck, [[last, find("points", "yellow", 3)], [find("points", "red", 6)]], pile=[find("points", "blue", 8)], **options)
    lay_path(state, [r, r5], [(0, -1), (0, -2)])
    lay_path(state, [b, b2], [(1, 0), (2, 0)])
    lay_path(state, [g, g7], [(0, 1), (0, 2)])
    state.last = CENTRE
    state.masters = [2, 2]
    state.masters_placed = 7
    return state, last


def test_the_main_phase_ends_as_soon_as_every_master_is_on_the_table(deck, find):
    state, last = _last_master_position(deck, find)
    assert state.phase == MAIN
    state.apply_action(encode(last, (-1, 0)))
    # the eighth master is down: no more linking, the unwon paths (with the new master) leave the table
    assert state.phase == TIEBREAK  # 2 masters each: the tie-break decides
    assert state.paths_unwon == 4 and state.final is not None and len(state.removed) == 4 + 3
    assert state.board == {CENTRE: state.central} and state.turn == 0
    assert state.card_count() == len(deck.cards)


def test_with_main_end_stuck_play_goes_on_after_the_last_master(deck, find):
    state, last = _last_master_position(deck, find, main_end="stuck")
    state.apply_action(encode(last, (-1, 0)))
    assert state.phase == MAIN and state.turn == 1
    assert any(state.infos[c].points == 6 for c in state.hands[1])
    assert state.legal_actions() != [DRAW]  # the red 6 can still link to the red path


@pytest.mark.parametrize("players", [2, 4, 8])
def test_no_path_is_won_after_the_last_master_in_seeded_games(players):
    deck = build()
    late = 0
    for seed in range(60):
        r = play_seeded(ENGINE, deck, players, seed, check=True)
        assert r.ended and r.counts["masters_won_late"] == 0
        assert r.counts["masters_won"] <= r.counts["masters_placed"]
    stuck = build(main_end="stuck")
    for seed in range(60):
        late += play_seeded(ENGINE, stuck, players, seed).counts["masters_won_late"]
    assert late > 0  # under the old reading, paths were won after the last master


def test_after_placing_a_card_the_player_draws_back_to_four(deck, find):
    m, m2 = find("master", "red"), find("master", "blue")
    hand = [m, find("points", "red", 5), find("points", "green", 1), find("points", "green", 3)]
    pile = [find("points", "blue", 6), find("points", "blue", 7)]
    state = make_state(deck, [hand, [m2, find("points", "yellow", 2), find("points", "yellow", 4), find("points", "yellow", 6)]], pile=list(pile))
    assert Rules().refill and state.rules.refill  # the default reads step 1: place a card, then draw
    state.apply_action(encode(m, (0, -1)))
    assert len(state.hands[0]) == 4 and pile[-1] in state.hands[0] and state.pile == pile[:-1]
    assert state.draws == 0  # a refill is not a turn spent drawing


def test_without_refill_placing_a_card_draws_nothing(deck, find):
    m, m2 = find("master", "red"), find("master", "blue")
    pile = [find("points", "blue", 6)]
    state = make_state(deck, [[m, find("points", "red", 5)], [m2]], pile=list(pile), refill=False)
    state.apply_action(encode(m, (0, -1)))
    assert len(state.hands[0]) == 1 and state.pile == pile


def test_a_player_who_cannot_place_draws_one_and_the_turn_passes(deck, find):
    drawn = find("points", "red", 2)
    state = make_state(deck, [[find("points", "red", 5)], [find("master", "blue")]], pile=[drawn])
    assert state.legal_actions() == [DRAW]
    state.apply_action(DRAW)
    assert state.hands[0][-1] == drawn and state.turn == 1 and state.draws == 1


@pytest.mark.parametrize("players, used", [(2, 43), (3, 43), (4, 41), (5, 41), (6, 43), (7, 43), (8, 41)])
def test_the_deal_four_cards_each_the_central_card_down_the_rest_is_the_draw_pile(players, used):
    deck = build()
    for seed in range(5):
        state = new_state(deck, players, random.Random(seed))
        assert [len(h) for h in state.hands] == [4] * players
        assert state.board == {CENTRE: state.central} and deck.cards[state.central].kind == "central"
        assert len(state.pile) == used - 1 - 4 * players
        assert len(state.aside) == len(deck.cards) - used
        assert all(deck.cards[c].kind == "empty" for c in state.aside)
        dealt = [c for h in state.hands for c in h]
        everything = dealt + state.pile + state.aside + [state.central]
        assert sorted(everything) == list(range(len(deck.cards)))
        assert state.central not in dealt + state.pile
        assert state.phase == MAIN and state.turn == 0 and state.last == CENTRE
    hands = [sorted(new_state(deck, players, random.Random(s)).hands[0]) for s in range(5)]
    assert len({tuple(h) for h in hands}) > 1  # the cards are shuffled before the deal


def test_placing_the_only_master_left_ends_the_main_phase(deck, find):
    m = find("master", "red")
    state = make_state(deck, [[m, find("points", "red", 5)], [find("points", "red", 6)]], pile=[find("points", "blue", 2)])
    assert state.phase == MAIN and state.masters_left == 1
    state.apply_action(encode(m, (0, -1)))
    assert state.masters_placed == 1 and state.phase != MAIN and state.paths_unwon == 1


def test_with_main_end_stuck_a_path_won_after_the_last_master_is_counted(deck, find):
    r, last = find("master", "red"), find("master", "yellow")
    r5, r6, r7, r8 = (find("points", "red", p) for p in (5, 6, 7, 8))
    state = make_state(deck, [[last, find("points", "yellow", 3)], [r8]], pile=[find("points", "blue", 1)], main_end="stuck")
    lay_path(state, [r, r5, r6, r7], [(0, -1), (0, -2), (0, -3), (0, -4)])
    state.last = CENTRE
    state.apply_action(encode(last, (0, 1)))  # the last master
    state.apply_action(encode(r8, (0, -5)))  # the red path's fourth linked card
    assert state.masters == [0, 1] and state.won_late == 1
    assert state.counts()["masters_won_late"] == 1.0
