"""How a Monete round and game end: ¡Monete! (a 1 or the top number closes the round), the draw pile
running out, and the win. A part of :class:`deckgen.games.monete.state.MoneteState` (its base class).
"""

from __future__ import annotations

from deckgen.games.monete.cards import NO_COLOUR
from deckgen.games.monete.phases import OVER


class Ending:
    """The ends of a round and of the game, over the state's fields (see MoneteState)."""

    def _monete(self, p: int, value: int) -> None:
        """¡Monete!: every other player, in turn order, discards a card of the closing value or draws
        one; the round's cards leave the table; the next player opens a new round."""
        t = self.tally
        t["monetes"] += 1
        table, wild_ok = self.table, self.rules.wild_discard
        order = self.others(p)
        drawers = []
        for q in order:
            hand = self.hands[q]
            match = next((c for c in hand if table.value[c] == value and not table.wild[c]), None)
            if match is None and wild_ok:
                match = next((c for c in hand if table.wild[c]), None)
            if match is not None:
                hand.remove(match)
                self.out.append(match)
                t["monete_discards"] += 1
            else:
                drawers.append(q)
        # everyone answers the ¡Monete!: those with the card discard it; the others then draw one
        # each in turn order while the draw pile lasts. A pile that runs out meanwhile ends the game
        # once the ¡Monete! is over (a player it left without cards still wins first).
        ran_out = False
        for q in drawers:
            t["monete_draws"] += 1
            self.voids.append((q, self.received[q], ("monete", value)))
            if self.draw:
                self.hands[q].append(self.draw.pop())
                self.received[q] += 1
                ran_out = ran_out or (not self.draw and self.rules.deck_out == "empty")
            else:
                ran_out = True
        self._clear_round()
        emptied = [q for q in order if not self.hands[q]]
        if emptied:  # a player whose last card was the discarded one is out of cards: the first wins
            self._win(emptied[:1])
            return
        if ran_out:
            self._deck_out()
            return
        self._begin(self.next_seat(p))

    def _clear_round(self) -> None:
        self.out.extend(self.pile)
        self.pile.clear()
        self.passes = 0
        self.first_passer = -1
        self.top_value, self.top_colour, self.exempt = 0, NO_COLOUR, 0

    def _deck_out(self) -> None:
        """The draw pile ran out: whoever holds the fewest cards wins (a tie shares the win)."""
        fewest = min(len(h) for h in self.hands)
        self.tally["deck_out"] = 1
        self._win([q for q in range(self.n) if len(self.hands[q]) == fewest], end="deck")

    def _win(self, seats: list[int], end: str = "win") -> None:
        self.winners_ = tuple(seats)
        self.end = end
        self.phase = OVER
        self._moves = []
        if 0 in seats:
            self.tally["seat0_wins"] = 1.0 / len(seats)
