"""Monete's action cards: what each does once played, and the choices it asks for (a target, a card to
give, a card to discard). A part of :class:`deckgen.games.monete.state.MoneteState` (its base class).
"""

from __future__ import annotations

from deckgen.games.monete.cards import (
    CAMBIO_SENTIDO,
    DESCARTE,
    ESPIAR,
    LADRONZUELOS,
    MALDICION,
    NUMEROS_MAYORES,
    NUMEROS_MENORES,
    REGALITO,
    REPITE_TURNO,
    TE_LA_CAMBIO,
    TODOS_MUDOS,
)
from deckgen.games.monete.phases import CHANCE_NODE, DISCARD, DRAWS, GIVE, STEAL, TAKE, TARGET, TARGETED, THIEVES


class ActionCards:
    """The action cards, over the state's fields (see MoneteState)."""

    def _effect(self, p: int, action: int) -> None:
        """Apply the action of the last card played (at once), then end the turn unless a choice is due."""
        self.pending = 0
        if action == 0 or action == TODOS_MUDOS:  # Todos mudos is about talking: nothing to simulate
            self._end_turn(p)
            return
        self.tally["action_cards"] += 1
        if action == NUMEROS_MAYORES:
            self.up = True
        elif action == NUMEROS_MENORES:
            self.up = False
        elif action == CAMBIO_SENTIDO:
            self.direction = -self.direction
        elif action == REPITE_TURNO:
            self._begin(p)
            return
        elif action == MALDICION:
            for q in self.others(p):
                if not self._draw(q, 1, action=True):
                    return
        elif action in TARGETED:
            self.pending = action
            self.phase = TARGET
            return
        elif action == DESCARTE:
            self.phase = DISCARD
            return
        elif action == LADRONZUELOS:
            self.phase = CHANCE_NODE
            self.chance_kind = THIEVES
            return
        self._end_turn(p)

    def _target(self, q: int) -> None:
        p, action = self.player, self.pending
        self.target = q
        if action in DRAWS:
            self.pending = 0
            if self._draw(q, DRAWS[action], action=True):
                self._end_turn(p)
        elif action == REGALITO:
            self.phase = GIVE
        elif action == TE_LA_CAMBIO:
            self.phase = CHANCE_NODE
            self.chance_kind = STEAL
        else:  # ESPIAR: look at their hand, take one card, give one back
            self.phase = TAKE

    def _give(self, card: int) -> None:
        p = self.player
        self._move_card(p, self.target, card)
        if self.pending == ESPIAR:  # the spy saw the hand, took one card and gave this one back
            self.known[(p, self.target)] = tuple(sorted(self.hands[self.target]))
        self.pending = 0
        self.target = -1
        self.taken = -1
        if not self.hands[p]:  # a Regalito gave away the last card
            self._win([p])
            return
        self._end_turn(p)

    def _discard(self, card: int) -> None:
        p = self.player
        self.hands[p].remove(card)
        self.out.append(card)
        if self._draw(p, 1, action=True):
            self._end_turn(p)
