"""A searching player never sees hidden cards: two positions that differ only in cards the seat to
move cannot see, searched with the same random numbers, get the same values and the same choice."""

from __future__ import annotations

import random

import pytest

from deckgen.analysis.ladder import skill_deck
from deckgen.analysis.montecarlo import MonteCarloPlayer
from deckgen.engine.state import CHANCE
from deckgen.registry import get_game
from deckgen.spec import spec_for


def _deck(game_id: str):
    game = get_game(game_id)
    engine = game.engine
    deck = engine.variants(spec_for(game, cli={}).build())[-1][1]  # Monete: jungla, the richest mode
    return engine, skill_deck(engine, deck)


def _advance(engine, deck, seed: int, steps: int, searchable):
    """A position after ``steps`` random steps, then on to the next decision the player can search."""
    rng = random.Random(seed)
    state = engine.new_state(deck, 2, rng)
    pol = random.Random(seed + 1)
    taken = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.chance(rng)
            continue
        if taken >= steps and len(state.legal_actions()) > 1 and searchable(state):
            return state
        actions = state.legal_actions()
        state.apply_action(actions[int(pol.random() * len(actions))])
        taken += 1
    return None


def _swap_hectoedra(state, seat):
    other = 1 - seat
    hand, draw = state.hands[other], state.draw
    if not draw:
        hand, draw = state.hands[other], state.box
    hand[0], draw[-1] = draw[-1], hand[0]


def _swap_monete(state, seat):
    other = 1 - seat
    state.hands[other][0], state.draw[-1] = state.draw[-1], state.hands[other][0]


def _swap_maestras(state, seat):
    other = 1 - seat
    state.hands[other][0], state.pile[-1] = state.pile[-1], state.hands[other][0]
    state._legal = None


def _swap_mgc(state, seat):
    other = 1 - seat
    hand = state.hands[other]
    low = (hand & -hand).bit_length() - 1
    card = state.pile[-1]
    state.hands[other] = (hand & ~(1 << low)) | (1 << card)
    state.pile[-1] = low


SWAPS = {"hectoedra": _swap_hectoedra, "monete": _swap_monete, "maestras": _swap_maestras, "mgc": _swap_mgc}


def _searchable(game_id):
    if game_id == "mgc":
        from deckgen.games.mgc.state import PLAY

        return lambda s: s.phase == PLAY
    if game_id == "hectoedra":
        return lambda s: bool(s.draw or s.box)
    if game_id == "maestras":
        return lambda s: bool(s.pile) and all(s.hands)
    return lambda s: bool(s.draw) and all(s.hands)


@pytest.mark.parametrize("game_id", sorted(SWAPS))
def test_same_choice_whatever_the_hidden_cards(game_id):
    engine, deck = _deck(game_id)
    player = MonteCarloPlayer(engine.skill.sample_hidden, 12, engine.policies["heuristic"], engine.max_steps(deck, 2), engine.skill.value)
    checked = 0
    for seed in range(6):
        a = _advance(engine, deck, seed, 3 + seed, _searchable(game_id))
        b = _advance(engine, deck, seed, 3 + seed, _searchable(game_id))
        if a is None:
            continue
        seat = a.current_player()
        SWAPS[game_id](b, seat)
        assert a.key() != b.key()  # the positions really differ...
        assert list(a.legal_actions()) == list(b.legal_actions())  # ...in nothing the seat can see
        assert player.values(a, random.Random(seed)) == player.values(b, random.Random(seed))
        assert player(a, random.Random(seed)) == player(b, random.Random(seed))
        checked += 1
    assert checked >= 4


@pytest.mark.parametrize("game_id", sorted(SWAPS))
def test_a_sample_keeps_what_the_seat_sees_and_deals_the_rest_again(game_id):
    engine, deck = _deck(game_id)
    state = _advance(engine, deck, 11, 4, _searchable(game_id))
    seat = state.current_player()
    before = state.key()
    worlds = [engine.skill.sample_hidden(state, seat, random.Random(i)) for i in range(8)]
    assert state.key() == before  # the position searched is not touched
    other = 1 - seat

    def hand(s, q):
        h = s.hands[q]
        return sorted(h) if isinstance(h, list) else h

    for w in worlds:
        assert hand(w, seat) == hand(state, seat)
        assert w.card_count() == state.card_count() or game_id == "mgc"
        assert list(w.legal_actions()) == list(state.legal_actions())
    others = {str(hand(w, other)) for w in worlds}
    assert len(others) > 1  # the other hand is dealt again, not copied
    w = worlds[0]
    w.apply_action(w.legal_actions()[0])
    assert state.key() == before  # a sample is independent of the position


def test_mgc_decisions_that_cannot_be_searched_fall_back_on_the_heuristic():
    from deckgen.games.mgc.state import PLAY

    engine, deck = _deck("mgc")
    state = _advance(engine, deck, 5, 2, lambda s: s.phase != PLAY)
    assert state is not None and state.phase != PLAY
    assert engine.skill.sample_hidden(state, state.current_player(), random.Random(1)) is None
    player = MonteCarloPlayer(engine.skill.sample_hidden, 8, engine.policies["heuristic"])
    assert player(state, random.Random(1)) == engine.policies["heuristic"](state, random.Random(1))
