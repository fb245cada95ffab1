"""Issue 27, point 4: the search rung's worlds agree with everything the seat has seen.

Cartas Maestras: an opponent who drew or passed with nothing to place held, of the cards it held
then, none that could be placed on the board then. Monete: an opponent who drew or passed with no
legal play, or drew answering a ¡Monete!, held none that would have followed then. Every game:
the cards already played (on the table, out, won) stay where they are in every world.

Each constraint is checked three ways over seeded games: the real hand always satisfies it (it is
recorded soundly: never stronger than what the seat saw), blind deals (sample_hidden) often break
it (the test can fail), and every informed world (sample_seen) satisfies it.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # the no-peeking test's decks and positions
from test_no_peeking import SWAPS, _advance, _deck, _searchable  # noqa: E402


def _short(state, seat, voids, test):
    """Cards short, over ``voids`` of ``seat`` (seat, received then, what it failed), in its hand."""
    hand = state.hands[seat]
    bad = 0
    for s, got, what in voids:
        need = len(hand) - (state.received[s] - got)
        bad += max(0, need - sum(1 for c in hand if not test(c, what)))
    return bad


def _check(game_id, games, test, searchable):
    """Play seeded heuristic games; at every decision where the other seat has voids, compare the
    real hand, blind deals and informed worlds against them. Returns (decisions checked, blind
    deals that broke a constraint)."""
    engine, deck = _deck(game_id)
    sample_seen, sample_hidden = engine.skill.sample_seen, engine.skill.sample_hidden
    checked = broken = 0
    for seed in range(games):
        rng = random.Random(seed)
        state = engine.new_state(deck, 2, rng)
        while not state.is_terminal():
            if state.current_player() < 0:
                state.chance(rng)
                continue
            me = state.current_player()
            other = 1 - me
            voids = [v for v in state.voids if v[0] == other]
            if voids and len(state.legal_actions()) > 1 and searchable(state):
                assert _short(state, other, voids, lambda c, w: test(state, c, w)) == 0  # sound
                for i in range(3):
                    w = sample_seen(state, me, random.Random(i))
                    assert _short(w, other, voids, lambda c, x: test(state, c, x)) == 0
                    broken += _short(sample_hidden(state, me, random.Random(i)), other, voids, lambda c, x: test(state, c, x)) > 0
                checked += 1
            state.apply_action(engine.policies["heuristic"](state, rng))
    return checked, broken


def test_maestras_a_draw_with_nothing_to_place_is_recorded_as_the_board_allowed_then():
    from deckgen.games.maestras.state import DRAW, MAIN

    engine, deck = _deck("maestras")
    draws = 0
    for seed in range(15):
        rng = random.Random(seed)
        state = engine.new_state(deck, 2, rng)
        while not state.is_terminal():
            if state.phase == MAIN and state.legal_actions() == [DRAW]:
                seat, n = state.turn, len(state.voids)
                ends = state.open_ends()
                for c in range(len(state.infos)):  # the record says exactly which cards could go
                    assert state.placeable(c, ends) == bool(state.placements([c]))
                state.apply_action(DRAW)
                assert state.voids[n] == (seat, state.voids[n][1], ends)
                draws += 1
                continue
            state.apply_action(engine.policies["heuristic"](state, rng))
    assert draws >= 20


def test_maestras_worlds_hold_no_card_an_opponent_could_have_placed():
    checked, broken = _check("maestras", 25, lambda s, c, ends: s.placeable(c, ends), _searchable("maestras"))
    assert checked >= 50 and broken >= 10


def test_monete_worlds_hold_no_card_an_opponent_could_have_followed_with():
    from deckgen.games.monete.hidden import follows

    checked, broken = _check("monete", 25, follows, _searchable("monete"))
    assert checked >= 50 and broken >= 10


def test_monete_records_every_forced_draw_pass_and_monete_draw():
    engine, deck = _deck("monete")
    kinds = set()
    for seed in range(30):
        rng = random.Random(seed)
        state = engine.new_state(deck, 2, rng)
        while not state.is_terminal():
            if state.current_player() < 0:
                state.chance(rng)
            else:
                state.apply_action(engine.policies["heuristic"](state, rng))
        t = state.tally
        plays = [v for v in state.voids if v[2][0] == "play"]
        monetes = [v for v in state.voids if v[2][0] == "monete"]
        assert len(plays) == t["forced_draws"] + t["passes"]
        assert len(monetes) == t["monete_draws"]
        kinds.update(v[2][0] for v in state.voids)
    assert kinds == {"play", "monete"}


def test_monete_a_hand_seen_with_espiar_and_a_void_both_hold():
    from deckgen.games.monete.hidden import follows, sample_seen

    engine, deck = _deck("monete")
    for seed in range(40):
        state = _advance(engine, deck, seed, 6, _searchable("monete"))
        if state is None:
            continue
        seat = state.current_player()
        other = 1 - seat
        voids = [v for v in state.voids if v[0] == other and len(state.hands[other]) - (state.received[other] - v[1]) > 0]
        if not voids:
            continue
        seen = tuple(sorted(c for c in state.hands[other] if not any(follows(state, c, v[2]) for v in voids))[:2])
        state.known[(seat, other)] = seen  # as after an Espiar
        for i in range(10):
            w = sample_seen(state, seat, random.Random(i))
            assert set(seen) <= set(w.hands[other]) and len(w.hands[other]) == len(state.hands[other])
            assert _short(w, other, voids, lambda c, x: follows(state, c, x)) == 0
        return
    pytest.fail("no Monete position with a void")


def _public(game_id, state):
    """What every seat sees of the cards already played."""
    if game_id == "monete":
        return sorted(state.pile), list(state.out), state.top_value, state.top_colour
    if game_id == "maestras":
        return sorted(state.board.items()), [list(w) for w in state.won], list(state.removed)
    if game_id == "hectoedra":
        return list(state.pile), [list(state.penalty_piles[s]) for s in range(state.players) if s == state.seat]
    held = 0  # MGC: every card in a hand or the draw pile (the rest is the discard pile)
    for h in state.hands:
        held |= h
    for c in state.pile:
        held |= 1 << c
    return state.top, state.cons, state.hands[state.seat], held, len(state.pile)


@pytest.mark.parametrize("game_id", sorted(SWAPS))
def test_cards_already_played_stay_where_they_are_in_every_world(game_id):
    engine, deck = _deck(game_id)
    seen = 0
    for seed in range(4):
        state = _advance(engine, deck, seed, 8 + 3 * seed, _searchable(game_id))
        if state is None:
            continue
        seat = state.current_player()
        for i in range(6):
            w = engine.skill.sample_seen(state, seat, random.Random(i))
            assert _public(game_id, w) == _public(game_id, state)
        seen += 1
    assert seen >= 3


def test_monete_a_hand_never_grows_without_a_card_received():
    """The counts the voids age by: every card entering a hand (a draw, Espiar, Regalito, Te la
    cambio, Ladronzuelos, a ¡Monete! draw) counts as received by that seat."""
    engine, deck = _deck("monete")
    moved = 0
    for seed in range(30):
        rng, pol = random.Random(seed), random.Random(seed + 1)
        state = engine.new_state(deck, 2, rng)
        while not state.is_terminal():
            sizes, got = [len(h) for h in state.hands], list(state.received)
            if state.current_player() < 0:
                state.chance(rng)
            else:
                acts = state.legal_actions()
                state.apply_action(acts[int(pol.random() * len(acts))])
            for s in range(2):
                assert len(state.hands[s]) - sizes[s] <= state.received[s] - got[s]
                moved += len(state.hands[s]) > sizes[s]
    assert moved > 100


def test_monete_what_follows_a_monete_is_a_card_of_its_value():
    from deckgen.games.monete.hidden import follows

    engine, deck = _deck("monete")
    state = engine.new_state(deck, 2, random.Random(1))
    table = state.table
    plain = [c for c in table.playing if not table.wild[c]]
    for c in plain:
        v = table.value[c]
        assert follows(state, c, ("monete", v))
        assert not follows(state, c, ("monete", v % state.rules.top + 1))
    for c in (c for c in table.playing if table.wild[c]):
        assert follows(state, c, ("monete", 1)) == bool(state.rules.wild_discard)


@pytest.mark.parametrize("game_id", ["maestras", "monete"])
def test_the_informed_search_does_not_peek_where_an_opponent_could_not_follow(game_id):
    """No peeking where the voids shape the worlds: re-dealing only hidden cards (one card of the
    opponent's hand swapped with the draw pile's) changes neither the worlds' results nor the move."""
    from deckgen.analysis.search import SearchPlayer

    engine, deck = _deck(game_id)
    skill = engine.skill
    player = SearchPlayer(skill.sample_seen, 4, engine.policies["heuristic"], engine.max_steps(deck, 2), skill.value)
    has_void = lambda s: _searchable(game_id)(s) and any(v[0] != s.current_player() for v in s.voids)  # noqa: E731
    checked = 0
    for seed in range(12):
        a = _advance(engine, deck, seed, 6, has_void)
        b = _advance(engine, deck, seed, 6, has_void)
        if a is None:
            continue
        seat = a.current_player()
        SWAPS[game_id](b, seat)
        assert a.key() != b.key() and list(a.legal_actions()) == list(b.legal_actions())
        keep = engine.policies["heuristic"](a, random.Random(seed))
        assert player.results(a, random.Random(seed), keep) == player.results(b, random.Random(seed), keep)
        assert player(a, random.Random(seed)) == player(b, random.Random(seed))
        checked += 1
        if checked >= 4:
            break
    assert checked >= 4
