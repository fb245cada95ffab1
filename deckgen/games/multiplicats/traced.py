"""Multipli Cat's traced by its own loop (``Design.playout``, analysis/measures/hooks.py): the trace
the shared loop (analysis/measures/trace.play_traced) gives, at the speed of the plain simulation's
fast path (:meth:`MultiplicatsState.playout`).

The shared loop, read for this game: a decision is always to turn up a card, its one legal action
(one random number, as the engine's player draws), so every turn is passive and no decision is real;
a turn begins when the pile to turn up belongs to another player than the last decision's; the
standing is sampled when play starts and then every rotation (``state.n`` turns), one sample kept
per run of equal standings and every moment counted (trace.py); there are no rounds; an open moment is a chance to slap (``tally["chances"]``), counted before each decision.
tests/multiplicats/test_traced.py proves both loops give equal traces.
"""

from __future__ import annotations

import random
from collections import Counter

from deckgen.analysis.measures.hooks import Design
from deckgen.analysis.measures.trace import Sample, Trace, closed

from deckgen.games.multiplicats.state import _OVER, _REACT, REVEAL, MultiplicatsState


def traced_playout(state: MultiplicatsState, rng: random.Random, policy: str, max_steps: int, design: Design) -> Trace | None:
    """Play on to the end (or ``max_steps`` steps) as the state's ``playout`` does, traced as
    play_traced traces it with ``design`` (the game's, design.py); None for a policy the state
    cannot play by itself."""
    if policy not in state.playout_policies:
        return None
    players = state.players
    t = Trace(players)
    standing = design.standing
    append = t.samples.append
    order = t.order
    first_turn = [-1] * players
    last_turn = [-1] * players
    waits = [0] * players
    owner, tally, rotation = state.owner, state.tally, state.n
    chance, reveal, draw = state.chance, state.apply_action, rng.random
    seat_now = -99
    turns = 0
    gap_max = -1  # the longest gap between two turns of a seat (its wait + 1)
    moments: list[int] = []  # at each decision, the open moments so far (chances to slap)
    moment = moments.append
    next_sample = 0
    sampled = 0  # the sampling moments
    last_now: object = None  # the standing at the last one, and its clock
    last_clock = -1
    step = 0
    while step < max_steps:
        phase = state.phase
        if phase == _REACT:
            chance(rng)
            step += 1
            continue
        if phase == _OVER:
            break
        draw()  # the player's choice among its one legal action
        seat = owner[state.turn]
        if seat != seat_now:  # a turn begins
            seat_now = seat
            last = last_turn[seat]
            if last >= 0:
                waits[seat] += 1
                if turns - last > gap_max:
                    gap_max = turns - last
            else:
                order.append(seat)
                first_turn[seat] = turns
            last_turn[seat] = turns
            if turns >= next_sample:  # the clock moved on a rotation since the last sample: a new one
                now, last_clock = standing(state), tally["turns"]
                if now != last_now:  # one sample per run of equal standings (trace.py)
                    append(Sample(last_clock, now))
                    last_now = now
                sampled += 1
                next_sample = turns + rotation
            turns += 1
        moment(tally["chances"])
        reveal(REVEAL)
        step += 1
    # a seat's waits sum to the turns between its first and last, less its own turns among them
    waited = [last - first - w if first >= 0 else 0 for first, last, w in zip(first_turn, last_turn, waits)]
    # the open moments only grow: the decisions between two of them (a quiet run) hold one count
    quiet_max = max(Counter(moments).values()) if moments else -1
    t.sampled, t.sample_clock = sampled, last_clock
    # every turn is passive (one legal action at each decision), no decision is real
    return closed(t, state, design, step, turns, turns, 0, 0, (0, 0, 0), waited, waits, gap_max - 1 if gap_max > 0 else -1, quiet_max)
