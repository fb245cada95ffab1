"""A determinized Monte Carlo player for any game on the State protocol.

For each move it searches, the player spends a budget of ``rollouts``: each rollout deals the cards
it cannot see again (the game's ``sample_hidden``: a fresh, independent copy of the position that
agrees with everything the seat can see), plays one of its legal actions on that copy, and plays
the game on to its end by uniformly random moves. Actions are tried in turn (flat Monte Carlo with
UCB1 allocation after one rollout each); the action with the best mean result is chosen.

The player never looks at a hidden card: everything it reads from the position goes through
``sample_hidden``, which rebuilds the hidden part from the rng alone. Decisions the game cannot
determinize (``sample_hidden`` returns None) are left to the fallback policy (the heuristic).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Callable, Sequence

from deckgen.engine.game import Policy
from deckgen.engine.state import CHANCE, State

Sampler = Callable[[State, int, random.Random], "State | None"]
UCB_C = 0.7  # exploration constant of the allocation (results are win shares in [0, 1])


def random_rollout(state: State, seat: int, rng: random.Random, max_steps: int, value: Callable[[State, int], float] | None = None) -> float:
    """Play ``state`` to its end with uniformly random moves; ``seat``'s share of the win.
    A state offering the fast path (``playout``, see engine/state.py) plays itself."""
    fast = getattr(state, "playout", None)
    if fast is not None and "random" in getattr(state, "playout_policies", ()):
        fast(rng, "random", max_steps)
    else:
        steps = 0
        while not state.is_terminal() and steps < max_steps:
            if state.current_player() == CHANCE:
                state.chance(rng)
            else:
                actions = state.legal_actions()
                state.apply_action(actions[int(rng.random() * len(actions))])
            steps += 1
    if not state.is_terminal():
        return 0.0
    return value(state, seat) if value is not None else float(state.returns()[seat])


@dataclass(frozen=True)
class MonteCarloPlayer:
    """A policy (``player(state, rng) -> action``) of strength ``rollouts`` per move."""

    sample_hidden: Sampler
    rollouts: int
    fallback: Policy
    max_steps: int = 100_000
    value: Callable[[State, int], float] | None = None  # a finished rollout's worth (default: the win share)

    def values(self, state: State, rng: random.Random) -> dict[int, float] | None:
        """The mean rollout result of every legal action, or None when the decision cannot be
        searched. Uses only ``rng`` and what ``sample_hidden`` lets the seat see."""
        actions = list(state.legal_actions())
        seat = state.current_player()
        k = len(actions)
        total = [0.0] * k
        tries = [0] * k
        for i in range(max(self.rollouts, k)):
            if i < k:
                a = i
            else:  # UCB1: the best mean plus a bonus for actions tried less often
                log_n = math.log(i)
                a = max(range(k), key=lambda j: total[j] / tries[j] + UCB_C * math.sqrt(log_n / tries[j]))
            world = self.sample_hidden(state, seat, rng)
            if world is None:
                return None
            world.apply_action(actions[a])
            total[a] += random_rollout(world, seat, rng, self.max_steps, self.value)
            tries[a] += 1
        return {actions[j]: total[j] / tries[j] for j in range(k)}

    def __call__(self, state: State, rng: random.Random) -> int:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        values = self.values(state, rng)
        if values is None:
            return self.fallback(state, rng)
        best = max(values.values())
        return next(a for a in actions if values[a] == best)  # ties: the first in the game's order


def strength_name(rollouts: int) -> str:
    return f"mc{rollouts}"


def levels(rollouts: Sequence[int]) -> list[str]:
    """The ladder's level names: random, heuristic, then one Monte Carlo level per budget."""
    return ["random", "heuristic", *(strength_name(r) for r in rollouts)]
