"""Policies for MGC: uniform random play (the fast path's policy) and a sensible heuristic player."""

from __future__ import annotations

import random

from deckgen.games.mgc import rules
from deckgen.games.mgc.cards import cards_of
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


def heuristic_choice(state: MgcState, actions: list[int], rng: random.Random) -> int:
    """:func:`heuristic_policy`'s choice among ``actions``, the position's legal actions."""
    if len(actions) == 1:
        return actions[0]
    if EXPLORE and rng.random() < EXPLORE:
        return actions[int(rng.random() * len(actions))]
    k, t = state.k, state.k.tables
    phase = state.phase
    hand = cards_of(state.hands[state.seat])
    if phase == DRAWN:
        return state.drawn
    if phase == CHOOSE:
        field = t.coefficient if state.choosing == rules.CHOOSE_COEFFICIENT else t.degree
        values = t.coefficients if state.choosing == rules.CHOOSE_COEFFICIENT else t.degrees
        offset = 0 if state.choosing == rules.CHOOSE_COEFFICIENT else len(t.coefficients)
        tally = [sum(1 for c in hand if field[c] == v) for v in values]
        best = max(range(len(values)), key=lambda i: (tally[i], -i))
        return k.CHOOSE_BASE + offset + best
    if phase != PLAY:
        return actions[0]
    cards = [a for a in actions if a < k.size]
    if not cards:
        return actions[-1]
    nxt = (state.seat + state.dir) % state.n
    by_kind: dict[int, list[int]] = {}
    for c in cards:
        by_kind.setdefault(t.kind[c], []).append(c)
    if state.hands[nxt].bit_count() <= 2:
        for kind in ATTACKS:
            if kind in by_kind:
                return by_kind[kind][0]
    basics = by_kind.get(rules.BASIC, [])
    if basics:
        # the monomials in hand counted once by coefficient, by degree and by both: a card's
        # followers come from three look-ups, so a step costs one pass over the hand, not one per card
        by_coef: dict = {}
        by_degree: dict = {}
        by_both: dict = {}
        for o in hand:
            if t.kind[o] == rules.BASIC:
                co, de = t.coefficient[o], t.degree[o]
                by_coef[co] = by_coef.get(co, 0) + 1
                by_degree[de] = by_degree.get(de, 0) + 1
                by_both[co, de] = by_both.get((co, de), 0) + 1

        def keeps(c: int) -> tuple[int, int, int]:
            co, de = t.coefficient[c], t.degree[c]
            followers = by_coef[co] + by_degree[de] - by_both[co, de] - 1  # not the card itself
            return (followers, abs(co or 0), -c)

        return max(basics, key=keeps)
    monomials = [c for c in hand if t.kind[c] == rules.BASIC]
    for kind in ACTION_ORDER:
        if kind not in by_kind:
            continue
        if kind in (rules.ELECCION_COEF, rules.ELECCION_GRADO) and len(monomials) >= 2:
            return by_kind[kind][0]
        if kind not in (rules.ELECCION_COEF, rules.ELECCION_GRADO):
            return by_kind[kind][0]
    return cards[0]
