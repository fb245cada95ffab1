"""The decisions of a Monete turn (phases), and what the action cards ask for."""

from __future__ import annotations

from deckgen.games.monete.cards import ESPIAR, REGALITO, TE_LA_CAMBIO, TOMA_2, TOMA_3

PLAY, MARKERS, TARGET, GIVE, TAKE, DISCARD, CHANCE_NODE, OVER = range(8)
PHASE_NAMES = ("play", "markers", "target", "give", "take", "discard", "chance", "over")
STEAL, THIEVES = 1, 2  # what a chance node resolves
DRAWS = {TOMA_2: 2, TOMA_3: 3}
TARGETED = (TOMA_2, TOMA_3, REGALITO, TE_LA_CAMBIO, ESPIAR)
