"""Issue 27, point 4: the determinized-search rung (PIMC with heuristic rollouts) searches only worlds
consistent with everything the seat has seen, and never peeks: re-dealing only the cards it cannot
see leaves its move unchanged."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from deckgen.analysis.ladder import ladder_levels
from deckgen.analysis.search import SearchPlayer, worlds_of
from deckgen.games.hectoedra.state import PENALTY, HectoedraState, Variant
from deckgen.registry import get_game

sys.path.insert(0, str(Path(__file__).parent))  # the no-peeking test's positions and swaps
from test_no_peeking import SWAPS, _advance, _deck, _searchable  # noqa: E402


def _player(engine, deck, worlds=4):
    skill = engine.skill
    return SearchPlayer(skill.sample_seen or skill.sample_hidden, worlds, engine.policies["heuristic"], engine.max_steps(deck, 2), skill.value)


@pytest.mark.parametrize("game_id", sorted(SWAPS))
def test_the_search_rung_is_on_the_ladder_and_does_not_peek(game_id):
    engine, deck = _deck(game_id)
    names = ladder_levels(engine)
    assert worlds_of(names[-1]) == engine.skill.search_worlds > 0
    player = _player(engine, deck)
    checked = 0
    for seed in range(6):
        a = _advance(engine, deck, seed, 3 + seed, _searchable(game_id))
        b = _advance(engine, deck, seed, 3 + seed, _searchable(game_id))
        if a is None:
            continue
        seat = a.current_player()
        SWAPS[game_id](b, seat)
        assert a.key() != b.key()  # the positions differ, in hidden cards only
        assert list(a.legal_actions()) == list(b.legal_actions())
        keep = engine.policies["heuristic"](a, random.Random(seed))
        assert player.results(a, random.Random(seed), keep) == player.results(b, random.Random(seed), keep)
        assert player(a, random.Random(seed)) == player(b, random.Random(seed))
        checked += 1
    assert checked >= 4


def _stuck_round() -> HectoedraState:
    """Seat 1 holds 4, 8, 9, 25 on a 7: no multiple, divisor, common divisor or pair of primes."""
    cards = [2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 15, 21, 22, 25, 26, 27, 28, 33, 35]
    state = HectoedraState(cards, 2, Variant(per_player=10, hand=4))
    state.chance(random.Random(1))
    state.hands = [[2, 3, 5, 6], [4, 8, 9, 25]]  # a position written by hand
    state.pile = [7]
    state.draw, state.box = [10, 12, 14, 15, 21, 22, 26, 27, 28, 33, 35], []
    state.seat = 1
    return state


def test_a_penalty_with_no_legal_card_is_remembered_and_the_worlds_respect_it():
    from deckgen.games.hectoedra.hidden import _misfits, sample_hidden, sample_seen
    from deckgen.games.hectoedra.rules import is_legal

    state = _stuck_round()
    assert PENALTY + 4 in state.legal_actions() and all(a >= PENALTY for a in state.legal_actions())
    state.apply_action(PENALTY + 4)  # no card follows 7: a penalty, then a draw
    assert state.voids == [(1, 7, 0)] and state.drawn[1] == 1
    state.apply_action(state.legal_actions()[0])  # seat 0 moves on
    voids = [v for v in state.voids if v[0] != 0]
    free = [sample_hidden(state, 0, random.Random(i)) for i in range(40)]
    assert any(_misfits(w, voids) for w in free)  # blind deals often give seat 1 a card that follows 7
    for i in range(40):
        w = sample_seen(state, 0, random.Random(i))
        assert _misfits(w, voids) == 0
        # of its 4 cards, at most one (the one drawn since) may follow 7
        assert sum(1 for c in w.hands[1] if is_legal(c, 7)) <= 1


def test_a_hand_seen_with_espiar_stays_in_the_worlds():
    from deckgen.games.monete.hidden import sample_seen
    from deckgen.games.monete.cards import ESPIAR

    engine, deck = _deck("monete")
    state = _advance(engine, deck, 3, 6, _searchable("monete"))
    seat = state.current_player()
    other = 1 - seat
    seen = tuple(sorted(state.hands[other][:3]))
    state.known[(seat, other)] = seen  # as after an Espiar (the give step writes it)
    for i in range(20):
        w = sample_seen(state, seat, random.Random(i))
        assert set(seen) <= set(w.hands[other]) and len(w.hands[other]) == len(state.hands[other])
        assert sorted(w.hands[seat]) == sorted(state.hands[seat])
    assert ESPIAR  # the card exists in this deck's rules


def test_espiar_records_the_hand_the_spy_saw():
    from deckgen.games.monete.state import GIVE, TAKE

    engine, deck = _deck("monete")
    for seed in range(400):
        rng = random.Random(seed)
        state = engine.new_state(deck, 2, rng)
        pol = random.Random(seed + 1)
        while not state.is_terminal():
            if state.current_player() < 0:
                state.chance(rng)
                continue
            was_take = state.phase == TAKE
            spy, target = state.player, state.target
            acts = state.legal_actions()
            state.apply_action(acts[int(pol.random() * len(acts))])
            if was_take and state.phase == GIVE:
                acts = state.legal_actions()
                state.apply_action(acts[0])
                if (spy, target) in state.known:
                    assert state.known[(spy, target)] == tuple(sorted(state.hands[target]))
                    return
    pytest.fail("no Espiar in 400 random games")


def test_an_mgc_draw_without_a_legal_card_is_remembered_and_the_worlds_respect_it():
    from deckgen.games.mgc.hidden import _misfits, sample_hidden, sample_seen
    from deckgen.games.mgc.state import PLAY

    engine, deck = _deck("mgc")
    k = None
    for seed in range(200):  # a position where the seat to play must draw
        state = _advance(engine, deck, seed, 2, lambda s: s.phase == PLAY)
        if state is None:
            continue
        rng = random.Random(seed)
        for _ in range(40):
            if state.is_terminal() or state.current_player() < 0:
                break
            k = state.k
            if state.phase == PLAY and state.legal_actions() == [k.DRAW]:
                seat = state.seat
                size = state.hands[seat].bit_count()
                state.apply_action(k.DRAW)
                assert state.voids[-1][:3] == (seat, state.voids[-1][1], size)
                # on to the other seat's decision to play
                while not state.is_terminal() and not (state.phase == PLAY and state.seat != seat):
                    if state.current_player() < 0:
                        state.chance(rng)
                    else:
                        state.apply_action(engine.policies["heuristic"](state, rng))
                if state.is_terminal() or state.rounds != state.voids[-1][4]:
                    break
                me = state.seat
                voids = [v for v in state.voids if v[0] != me and v[4] == state.rounds]
                blind = [_misfits(sample_hidden(state, me, random.Random(i)), state, voids) for i in range(30)]
                seen = [_misfits(sample_seen(state, me, random.Random(i)), state, voids) for i in range(30)]
                if any(blind):
                    assert not any(seen)  # every world respects what the seat saw
                    return
                break
            state.apply_action(engine.policies["heuristic"](state, rng))
    pytest.fail("no MGC position where a blind deal contradicts a draw")
