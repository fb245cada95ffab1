"""Helpers for the MGC tests: card lookup, a forced first card, and positions arranged by hand."""

from __future__ import annotations

import random

from deckgen.games.mgc import rules
from deckgen.games.mgc.cards import cards_of, tables
from deckgen.games.mgc.deck import HAND
from deckgen.games.mgc.state import INDEX_BITS, PLAY, MgcState, Setup


class Cards:
    """Card ids of a deck: ``c(3, 2)`` a monomial with coefficient 3 and degree 2 (``nth`` picks
    among its copies), ``c.action("toma_dos")``."""

    def __init__(self, deck):
        self.deck = deck
        self.t = tables(deck)

    def __call__(self, coefficient, degree, nth=0):
        found = [i for i, c in enumerate(self.deck.cards) if c.kind == "monomial" and c["coefficient"] == coefficient and c["degree"] == degree]
        return found[nth]

    def action(self, name, nth=0):
        return [i for i, c in enumerate(self.deck.cards) if c.kind == "action" and c["action"] == name][nth]


class FirstCard(random.Random):
    """A Random whose first numbers deal the hands from the front of the pile (never ``top``) and
    then turn up ``top``; after that it is an ordinary seeded Random. (The deal takes a place in
    the pile as ``(getrandbits(INDEX_BITS) * len(pile)) >> INDEX_BITS``.)"""

    def __init__(self, size: int, players: int, top: int, seed: int = 7):
        super().__init__(seed)
        pile = list(range(size))
        script = []

        def place(i: int) -> int:  # the middle of the bit range that lands on index i
            value = ((2 * i + 1) << INDEX_BITS) // (2 * len(pile))
            assert (value * len(pile)) >> INDEX_BITS == i
            return value

        for _ in range(HAND * players):
            i = 0 if pile[0] != top else 1
            script.append(place(i))
            pile[i] = pile[-1]
            pile.pop()
        script.append(place(pile.index(top)))
        self.script = script

    def getrandbits(self, k):
        if self.script:
            assert k == INDEX_BITS
            return self.script.pop(0)
        return super().getrandbits(k)


def new_state(deck, players=2, top=None, seed=7, **variant):
    """A match dealt from ``deck`` (with the first card ``top`` turned up, if given); ``variant``
    overrides rule options."""
    v = rules.Variant(**{**rules.Variant.from_options(deck.options).__dict__, **variant})
    setup = Setup(tables(deck), players, v)
    rng = FirstCard(len(deck.cards), players, top, seed) if top is not None else random.Random(seed)
    return MgcState(setup, rng), rng


def arrange(state, hands, top, seat=0, direction=1, pile=None):
    """Rearrange a match paused at a decision to play: ``hands`` (lists of card ids), the discard
    pile's ``top`` (whose constraint is then in force), the seat to act and the direction; every
    other card goes to the draw pile (or ``pile``, the rest then on the discard pile)."""
    assert state.phase == PLAY
    size = state.k.size
    used = {top, *(c for h in hands for c in h)}
    assert len(used) == 1 + sum(len(h) for h in hands), "a card is placed twice"
    for s, h in enumerate(hands):
        mask = 0
        for c in h:
            mask |= 1 << c
        state.hands[s] = mask
    rest = [c for c in range(size) if c not in used] if pile is None else list(pile)
    state.pile[:] = rest
    discarded = size - len(used) - len(rest)  # below the top card
    state.recycled = state.played - discarded
    state.top = top
    t = state.k.tables
    state.cons = t.follow[top] if t.kind[top] == rules.BASIC else t.free
    state.seat = seat
    state.dir = direction
    assert state.card_count() == size
    return state


def hand(state, seat):
    return cards_of(state.hands[seat])
