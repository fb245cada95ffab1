"""Monete's turn flow on positions set up by hand: closing (¡Monete!) with the discard-or-draw, the
second 1/20 exception, drawing and passing, new rounds, every action card, comodines, the win and
the empty deck."""

from __future__ import annotations

import random

import pytest

from deckgen.engine.state import CHANCE, IllegalAction

from deckgen.games.monete.cards import NO_COLOUR
from deckgen.games.monete.state import DISCARD, GIVE, MARKERS, PLAY, TAKE, TARGET

RED, BLUE, GREEN, ORANGE, PURPLE = 1, 0, 2, 3, 4


def play(state, *cards, values=None, colours=None):
    """Apply the play of exactly these cards in this order (with these declarations if given)."""
    for i, (cs, vs, cols) in enumerate(state.moves()):
        if cs == tuple(cards) and (values is None or vs == tuple(values)) and (colours is None or cols == tuple(colours)):
            state.apply_action(i)
            return
    raise AssertionError(f"no such play: {cards} in {state.moves()}")


def choose(state, move):
    state.apply_action(state.moves().index(move))


def test_markers_are_table_markers_not_playing_cards(game, make_deck):
    deck = make_deck(mode="jungla")
    state = game.engine.new_state(deck, 4, random.Random(3))
    assert state.card_count() == len(deck.cards) == 114
    assert state.table.markers == 4
    dealt = [c for h in state.hands for c in h] + state.draw
    assert all(deck.cards[c].kind != "marker" for c in dealt)
    assert len(dealt) == 110 and all(len(h) == 5 for h in state.hands)


def test_closing_with_one_others_discard_a_one_or_draw(cards):
    c = cards
    state = c.setup(
        "siesta",
        [[c(1, "red"), c(5, "blue")], [c(1, "blue"), c(7, "red")], [c(9, "green"), c(8, "green")]],
        draw=[c(3, "orange"), c(4, "orange")],
        pile=[c(6, "red")], up=False,
    )
    play(state, c(1, "red"))
    assert state.hands[1] == [c(7, "red")]  # discarded the blue 1
    assert state.hands[2] == [c(9, "green"), c(8, "green"), c(4, "orange")]  # had no 1: drew
    assert state.pile == [] and c(6, "red") in state.out and c(1, "red") in state.out and c(1, "blue") in state.out
    assert state.player == 1 and state.opening  # the next player opens a new round
    t = state.counts()
    assert (t["monetes"], t["monete_discards"], t["monete_draws"]) == (1, 1, 1)


def test_closing_with_twenty_asks_for_twenties_and_wilds_only_with_the_option(cards):
    c = cards
    w = c.wilds[0]
    hands = [[c(20, "red"), c(5, "blue")], [c(20, "blue"), c(7, "red")], [w, c(8, "green")]]
    state = c.setup("siesta", hands, draw=[c(3, "orange"), c(4, "orange")], pile=[c(6, "red")], up=True)
    play(state, c(20, "red"))
    assert state.hands[1] == [c(7, "red")]
    assert state.hands[2] == [w, c(8, "green"), c(4, "orange")]  # a comodín is not a 20 by default
    state = c.setup("siesta", hands, draw=[c(3, "orange"), c(4, "orange")], pile=[c(6, "red")], up=True, rules={"wild_discard": True})
    play(state, c(20, "red"))
    assert state.hands[2] == [c(8, "green")]


def test_second_one_after_an_opening_one_does_not_close(cards):
    c = cards
    hands = [[c(1, "red"), c(5, "blue")], [c(1, "blue"), c(7, "red")], [c(1, "green"), c(8, "green")]]
    state = c.setup("siesta", hands, draw=[c(2, "orange"), c(3, "orange"), c(4, "orange")])
    assert state.opening
    play(state, c(1, "red"))  # opens: + is forced, no marker choice
    assert state.up and state.player == 1 and state.phase == PLAY
    play(state, c(1, "blue"))  # the second 1: the round goes on, and it may flip the marker
    assert state.pile == [c(1, "red"), c(1, "blue")]
    assert state.phase == MARKERS and state.moves() == [(True, None), (False, None)]
    choose(state, (True, None))
    assert state.player == 2
    play(state, c(1, "green"))  # a third 1 closes
    assert state.counts()["monetes"] == 1 and state.pile == []


def test_opening_with_twenty_forces_minus(cards):
    c = cards
    state = c.setup("recreo", [[c(20, "red"), c(5, "blue")], [c(7, "red")]])
    play(state, c(20, "red"))
    assert state.phase == MARKERS and state.moves() == [(False, True), (False, False)]


def test_no_legal_card_draw_then_play(cards):
    c = cards
    state = c.setup("siesta", [[c(3, "red")], [c(2, "red")]], draw=[c(9, "blue"), c(15, "blue")], pile=[c(12, "red")], up=True)
    assert state.player == 0 and state.drew and state.hands[0] == [c(3, "red"), c(15, "blue")]
    assert [m[0] for m in state.moves()] == [(c(15, "blue"),)]  # must play the legal card: no pass offered
    assert state.counts()["forced_draws"] == 1


def test_no_legal_card_draw_then_pass_and_all_pass_starts_a_round_from_the_first_who_passed(cards):
    c = cards
    hands = [[c(3, "red")], [c(4, "red")], [c(2, "blue"), c(5, "blue")]]
    draw = [c(6, "green"), c(7, "green"), c(8, "green"), c(9, "green")]
    state = c.setup("siesta", hands, draw=draw, pile=[c(19, "red")], up=True, player=1)
    # seat 1 draws the 9 and passes, seat 2 draws the 8 and passes, seat 0 draws the 7 and passes:
    # everyone passed, so seat 1 (the first to pass) opens a new round.
    t = state.counts()
    assert (t["passes"], t["forced_draws"], t["all_pass_rounds"]) == (3, 3, 1)
    assert state.hands == [[c(3, "red"), c(7, "green")], [c(4, "red"), c(9, "green")], [c(2, "blue"), c(5, "blue"), c(8, "green")]]
    assert state.opening and state.player == 1 and c(19, "red") in state.out


def test_a_play_resets_the_pass_count(cards):
    c = cards
    hands = [[c(3, "red"), c(5, "red")], [c(20, "green"), c(6, "red")], [c(2, "blue"), c(5, "blue")]]
    state = c.setup("siesta", hands, draw=[c(9, "green"), c(8, "green"), c(6, "green"), c(7, "green")], pile=[c(19, "red")], up=True)
    assert state.player == 1 and state.passes == 1 and state.first_passer == 0
    play(state, c(20, "green"))  # closes: seat 2 draws (no 20), seat 0 draws too
    assert state.passes == 0 and state.opening and state.player == 2


@pytest.mark.parametrize("mode", ["siesta", "recreo", "jungla"])
def test_never_pass_holding_a_legal_card(cards, mode):
    """In a PLAY decision every move is a play; passes happen only with no legal card after drawing."""
    c = cards
    state = c.setup(mode, [[c(3, "red"), c(15, "green")], [c(2, "red")]], pile=[c(12, "red")], up=True)
    assert state.phase == PLAY and state.moves() and not state.drew
    assert all(len(m) == 3 and m[0] for m in state.moves())


def test_win_by_emptying_the_hand_even_with_a_closing_card(cards):
    c = cards
    state = c.setup("siesta", [[c(1, "red")], [c(1, "blue"), c(2, "blue")]], pile=[c(6, "red")], up=False)
    play(state, c(1, "red"))
    assert state.is_terminal() and state.winners() == (0,) and list(state.returns()) == [1.0, 0.0]
    assert state.hands[1] == [c(1, "blue"), c(2, "blue")]  # no discard: the game is over
    state = c.setup("siesta", [[c(7, "red"), c(8, "red")], [c(2, "blue")]], pile=[c(6, "red")], up=True)
    play(state, c(7, "red"), c(8, "red"))
    assert state.winners() == (0,)


@pytest.mark.parametrize(("action", "value"), [("maldicion", 9), ("toma_3", 7), ("repite_turno", 8)])
def test_an_action_card_played_as_the_last_card_wins_and_its_action_does_not_happen(cards, action, value):
    """The rulebook's decision (RULES.md, row 34): whoever plays their last card wins at once; the
    action of that card no longer happens (nobody draws, nobody plays again)."""
    c = cards
    hands = [[c.action(action, value)], [c(3, "blue"), c(18, "green")], [c(5, "green"), c(19, "green")]]
    draw = [c(16, "red"), c(17, "red"), c(15, "red"), c(14, "red")]
    state = c.setup("siesta", hands, draw=draw, pile=[c(2, "red")], up=True)
    play(state, c.action(action, value))
    assert state.is_terminal() and state.winners() == (0,)
    assert [len(h) for h in state.hands] == [0, 2, 2] and len(state.draw) == 4


def test_a_monete_discard_that_empties_a_hand_wins(cards):
    c = cards
    state = c.setup("siesta", [[c(1, "red"), c(9, "red")], [c(5, "blue")], [c(1, "green")]], pile=[c(6, "red")], up=False)
    play(state, c(1, "red"))
    assert state.winners() == (2,)


# ---------------------------------------------------------------- action cards


def action_position(cards, action, value, mode="siesta", hands=None, **kw):
    """Seat 0 holds the action card (and a spare); the top is a blue 1 under +, so it can be played."""
    c = cards
    card = c.action(action, value)
    hands = hands or [[card, c(12, "orange"), c(13, "orange")], [c(3, "green"), c(18, "green")], [c(5, "green"), c(19, "green")]]
    draw = kw.pop("draw", [c(16, "red"), c(17, "red"), c(18, "red"), c(19, "red")])
    return c.setup(mode, hands, draw=draw, pile=[c(1, "blue")], up=True, **kw), card


def test_todos_mudos_does_nothing_in_simulation(cards):
    state, card = action_position(cards, "todos_mudos", 2)
    before = [list(h) for h in state.hands[1:]]
    play(state, card)
    assert state.player == 1 and state.hands[1:] == before and state.up


def test_numeros_mayores_and_menores_set_the_number_marker(cards):
    c = cards
    state = c.setup("siesta", [[c.action("numeros_mayores", 3), c(9, "red")], [c(2, "red")]], pile=[c(5, "blue")], up=False)
    play(state, c.action("numeros_mayores", 3))
    assert state.up
    state = c.setup("siesta", [[c.action("numeros_menores", 17), c(9, "red")], [c(2, "red")]], pile=[c(5, "blue")], up=True)
    play(state, c.action("numeros_menores", 17))
    assert not state.up


def test_cambio_de_sentido_reverses_turn_order(cards):
    state, card = action_position(cards, "cambio_sentido", 5)
    play(state, card)
    assert state.direction == -1 and state.player == 2


def test_repite_turno_gives_another_turn(cards):
    state, card = action_position(cards, "repite_turno", 8)
    turns = state.counts()["turns"]
    play(state, card)
    assert state.player == 0 and state.phase == PLAY and state.counts()["turns"] == turns + 1


def test_toma_2_and_toma_3_make_a_chosen_rival_draw(cards):
    for name, value, k in (("toma_2", 6, 2), ("toma_3", 7, 3)):
        state, card = action_position(cards, name, value)
        play(state, card)
        assert state.phase == TARGET and state.moves() == [1, 2]
        choose(state, 2)
        assert len(state.hands[2]) == 2 + k and len(state.hands[1]) == 2
        assert state.player == 1  # the rival does not lose the turn


def test_maldicion_makes_every_rival_draw_one(cards):
    state, card = action_position(cards, "maldicion", 9)
    play(state, card)
    assert [len(h) for h in state.hands] == [2, 3, 3]


def test_regalito_gives_a_chosen_card_and_can_win(cards):
    c = cards
    state, card = action_position(cards, "regalito", 6)
    play(state, card)
    choose(state, 1)
    assert state.phase == GIVE and sorted(state.moves()) == sorted([c(12, "orange"), c(13, "orange")])
    choose(state, c(13, "orange"))
    assert c(13, "orange") in state.hands[1] and state.hands[0] == [c(12, "orange")]
    hands = [[c.action("regalito", 6), c(12, "orange")], [c(3, "green")], [c(5, "green")]]
    state, card = action_position(cards, "regalito", 6, hands=hands)
    play(state, card)
    choose(state, 2)
    choose(state, c(12, "orange"))
    assert state.winners() == (0,)  # gave away the last card


def test_descarte_puts_a_card_aside_and_draws(cards):
    c = cards
    state, card = action_position(cards, "descarte", 8)
    play(state, card)
    assert state.phase == DISCARD
    choose(state, c(12, "orange"))
    assert c(12, "orange") in state.out and state.hands[0] == [c(13, "orange"), c(19, "red")]


def test_te_la_cambio_takes_blindly_and_gives_back(cards):
    c = cards
    state, card = action_position(cards, "te_la_cambio", 2)
    play(state, card)
    choose(state, 1)
    assert state.current_player() == CHANCE
    state.chance(random.Random(0))
    taken = [x for x in state.hands[0] if x in (c(3, "green"), c(18, "green"))]
    assert len(taken) == 1 and len(state.hands[1]) == 1
    assert state.phase == GIVE
    choose(state, c(12, "orange"))
    assert sorted(state.hands[1]) == sorted([c(12, "orange")] + [x for x in (c(3, "green"), c(18, "green")) if x not in taken])
    assert state.player == 1


def test_espiar_looks_takes_a_chosen_card_and_gives_one(cards):
    c = cards
    state, card = action_position(cards, "espiar", 10)
    play(state, card)
    choose(state, 2)
    assert state.phase == TAKE and state.moves() == [c(5, "green"), c(19, "green")]
    choose(state, c(19, "green"))
    choose(state, c(13, "orange"))
    assert sorted(state.hands[0]) == sorted([c(12, "orange"), c(19, "green")])
    assert sorted(state.hands[2]) == sorted([c(5, "green"), c(13, "orange")])


def test_ladronzuelos_everyone_takes_from_the_left_in_turn_order(cards):
    c = cards
    a, b, d = c(12, "orange"), c(3, "green"), c(5, "green")
    hands = [[c.action("ladronzuelos", 4), a], [b], [d]]
    state, card = action_position(cards, "ladronzuelos", 4, hands=hands)
    play(state, card)
    assert state.current_player() == CHANCE
    state.chance(random.Random(1))
    # seat 0 takes b from seat 1, seat 1 takes d from seat 2, seat 2 takes a or b from seat 0
    assert state.hands[1] == [d]
    assert sorted(state.hands[0] + state.hands[2]) == sorted([a, b])
    assert len(state.hands[0]) == len(state.hands[2]) == 1 and state.player == 1


def test_only_the_last_action_of_a_combo_applies(cards):
    c = cards
    toma2, seven = c.action("toma_2", 6), c(7, "red")
    hands = [[c(5, "red"), toma2, seven, c(15, "blue")], [c(3, "green"), c(18, "green")], [c(4, "green")]]
    state = c.setup("siesta", hands, pile=[c(4, "blue")], up=True)
    play(state, toma2, seven)  # Toma 2 in the middle: no effect
    assert state.player == 1 and state.phase == PLAY and len(state.hands[1]) == 2
    state = c.setup("siesta", hands, pile=[c(4, "blue")], up=True)
    play(state, c(5, "red"), toma2)  # Toma 2 last: its effect
    assert state.phase == TARGET


# ---------------------------------------------------------------- comodines


def test_comodin_counts_as_what_was_declared(cards):
    c = cards
    w = c.wilds[0]
    state = c.setup("recreo", [[w, c(12, "orange")], [c(3, "green")]], pile=[c(8, "blue")], up=True, same=True)
    play(state, w, values=(14,), colours=(GREEN,))
    assert (state.top_value, state.top_colour) == (14, GREEN)
    # declared as 1 under −, it closes the round
    state = c.setup("siesta", [[w, c(12, "orange")], [c(1, "green"), c(3, "green")]], pile=[c(8, "blue")], up=False)
    play(state, w, values=(1,), colours=(NO_COLOUR,))
    assert state.counts()["monetes"] == 1 and state.hands[1] == [c(3, "green")]


# ---------------------------------------------------------------- the empty deck


def test_deck_runs_out_fewest_cards_win(cards):
    c = cards
    hands = [[c.action("toma_3", 7), c(12, "orange"), c(13, "orange")], [c(3, "green")], [c(5, "green"), c(6, "green")]]
    state, card = action_position(cards, "toma_3", 7, hands=hands, draw=[c(16, "red"), c(17, "red")])
    play(state, card)
    choose(state, 1)  # seat 1 draws the last two cards: the pile is empty and the game ends
    assert state.is_terminal() and state.end == "deck" and state.draw == []
    assert state.winners() == (0, 2) and list(state.returns()) == [0.5, 0.0, 0.5]
    assert state.counts()["deck_out"] == 1


def test_deck_out_need_waits_until_someone_must_draw(cards):
    c = cards
    hands = [[c.action("toma_2", 6), c(12, "orange"), c(13, "orange")], [c(3, "green"), c(18, "green")], [c(5, "green"), c(6, "green")]]
    state, card = action_position(cards, "toma_2", 6, hands=hands, draw=[c(16, "red"), c(17, "red")], rules={"deck_out": "need"})
    play(state, card)
    choose(state, 2)
    assert not state.is_terminal() and state.draw == [] and state.player == 1
    play(state, c(18, "green"))
    # seat 2 has nothing over 18 and must draw from the empty pile: now the game ends
    assert state.is_terminal() and state.end == "deck" and state.winners() == (1,)


def test_illegal_actions_are_refused(cards):
    c = cards
    state = c.setup("siesta", [[c(3, "red")], [c(2, "red")]], pile=[c(1, "red")], up=True)
    with pytest.raises(IllegalAction):
        state.apply_action(len(state.moves()))
    with pytest.raises(IllegalAction):
        state.chance(random.Random(0))
