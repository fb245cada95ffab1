"""MGC's rules on hand-made positions: legality, each action card's effect and starting rule, the
constraint after action and Elección cards, drawing, refilling, ÁLGEBRA, scoring, the match's end."""

from __future__ import annotations

import random

import pytest

from deckgen.engine.state import CHANCE, TERMINAL, IllegalAction
from deckgen.model import Card, Deck

from deckgen.games.mgc import rules
from deckgen.games.mgc.cards import cards_of, tables
from deckgen.games.mgc.state import CHOOSE, DRAWN, PLAY

from mgc.mgctools import Cards, arrange, hand, new_state


def ready(deck, players=2, **variant):
    """A match paused at its first decision to play (a monomial turned up). Players always say
    ÁLGEBRA here unless a test says otherwise."""
    variant.setdefault("algebra_call", 1.0)
    c = Cards(deck)
    state, rng = new_state(deck, players, top=c(1, 1), **variant)
    assert state.phase == PLAY
    return state, rng


def legal_cards(state):
    return [a for a in state.legal_actions() if a < state.k.size]


# ---------------------------------------------------------------- legality


def test_legality_table_is_same_coefficient_or_same_degree(deck):
    t = tables(deck)
    actions = {i for i in range(t.size) if t.kind[i] != rules.BASIC}
    for top in range(t.size):
        if t.kind[top] != rules.BASIC:
            continue
        c, d = t.coefficient[top], t.degree[top]
        expected = {i for i in range(t.size) if t.kind[i] == rules.BASIC and (t.coefficient[i] == c or t.degree[i] == d)} | actions
        assert set(cards_of(t.masks[t.follow[top]])) == expected
    # default deck: 2 copies × (6 degrees + 6 coefficients - 1) = 22 monomials, plus the 36 action cards
    assert t.masks[t.follow[0]].bit_count() == 22 + 36
    assert t.masks[t.free].bit_count() == 108


def test_legal_actions_in_a_hand(deck, cards):
    c = cards
    state, _ = ready(deck)
    hand0 = [c(3, 2), c(3, 5), c(4, 2), c(5, 5), c.action("retorno")]
    arrange(state, [hand0, [c(6, 6), c(6, 1)]], top=c(3, 2, 1))
    assert legal_cards(state) == sorted([c(3, 2), c(3, 5), c(4, 2), c.action("retorno")])
    assert state.k.DRAW not in state.legal_actions()  # a player with a legal card may not draw
    with pytest.raises(IllegalAction):
        state.apply_action(state.k.DRAW)
    with pytest.raises(IllegalAction):
        state.apply_action(c(5, 5))


def test_draw_freely_variant_offers_the_draw(deck, cards):
    c = cards
    state, _ = ready(deck, draw_freely=True)
    arrange(state, [[c(3, 2), c(5, 5)], [c(6, 6), c(6, 1)]], top=c(3, 4))
    assert state.legal_actions() == [c(3, 2), state.k.DRAW]


# ---------------------------------------------------------------- action cards


def test_toma_dos_next_player_draws_two_and_is_skipped(deck, cards):
    c = cards
    state, rng = ready(deck, players=3)
    arrange(state, [[c.action("toma_dos"), c(5, 5), c(6, 6)], [c(2, 2), c(2, 3)], [c(4, 4), c(4, 5)]], top=c(3, 4))
    state.apply_action(c.action("toma_dos"))
    assert state.current_player() == CHANCE  # the two cards come from the draw pile
    state.chance(rng)
    assert len(hand(state, 1)) == 4 and len(hand(state, 0)) == 2
    assert state.current_player() == 2  # seat 1 played nothing
    assert state.top == c.action("toma_dos")
    # the constraint is still the last monomial's: coefficient 3 or degree 4
    assert legal_cards(state) == [c(4, 4)]


def test_toma_cuatro_next_player_draws_four_and_is_skipped(deck, cards):
    c = cards
    state, rng = ready(deck, players=3)
    arrange(state, [[c.action("toma_cuatro"), c(5, 5), c(6, 6)], [c(2, 2)], [c(4, 4)]], top=c(3, 4))
    state.apply_action(c.action("toma_cuatro"))
    state.chance(rng)
    assert len(hand(state, 1)) == 5
    assert state.current_player() == 2


def test_retorno_reverses_play(deck, cards):
    c = cards
    state, _ = ready(deck, players=3)
    arrange(state, [[c.action("retorno"), c(5, 5)], [c(2, 2), c(2, 3)], [c(4, 4), c(4, 5)]], top=c(3, 4))
    state.apply_action(c.action("retorno"))
    assert state.current_player() == 2 and state.dir == -1
    state.apply_action(c(4, 4))  # degree 4 follows the last monomial (3, 4)
    assert state.current_player() == 1


@pytest.mark.parametrize("variant, next_seat", [("reverse", 1), ("skip", 0)])
def test_retorno_with_two_players(deck, cards, variant, next_seat):
    c = cards
    state, _ = ready(deck, retorno_two_players=variant)
    arrange(state, [[c.action("retorno"), c(5, 5)], [c(2, 2), c(2, 3)]], top=c(3, 4))
    state.apply_action(c.action("retorno"))
    assert state.current_player() == next_seat


def test_intermision_skips_the_next_player(deck, cards):
    c = cards
    state, _ = ready(deck, players=4)
    arrange(state, [[c.action("intermision"), c(5, 5)], [c(2, 2)], [c(4, 4)], [c(6, 6)]], top=c(3, 4))
    state.apply_action(c.action("intermision"))
    assert state.current_player() == 2


def test_eleccion_de_coeficiente_sets_the_coefficient_to_follow(deck, cards):
    c = cards
    state, _ = ready(deck)
    arrange(state, [[c.action("eleccion_coeficiente"), c(5, 5)], [c(2, 4), c(5, 1), c(1, 5), c(3, 3)]], top=c(3, 4))
    state.apply_action(c.action("eleccion_coeficiente"))
    assert state.phase == CHOOSE and state.current_player() == 0
    t = state.k.tables
    assert [state.action_to_string(a) for a in state.legal_actions()] == [f"name coefficient {v}" for v in t.coefficients]
    state.apply_action(state.k.CHOOSE_BASE + t.coefficients.index(5))
    assert state.current_player() == 1
    assert legal_cards(state) == [c(5, 1)]  # any degree with coefficient 5; (2, 4) and (1, 5) no longer follow


def test_eleccion_de_grado_sets_the_degree_to_follow(deck, cards):
    c = cards
    state, _ = ready(deck)
    arrange(state, [[c.action("eleccion_grado"), c(5, 5)], [c(2, 4), c(5, 1), c(1, 5), c(3, 2)]], top=c(3, 4))
    state.apply_action(c.action("eleccion_grado"))
    t = state.k.tables
    state.apply_action(state.k.CHOOSE_BASE + len(t.coefficients) + t.degrees.index(5))
    assert legal_cards(state) == [c(1, 5)]


@pytest.mark.parametrize("after", ["monomial", "free"])
def test_after_an_action_card_the_last_monomial_rules(deck, cards, after):
    c = cards
    state, _ = ready(deck, after_action=after)
    arrange(state, [[c.action("intermision"), c(5, 5), c(6, 6)], [c(2, 2)]], top=c(3, 4))
    state.apply_action(c.action("intermision"))  # 2 players: seat 0 plays again
    assert state.current_player() == 0
    if after == "monomial":  # (3, 4) still rules: neither (5, 5) nor (6, 6) follows it
        assert state.legal_actions() == [state.k.DRAW]
    else:
        assert legal_cards(state) == sorted([c(5, 5), c(6, 6)])


# ---------------------------------------------------------------- the first card turned up


@pytest.mark.parametrize(
    "action, players, first, direction, left_cards, phase",
    [
        ("toma_dos", 3, 1, 1, 9, PLAY),  # the dealer is seat 2; seat 0 draws 2 and is skipped
        ("toma_cuatro", 3, 1, 1, 11, PLAY),
        ("retorno", 3, 2, -1, 7, PLAY),  # the dealer starts, then play goes to the right
        ("intermision", 3, 1, 1, 7, PLAY),  # seat 0 is skipped
        ("eleccion_coeficiente", 3, 0, 1, 7, CHOOSE),  # seat 0 names a coefficient, then plays
        ("eleccion_grado", 3, 0, 1, 7, CHOOSE),
        ("toma_dos", 2, 1, 1, 9, PLAY),
    ],
)
def test_each_action_card_has_its_starting_rule(deck, cards, action, players, first, direction, left_cards, phase):
    state, _ = new_state(deck, players, top=cards.action(action))
    assert state.top == cards.action(action) and state.dealer == players - 1
    assert state.current_player() == first and state.dir == direction and state.phase == phase
    assert len(hand(state, 0)) == left_cards
    assert state.cons == state.k.tables.free  # no monomial yet: any card may follow
    if phase == CHOOSE:
        t = state.k.tables
        state.apply_action(state.legal_actions()[2])
        assert state.phase == PLAY and state.current_player() == 0  # the chooser then plays
        if action == "eleccion_coeficiente":
            assert state.k.tables.constraints[state.cons] == (t.coefficients[2], None)
        else:
            assert state.k.tables.constraints[state.cons] == (None, t.degrees[2])


def test_a_monomial_turned_up_sets_the_constraint(deck, cards):
    state, _ = new_state(deck, 4, top=cards(4, 3))
    assert state.current_player() == 0 and state.phase == PLAY
    assert state.k.tables.constraints[state.cons] == (4, 3)


# ---------------------------------------------------------------- drawing


def test_no_legal_card_draw_one_and_play_it(deck, cards):
    c = cards
    state, rng = ready(deck)
    arrange(state, [[c(5, 5), c(6, 6)], [c(2, 2), c(1, 1)]], top=c(3, 4), pile=[c(3, 1)])
    assert state.legal_actions() == [state.k.DRAW]
    state.apply_action(state.k.DRAW)
    assert state.current_player() == CHANCE
    state.chance(rng)
    assert state.phase == DRAWN and state.drawn == c(3, 1)
    assert state.legal_actions() == [c(3, 1), state.k.PASS]
    state.apply_action(c(3, 1))
    assert state.top == c(3, 1) and state.current_player() == 1 and len(hand(state, 0)) == 2


def test_no_legal_card_draw_one_and_keep_it(deck, cards):
    c = cards
    state, rng = ready(deck)
    arrange(state, [[c(5, 5), c(6, 6)], [c(2, 2), c(1, 1)]], top=c(3, 4), pile=[c(3, 1)])
    state.apply_action(state.k.DRAW)
    state.chance(rng)
    state.apply_action(state.k.PASS)
    assert state.current_player() == 1 and len(hand(state, 0)) == 3


def test_a_drawn_card_that_does_not_fit_ends_the_turn(deck, cards):
    c = cards
    state, rng = ready(deck)
    arrange(state, [[c(5, 5), c(6, 6)], [c(2, 2), c(1, 1)]], top=c(3, 4), pile=[c(1, 1, 1)])
    state.apply_action(state.k.DRAW)
    state.chance(rng)
    assert state.current_player() == 1 and c(1, 1, 1) in hand(state, 0)


def test_an_empty_draw_pile_is_refilled_from_the_discard_pile_but_its_top(deck, cards):
    c = cards
    state, rng = ready(deck)
    arrange(state, [[c(5, 5), c(6, 6)], [c(2, 2), c(1, 1)]], top=c(3, 4), pile=[])
    below = len(state.discard_pile()) - 1
    assert below == 108 - 5
    state.apply_action(state.k.DRAW)
    state.chance(rng)
    assert state.refills == 1 and state.top == c(3, 4)
    assert len(state.pile) == below - 1 and c(3, 4) not in state.pile
    assert state.discard_pile() == [c(3, 4)]
    assert state.card_count() == 108


# ---------------------------------------------------------------- ÁLGEBRA


def test_a_forgotten_algebra_caught_in_time_costs_two_cards(deck, cards):
    c = cards
    state, rng = ready(deck, algebra_call=0.0, algebra_catch=1.0)
    arrange(state, [[c(3, 2), c(6, 6)], [c(2, 2), c(1, 1)]], top=c(3, 4))
    state.apply_action(c(3, 2))
    assert state.current_player() == CHANCE  # the ÁLGEBRA moment
    state.chance(rng)
    assert len(hand(state, 0)) == 3 and state.algebra_caught == 1
    assert state.current_player() == 1


def test_a_called_algebra_costs_nothing(deck, cards):
    c = cards
    state, _ = ready(deck, algebra_call=1.0, algebra_catch=1.0)
    arrange(state, [[c(3, 2), c(6, 6)], [c(2, 2), c(1, 1)]], top=c(3, 4))
    state.apply_action(c(3, 2))
    assert state.current_player() == 1 and len(hand(state, 0)) == 1


# ---------------------------------------------------------------- scoring and the match


def test_round_scoring_by_the_table(make_deck):
    deck = make_deck(coefficients="-3-3")
    c = Cards(deck)
    state, rng = ready(deck, players=3)
    arrange(
        state,
        [[c(2, 2)], [c(-3, 1), c.action("toma_dos"), c.action("eleccion_grado")], [c(1, 5), c.action("retorno"), c.action("toma_cuatro")]],
        top=c(2, 4),
    )
    state.apply_action(c(2, 2))
    # 3 (|−3|) + 20 + 50 for seat 1; 1 + 20 + 50 for seat 2
    assert state.scores == [3 + 20 + 50 + 1 + 20 + 50, 0, 0]
    assert state.rounds == 1 and state.current_player() == CHANCE  # the next deal
    state.chance(rng)
    assert state.dealer == 0 and state.current_player() == 1  # the deal moved left
    assert all(len(hand(state, s)) in (7, 9, 11) for s in range(3))


def test_a_last_toma_card_still_makes_the_next_player_draw(deck, cards):
    c = cards
    for draws, expected in ((True, 4), (False, 2)):
        state, rng = ready(deck, last_card_draws=draws)
        arrange(state, [[c.action("toma_dos")], [c(2, 2), c(1, 1)]], top=c(3, 4))
        state.apply_action(c.action("toma_dos"))
        if draws:
            assert state.current_player() == CHANCE
            state.chance(rng)
        assert len(hand(state, 1)) == expected and state.rounds == 1
        assert state.scores[0] == sum(state.k.tables.points[x] for x in hand(state, 1))


@pytest.mark.parametrize("before, over", [(480, True), (470, False)])
def test_the_match_ends_at_500(deck, cards, before, over):
    c = cards
    state, _ = ready(deck)
    arrange(state, [[c(3, 2)], [c.action("retorno")]], top=c(3, 4))
    state.scores[0] = before
    state.apply_action(c(3, 2))
    assert state.scores[0] == before + 20
    assert state.is_terminal() == over
    if over:
        assert state.current_player() == TERMINAL and state.winners() == [0] and state.returns() == [1.0, 0.0]


def test_the_winner_opens_the_next_round_in_that_variant(deck, cards):
    c = cards
    state, rng = ready(deck, players=3, round_starter="winner")
    arrange(state, [[c(1, 2, 1)], [c(2, 2)], [c(3, 3)]], top=c(2, 4), seat=1)
    state.apply_action(c(2, 2))
    state.chance(rng)  # the new deal
    assert state.dealer == 0 and state.round_starter == 1


def _islands(game, **options):
    """One 3z^3 (card 0), eight 2y^2 (1-8) and seven x (9-15): three groups no card links."""
    cards = [Card("monomial", {"monomial": "3*z**3", "coefficient": 3, "degree": 3})]
    cards += [Card("monomial", {"monomial": "2*y**2", "coefficient": 2, "degree": 2})] * 8
    cards += [Card("monomial", {"monomial": "x", "coefficient": 1, "degree": 1})] * 7
    options = {**{o.name: o.default for o in game.options}, **options}
    return Deck("mgc", options, 1, tuple(cards), custom=True)


def test_a_blocked_round_goes_to_the_lowest_hand(game):
    """Nobody can play and nothing is left to draw: the round is over at once (RULES.md, row 24)."""
    deck = _islands(game)
    state, rng = new_state(deck, 2, top=0)
    arrange(state, [list(range(1, 9)), list(range(9, 16))], top=0, pile=[])
    state.apply_action(state.k.DRAW)
    state.chance(rng)  # nothing to draw: the turn passes, and seat 1 can neither play nor draw
    assert state.blocked == 1 and state.rounds == 1
    assert state.scores == [0, 8 * 2]  # seat 1's seven x (7 points) beat seat 0's 16 points


@pytest.mark.parametrize("extra, options", [(0, {}), (0, {"draw_freely": True})])
def test_every_round_the_engine_ends_blocked_is_one_nobody_can_play_or_draw(game, extra, options):
    """Issue 40, case 3: the old engine ended a round after n draws that found nothing since the
    last card drawn (plays and Toma penalty draws did not reset the count; drawing freely, a player
    holding a legal card could "draw" nothing): 2,189 rounds of three islands and 2 Toma cuatro all
    ended with a playable card in a hand. Now every round that ends without a winner ends where
    nobody can play and nothing is left to draw."""
    deck = _islands(game, **options)
    cards = list(deck.cards[: 15 - extra]) + [Card("action", {"action": "toma_cuatro"})] * extra  # 15 cards: 7 each and the top
    deck = Deck("mgc", deck.options, 1, tuple(cards), custom=True)
    from deckgen.engine.game import random_policy

    blocked = 0
    for seed in range(12):
        state, rng = new_state(deck, 2, top=0, seed=seed, **options)  # 3z^3 turned up: nobody can follow it
        seen = 0
        for _ in range(1_500):  # a round of islands may never end (no end is reachable): steps, not rounds
            if state.blocked > seen:  # paused before the next deal: the round's last position
                seen = state.blocked
                blocked += 1
                mask = state.k.tables.masks[state.cons]
                assert not any(h & mask for h in state.hands) and not state.can_draw()
            if state.is_terminal():
                break
            if state.current_player() == CHANCE:
                state.chance(rng)
            else:
                state.apply_action(random_policy(state, rng))
    assert blocked >= 3  # the class is met, not just allowed


def test_nothing_to_draw_a_player_who_can_play_must_play_even_drawing_freely(game):
    deck = _islands(game, draw_freely=True)
    state, rng = new_state(deck, 2, top=9, draw_freely=True)
    arrange(state, [[0, 1, *range(10, 16)], list(range(2, 9))], top=9, pile=[])  # every card in a hand or on top
    assert not state.can_draw()
    assert state.legal_actions() == list(range(10, 16))  # the x; no draw: there is nothing to draw
    state.apply_action(10)
    assert state.legal_actions() == [state.k.DRAW] and state.can_draw()  # seat 1 holds no x; the discard pile refills
    state.apply_action(state.k.DRAW)
    state.chance(rng)  # draws the x below the top card, and may play it
    assert state.phase == DRAWN and state.blocked == 0


def test_an_illegal_action_is_refused_and_the_match_goes_on(deck, cards):
    c = cards
    state, rng = ready(deck)
    arrange(state, [[c(3, 2), c(6, 6)], [c(2, 2), c(1, 1)]], top=c(3, 4))
    for bad in (c(6, 6), c(2, 2), -1, 10_000, state.k.PASS):
        with pytest.raises(IllegalAction):
            state.apply_action(bad)
    with pytest.raises(IllegalAction):
        state.chance(random.Random(1))
    state.apply_action(c(3, 2))
    assert state.top == c(3, 2)


class _Draws(random.Random):
    """A seeded rng whose ``random()`` always returns ``x``: scripts the ÁLGEBRA moment."""

    def __init__(self, x):
        super().__init__(0)
        self.x = x

    def random(self):
        return self.x


@pytest.mark.parametrize("x, cards_left, caught", [(0.2, 1, 0), (0.9, 3, 1)])
def test_saying_algebra_at_the_moment_costs_nothing_forgetting_it_costs_two(deck, cards, x, cards_left, caught):
    c = cards
    state, _ = ready(deck, algebra_call=0.5, algebra_catch=1.0)  # says it when the draw is below 0.5
    arrange(state, [[c(3, 2), c(6, 6)], [c(2, 2), c(1, 1)]], top=c(3, 4))
    state.apply_action(c(3, 2))
    assert state.current_player() == CHANCE  # the ÁLGEBRA moment
    state.chance(_Draws(x))
    assert len(hand(state, 0)) == cards_left and state.algebra_caught == caught
    assert state.current_player() == 1


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_help_card_says_a_forgotten_algebra_costs_two_only_when_caught_in_time(deck, cards, game, lang):
    """A forgotten ÁLGEBRA that nobody notices in time costs nothing (the source, and the engine with
    algebra_catch=0 below); the help card said "forget it and you draw 2" without the condition."""
    c = cards
    state, rng = ready(deck, algebra_call=0.0, algebra_catch=0.0)
    arrange(state, [[c(3, 2), c(6, 6)], [c(2, 2), c(1, 1)]], top=c(3, 4))
    state.apply_action(c(3, 2))
    while state.current_player() == CHANCE:
        state.chance(rng)
    assert len(hand(state, 0)) == 1 and state.current_player() == 1  # forgotten, not caught: no penalty
    lines = [line for _, items in game.help_card(deck, lang).sections for line in items]
    (algebra,) = [line for line in lines if "ÁLGEBRA" in line]
    assert ("2" in algebra) and ({"es": "a tiempo", "en": "in time"}[lang] in algebra), algebra


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("freely", [False, True])
def test_the_help_card_says_when_a_player_may_draw(make_deck, game, lang, freely):
    """With --draw-freely the engine offers the draw beside the legal cards; the help card said
    "if you cannot play, draw a card" whatever the option."""
    deck = make_deck(draw_freely=freely)
    c = Cards(deck)
    state, _ = ready(deck, draw_freely=freely)
    arrange(state, [[c(3, 2), c(6, 6)], [c(2, 2), c(1, 1)]], top=c(3, 4))
    assert (state.k.DRAW in state.legal_actions()) == freely  # seat 0 holds a card it may play
    lines = [line for _, items in game.help_card(deck, lang).sections for line in items]
    cannot = {"es": "Si no puedes poner nada, roba una carta", "en": "If you cannot play, draw a card"}[lang]
    anyway = {"es": "Puedes robar una carta aunque puedas poner otra", "en": "You may draw a card even when you could play"}[lang]
    assert any(cannot in line for line in lines) == (not freely) and any(anyway in line for line in lines) == freely
