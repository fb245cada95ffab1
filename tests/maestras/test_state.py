"""The engine on hand-made positions: opening paths, linking, geometry, empty cards, winning a path,
drawing and passing, the end of play, the tie-break phase and the final scoring."""

from __future__ import annotations

import pytest
from maestras.helpers import lay_path, make_state

from deckgen.engine.state import IllegalAction
from deckgen.games.maestras.rules import CENTRE
from deckgen.games.maestras.state import DRAW, MAIN, OVER, TIEBREAK, decode, encode


def moves(state, card=None):
    out = {}
    for a in state.legal_actions():
        if a == DRAW:
            continue
        c, cell = decode(a)
        if card is None or c == card:
            out.setdefault(c, set()).add(cell)
    return out


def test_first_turn_only_a_master_can_be_placed_on_a_free_side(deck, find):
    m, p5 = find("master", "red"), find("points", "red", 5)
    state = make_state(deck, [[m, p5], [find("points", "blue", 1)]], main_end="stuck")  # the only master: play goes on
    assert moves(state) == {m: {(0, -1), (1, 0), (0, 1), (-1, 0)}}
    state.apply_action(encode(m, (1, 0)))
    assert state.board[(1, 0)] == m and state.last == (1, 0) and state.turn == 1
    assert state.paths[0].cards == [m]


def test_without_a_master_the_first_player_draws_and_passes_to_the_right(deck, find):
    drawn = find("master", "blue")
    state = make_state(deck, [[find("points", "red", 5)], [find("points", "blue", 2)], [find("points", "blue", 3)]], pile=[drawn])
    assert state.legal_actions() == [DRAW]
    state.apply_action(DRAW)
    assert drawn in state.hands[0] and state.turn == 1 and state.draws == 1
    # the turn passes to seat 1, the player on the right; the drawn master is not played this turn
    assert state.board == {CENTRE: state.central}


def test_a_side_with_a_path_cannot_be_opened_again(deck, find):
    m1, m2 = find("master", "red"), find("master", "blue")
    state = make_state(deck, [[m2], [find("points", "blue", 1)]])
    lay_path(state, [m1], [(0, -1)])
    state.last = CENTRE
    assert moves(state) == {m2: {(1, 0), (0, 1), (-1, 0)}}


def test_masters_also_go_in_line_with_the_last_card_unless_told_otherwise(deck, find):
    m1, a, m2 = find("master", "red"), find("points", "red", 5), find("master", "blue")
    state = make_state(deck, [[m2], [find("points", "blue", 1)]])
    lay_path(state, [m1, a], [(1, 0), (2, 0)])  # last card at (2, 0): row 0, column 2
    assert moves(state) == {m2: {(-1, 0)}}  # only the west side shares the last card's row
    state = make_state(deck, [[m2], [find("points", "blue", 2)]], in_line="links")
    lay_path(state, [m1, a], [(1, 0), (2, 0)])
    assert moves(state) == {m2: {(0, -1), (0, 1), (-1, 0)}}


def test_linking_follows_colour_or_points_and_touches_only_one_card(deck, find):
    m, r5 = find("master", "red"), find("points", "red", 5)
    b6, b3, r1 = find("points", "blue", 6), find("points", "blue", 3), find("points", "red", 1)
    state = make_state(deck, [[b6, b3, r1], [find("points", "blue", 1)]])
    lay_path(state, [m, r5], [(1, 0), (2, 0)])
    got = moves(state)
    # blue 6 (points one apart) and red 1 (same colour) link; blue 3 does not
    assert set(got) == {b6, r1}
    # around (2, 0): (3, 0), (2, -1), (2, 1) are free and touch only the red 5
    assert got[b6] == {(3, 0), (2, -1), (2, 1)}


def test_a_card_that_would_touch_two_cards_is_not_offered(deck, find):
    m1, r5, m2 = find("master", "red"), find("points", "red", 5), find("master", "blue")
    r4 = find("points", "red", 4)
    state = make_state(deck, [[r4], [find("points", "blue", 1)]])
    lay_path(state, [m2], [(0, -1)])
    lay_path(state, [m1, r5], [(1, 0), (1, -1)])  # the east path turned north, beside the blue master
    # (0, -2)? not next to the red 5. (1, -2) touches only the red 5; (2, -1) too; (0, -1) is taken
    assert moves(state)[r4] == {(1, -2), (2, -1)}
    with pytest.raises(IllegalAction):
        state.apply_action(encode(r4, (0, -2)))
    # now a blue card north of the blue master: (1, -2) would touch it as well as the red 5
    b3 = find("points", "blue", 3)
    state.board[(0, -2)] = b3
    state.aside.remove(b3)
    state.paths[0].cells.append((0, -2))
    state.paths[0].cards.append(b3)
    state._legal = None
    assert moves(state)[r4] == {(2, -1)}
    with pytest.raises(IllegalAction):
        state.apply_action(encode(r4, (1, -2)))


def test_an_empty_card_resumes_the_path(deck, find):
    m, r5, e = find("master", "red"), find("points", "red", 5), find("empty")
    b4, b7 = find("points", "blue", 4), find("points", "blue", 7)
    state = make_state(deck, [[e, b4, b7], [find("points", "green", 1)]])
    lay_path(state, [m, r5], [(1, 0), (2, 0)])
    assert e in moves(state) and b4 in moves(state) and b7 not in moves(state)
    state.apply_action(encode(e, (3, 0)))
    state.turn = 0  # give seat 0 another turn to place after the empty card
    state._legal = None
    got = moves(state)
    assert b4 in got and b7 not in got  # the blue 4 links to the red 5, the card before the empty one
    assert got[b4] == {(4, 0), (3, -1), (3, 1)}


def test_the_fourth_linked_card_wins_the_path_for_whoever_adds_it(deck, find):
    m, cards = find("master", "green"), [find("points", "green", 2), find("points", "green", 3), find("points", "green", 4)]
    g5 = find("points", "green", 5)
    other = find("points", "blue", 1)
    state = make_state(deck, [[other], [g5]])
    lay_path(state, [m, *cards], [(0, 1), (0, 2), (0, 3), (0, 4)])
    state.turn = 1
    state._legal = None
    state.apply_action(encode(g5, (0, 5)))
    assert state.masters == [0, 1]
    assert sorted(state.won[1]) == sorted([m, *cards, g5])
    # the path leaves the table: its side is free again and the central card is the reference again
    assert state.board == {CENTRE: state.central} and state.paths == [] and state.last == CENTRE
    assert state.card_count() == len(deck.cards)


def test_three_linked_cards_do_not_win(deck, find):
    m, a, b = find("master", "green"), find("points", "green", 2), find("points", "green", 3)
    c = find("points", "green", 4)
    state = make_state(deck, [[c], [find("points", "blue", 1)]])
    lay_path(state, [m, a, b], [(0, 1), (0, 2), (0, 3)])
    state.apply_action(encode(c, (0, 4)))
    assert state.masters == [0, 0] and len(state.paths[0].cards) == 4


def test_empty_cards_may_not_count_towards_winning(deck, find):
    m, a, e, b = find("master", "green"), find("points", "green", 2), find("empty"), find("points", "green", 3)
    c = find("points", "green", 4)
    for counts, won in ((True, 1), (False, 0)):
        state = make_state(deck, [[c], [find("points", "blue", 1) if counts else find("points", "blue", 2)]], empty_counts=counts)
        lay_path(state, [m, a, e, b], [(0, 1), (0, 2), (0, 3), (0, 4)])
        state.apply_action(encode(c, (0, 5)))
        assert state.masters[0] == won


def test_won_paths_may_stay_on_the_table_and_close_their_side(deck, find):
    m, cards = find("master", "green"), [find("points", "green", k) for k in (2, 3, 4)]
    g5, m2 = find("points", "green", 5), find("master", "red")
    state = make_state(deck, [[g5, m2], [find("points", "blue", 1)]], won_paths="stay", in_line="links")
    lay_path(state, [m, *cards], [(0, 1), (0, 2), (0, 3), (0, 4)])
    state.apply_action(encode(g5, (0, 5)))
    assert state.masters[0] == 1 and (0, 5) in state.board
    assert state.card_count() == len(deck.cards)
    state.turn = 0
    state._legal = None
    assert moves(state)[m2] == {(0, -1), (1, 0), (-1, 0)}  # the south side stays closed


def test_with_nothing_to_place_and_no_pile_the_player_passes_and_a_round_of_passes_ends_play(deck, find):
    state = make_state(deck, [[find("points", "red", 5)], [find("points", "blue", 2)], [find("points", "green", 7)]], tiebreak="never")
    for _ in range(2):
        assert state.legal_actions() == [DRAW]
        state.apply_action(DRAW)
        assert state.phase == MAIN
    state.apply_action(DRAW)
    assert state.phase == OVER and state.passed == 3 and state.turns == 3
    assert state.winners() == [0, 1, 2]  # nobody won anything: a shared result


def test_play_drawn_places_a_drawn_card_at_once(deck, find):
    m = find("master", "red")
    for play_drawn, placed in ((True, True), (False, False)):
        state = make_state(deck, [[find("points", "red", 5) if play_drawn else find("points", "red", 6)], [find("points", "blue", 2) if play_drawn else find("points", "blue", 3)]], pile=[m], play_drawn=play_drawn, main_end="stuck")
        state.apply_action(DRAW)
        if placed:
            assert state.turn == 0 and set(moves(state)) == {m}
            state.apply_action(encode(m, (0, -1)))
            assert state.turns == 1 and state.turn == 1
        else:
            assert state.turn == 1
        m = find("master", "blue")


def test_refill_draws_back_to_the_hand_size(deck, find):
    m = find("master", "red")
    pile = [find("points", "blue", 6), find("points", "blue", 7)]
    state = make_state(deck, [[m, find("points", "red", 5)], [find("points", "blue", 2)]], pile=list(pile), refill=True, hand=3)
    state.apply_action(encode(m, (0, -1)))
    assert len(state.hands[0]) == 3 and state.pile == []


def test_the_tiebreak_is_played_when_the_most_masters_are_tied(deck, find):
    r5, r6, b7, g2 = find("points", "red", 5), find("points", "red", 6), find("points", "blue", 7), find("points", "green", 2)
    g1 = find("points", "yellow", 1)
    state = make_state(deck, [[r5, r6, b7, g2], [g1]])
    state.masters = [1, 1]
    # seat 0 chains red 5, red 6, blue 7 (green 2 links to none of them); seat 1 places its yellow 1
    state.apply_action(DRAW)
    state.apply_action(DRAW)
    assert state.phase == TIEBREAK and state.tiebreak_played and state.turn == 0
    assert state.board == {CENTRE: state.central}
    first = moves(state)
    assert set(first) == {r5, r6, b7, g2} and first[r5] == {(0, -1), (1, 0), (0, 1), (-1, 0)}
    for card, cell in ((r5, (0, -1)), (r6, (0, -2)), (b7, (0, -3))):
        state.apply_action(encode(card, cell))
    # green 2 does not link after blue 7: the turn ends by itself, the centre is cleared
    assert state.turn == 1 and state.board == {CENTRE: state.central} and state.tiebreak_won[0] == [r5, r6, b7]
    state.apply_action(encode(g1, (1, 0)))
    assert state.phase == OVER and state.tiebreak_won[1] == [g1]
    assert state.winners() == [0] and state.cards_won() == [3, 1]
    assert state.card_count() == len(deck.cards)


@pytest.mark.parametrize("mode,tied,played", [("when-tied", False, False), ("when-tied", True, True), ("always", False, True), ("never", True, False)])
def test_tiebreak_option(deck, find, mode, tied, played):
    state = make_state(deck, [[find("points", "red", 5)], [find("points", "blue", 2)]], tiebreak=mode)
    state.masters = [1, 1] if tied else [2, 1]
    state.apply_action(DRAW)
    state.apply_action(DRAW)
    assert state.tiebreak_played is played


def test_unwon_paths_are_removed_at_the_end_and_counted(deck, find):
    m, r5 = find("master", "red"), find("points", "red", 5)
    state = make_state(deck, [[find("points", "blue", 2)], [find("points", "blue", 3)]], tiebreak="never")
    lay_path(state, [m, r5], [(1, 0), (2, 0)])
    state.apply_action(DRAW)
    state.apply_action(DRAW)
    assert state.phase == OVER and state.paths_unwon == 1 and sorted(state.removed) == sorted([m, r5])
    assert state.final is not None and set(state.final.cells) == {CENTRE, (1, 0), (2, 0)}
    assert state.card_count() == len(deck.cards)


def test_play_ends_when_every_card_is_placed(deck, find):
    m = find("master", "red")
    state = make_state(deck, [[m], []], tiebreak="never")
    state.apply_action(encode(m, (0, 1)))
    assert state.phase == OVER and state.turns == 1


def test_when_the_game_is_over_the_masters_are_counted_first(deck, find):
    state = make_state(deck, [[find("points", "red", 4)], [find("points", "blue", 1)], [find("points", "green", 2)]])
    state.masters = [1, 2, 2]
    state.won = [[0, 1, 2, 3, 4, 5, 6, 7], [8, 9], [10, 11, 12]]  # seat 0 won the most cards, not masters
    assert state.winners() == []  # not over yet: nobody has won
    state.phase = OVER
    assert state.winners() == [2]  # the most masters (seats 1 and 2), then the most cards
    assert state.returns()[2] == max(state.returns()) and state.returns()[0] < state.returns()[2]


def test_a_paths_reference_and_linked_count_follow_its_cards_as_they_are_added(deck, find):
    """The path's reference card and linked count are kept up to date as cards are added (a step
    never re-reads a whole path): equal to the rule functions over the path's cards, empty cards
    counted or not."""
    from deckgen.games.maestras import rules as R

    m, p1, e1, p2, e2 = find("master", "red"), find("points", "red", 1), find("empty"), find("points", "red", 2), find("empty")
    hands = [[find("points", "blue", 7)], [find("points", "blue", 8)]]
    for counts in (True, False):
        state = make_state(deck, hands, empty_counts=counts)
        path = lay_path(state, [m], [(1, 0)]) or state.paths[0]
        for card, cell in zip((p1, e1, p2, e2), ((2, 0), (3, 0), (4, 0), (5, 0))):
            path.cards.append(card)
            path.cells.append(cell)
            after = [state.infos[c] for c in path.cards[1:]]
            assert state.linked(path) == R.linked_count(after, state.rules)
            assert state.path_reference(path) == R.reference(after, state.infos[m])
        assert state.linked(path) == (4 if counts else 2)


@pytest.mark.parametrize("in_line", ["all", "off"])
def test_paths_do_not_branch_a_card_links_only_to_the_last_card_of_a_path(deck, find, in_line):
    """RULES.md row 8's decision: a card links to the end of a path, never to a card inside it, even
    where a free cell beside that card touches nothing else (with the in-line rule off, (1, 2) and
    (-1, 2) beside the green 2 would otherwise be open)."""
    m, g2, g3 = find("master", "green"), find("points", "green", 2), find("points", "green", 3)
    g1 = find("points", "green", 1)
    state = make_state(deck, [[g1], [find("points", "blue", 1)]], in_line=in_line)
    lay_path(state, [m, g2, g3], [(0, 1), (0, 2), (0, 3)])
    cells = {decode(a)[1] for a in state.legal_actions() if a != DRAW and decode(a)[0] == g1}
    assert cells and all(abs(x) + abs(y - 3) == 1 for x, y in cells)  # beside the green 3, the path's end
    assert (1, 2) not in cells and (-1, 2) not in cells
