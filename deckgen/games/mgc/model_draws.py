"""How a position of MGC's round model (model.py) draws: the chance outcomes of a draw, a chain of
draws (a Toma card, a penalty, the first card's), and the draw pile refilled from the discard pile.
A base class of ``model.Position`` (the dealer, as RLCard's UNO has one)."""

from __future__ import annotations

from typing import Any, Iterator

from deckgen.games.mgc.card_types import _add, _sub, hands_of
from deckgen.games.mgc.stages import (
    ALGEBRA, ALGEBRA_DRAW, DEAL, DRAW, DRAWN, OVER, PENALTY_DRAW, START_DRAW,
)


class Draws:
    """The chance side of a position: what a draw can bring, and taking it."""

    __slots__ = ()

    def chance_outcomes(self) -> Iterator[Any]:
        m, t = self.m, self.m.t
        if self.stage == DEAL:
            yield from m.deals()
            return
        if self.stage == ALGEBRA:
            yield "said"
            yield "caught"
            return
        if self.stage != DRAW:  # a chain of draws (a Toma card, a penalty): which cards it brings, at once
            yield from self._multi_draws()
            return
        pile = self.pile if any(self.pile) else self._refilled()
        if not any(pile):
            yield "nothing"
            return
        yield from (i for i in range(t.n) if pile[i])

    def _multi_draws(self) -> Iterator[tuple]:
        """The cards ``left`` draws in a row can bring, as count tuples: from the draw pile while it
        lasts, then from the discard pile (all but its top card) turned into a new draw pile."""
        k, pile = self.left, self.pile
        have = sum(pile)
        if have >= k:
            yield from hands_of(pile, k)
            return
        refill = self._refilled()  # the pile's cards go to the hand first: the discard pile is the same
        for h in hands_of(refill, min(k - have, sum(refill))):
            yield tuple(a + b for a, b in zip(pile, h))

    def apply_chance_outcome(self, o: Any) -> None:
        if self.stage == DEAL:
            self._deal(*o)
            return
        if self.stage == ALGEBRA:
            if o == "caught":
                self.stage, self.left = ALGEBRA_DRAW, self.m.algebra_penalty
                self._draw_chain(None)
            else:
                self._after_algebra()
            return
        stage = self.stage
        if stage != DRAW:
            self._take(o)
            return
        if not any(self.pile):
            self.pile = self._refilled()
        if stage == DRAW:
            if o == "nothing":  # nothing left to draw: the turn passes
                self._next_turn(skip=False)
                return
            self.pile = _sub(self.pile, o)
            s = self.seat
            self.hands = self.hands[:s] + (_add(self.hands[s], o),) + self.hands[s + 1 :]
            if not self.m.t.fits(o, self.cons):
                self._next_turn(skip=False)
                return
            self.stage, self.drawn = DRAWN, o
            return

    def _take(self, cards: tuple) -> None:
        """A chain of draws brings ``cards`` (counts) to the drawer: from the pile, then from the
        refilled pile when the pile ran out."""
        who = self._drawer()
        pile = self.pile
        if sum(cards) > sum(pile):  # the pile runs out: its cards, then the rest from the refill
            refill = self._refilled()
            pile = tuple(a + b for a, b in zip(pile, refill))
        self.pile = tuple(a - b for a, b in zip(pile, cards))
        self.hands = self.hands[:who] + (tuple(a + b for a, b in zip(self.hands[who], cards)),) + self.hands[who + 1 :]
        self.left = 0
        self._draw_chain(None)

    def _refilled(self) -> tuple:
        """The draw pile made from the discard pile, all but its top card (empty if nothing is there)."""
        t = self.m.t
        held = list(t.total)
        for h in self.hands:
            for i, c in enumerate(h):
                held[i] -= c
        for i, c in enumerate(self.pile):
            held[i] -= c
        if self.top >= 0:
            held[self.top] -= 1
        return tuple(held)

    def _drawer(self) -> int:
        if self.stage == START_DRAW:
            return (self.m.dealer + 1) % self.m.players  # the dealer's left
        if self.stage == PENALTY_DRAW:
            return self._next(self.seat)
        return self.seat

    def _draw_chain(self, o: Any) -> None:
        """Start a chain of ``left`` draws (a chance node, unless nothing is left to draw), or, once
        its cards are drawn (``left`` 0), go on with what follows it."""
        if self.left > 0 and (any(self.pile) or any(self._refilled())):
            return  # the next draw is a chance node
        self.left = 0
        stage = self.stage
        if stage == START_DRAW:
            self._turn()
        elif stage == ALGEBRA_DRAW:
            self._after_algebra()
        else:  # PENALTY_DRAW
            self.pending = 0
            self._finish()
