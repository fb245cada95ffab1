"""What a match of MGC deals from: the deck's tables, the player count and the rule variant, with every
table the rules read precomputed once (like a dealer's kit), and the points of a hand."""

from __future__ import annotations

from dataclasses import astuple
from typing import Sequence

from deckgen.errors import DeckgenError

from deckgen.games.mgc import rules
from deckgen.games.mgc.cards import Tables
from deckgen.games.mgc.deck import HAND


def hand_value(hand: int, points: Sequence[int]) -> int:
    """The points of the cards in a hand mask (a monomial its |coefficient|, action cards 20 or 50)."""
    total = 0
    while hand:
        low = hand & -hand
        total += points[low.bit_length() - 1]
        hand ^= low
    return total


class Setup:
    """What stays fixed for a match: the deck's tables, the player count and the rule variant,
    with every table the rules read precomputed."""

    __slots__ = (
        "tables", "players", "variant", "size", "DRAW", "PASS", "CHOOSE_BASE", "e_draw", "e_skip",
        "e_reverse", "e_choose", "choice_constraint", "coefficient_choices", "degree_choices",
        "algebra_chance", "starts",
    )

    def __init__(self, tables: Tables, players: int, variant: rules.Variant) -> None:
        if tables.size < HAND * players + 1:
            raise DeckgenError(f"{tables.size} cards cannot be dealt to {players} players ({HAND} each and one turned up)")
        self.tables = tables
        self.players = players
        self.variant = variant
        self.size = tables.size
        self.DRAW = tables.size  # action: draw a card
        self.PASS = tables.size + 1  # action: keep the card just drawn
        self.CHOOSE_BASE = tables.size + 2  # actions: name coefficient i, then degree j
        effects = [rules.effect(k, players, variant.retorno_two_players) for k in range(rules.KINDS)]
        self.e_draw = tuple(e.draw for e in effects)
        self.e_skip = tuple(e.skip for e in effects)
        self.e_reverse = tuple(e.reverse for e in effects)
        self.e_choose = tuple(e.choose for e in effects)
        self.choice_constraint = tables.coefficient_constraint + tables.degree_constraint
        nc, nd = len(tables.coefficient_constraint), len(tables.degree_constraint)
        self.coefficient_choices = (0, nc)  # index range into choice_constraint
        self.degree_choices = (nc, nc + nd)
        # the ÁLGEBRA moment is a chance node only when its outcome is uncertain
        self.algebra_chance = variant.algebra_call < 1.0 and variant.algebra_catch > 0.0
        # starts[kind][dealer] = (first seat, direction, cards the dealer's left draws, value to name)
        self.starts = tuple(
            tuple(astuple(rules.start_rule(kind, dealer, players)) for dealer in range(players))
            for kind in range(rules.KINDS)
        )

    def choice_range(self, choosing: int) -> tuple[int, int]:
        return self.coefficient_choices if choosing == rules.CHOOSE_COEFFICIENT else self.degree_choices
