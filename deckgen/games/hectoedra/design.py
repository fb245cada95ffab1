"""Hectoedra for the design measures (``Engine.design``): the public standing (fewer penalty cards
over the match), round ends, and the evaluator's copy of the true position (every hand as it is;
the draw pile and the cards set aside, which nobody has seen, shuffled)."""

from __future__ import annotations

import random
from functools import lru_cache
from operator import attrgetter

from deckgen.analysis.hidden import redeal
from deckgen.analysis.measures.hooks import Design
from deckgen.engine.state import copy_position
from deckgen.i18n import N_

from deckgen.games.hectoedra import rules
from deckgen.games.hectoedra.policies import heuristic_choice
from deckgen.games.hectoedra.state import HectoedraState


def standing(state: HectoedraState) -> list[tuple[int]]:
    """Fewer penalty cards: the match's totals, and this round's while it is played (at a round's
    end they are in the totals already)."""
    live = not (state.dealing or state.over)
    if live:
        return [(-(total + now),) for total, now in zip(state.totals, state.round_penalties)]
    return [(-total,) for total in state.totals]


def penalties_taken(state: HectoedraState) -> int:
    """The penalty cards taken in the match: the standing moves with them alone (a round's end adds
    the round's to the totals, a deal starts the next at none: the same figures)."""
    return state._counts["penalties"]


@lru_cache(maxsize=1024)
def _follows(top: int | None) -> dict[int, bool]:
    """For one top card, whether each card value follows it (filled as values are asked: the
    legality of a pair never changes)."""
    return {}


def legal_count(state: HectoedraState) -> int:
    """len(state.legal_actions()) without listing them: the cards that follow the top card, or, with
    none (or when a player may always take a penalty), those and every card as a penalty."""
    hand = state.hands[state.seat]
    top = state.pile[-1] if state.pile else None
    known = _follows(top)
    plays = 0
    for c in hand:
        ok = known.get(c)
        if ok is None:
            ok = known[c] = rules.is_legal(c, top)
        plays += ok
    return plays if plays and state.variant.must_play else plays + len(hand)


def counted_heuristic(state: HectoedraState, rng: random.Random) -> tuple[int, int]:
    actions = state.legal_actions()
    return heuristic_choice(state, actions, rng), len(actions)


def world(state: HectoedraState, rng: random.Random) -> HectoedraState:
    w = copy_position(state)
    redeal([w.draw, w.box], rng)
    w.box.sort()
    return w


DESIGN = Design(
    standing=standing,
    standing_words=N_("fewer penalty cards"),
    one_way=True,  # penalty cards only grow
    moved=penalties_taken,
    rounds=attrgetter("round_no"),  # the trace asks at every chance step: no Python call
    rounds_dealt=True,  # each round is dealt: its end is read at the deal
    legal_count=legal_count,
    counted={"heuristic": counted_heuristic},
    world=world,
    games=400,
    evaluated_games=80,
    decisions=2,
    rollouts=8,
    skill_games=200,
)
