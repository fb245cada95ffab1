"""Monete read against the source rulebook (issue 13, items 11-15): purple as a fifth colour, the card
given back by Te la cambio and Espiar, a draw pile running out during a ¡Monete!, who opens the first
round after a real deal, and what SIESTA's markers do after a play."""

from __future__ import annotations

import html
import random
import re

import pytest

from deckgen.engine.state import CHANCE
from deckgen.render.settings import PrintSettings
from deckgen.rulebook.render import render_markup

from deckgen.games.monete.rules import Rules, Situation, is_legal_play, play_moves
from deckgen.games.monete.state import GIVE, PLAY

from monete.test_state import action_position, choose, play

BLUE, RED, GREEN, ORANGE, PURPLE = 0, 1, 2, 3, 4


def text_of(game, deck, lang):
    markup = render_markup(game, deck, lang, PrintSettings.parse())
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


# ---------------------------------------------------------------- item 11: purple is a fifth colour


@pytest.mark.parametrize("mode", ["recreo", "jungla"])
def test_on_a_purple_10_with_minus_and_same_colour_a_blue_12_is_illegal(cards, mode):
    c = cards
    rules = Rules(mode=mode, combo=1)
    top = Situation(False, 10, PURPLE, up=False, same=True)
    blue12, purple9, blue8 = c(12, "blue"), c.action("maldicion", 9), c(8, "blue")
    assert not is_legal_play(rules, top, c.table, [blue12], ((blue12,), (12,), (BLUE,)))
    assert is_legal_play(rules, top, c.table, [purple9], ((purple9,), (9,), (PURPLE,)))  # lower and purple
    legal = {m[0][0] for m in play_moves(rules, top, c.table, [blue12, purple9, blue8])}
    # RECREO: one marker is enough (the blue 8 is lower); JUNGLA: both (only the purple 9)
    assert legal == ({purple9, blue8} if mode == "recreo" else {purple9})
    purple12 = c.action("maldicion", 12)  # a purple 12 follows "same colour" in RECREO, not in JUNGLA
    assert is_legal_play(rules, top, c.table, [purple12], ((purple12,), (12,), (PURPLE,))) == (mode == "recreo")


@pytest.mark.parametrize("lang, words", [
    ("es", "sobre un 10 morado con el marcador en − y «mismo color», un 12 azul no se puede jugar"),
    ("en", 'on a purple 10 with the marker on − and "same colour", a blue 12 cannot be played'),
])
def test_the_rules_section_states_the_purple_example(game, make_deck, lang, words):
    text = text_of(game, make_deck(), lang)
    rules_part = text.split("Los cuatro modos" if lang == "es" else "The four modes")[0]
    assert words in rules_part


# ---------------------------------------------------------------- item 12: give back one of your own


def test_te_la_cambio_never_gives_back_the_card_just_taken(cards):
    c = cards
    state, card = action_position(cards, "te_la_cambio", 2)
    play(state, card)
    choose(state, 1)
    state.chance(random.Random(0))
    taken = next(x for x in state.hands[0] if x in (c(3, "green"), c(18, "green")))
    assert state.phase == GIVE and taken not in state.moves()
    assert sorted(state.moves()) == sorted([c(12, "orange"), c(13, "orange")])


def test_espiar_never_gives_back_the_card_just_taken_unless_the_option_says_so(cards):
    c = cards
    for give_taken in (False, True):
        state, card = action_position(cards, "espiar", 10, rules={"give_taken": give_taken})
        play(state, card)
        choose(state, 2)
        choose(state, c(19, "green"))
        assert state.phase == GIVE
        assert (c(19, "green") in state.moves()) == give_taken
        assert c(12, "orange") in state.moves() and c(13, "orange") in state.moves()


# ---------------------------------------------------------------- item 13: the pile runs out during a ¡Monete!


def test_every_player_answers_a_monete_even_when_the_draw_pile_runs_out(cards):
    c = cards
    hands = [
        [c(1, "red"), c(5, "blue")],
        [c(9, "green"), c(8, "green")],  # no 1: draws the last card of the pile
        [c(1, "blue"), c(7, "red"), c(11, "red")],  # a 1: discards it, although the pile is gone
        [c(14, "orange"), c(15, "orange")],  # no 1 and nothing left to draw
    ]
    state = c.setup("siesta", hands, draw=[c(3, "orange")], pile=[c(6, "red")], up=False)
    play(state, c(1, "red"))
    assert c(1, "blue") in state.out and state.hands[2] == [c(7, "red"), c(11, "red")]
    assert state.hands[1] == [c(9, "green"), c(8, "green"), c(3, "orange")]
    assert state.hands[3] == [c(14, "orange"), c(15, "orange")]
    assert state.is_terminal() and state.end == "deck"
    assert state.winners() == (0,)  # seat 0 holds one card, the fewest
    t = state.counts()
    assert (t["monete_discards"], t["monete_draws"]) == (1, 2)


def test_the_last_card_drawn_at_a_monete_ends_the_game_after_it(cards):
    c = cards
    hands = [[c(1, "red"), c(5, "blue")], [c(1, "blue"), c(7, "red")], [c(9, "green"), c(8, "green")]]
    state = c.setup("siesta", hands, draw=[c(3, "orange")], pile=[c(6, "red")], up=False)
    play(state, c(1, "red"))  # seat 1 discards its 1, seat 2 draws the pile's last card
    assert state.draw == [] and state.hands[2][-1] == c(3, "orange")
    assert state.is_terminal() and state.end == "deck" and state.winners() == (0, 1)


def test_a_player_emptied_by_the_monete_discard_wins_even_if_the_pile_ran_out(cards):
    c = cards
    hands = [[c(1, "red"), c(5, "blue")], [c(9, "green")], [c(1, "blue")]]
    state = c.setup("siesta", hands, draw=[c(3, "orange")], pile=[c(6, "red")], up=False)
    play(state, c(1, "red"))
    assert state.is_terminal() and state.end == "win" and state.winners() == (2,)


# ---------------------------------------------------------------- item 14: the first round after a deal


@pytest.mark.parametrize("mode", ["perezoso", "siesta", "recreo", "jungla"])
def test_seat_0_opens_the_first_round_after_a_real_deal(game, make_deck, mode):
    deck = make_deck(mode=mode)
    for seed in range(10):
        state = game.engine.new_state(deck, 4, random.Random(seed))
        assert state.current_player() == 0 and state.phase == PLAY and state.opening
        assert all(len(h) == 5 for h in state.hands) and state.tally["turns"] == 1
        assert len(state.moves()) >= 1 and all(len(m[0]) == 1 for m in state.moves())  # any single card


# ---------------------------------------------------------------- item 15: SIESTA after a play


def test_in_siesta_numeros_mayores_and_menores_set_the_number_marker(cards):
    c = cards
    state = c.setup("siesta", [[c.action("numeros_menores", 17), c(9, "red")], [c(2, "red")]], pile=[c(5, "blue")], up=True)
    play(state, c.action("numeros_menores", 17))
    assert state.up is False and state.rules.mode == "siesta"


@pytest.mark.parametrize("lang, words", [
    ("es", "SIESTA y RECREO : igual; además, «Números mayores» y «Números menores» ponen el marcador de número en + o en −"),
    ("en", 'SIESTA and RECREO : the same; besides, "Números mayores" and "Números menores" set the number marker to + or −'),
])
def test_the_modes_table_says_what_siesta_markers_do(game, make_deck, lang, words):
    assert words in text_of(game, make_deck(), lang)


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("deck_out", ["empty", "need"])
def test_the_monete_paragraph_says_when_a_pile_run_out_at_a_monete_ends_the_game(cards, game, make_deck, lang, deck_out):
    """With --deck-out need a ¡Monete! whose last drawer takes the pile's last card does not end the
    game (nobody was left without a card to draw): the paragraph said "if the pile has run out, the
    game ends right after" for both readings."""
    import re

    from deckgen.render.settings import PrintSettings
    from deckgen.rulebook.render import render_markup

    c = cards
    hands = [[c(1, "red"), c(5, "blue")], [c(1, "blue"), c(7, "red")], [c(9, "green"), c(8, "green")]]
    state = c.setup("siesta", hands, draw=[c(3, "orange")], pile=[c(6, "red")], up=False, rules={"deck_out": deck_out})
    play(state, c(1, "red"))  # seat 1 discards its 1, seat 2 draws the pile's last card
    assert state.draw == [] and state.is_terminal() == (deck_out == "empty")
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", render_markup(game, make_deck(mode="siesta", deck_out=deck_out), lang, PrintSettings.parse())))
    ran_out = {"es": "Si el mazo se ha acabado, la partida termina justo después", "en": "If the pile has run out, the game ends right after"}[lang]
    could_not = {"es": "Si alguien no ha podido robar porque el mazo estaba vacío, la partida termina justo después",
                 "en": "If someone could not draw because the pile was empty, the game ends right after"}[lang]
    assert (ran_out in text) == (deck_out == "empty") and (could_not in text) == (deck_out == "need")
    # and "Who wins" says the same moment
    runs_out = {"es": "Cuando no quedan cartas para robar, la partida termina", "en": "When the draw pile runs out, the player with the fewest cards wins"}[lang]
    must_draw = {"es": "Cuando alguien tiene que robar y el mazo está vacío, la partida termina",
                 "en": "When someone must draw and the draw pile is empty, the player with the fewest cards wins"}[lang]
    assert (runs_out in text) == (deck_out == "empty") and (must_draw in text) == (deck_out == "need")
