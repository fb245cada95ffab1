"""Monete for the design measures (``Engine.design``): the public standing (fewer cards in hand),
round ends, and the evaluator's copy of the true position (every hand as it is, the draw pile
shuffled)."""

from __future__ import annotations

import random

from deckgen.analysis.hidden import redeal
from deckgen.analysis.measures.hooks import Design
from deckgen.engine.state import copy_position
from deckgen.i18n import N_

from deckgen.games.monete.policies import heuristic_choice
from deckgen.games.monete.state import MoneteState


def standing(state: MoneteState) -> list[tuple[int]]:
    return [(-len(h),) for h in state.hands]


def counted_heuristic(state: MoneteState, rng: random.Random) -> tuple[int, int]:
    moves = state.moves()
    return heuristic_choice(state, moves, rng), len(moves)


def world(state: MoneteState, rng: random.Random) -> MoneteState:
    w = copy_position(state)
    redeal([w.draw], rng)
    return w


DESIGN = Design(
    standing=standing,
    standing_words=N_("fewer cards in hand"),
    rounds=lambda state: state.tally["rounds"],
    legal_count=lambda state: len(state.moves()),  # legal_actions() is range(len(moves())), moves cached
    world=world,
    counted={"heuristic": counted_heuristic},
    games=400,
    evaluated_games=20,
    decisions=2,
    rollouts=8,
    skill_games=200,
)
