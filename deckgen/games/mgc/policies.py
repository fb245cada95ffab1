"""Policies for MGC: uniform random play (the fast path's policy) and a sensible heuristic player."""

from __future__ import annotations

import random
from typing import Sequence

from deckgen.games.mgc import rules
from deckgen.games.mgc.cards import types_in
from deckgen.games.mgc.state import CHOOSE, DRAWN, PLAY, MgcState


def random_policy(state: MgcState, rng: random.Random) -> int:
    """Uniform over the legal actions (cards in increasing order, then DRAW); a forced move (a
    single legal action) takes no random number. :meth:`MgcState.playout` plays exactly this."""
    actions = state.legal_actions()
    if len(actions) == 1:
        return actions[0]
    return actions[int(rng.random() * len(actions))]


# When no monomial fits, the action cards in the order a careful player spends them: the cheap ones
# first, Toma cuatro and the Elección cards kept as a way out.
ACTION_ORDER = (rules.TOMA_DOS, rules.INTERMISION, rules.RETORNO, rules.TOMA_CUATRO, rules.ELECCION_COEF, rules.ELECCION_GRADO)
# Cards that hurt the next player, strongest first, played when that player is about to go out.
ATTACKS = (rules.TOMA_CUATRO, rules.TOMA_DOS, rules.INTERMISION)
# The heuristic plays a uniformly random legal move at this share of its choices (decisions with two
# legal moves or more). A deterministic player can go round in circles: with few cards in the draw
# pile its draws are forced and its choices repeat (issue 26: a four-move cycle of Toma cards).
# With every legal move at positive probability it cannot: wherever an end is reachable (what the
# model checker proves), it reaches one with probability 1, as random players do.
EXPLORE = 1 / 16


def heuristic_policy(state: MgcState, rng: random.Random) -> int:
    """A sensible player:

    - a drawn card that fits is played at once;
    - when the next player holds one or two cards, a Toma cuatro, Toma dos or Intermisión is played;
    - otherwise the monomial that leaves the most of its own cards able to follow it (same
      coefficient or degree), the higher coefficient first (fewer points left in hand);
    - no monomial fits: an action card, cheapest first (Toma dos, Intermisión, Retorno, Toma
      cuatro), an Elección card last (and only then, unless two monomials are left to follow it);
    - an Elección card names the coefficient (degree) most common in its own hand;
    - at one choice in EXPLORE, any legal move, uniformly at random (so that it cannot go round in
      circles: see EXPLORE).
    """
    return heuristic_choice(state, state.legal_actions(), rng)


def heuristic_choice(state: MgcState, actions: Sequence[int], rng: random.Random) -> int:
    """:func:`heuristic_policy`'s choice among ``actions``, the position's legal actions.

    The hand is read type by type (cards.types_in: cards the rules cannot tell apart, by their lowest
    card), never card by card: a step costs the same with 7 cards or 3,000 of a few types. Among
    cards of one type it plays the lowest, as reading them one by one in increasing order did."""
    if len(actions) == 1:
        return actions[0]
    if EXPLORE and rng.random() < EXPLORE:
        return actions[int(rng.random() * len(actions))]
    k, t = state.k, state.k.tables
    phase = state.phase
    if phase == DRAWN:
        return state.drawn
    held = state.hands[state.seat]
    if phase == CHOOSE:
        field = t.coefficient if state.choosing == rules.CHOOSE_COEFFICIENT else t.degree
        values = t.coefficients if state.choosing == rules.CHOOSE_COEFFICIENT else t.degrees
        offset = 0 if state.choosing == rules.CHOOSE_COEFFICIENT else len(t.coefficients)
        held_of: dict = {}
        for _ty, low, count in types_in(held, t):
            held_of[field[low]] = held_of.get(field[low], 0) + count
        best = max(range(len(values)), key=lambda i: (held_of.get(values[i], 0), -i))
        return k.CHOOSE_BASE + offset + best
    if phase != PLAY:
        return actions[0]
    legal = held & t.masks[state.cons]
    if not legal:
        return actions[-1]
    kind_mask = t.kind_mask
    nxt = (state.seat + state.dir) % state.n
    if state.hands[nxt].bit_count() <= 2:
        for kind in ATTACKS:
            of_kind = legal & kind_mask[kind]
            if of_kind:
                return (of_kind & -of_kind).bit_length() - 1
    basics = legal & kind_mask[rules.BASIC]
    if basics:
        # the monomials in hand counted by coefficient, by degree and by both (a type is one
        # coefficient and degree): a card's followers come from three look-ups
        by_coef: dict = {}
        by_degree: dict = {}
        by_both: dict = {}
        for _ty, low, count in types_in(held & kind_mask[rules.BASIC], t):
            co, de = t.coefficient[low], t.degree[low]
            by_coef[co] = by_coef.get(co, 0) + count
            by_degree[de] = by_degree.get(de, 0) + count
            by_both[co, de] = count

        def keeps(c: int) -> tuple[int, int, int]:
            co, de = t.coefficient[c], t.degree[c]
            followers = by_coef[co] + by_degree[de] - by_both[co, de] - 1  # not the card itself
            return (followers, abs(co or 0), -c)

        return max((low for _ty, low, _n in types_in(basics, t)), key=keeps)
    monomials = (held & kind_mask[rules.BASIC]).bit_count()
    for kind in ACTION_ORDER:
        of_kind = legal & kind_mask[kind]
        if not of_kind:
            continue
        if kind not in (rules.ELECCION_COEF, rules.ELECCION_GRADO) or monomials >= 2:
            return (of_kind & -of_kind).bit_length() - 1
    return (legal & -legal).bit_length() - 1
