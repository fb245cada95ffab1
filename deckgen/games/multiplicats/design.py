"""Multipli Cat's for the design measures (``Engine.design``). The public standing is fewer cards
still to shed (face down and face up), a player who went out ranked by when; a rotation is one turn
of every pile; nobody waits for a turn in a speed game, so waiting is the longest run of cards turned
up with no chance to slap. The game has no choices: no evaluator, and its skill share compares the
player 20% faster with the deck's average player (skill.py's profiles). Its games are traced by a
loop of its own (traced.py), as its plain simulation has a fast path."""

from __future__ import annotations

import random

from deckgen.analysis.measures.hooks import Design
from deckgen.analysis.measures.trace import Trace
from deckgen.i18n import N_

from deckgen.games.multiplicats.skill import AVERAGE, FASTER
from deckgen.games.multiplicats.state import REVEAL, MultiplicatsState
from deckgen.games.multiplicats.traced import traced_playout

NEVER = -(10**9)  # the rank of a player still in


def cards_left(state: MultiplicatsState, player: int) -> int:
    return sum(len(state.piles[p]) + len(state.up[p]) for p in state.piles_of[player])


def standing(state: MultiplicatsState) -> list[tuple[int, int]]:
    if state.infinite:
        return [(state.points[p], -cards_left(state, p)) for p in range(state.players)]
    # cards_left of every player at once (the trace asks at every rotation: a pass over the piles)
    out = state.out_turn
    if state.n == state.players:  # a pile each
        if not out:  # nobody out yet: most of a game
            return [(-len(a) - len(b), NEVER) for a, b in zip(state.piles, state.up)]
        return [(-len(a) - len(b), -out[p] if p in out else NEVER) for p, a, b in zip(range(state.players), state.piles, state.up)]
    left = [-len(a) - len(b) for a, b in zip(state.piles, state.up)]
    return [(sum([left[q] for q in mine]), -out[p] if p in out else NEVER) for p, mine in enumerate(state.piles_of)]


def counted_turn(state: MultiplicatsState, rng: random.Random) -> tuple[int, int]:
    """The engine's player (engine.random_policy) with its count: a decision is always to turn up a
    card, its one legal action, which that player takes after drawing one random number."""
    rng.random()
    return REVEAL, 1


def margin(state: MultiplicatsState) -> float | None:
    """With two players out or more: the turns between the first and the second going out, in turns
    of the second (its share of the piles); otherwise None (the cards left, over a turn's progress)."""
    if state.infinite or len(state.out) < 2:
        return None
    first, second = sorted(state.out_turn.values())[:2]
    runner = min((p for p in state.out if state.out_turn[p] == second), default=state.out[1])
    return (second - first) * len(state.piles_of[runner]) / state.n


def playout(state: MultiplicatsState, rng: random.Random, policy: str, max_steps: int) -> Trace | None:
    """The game's own traced loop (traced.py), as fast as the plain simulation's."""
    return traced_playout(state, rng, policy, max_steps, DESIGN)


DESIGN = Design(
    standing=standing,
    standing_words=N_("fewer cards still to shed"),
    rotation=lambda state: state.n,
    legal_count=lambda state: 1,  # a decision is always to turn up a card
    counted={"heuristic": counted_turn, "random": counted_turn},
    open_moments=lambda state: state.tally["chances"],
    margin=margin,
    playout=playout,
    skilled=FASTER,
    unskilled=AVERAGE,
    skilled_words=N_("20% faster"),
    unskilled_words=N_("average"),
    games=400,
    evaluated_games=0,
    skill_games=200,
)
