"""Multipli Cat's with two players (issue 32): each player runs two piles, seated A, B, A, B (piles 0
and 2 are player 0's, piles 1 and 3 player 1's), but is still one person with one pair of hands.
Every rule that speaks of "a player" is read per player, never per pile: one reaction time per
player, Emboscada won or lost by the player, Persecución's slowest player, one gift per opponent,
one glutton per player, the ¡Ratón! callers; and the Magia with two separate pairs.
Positions are laid out by hand; reaction times are scripted per player."""

from __future__ import annotations

from collections import deque

import pytest
from multiplicats.test_rules import deck_of, play_turn, position

FILL = ("9x9", "8x8", "7x7", "6x6", "1x1", "2x2", "3x3", "4x4")


def piles(state):
    return [list(p) for p in state.piles]


# ---------------------------------------------------------------- Emboscada


@pytest.mark.parametrize("pile", [0, 2])
def test_emboscada_won_by_its_player_from_either_pile_changes_nothing(pile):
    # player 0 turns up the Emboscada from pile ``pile`` and is the fastest player: nothing happens,
    # even when the revealing pile is their second one (pile 2), which used to lose to pile 0
    deck = deck_of("emboscada", "12", "5x5", "2x2", "7x7", "1x1", "9x9", "8x8")
    layout = [[3], [4, 6], [5], [7]]
    layout[pile] = [0] + layout[pile]
    s = position(deck, 2, layout, up=[[], [1], [2], []] if pile == 0 else [[], [1], [], [2]], turn=pile, times={0: 100, 1: 300})
    before = [list(p) for p in layout]
    before[pile] = before[pile][1:]
    play_turn(s)
    assert piles(s) == before and s.tally["slaps"] == 1


def test_emboscada_lost_by_its_player_on_their_second_pile_the_opponent_gives_one_card():
    deck = deck_of("emboscada", "12", "5x5", "2x2", "7x7", "1x1", "9x9", "8x8")
    s = position(deck, 2, [[3], [4, 6], [0, 5], [7]], up=[[], [1], [], [2]], turn=2, times={0: 500, 1: 300})
    play_turn(s)
    # one card only (one opponent), from the opponent's first pile after pile 2: pile 3
    assert piles(s) == [[3], [4, 6], [5, 7], []]


# ---------------------------------------------------------------- Persecución


def test_persecucion_the_slowest_player_takes_back_the_face_up_cards_of_both_piles():
    deck = deck_of("persecucion", "12", "5x5", "2x2", "7x7", "1x1", "9x9", "8x8")
    # pile 1 (player 1) turns it up; player 0 is slower: both of player 0's piles take theirs back
    s = position(deck, 2, [[3], [0, 4], [5], [6]], up=[[1], [], [2], [7]], turn=1, times={0: 600, 1: 200})
    play_turn(s)
    assert piles(s) == [[3, 1], [4], [5, 2], [6]]
    assert s.up == [[], [0], [], [7]]
    assert s.turn == 1  # the fastest player turns up next, from the pile that turned up the card


def test_persecucion_won_by_the_other_player_they_turn_up_from_their_next_pile():
    deck = deck_of("persecucion", "12", "5x5", "2x2", "7x7", "1x1", "9x9", "8x8")
    s = position(deck, 2, [[3], [0, 4], [5], [6]], up=[[1], [], [2], [7]], turn=1, times={0: 200, 1: 600})
    play_turn(s)
    assert piles(s) == [[3], [4, 0], [5], [6, 7]]  # player 1's two face-up piles went back
    assert s.turn == 2  # player 0's first pile after pile 1


# ---------------------------------------------------------------- Regalo


def test_regalo_from_the_second_pile_goes_to_the_opponent_only():
    deck = deck_of("regalo", "12", "5x5", "2x2", "7x7", "1x1", "9x9", "8x8")
    s = position(deck, 2, [[3], [4], [0, 6, 5], [7]], up=[[], [1], [], [2]], turn=2)
    play_turn(s)
    # one gift (one opponent), under the opponent's first pile after pile 2: pile 3; pile 0 gets none
    assert piles(s) == [[3], [4], [5], [7, 6]]


# ---------------------------------------------------------------- gula


def test_a_false_slap_is_one_glutton_per_player_not_one_per_pile():
    deck = deck_of("2x2", "12", "5x5", "3x3", "7x7", "1x1", "9x9", "8x8")
    s = position(deck, 2, [[0, 3], [4], [5], [6]], up=[[], [1], [2], [7]], false=(1,), times={1: 300})
    play_turn(s)  # 2×2 matches nothing; player 1 slaps
    assert s.tally["gulas"] == 1
    # the glutton collects every face-up card, under their first pile after pile 0 (pile 1)
    assert piles(s) == [[3], [4, 1, 2, 7, 0], [5], [6]] and s.up == [[], [], [], []]
    assert s.turn == 2


def test_a_player_in_the_pair_is_never_a_glutton_through_their_other_pile():
    deck = deck_of("3x4", "12", "5x5", "2x2", "7x7", "1x1", "9x9", "8x8")
    # pile 0 (player 0) turns up 3×4, pile 1 (player 1) shows 12; both players are trigger-happy
    s = position(deck, 2, [[0, 3], [4], [5], [6]], up=[[], [1], [2], [7]], false=(0, 1), times={0: 100, 1: 300})
    play_turn(s)
    assert s.tally["gulas"] == 0 and s.tally["slaps"] == 1
    assert piles(s) == [[3], [4, 0, 1], [5], [6]] and s.up == [[], [], [2], [7]]


# ---------------------------------------------------------------- chapter VI: "two other players"


def test_a_last_card_special_never_slaps_on_a_match_of_its_own_player():
    deck = deck_of("3x4", "12", "persecucion", "2x2", "7x7", "1x1", "9x9", "8x8")
    # pile 0 (player 0) has no face-down card and a special on top; pile 1 (player 1) turns up 3×4
    # and pile 2 (player 0) shows 12: the match is between the two players, so there are no
    # "two other players" and pile 0 has no bonus slap; player 0 wins with pile 2
    s = position(deck, 2, [[], [0, 3], [4], [5, 6, 7]], up=[[2], [], [1], []], turn=1, times={0: 100, 1: 300})
    play_turn(s)
    assert s.up[0] == [2]  # the special stays: that pile did not slap
    assert piles(s)[1] == [3, 1, 0]  # pile 2's 12 went to the loser, with its own 3×4


# ---------------------------------------------------------------- ¡Ratón!


def _missed_pair(**options):
    deck = deck_of("3x4", "12", "5x5", "2x2", "7x7", "1x1", "9x9", "8x8", raton_call=True, **options)
    # pile 0 (player 0) turns up 3×4; pile 1 (player 1) shows 12: both players miss it
    s = position(deck, 2, [[0, 3], [4, 5], [6], [7]], up=[[], [1], [2], []], miss=(0, 1), times={0: 100, 1: 300})
    play_turn(s)
    assert s.missed == [0, 1] and s.turn == 1
    s.model.miss = set()  # they are awake now
    return s


def test_raton_with_two_players_nobody_calls_by_default():
    s = _missed_pair()
    play_turn(s)  # pile 1 turns up 5×5: both players were in the pair, there is no "other" player
    assert s.tally["raton_calls"] == 0
    assert s.up == [[0], [1, 4], [2], []] and s.turn == 2


def test_raton_with_two_players_the_other_pile_may_call_when_the_option_allows():
    s = _missed_pair(raton_own_pile=True)
    play_turn(s)  # player 0 (100 ms) calls from pile 2, their pile outside the pair
    assert s.tally["raton_calls"] == 1
    assert piles(s)[0] == [3, 0] and piles(s)[1] == [5, 1, 4]  # the pair's piles take their cards back
    assert s.up[2] == [2] and s.turn == 2  # the caller's pile turns up next


def test_a_wrong_raton_call_with_two_players_sends_back_both_of_the_callers_face_up_piles():
    deck = deck_of("3x4", "12", "5x5", "2x2", "7x7", "1x1", "9x9", "8x8", raton_call=True)
    s = position(deck, 2, [[0, 3], [4], [5], [6]], up=[[], [7], [1], [2]], false=(1,), times={1: 300})
    s.model.false = set()
    play_turn(s)  # 3×4 meets only player 0's own 12: no match, nobody slaps
    s.model.false = {1}
    play_turn(s)  # pile 1 turns up; player 1 calls ¡Ratón! although there was nothing to call
    assert s.tally["raton_calls"] == 1
    assert piles(s)[1] == [7, 4] and piles(s)[3] == [6, 2]  # both of player 1's face-up piles went back


# ---------------------------------------------------------------- Magia with two separate pairs


def _two_pairs(players, **options):
    if players == 2:
        # pile 0 turns up Magia; then all four turn up at once: 3×4 (pile 1) and 12 (pile 2) are one
        # pair, 5×5 (pile 3) and 25 (pile 0) the other; both pairs are player 0 against player 1
        deck = deck_of("magia", "3x4", "12", "5x5", "25", *FILL[:3], **options)
        layout = [[0, 4], [1, 5], [2, 6], [3, 7]]
    else:
        # four players: pile 0 turns up Magia; then 3×4 (1) and 12 (2), 5×5 (3) and 25 (0)
        deck = deck_of("magia", "3x4", "12", "5x5", "25", *FILL[:3], **options)
        layout = [[0, 4], [1, 5], [2, 6], [3, 7]]
    s = position(deck, players, layout, times={1: 100, 0: 300, 2: 400, 3: 200})
    play_turn(s)
    assert s.magia_from == 0
    play_turn(s)
    return s


@pytest.mark.parametrize("players", [2, 4])
def test_magia_with_two_pairs_only_the_pair_of_the_first_slap_exchanges_by_default(players):
    s = _two_pairs(players)
    assert s.tally["slaps"] == 1
    assert piles(s)[2] == [6, 1, 2]  # pile 1 (fastest) gave its 3×4 to pile 2
    assert s.up[0] == [0, 4] and s.up[3] == [3]  # the other pair keeps its cards


@pytest.mark.parametrize("players", [2, 4])
def test_magia_with_two_pairs_each_pair_exchanges_when_the_option_says_so(players):
    s = _two_pairs(players, magia_pairs="each")
    assert piles(s)[2] == [6, 1, 2]  # the first pair as before
    assert piles(s)[0] == [3, 0, 4] and s.up[3] == []  # pile 3 beat pile 0: 5×5 goes under pile 0 with its cards


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_balancin_whose_highest_and_lowest_are_one_players_piles_has_no_duel(lang):
    """With two players, a Balancín whose highest and lowest products both show on one player's piles
    has no duel (rules.balancin_sides: a player never duels themselves), as an equal product between
    one's own piles does not count; the rulebook's two-player list now says so."""
    import re

    from deckgen.games.multiplicats import GAME
    from deckgen.options import resolve
    from deckgen.registry import BuildRequest
    from deckgen.render.settings import PrintSettings
    from deckgen.rulebook.render import render_markup

    deck = deck_of("balancin", "81", "1x1", "3x4", *FILL[:4])
    # player 1 turns up the Balancín from pile 1; player 0 shows 81 (pile 0) and 1 (pile 2), player 1 shows 12 (pile 3)
    s = position(deck, 2, [[4], [0, 5], [6], [7]], up=[[1], [], [2], [3]], turn=1, times={0: 100, 1: 200})
    play_turn(s)
    assert s.tally["chances"] == 0 and s.tally["slaps"] == 0  # no duel: nobody had the right to slap
    assert piles(s) == [[4], [5], [6], [7]]
    full = GAME.build(BuildRequest(resolve(GAME.options, {}), 1))
    text = re.sub(r"<[^>]+>|\s+", " ", render_markup(GAME, full, lang, PrintSettings.parse()))
    said = {"es": "ni un Balancín cuyos productos mayor y menor estén los dos en tus pilas",
            "en": "nor a Balancín whose highest and lowest products both show on your piles"}[lang]
    assert said in text
