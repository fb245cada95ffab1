"""Cartas Maestras for the design measures (``Engine.design``): the public standing (master cards
won, then cards won) and the evaluator's copy of the true position (every hand as it is, the draw
pile shuffled)."""

from __future__ import annotations

import random

from deckgen.analysis.hidden import redeal
from deckgen.analysis.measures.hooks import Design
from deckgen.i18n import N_

from deckgen.games.maestras.hidden import copy_world
from deckgen.games.maestras.policies import heuristic_choice
from deckgen.games.maestras.state import MaestrasState


def standing(state: MaestrasState) -> list[tuple[int, int]]:
    won = state.cards_won()
    return [(state.masters[s], won[s]) for s in range(state.players)]


def counted_heuristic(state: MaestrasState, rng: random.Random) -> tuple[int, int]:
    actions = state.legal_actions()
    return heuristic_choice(state, actions, rng), len(actions)


def world(state: MaestrasState, rng: random.Random) -> MaestrasState:
    w = copy_world(state)
    redeal([w.pile], rng)
    w._legal = None
    return w


DESIGN = Design(
    standing=standing,
    standing_words=N_("master cards won, then cards won"),
    world=world,
    counted={"heuristic": counted_heuristic},
    games=400,
    evaluated_games=24,
    decisions=2,
    rollouts=8,
    skill_games=200,
)
