"""The end of an MGC round (the judger's part): its winner scores the cards left in the other hands,
a blocked round goes to the lowest hand, the match is won at the target score, and the next round's
dealer is chosen.

A base class of :class:`deckgen.games.mgc.state.MgcState`, whose slots it reads and sets."""

from __future__ import annotations

from deckgen.games.mgc.setup import hand_value


class Scoring:
    __slots__ = ()

    def _end_round(self, winner: int) -> bool:
        """Score a round: its winner takes the value of every card left in the other hands. A blocked
        round (winner -1: nobody could play or draw) goes to the lowest hand; a tie for it scores
        nothing. Returns True when the match is won; otherwise the next dealer is chosen."""
        points = self.k.tables.points
        values = [hand_value(h, points) for h in self.hands]
        if winner < 0:
            self.blocked += 1
            low = min(values)
            lowest = [s for s, v in enumerate(values) if v == low]
            winner = lowest[0] if len(lowest) == 1 else -1
        self.rounds += 1
        if winner >= 0:
            self.scores[winner] += sum(values) - values[winner]
            self.last_winner = winner
            self.starter_wins += winner == self.round_starter
            if self.scores[winner] >= self.k.variant.target_score:
                self.winner = winner
                return True
        if self.k.variant.round_starter == "winner" and self.last_winner >= 0:
            self.dealer = (self.last_winner - 1) % self.n  # the last winner opens the next round
        else:
            self.dealer = (self.dealer + 1) % self.n  # the deal passes to the left
        return False
