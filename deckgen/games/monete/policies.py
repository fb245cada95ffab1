"""The heuristic Monete player: empties the hand fast, closes rounds, keeps comodines and 1/TOP cards
for closing, aims action cards at the rival closest to winning and gives away its least useful cards.
(The random player is ``deckgen.engine.game.random_policy``.)"""

from __future__ import annotations

import random

from deckgen.games.monete.cards import (
    DESCARTE,
    ESPIAR,
    MALDICION,
    REGALITO,
    REPITE_TURNO,
    TE_LA_CAMBIO,
    TOMA_2,
    TOMA_3,
)
from deckgen.games.monete.rules import closes, fits
from deckgen.games.monete.state import DISCARD, GIVE, MARKERS, PLAY, TAKE, TARGET, MoneteState

# How much the heuristic likes ending its play with each action (0 for the rest).
ACTION_WORTH = {TOMA_3: 3.0, TOMA_2: 2.5, REPITE_TURNO: 3.0, MALDICION: 2.0, REGALITO: 2.0, DESCARTE: 1.0, ESPIAR: 1.5, TE_LA_CAMBIO: 1.0}


def card_worth(state: MoneteState, card: int) -> float:
    """How much a card is worth keeping: comodines most, then the cards that close a round."""
    t = state.table
    if t.wild[card]:
        return 10.0
    v = t.value[card]
    if v == 1 or v == state.rules.top:
        return 6.0
    if t.action[card]:
        return 2.0 + ACTION_WORTH.get(t.action[card], 0.0)
    return 0.0


# card_worth of every card of the last few card tables played (a table is coded once per deck, see
# engine._table, and a game's plays ask the worth of their cards at every step). Keyed by the table's
# identity, the entry holding the table (no other can take its id while it is kept) and the top
# number the worth depends on. A cache only: the same table and top always give the same worths.
_WORTHS: dict[int, tuple[object, int, tuple[float, ...]]] = {}


def card_worths(state: MoneteState) -> tuple[float, ...]:
    """``card_worth`` of every card id of the state's table."""
    table, top = state.table, state.rules.top
    hit = _WORTHS.get(id(table))
    if hit is None or hit[0] is not table or hit[1] != top:
        if len(_WORTHS) >= 8:
            _WORTHS.clear()
        hit = _WORTHS[id(table)] = (table, top, tuple(card_worth(state, c) for c in range(len(table.value))))
    return hit[2]


def _playable_after(state: MoneteState, hand, tv: int, tc: int, up: bool, same) -> int:
    """How many cards of ``hand`` could follow a top (tv, tc) under these markers."""
    t, rule = state.table, state.rules.rule
    n = 0
    for c in hand:
        if t.wild[c] or t.value[c] == tv or fits(t.value[c], t.colour[c], tv, tc, up, same, rule):
            n += 1
    return n


def heuristic_policy(state: MoneteState, rng: random.Random) -> int:
    return heuristic_choice(state, state.moves(), rng)


def heuristic_choice(state: MoneteState, moves: list, rng: random.Random) -> int:
    """The heuristic's choice among ``moves``, the position's moves (its legal actions are their indices)."""
    if len(moves) == 1:
        return 0
    phase = state.phase
    if phase == PLAY:
        return _best_play(state, moves, rng)
    if phase == MARKERS:
        hand = state.hands[state.player]
        scores = [_playable_after(state, hand, state.top_value, state.top_colour, up, same) + 0.01 * rng.random() for up, same in moves]
        return max(range(len(moves)), key=scores.__getitem__)
    if phase == TARGET:
        sizes = [len(state.hands[q]) + 0.01 * rng.random() for q in moves]
        return min(range(len(moves)), key=sizes.__getitem__)
    if phase == TAKE:
        return max(range(len(moves)), key=lambda i: card_worth(state, moves[i]))
    if phase in (GIVE, DISCARD):
        return min(range(len(moves)), key=lambda i: card_worth(state, moves[i]))
    return int(rng.random() * len(moves))  # pragma: no cover - no other decisions exist


def _best_play(state: MoneteState, moves, rng: random.Random) -> int:
    p = state.player
    hand = state.hands[p]
    sit = state.situation()
    t, rules = state.table, state.rules
    worth = card_worths(state)
    best, best_score = 0, float("-inf")
    for i, move in enumerate(moves):
        cards, values, _ = move
        k = len(cards)
        if k == len(hand):
            return i  # the last cards: a win
        score = 4.0 * k
        if closes(rules, sit, move):
            score += 6.0
        else:
            score -= sum(map(worth.__getitem__, cards)) * 0.8
            if not sit.opening:
                # keep room: under + play low, under − play high
                gap = values[-1] - sit.top_value
                score -= 0.15 * (gap if sit.up else -gap)
        score += ACTION_WORTH.get(t.action[cards[-1]], 0.0)
        score += 0.01 * rng.random()
        if score > best_score:
            best, best_score = i, score
    return best
