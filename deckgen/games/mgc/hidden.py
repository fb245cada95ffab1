"""What an MGC player cannot see, dealt again for a searching player (``Skill.sample_hidden``).

Hidden from ``seat``: the other hands and the draw pile. Seen: its own hand, the discard pile (every
card not in a hand or the draw pile; its top card and the constraint in force), every hand's size,
the scores, the seat to play and the direction; and (``sample_seen``) every draw an opponent took
for want of a legal card this round.

A match is a generator paused inside its rules (state.py), which cannot be copied; a sample is a
new match paused at its first decision to play or draw, with the position written into it (the
generator reads the hands, piles, constraint, seat and direction back at that pause). So only the
play-or-draw decision can be searched; the other two (play a drawn card at once, name a value for
an Elección card) return None and are left to the heuristic.
"""

from __future__ import annotations

import dataclasses
import random

from deckgen.games.mgc.cards import cards_of
from deckgen.games.mgc.state import PLAY, MgcState, Setup


def round_setup(setup: Setup) -> Setup:
    """The same deck, players and rules, with the match ending at the end of the round: a searched
    world is the round in play (its rollouts end with it), whatever the match's target. One round
    is what a searching player judges its move by, and it keeps a rollout cheap in a long match."""
    if setup.variant.target_score <= 1:
        return setup
    return Setup(setup.tables, setup.players, dataclasses.replace(setup.variant, target_score=1))


def _paused_at_play(state: MgcState) -> MgcState:
    """A new one-round match with the same setup, paused at a decision to play or draw (its first
    deal is overwritten; the deal seeds are fixed, so nothing here depends on the position)."""
    k = 0
    setup = round_setup(state.k)
    while True:
        fresh = MgcState(setup, random.Random(k))
        if fresh.phase == PLAY:
            return fresh
        k += 1


def sample_hidden(state: MgcState, seat: int, rng: random.Random) -> MgcState | None:
    if state.phase != PLAY or state.seat != seat:
        return None
    world = _paused_at_play(state)
    others = [s for s in range(state.n) if s != seat]
    pool = cards_of(sum(state.hands[s] for s in others))  # hands are disjoint masks
    pool += sorted(state.pile)  # sorted: the draw pile's order is not read
    pool.sort()
    rng.shuffle(pool)
    world.hands[seat] = state.hands[seat]
    i = 0
    for s in others:
        n = state.hands[s].bit_count()
        mask = 0
        for c in pool[i : i + n]:
            mask |= 1 << c
        world.hands[s] = mask
        i += n
    world.pile[:] = pool[i:]
    world.top, world.cons, world.seat, world.dir = state.top, state.cons, state.seat, state.dir
    world.scores[:] = state.scores
    world.dealer, world.round_starter, world.last_winner = state.dealer, state.round_starter, state.last_winner
    world.rounds, world.played, world.recycled = state.rounds, state.played, state.recycled
    return world


TRIES = 64  # worlds dealt to find one consistent with what the seat has seen


def _misfits(world: MgcState, state: MgcState, voids) -> int:
    """For each draw an opponent took this round with no legal card: of its hand now, the cards held
    then (its size then, less the cards it played since) follow none of that constraint; each card
    short of that counts one."""
    masks = state.k.tables.masks
    bad = 0
    for s, cons, size, plays, _ in voids:
        need = size - (state.plays[s] - plays)
        unlinked = (world.hands[s] & ~masks[cons]).bit_count()
        bad += max(0, need - unlinked)
    return bad


def sample_seen(state: MgcState, seat: int, rng: random.Random) -> MgcState | None:
    """A world consistent with everything ``seat`` has seen: sample_hidden's deal, kept only when
    every opponent who drew this round for want of a legal card holds, of the cards it held then,
    none that was legal then. Dealt up to TRIES times; failing that, the world that misses by the
    fewest cards. Reads only public facts (draws, the constraint then, hand sizes, plays)."""
    voids = [v for v in state.voids if v[0] != seat and v[4] == state.rounds]
    best, fewest = None, None
    for _ in range(TRIES if voids else 1):
        world = sample_hidden(state, seat, rng)
        if world is None:
            return None
        bad = _misfits(world, state, voids)
        if not bad:
            return world
        if fewest is None or bad < fewest:
            best, fewest = world, bad
    return best
