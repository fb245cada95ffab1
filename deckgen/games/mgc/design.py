"""MGC for the design measures (``Engine.design``): the public standing (the match score, then fewer
cards in hand), round ends, and the evaluator's copy of the true position.

The evaluator's world is the round in play (as the skill ladder's searching players judge a move:
hidden.round_setup), every hand as it is; the draw pile's order needs no shuffle, a draw takes a card
at random from it. A match is a generator paused inside its rules, so only a decision to play or draw
can be copied (hidden.py).
"""

from __future__ import annotations

import random
from operator import attrgetter

from deckgen.analysis.measures.hooks import Design
from deckgen.i18n import N_

from deckgen.games.mgc.cards import Legal
from deckgen.games.mgc.hidden import _paused_at_play
from deckgen.games.mgc.policies import heuristic_choice
from deckgen.games.mgc.state import CHOOSE, DRAWN, PLAY, MgcState


def standing(state: MgcState) -> list[tuple[int, int]]:
    return [(score, -hand.bit_count()) for score, hand in zip(state.scores, state.hands)]


def legal_count(state: MgcState) -> int:
    """len(state.legal_actions()) without listing them (state.py's legal_actions, counted)."""
    phase, k = state.phase, state.k
    if phase == PLAY:
        n = (state.hands[state.seat] & k.tables.masks[state.cons]).bit_count()
        return n + 1 if not n or k.variant.draw_freely else n
    if phase == DRAWN:
        return 2
    if phase == CHOOSE:
        lo, hi = k.choice_range(state.choosing)
        return hi - lo
    return 0


def counted_heuristic(state: MgcState, rng: random.Random) -> tuple[int, int]:
    actions = state.legal_actions()
    if actions.__class__ is Legal:  # a decision to play or draw: its count read, not asked of Legal.__len__ (a call in Python)
        return heuristic_choice(state, actions, rng), actions.count + len(actions.tail)
    return heuristic_choice(state, actions, rng), len(actions)


def evaluable(state: MgcState) -> bool:
    return state.phase == PLAY


def world(state: MgcState, rng: random.Random) -> MgcState | None:
    """The round in play from this decision, every hand and the draw pile as they are."""
    if state.phase != PLAY:
        return None
    w = _paused_at_play(state)
    w.hands[:] = state.hands
    w.pile[:] = state.pile
    w.top, w.cons, w.seat, w.dir = state.top, state.cons, state.seat, state.dir
    w.scores[:] = state.scores
    w.dealer, w.round_starter, w.last_winner = state.dealer, state.round_starter, state.last_winner
    w.rounds, w.played, w.recycled = state.rounds, state.played, state.recycled
    return w


DESIGN = Design(
    standing=standing,
    standing_words=N_("match score, then fewer cards in hand"),
    one_way=True,  # a match score only rises
    rounds=attrgetter("rounds"),  # the trace asks at every chance step: no Python call
    rounds_dealt=True,  # each round is dealt: its end is read at the deal
    legal_count=legal_count,
    counted={"heuristic": counted_heuristic},
    world=world,
    evaluable=evaluable,
    world_words=N_("the end of the round in play"),
    games=400,
    evaluated_games=80,
    decisions=2,
    rollouts=8,
    skill_games=200,
)
