"""The kind index (issue 41, item 1): the legal actions are read from a hand's mask (cards.Legal) and
the heuristic reads a hand type by type (cards.types_in), and both give what reading the hand card
by card gave: the same sequence of legal actions and the same move, checked in lockstep over games
of the default deck, with every rule variant that changes a choice, and of a deck whose hands grow
to hundreds of cards."""

from __future__ import annotations

import random

import pytest

from deckgen.bitset import members
from deckgen.model import Deck
from deckgen.options import resolve

from deckgen.games.mgc import rules
from deckgen.games.mgc.cards import Legal, nth, types_in
from deckgen.games.mgc.engine import new_state
from deckgen.games.mgc.policies import ACTION_ORDER, ATTACKS, EXPLORE, heuristic_choice
from deckgen.games.mgc.state import CHOOSE, DRAWN, PLAY


def old_legal_actions(state) -> list[int]:
    """state.legal_actions as it read before the index: every legal card listed, then DRAW."""
    k = state.k
    if state.phase == PLAY:
        actions = members(state.hands[state.seat] & k.tables.masks[state.cons])
        if not actions or k.variant.draw_freely and state.can_draw():
            actions.append(k.DRAW)
        return actions
    return list(state.legal_actions())


def old_heuristic(state, actions: list[int], rng: random.Random) -> int:
    """policies.heuristic_choice as it read before the index: the hand listed card by card."""
    if len(actions) == 1:
        return actions[0]
    if EXPLORE and rng.random() < EXPLORE:
        return actions[int(rng.random() * len(actions))]
    k, t = state.k, state.k.tables
    hand = members(state.hands[state.seat])
    if state.phase == DRAWN:
        return state.drawn
    if state.phase == CHOOSE:
        coefficient = state.choosing == rules.CHOOSE_COEFFICIENT
        field, values = (t.coefficient, t.coefficients) if coefficient else (t.degree, t.degrees)
        tally = [sum(1 for c in hand if field[c] == v) for v in values]
        best = max(range(len(values)), key=lambda i: (tally[i], -i))
        return k.CHOOSE_BASE + (0 if coefficient else len(t.coefficients)) + best
    cards = [a for a in actions if a < k.size]
    if not cards:
        return actions[-1]
    by_kind: dict[int, list[int]] = {}
    for c in cards:
        by_kind.setdefault(t.kind[c], []).append(c)
    if state.hands[(state.seat + state.dir) % state.n].bit_count() <= 2:
        for kind in ATTACKS:
            if kind in by_kind:
                return by_kind[kind][0]
    basics = by_kind.get(rules.BASIC, [])
    monomials = [c for c in hand if t.kind[c] == rules.BASIC]
    if basics:
        def keeps(c: int) -> tuple:
            co, de = t.coefficient[c], t.degree[c]
            followers = sum(1 for o in monomials if o != c and (t.coefficient[o] == co or t.degree[o] == de))
            return (followers, abs(co or 0), -c)

        return max(basics, key=keeps)
    for kind in ACTION_ORDER:
        if kind in by_kind and (kind not in (rules.ELECCION_COEF, rules.ELECCION_GRADO) or len(monomials) >= 2):
            return by_kind[kind][0]
    return cards[0]


@pytest.mark.parametrize("bits", [0, 1, 2, 7, 8, 9, 40, 700, 4000])
def test_legal_reads_as_the_list_of_its_cards(bits):
    rng = random.Random(bits)
    mask = sum(1 << c for c in rng.sample(range(5000), bits))
    listed = members(mask)
    for tail in ((), (5000,)):
        legal = Legal(mask, tail)
        full = listed + list(tail)
        assert len(legal) == len(full) and list(legal) == full and legal == full and bool(legal) == bool(full)
        for i in sorted({0, 1, 7, 8, 9, len(full) // 2, len(full) - 1} & set(range(len(full)))):
            assert legal[i] == full[i] and legal[i - len(full)] == full[i]
        with pytest.raises(IndexError):
            legal[len(full)]
        assert all(c in legal for c in full[:50]) and all(c not in legal for c in (-1, 5001, *(set(range(60)) - set(full))))
    assert [nth(mask, i) for i in range(min(bits, 30))] == listed[:30]


BIG = ('game = "mgc"\n' + "".join(f'[[cards]]\nkind = "action"\naction = "{a}"\ncopies = 60\n' for a in ("toma_cuatro", "toma_dos", "eleccion_grado"))
       + "".join(f'[[cards]]\nkind = "monomial"\nmonomial = "{m}"\ncopies = 4\n' for m in ("x", "y", "2*x", "3*y", "x*y", "x**2", "3", "7")))


def _big_deck():
    from deckgen.deckfile.load import read_deck_text
    from deckgen.spec import spec_for

    raw, game = read_deck_text(BIG, "big.toml", folder=None)
    return spec_for(game, file_layer=raw, cli={}).build()


def _lockstep(deck: Deck, players: int, seed: int, steps: int) -> int:
    """Play ``steps`` steps of one match with the heuristic, checking at every decision that the
    legal actions and the move are the old reading's; the largest hand seen."""
    rng = random.Random(seed)
    state = new_state(deck, players, rng)
    biggest = 0
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.current_player() < 0:
            state.chance(rng)
            continue
        actions = state.legal_actions()
        assert actions == old_legal_actions(state)
        saved = rng.getstate()
        move = heuristic_choice(state, actions, rng)
        rng.setstate(saved)
        assert move == old_heuristic(state, old_legal_actions(state), rng)
        biggest = max(biggest, state.hands[state.seat].bit_count())
        state.apply_action(move)
    return biggest


@pytest.mark.parametrize("players, variant", [
    (2, {}), (3, {"draw_freely": True}), (5, {"after_action": "free"}), (4, {"retorno_two_players": "skip", "round_starter": "winner"}),
])
def test_the_heuristic_moves_as_reading_card_by_card(game, deck, players, variant):
    deck = Deck(deck.game, resolve(game.options, {**deck.options, **variant}), deck.seed, deck.cards, deck.players)
    for seed in range(2):
        _lockstep(deck, players, seed, 1500)


def test_the_heuristic_moves_as_reading_card_by_card_in_hands_of_hundreds():
    assert max(_lockstep(_big_deck(), players, 1, 2500) for players in (2, 3)) > 100


def test_types_in_counts_each_type_once_by_its_lowest_card():
    t = new_state(_big_deck(), 2, random.Random(0)).k.tables
    hand = sum(1 << c for c in range(0, t.size, 3))
    got = list(types_in(hand, t))
    assert len({ty for ty, _, _ in got}) == len(got) == len({t.type_of[c] for c in members(hand)}) == 9  # x and y, xy and x² share a type
    for ty, low, count in got:
        cards = [c for c in members(hand) if t.type_of[c] == ty]
        assert low == cards[0] and count == len(cards)
        assert {(t.kind[c], t.coefficient[c], t.degree[c]) for c in cards} == {(t.kind[low], t.coefficient[low], t.degree[low])}


ALL_PLAYABLE = ('game = "mgc"\n[[cards]]\nkind = "monomial"\nmonomial = "x"\ncopies = 20\n'
                + "".join(f'[[cards]]\nkind = "action"\naction = "{a}"\ncopies = 8\n' for a in ("toma_dos", "toma_cuatro", "intermision")))


def test_the_arguments_check_keeps_the_draw_piles_count_as_a_recount_gives():
    """going_out.Along keeps the draw pile's count per type from step to step (the cards the hands
    gained leave it; a deal or a refill counts it again): at every decision of whole matches with
    refills it equals a count of the pile."""
    from collections import Counter

    from deckgen.deckfile.load import read_deck_text
    from deckgen.engine.loop import play
    from deckgen.games.mgc import going_out
    from deckgen.spec import spec_for

    raw, game = read_deck_text(ALL_PLAYABLE, "all.toml", folder=None)
    deck = spec_for(game, file_layer=raw, cli={}).build()
    checked = recounts = 0
    epochs = set()
    for seed in range(2):
        along = going_out.along(deck, 2)
        assert along is not None  # every card of this deck can always be played

        def watch(state, action):
            nonlocal checked
            along.piled = None if seed == 0 and checked % 7 == 0 else along.piled  # a recount now and then
            said = along(state, action)
            if state.current_player() >= 0 and not state.is_terminal() and along.piled is not None:
                counted = Counter(along.types.of_card[c] for c in state.pile)
                assert list(along.piled[2]) == [counted[t] for t in range(along.types.n)]
                checked += 1
                epochs.add((seed, state.rounds, state.refills, state.deals))
            return said

        rng = random.Random(seed)
        record = play(game.engine.new_state(deck, 2, rng), [game.engine.policies["random"]] * 2, rng, max_steps=20_000, watch=watch)
        assert record.ended and not record.problem
        recounts += along.recounts
    forced = sum(1 for i in range(checked) if i % 7 == 0)  # at most: seed 0's
    assert checked > 100 and len({e[:2] + e[3:] for e in epochs}) < len(epochs)  # refills within a round
    assert recounts <= len(epochs) + forced < checked  # counted again only at a new deal or refill


class _NoExplore:
    """An rng whose every draw is past EXPLORE: the heuristic's own choice, never a random move."""

    def random(self) -> float:
        return 0.5


@pytest.mark.parametrize("choosing", [rules.CHOOSE_COEFFICIENT, rules.CHOOSE_DEGREE])
def test_an_eleccion_names_the_value_its_hand_holds_most_the_lowest_on_a_tie(choosing):
    """The value named is the one held most often in the chooser's own hand (a value held once beats
    every value not held, whatever their order); between values held as often, the lowest."""
    state = new_state(_big_deck(), 2, random.Random(0))
    k, t = state.k, state.k.tables
    coefficient = choosing == rules.CHOOSE_COEFFICIENT
    field, values = (t.coefficient, t.coefficients) if coefficient else (t.degree, t.degrees)
    offset = 0 if coefficient else len(t.coefficients)
    basics = [c for c in range(t.size) if t.kind[c] == rules.BASIC]
    by_value = {v: [c for c in basics if field[c] == v] for v in values}
    assert len(values) >= 3 and all(by_value[v] for v in values)
    state.phase, state.choosing = CHOOSE, choosing
    cases = [
        ({values[-1]: 1}, values[-1]),  # held once beats the lower values held not at all
        ({values[0]: 1, values[-1]: 2}, values[-1]),
        ({values[1]: 2, values[-1]: 2}, values[1]),  # a tie: the lower value
        ({values[1]: 3, values[-1]: 2, values[0]: 1}, values[1]),
    ]
    for held, named in cases:
        state.hands[state.seat] = sum(1 << c for v, n in held.items() for c in by_value[v][:n])
        assert sum(len(by_value[v]) >= n for v, n in held.items()) == len(held)
        actions = list(state.legal_actions())
        assert heuristic_choice(state, actions, _NoExplore()) == k.CHOOSE_BASE + offset + values.index(named)
