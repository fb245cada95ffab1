"""The draw and discard piles of an MGC match (the dealer's part): the draw pile is a list of card
numbers, the discard pile is every card in no hand and not in the draw pile (only its top card and
its size are kept), a draw takes a card from a random place in the pile (nothing is ever shuffled),
and an empty draw pile is refilled from the discard pile but its top card.

A base class of :class:`deckgen.games.mgc.state.MgcState`, whose slots it reads (``k``, ``hands``,
``pile``, ``recycled``, ``refills``)."""

from __future__ import annotations

from deckgen.games.mgc.cards import cards_of

# A random place in the draw pile is (getrandbits(INDEX_BITS) * len(pile)) >> INDEX_BITS: a product
# that stays a one-digit Python int (fast), uniform to within len(pile) / 2**23 < 0.002%.
INDEX_BITS = 23


class Piles:
    __slots__ = ()

    def discard_mask(self, exclude: int = 0) -> int:
        """The discard pile as a mask: every card in no hand and not in the draw pile (``exclude``:
        cards on their way to a hand). The engine keeps only its top card and its size."""
        held = exclude
        for h in self.hands:
            held |= h
        for c in self.pile:
            held |= 1 << c
        return ((1 << self.k.size) - 1) & ~held

    def discard_pile(self) -> list[int]:
        """The discard pile's cards, the top card last."""
        return [c for c in cards_of(self.discard_mask()) if c != self.top] + [self.top]

    def _refill(self, top: int, exclude: int = 0) -> int:
        """Turn the discard pile, all but its ``top`` card, into the draw pile (in card order: every
        draw takes a random card, so no shuffle is needed). Returns how many cards moved."""
        below = self.discard_mask(exclude) & ~(1 << top)
        if not below:
            return 0
        moved = cards_of(below)
        self.pile.extend(moved)
        self.recycled += len(moved)
        self.refills += 1
        return len(moved)

    def _draw_cards(self, count: int, bits, top: int) -> int:
        """Take ``count`` cards from random places in the draw pile (swap-remove: O(1) each, nothing
        shuffled) and return them as a mask; fewer (or none) when even a refill leaves nothing."""
        pile = self.pile
        bit = self.k.tables.bit
        got = 0
        for _ in range(count):
            if not pile and not self._refill(top, got):
                break
            i = (bits(INDEX_BITS) * len(pile)) >> INDEX_BITS
            got |= bit[pile[i]]
            pile[i] = pile[-1]
            pile.pop()
        return got
